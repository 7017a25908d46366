/* spmv: y = A x for a 14400 x 14400 sparse matrix in CSR with 1 to 8 entries per row (uneven
   row lengths, so warps diverge) in columns within 16 of the diagonal (wrapping; a banded
   matrix as from a discretised PDE: gathers from x that mostly hit the cache). Each row is the
   same ordered sum on every device: compared exactly. */
#include <stdlib.h>

#include "../common/bench.h"

enum { ROWS = 14400, MAX_PER_ROW = 8, BAND = 16, LOCAL = 64 };

typedef struct {
    cl_uint row_ptr[ROWS + 1];
    cl_uint cols[ROWS * MAX_PER_ROW];
    float vals[ROWS * MAX_PER_ROW];
    float x[ROWS];
    cl_uint nnz;
} inputs;

static void run(bench_device *dev, bench_output *outs, void *ctx) {
    inputs *in = ctx;
    cl_mem row_ptr = bench_buffer(dev, sizeof in->row_ptr, in->row_ptr);
    cl_mem cols = bench_buffer(dev, in->nnz * 4, in->cols);
    cl_mem vals = bench_buffer(dev, in->nnz * 4, in->vals);
    cl_mem x = bench_buffer(dev, sizeof in->x, in->x);
    cl_mem y = bench_buffer(dev, ROWS * 4, NULL);
    cl_kernel k = bench_kernel(dev, "spmv_csr");
    cl_uint rows = ROWS;
    BENCH_ARG(dev, k, 0, row_ptr);
    BENCH_ARG(dev, k, 1, cols);
    BENCH_ARG(dev, k, 2, vals);
    BENCH_ARG(dev, k, 3, x);
    BENCH_ARG(dev, k, 4, y);
    BENCH_ARG(dev, k, 5, rows);
    bench_launch1(dev, k, (ROWS + LOCAL - 1) / LOCAL * LOCAL, LOCAL);
    bench_read(dev, y, ROWS * 4, outs[0].data);
    clReleaseKernel(k);
    clReleaseMemObject(row_ptr);
    clReleaseMemObject(cols);
    clReleaseMemObject(vals);
    clReleaseMemObject(x);
    clReleaseMemObject(y);
}

static void reference(bench_output *outs, void *ctx) {
    inputs *in = ctx;
    float *y = outs[0].data;
    for (int r = 0; r < ROWS; ++r) {
        float sum = 0.0f;
        for (cl_uint e = in->row_ptr[r]; e < in->row_ptr[r + 1]; ++e)
            sum += in->vals[e] * in->x[in->cols[e]];
        y[r] = sum;
    }
}

int main(int argc, char **argv) {
    static inputs in;
    bench_seed(0x59a7);
    cl_uint e = 0;
    for (int r = 0; r < ROWS; ++r) {
        in.row_ptr[r] = e;
        cl_uint count = 1 + bench_randn(MAX_PER_ROW);
        for (cl_uint i = 0; i < count; ++i, ++e) {
            int col = r - BAND + (int)bench_randn(2 * BAND + 1);
            in.cols[e] = (cl_uint)(col < 0 ? col + ROWS : col >= ROWS ? col - ROWS : col);
            in.vals[e] = bench_randf(-2.0f, 2.0f);
        }
    }
    in.row_ptr[ROWS] = in.nnz = e;
    for (int i = 0; i < ROWS; ++i) in.x[i] = bench_randf(-1.0f, 1.0f);
    bench_output outs[] = {{"y", BENCH_F32, ROWS, 0, 0, 0, NULL}};
    bench_spec spec = {"spmv", BENCH_KERNEL_FILE, NULL, outs, 1, run, reference, &in};
    return bench_main(argc, argv, &spec);
}
