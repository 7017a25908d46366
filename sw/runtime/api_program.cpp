// Programs: OpenCL C or MVP assembly sources, .mvpx and .mvpa binaries, build, compile and link.

#include <CL/cl.h>

#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "api_common.h"
#include "context.h"
#include "device.h"
#include "program.h"

using namespace mvp::runtime;

namespace {

using Notify = void(CL_CALLBACK*)(cl_program, void*);

// Checks the device list of a build, compile or link against the context's one device.
cl_int check_devices(const Context* context, cl_uint num_devices, const cl_device_id* devices) {
    if ((num_devices == 0) != (devices == nullptr)) return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < num_devices; ++i)
        if (from_handle<Device>(devices[i]) == nullptr || devices[i] != context->device())
            return CL_INVALID_DEVICE;
    return CL_SUCCESS;
}

std::string options_text(const char* options) { return options != nullptr ? options : ""; }

}  // namespace

extern "C" CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(cl_context context,
                                                                         cl_uint count,
                                                                         const char** strings,
                                                                         const size_t* lengths,
                                                                         cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_program {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return err = CL_INVALID_CONTEXT, nullptr;
        if (count == 0 || strings == nullptr) return err = CL_INVALID_VALUE, nullptr;
        // The strings are one source, in order (OpenCL 1.2 section 5.6.1).
        std::string source;
        for (cl_uint i = 0; i < count; ++i) {
            if (strings[i] == nullptr) return err = CL_INVALID_VALUE, nullptr;
            size_t length =
                lengths != nullptr && lengths[i] != 0 ? lengths[i] : std::strlen(strings[i]);
            source.append(strings[i], length);
        }
        return create<Program>(c, std::move(source));
    });
}

extern "C" CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(
    cl_context context, cl_uint num_devices, const cl_device_id* device_list, const size_t* lengths,
    const unsigned char** binaries, cl_int* binary_status, cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_program {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return err = CL_INVALID_CONTEXT, nullptr;
        if (num_devices == 0 || device_list == nullptr) return err = CL_INVALID_VALUE, nullptr;
        if ((err = check_devices(c, num_devices, device_list)) != CL_SUCCESS) return nullptr;
        if (lengths == nullptr || binaries == nullptr) return err = CL_INVALID_VALUE, nullptr;
        std::unique_ptr<mvp::toolchain::Program> executable;
        std::unique_ptr<mvp::toolchain::ObjectArchive> archive;
        for (cl_uint i = 0; i < num_devices; ++i) {
            if (lengths[i] == 0 || binaries[i] == nullptr) {
                if (binary_status != nullptr) binary_status[i] = CL_INVALID_VALUE;
                err = CL_INVALID_VALUE;
                continue;
            }
            try {
                std::string bytes(reinterpret_cast<const char*>(binaries[i]), lengths[i]);
                std::istringstream is(bytes);
                if (mvp::toolchain::ObjectArchive::is_archive(bytes)) {
                    auto a = std::make_unique<mvp::toolchain::ObjectArchive>(
                        mvp::toolchain::ObjectArchive::read(is));
                    if (archive == nullptr && executable == nullptr) archive = std::move(a);
                } else {
                    auto program = std::make_unique<mvp::toolchain::Program>(
                        mvp::toolchain::Program::read(is));
                    if (executable == nullptr && archive == nullptr)
                        executable = std::move(program);
                }
                if (binary_status != nullptr) binary_status[i] = CL_SUCCESS;
            } catch (const std::bad_alloc&) {
                throw;
            } catch (const std::exception&) {
                if (binary_status != nullptr) binary_status[i] = CL_INVALID_BINARY;
                if (err == CL_SUCCESS) err = CL_INVALID_BINARY;
            }
        }
        if (err != CL_SUCCESS) return nullptr;
        if (archive != nullptr) return create<Program>(c, std::move(*archive));
        return create<Program>(c, std::move(executable));
    });
}

extern "C" CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(
    cl_context context, cl_uint num_devices, const cl_device_id* device_list,
    const char* kernel_names, cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_program {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return err = CL_INVALID_CONTEXT, nullptr;
        if (num_devices == 0 || device_list == nullptr || kernel_names == nullptr)
            return err = CL_INVALID_VALUE, nullptr;
        if ((err = check_devices(c, num_devices, device_list)) != CL_SUCCESS) return nullptr;
        return err = CL_INVALID_VALUE, nullptr;  // the device has no built-in kernels
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clRetainProgram(cl_program program) {
    return guarded(__func__, [&]() -> cl_int {
        Program* p = from_handle<Program>(program);
        if (p == nullptr) return CL_INVALID_PROGRAM;
        p->retain();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clReleaseProgram(cl_program program) {
    return guarded(__func__, [&]() -> cl_int {
        Program* p = from_handle<Program>(program);
        if (p == nullptr) return CL_INVALID_PROGRAM;
        p->release();
        return CL_SUCCESS;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program program, cl_uint num_devices,
                                                          const cl_device_id* device_list,
                                                          const char* options, Notify pfn_notify,
                                                          void* user_data) {
    return guarded(__func__, [&]() -> cl_int {
        Program* p = from_handle<Program>(program);
        if (p == nullptr) return CL_INVALID_PROGRAM;
        cl_int err = check_devices(p->context(), num_devices, device_list);
        if (err != CL_SUCCESS) return err;
        if (pfn_notify == nullptr && user_data != nullptr) return CL_INVALID_VALUE;
        if (p->kernel_count() > 0) return CL_INVALID_OPERATION;
        err = p->build(options_text(options));
        // The build is finished when the callback runs.
        if (pfn_notify != nullptr) pfn_notify(program, user_data);
        return err;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clCompileProgram(cl_program program, cl_uint num_devices, const cl_device_id* device_list,
                 const char* options, cl_uint num_input_headers, const cl_program* input_headers,
                 const char** header_include_names, Notify pfn_notify, void* user_data) {
    return guarded(__func__, [&]() -> cl_int {
        Program* p = from_handle<Program>(program);
        if (p == nullptr) return CL_INVALID_PROGRAM;
        cl_int err = check_devices(p->context(), num_devices, device_list);
        if (err != CL_SUCCESS) return err;
        if (num_input_headers == 0 && (input_headers != nullptr || header_include_names))
            return CL_INVALID_VALUE;
        if (num_input_headers != 0 && (input_headers == nullptr || !header_include_names))
            return CL_INVALID_VALUE;
        if (pfn_notify == nullptr && user_data != nullptr) return CL_INVALID_VALUE;
        // Each header is a program created from source, found by #include under its name.
        std::vector<mvp::toolchain::OpenClCompiler::Header> headers;
        for (cl_uint i = 0; i < num_input_headers; ++i) {
            Program* h = from_handle<Program>(input_headers[i]);
            if (h == nullptr || !h->has_source()) return CL_INVALID_PROGRAM;
            if (header_include_names[i] == nullptr) return CL_INVALID_VALUE;
            headers.push_back({header_include_names[i], h->source()});
        }
        if (!p->has_source()) return CL_INVALID_OPERATION;
        if (p->kernel_count() > 0) return CL_INVALID_OPERATION;
        err = p->compile(options_text(options), headers);
        if (pfn_notify != nullptr) pfn_notify(program, user_data);
        return err;
    });
}

extern "C" CL_API_ENTRY cl_program CL_API_CALL
clLinkProgram(cl_context context, cl_uint num_devices, const cl_device_id* device_list,
              const char* options, cl_uint num_input_programs, const cl_program* input_programs,
              Notify pfn_notify, void* user_data, cl_int* errcode_ret) {
    return guarded_create(__func__, errcode_ret, [&](cl_int& err) -> cl_program {
        Context* c = from_handle<Context>(context);
        if (c == nullptr) return err = CL_INVALID_CONTEXT, nullptr;
        if ((err = check_devices(c, num_devices, device_list)) != CL_SUCCESS) return nullptr;
        if (num_input_programs == 0 || input_programs == nullptr)
            return err = CL_INVALID_VALUE, nullptr;
        if (pfn_notify == nullptr && user_data != nullptr) return err = CL_INVALID_VALUE, nullptr;
        std::vector<Program*> inputs;
        for (cl_uint i = 0; i < num_input_programs; ++i) {
            Program* p = from_handle<Program>(input_programs[i]);
            if (p == nullptr || p->context() != c) return err = CL_INVALID_PROGRAM, nullptr;
            if (!p->has_objects()) return err = CL_INVALID_OPERATION, nullptr;
            inputs.push_back(p);
        }
        Program* linked = create<Program>(c);
        err = linked->link(inputs, options_text(options));
        if (pfn_notify != nullptr) pfn_notify(linked, user_data);
        if (err == CL_SUCCESS || err == CL_LINK_PROGRAM_FAILURE) {
            // A failed link still returns the program, so that its log can be read.
            return linked;
        }
        linked->release();
        return nullptr;
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL clGetProgramInfo(cl_program program,
                                                            cl_program_info param_name,
                                                            size_t param_value_size,
                                                            void* param_value,
                                                            size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Program* p = from_handle<Program>(program);
        if (p == nullptr) return CL_INVALID_PROGRAM;
        if (param_name == CL_PROGRAM_BINARIES) {
            // An array of one pointer, to a buffer of CL_PROGRAM_BINARY_SIZES bytes that the
            // application provides; a NULL pointer skips the copy.
            if (param_value != nullptr) {
                if (param_value_size < sizeof(unsigned char*)) return CL_INVALID_VALUE;
                unsigned char* target = static_cast<unsigned char**>(param_value)[0];
                std::vector<uint8_t> bytes = p->binary();
                if (target != nullptr && !bytes.empty())
                    std::memcpy(target, bytes.data(), bytes.size());
            }
            if (param_value_size_ret != nullptr) *param_value_size_ret = sizeof(unsigned char*);
            return CL_SUCCESS;
        }
        Info info;
        cl_int err = p->get_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}

extern "C" CL_API_ENTRY cl_int CL_API_CALL
clGetProgramBuildInfo(cl_program program, cl_device_id device, cl_program_build_info param_name,
                      size_t param_value_size, void* param_value, size_t* param_value_size_ret) {
    return guarded(__func__, [&]() -> cl_int {
        Program* p = from_handle<Program>(program);
        if (p == nullptr) return CL_INVALID_PROGRAM;
        if (from_handle<Device>(device) == nullptr || device != p->context()->device())
            return CL_INVALID_DEVICE;
        Info info;
        cl_int err = p->get_build_info(param_name, &info);
        if (err != CL_SUCCESS) return err;
        return info.copy_to(param_value_size, param_value, param_value_size_ret);
    });
}
