#include "cl_test_util.h"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace mvp::runtime::test {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << "cannot read " << path;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string build_dir() {
    const char* dir = std::getenv("MVP_BUILD_DIR");
    return dir != nullptr && *dir != '\0' ? dir : "build";
}

std::string app_path(const std::string& name) { return build_dir() + "/sw/apps/" + name; }

std::string build_log(cl_program program, cl_device_id device) {
    size_t size = 0;
    EXPECT_EQ(clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size),
              CL_SUCCESS);
    std::string log(size, '\0');
    EXPECT_EQ(
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr),
        CL_SUCCESS);
    return log.c_str();
}

void run_1d(cl_command_queue queue, cl_kernel kernel, size_t global, size_t local) {
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, local ? &local : nullptr,
                                     0, nullptr, nullptr),
              CL_SUCCESS);
    ASSERT_EQ(clFinish(queue), CL_SUCCESS);
}

CommandResult run_command(const std::string& command_line, bool with_stderr) {
    CommandResult result;
    std::string full = command_line + (with_stderr ? " 2>&1" : "");
    FILE* pipe = popen(full.c_str(), "r");
    if (pipe == nullptr) return result;
    char chunk[4096];
    size_t n;
    while ((n = std::fread(chunk, 1, sizeof chunk, pipe)) > 0) result.output.append(chunk, n);
    int status = pclose(pipe);
    result.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

void ClTest::SetUp() {
    ASSERT_EQ(clGetPlatformIDs(1, &platform_, nullptr), CL_SUCCESS);
    ASSERT_EQ(clGetDeviceIDs(platform_, CL_DEVICE_TYPE_GPU, 1, &device_, nullptr), CL_SUCCESS);
    cl_int err;
    context_ = clCreateContext(nullptr, 1, &device_, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    queue_ = clCreateCommandQueue(context_, device_, 0, &err);
    ASSERT_EQ(err, CL_SUCCESS);
}

void ClTest::TearDown() {
    for (cl_mem m : buffers_) EXPECT_EQ(clReleaseMemObject(m), CL_SUCCESS);
    for (cl_kernel k : kernels_) EXPECT_EQ(clReleaseKernel(k), CL_SUCCESS);
    for (cl_program p : programs_) EXPECT_EQ(clReleaseProgram(p), CL_SUCCESS);
    if (queue_ != nullptr) {
        EXPECT_EQ(clReleaseCommandQueue(queue_), CL_SUCCESS);
    }
    if (context_ != nullptr) {
        EXPECT_EQ(clReleaseContext(context_), CL_SUCCESS);
    }
}

cl_program ClTest::build(const std::vector<std::string>& sources) {
    std::vector<const char*> strings;
    for (const std::string& s : sources) strings.push_back(s.c_str());
    cl_int err;
    cl_program program = clCreateProgramWithSource(context_, static_cast<cl_uint>(strings.size()),
                                                   strings.data(), nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (program == nullptr) return nullptr;
    programs_.push_back(program);
    err = clBuildProgram(program, 1, &device_, nullptr, nullptr, nullptr);
    if (err != CL_SUCCESS) {
        char log[4096] = {};
        clGetProgramBuildInfo(program, device_, CL_PROGRAM_BUILD_LOG, sizeof log, log, nullptr);
        ADD_FAILURE() << "build failed (" << err << "): " << log;
    }
    return program;
}

cl_kernel ClTest::kernel(cl_program program, const char* name) {
    cl_int err;
    cl_kernel k = clCreateKernel(program, name, &err);
    EXPECT_EQ(err, CL_SUCCESS) << name;
    if (k != nullptr) kernels_.push_back(k);
    return k;
}

cl_mem ClTest::buffer(size_t bytes, const void* init) {
    cl_int err;
    cl_mem m = clCreateBuffer(context_, init != nullptr ? CL_MEM_COPY_HOST_PTR : 0, bytes,
                              const_cast<void*>(init), &err);
    EXPECT_EQ(err, CL_SUCCESS);
    if (m != nullptr) buffers_.push_back(m);
    return m;
}

}  // namespace mvp::runtime::test
