/* The shared harness of the benchmark suite (sw/bench/README.md). A program describes its
   outputs, a function that computes them with OpenCL on one device, and a C reference; the
   harness runs the kernels on the MVP platform and on POCL (both found by name through the ICD
   loader), compares MVP with the reference and with POCL, and prints one verdict line,
   `PASS name ...` or `FAIL name: ...`. Exit status: 0 pass, 1 mismatch or OpenCL error,
   2 bad command line.

   Options: --kernel FILE (the .cl source; default the program's own), --dump FILE (write the
   MVP outputs, raw little-endian words in output order), --expect FILE (compare the MVP outputs
   bit for bit with such a dump: golden model against timing model), --no-pocl. */
#ifndef MVP_BENCH_H
#define MVP_BENCH_H

#include <CL/cl.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { BENCH_U32, BENCH_I32, BENCH_F32 } bench_type;

/* One output array. Integers compare exactly. A float pair matches when both are NaN, when
   they are within `ulps` units in the last place, or within `abs_tol`, or within `rel_tol`
   times the larger magnitude (0 disables a bound). */
typedef struct {
    const char *name;
    bench_type type;
    size_t count;
    double ulps;
    double abs_tol;
    double rel_tol;
    void *data; /* count words, allocated by the harness */
} bench_output;

/* One OpenCL device with the program's kernels built for it. */
typedef struct {
    const char *label; /* "MVP" or "POCL" */
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
    int launches;
    double kernel_seconds; /* host seconds spent in launches, to completion */
} bench_device;

typedef struct {
    const char *name;
    const char *kernel_file;   /* default path of the .cl source */
    const char *build_options; /* NULL for none */
    bench_output *outputs;     /* name, type, count and tolerances; data is filled in */
    size_t num_outputs;
    /* Computes every output on `dev` (bench_read into outs[i].data). */
    void (*run)(bench_device *dev, bench_output *outs, void *ctx);
    /* Computes every output in C on the host. */
    void (*reference)(bench_output *outs, void *ctx);
    void *ctx;
} bench_spec;

int bench_main(int argc, char **argv, const bench_spec *spec);

/* Deterministic inputs: a xorshift generator, reset by bench_seed. */
void bench_seed(uint32_t seed);
uint32_t bench_rand(void);
/* Uniform in [lo, hi). */
float bench_randf(float lo, float hi);
/* Uniform in [0, n). */
uint32_t bench_randn(uint32_t n);

/* The reference of the sorting programs: `n` keys copied to `out`, sorted ascending. */
void bench_sorted_u32(const cl_uint *keys, size_t n, cl_uint *out);

/* Device helpers: each reports an OpenCL error as `FAIL name: LABEL: call returned E at
   file:line` and exits with status 1. */
void bench_check(bench_device *dev, cl_int err, const char *what, const char *file, int line);
#define BENCH_CHECK(dev, call) bench_check((dev), (call), #call, __FILE__, __LINE__)
cl_kernel bench_kernel(bench_device *dev, const char *name);
cl_mem bench_buffer(bench_device *dev, size_t bytes, const void *init);
void bench_write(bench_device *dev, cl_mem buf, size_t bytes, const void *src);
void bench_read(bench_device *dev, cl_mem buf, size_t bytes, void *dst);
void bench_arg(bench_device *dev, cl_kernel k, cl_uint index, size_t size, const void *value);
#define BENCH_ARG(dev, k, index, value) bench_arg((dev), (k), (index), sizeof(value), &(value))
#define BENCH_LOCAL(dev, k, index, bytes) bench_arg((dev), (k), (index), (bytes), NULL)
/* Runs the kernel to completion; local may be NULL. */
void bench_launch(bench_device *dev, cl_kernel k, cl_uint dims, const size_t *global,
                  const size_t *local);
void bench_launch1(bench_device *dev, cl_kernel k, size_t global, size_t local);

#endif
