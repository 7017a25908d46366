#include "modules/golden/functional_model.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "modules/isa/semantics.h"
#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/build.h"

namespace mvp {
namespace {

constexpr uint32_t kIn = GlobalMemory::kBase + 0x1000;
constexpr uint32_t kOut = GlobalMemory::kBase + 0x2000;
constexpr uint32_t kCode = GlobalMemory::kBase + 0x40000;

class FunctionalModelTest : public ::testing::Test {
  protected:
    FunctionalModelTest() : memory_(1 << 20) {}

    FunctionalModel::Stats run(const std::string& source, std::vector<uint32_t> global,
                               std::vector<uint32_t> local, std::vector<KernelArg> args,
                               const std::string& entry = "kernel") {
        program_ = toolchain::build_program({{"k.s", source}});
        Launch l;
        const toolchain::Symbol* s = program_.find_symbol(entry);
        EXPECT_NE(s, nullptr);
        l.entry_pc = s ? s->value : 0;
        l.range.work_dim = static_cast<uint32_t>(global.size());
        for (size_t d = 0; d < global.size(); ++d) {
            l.range.global[d] = global[d];
            l.range.local[d] = local[d];
        }
        l.args = std::move(args);
        FunctionalModel model(params_);
        return model.run(load(), l, memory_);
    }

    // Writes the program's image at kCode, as a loader does, with its debug map.
    CodeImage load() {
        std::vector<uint64_t> image = program_.image(0);
        memory_.write(kCode, image.data(), image.size() * 8);
        CodeImage code;
        code.base = kCode;
        code.bytes = program_.code_bytes();
        code.return_pc = program_.exit_stub_pc;
        code.debug = &program_;
        return code;
    }

    uint32_t word(uint32_t address) {
        uint32_t v;
        memory_.read(address, &v, 4);
        return v;
    }

    FunctionalModel::Params params_{KernelAbi::Params{}, 4, 0};
    GlobalMemory memory_;
    toolchain::Program program_;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

TEST_F(FunctionalModelTest, SeedSquareKernel) {
    std::vector<float> data(32);
    for (int i = 0; i < 32; ++i) data[i] = 0.25f * i - 3.0f;
    memory_.write(kIn, data.data(), 128);
    FunctionalModel::Stats s = run(
        read_file("sw/kernels/cl_hello/_cl_hello.s"), {32}, {32},
        {KernelArg::of_value(kIn), KernelArg::of_value(kOut), KernelArg::of_value(30)}, "square");
    for (int i = 0; i < 32; ++i) {
        float expect = i < 30 ? data[i] * data[i] : 0.0f;
        EXPECT_EQ(word(kOut + 4 * i), isa::as_bits(expect)) << i;
    }
    // In range: all 25 kernel instructions, 5 of get_global_id, the exit stub. Out of range:
    // the branch skips jp and if.then (6 instructions).
    EXPECT_EQ(s.thread_instructions, 30u * (25 + 5 + 1) + 2u * (19 + 5 + 1));
    EXPECT_EQ(s.work_items, 32u);
    EXPECT_EQ(s.work_groups, 1u);
}

TEST_F(FunctionalModelTest, BarrierOrdersLocalMemoryAcrossThreads) {
    // Each thread writes its id to local[lid], syncs, then reads its neighbour's slot.
    const char* src = R"(
	.globl kernel
kernel:
	rdsr	$2, $zero, %local_id
	sfll.i	$3, $2, 2
	add	$8, $4, $3
	st.w	$2, 0($8)
	sync
	add.si	$9, $2, 1
	rdsr	$10, $zero, %local_size
	blt	$9, $10, .Lok
	add.si	$9, $zero, 0
.Lok:
	sfll.i	$9, $9, 2
	add	$9, $4, $9
	ld.w	$11, 0($9)
	rdsr	$12, $zero, %global_id
	sfll.i	$12, $12, 2
	add	$12, $5, $12
	st.w	$11, 0($12)
	exit
)";
    run(src, {48}, {16}, {KernelArg::of_local(64), KernelArg::of_value(kOut)});
    for (uint32_t i = 0; i < 48; ++i) EXPECT_EQ(word(kOut + 4 * i), (i % 16 + 1) % 16) << i;
}

TEST_F(FunctionalModelTest, AtomicsCountAcrossGroups) {
    const char* src = R"(
	.globl kernel
kernel:
	add.si	$2, $zero, 1
	atom.add	$3, $2, ($4)
	exit
)";
    run(src, {200}, {8}, {KernelArg::of_value(kOut)});
    EXPECT_EQ(word(kOut), 200u);
}

TEST_F(FunctionalModelTest, StackArgumentsReachTheKernel) {
    const char* src = R"(
	.globl kernel
kernel:
	ld.w	$8, 16($sp)
	ld.w	$9, 20($sp)
	add	$8, $8, $9
	add	$8, $8, $7
	st.w	$8, 0($4)
	jr	$ra
)";
    std::vector<KernelArg> args = {KernelArg::of_value(kOut), KernelArg::of_value(0),
                                   KernelArg::of_value(0),    KernelArg::of_value(1),
                                   KernelArg::of_value(20),   KernelArg::of_value(300)};
    run(src, {1}, {1}, args);
    EXPECT_EQ(word(kOut), 321u);
}

TEST_F(FunctionalModelTest, MisalignedAccessNamesThreadPcLineAndAddress) {
    const char* src = R"(
	.globl kernel
kernel:
	rdsr	$2, $zero, %global_id
	add	$3, $4, $2
	ld.w	$5, 0($3)
	exit
)";
    try {
        run(src, {8}, {4}, {KernelArg::of_value(kIn)});
        FAIL() << "expected a fault";
    } catch (const KernelFault& e) {
        // Thread 1 of group 0 (SP 0) faults first: kIn + 1 is misaligned.
        EXPECT_STREQ(e.what(),
                     "fault: SP 0, warp 0, thread 1 (work-group 0), PC 0x0010 (k.s:6) "
                     "ld.w $5, 0($3): misaligned access at address 0x80001001");
    }
}

TEST_F(FunctionalModelTest, UnmappedAccessFaults) {
    const char* src = R"(
	.globl kernel
kernel:
	or.i	$3, $zero, 0x40000000
	st.w	$3, 0($3)
	exit
)";
    try {
        run(src, {8}, {4}, {});
        FAIL() << "expected a fault";
    } catch (const KernelFault& e) {
        EXPECT_STREQ(e.what(),
                     "fault: SP 0, warp 0, thread 0 (work-group 0), PC 0x0008 (k.s:5) "
                     "st.w $3, 0($3): unmapped address at address 0x40000000");
    }
}

TEST_F(FunctionalModelTest, SecondGroupFaultsOnItsSp) {
    const char* src = R"(
	.globl kernel
kernel:
	rdsr	$2, $zero, %group_id
	beq	$2, $zero, .Lend
	jr	$2
.Lend:
	exit
)";
    try {
        run(src, {24}, {4}, {});
        FAIL() << "expected a fault";
    } catch (const KernelFault& e) {
        EXPECT_STREQ(e.what(),
                     "fault: SP 1, warp 0, thread 0 (work-group 1), PC 0x0010 (k.s:6) jr $2: "
                     "jump outside the code image at address 0x00000001");
    }
}

TEST_F(FunctionalModelTest, UndefinedInstructionFaults) {
    program_ = toolchain::build_program({{"k.s", "\t.globl kernel\nkernel:\n\texit\n"}});
    program_.code[0] = 0xff;  // opcode 255 is undefined
    Launch l;
    FunctionalModel model(params_);
    try {
        model.run(load(), l, memory_);
        FAIL() << "expected a fault";
    } catch (const KernelFault& e) {
        EXPECT_NE(std::string(e.what()).find("PC 0x0000 (k.s:3) exit: undefined instruction"),
                  std::string::npos)
            << e.what();
    }
}

TEST_F(FunctionalModelTest, RunLimitStopsAnEndlessLoop) {
    const char* src = R"(
	.globl kernel
kernel:
	add.si	$2, $2, 1
	jp	kernel
)";
    params_.max_thread_instructions = 1000;
    try {
        run(src, {1}, {1}, {});
        FAIL() << "expected a fault";
    } catch (const KernelFault& e) {
        EXPECT_EQ(std::string(e.what()),
                  "fault: SP 0, warp 0, thread 0 (work-group 0), PC 0x0008 (k.s:5) jp kernel: run "
                  "limit exceeded after 1002 thread instructions "
                  "(-mvpgpu_functional_max_instructions 1000); the last 500 thread instructions "
                  "ran PC 0x0000 (k.s:4) to 0x0008 (k.s:5)");
    }
}

// The range covers the loop a runaway thread ends in, called functions included, and not the
// code it ran before.
TEST_F(FunctionalModelTest, RunLimitNamesTheLoopAThreadEndsIn) {
    const char* src = R"(
	.globl kernel
kernel:
	add.si	$2, $0, 50
warmup:
	add.si	$2, $2, -1
	bne	$2, $0, warmup
spin:
	jplnk	step
	jp	spin
step:
	add.si	$3, $3, 1
	jr	$ra
)";
    params_.max_thread_instructions = 400;
    try {
        run(src, {1}, {1}, {});
        FAIL() << "expected a fault";
    } catch (const KernelFault& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("(-mvpgpu_functional_max_instructions 400); the last 200 thread "
                            "instructions ran PC 0x0018 (k.s:9) to 0x0030 (k.s:13)"),
                  std::string::npos)
            << what;
    }
}

TEST_F(FunctionalModelTest, WorkItemBuiltinsOutOfRangeDimensions) {
    // get_global_id(3) is 0 and get_local_size(3) is 1, as OpenCL says.
    const char* src = R"(
	.globl kernel
kernel:
	add.si	$sp, $sp, -8
	st.w	$ra, 4($sp)
	or	$16, $4, $zero
	add.si	$4, $zero, 3
	jplnk	_Z13get_global_idj
	st.w	$2, 0($5)
	jplnk	_Z14get_local_sizej
	st.w	$2, 4($5)
	add.si	$4, $zero, 0
	jplnk	_Z14get_local_sizej
	st.w	$2, 8($5)
	ld.w	$ra, 4($sp)
	add.si	$sp, $sp, 8
	jr	$ra
)";
    EXPECT_THROW(run(src, {1}, {1}, {}), toolchain::AsmError);  // $16 is not a register
    std::string fixed = src;
    fixed.replace(fixed.find("\tor\t$16, $4, $zero\n"), 19, "");
    memory_.write(kOut, "\x55\x55\x55\x55", 4);
    run(fixed, {6}, {6}, {KernelArg::of_value(0), KernelArg::of_value(kOut)});
    EXPECT_EQ(word(kOut), 0u);
    EXPECT_EQ(word(kOut + 4), 1u);
    EXPECT_EQ(word(kOut + 8), 6u);
}

}  // namespace
}  // namespace mvp
