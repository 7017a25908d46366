#include "tb/fuzz/cp_driver.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "modules/config/config.h"
#include "modules/cp/cp_registers.h"
#include "modules/golden/global_memory.h"
#include "sw/host/platform_preset.h"
#include "sw/toolchain/build.h"
#include "tb/fuzz/fuzz_check.h"

namespace mvp::fuzz {

namespace {

config::Config small_gpu() {
    config::Config c;
    host::apply_platform_preset(c, "mvp_1sp");
    c.set("mvpgpu_global_mem_size", std::to_string(CpDriver::kMemoryBytes), "cp fuzz harness");
    c.validate();
    return c;
}

void put(std::vector<uint8_t>& image, uint32_t offset, const void* bytes, size_t size) {
    std::memcpy(image.data() + offset, bytes, size);
}

// A kernel of sw/kernels (MVP_SOURCE_DIR: the source tree, set by tb/fuzz/CMakeLists.txt).
void put_program(std::vector<uint8_t>& image, uint32_t offset, const char* path) {
    const toolchain::Program p =
        toolchain::build_program_from_files({std::string(MVP_SOURCE_DIR) + "/" + path});
    const std::vector<uint64_t> code = p.image(0);
    put(image, offset, code.data(), code.size() * 8);
}

// True for a write that would reach DMA_HOST_LO or DMA_HOST_HI (see kHostWindow).
bool touches_host_address(uint8_t command, uint16_t address, size_t length) {
    return command % 3 == tlm::TLM_WRITE_COMMAND && address < cp_reg::kDmaHostHi + 4 &&
           address + length > cp_reg::kDmaHostLo;
}

}  // namespace

CpDriver::CpDriver() : platform_(std::make_unique<Platform>(small_gpu())), image_(kMemoryBytes) {
    put_program(image_, kVecAddOffset, "sw/kernels/vec_add/vec_add.s");
    put_program(image_, kCollatzOffset, "sw/kernels/collatz/collatz.s");
    for (uint32_t i = 0; i < 1024; ++i) {
        const float a = 0.5f * static_cast<float>(i), b = 3.0f - static_cast<float>(i);
        const uint32_t n = i * 13 + 7;
        put(image_, kDataOffset + 4 * i, &a, 4);
        put(image_, kDataOffset + 0x1000 + 4 * i, &b, 4);
        put(image_, kDataOffset + 0x3000 + 4 * i, &n, 4);
    }
    restore();
}

CpDriver::~CpDriver() = default;

void CpDriver::restore() {
    platform_->gpu().dram().write(GlobalMemory::kBase, image_.data(), image_.size());
}

void CpDriver::simulate(uint64_t cycles) {
    cycles = std::min(cycles, cycles_left_);
    if (cycles == 0) return;
    const uint64_t start = platform_->core_cycle();
    platform_->run_until_irq(cycles);
    const uint64_t spent = std::max<uint64_t>(platform_->core_cycle() - start, 1);
    cycles_left_ -= std::min(spent, cycles_left_);
}

void CpDriver::transport(uint8_t command, uint16_t address, const std::vector<uint8_t>& bytes,
                         unsigned streaming_width, const std::vector<uint8_t>& byte_enables) {
    // Heap copies of exactly the given sizes (new[0] for none), so that ASan sees any access
    // past them.
    std::unique_ptr<uint8_t[]> data(new uint8_t[bytes.size()]);
    std::copy(bytes.begin(), bytes.end(), data.get());
    std::unique_ptr<uint8_t[]> enables(new uint8_t[byte_enables.size()]);
    std::copy(byte_enables.begin(), byte_enables.end(), enables.get());
    tlm::tlm_generic_payload gp;
    gp.set_command(static_cast<tlm::tlm_command>(command % 3));
    gp.set_address(address);
    gp.set_data_ptr(data.get());
    gp.set_data_length(static_cast<unsigned>(bytes.size()));
    gp.set_streaming_width(streaming_width);
    if (!byte_enables.empty()) {
        gp.set_byte_enable_ptr(enables.get());
        gp.set_byte_enable_length(static_cast<unsigned>(byte_enables.size()));
    }
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    platform_->bus().socket->b_transport(gp, delay);
}

void CpDriver::debug(uint8_t command, uint16_t address, const std::vector<uint8_t>& bytes) {
    std::unique_ptr<uint8_t[]> data(new uint8_t[bytes.size()]);
    std::copy(bytes.begin(), bytes.end(), data.get());
    tlm::tlm_generic_payload gp;
    gp.set_command(static_cast<tlm::tlm_command>(command % 3));
    gp.set_address(address);
    gp.set_data_ptr(data.get());
    gp.set_data_length(static_cast<unsigned>(bytes.size()));
    gp.set_streaming_width(static_cast<unsigned>(bytes.size()));
    const unsigned done = platform_->bus().socket->transport_dbg(gp);
    check(done <= bytes.size(), "transport_dbg transferred more bytes than asked");
}

void CpDriver::run(const uint8_t* data, size_t size) {
    FuzzedDataProvider in(data, size);
    cycles_left_ = kMaxCycles;
    while (in.remaining_bytes() > 0) {
        switch (in.ConsumeIntegralInRange<uint8_t>(0, kNumOps - 1)) {
            case kWrite: {
                const uint16_t offset = in.ConsumeIntegral<uint16_t>() & 0x3ff;
                uint32_t value = in.ConsumeIntegral<uint32_t>();
                if (offset == cp_reg::kDmaHostLo) value %= kHostWindow;
                if (offset == cp_reg::kDmaHostHi) value = 0;
                transport(tlm::TLM_WRITE_COMMAND, offset,
                          {uint8_t(value), uint8_t(value >> 8), uint8_t(value >> 16),
                           uint8_t(value >> 24)},
                          4, {});
                break;
            }
            case kRead:
                transport(tlm::TLM_READ_COMMAND, in.ConsumeIntegral<uint16_t>() & 0x3ff,
                          std::vector<uint8_t>(4), 4, {});
                break;
            case kRawAccess: {
                const uint8_t command = in.ConsumeIntegral<uint8_t>();
                const uint16_t address = in.ConsumeIntegral<uint16_t>() & 0x3ff;
                const size_t length = in.ConsumeIntegralInRange<size_t>(0, 8);
                const unsigned width = in.ConsumeIntegralInRange<unsigned>(0, 8);
                const size_t enables = in.ConsumeIntegralInRange<size_t>(0, 8);
                std::vector<uint8_t> bytes = in.ConsumeBytes<uint8_t>(length);
                bytes.resize(length);
                std::vector<uint8_t> be = in.ConsumeBytes<uint8_t>(enables);
                be.resize(enables);
                if (!touches_host_address(command, address, length))
                    transport(command, address, bytes, width, be);
                break;
            }
            case kDebug: {
                const uint8_t command = in.ConsumeIntegral<uint8_t>();
                const uint16_t address = in.ConsumeIntegral<uint16_t>() & 0x3ff;
                const size_t length = in.ConsumeIntegralInRange<size_t>(0, 32);
                std::vector<uint8_t> bytes = in.ConsumeBytes<uint8_t>(length);
                bytes.resize(length);
                if (!touches_host_address(command, address, length)) debug(command, address, bytes);
                break;
            }
            case kMemory: {
                const uint32_t offset = in.ConsumeIntegral<uint32_t>() % kMemoryBytes;
                const size_t length = std::min<size_t>(in.ConsumeIntegralInRange<size_t>(1, 64),
                                                       kMemoryBytes - offset);
                std::vector<uint8_t> bytes = in.ConsumeBytes<uint8_t>(length);
                bytes.resize(length);
                platform_->gpu().dram().write(GlobalMemory::kBase + offset, bytes.data(),
                                              bytes.size());
                break;
            }
            case kRun:
                simulate(uint64_t{in.ConsumeIntegral<uint16_t>()} + 1);
                break;
            case kReset:
                platform_->gpu().reset();
                break;
        }
    }
    // What is still in flight ends with the reset; the GPU is then idle and power-on clean.
    platform_->gpu().reset();
    cycles_left_ = 100;
    simulate(100);
    restore();
}

}  // namespace mvp::fuzz
