/* Helpers shared by the OpenCL host programs in sw/apps: error checks, reading the kernel
   file, and building a program with its build log shown on failure. */
#ifndef MVP_APP_UTIL_H
#define MVP_APP_UTIL_H

#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

/* The program's name in error messages (set by each main). */
extern const char *app_name;

/* Exits with status 1 and a message naming the call when it does not return CL_SUCCESS. */
#define CHECK(call)                                                                   \
    do {                                                                              \
        cl_int check_err_ = (call);                                                   \
        if (check_err_ != CL_SUCCESS) {                                               \
            fprintf(stderr, "%s: %s failed: %d\n", app_name, #call, (int)check_err_); \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

/* The whole file as a NUL-terminated string; exits with status 2 if it cannot be read. */
char *app_read_file(const char *path);

/* The first GPU of the first platform, a context and an in-order queue on it. */
void app_open_device(cl_device_id *device, cl_context *context, cl_command_queue *queue);

/* Creates and builds a program from MVP assembly; on a build error prints the build log and
   exits with status 1. */
cl_program app_build_program(cl_context context, cl_device_id device, const char *source);

#endif
