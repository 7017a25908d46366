// A program built outside the repository against mvp::host (tb/package/package_test.sh): it
// assembles a kernel from MVP assembly with the installed toolchain and runs it through the
// host driver on the timing platform of the option file given as argument, as mvpsim does.
// The kernel is a work-item builtin call and a divergent branch: out[i] = i even ? i : -i.
//
// usage: host_main OPTION_FILE

#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "modules/config/config.h"
#include "sw/host/device.h"
#include "sw/toolchain/build.h"

namespace {

constexpr const char* kKernel = R"(
	.globl	signs
signs:
	add	$8, $ra, $zero
	add	$9, $4, $zero
	add.si	$4, $zero, 0
	jplnk	_Z13get_global_idj
	add	$ra, $8, $zero
	and.i	$3, $2, 1
	beq	$3, $zero, even
	sub	$3, $zero, $2
	jp	store
even:
	add	$3, $2, $zero
store:
	sfll.i	$2, $2, 2
	add	$2, $2, $9
	st.w	$3, 0($2)
	jr	$ra
)";

constexpr uint32_t kWorkItems = 96;

int run(const std::string& option_file) {
    mvp::config::Config config;
    config.load_file(option_file);
    mvp::host::Device device(config, mvp::host::Device::Engine::kTiming);
    mvp::toolchain::Program program = mvp::toolchain::build_program({{"signs.s", kKernel}});
    uint32_t out = device.allocate(4 * kWorkItems);
    mvp::host::LoadedProgram loaded = device.load(program);
    mvp::Launch launch;
    launch.entry_pc = program.find_symbol("signs")->value;
    launch.range.global[0] = kWorkItems;
    launch.range.local[0] = 32;
    launch.args = {mvp::KernelArg::of_value(out)};
    mvp::host::LaunchStats stats = device.run(loaded, launch);
    std::vector<int32_t> result(kWorkItems);
    device.read(out, result.data(), 4 * kWorkItems);
    for (uint32_t i = 0; i < kWorkItems; ++i) {
        int32_t expected = i % 2 == 0 ? static_cast<int32_t>(i) : -static_cast<int32_t>(i);
        if (result[i] != expected) {
            std::fprintf(stderr, "host_main: out[%u] = %d, expected %d\n", i, result[i], expected);
            return 1;
        }
    }
    std::printf("host_main: %u work-items, out[i] = i even ? i : -i, %llu cycles\n", kWorkItems,
                static_cast<unsigned long long>(stats.cycles));
    return stats.cycles > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char* argv[]) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: host_main OPTION_FILE\n");
        return 2;
    }
    try {
        return run(argv[1]);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "host_main: %s\n", e.what());
        return 1;
    }
}
