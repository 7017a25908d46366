#include "driver.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <ostream>
#include <stdexcept>
#include <vector>

#include "modules/cp/cp_packets.h"
#include "modules/cp/cp_registers.h"
#include "sw/toolchain/program.h"

namespace mvp::example_vp {

namespace {

using namespace cp_reg;

constexpr uint32_t kRingSlots = 4;

std::string hex(uint64_t value) {
    char b[24];
    std::snprintf(b, sizeof b, "0x%" PRIx64, value);
    return b;
}

std::string format(const char* fmt, double a, double b = 0, double c = 0) {
    char line[256];
    std::snprintf(line, sizeof line, fmt, a, b, c);
    return line;
}

uint64_t load64(const uint8_t* p) {
    return uint64_t{cp_packet::load32(p)} | uint64_t{cp_packet::load32(p + 4)} << 32;
}

// One kernel the driver queues: its entry, NDRange, argument values and where it sits.
struct Command {
    std::string kernel;
    uint32_t items = 0;
    std::vector<uint32_t> args;
    uint32_t args_address = 0;
};

}  // namespace

Driver::Driver(CpuBus& bus, const Layout& layout, std::ostream& log)
    : bus_(bus), layout_(layout), log_(log), next_free_(layout.memory_base) {}

uint32_t Driver::allocate(uint32_t bytes) {
    const uint32_t at = next_free_;
    const uint64_t end = uint64_t{at} + ((uint64_t{bytes} + 255) & ~uint64_t{255});
    if (end > uint64_t{layout_.memory_base} + layout_.memory_bytes)
        throw std::runtime_error("device memory full: " + std::to_string(bytes) +
                                 " bytes do not fit at " + hex(at));
    next_free_ = static_cast<uint32_t>(end);
    return at;
}

int Driver::run(const std::string& mvpx_path, std::string& error) {
    try {
        std::ifstream file(mvpx_path, std::ios::binary);
        if (!file) {
            error = mvpx_path + ": cannot open the program";
            return 1;
        }
        toolchain::Program program;
        try {
            program = toolchain::Program::read(file);
        } catch (const std::exception& e) {
            error = mvpx_path + ": " + e.what();
            return 1;
        }

        const uint32_t id = reg(kId);
        if (id != kIdValue) {
            error = "no MVP GPU at " + hex(layout_.registers) + ": ID reads " + hex(id);
            return 1;
        }
        log_ << "driver: GPU at " << hex(layout_.registers) << ", version " << hex(reg(kVersion))
             << ", " << reg(kNumSps) << " SPs; memory at " << hex(layout_.memory_base) << ", "
             << layout_.memory_bytes / 1024 << " KiB\n";

        // The ring, its profile table, the signal word and one argument block per slot.
        const uint32_t ring = allocate(kRingSlots * cp_packet::kBytes);
        const uint32_t profile = allocate(kRingSlots * 16);
        const uint32_t signal = allocate(4);
        uint32_t arg_blocks[kRingSlots];
        for (uint32_t& a : arg_blocks) a = allocate(cp_packet::kMaxArgBlockBytes);

        // The code image (the far reconvergence table follows the code) and the data segment.
        const uint32_t data_base =
            program.data.empty() ? 0 : allocate(static_cast<uint32_t>(program.data.size()));
        const std::vector<uint64_t> image = program.image(data_base);
        std::vector<uint8_t> image_bytes(image.size() * 8);
        for (size_t i = 0; i < image.size(); ++i)
            for (unsigned b = 0; b < 8; ++b)
                image_bytes[8 * i + b] = static_cast<uint8_t>(image[i] >> (8 * b));
        const uint32_t code_base = allocate(static_cast<uint32_t>(image_bytes.size()));
        bus_.write(code_base, image_bytes.data(), image_bytes.size());
        if (!program.data.empty()) {
            const std::vector<uint8_t> data = program.relocated_data(data_base);
            bus_.write(data_base, data.data(), data.size());
        }
        log_ << "driver: loaded " << mvpx_path << ": " << program.code.size()
             << " instructions and " << program.reconvergence_table.size()
             << " far reconvergence entries at " << hex(code_base) << ", " << program.data.size()
             << " bytes of data\n";

        // Inputs, written by the CPU straight into the RAM the GPU reads.
        std::vector<float> a(kVecAddItems), b(kVecAddItems), sum(kVecAddItems);
        for (uint32_t i = 0; i < kVecAddItems; ++i) {
            a[i] = static_cast<float>(i) * 0.75f;
            b[i] = 3.0f - static_cast<float>(i) * 0.125f;
            sum[i] = a[i] + b[i];
        }
        std::vector<int32_t> in(kAbsClampItems), clamped(kAbsClampItems);
        uint32_t negatives = 0;
        for (uint32_t i = 0; i < kAbsClampItems; ++i) {
            in[i] = static_cast<int32_t>((i * 7919u) % 2001u) - 1000;
            clamped[i] = in[i] < 0 ? -in[i] >> 1 : (in[i] < kClampLimit ? in[i] : kClampLimit);
            negatives += in[i] < 0;
        }
        const uint32_t a_at = allocate(kVecAddItems * 4);
        const uint32_t b_at = allocate(kVecAddItems * 4);
        const uint32_t c_at = allocate(kVecAddItems * 4);
        const uint32_t in_at = allocate(kAbsClampItems * 4);
        const uint32_t out_at = allocate(kAbsClampItems * 4);
        bus_.write(a_at, a.data(), a.size() * 4);
        bus_.write(b_at, b.data(), b.size() * 4);
        bus_.write(in_at, in.data(), in.size() * 4);
        const std::vector<uint8_t> poison(kVecAddItems * 4, 0xa5);
        bus_.write(c_at, poison.data(), kVecAddItems * 4);
        bus_.write(out_at, poison.data(), kAbsClampItems * 4);

        Command commands[2] = {
            {"vec_add", kVecAddItems, {a_at, b_at, c_at}, arg_blocks[0]},
            {"abs_clamp",
             kAbsClampItems,
             {in_at, out_at, static_cast<uint32_t>(kClampLimit)},
             arg_blocks[1]},
        };

        // Enable the ring: its pointers start at 0.
        const uint32_t zero[kRingSlots * 4] = {};
        bus_.write(profile, zero, sizeof zero);
        bus_.write(signal, zero, 4);
        set_reg(kQueueBase, ring);
        set_reg(kQueueSize, kRingSlots);
        set_reg(kQueueProfile, profile);
        set_reg(kQueueSignal, signal);
        set_reg(kIrqEnable, kIrqQueue | kIrqError);
        set_reg(kQueueControl, kQueueEnable);
        if (reg(kErrorCode) != kErrorNone) {
            error = "the GPU refused the ring: ERROR_CODE " + std::to_string(reg(kErrorCode));
            return 1;
        }

        // Both kernel packets (the interrupt flag on the last), then one doorbell.
        for (uint32_t s = 0; s < 2; ++s) {
            const Command& c = commands[s];
            const toolchain::Symbol* entry = program.find_symbol(c.kernel);
            if (!entry || entry->section != toolchain::Symbol::Section::kCode) {
                error = mvpx_path + ": no kernel " + c.kernel;
                return 1;
            }
            const std::vector<uint8_t> args = cp_packet::encode_args(c.args, 0);
            bus_.write(c.args_address, args.data(), args.size());
            cp_packet::Kernel k;
            k.flags = s == 1 ? cp_packet::kFlagIrq : 0;
            k.work_dim = 1;
            k.local[0] = kLocalSize;
            k.global[0] = c.items;
            k.code_base = code_base;
            k.code_bytes = program.code_bytes();
            k.entry_pc = entry->value;
            k.return_pc = program.exit_stub_pc;
            k.static_local_bytes = program.local_bytes;
            k.args_address = c.args_address;
            const cp_packet::Bytes packet = k.encode();
            bus_.write(ring + s * cp_packet::kBytes, packet.data(), packet.size());
            log_ << "driver: packet " << s << ": " << c.kernel << " (entry PC " << hex(entry->value)
                 << "), " << c.items << " work-items in groups of " << kLocalSize << "\n";
        }
        set_reg(kQueueWptr, 2);
        log_ << format("driver: rang the doorbell (QUEUE_WPTR = 2) at %.3f us; sleeping\n",
                       bus_.now_us());

        uint32_t completed = 0;
        while (completed < 2) {
            if (!bus_.wait_for_interrupt(kTimeoutUs)) {
                error = "no interrupt within " + std::to_string(static_cast<int>(kTimeoutUs)) +
                        " us (QUEUE_COMPLETED " + std::to_string(reg(kQueueCompleted)) +
                        ", STATUS " + hex(reg(kStatus)) + ")";
                return 1;
            }
            const uint32_t irq = reg(kIrqStatus);
            set_reg(kIrqStatus, irq);
            completed = reg(kQueueCompleted);
            log_ << format("driver: interrupt at %.3f us: ", bus_.now_us()) << "IRQ_STATUS "
                 << hex(irq) << ", QUEUE_COMPLETED " << completed << "\n";
            if (irq & kIrqError)
                log_ << "driver: the GPU reports ERROR_CODE " << reg(kErrorCode) << " for packet "
                     << reg(kQueueErrorSeq) << "\n";
        }
        const uint32_t signal_word = bus_.read32(signal);
        if (signal_word != 2) {
            error = "the signal word reads " + std::to_string(signal_word) + ", expected 2";
            return 1;
        }

        uint8_t table[2 * 16];
        bus_.read(profile, table, sizeof table);
        uint64_t last_cycles = 0;
        for (uint32_t s = 0; s < 2; ++s) {
            const uint32_t status = bus_.read32(ring + s * cp_packet::kBytes + cp_packet::kStatus);
            const uint64_t start = load64(table + 16 * s);
            const uint64_t end = load64(table + 16 * s + 8);
            last_cycles = end - start;
            log_ << "driver: packet " << s << " (" << commands[s].kernel << "): status "
                 << hex(status) << ", cycles " << start << " to " << end << ": " << end - start
                 << " cycles\n";
            if (status != cp_packet::kStatusDone) {
                error = "packet " + std::to_string(s) + " (" + commands[s].kernel +
                        ") failed: status " + hex(status) + ", error code " +
                        std::to_string(cp_packet::status_error(status));
                return 1;
            }
            if (end <= start) {
                error = "packet " + std::to_string(s) + ": profile entry " + std::to_string(start) +
                        " to " + std::to_string(end) + " is empty";
                return 1;
            }
        }
        const uint64_t kernel_cycles = reg(kKernelCyclesLo) | uint64_t{reg(kKernelCyclesHi)} << 32;
        if (kernel_cycles != last_cycles) {
            error = "KERNEL_CYCLES reads " + std::to_string(kernel_cycles) +
                    ", the profile table says " + std::to_string(last_cycles);
            return 1;
        }

        std::vector<float> c(kVecAddItems);
        bus_.read(c_at, c.data(), c.size() * 4);
        for (uint32_t i = 0; i < kVecAddItems; ++i) {
            if (std::memcmp(&c[i], &sum[i], 4) != 0) {
                error = format("vec_add: c[%.0f] = %.9g, expected %.9g", i, c[i], sum[i]);
                return 1;
            }
        }
        std::vector<int32_t> out(kAbsClampItems);
        bus_.read(out_at, out.data(), out.size() * 4);
        for (uint32_t i = 0; i < kAbsClampItems; ++i) {
            if (out[i] != clamped[i]) {
                error = format("abs_clamp: out[%.0f] = %.0f, expected %.0f", i, out[i], clamped[i]);
                return 1;
            }
        }
        log_ << "driver: results correct: vec_add " << kVecAddItems << " sums, abs_clamp "
             << kAbsClampItems << " values (" << negatives << " negative, divergent)\n";
        set_reg(kQueueControl, 0);
        return 0;
    } catch (const std::exception& e) {
        error = e.what();
        return 1;
    }
}

}  // namespace mvp::example_vp
