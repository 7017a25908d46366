#pragma once

#include <CL/cl.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mvp::runtime::test {

// Reads a file of the repository (tests run with the repository root as working directory).
std::string read_text(const std::string& path);

// The build directory (MVP_BUILD_DIR, set by CTest) and the path of a built host program.
std::string build_dir();
std::string app_path(const std::string& name);

struct CommandResult {
    int exit_status = -1;
    std::string output;  // stdout, and stderr when requested
};
// Runs a shell command line and collects its output.
CommandResult run_command(const std::string& command_line, bool with_stderr = false);

// The build log of a program for a device.
std::string build_log(cl_program program, cl_device_id device);

// Enqueues a 1-D NDRange (local size 0: the runtime chooses) and waits for it; fails the test
// on an error.
void run_1d(cl_command_queue queue, cl_kernel kernel, size_t global, size_t local);

// A context and an in-order queue on the MVP device, released after each test.
class ClTest : public ::testing::Test {
  protected:
    void SetUp() override;
    void TearDown() override;

    // Builds a program from MVP assembly; fails the test with the build log on error.
    cl_program build(const std::vector<std::string>& sources);
    cl_program build(const std::string& source) { return build(std::vector<std::string>{source}); }
    // A kernel of a built program; fails the test when it does not exist.
    cl_kernel kernel(cl_program program, const char* name);
    // A buffer, optionally initialised from host memory.
    cl_mem buffer(size_t bytes, const void* init = nullptr);

    template <class T>
    std::vector<T> read(cl_mem buffer, size_t count) {
        std::vector<T> values(count);
        EXPECT_EQ(clEnqueueReadBuffer(queue_, buffer, CL_TRUE, 0, count * sizeof(T), values.data(),
                                      0, nullptr, nullptr),
                  CL_SUCCESS);
        return values;
    }

    cl_platform_id platform_ = nullptr;
    cl_device_id device_ = nullptr;
    cl_context context_ = nullptr;
    cl_command_queue queue_ = nullptr;

  private:
    std::vector<cl_program> programs_;
    std::vector<cl_kernel> kernels_;
    std::vector<cl_mem> buffers_;
};

// MVP assembly of a kernel `bad` that reads from an unmapped address (a kernel fault).
inline constexpr char kFault[] = R"(
	.text
	.globl	bad
	.type	bad,@function
bad:
	or.i	$3, $zero, 0x10000000
	ld.w	$2, 0($3)
	jr	$ra
)";

}  // namespace mvp::runtime::test
