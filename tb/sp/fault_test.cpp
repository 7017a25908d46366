// Faults, hangs and run limits of the SP pipeline: the one-line messages, identical to the
// golden model's for faults.

#include <gtest/gtest.h>

#include <string>

#include "modules/golden/kernel_fault.h"
#include "tb/sp/pipeline_bench.h"

namespace mvp::tb {
namespace {

// Thread 5 of 8 (two warps of 4) does something wrong after `setup`.
std::string faulting(const std::string& bad) {
    return R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %global_id
	add.si	$3, $zero, 5
	bne	$2, $3, .Lok
)" + bad + R"(
.Lok:
	add.si	$8, $zero, 1
	jr	$ra
)";
}

std::string golden_message(const Kernel& k, const SpParams& p) {
    GlobalMemory m(kGlobalBytes);
    try {
        run_golden(k, m, p);
    } catch (const KernelFault& f) {
        return f.what();
    }
    return "";
}

void expect_same_fault(Kernel& k, const config::Config& c = make_config()) {
    PipelineBench b("b", c);
    std::string expected = golden_message(k, b.params);
    ASSERT_NE(expected, "");
    b.run(k);
    EXPECT_EQ(b.error, expected);
    EXPECT_TRUE(b.sp->stopped());
}

TEST(SpFault, MisalignedLoad) {
    Kernel k = build_kernel(faulting("\tld.w $4, 2($4)\n"), "kernel", 8, 8,
                            {KernelArg::of_value(kBufferBase)});
    expect_same_fault(k);
}

TEST(SpFault, UnmappedStore) {
    Kernel k = build_kernel(faulting("\tst.w $2, 0($4)\n"), "kernel", 8, 8,
                            {KernelArg::of_value(0x00009000)});
    expect_same_fault(k);
}

TEST(SpFault, UnmappedAtomicPastTheEndOfGlobalMemory) {
    Kernel k = build_kernel(faulting("\tatom.add $5, $2, ($4)\n"), "kernel", 8, 8,
                            {KernelArg::of_value(0x80000000u + kGlobalBytes - 2)});
    expect_same_fault(k);
}

TEST(SpFault, LocalAccessStraddlingTheEndOfLocalMemory) {
    Kernel k =
        build_kernel(faulting("\tld.h $5, 0($4)\n"), "kernel", 8, 8, {KernelArg::of_value(32767)});
    expect_same_fault(k);
}

TEST(SpFault, JumpOutsideTheCodeImage) {
    Kernel k = build_kernel(faulting("\tjr $4\n"), "kernel", 8, 8, {KernelArg::of_value(0x10004)});
    expect_same_fault(k);
}

TEST(SpFault, SpecialRegisterOutOfRange) {
    Kernel k = build_kernel(faulting("\trdsr $5, $4, %work_dim\n"), "kernel", 8, 8,
                            {KernelArg::of_value(10)});
    expect_same_fault(k);
}

TEST(SpFault, UndefinedInstruction) {
    Kernel k = build_kernel(faulting("\tadd $9, $9, $9\n"), "kernel", 8, 8, {});
    k.program.code[3] |= uint64_t{1} << 24;  // reserved bits set
    expect_same_fault(k);
}

TEST(SpFault, RunningOffTheEndOfTheCode) {
    std::string src = faulting("\tjp __mvp_exit_stub\n");
    src.replace(src.rfind("jr\t$ra"), 6, "exit");  // only thread 5 reaches the stub
    Kernel k = build_kernel(src, "kernel", 8, 8, {});
    isa::Instruction add{isa::Opcode::kAdd, 1, 2, 3, 0};
    k.program.code.back() = isa::encode(add);  // the exit stub no longer exits
    expect_same_fault(k);
}

TEST(SpFault, WarpSize32FaultNamesTheThread) {
    Kernel k = build_kernel(faulting("\tld.w $4, 0($4)\n"), "kernel", 8, 8,
                            {KernelArg::of_value(0x70000000)});
    expect_same_fault(k, make_config({{"mvpgpu_n_threads_per_sp_and_warp_size", "32"}}));
}

TEST(SpHang, WatchdogNamesTheLiveWarps) {
    const char* src = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %global_id
	beq	$2, $zero, .Lspin
	jr	$ra
.Lspin:
	jp	.Lspin
)";
    Kernel k = build_kernel(src, "kernel", 8, 8, {});
    PipelineBench b("b",
                    make_config({{"mvpgpu_watchdog_cycles", "0"}, {"gpgpu_max_cycle", "500"}}));
    b.run(k);
    EXPECT_EQ(b.error,
              "SP 0: the run reached -gpgpu_max_cycle 500 with live warps: warp 0 at PC 0x0018 "
              "(k.s:8)");
}

TEST(SpHang, DeadlockedBarrierIsReportedByTheWatchdog) {
    // Thread 0 reaches a barrier inside divergence: on the PDOM stack the other threads of its
    // warp wait below it and never arrive (the golden model, running thread by thread, lets
    // them exit). Nothing retires any more: the watchdog stops the run. (MP-IPDOM runs the
    // other threads to their exit and completes the barrier: mp_ipdom_pipeline_test.)
    const char* src = R"(
	.globl	kernel
kernel:
	rdsr	$2, $zero, %global_id
	bne	$2, $zero, .Lother
	sync
	jr	$ra
.Lother:
	jr	$ra
)";
    Kernel k = build_kernel(src, "kernel", 8, 8, {});
    PipelineBench b(
        "b", make_config({{"mvpgpu_watchdog_cycles", "2000"}, {"mvpgpu_divergence", "pdom"}}));
    b.run(k);
    EXPECT_EQ(b.error,
              "SP 0: no instruction retired for 2000 cycles (-mvpgpu_watchdog_cycles), live "
              "warps: warp 0 at PC 0x0018 (k.s:7) at a barrier");
    EXPECT_LT(b.sp->counters.ticks, 100u);  // it slept while hung
}

}  // namespace
}  // namespace mvp::tb
