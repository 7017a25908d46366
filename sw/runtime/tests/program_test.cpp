// Programs and kernels: build, build log, binaries, compile and link, kernel lookup and
// arguments.

#include <regex>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

const char kHelloPath[] = "sw/kernels/cl_hello/_cl_hello.s";

// A kernel that calls a function defined in another source file.
const char kCaller[] = R"(
	.text
	.globl	twice_all
	.type	twice_all,@function
twice_all:
	add.si	$sp, $sp, -16
	st.w	$ra, 12($sp)
	st.w	$4, 8($sp)
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	sfll.i	$2, $2, 2
	ld.w	$3, 8($sp)
	add	$2, $3, $2
	ld.w	$4, 0($2)
	jplnk	twice
	st.w	$4, 0($2)
	ld.w	$ra, 12($sp)
	add.si	$sp, $sp, 16
	jr	$ra
)";
const char kCallee[] = R"(
	.text
	.globl	twice
	.type	twice,@function
twice:
	add	$4, $4, $4
	jr	$ra
)";

cl_build_status build_status(cl_program program, cl_device_id device) {
    cl_build_status status = 0;
    EXPECT_EQ(clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_STATUS, sizeof status,
                                    &status, nullptr),
              CL_SUCCESS);
    return status;
}

using ProgramTest = ClTest;

TEST_F(ProgramTest, BuildErrorGivesTheAssemblerMessageAsLog) {
    const char* sources[] = {"\t.text\n\t.globl\tk\nk:\n\tfrobnicate\t$2, $3\n\tjr\t$ra\n"};
    cl_int err;
    cl_program program = clCreateProgramWithSource(context_, 1, sources, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(build_status(program, device_), CL_BUILD_NONE);
    EXPECT_EQ(clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr),
              CL_BUILD_PROGRAM_FAILURE);
    EXPECT_EQ(build_status(program, device_), CL_BUILD_ERROR);
    std::string log = build_log(program, device_);
    EXPECT_TRUE(std::regex_search(log, std::regex(R"(^source\.s:4:[0-9]+: error: )"))) << log;
    EXPECT_EQ(log.find('\n'), std::string::npos) << "one line: " << log;
    cl_kernel kernel = clCreateKernel(program, "k", &err);
    EXPECT_EQ(kernel, nullptr);
    EXPECT_EQ(err, CL_INVALID_PROGRAM_EXECUTABLE);
    EXPECT_EQ(clReleaseProgram(program), CL_SUCCESS);
}

// The strings of clCreateProgramWithSource are one source (OpenCL 1.2 section 5.6.1): lines
// run on from one string to the next, and a string may end in the middle of a line.
TEST_F(ProgramTest, StringsAreOneSource) {
    const char* bad[] = {"\t.text\n\t.globl\tk\nk:\n", "\tadd\t$2, $3\n"};
    cl_int err;
    cl_program program = clCreateProgramWithSource(context_, 2, bad, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clBuildProgram(program, 1, &device_, "", nullptr, nullptr), CL_BUILD_PROGRAM_FAILURE);
    std::string log = build_log(program, device_);
    EXPECT_TRUE(std::regex_search(log, std::regex(R"(^source\.s:4:[0-9]+: error: )"))) << log;
    EXPECT_EQ(clReleaseProgram(program), CL_SUCCESS);

    const char* parts[] = {"#define VALUE 4", "2\n__kernel void k(__global int* o) { o[0] = VA",
                           "LUE; }\n"};
    const size_t lengths[] = {0, 0, 6};
    program = clCreateProgramWithSource(context_, 3, parts, lengths, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    ASSERT_EQ(clBuildProgram(program, 1, &device_, "", nullptr, nullptr), CL_SUCCESS)
        << build_log(program, device_);
    cl_kernel k = kernel(program, "k");
    cl_mem m = buffer(sizeof(int));
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    size_t global = 1;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(read<int>(m, 1), std::vector<int>{42});
}

TEST_F(ProgramTest, UndefinedSymbolFailsTheBuild) {
    const char* sources[] = {"\t.text\n\t.globl\tk\nk:\n\tjplnk\tnowhere\n\tjr\t$ra\n"};
    cl_int err;
    cl_program program = clCreateProgramWithSource(context_, 1, sources, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr),
              CL_BUILD_PROGRAM_FAILURE);
    EXPECT_NE(build_log(program, device_).find("nowhere"), std::string::npos);
    EXPECT_EQ(clReleaseProgram(program), CL_SUCCESS);
}

TEST_F(ProgramTest, SourceArguments) {
    cl_int err;
    const char* none[] = {nullptr};
    EXPECT_EQ(clCreateProgramWithSource(context_, 0, none, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    EXPECT_EQ(clCreateProgramWithSource(context_, 1, none, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    EXPECT_EQ(clCreateProgramWithSource(context_, 1, nullptr, nullptr, nullptr), nullptr);
    const char* text[] = {"garbage that is cut off"};
    EXPECT_EQ(clCreateProgramWithSource(nullptr, 1, text, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_CONTEXT);
    // An explicit length keeps only that much of the string.
    std::string hello = read_text(kHelloPath) + "\n\tthis is not assembly\n";
    const char* strings[] = {hello.c_str()};
    size_t lengths[] = {hello.size() - std::string("\tthis is not assembly\n").size()};
    cl_program program = clCreateProgramWithSource(context_, 1, strings, lengths, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
    size_t source_size = 0;
    EXPECT_EQ(clGetProgramInfo(program, CL_PROGRAM_SOURCE, 0, nullptr, &source_size), CL_SUCCESS);
    EXPECT_EQ(source_size, lengths[0] + 1);
    EXPECT_EQ(clReleaseProgram(program), CL_SUCCESS);
}

TEST_F(ProgramTest, BuiltProgramInfoAndKernels) {
    cl_program program = build(read_text(kHelloPath));
    EXPECT_EQ(build_status(program, device_), CL_BUILD_SUCCESS);
    EXPECT_EQ(build_log(program, device_), "");
    size_t kernels = 0;
    EXPECT_EQ(clGetProgramInfo(program, CL_PROGRAM_NUM_KERNELS, sizeof kernels, &kernels, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(kernels, 1u);
    char names[256] = {};
    EXPECT_EQ(clGetProgramInfo(program, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, nullptr),
              CL_SUCCESS);
    EXPECT_STREQ(names, "square");

    cl_int err;
    EXPECT_EQ(clCreateKernel(program, "cube", &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_KERNEL_NAME);
    EXPECT_EQ(clCreateKernel(program, "cube", nullptr), nullptr);
    // The runtime library's functions are not kernels of the program.
    EXPECT_EQ(clCreateKernel(program, "_Z13get_global_idj", &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_KERNEL_NAME);
    EXPECT_EQ(clCreateKernel(program, nullptr, &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_VALUE);
    EXPECT_EQ(clCreateKernel(nullptr, "square", &err), nullptr);
    EXPECT_EQ(err, CL_INVALID_PROGRAM);

    cl_kernel k = kernel(program, "square");
    char name[32] = {};
    EXPECT_EQ(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, nullptr), CL_SUCCESS);
    EXPECT_STREQ(name, "square");
    cl_uint args = 0;
    EXPECT_EQ(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof args, &args, nullptr), CL_SUCCESS);
    EXPECT_EQ(args, 3u);  // square stores $4, $5 and $6 first thing
    cl_program owner = nullptr;
    EXPECT_EQ(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof owner, &owner, nullptr), CL_SUCCESS);
    EXPECT_EQ(owner, program);
    // A program with kernels cannot be rebuilt.
    EXPECT_EQ(clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr), CL_INVALID_OPERATION);

    cl_kernel all[2] = {};
    cl_uint count = 0;
    EXPECT_EQ(clCreateKernelsInProgram(program, 2, all, &count), CL_SUCCESS);
    EXPECT_EQ(count, 1u);
    EXPECT_EQ(clReleaseKernel(all[0]), CL_SUCCESS);
}

TEST_F(ProgramTest, KernelOutlivesItsProgramHandle) {
    cl_int err;
    std::string source = read_text(kHelloPath);
    const char* strings[] = {source.c_str()};
    cl_program program = clCreateProgramWithSource(context_, 1, strings, nullptr, &err);
    ASSERT_EQ(clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
    cl_kernel k = clCreateKernel(program, "square", &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clReleaseProgram(program), CL_SUCCESS);  // the kernel still holds it

    std::vector<float> in = {1.5f, -2.0f, 3.0f};
    cl_mem input = buffer(in.size() * sizeof(float), in.data());
    cl_mem output = buffer(in.size() * sizeof(float));
    cl_uint n = 3;
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof input, &input), CL_SUCCESS);
    EXPECT_EQ(clSetKernelArg(k, 1, sizeof output, &output), CL_SUCCESS);
    EXPECT_EQ(clSetKernelArg(k, 2, sizeof n, &n), CL_SUCCESS);
    size_t global = 3;
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(read<float>(output, 3), (std::vector<float>{2.25f, 4.0f, 9.0f}));
    EXPECT_EQ(clReleaseKernel(k), CL_SUCCESS);
    EXPECT_EQ(clReleaseProgram(program), CL_INVALID_PROGRAM);
}

TEST_F(ProgramTest, BinaryRoundTrip) {
    cl_program program = build(read_text(kHelloPath));
    size_t size = 0;
    ASSERT_EQ(clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr),
              CL_SUCCESS);
    ASSERT_GT(size, 0u);
    std::vector<unsigned char> binary(size);
    unsigned char* pointers[1] = {binary.data()};
    ASSERT_EQ(clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof pointers, pointers, nullptr),
              CL_SUCCESS);

    const unsigned char* binaries[1] = {binary.data()};
    cl_int status = 1;
    cl_int err;
    cl_program loaded =
        clCreateProgramWithBinary(context_, 1, &device_, &size, binaries, &status, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(status, CL_SUCCESS);
    ASSERT_EQ(clBuildProgram(loaded, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
    cl_kernel k = clCreateKernel(loaded, "square", &err);
    EXPECT_EQ(err, CL_SUCCESS);
    EXPECT_EQ(clReleaseKernel(k), CL_SUCCESS);
    EXPECT_EQ(clReleaseProgram(loaded), CL_SUCCESS);

    const unsigned char junk[] = "not a program";
    size_t junk_size = sizeof junk;
    const unsigned char* junk_binaries[1] = {junk};
    EXPECT_EQ(
        clCreateProgramWithBinary(context_, 1, &device_, &junk_size, junk_binaries, &status, &err),
        nullptr);
    EXPECT_EQ(err, CL_INVALID_BINARY);
    EXPECT_EQ(status, CL_INVALID_BINARY);
}

TEST_F(ProgramTest, CompileAndLinkAcrossPrograms) {
    cl_int err;
    const char* caller[] = {kCaller};
    const char* callee[] = {kCallee};
    cl_program a = clCreateProgramWithSource(context_, 1, caller, nullptr, &err);
    cl_program b = clCreateProgramWithSource(context_, 1, callee, nullptr, &err);
    ASSERT_EQ(clCompileProgram(a, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
              CL_SUCCESS);
    // Alone, the caller does not link: the log names the missing function.
    cl_program alone = clLinkProgram(context_, 0, nullptr, nullptr, 1, &a, nullptr, nullptr, &err);
    EXPECT_EQ(err, CL_LINK_PROGRAM_FAILURE);
    ASSERT_NE(alone, nullptr);
    EXPECT_NE(build_log(alone, device_).find("twice"), std::string::npos);
    EXPECT_EQ(clReleaseProgram(alone), CL_SUCCESS);

    ASSERT_EQ(clCompileProgram(b, 1, &device_, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
              CL_SUCCESS);
    cl_program inputs[] = {a, b};
    cl_program linked =
        clLinkProgram(context_, 0, nullptr, nullptr, 2, inputs, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_kernel k = clCreateKernel(linked, "twice_all", &err);
    ASSERT_EQ(err, CL_SUCCESS);
    std::vector<int> values = {1, 2, 3, -4, 50};
    cl_mem m = buffer(values.size() * sizeof(int), values.data());
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    size_t global = values.size();
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(read<int>(m, values.size()), (std::vector<int>{2, 4, 6, -8, 100}));
    EXPECT_EQ(clReleaseKernel(k), CL_SUCCESS);
    EXPECT_EQ(clReleaseProgram(linked), CL_SUCCESS);

    // A source that is not MVP assembly is OpenCL C, unless -x mvp-asm says otherwise.
    const char* broken[] = {"\tnot_an_instruction\n"};
    cl_program c = clCreateProgramWithSource(context_, 1, broken, nullptr, &err);
    EXPECT_EQ(clCompileProgram(c, 0, nullptr, nullptr, 0, nullptr, nullptr, nullptr, nullptr),
              CL_COMPILE_PROGRAM_FAILURE);
    EXPECT_TRUE(std::regex_search(build_log(c, device_), std::regex(R"(^source\.cl:1:2: error)")))
        << build_log(c, device_);
    EXPECT_EQ(clCompileProgram(c, 0, nullptr, "-x mvp-asm", 0, nullptr, nullptr, nullptr, nullptr),
              CL_COMPILE_PROGRAM_FAILURE);
    EXPECT_TRUE(std::regex_search(build_log(c, device_),
                                  std::regex(R"(^source\.s:1:2: error: unknown mnemonic)")))
        << build_log(c, device_);
    for (cl_program p : {a, b, c}) EXPECT_EQ(clReleaseProgram(p), CL_SUCCESS);
}

using KernelArgTest = ClTest;

TEST_F(KernelArgTest, ArgumentErrors) {
    cl_program program = build(read_text(kHelloPath));
    cl_kernel k = kernel(program, "square");
    cl_mem m = buffer(128);
    cl_uint n = 32;
    EXPECT_EQ(clSetKernelArg(k, 16, sizeof n, &n), CL_INVALID_ARG_INDEX);
    EXPECT_EQ(clSetKernelArg(k, 2, 2, &n), CL_INVALID_ARG_SIZE);
    EXPECT_EQ(clSetKernelArg(k, 2, 16, &n), CL_INVALID_ARG_SIZE);
    EXPECT_EQ(clSetKernelArg(k, 2, 0, nullptr), CL_INVALID_ARG_SIZE);
    cl_mem bogus = reinterpret_cast<cl_mem>(&n);
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof bogus, &bogus), CL_INVALID_MEM_OBJECT);
    EXPECT_EQ(clSetKernelArg(nullptr, 0, sizeof m, &m), CL_INVALID_KERNEL);

    size_t global = 32;
    // Nothing set yet: square reads three arguments.
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_INVALID_KERNEL_ARGS);
    EXPECT_EQ(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    EXPECT_EQ(clSetKernelArg(k, 2, sizeof n, &n), CL_SUCCESS);
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_INVALID_KERNEL_ARGS);
    EXPECT_EQ(clSetKernelArg(k, 1, sizeof m, &m), CL_SUCCESS);
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_SUCCESS);
    // A hole below the highest argument set is unset too.
    EXPECT_EQ(clSetKernelArg(k, 5, sizeof n, &n), CL_SUCCESS);
    EXPECT_EQ(clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, nullptr, 0, nullptr, nullptr),
              CL_INVALID_KERNEL_ARGS);
}

TEST_F(KernelArgTest, WorkGroupInfo) {
    cl_program program = build(read_text(kHelloPath));
    cl_kernel k = kernel(program, "square");
    size_t size = 0;
    EXPECT_EQ(clGetKernelWorkGroupInfo(k, device_, CL_KERNEL_WORK_GROUP_SIZE, sizeof size, &size,
                                       nullptr),
              CL_SUCCESS);
    EXPECT_EQ(size, 64u);
    size = 0;
    EXPECT_EQ(clGetKernelWorkGroupInfo(k, nullptr, CL_KERNEL_WORK_GROUP_SIZE, sizeof size, &size,
                                       nullptr),
              CL_SUCCESS);
    EXPECT_EQ(size, 64u);
    size_t compile[3] = {1, 1, 1};
    EXPECT_EQ(clGetKernelWorkGroupInfo(k, device_, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                       sizeof compile, compile, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(compile[0], 0u);
    EXPECT_EQ(clSetKernelArg(k, 3, 256, nullptr), CL_SUCCESS);
    cl_ulong local = 0;
    EXPECT_EQ(clGetKernelWorkGroupInfo(k, device_, CL_KERNEL_LOCAL_MEM_SIZE, sizeof local, &local,
                                       nullptr),
              CL_SUCCESS);
    EXPECT_EQ(local, 256u);
    cl_device_id bogus = reinterpret_cast<cl_device_id>(context_);
    EXPECT_EQ(
        clGetKernelWorkGroupInfo(k, bogus, CL_KERNEL_WORK_GROUP_SIZE, sizeof size, &size, nullptr),
        CL_INVALID_DEVICE);
    EXPECT_EQ(clGetKernelWorkGroupInfo(k, device_, CL_KERNEL_GLOBAL_WORK_SIZE, sizeof compile,
                                       compile, nullptr),
              CL_INVALID_VALUE);
}

}  // namespace
}  // namespace mvp::runtime::test
