// A program built outside the repository against the installed package, as a virtual
// platform's integrator builds one (tb/package/package_test.sh): it links only mvp::gpu (or
// pkg-config mvp-gpu), builds the platform of the option file given as argument, and drives
// the GPU as a driver does, through its registers, its DMA engine and its interrupt. The
// kernel is encoded here with the ISA's encoder: out[i] = 3 * i + 7 for every work-item i.
//
// usage: gpu_main OPTION_FILE

#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <systemc>
#include <vector>

#include "modules/config/config.h"
#include "modules/cp/cp_registers.h"
#include "modules/golden/global_memory.h"
#include "modules/isa/instruction.h"
#include "modules/isa/special_register.h"
#include "platforms/mvp/platform.h"

namespace {

using mvp::isa::Instruction;
using mvp::isa::Opcode;
namespace reg = mvp::cp_reg;

constexpr uint32_t kWorkItems = 64;
constexpr uint32_t kGroupSize = 16;
constexpr uint64_t kHostStaging = 0x10000;  // host memory the DMA engine copies from and to
constexpr uint32_t kCodeBase = mvp::GlobalMemory::kBase;
constexpr uint32_t kOut = mvp::GlobalMemory::kBase + 0x1000;

// out ($4) [i] = 3 i + 7 for global id i, then exit:
//   rdsr $2, $0, %global_id    or.i $3, $0, 3    mul $3, $2, $3    add.si $3, $3, 7
//   sfll.i $2, $2, 2           add $2, $2, $4    st.w $3, 0($2)    exit
std::vector<uint64_t> kernel_image() {
    constexpr auto kGlobalId = static_cast<int32_t>(mvp::isa::SpecialRegister::kGlobalId);
    const Instruction code[] = {
        {Opcode::kRdsr, 2, 0, 0, kGlobalId}, {Opcode::kOrI, 3, 0, 0, 3},
        {Opcode::kMul, 3, 2, 3, 0},          {Opcode::kAddSi, 3, 3, 0, 7},
        {Opcode::kSfllI, 2, 2, 0, 2},        {Opcode::kAdd, 2, 2, 4, 0},
        {Opcode::kStW, 0, 2, 3, 0},          {Opcode::kExit, 0, 0, 0, 0},
    };
    std::vector<uint64_t> words;
    for (const Instruction& in : code) words.push_back(mvp::isa::encode(in));
    return words;
}

// Runs until the GPU interrupts, clears the interrupt and returns its status bits.
uint32_t wait_for_irq(mvp::Platform& platform, const char* what) {
    if (platform.run_until_irq(1000000) != mvp::Platform::Wait::kInterrupt)
        throw std::runtime_error(std::string(what) + ": no interrupt within 1000000 cycles");
    uint32_t status = platform.bus().read(reg::kIrqStatus);
    platform.bus().write(reg::kIrqStatus, status);
    if (status & reg::kIrqError)
        throw std::runtime_error(std::string(what) + " failed: error code " +
                                 std::to_string(platform.bus().read(reg::kErrorCode)) + ", " +
                                 platform.gpu().cp().error_message());
    return status;
}

void dma(mvp::Platform& platform, uint32_t device_address, uint32_t bytes, bool to_host) {
    mvp::HostBus& bus = platform.bus();
    bus.write(reg::kIrqEnable, reg::kIrqDmaDone | reg::kIrqError);
    bus.write(reg::kDmaHostLo, static_cast<uint32_t>(kHostStaging));
    bus.write(reg::kDmaHostHi, static_cast<uint32_t>(kHostStaging >> 32));
    bus.write(reg::kDmaGpu, device_address);
    bus.write(reg::kDmaBytes, bytes);
    bus.write(reg::kDmaDirection, to_host ? 1 : 0);
    bus.write(reg::kControl, reg::kControlStartDma);
    wait_for_irq(platform, "DMA");
}

int run(const std::string& option_file) {
    mvp::config::Config config;
    config.load_file(option_file);
    config.validate();
    mvp::Platform platform(config);
    mvp::HostBus& bus = platform.bus();
    if (bus.read(reg::kId) != reg::kIdValue || bus.read(reg::kVersion) != reg::kVersionValue) {
        std::fprintf(stderr, "gpu_main: CP ID/VERSION registers read 0x%08x/0x%08x\n",
                     bus.read(reg::kId), bus.read(reg::kVersion));
        return 1;
    }

    std::vector<uint64_t> code = kernel_image();
    const uint32_t code_bytes = static_cast<uint32_t>(code.size() * sizeof(uint64_t));
    platform.host_memory().poke(kHostStaging, code.data(), code_bytes);
    dma(platform, kCodeBase, code_bytes, false);

    bus.write(reg::kCodeBase, kCodeBase);
    bus.write(reg::kCodeBytes, code_bytes);
    bus.write(reg::kEntryPc, 0);
    bus.write(reg::kReturnPc, code_bytes - mvp::isa::kInstBytes);  // the exit instruction
    bus.write(reg::kWorkDim, 1);
    for (uint32_t d = 0; d < 3; ++d) {
        bus.write(reg::kGlobal0 + 4 * d, d == 0 ? kWorkItems : 1);
        bus.write(reg::kLocal0 + 4 * d, d == 0 ? kGroupSize : 1);
        bus.write(reg::kOffset0 + 4 * d, 0);
    }
    bus.write(reg::kArg0, kOut);
    bus.write(reg::kArgCount, 1);
    bus.write(reg::kArgLocalMask, 0);
    bus.write(reg::kStaticLocalBytes, 0);
    bus.write(reg::kIrqEnable, reg::kIrqKernelDone | reg::kIrqError);
    bus.write(reg::kControl, reg::kControlStartKernel);
    if (!(wait_for_irq(platform, "kernel") & reg::kIrqKernelDone))
        throw std::runtime_error("kernel: interrupt without KERNEL_DONE");
    uint64_t cycles =
        uint64_t{bus.read(reg::kKernelCyclesHi)} << 32 | bus.read(reg::kKernelCyclesLo);

    std::vector<uint32_t> out(kWorkItems);
    dma(platform, kOut, kWorkItems * 4, true);
    platform.host_memory().peek(kHostStaging, out.data(), kWorkItems * 4);
    for (uint32_t i = 0; i < kWorkItems; ++i) {
        if (out[i] != 3 * i + 7) {
            std::fprintf(stderr, "gpu_main: out[%u] = %u, expected %u\n", i, out[i], 3 * i + 7);
            return 1;
        }
    }
    if (cycles == 0) {
        std::fprintf(stderr, "gpu_main: KERNEL_CYCLES reads 0\n");
        return 1;
    }
    std::printf("gpu_main: %u work-items on %u SP(s), out[i] = 3 i + 7, %llu cycles\n", kWorkItems,
                bus.read(reg::kNumSps), static_cast<unsigned long long>(cycles));
    return 0;
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: gpu_main OPTION_FILE\n");
        return 2;
    }
    try {
        return run(argv[1]);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gpu_main: %s\n", e.what());
        return 1;
    }
}
