#include "device.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "modules/config/config.h"
#include "modules/golden/kernel_abi.h"
#include "platform.h"
#include "sw/host/platform_preset.h"
#include "sw/host/printf_buffer.h"
#include "sw/host/progress_line.h"
#include "sw/toolchain/opencl_compiler.h"

namespace mvp::runtime {

namespace {

// The configuration: the defaults, or the file MVP_CONFIG names. A -mvpgpu_platform in the
// file selects that platform's preset first, then every option of the file applies over it.
config::Config make_config() {
    config::Config config;
    const char* path = std::getenv("MVP_CONFIG");
    std::string platform = config.get_string("mvpgpu_platform");
    if (path != nullptr && *path != '\0') {
        config::Config probe;
        probe.load_file(path);
        platform = probe.get_string("mvpgpu_platform");
    }
    host::apply_platform_preset(config, platform);
    if (path != nullptr && *path != '\0') {
        config.load_file(path);
        for (const std::string& warning : config.warnings())
            std::fprintf(stderr, "mvp opencl: MVP_CONFIG: %s\n", warning.c_str());
    }
    // An application's kernels run as long as they need, as on any OpenCL device: the run
    // limits that keep mvpsim from hanging on an endless kernel are off unless MVP_CONFIG sets
    // them (the timing engine's watchdog still stops a kernel that retires nothing).
    for (const char* limit : {"mvpgpu_functional_max_instructions", "gpgpu_max_cycle"})
        if (config.origin(limit) == "default") config.set(limit, "0", "the OpenCL runtime");
    return config;
}

host::Device::Engine choose_engine() {
    const char* functional = std::getenv("MVP_FUNCTIONAL");
    if (functional != nullptr && std::strcmp(functional, "1") == 0)
        return host::Device::Engine::kFunctional;
    return Device::kDefaultEngine;
}

cl_uint option_or(const config::Config& config, const char* name, cl_uint fallback) {
    return config.has_option(name) ? static_cast<cl_uint>(config.get_int(name)) : fallback;
}

cl_ulong steady_ns() {
    return static_cast<cl_ulong>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now().time_since_epoch())
                                     .count());
}

}  // namespace

cl_ulong Device::timer_ns() const {
    return engine_ == host::Device::Engine::kTiming ? device_time(gpu_->now_ns()) : steady_ns();
}

Device::Device(Platform* platform)
    : platform_(platform), engine_(choose_engine()), timer_base_ns_(steady_ns()) {
    config::Config config = make_config();
    gpu_ = std::make_unique<host::Device>(config, engine_);
    // MVP_PROGRESS=1 asks for the progress line, 0 refuses it; by default it is shown when
    // stderr is a terminal.
    const char* progress = std::getenv("MVP_PROGRESS");
    if (host::ProgressLine::wanted(progress ? progress : "")) {
        progress_ = std::make_unique<host::ProgressLine>("mvp opencl", stderr,
                                                         host::ProgressLine::stderr_is_terminal());
        gpu_->set_progress(progress_.get());
    }
    compute_units_ = host::num_sps(config);
    global_mem_size_ = static_cast<cl_ulong>(config.get_int("mvpgpu_global_mem_size"));
    local_mem_size_ = option_or(config, "mvpgpu_local_mem_size", 32768);
    warp_size_ = option_or(config, "mvpgpu_n_threads_per_sp_and_warp_size", 1);
    hardware_group_size_ = std::min<cl_uint>(KernelAbi::kMaxWorkGroupSize,
                                             option_or(config, "mvpgpu_n_threads_per_sp", 64));
    if (config.has_option("mvpgpu_clock_domains")) {
        std::vector<double> clocks = config.get_double_list("mvpgpu_clock_domains");
        if (!clocks.empty() && clocks[0] > 0) clock_mhz_ = static_cast<cl_uint>(clocks[0]);
    }
    name_ = "MVP GPU " + gpu_->platform_name();
}

cl_int Device::get_info(cl_device_info param, Info* out) const {
    const std::string engine_name =
        engine_ == host::Device::Engine::kFunctional ? "functional model" : "timing model";
    switch (param) {
        case CL_DEVICE_TYPE:
            *out = Info::of<cl_device_type>(CL_DEVICE_TYPE_GPU);
            break;
        case CL_DEVICE_VENDOR_ID:
            *out = Info::of<cl_uint>(0x4d5650);  // "MVP"
            break;
        case CL_DEVICE_MAX_COMPUTE_UNITS:
            *out = Info::of<cl_uint>(compute_units_);
            break;
        case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
            *out = Info::of<cl_uint>(3);
            break;
        case CL_DEVICE_MAX_WORK_ITEM_SIZES:
            *out = Info::of_array(std::vector<size_t>{kMaxWorkItemSizes[0], kMaxWorkItemSizes[1],
                                                      kMaxWorkItemSizes[2]});
            break;
        case CL_DEVICE_MAX_WORK_GROUP_SIZE:
            *out = Info::of<size_t>(kMaxWorkGroupSize);
            break;
        case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
        case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
        case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
        case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
        case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
        case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
        case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
        case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
        case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
        case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
            *out = Info::of<cl_uint>(1);
            break;
        case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
        case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
        case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
        case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
            *out = Info::of<cl_uint>(0);
            break;
        case CL_DEVICE_MAX_CLOCK_FREQUENCY:
            *out = Info::of<cl_uint>(clock_mhz_);
            break;
        case CL_DEVICE_ADDRESS_BITS:
            *out = Info::of<cl_uint>(32);
            break;
        case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
            *out = Info::of<cl_ulong>(max_alloc_size());
            break;
        case CL_DEVICE_IMAGE_SUPPORT:
            *out = Info::of<cl_bool>(CL_FALSE);
            break;
        case CL_DEVICE_MAX_READ_IMAGE_ARGS:
        case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
        case CL_DEVICE_MAX_SAMPLERS:
            *out = Info::of<cl_uint>(0);
            break;
        case CL_DEVICE_IMAGE2D_MAX_WIDTH:
        case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
        case CL_DEVICE_IMAGE3D_MAX_WIDTH:
        case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
        case CL_DEVICE_IMAGE3D_MAX_DEPTH:
        case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
        case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
            *out = Info::of<size_t>(0);
            break;
        case CL_DEVICE_MAX_PARAMETER_SIZE:
            *out = Info::of<size_t>(toolchain::kMaxParameterBytes);
            break;
        case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
            *out = Info::of<cl_uint>(kBaseAlignBytes * 8);
            break;
        case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
            *out = Info::of<cl_uint>(4);
            break;
        case CL_DEVICE_SINGLE_FP_CONFIG:
            *out =
                Info::of<cl_device_fp_config>(CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_FMA);
            break;
        case CL_DEVICE_DOUBLE_FP_CONFIG:
            *out = Info::of<cl_device_fp_config>(0);
            break;
        case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
            *out = Info::of<cl_device_mem_cache_type>(CL_NONE);
            break;
        case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
            *out = Info::of<cl_uint>(0);
            break;
        case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
            *out = Info::of<cl_ulong>(0);
            break;
        case CL_DEVICE_GLOBAL_MEM_SIZE:
            *out = Info::of<cl_ulong>(global_mem_size_);
            break;
        case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
            *out = Info::of<cl_ulong>(64 * 1024);
            break;
        case CL_DEVICE_MAX_CONSTANT_ARGS:
            *out = Info::of<cl_uint>(8);
            break;
        case CL_DEVICE_LOCAL_MEM_TYPE:
            *out = Info::of<cl_device_local_mem_type>(CL_LOCAL);
            break;
        case CL_DEVICE_LOCAL_MEM_SIZE:
            *out = Info::of<cl_ulong>(local_mem_size_);
            break;
        case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
        case CL_DEVICE_HOST_UNIFIED_MEMORY:
            *out = Info::of<cl_bool>(CL_FALSE);
            break;
        case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
            *out = Info::of<size_t>(1);
            break;
        case CL_DEVICE_ENDIAN_LITTLE:
        case CL_DEVICE_AVAILABLE:
        case CL_DEVICE_COMPILER_AVAILABLE:
        case CL_DEVICE_LINKER_AVAILABLE:
        case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
            *out = Info::of<cl_bool>(CL_TRUE);
            break;
        case CL_DEVICE_EXECUTION_CAPABILITIES:
            *out = Info::of<cl_device_exec_capabilities>(CL_EXEC_KERNEL);
            break;
        case CL_DEVICE_QUEUE_PROPERTIES:
            *out = Info::of<cl_command_queue_properties>(CL_QUEUE_PROFILING_ENABLE |
                                                         CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
            break;
        case CL_DEVICE_BUILT_IN_KERNELS:
            *out = Info::of_string("");
            break;
        case CL_DEVICE_EXTENSIONS: {
            std::string list;
            for (const std::string& e : toolchain::OpenClCompiler::extensions())
                list += (list.empty() ? "" : " ") + e;
            *out = Info::of_string(list);
            break;
        }
        case CL_DEVICE_PLATFORM:
            *out = Info::of<cl_platform_id>(platform_);
            break;
        case CL_DEVICE_NAME:
            *out = Info::of_string(name_);
            break;
        case CL_DEVICE_VENDOR:
            *out = Info::of_string(Platform::kVendor);
            break;
        case CL_DRIVER_VERSION:
            *out = Info::of_string("1.0");
            break;
        case CL_DEVICE_PROFILE:
            *out = Info::of_string(Platform::kProfile);
            break;
        case CL_DEVICE_VERSION:
            *out = Info::of_string("OpenCL 1.2 MVP-TLM (" + engine_name + ")");
            break;
        case CL_DEVICE_OPENCL_C_VERSION:
            *out = Info::of_string("OpenCL C 1.2 (compiled offline to MVP assembly)");
            break;
        case CL_DEVICE_PRINTF_BUFFER_SIZE:
            *out = Info::of<size_t>(host::PrintfBuffer::kDefaultBytes);
            break;
        case CL_DEVICE_PARENT_DEVICE:
            *out = Info::of<cl_device_id>(nullptr);
            break;
        case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
            *out = Info::of<cl_uint>(0);
            break;
        case CL_DEVICE_PARTITION_PROPERTIES:
        case CL_DEVICE_PARTITION_TYPE:
            *out = Info::of_array(std::vector<cl_device_partition_property>{0});
            break;
        case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
            *out = Info::of<cl_device_affinity_domain>(0);
            break;
        case CL_DEVICE_REFERENCE_COUNT:
            *out = Info::of<cl_uint>(1);
            break;
        default:
            return CL_INVALID_VALUE;
    }
    return CL_SUCCESS;
}

void Device::record_launch(const std::string& kernel, const host::LaunchStats& stats) const {
    const char* path = std::getenv("MVP_STATS");
    if (path == nullptr || *path == '\0') return;
    std::FILE* file = std::fopen(path, "a");
    if (file == nullptr) {
        static bool warned = false;
        if (!warned)
            std::fprintf(stderr, "mvp opencl: MVP_STATS: cannot open %s for appending\n", path);
        warned = true;
        return;
    }
    std::fprintf(file,
                 "kernel=%s engine=%s cycles=%llu thread_instructions=%llu warp_instructions=%llu "
                 "warp_size=%u host_seconds=%.6f work_items_per_thread=%u\n",
                 kernel.c_str(),
                 engine_ == host::Device::Engine::kFunctional ? "functional" : "timing",
                 static_cast<unsigned long long>(stats.cycles),
                 static_cast<unsigned long long>(stats.thread_instructions),
                 static_cast<unsigned long long>(stats.warp_instructions), stats.warp_size,
                 stats.host_seconds, stats.work_items_per_thread);
    std::fclose(file);
}

}  // namespace mvp::runtime
