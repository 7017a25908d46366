/* bfs: levels of a random directed graph of 4000 nodes (0 to 10 out-edges each; a node that
   cannot be reached keeps cost -1) from node 0, one expand and one update launch per level
   until no node changes. The costs (levels) do not depend on the order of the racing writes:
   compared exactly, and so is the number of levels. */
#include <stdlib.h>
#include <string.h>

#include "../common/bench.h"

enum { NODES = 4000, MAX_DEG = 10, LOCAL = 64 };

typedef struct {
    cl_uint row_ptr[NODES + 1];
    cl_uint edges[NODES * MAX_DEG];
    cl_uint num_edges;
} graph;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    graph *g = ctx;
    static cl_uchar mask[NODES], visited[NODES], zeros[NODES];
    static cl_int cost[NODES];
    memset(mask, 0, sizeof mask);
    memset(visited, 0, sizeof visited);
    for (int i = 0; i < NODES; ++i) cost[i] = -1;
    mask[0] = visited[0] = 1;
    cost[0] = 0;
    cl_mem row_ptr = bench_buffer(dev, sizeof g->row_ptr, g->row_ptr);
    cl_mem edges = bench_buffer(dev, g->num_edges * 4, g->edges);
    cl_mem mask_buf = bench_buffer(dev, sizeof mask, mask);
    cl_mem updating = bench_buffer(dev, sizeof zeros, zeros);
    cl_mem visited_buf = bench_buffer(dev, sizeof visited, visited);
    cl_mem cost_buf = bench_buffer(dev, sizeof cost, cost);
    cl_mem again_buf = bench_buffer(dev, 4, NULL);
    cl_kernel expand = bench_kernel(dev, "expand");
    cl_kernel update = bench_kernel(dev, "update");
    cl_uint nodes = NODES;
    BENCH_ARG(dev, expand, 0, row_ptr);
    BENCH_ARG(dev, expand, 1, edges);
    BENCH_ARG(dev, expand, 2, mask_buf);
    BENCH_ARG(dev, expand, 3, updating);
    BENCH_ARG(dev, expand, 4, visited_buf);
    BENCH_ARG(dev, expand, 5, cost_buf);
    BENCH_ARG(dev, expand, 6, nodes);
    BENCH_ARG(dev, update, 0, mask_buf);
    BENCH_ARG(dev, update, 1, updating);
    BENCH_ARG(dev, update, 2, visited_buf);
    BENCH_ARG(dev, update, 3, again_buf);
    BENCH_ARG(dev, update, 4, nodes);
    size_t global = (NODES + LOCAL - 1) / LOCAL * LOCAL;
    cl_uint levels = 0, again;
    do {
        again = 0;
        bench_write(dev, again_buf, 4, &again);
        bench_launch1(dev, expand, global, LOCAL);
        bench_launch1(dev, update, global, LOCAL);
        bench_read(dev, again_buf, 4, &again);
        ++levels;
    } while (again && levels <= NODES);
    bench_read(dev, cost_buf, sizeof cost, outs[0].data);
    *(cl_uint *)outs[1].data = levels;
    clReleaseKernel(expand);
    clReleaseKernel(update);
    clReleaseMemObject(row_ptr);
    clReleaseMemObject(edges);
    clReleaseMemObject(mask_buf);
    clReleaseMemObject(updating);
    clReleaseMemObject(visited_buf);
    clReleaseMemObject(cost_buf);
    clReleaseMemObject(again_buf);
}

static void reference(bench_output *outs, void *ctx) {
    graph *g = ctx;
    static cl_uint queue[NODES];
    cl_int *cost = outs[0].data;
    for (int i = 0; i < NODES; ++i) cost[i] = -1;
    cost[0] = 0;
    int head = 0, tail = 0, deepest = 0;
    queue[tail++] = 0;
    while (head < tail) {
        cl_uint v = queue[head++];
        if (cost[v] > deepest) deepest = cost[v];
        for (cl_uint e = g->row_ptr[v]; e < g->row_ptr[v + 1]; ++e) {
            cl_uint w = g->edges[e];
            if (cost[w] < 0) {
                cost[w] = cost[v] + 1;
                queue[tail++] = w;
            }
        }
    }
    /* One launch pair per level, and a last one that finds no new node. */
    *(cl_uint *)outs[1].data = (cl_uint)deepest + 1;
}

int main(int argc, char **argv) {
    static graph g;
    bench_seed(0xbf5);
    cl_uint e = 0;
    for (cl_uint v = 0; v < NODES; ++v) {
        g.row_ptr[v] = e;
        cl_uint deg = bench_randn(MAX_DEG + 1);
        for (cl_uint i = 0; i < deg; ++i) g.edges[e++] = bench_randn(NODES);
    }
    g.row_ptr[NODES] = g.num_edges = e;
    bench_output outs[] = {{"cost", BENCH_I32, NODES, 0, 0, 0, NULL},
                           {"levels", BENCH_U32, 1, 0, 0, 0, NULL}};
    bench_spec spec = {"bfs", BENCH_KERNEL_FILE, NULL, outs, 2, run, reference, &g};
    return bench_main(argc, argv, &spec);
}
