/* The benchmark harness (bench.h): platform selection by name, program build with the log
   shown on failure, comparison of outputs, timing. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MVP_PLATFORM_NAME "MVP-TLM"
#define POCL_PLATFORM_NAME "Portable Computing Language"

static const char *bench_name = "bench";
static uint32_t rng_state = 1;

void bench_seed(uint32_t seed) { rng_state = seed != 0 ? seed : 1; }

uint32_t bench_rand(void) {
    uint32_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    rng_state = x;
    return x;
}

float bench_randf(float lo, float hi) {
    /* 24 random bits: exactly representable, so the value is the same on every host. */
    float unit = (float)(bench_rand() >> 8) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * unit;
}

uint32_t bench_randn(uint32_t n) { return (uint32_t)(((uint64_t)bench_rand() * n) >> 32); }

static int compare_keys(const void *a, const void *b) {
    cl_uint x = *(const cl_uint *)a, y = *(const cl_uint *)b;
    return (x > y) - (x < y);
}

void bench_sorted_u32(const cl_uint *keys, size_t n, cl_uint *out) {
    memcpy(out, keys, n * sizeof *out);
    qsort(out, n, sizeof *out, compare_keys);
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void fail_exit(void) {
    fflush(stdout);
    exit(1);
}

void bench_check(bench_device *dev, cl_int err, const char *what, const char *file, int line) {
    if (err == CL_SUCCESS) return;
    const char *base = strrchr(file, '/');
    printf("FAIL %s: %s: %s returned %d at %s:%d\n", bench_name, dev->label, what, (int)err,
           base ? base + 1 : file, line);
    fail_exit();
}

cl_kernel bench_kernel(bench_device *dev, const char *name) {
    cl_int err;
    cl_kernel k = clCreateKernel(dev->program, name, &err);
    bench_check(dev, err, name, __FILE__, __LINE__);
    return k;
}

cl_mem bench_buffer(bench_device *dev, size_t bytes, const void *init) {
    cl_int err;
    cl_mem_flags flags = CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0);
    cl_mem m = clCreateBuffer(dev->context, flags, bytes, (void *)init, &err);
    bench_check(dev, err, "clCreateBuffer", __FILE__, __LINE__);
    return m;
}

void bench_write(bench_device *dev, cl_mem buf, size_t bytes, const void *src) {
    BENCH_CHECK(dev, clEnqueueWriteBuffer(dev->queue, buf, CL_TRUE, 0, bytes, src, 0, NULL, NULL));
}

void bench_read(bench_device *dev, cl_mem buf, size_t bytes, void *dst) {
    BENCH_CHECK(dev, clEnqueueReadBuffer(dev->queue, buf, CL_TRUE, 0, bytes, dst, 0, NULL, NULL));
}

void bench_arg(bench_device *dev, cl_kernel k, cl_uint index, size_t size, const void *value) {
    cl_int err = clSetKernelArg(k, index, size, value);
    if (err != CL_SUCCESS) {
        printf("FAIL %s: %s: clSetKernelArg(%u) returned %d\n", bench_name, dev->label, index,
               (int)err);
        fail_exit();
    }
}

void bench_launch(bench_device *dev, cl_kernel k, cl_uint dims, const size_t *global,
                  const size_t *local) {
    double start = now_seconds();
    BENCH_CHECK(dev,
                clEnqueueNDRangeKernel(dev->queue, k, dims, NULL, global, local, 0, NULL, NULL));
    BENCH_CHECK(dev, clFinish(dev->queue));
    dev->kernel_seconds += now_seconds() - start;
    ++dev->launches;
}

void bench_launch1(bench_device *dev, cl_kernel k, size_t global, size_t local) {
    bench_launch(dev, k, 1, &global, &local);
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    size_t got = fread(text, 1, (size_t)size, f);
    text[got] = '\0';
    fclose(f);
    return text;
}

/* The platform whose CL_PLATFORM_NAME is `name`, or NULL. */
static cl_platform_id find_platform(const char *name) {
    cl_uint count = 0;
    if (clGetPlatformIDs(0, NULL, &count) != CL_SUCCESS || count == 0) return NULL;
    cl_platform_id *ids = malloc(count * sizeof *ids);
    cl_platform_id found = NULL;
    if (clGetPlatformIDs(count, ids, NULL) == CL_SUCCESS) {
        for (cl_uint i = 0; i < count && found == NULL; ++i) {
            char text[256] = "";
            if (clGetPlatformInfo(ids[i], CL_PLATFORM_NAME, sizeof text, text, NULL) ==
                    CL_SUCCESS &&
                strcmp(text, name) == 0)
                found = ids[i];
        }
    }
    free(ids);
    return found;
}

static void open_device(bench_device *dev, const char *label, cl_platform_id platform,
                        const char *source, const char *options) {
    memset(dev, 0, sizeof *dev);
    dev->label = label;
    dev->platform = platform;
    cl_int err;
    BENCH_CHECK(dev, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev->device, NULL));
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
    dev->context = clCreateContext(props, 1, &dev->device, NULL, NULL, &err);
    BENCH_CHECK(dev, err);
    dev->queue = clCreateCommandQueue(dev->context, dev->device, 0, &err);
    BENCH_CHECK(dev, err);
    dev->program = clCreateProgramWithSource(dev->context, 1, &source, NULL, &err);
    BENCH_CHECK(dev, err);
    err = clBuildProgram(dev->program, 1, &dev->device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t size = 0;
        clGetProgramBuildInfo(dev->program, dev->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
        char *log = malloc(size + 1);
        log[0] = '\0';
        clGetProgramBuildInfo(dev->program, dev->device, CL_PROGRAM_BUILD_LOG, size, log, NULL);
        log[size] = '\0';
        fprintf(stderr, "%s: %s build log:\n%s\n", bench_name, label, log);
        printf("FAIL %s: %s: clBuildProgram returned %d (build log above)\n", bench_name, label,
               (int)err);
        free(log);
        fail_exit();
    }
}

static void close_device(bench_device *dev) {
    clReleaseProgram(dev->program);
    clReleaseCommandQueue(dev->queue);
    clReleaseContext(dev->context);
}

/* Distance in units in the last place between two floats of the same sign; large otherwise. */
static double ulp_distance(float a, float b) {
    int32_t ia, ib;
    memcpy(&ia, &a, 4);
    memcpy(&ib, &b, 4);
    int64_t ka = ia < 0 ? (int64_t)INT32_MIN - ia : ia;
    int64_t kb = ib < 0 ? (int64_t)INT32_MIN - ib : ib;
    return (double)llabs(ka - kb);
}

static int float_match(const bench_output *o, float a, float b, double *ulps) {
    *ulps = 0;
    if (isnan(a) && isnan(b)) return 1;
    if (a == b) return 1;
    *ulps = ulp_distance(a, b);
    if (*ulps <= o->ulps) return 1;
    double diff = fabs((double)a - (double)b);
    if (o->abs_tol > 0 && diff <= o->abs_tol) return 1;
    double mag = fmax(fabs((double)a), fabs((double)b));
    if (o->rel_tol > 0 && diff <= o->rel_tol * mag) return 1;
    return 0;
}

static void format_value(char *buf, size_t size, bench_type type, const void *p) {
    uint32_t bits;
    memcpy(&bits, p, 4);
    if (type == BENCH_U32) {
        snprintf(buf, size, "%u", bits);
    } else if (type == BENCH_I32) {
        snprintf(buf, size, "%d", (int32_t)bits);
    } else {
        float f;
        memcpy(&f, p, 4);
        snprintf(buf, size, "%.9g (0x%08x)", f, bits);
    }
}

/* Compares `got` (from `got_label`) with `want`; prints the first mismatch as the verdict line
   and returns 0, or returns 1 and the largest float difference in ulps in *max_ulps. */
static int compare(const bench_output *got, const bench_output *want, const char *got_label,
                   const char *want_label, double *max_ulps) {
    for (size_t i = 0; i < got->count; ++i) {
        const uint32_t *g = (const uint32_t *)got->data + i;
        const uint32_t *w = (const uint32_t *)want->data + i;
        int ok;
        double ulps = 0;
        if (got->type == BENCH_F32) {
            float fg, fw;
            memcpy(&fg, g, 4);
            memcpy(&fw, w, 4);
            ok = float_match(got, fg, fw, &ulps);
            if (ok && ulps > *max_ulps) *max_ulps = ulps;
        } else {
            ok = *g == *w;
        }
        if (!ok) {
            char a[64], b[64];
            format_value(a, sizeof a, got->type, g);
            format_value(b, sizeof b, got->type, w);
            size_t bad = 0;
            for (size_t j = i; j < got->count; ++j) {
                const uint32_t *gj = (const uint32_t *)got->data + j;
                const uint32_t *wj = (const uint32_t *)want->data + j;
                if (got->type == BENCH_F32) {
                    float fg, fw;
                    double u;
                    memcpy(&fg, gj, 4);
                    memcpy(&fw, wj, 4);
                    bad += !float_match(got, fg, fw, &u);
                } else {
                    bad += *gj != *wj;
                }
            }
            printf("FAIL %s: %s[%zu] %s %s, %s %s", bench_name, got->name, i, got_label, a,
                   want_label, b);
            if (got->type == BENCH_F32) printf(" (%.0f ulps)", ulps);
            printf("; %zu of %zu differ\n", bad, got->count);
            return 0;
        }
    }
    return 1;
}

static bench_output *new_outputs(const bench_spec *spec) {
    bench_output *outs = malloc(spec->num_outputs * sizeof *outs);
    for (size_t i = 0; i < spec->num_outputs; ++i) {
        outs[i] = spec->outputs[i];
        outs[i].data = calloc(outs[i].count ? outs[i].count : 1, 4);
    }
    return outs;
}

static int run_on(const bench_spec *spec, bench_device *dev, const char *label,
                  cl_platform_id platform, const char *source, bench_output *outs) {
    double start = now_seconds();
    open_device(dev, label, platform, source, spec->build_options);
    spec->run(dev, outs, spec->ctx);
    close_device(dev);
    return (int)((now_seconds() - start) * 1000);
}

static int write_dump(const char *path, const bench_output *outs, size_t n) {
    FILE *f = fopen(path, "wb");
    if (f == NULL) return 0;
    int ok = 1;
    for (size_t i = 0; i < n; ++i) ok &= fwrite(outs[i].data, 4, outs[i].count, f) == outs[i].count;
    return fclose(f) == 0 && ok;
}

/* Compares the MVP outputs bit for bit with a dump; prints the verdict on a mismatch. */
static int check_dump(const char *path, const bench_output *outs, size_t n) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        printf("FAIL %s: cannot read --expect file %s\n", bench_name, path);
        return 0;
    }
    int ok = 1;
    for (size_t i = 0; i < n && ok; ++i) {
        for (size_t j = 0; j < outs[i].count; ++j) {
            uint32_t want;
            const uint32_t *got = (const uint32_t *)outs[i].data + j;
            if (fread(&want, 4, 1, f) != 1) {
                printf("FAIL %s: %s is shorter than the outputs (ends in %s[%zu])\n", bench_name,
                       path, outs[i].name, j);
                ok = 0;
                break;
            }
            if (want != *got) {
                char a[64], b[64];
                format_value(a, sizeof a, outs[i].type, got);
                format_value(b, sizeof b, outs[i].type, &want);
                printf("FAIL %s: %s[%zu] MVP %s, %s %s\n", bench_name, outs[i].name, j, a, path, b);
                ok = 0;
                break;
            }
        }
    }
    if (ok && fgetc(f) != EOF) {
        printf("FAIL %s: %s is longer than the outputs\n", bench_name, path);
        ok = 0;
    }
    fclose(f);
    return ok;
}

static void usage_error(const char *message, const char *arg) {
    fprintf(stderr, "%s: %s%s\n", bench_name, message, arg ? arg : "");
    fprintf(stderr, "usage: %s [--kernel FILE] [--dump FILE] [--expect FILE] [--no-pocl]\n",
            bench_name);
    exit(2);
}

int bench_main(int argc, char **argv, const bench_spec *spec) {
    bench_name = spec->name;
    const char *kernel_file = spec->kernel_file;
    const char *dump = NULL;
    const char *expect = NULL;
    int use_pocl = 1;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (strcmp(a, "--kernel") == 0 && has_value) {
            kernel_file = argv[++i];
        } else if (strcmp(a, "--dump") == 0 && has_value) {
            dump = argv[++i];
        } else if (strcmp(a, "--expect") == 0 && has_value) {
            expect = argv[++i];
        } else if (strcmp(a, "--no-pocl") == 0) {
            use_pocl = 0;
        } else if (strcmp(a, "--kernel") == 0 || strcmp(a, "--dump") == 0 ||
                   strcmp(a, "--expect") == 0) {
            usage_error("missing value after ", a);
        } else {
            usage_error("unknown argument ", a);
        }
    }
    char *source = read_file(kernel_file);
    if (source == NULL) {
        fprintf(stderr, "%s: cannot read kernel file %s\n", bench_name, kernel_file);
        return 2;
    }

    bench_output *ref = new_outputs(spec);
    bench_output *mvp = new_outputs(spec);
    bench_output *pocl = new_outputs(spec);
    spec->reference(ref, spec->ctx);

    cl_platform_id mvp_platform = find_platform(MVP_PLATFORM_NAME);
    if (mvp_platform == NULL) {
        printf(
            "FAIL %s: no OpenCL platform named '%s' (set OCL_ICD_VENDORS to the build's "
            "sw/runtime/icd)\n",
            bench_name, MVP_PLATFORM_NAME);
        return 1;
    }
    bench_device dev;
    int mvp_ms = run_on(spec, &dev, "MVP", mvp_platform, source, mvp);
    int launches = dev.launches;
    double mvp_kernel_s = dev.kernel_seconds;

    size_t values = 0;
    double ref_ulps = 0;
    for (size_t i = 0; i < spec->num_outputs; ++i) {
        values += mvp[i].count;
        if (!compare(&mvp[i], &ref[i], "MVP", "reference", &ref_ulps)) return 1;
    }
    if (dump != NULL && !write_dump(dump, mvp, spec->num_outputs)) {
        printf("FAIL %s: cannot write --dump file %s\n", bench_name, dump);
        return 1;
    }
    if (expect != NULL && !check_dump(expect, mvp, spec->num_outputs)) return 1;

    char pocl_note[96] = "POCL not used (--no-pocl)";
    if (use_pocl) {
        cl_platform_id pocl_platform = find_platform(POCL_PLATFORM_NAME);
        if (pocl_platform == NULL) {
            fprintf(stderr, "%s: POCL is not installed; compared with the C reference only\n",
                    bench_name);
            snprintf(pocl_note, sizeof pocl_note, "POCL absent");
        } else {
            run_on(spec, &dev, "POCL", pocl_platform, source, pocl);
            double pocl_ulps = 0;
            for (size_t i = 0; i < spec->num_outputs; ++i)
                if (!compare(&mvp[i], &pocl[i], "MVP", "POCL", &pocl_ulps)) return 1;
            if (pocl_ulps == 0)
                snprintf(pocl_note, sizeof pocl_note, "POCL exact");
            else
                snprintf(pocl_note, sizeof pocl_note, "POCL max %.0f ulp", pocl_ulps);
        }
    }
    printf(
        "PASS %s: %zu values, %d launches, %s, reference max %.0f ulp, MVP %.3f s "
        "(kernels %.3f s)%s\n",
        bench_name, values, launches, pocl_note, ref_ulps, mvp_ms / 1000.0, mvp_kernel_s,
        expect ? ", identical to --expect" : "");
    for (size_t i = 0; i < spec->num_outputs; ++i) {
        free(ref[i].data);
        free(mvp[i].data);
        free(pocl[i].data);
    }
    free(ref);
    free(mvp);
    free(pocl);
    free(source);
    return 0;
}
