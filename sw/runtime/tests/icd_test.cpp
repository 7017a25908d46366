// The runtime as an installable client driver. This binary links the Khronos ICD loader (the
// system's libOpenCL.so, not this tree's), which OCL_ICD_VENDORS points at the build's vendor
// directory: mvp.icd (libMvpOpenCL.so) and a copy of the system's pocl.icd when POCL is
// installed. Kernels run on the functional model (MVP_FUNCTIONAL=1).

#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <dlfcn.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

constexpr const char* kSystemPoclIcd = "/etc/OpenCL/vendors/pocl.icd";
constexpr const char* kMvpPlatformName = "MVP-TLM";
constexpr const char* kPoclPlatformName = "Portable Computing Language";

std::string vendors_dir() { return build_dir() + "/sw/runtime/icd"; }

bool file_exists(const std::string& path) { return std::ifstream(path).good(); }

// Set before the first OpenCL call, when the loader reads its vendor files.
class IcdEnvironment : public ::testing::Environment {
  public:
    void SetUp() override {
        setenv("OCL_ICD_VENDORS", vendors_dir().c_str(), 1);
        setenv("MVP_FUNCTIONAL", "1", 1);
    }
};
::testing::Environment* const kIcdEnvironment =
    ::testing::AddGlobalTestEnvironment(new IcdEnvironment);

std::vector<cl_platform_id> platforms() {
    cl_uint count = 0;
    EXPECT_EQ(clGetPlatformIDs(0, nullptr, &count), CL_SUCCESS);
    std::vector<cl_platform_id> ids(count);
    if (count > 0) {
        EXPECT_EQ(clGetPlatformIDs(count, ids.data(), nullptr), CL_SUCCESS);
    }
    return ids;
}

std::string platform_string(cl_platform_id platform, cl_platform_info param) {
    size_t size = 0;
    if (clGetPlatformInfo(platform, param, 0, nullptr, &size) != CL_SUCCESS) return "";
    std::string text(size, '\0');
    EXPECT_EQ(clGetPlatformInfo(platform, param, size, text.data(), nullptr), CL_SUCCESS);
    return text.c_str();
}

// The platform of that name, or nullptr.
cl_platform_id find_platform(const std::string& name) {
    for (cl_platform_id p : platforms())
        if (platform_string(p, CL_PLATFORM_NAME) == name) return p;
    return nullptr;
}

// The library mvp.icd names.
std::string icd_library() {
    std::string path = read_text(vendors_dir() + "/mvp.icd");
    while (!path.empty() && (path.back() == '\n' || path.back() == '\r')) path.pop_back();
    return path;
}

TEST(Icd, LinkedWithTheLoader) {
    // The loader's SONAME is libOpenCL.so.1 like this tree's direct library: make sure the
    // binary did not get the latter.
    Dl_info info = {};
    ASSERT_NE(dladdr(reinterpret_cast<void*>(&clGetPlatformIDs), &info), 0);
    ASSERT_NE(info.dli_fname, nullptr);
    EXPECT_EQ(std::string(info.dli_fname).find("sw/runtime"), std::string::npos) << info.dli_fname;
}

TEST(Icd, VendorFileNamesTheBuiltLibrary) {
    std::string path = icd_library();
    EXPECT_EQ(path.front(), '/') << path;
    EXPECT_NE(path.find("libMvpOpenCL.so"), std::string::npos) << path;
    EXPECT_TRUE(file_exists(path)) << path;
}

TEST(Icd, LibraryExportsOnlyTheLoaderEntryPoints) {
    void* library = dlopen(icd_library().c_str(), RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(library, nullptr) << dlerror();
    auto* get_address =
        reinterpret_cast<void* (*)(const char*)>(dlsym(library, "clGetExtensionFunctionAddress"));
    ASSERT_NE(get_address, nullptr);
    void* icd_entry = dlsym(library, "clIcdGetPlatformIDsKHR");
    EXPECT_NE(icd_entry, nullptr);
    EXPECT_EQ(get_address("clIcdGetPlatformIDsKHR"), icd_entry);
    EXPECT_EQ(get_address("clNoSuchFunction"), nullptr);
    EXPECT_NE(dlsym(library, "clGetExtensionFunctionAddressForPlatform"), nullptr);
    for (const char* name : {"clGetPlatformIDs", "clCreateContext", "clEnqueueNDRangeKernel"})
        EXPECT_EQ(dlsym(library, name), nullptr) << name << " must not interpose on the loader";
    dlclose(library);
}

TEST(Icd, LoaderListsTheMvpPlatform) {
    cl_platform_id mvp = find_platform(kMvpPlatformName);
    ASSERT_NE(mvp, nullptr) << "no " << kMvpPlatformName << " platform through " << vendors_dir();
    EXPECT_EQ(platform_string(mvp, CL_PLATFORM_VENDOR), "MVP");
    EXPECT_EQ(platform_string(mvp, CL_PLATFORM_EXTENSIONS), "cl_khr_icd");
    EXPECT_EQ(platform_string(mvp, CL_PLATFORM_ICD_SUFFIX_KHR), "MVP");
    EXPECT_EQ(platform_string(mvp, CL_PLATFORM_VERSION).rfind("OpenCL 1.2 ", 0), 0u);
    EXPECT_NE(clGetExtensionFunctionAddressForPlatform(mvp, "clIcdGetPlatformIDsKHR"), nullptr);
    cl_device_id device = nullptr;
    ASSERT_EQ(clGetDeviceIDs(mvp, CL_DEVICE_TYPE_GPU, 1, &device, nullptr), CL_SUCCESS);
    char name[256] = {};
    ASSERT_EQ(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, nullptr), CL_SUCCESS);
    EXPECT_EQ(std::string(name).rfind("MVP GPU ", 0), 0u) << name;
}

TEST(Icd, LoaderListsPoclBesideMvp) {
    if (!file_exists(kSystemPoclIcd)) GTEST_SKIP() << kSystemPoclIcd << " does not exist";
    EXPECT_NE(find_platform(kMvpPlatformName), nullptr);
    EXPECT_NE(find_platform(kPoclPlatformName), nullptr)
        << "no " << kPoclPlatformName << " platform through " << vendors_dir();
}

// The seed program's kernel, every call through the loader's dispatch.
TEST(Icd, SquareRunsOnTheMvpPlatform) {
    cl_platform_id mvp = find_platform(kMvpPlatformName);
    ASSERT_NE(mvp, nullptr);
    cl_device_id device = nullptr;
    ASSERT_EQ(clGetDeviceIDs(mvp, CL_DEVICE_TYPE_GPU, 1, &device, nullptr), CL_SUCCESS);
    cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                          reinterpret_cast<cl_context_properties>(mvp), 0};
    cl_int err = CL_SUCCESS;
    cl_context context = clCreateContext(properties, 1, &device, nullptr, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    ASSERT_EQ(err, CL_SUCCESS);

    constexpr cl_uint kCount = 40;
    std::vector<float> in(kCount);
    for (cl_uint i = 0; i < kCount; ++i) in[i] = 0.5f * static_cast<float>(i) - 3.0f;
    cl_mem input = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                  kCount * sizeof(float), in.data(), &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_mem output =
        clCreateBuffer(context, CL_MEM_WRITE_ONLY, kCount * sizeof(float), nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);

    std::string source = read_text("sw/kernels/cl_hello/_cl_hello.s");
    const char* text = source.c_str();
    cl_program program = clCreateProgramWithSource(context, 1, &text, nullptr, &err);
    ASSERT_EQ(err, CL_SUCCESS);
    err = clBuildProgram(program, 1, &device, nullptr, nullptr, nullptr);
    if (err != CL_SUCCESS) {
        char log[4096] = {};
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, nullptr);
        FAIL() << "build failed (" << err << "): " << log;
    }
    cl_kernel kernel = clCreateKernel(program, "square", &err);
    ASSERT_EQ(err, CL_SUCCESS);
    cl_uint count = kCount;
    ASSERT_EQ(clSetKernelArg(kernel, 0, sizeof(cl_mem), &input), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(kernel, 1, sizeof(cl_mem), &output), CL_SUCCESS);
    ASSERT_EQ(clSetKernelArg(kernel, 2, sizeof(cl_uint), &count), CL_SUCCESS);

    size_t global = kCount;
    cl_event done = nullptr;
    ASSERT_EQ(
        clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, nullptr, 0, nullptr, &done),
        CL_SUCCESS);
    ASSERT_EQ(clWaitForEvents(1, &done), CL_SUCCESS);
    cl_int status = CL_QUEUED;
    EXPECT_EQ(
        clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
        CL_SUCCESS);
    EXPECT_EQ(status, CL_COMPLETE);
    std::vector<float> out(kCount, -1.0f);
    ASSERT_EQ(clEnqueueReadBuffer(queue, output, CL_TRUE, 0, kCount * sizeof(float), out.data(), 0,
                                  nullptr, nullptr),
              CL_SUCCESS);
    for (cl_uint i = 0; i < kCount; ++i) EXPECT_EQ(out[i], in[i] * in[i]) << "element " << i;

    EXPECT_EQ(clReleaseEvent(done), CL_SUCCESS);
    EXPECT_EQ(clReleaseKernel(kernel), CL_SUCCESS);
    EXPECT_EQ(clReleaseProgram(program), CL_SUCCESS);
    EXPECT_EQ(clReleaseMemObject(output), CL_SUCCESS);
    EXPECT_EQ(clReleaseMemObject(input), CL_SUCCESS);
    EXPECT_EQ(clReleaseCommandQueue(queue), CL_SUCCESS);
    EXPECT_EQ(clReleaseContext(context), CL_SUCCESS);
}

TEST(Icd, ClinfoListsTheMvpPlatform) {
    if (run_command("command -v clinfo").exit_status != 0) GTEST_SKIP() << "clinfo not installed";
    std::string environment = "OCL_ICD_VENDORS='" + vendors_dir() + "' MVP_FUNCTIONAL=1 ";
#ifdef MVP_ASAN_PRELOAD
    // An ASan build: Debian's clinfo is not instrumented (cmake/MvpSanitize.cmake).
    environment += "LD_PRELOAD='" MVP_ASAN_PRELOAD "' ";
#endif
    CommandResult list = run_command(environment + "clinfo --list");
    EXPECT_EQ(list.exit_status, 0) << list.output;
    EXPECT_NE(list.output.find(std::string(": ") + kMvpPlatformName + "\n"), std::string::npos)
        << list.output;
    // The full report queries every platform and device property through the dispatch table.
    CommandResult full = run_command(environment + "clinfo");
    EXPECT_EQ(full.exit_status, 0) << full.output;
    EXPECT_NE(full.output.find(kMvpPlatformName), std::string::npos) << full.output;
    EXPECT_NE(full.output.find("MVP GPU "), std::string::npos) << full.output;
    // clinfo builds a probe kernel (for the preferred work-group size multiple) and reports any
    // failing query as "<function:line: what : error N>".
    EXPECT_EQ(full.output.find(": error "), std::string::npos) << full.output;
    EXPECT_TRUE(std::regex_search(
        full.output, std::regex(R"(Preferred work group size multiple \(kernel\) +[0-9]+)")))
        << full.output;
}

}  // namespace
}  // namespace mvp::runtime::test
