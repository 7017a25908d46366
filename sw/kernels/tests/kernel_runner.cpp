#include "kernel_runner.h"

#include <cstdio>
#include <stdexcept>

#include "sw/host/kernel_args.h"
#include "sw/toolchain/build.h"
#include "sw/toolchain/opencl_compiler.h"

namespace mvp::kernels {

namespace {

uint32_t entry_pc(const toolchain::Program& program, const std::string& path,
                  const std::string& entry) {
    const toolchain::Symbol* symbol = program.find_symbol(entry);
    if (symbol == nullptr || symbol->section != toolchain::Symbol::Section::kCode)
        throw std::runtime_error(path + ": no global code label '" + entry + "'");
    return symbol->value;
}

// The first byte at which two memory images of the same buffers differ, as an error message;
// empty when they are identical.
std::string first_difference(const std::vector<std::pair<uint32_t, size_t>>& buffers,
                             const std::vector<std::vector<uint8_t>>& a, const char* a_name,
                             const std::vector<std::vector<uint8_t>>& b, const char* b_name) {
    for (size_t n = 0; n < buffers.size(); ++n) {
        for (size_t i = 0; i < buffers[n].second; ++i) {
            if (a[n][i] == b[n][i]) continue;
            char msg[200];
            std::snprintf(msg, sizeof msg, "buffer %zu at 0x%08x, byte %zu: %s 0x%02x, %s 0x%02x",
                          n, buffers[n].first, i, a_name, a[n][i], b_name, b[n][i]);
            return msg;
        }
    }
    return "";
}

}  // namespace

config::Config SuiteConfig::make_config() const {
    config::Config config;
    for (const auto& [option, value] : options) config.set(option, value, "kernel suite " + name);
    return config;
}

KernelRunner::KernelRunner(const config::Config& config, host::Device::Engine engine, Source source)
    : device_(config, engine), source_(source) {
    if (engine == host::Device::Engine::kTiming)
        golden_ = std::make_unique<host::Device>(config, host::Device::Engine::kFunctional);
}

KernelRunner::~KernelRunner() { unload(); }

uint32_t KernelRunner::upload_bytes(const void* data, size_t bytes) {
    uint32_t address = device_.allocate(bytes);
    if (bytes) device_.write(address, data, bytes);
    if (golden_) {
        // Both devices allocate alike, so a buffer has the same address in both.
        if (golden_->allocate(bytes) != address)
            throw std::logic_error("the golden device allocated a buffer elsewhere");
        if (bytes) golden_->write(address, data, bytes);
    }
    buffers_.emplace_back(address, bytes);
    return address;
}

void KernelRunner::write(uint32_t address, const void* data, size_t bytes) {
    device_.write(address, data, bytes);
    if (golden_) golden_->write(address, data, bytes);
}

void KernelRunner::load(const std::string& kernel) {
    load_file("sw/kernels/" + kernel + "/" + kernel + ".s", kernel);
}

void KernelRunner::load_file(const std::string& path, const std::string& entry) {
    unload();
    entry_ = entry;
    if (source_ == Source::kAssembly) {
        program_ = toolchain::build_program_from_files({path});
    } else {
        if (path.size() < 2 || path.compare(path.size() - 2, 2, ".s") != 0)
            throw std::runtime_error(path + ": not an assembly file (.s)");
        const std::string cl_path = path.substr(0, path.size() - 2) + ".cl";
        std::string log;
        program_ = toolchain::OpenClCompiler("").build({cl_path}, {}, true, &log);
        if (!log.empty()) std::fprintf(stderr, "%s", log.c_str());
        if (program_.find_kernel(entry) == nullptr)
            throw std::runtime_error(cl_path + ": no kernel '" + entry + "'");
        assembly_program_ = toolchain::build_program_from_files({path});
        assembly_entry_pc_ = entry_pc(assembly_program_, path, entry);
    }
    entry_pc_ = entry_pc(program_, path, entry);
    loaded_ = device_.load(program_);
    if (golden_) golden_loaded_ = golden_->load(program_);
    if (source_ == Source::kOpenClAgainstAssembly) {
        assembly_loaded_ = device_.load(assembly_program_);
        if (golden_) golden_assembly_loaded_ = golden_->load(assembly_program_);
    }
    is_loaded_ = true;
}

void KernelRunner::unload() {
    if (!is_loaded_) return;
    device_.unload(loaded_);
    if (golden_) golden_->unload(golden_loaded_);
    if (source_ == Source::kOpenClAgainstAssembly) {
        device_.unload(assembly_loaded_);
        if (golden_) golden_->unload(golden_assembly_loaded_);
    }
    is_loaded_ = false;
}

std::vector<KernelArg> KernelRunner::opencl_args(const std::vector<KernelArg>& args) const {
    const toolchain::KernelInfo& kernel = *program_.find_kernel(entry_);
    std::vector<host::ArgValue> values(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
        using Kind = toolchain::KernelArgInfo::Kind;
        host::ArgValue& v = values[i];
        v.value = args[i].value;
        if (args[i].kind == KernelArg::Kind::kLocal) {
            v.kind = host::ArgValue::Kind::kLocal;
        } else if (i < kernel.args.size() && (kernel.args[i].kind == Kind::kGlobal ||
                                              kernel.args[i].kind == Kind::kConstant)) {
            v.kind = host::ArgValue::Kind::kAddress;
        } else {
            v.kind = host::ArgValue::Kind::kBytes;
            for (int b = 0; b < 4; ++b) v.bytes.push_back(static_cast<uint8_t>(v.value >> 8 * b));
        }
    }
    return host::pack_kernel_args(kernel, values);
}

std::vector<std::vector<uint8_t>> KernelRunner::read_buffers() const {
    std::vector<std::vector<uint8_t>> images;
    for (auto [address, bytes] : buffers_) {
        images.emplace_back(bytes);
        device_.read(address, images.back().data(), bytes);
    }
    return images;
}

host::LaunchStats KernelRunner::run(const NDRange& range, const std::vector<KernelArg>& args) {
    if (!is_loaded_) throw std::logic_error("KernelRunner::run before load");
    Launch launch;
    launch.entry_pc = entry_pc_;
    launch.range = range;
    launch.args = args;
    // The assembly runs first on the device's buffers, which are then put back as they were
    // for the compiled kernel.
    host::LaunchStats assembly_stats;
    std::vector<std::vector<uint8_t>> assembly_images;
    if (source_ == Source::kOpenClAgainstAssembly) {
        std::vector<std::vector<uint8_t>> inputs = read_buffers();
        Launch assembly = launch;
        assembly.entry_pc = assembly_entry_pc_;
        assembly_stats = device_.run(assembly_loaded_, assembly);
        assembly_images = read_buffers();
        for (size_t b = 0; b < buffers_.size(); ++b)
            device_.write(buffers_[b].first, inputs[b].data(), buffers_[b].second);
        launch.args = opencl_args(args);
    }
    host::LaunchStats stats = device_.run(loaded_, launch);
    if (golden_) {
        golden_->run(golden_loaded_, launch);
        if (!order_dependent_) compare_with_golden();
    }
    if (source_ == Source::kOpenClAgainstAssembly) {
        auto count = [](uint64_t v) { return static_cast<unsigned long long>(v); };
        std::printf(
            "opencl-c %s: thread instructions %llu (assembly %llu), warp instructions %llu "
            "(assembly %llu), cycles %llu (assembly %llu)\n",
            entry_.c_str(), count(stats.thread_instructions),
            count(assembly_stats.thread_instructions), count(stats.warp_instructions),
            count(assembly_stats.warp_instructions), count(stats.cycles),
            count(assembly_stats.cycles));
        if (!order_dependent_) {
            std::string difference =
                first_difference(buffers_, read_buffers(), "OpenCL C", assembly_images, "assembly");
            if (!difference.empty())
                throw std::runtime_error(
                    "the kernel compiled from OpenCL C leaves memory unlike "
                    "the assembly: " +
                    difference);
        }
    }
    return stats;
}

void KernelRunner::compare_with_golden() const {
    std::vector<std::vector<uint8_t>> golden;
    for (auto [address, bytes] : buffers_) {
        golden.emplace_back(bytes);
        golden_->read(address, golden.back().data(), bytes);
    }
    std::string difference = first_difference(buffers_, read_buffers(), "timing", golden, "golden");
    if (!difference.empty())
        throw std::runtime_error("memory differs from the golden model: " + difference);
}

NDRange range_1d(uint32_t global, uint32_t local) {
    NDRange r;
    r.work_dim = 1;
    r.global[0] = global;
    r.local[0] = local;
    return r;
}

NDRange range_2d(uint32_t global_x, uint32_t global_y, uint32_t local_x, uint32_t local_y) {
    NDRange r;
    r.work_dim = 2;
    r.global[0] = global_x;
    r.global[1] = global_y;
    r.local[0] = local_x;
    r.local[1] = local_y;
    return r;
}

uint32_t ulp_distance(float a, float b) {
    // Maps the floats onto a monotonic integer line on which adjacent floats differ by 1.
    auto ordered = [](float f) {
        uint32_t u = bits_of(f);
        return (u & 0x80000000u) ? -static_cast<int64_t>(u & 0x7fffffffu) : int64_t{u};
    };
    int64_t d = ordered(a) - ordered(b);
    return static_cast<uint32_t>(d < 0 ? -d : d);
}

Rng::Rng(uint32_t seed) {
    uint32_t z = seed + 0x9e3779b9u;
    z = (z ^ (z >> 16)) * 0x85ebca6bu;
    z = (z ^ (z >> 13)) * 0xc2b2ae35u;
    z ^= z >> 16;
    state_ = z ? z : 1u;
}

uint32_t Rng::next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return state_;
}

int32_t Rng::range(int32_t lo, int32_t hi) {
    uint64_t span = static_cast<uint64_t>(int64_t{hi} - lo) + 1;
    return static_cast<int32_t>(lo + static_cast<int64_t>(next() % span));
}

float Rng::uniform(float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(next() >> 8) * 0x1p-24f;
}

}  // namespace mvp::kernels
