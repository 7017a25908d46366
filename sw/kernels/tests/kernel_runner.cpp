#include "kernel_runner.h"

#include <cstdio>
#include <stdexcept>

#include "sw/toolchain/build.h"

namespace mvp::kernels {

config::Config SuiteConfig::make_config() const {
    config::Config config;
    for (const auto& [option, value] : options) config.set(option, value, "kernel suite " + name);
    return config;
}

KernelRunner::KernelRunner(const config::Config& config, host::Device::Engine engine)
    : device_(config, engine) {
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
    program_ = toolchain::build_program_from_files({path});
    const toolchain::Symbol* symbol = program_.find_symbol(entry);
    if (symbol == nullptr || symbol->section != toolchain::Symbol::Section::kCode)
        throw std::runtime_error(path + ": no global code label '" + entry + "'");
    entry_pc_ = symbol->value;
    loaded_ = device_.load(program_);
    if (golden_) golden_loaded_ = golden_->load(program_);
    is_loaded_ = true;
}

void KernelRunner::unload() {
    if (!is_loaded_) return;
    device_.unload(loaded_);
    if (golden_) golden_->unload(golden_loaded_);
    is_loaded_ = false;
}

host::LaunchStats KernelRunner::run(const NDRange& range, const std::vector<KernelArg>& args) {
    if (!is_loaded_) throw std::logic_error("KernelRunner::run before load");
    Launch launch;
    launch.entry_pc = entry_pc_;
    launch.range = range;
    launch.args = args;
    host::LaunchStats stats = device_.run(loaded_, launch);
    if (golden_) {
        golden_->run(golden_loaded_, launch);
        if (!order_dependent_) compare_with_golden();
    }
    return stats;
}

void KernelRunner::compare_with_golden() const {
    for (size_t b = 0; b < buffers_.size(); ++b) {
        auto [address, bytes] = buffers_[b];
        std::vector<uint8_t> timing(bytes), golden(bytes);
        device_.read(address, timing.data(), bytes);
        golden_->read(address, golden.data(), bytes);
        for (size_t i = 0; i < bytes; ++i) {
            if (timing[i] == golden[i]) continue;
            char msg[200];
            std::snprintf(msg, sizeof msg,
                          "memory differs from the golden model: buffer %zu at 0x%08x, byte %zu: "
                          "timing 0x%02x, golden 0x%02x",
                          b, address, i, timing[i], golden[i]);
            throw std::runtime_error(msg);
        }
    }
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
