#include "kernel_runner.h"

#include <stdexcept>

#include "sw/toolchain/build.h"

namespace mvp::kernels {

config::Config SuiteConfig::make_config() const {
    config::Config config;
    for (const auto& [option, value] : options) config.set(option, value, "kernel suite " + name);
    return config;
}

KernelRunner::KernelRunner(const config::Config& config, host::Device::Engine engine)
    : device_(config, engine) {}

KernelRunner::~KernelRunner() {
    if (is_loaded_) device_.unload(loaded_);
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
    is_loaded_ = true;
}

void KernelRunner::unload() {
    if (!is_loaded_) return;
    device_.unload(loaded_);
    is_loaded_ = false;
}

host::LaunchStats KernelRunner::run(const NDRange& range, const std::vector<KernelArg>& args) {
    if (!is_loaded_) throw std::logic_error("KernelRunner::run before load");
    Launch launch;
    launch.entry_pc = entry_pc_;
    launch.range = range;
    launch.args = args;
    return device_.run(loaded_, launch);
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
