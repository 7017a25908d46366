// Testbench of the command processor's command ring: packets read from device memory through
// the CP's memory port and executed in order (kernels through the one launch path, fence,
// fill, copy), status words, the profile table and the signal word written back, the
// interrupts; every malformed packet and bad ring pointer fails with its error code and the
// next packet still runs; kernel faults; reset in the middle of a kernel.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "modules/cp/cp.h"
#include "modules/cp/cp_packets.h"
#include "modules/dma/dma.h"
#include "modules/dma/host_memory.h"
#include "modules/sim/connect.h"
#include "modules/sim/protocol_checker.h"
#include "tb/cp/cp_bench.h"
#include "tb/xi/memory_target.h"

namespace mvp::tb {
namespace {

using namespace cp_reg;
namespace pk = cp_packet;

constexpr uint32_t kBase = 0x80000000u;
constexpr uint32_t kRing = kBase;              // 8 slots
constexpr uint32_t kArgs = kBase + 0x1000;     // argument blocks
constexpr uint32_t kProfile = kBase + 0x2000;  // 16 bytes per slot
constexpr uint32_t kSignal = kBase + 0x3000;
constexpr uint32_t kCode = kBase + 0x4000;
constexpr uint32_t kData = kBase + 0x8000;
// The CP's window of device memory is 128 KiB; the memory behind it holds only the first 64
// KiB and answers the rest with TLM_ADDRESS_ERROR_RESPONSE (an unpopulated or failing range).
constexpr uint32_t kStorage = 0x10000;
constexpr uint32_t kWindow = 0x20000;

Cp::Params cp_params() {
    Cp::Params p;
    p.memory_base = kBase;
    p.memory_bytes = kWindow;
    return p;
}

struct RingBench {
    RingBench()
        : core("core", 1000.0),
          cp("cp", core, cp_params()),
          dma("dma", core, Dma::Params{64, 4}),
          host_mem("host_mem", core, HostMemory::Params{100, 16}),
          mem("mem", core, kBase, kStorage, 10),
          bus("bus"),
          watch("watch", core),
          sp0(core, 0, 20, 3),
          sp1(core, 1, 20, 3) {
        sim::set_protocol_checking(true);
        sim::connect(bus.socket, cp.regs.socket, "regs_link");
        sim::connect(dma.host.socket, host_mem.port.socket, "host_link");
        sim::connect(dma.gpu.socket, cp.dma_port().socket, "dma_cp_link");
        sim::connect(cp.memory_port().socket, mem.port.socket, "cp_mem_link");
        cp.irq.bind(watch.line);
        cp.set_dma(&dma);
        cp.add_executor(&sp0);
        cp.add_executor(&sp1);
        TestSp::log.clear();
    }

    void enable(uint32_t slots = 8, uint32_t profile = kProfile, uint32_t signal = kSignal) {
        bus.write(kQueueBase, kRing);
        bus.write(kQueueSize, slots);
        bus.write(kQueueProfile, profile);
        bus.write(kQueueSignal, signal);
        bus.write(kIrqEnable, kIrqQueue | kIrqError | kIrqKernelDone);
        bus.write(kQueueControl, kQueueEnable);
    }
    void put(uint32_t seq, const pk::Bytes& packet, uint32_t slots = 8) {
        std::memcpy(mem.bytes(kRing + (seq % slots) * pk::kBytes), packet.data(), pk::kBytes);
    }
    void put_bytes(uint32_t address, const std::vector<uint8_t>& bytes) {
        std::memcpy(mem.bytes(address), bytes.data(), bytes.size());
    }
    uint32_t word(uint32_t address) { return pk::load32(mem.bytes(address)); }
    uint64_t dword(uint32_t address) { return word(address) | uint64_t{word(address + 4)} << 32; }
    uint32_t status(uint32_t seq, uint32_t slots = 8) {
        return word(kRing + (seq % slots) * pk::kBytes + pk::kStatus);
    }
    void run(double us) { sc_core::sc_start(us, sc_core::SC_US); }

    sim::ClockDomain core;
    Cp cp;
    Dma dma;
    HostMemory host_mem;
    MemoryTarget mem;
    HostBus bus;
    IrqWatch watch;
    TestSp sp0, sp1;
};

// A kernel of 32 work-items in groups of 16 (two groups) on a 2-instruction code image.
pk::Kernel good_kernel(uint8_t flags = 0) {
    pk::Kernel k;
    k.flags = flags;
    k.work_dim = 1;
    k.local[0] = 16;
    k.global[0] = 32;
    k.code_base = kCode;
    k.code_bytes = 16;
    k.entry_pc = 0;
    k.return_pc = 8;
    return k;
}

constexpr uint32_t kFailedStatus(uint32_t code) {
    return pk::kStatusDone | pk::kStatusFailed | code << 8;
}

TEST(CpRing, RunsQueuedPacketsInOrderAndWritesStatusProfileAndSignal) {
    RingBench b;
    b.enable();
    for (uint32_t i = 0; i < 200; ++i) *b.mem.bytes(kData + i) = static_cast<uint8_t>(i * 3 + 1);
    b.put(0, good_kernel().encode());
    b.put(1, good_kernel().encode());
    b.put(2, pk::Fence{0, kData + 0x400, 0xfeedf00d}.encode());
    b.put(3, pk::Fill{0, kData + 0x203, 101, 0x44332211}.encode());
    b.put(4, pk::Copy{pk::kFlagIrq, kData + 5, kData + 0x301, 150}.encode());
    b.bus.write(kQueueWptr, 5);
    EXPECT_EQ(b.bus.read(kStatus) & kStatusQueueBusy, kStatusQueueBusy);
    b.run(5);

    EXPECT_EQ(b.bus.read(kQueueCompleted), 5u);
    EXPECT_EQ(b.bus.read(kQueueRptr), 5u);
    EXPECT_EQ(b.bus.read(kStatus), 0u);
    for (uint32_t s = 0; s < 5; ++s) EXPECT_EQ(b.status(s), pk::kStatusDone) << s;
    EXPECT_EQ(b.word(kSignal), 5u);
    // Only the last packet asked for the interrupt; ring kernels do not raise KERNEL_DONE.
    EXPECT_EQ(b.watch.rises.size(), 1u);
    EXPECT_EQ(b.bus.read(kIrqStatus), kIrqQueue);
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorNone);

    // The two kernels ran one after the other, each group on the next SP.
    ASSERT_EQ(TestSp::log.size(), 4u);
    EXPECT_EQ(TestSp::log[0].group, 0u);
    EXPECT_EQ(TestSp::log[1].group, 1u);
    EXPECT_EQ(TestSp::log[2].group, 0u);
    EXPECT_GT(TestSp::log[2].cycle, TestSp::log[1].cycle + 20);
    // Profile: start/end cycles per packet, in order; a kernel's span is KERNEL_CYCLES.
    uint64_t last_end = 0;
    for (uint32_t s = 0; s < 5; ++s) {
        const uint64_t start = b.dword(kProfile + 16 * s), end = b.dword(kProfile + 16 * s + 8);
        EXPECT_LE(start, end) << s;
        EXPECT_GT(start, last_end) << s;  // the next packet is read after the completion
        last_end = end;
    }
    EXPECT_EQ(b.dword(kProfile + 24) - b.dword(kProfile + 16), b.bus.read(kKernelCyclesLo));
    // The same kernel started from the registers takes the same cycles (one launch path).
    const uint32_t ring_cycles = b.bus.read(kKernelCyclesLo);
    b.bus.write(kCodeBase, kCode);
    b.bus.write(kCodeBytes, 16);
    b.bus.write(kReturnPc, 8);
    b.bus.write(kWorkDim, 1);
    b.bus.write(kGlobal0, 32);
    b.bus.write(kLocal0, 16);
    b.bus.write(kControl, kControlStartKernel);
    b.run(1);
    EXPECT_EQ(b.bus.read(kIrqStatus) & kIrqKernelDone, kIrqKernelDone);
    EXPECT_EQ(b.bus.read(kKernelCyclesLo), ring_cycles);

    // Fence, fill and copy.
    EXPECT_EQ(b.word(kData + 0x400), 0xfeedf00du);
    for (uint32_t i = 0; i < 101; ++i)
        EXPECT_EQ(*b.mem.bytes(kData + 0x203 + i), 0x11 + 0x11 * (i % 4)) << i;
    EXPECT_EQ(*b.mem.bytes(kData + 0x203 + 101), 0u);
    for (uint32_t i = 0; i < 150; ++i)
        EXPECT_EQ(*b.mem.bytes(kData + 0x301 + i), static_cast<uint8_t>((5 + i) * 3 + 1)) << i;
    // Every packet was read from memory by the CP: one 64-byte read at its slot.
    const auto& log = b.mem.log();
    ASSERT_FALSE(log.empty());
    EXPECT_EQ(log[0].address, kRing);
    EXPECT_EQ(log[0].length, 64u);
    EXPECT_FALSE(log[0].write);
    EXPECT_EQ(log[0].client, sim::GpuExtension::Client::kCp);
    const sim::StatGroup::Entry* packets = sim::StatGroup::find("cp", "packets");
    ASSERT_NE(packets, nullptr);
    EXPECT_EQ(packets->value(), 5.0);
    // The read of a packet costs the memory latency: at least 10 cycles each.
    EXPECT_GE(sim::StatGroup::find("cp", "packet_fetch_cycles")->value(), 5 * 10.0);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

TEST(CpRing, ArgumentBlockReachesTheLaunch) {
    RingBench b;
    std::vector<std::vector<KernelArg>> seen;
    b.sp0.on_start = [&](const KernelAbi& abi) { seen.push_back(abi.launch().args); };
    b.enable();
    pk::Kernel k = good_kernel();
    k.args_address = kArgs + 0x3c;  // the header and values cross a 64-byte block
    b.put(0, k.encode());
    b.put_bytes(k.args_address, pk::encode_args({0x80001234u, 64, 7}, 0b010));
    b.bus.write(kQueueWptr, 1);
    b.run(2);
    EXPECT_EQ(b.status(0), pk::kStatusDone);
    ASSERT_EQ(seen.size(), 1u);
    ASSERT_EQ(seen[0].size(), 3u);
    EXPECT_EQ(seen[0][0].kind, KernelArg::Kind::kValue);
    EXPECT_EQ(seen[0][0].value, 0x80001234u);
    EXPECT_EQ(seen[0][1].kind, KernelArg::Kind::kLocal);
    EXPECT_EQ(seen[0][1].value, 64u);
    EXPECT_EQ(seen[0][2].value, 7u);
}

// One malformed packet: what it is, how it is made, the error code and a part of the message.
struct BadPacket {
    const char* name;
    std::function<void(RingBench&)> make;  // writes slot 0 (and any argument block)
    uint32_t code;
    const char* message;
};

void put_kernel(RingBench& b, const std::function<void(pk::Kernel&)>& change) {
    pk::Kernel k = good_kernel();
    change(k);
    b.put(0, k.encode());
}

void put_kernel_with_args(RingBench& b, const std::vector<uint32_t>& args, uint32_t mask) {
    pk::Kernel k = good_kernel();
    k.args_address = kArgs;
    b.put(0, k.encode());
    b.put_bytes(kArgs, pk::encode_args(args, mask));
}

void PrintTo(const BadPacket& c, std::ostream* os) { *os << c.name; }

class CpRingBadPacket : public testing::TestWithParam<BadPacket> {};

TEST_P(CpRingBadPacket, FailsWithItsCodeAndTheNextPacketRuns) {
    const BadPacket& c = GetParam();
    RingBench b;
    b.enable();
    c.make(b);
    b.put(1, good_kernel(pk::kFlagIrq).encode());
    b.bus.write(kQueueWptr, 2);
    b.run(3);
    EXPECT_EQ(b.status(0), kFailedStatus(c.code));
    EXPECT_EQ(b.bus.read(kErrorCode), c.code);
    EXPECT_EQ(b.bus.read(kQueueErrorSeq), 0u);
    EXPECT_EQ(b.bus.read(kIrqStatus), kIrqError | kIrqQueue);
    const std::string& message = b.cp.error_message();
    EXPECT_EQ(message.rfind("queue packet 0 (slot 0): ", 0), 0u) << message;
    EXPECT_NE(message.find(c.message), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    // The next packet ran: both groups of its kernel were dispatched and it completed.
    EXPECT_EQ(b.status(1), pk::kStatusDone);
    EXPECT_EQ(b.bus.read(kQueueCompleted), 2u);
    EXPECT_EQ(TestSp::log.size(), 2u);
    EXPECT_EQ(sim::StatGroup::find("cp", "packet_errors")->value(), 1.0);
}

const BadPacket kBadPackets[] = {
    {"CodeOutsideMemory",
     [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.code_base = 0x1000; }); },
     kErrorBadCode, "code image of 16 bytes at 0x00001000 is outside device memory"},
    {"CodePastTheEnd",
     [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.code_base = kBase + kWindow - 8; }); },
     kErrorBadCode, "is outside device memory"},
    {"NoCode", [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.code_bytes = 0; }); },
     kErrorBadCode, "CODE_BYTES 0 is not a whole, non-zero number of instructions"},
    {"EntryPcOutsideTheImage",
     [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.entry_pc = 16; }); }, kErrorBadCode,
     "entry PC 16 is not an instruction of the 16-byte code image"},
    {"EntryPcMisaligned",
     [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.entry_pc = 4; }); }, kErrorBadCode,
     "entry PC 4 is not an instruction"},
    {"ReturnPcOutsideTheImage",
     [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.return_pc = 64; }); }, kErrorBadCode,
     "return PC 64 is not an instruction"},
    {"ZeroGlobalSize", [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.global[0] = 0; }); },
     kErrorBadLaunch, "invalid launch: global size in dimension 0 is 0"},
    {"ZeroLocalSize", [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.local[0] = 0; }); },
     kErrorBadLaunch, "invalid launch: local size in dimension 0 is 0"},
    {"WorkDimFour", [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.work_dim = 4; }); },
     kErrorBadLaunch, "work_dim must be 1, 2 or 3, got 4"},
    {"LocalArgumentOverCapacity",
     [](RingBench& b) {
         put_kernel_with_args(b, {kData, 40000}, 0b10);
     },
     kErrorBadLaunch, "__local arguments exceed local memory"},
    {"StaticLocalOverCapacity",
     [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.static_local_bytes = 1u << 20; }); },
     kErrorBadLaunch, "__local variables of 1048576 bytes exceed local memory"},
    {"SeventeenArguments",
     [](RingBench& b) { put_kernel_with_args(b, std::vector<uint32_t>(17, 1), 0); },
     kErrorBadLaunch, "17 kernel arguments exceed the maximum of 16"},
    {"ArgumentBlockOutsideMemory",
     [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.args_address = 0x40000000; }); },
     kErrorBadArgs, "kernel argument block of 8 bytes at 0x40000000 is outside device memory"},
    {"ArgumentBlockMisaligned",
     [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.args_address = kArgs + 2; }); },
     kErrorBadArgs, "is not 4-byte aligned"},
    {"ArgumentBlockBusError",
     [](RingBench& b) { put_kernel(b, [](pk::Kernel& k) { k.args_address = kBase + kStorage; }); },
     kErrorMemory,
     "read of 8 bytes at device address 0x80010000 failed: TLM_ADDRESS_ERROR_RESPONSE"},
    {"UnknownType",
     [](RingBench& b) {
         pk::Bytes p = good_kernel().encode();
         p[pk::kType] = 9;
         b.put(0, p);
     },
     kErrorBadPacket, "unknown packet type 9"},
    {"EmptySlot", [](RingBench& b) { b.put(0, pk::Bytes{}); }, kErrorBadPacket,
     "unknown packet type 0"},
    {"ReservedFlag",
     [](RingBench& b) {
         pk::Bytes p = good_kernel().encode();
         p[pk::kFlags] = 0x80;
         b.put(0, p);
     },
     kErrorBadPacket, "reserved flag bits 0x00000080 are set"},
    {"FillOutsideMemory",
     [](RingBench& b) {
         b.put(0, pk::Fill{0, kBase + kWindow - 4, 8, 0}.encode());
     },
     kErrorBadRange, "fill of 8 bytes at 0x8001fffc is outside device memory"},
    {"CopyOverlap",
     [](RingBench& b) {
         b.put(0, pk::Copy{0, kData, kData + 8, 16}.encode());
     },
     kErrorBadRange, "the ranges overlap"},
    {"CopyBusError",
     [](RingBench& b) {
         b.put(0, pk::Copy{0, kBase + kStorage, kData, 16}.encode());
     },
     kErrorMemory, "read of 16 bytes at device address 0x80010000 failed"},
    {"FenceAddressOutsideMemory",
     [](RingBench& b) {
         b.put(0, pk::Fence{0, 0x10, 1}.encode());
     },
     kErrorBadRange, "fence write of 4 bytes at 0x00000010 is outside device memory"},
};

INSTANTIATE_TEST_SUITE_P(Cases, CpRingBadPacket, testing::ValuesIn(kBadPackets),
                         [](const testing::TestParamInfo<BadPacket>& i) { return i.param.name; });

TEST(CpRing, WritePointerOutOfRangeIsRefusedAndTheRingGoesOn) {
    RingBench b;
    b.enable(8);
    b.put(0, good_kernel(pk::kFlagIrq).encode());
    b.bus.write(kQueueWptr, 9);  // nine packets in eight slots
    b.run(1);
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorQueuePointer);
    EXPECT_EQ(b.bus.read(kIrqStatus), kIrqError);
    EXPECT_EQ(b.cp.error_message(),
              "command ring: QUEUE_WPTR 9 is out of range (completed 0, written 0, 8 slots); "
              "ignored");
    EXPECT_EQ(b.bus.read(kQueueWptr), 0u);
    EXPECT_EQ(b.bus.read(kQueueRptr), 0u);
    EXPECT_TRUE(TestSp::log.empty());
    b.bus.write(kIrqStatus, kIrqError);
    b.bus.write(kQueueWptr, 1);
    b.run(2);
    EXPECT_EQ(b.status(0), pk::kStatusDone);
    EXPECT_EQ(b.bus.read(kQueueCompleted), 1u);
    EXPECT_EQ(b.bus.read(kIrqStatus), kIrqQueue);
    // Moving the write pointer back is out of range too.
    b.bus.write(kQueueWptr, 0);
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorQueuePointer);
    EXPECT_EQ(b.bus.read(kQueueWptr), 1u);
    // Eight packets ahead of the completed one fill the ring exactly.
    for (uint32_t s = 1; s <= 8; ++s) b.put(s, good_kernel().encode());
    b.bus.write(kQueueWptr, 9);
    b.run(10);
    EXPECT_EQ(b.bus.read(kQueueCompleted), 9u);
}

TEST(CpRing, BadRingSetupIsRefused) {
    RingBench b;
    b.bus.write(kIrqEnable, kIrqError);
    b.bus.write(kQueueWptr, 1);  // the ring is not enabled
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorQueueConfig);
    EXPECT_EQ(b.cp.error_message(), "command ring: QUEUE_WPTR written while the ring is disabled");
    struct Setup {
        uint32_t base, size, profile, signal;
        const char* message;
    };
    const Setup bad[] = {
        {kRing, 3, 0, 0, "QUEUE_SIZE 3 is not a power of two from 1 to 65536"},
        {kRing, 0, 0, 0, "QUEUE_SIZE 0 is not a power of two"},
        {kRing + 32, 4, 0, 0, "ring of 256 bytes at QUEUE_BASE 0x80000020 is not 64-byte aligned"},
        {0x1000, 4, 0, 0, "at QUEUE_BASE 0x00001000 is not 64-byte aligned in device memory"},
        {kBase + kWindow - 64, 4, 0, 0, "ring of 256 bytes"},
        {kRing, 4, kBase + kWindow - 16, 0, "profile table at QUEUE_PROFILE 0x8001fff0"},
        {kRing, 4, 0, kSignal + 2, "signal word at QUEUE_SIGNAL 0x80003002"},
    };
    for (const Setup& s : bad) {
        b.bus.write(kQueueBase, s.base);
        b.bus.write(kQueueSize, s.size);
        b.bus.write(kQueueProfile, s.profile);
        b.bus.write(kQueueSignal, s.signal);
        b.bus.write(kQueueControl, kQueueEnable);
        EXPECT_EQ(b.bus.read(kQueueControl), 0u) << s.message;
        EXPECT_EQ(b.bus.read(kErrorCode), kErrorQueueConfig) << s.message;
        EXPECT_NE(b.cp.error_message().find(s.message), std::string::npos) << b.cp.error_message();
    }
    b.enable(4);
    EXPECT_EQ(b.bus.read(kQueueControl), kQueueEnable);
    b.bus.write(kQueueSize, 8);  // not while enabled
    EXPECT_EQ(b.bus.read(kQueueSize), 4u);
    EXPECT_NE(b.cp.error_message().find("only be written while the ring is disabled"),
              std::string::npos);
    b.put(0, good_kernel().encode(), 4);
    b.bus.write(kQueueWptr, 1);
    b.bus.write(kQueueControl, 0);  // not while a packet is pending
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorBusy);
    EXPECT_EQ(b.bus.read(kQueueControl), kQueueEnable);
    b.run(2);
    EXPECT_EQ(b.status(0, 4), pk::kStatusDone);
    b.bus.write(kQueueControl, 0);
    EXPECT_EQ(b.bus.read(kQueueControl), 0u);
}

TEST(CpRing, PacketReadBusErrorFailsThePacketWithoutAHang) {
    RingBench b;
    b.bus.write(kQueueBase, kBase + kStorage);  // in the CP's window, not in the memory
    b.bus.write(kQueueSize, 2);
    b.bus.write(kIrqEnable, kIrqError | kIrqQueue);
    b.bus.write(kQueueControl, kQueueEnable);
    b.bus.write(kQueueWptr, 2);
    b.run(2);
    EXPECT_EQ(b.bus.read(kQueueCompleted), 2u);
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorMemory);
    EXPECT_EQ(b.bus.read(kQueueErrorSeq), 1u);
    EXPECT_NE(b.cp.error_message().find("queue packet 1 (slot 1): read of 64 bytes at device "
                                        "address 0x80010040 failed: TLM_ADDRESS_ERROR_RESPONSE"),
              std::string::npos)
        << b.cp.error_message();
    EXPECT_EQ(sim::StatGroup::find("cp", "packet_errors")->value(), 2.0);
    EXPECT_TRUE(TestSp::log.empty());
}

TEST(CpRing, RegisterAndRingKernelsShareTheOneKernelSlot) {
    RingBench b;
    b.enable();
    b.bus.write(kCodeBase, kCode);
    b.bus.write(kCodeBytes, 16);
    b.bus.write(kWorkDim, 1);
    b.bus.write(kGlobal0, 16);
    b.bus.write(kLocal0, 16);
    b.bus.write(kControl, kControlStartKernel);
    b.put(0, good_kernel(pk::kFlagIrq).encode());
    b.bus.write(kQueueWptr, 1);
    b.run(0.015);
    // The ring kernel (its packet read by now) waits for the register kernel; a second START
    // is refused.
    EXPECT_EQ(b.bus.read(kQueueRptr), 1u);
    ASSERT_EQ(TestSp::log.size(), 1u);
    b.bus.write(kControl, kControlStartKernel);
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorBusy);
    b.run(2);
    ASSERT_EQ(TestSp::log.size(), 3u);
    EXPECT_EQ(b.status(0), pk::kStatusDone);
    EXPECT_EQ(b.bus.read(kIrqStatus), kIrqKernelDone | kIrqQueue | kIrqError);
}

TEST(CpRing, KernelFaultFailsThePacketAfterTheOtherSpsGroupsEnd) {
    RingBench b;
    b.enable();
    b.put(0, good_kernel().encode());
    b.put(1, good_kernel(pk::kFlagIrq).encode());
    b.bus.write(kQueueWptr, 2);
    // Run until both groups of the first kernel are on their SPs, then SP 0 faults.
    while (TestSp::log.size() < 2) b.run(0.001);
    const uint64_t fault_cycle = b.core.now();
    b.sp0.fault("fault: SP 0, warp 0, thread 0 (work-group 0), PC 0x0000: test fault");
    b.run(2);
    EXPECT_EQ(b.status(0), kFailedStatus(kErrorKernelFault));
    EXPECT_EQ(b.bus.read(kErrorCode), kErrorKernelFault);
    EXPECT_NE(b.cp.error_message().find("queue packet 0 (slot 0): fault: SP 0"), std::string::npos);
    // The failed packet completed only when SP 1's group had ended.
    const uint64_t end0 = b.dword(kProfile + 8);
    EXPECT_GE(end0, TestSp::log[1].cycle + 20);
    EXPECT_GT(end0, fault_cycle);
    // The next kernel ran on SP 1 only (SP 0 stays stopped until reset).
    EXPECT_EQ(b.status(1), pk::kStatusDone);
    ASSERT_EQ(TestSp::log.size(), 4u);
    EXPECT_EQ(TestSp::log[2].sp, 1u);
    EXPECT_EQ(TestSp::log[3].sp, 1u);
    // With SP 1 stopped too, a kernel cannot run: it fails at once instead of waiting forever.
    b.sp1.fault("fault: SP 1: test fault outside a kernel");
    b.put(2, good_kernel(pk::kFlagIrq).encode());
    b.bus.write(kQueueWptr, 3);
    b.run(2);
    EXPECT_EQ(b.status(2), kFailedStatus(kErrorKernelFault));
    EXPECT_NE(b.cp.error_message().find("no SP can take work-group 0: every SP is stopped"),
              std::string::npos)
        << b.cp.error_message();
    EXPECT_EQ(b.bus.read(kQueueCompleted), 3u);
}

TEST(CpRing, ResetInTheMiddleOfAKernelLeavesTheCpUsable) {
    RingBench b;
    b.enable();
    for (uint32_t s = 0; s < 4; ++s) b.put(s, good_kernel().encode());
    b.bus.write(kQueueWptr, 4);
    while (TestSp::log.size() < 1) b.run(0.001);
    EXPECT_TRUE(b.cp.kernel_busy());
    b.cp.reset();
    b.sp0.reset();
    b.sp1.reset();
    b.run(0.1);
    EXPECT_FALSE(b.cp.kernel_busy());
    EXPECT_FALSE(b.watch.line.read());
    EXPECT_EQ(b.bus.read(kQueueControl), 0u);
    EXPECT_EQ(b.bus.read(kQueueCompleted), 0u);
    EXPECT_EQ(b.bus.read(kQueueWptr), 0u);
    EXPECT_EQ(b.bus.read(kIrqStatus), 0u);
    EXPECT_EQ(b.bus.read(kIrqEnable), 0u);
    EXPECT_EQ(b.bus.read(kStatus), 0u);
    EXPECT_EQ(b.bus.read(kId), kIdValue);
    EXPECT_EQ(b.bus.read(kNumSps), 2u);
    EXPECT_EQ(TestSp::log.size(), 1u);  // nothing dispatched after the reset
    // A good run after the reset.
    TestSp::log.clear();
    b.enable();
    b.put(0, good_kernel(pk::kFlagIrq).encode());
    b.bus.write(kQueueWptr, 1);
    b.run(2);
    EXPECT_EQ(b.status(0), pk::kStatusDone);
    EXPECT_EQ(TestSp::log.size(), 2u);
    EXPECT_EQ(b.bus.read(kIrqStatus), kIrqQueue);
    EXPECT_EQ(sim::ProtocolChecker::total_violations(), 0u);
}

}  // namespace
}  // namespace mvp::tb
