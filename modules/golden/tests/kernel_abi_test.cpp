#include "modules/golden/kernel_abi.h"

#include <gtest/gtest.h>

namespace mvp {
namespace {

using isa::SpecialRegister;

uint32_t sr(const uint32_t* special, SpecialRegister r, unsigned d = 0) {
    return special[static_cast<unsigned>(r) + d];
}

Launch make_launch(std::vector<uint32_t> global, std::vector<uint32_t> local) {
    Launch l;
    l.entry_pc = 0x40;
    l.range.work_dim = static_cast<uint32_t>(global.size());
    for (size_t d = 0; d < global.size(); ++d) {
        l.range.global[d] = global[d];
        l.range.local[d] = local[d];
    }
    return l;
}

TEST(KernelAbi, ThreadStartsWithArgumentsStackAndExitStub) {
    Launch l = make_launch({32}, {8});
    l.args = {KernelArg::of_value(0x80000000u), KernelArg::of_value(0x80000100u),
              KernelArg::of_value(32)};
    KernelAbi abi(KernelAbi::Params{}, l, 0x1f8);
    KernelAbi::Group g = abi.group(2);
    uint32_t regs[16], special[isa::kNumSpecialRegisters];
    abi.init_thread(g, 5, 5, 7, 0, regs, special);
    EXPECT_EQ(regs[4], 0x80000000u);
    EXPECT_EQ(regs[5], 0x80000100u);
    EXPECT_EQ(regs[6], 32u);
    EXPECT_EQ(regs[7], 0u);
    EXPECT_EQ(regs[0], 0u);
    EXPECT_EQ(regs[15], 0x1f8u);
    // Slot 5's stack: 0x8000 - 5 * 320, less the 16-byte home area.
    EXPECT_EQ(regs[14], 0x8000u - 5 * 320 - 16);
    EXPECT_EQ(regs[14] % 8, 0u);
    EXPECT_EQ(sr(special, SpecialRegister::kGlobalId), 2u * 8 + 5);
    EXPECT_EQ(sr(special, SpecialRegister::kLocalId), 5u);
    EXPECT_EQ(sr(special, SpecialRegister::kGroupId), 2u);
    EXPECT_EQ(sr(special, SpecialRegister::kLocalSize), 8u);
    EXPECT_EQ(sr(special, SpecialRegister::kNumGroups), 4u);
    EXPECT_EQ(sr(special, SpecialRegister::kGlobalSize), 32u);
    EXPECT_EQ(sr(special, SpecialRegister::kGlobalSize, 1), 1u);
    EXPECT_EQ(sr(special, SpecialRegister::kWorkDim), 1u);
    EXPECT_EQ(sr(special, SpecialRegister::kSpId), 7u);
    EXPECT_EQ(sr(special, SpecialRegister::kWarpId), 1u);
    EXPECT_EQ(sr(special, SpecialRegister::kLaneId), 1u);
}

TEST(KernelAbi, NonUniformLastGroupIsSmaller) {
    KernelAbi abi(KernelAbi::Params{}, make_launch({10, 3}, {4, 2}), 0);
    EXPECT_EQ(abi.num_groups(), 3u * 2u);
    KernelAbi::Group last = abi.group(5);  // id (2, 1)
    EXPECT_EQ(last.id[0], 2u);
    EXPECT_EQ(last.id[1], 1u);
    EXPECT_EQ(last.size[0], 2u);
    EXPECT_EQ(last.size[1], 1u);
    EXPECT_EQ(last.work_items, 2u);
    uint32_t regs[16], special[isa::kNumSpecialRegisters];
    abi.init_thread(last, 1, 1, 0, 0, regs, special);
    EXPECT_EQ(sr(special, SpecialRegister::kGlobalId, 0), 9u);
    EXPECT_EQ(sr(special, SpecialRegister::kGlobalId, 1), 2u);
    EXPECT_EQ(sr(special, SpecialRegister::kLocalSize, 0), 2u);
    EXPECT_EQ(sr(special, SpecialRegister::kEnqueuedLocalSize, 0), 4u);
}

TEST(KernelAbi, LocalLargerThanGlobalIsClamped) {
    KernelAbi abi(KernelAbi::Params{}, make_launch({32}, {64}), 0);
    EXPECT_EQ(abi.num_groups(), 1u);
    EXPECT_EQ(abi.group(0).work_items, 32u);
}

TEST(KernelAbi, LocalArgumentsAreAllocatedUpwardAligned) {
    Launch l = make_launch({4}, {4});
    l.args = {KernelArg::of_local(20), KernelArg::of_value(7), KernelArg::of_local(8)};
    KernelAbi abi(KernelAbi::Params{}, l, 0);
    EXPECT_EQ(abi.arg_value(0, 0), 0u);
    EXPECT_EQ(abi.arg_value(1, 0), 7u);
    EXPECT_EQ(abi.arg_value(2, 0), 32u);
    EXPECT_EQ(abi.local_area_bytes(), 48u);
    EXPECT_EQ(abi.local_area_limit(), 0x3000u);
}

// The group's area base moves its __local arguments (registers and stacked words) and is what
// %local_base reads; the kernel-scope variables come first.
TEST(KernelAbi, LocalArgumentsFollowTheGroupsAreaBase) {
    Launch l = make_launch({8}, {4});
    l.static_local_bytes = 36;
    l.args = {KernelArg::of_local(20), KernelArg::of_value(7), KernelArg::of_value(8),
              KernelArg::of_value(9), KernelArg::of_local(4)};
    KernelAbi abi(KernelAbi::Params{}, l, 0);
    EXPECT_EQ(abi.local_area_bytes(), 96u);  // 48 of variables, 32 and 16 of arguments
    uint32_t regs[16], special[isa::kNumSpecialRegisters];
    abi.init_thread(abi.group(1), 2, 6, 0, 0x200, regs, special);
    EXPECT_EQ(special[static_cast<unsigned>(isa::SpecialRegister::kLocalBase)], 0x200u);
    EXPECT_EQ(regs[4], 0x200u + 48);
    EXPECT_EQ(regs[5], 7u);
    std::vector<KernelAbi::StackWord> words = abi.stack_words(6, 0, 0x200);
    ASSERT_EQ(words.size(), 1u);
    EXPECT_EQ(words[0].address, regs[14] + 16);
    EXPECT_EQ(words[0].value, 0x200u + 80);
    EXPECT_EQ(abi.stack_words(6, 0, 0)[0].value, 80u);
}

TEST(KernelAbi, FifthAndLaterArgumentsGoOnTheStack) {
    Launch l = make_launch({1}, {1});
    for (uint32_t i = 0; i < 6; ++i) l.args.push_back(KernelArg::of_value(100 + i));
    KernelAbi abi(KernelAbi::Params{}, l, 0);
    uint32_t regs[16], special[isa::kNumSpecialRegisters];
    abi.init_thread(abi.group(0), 0, 0, 0, 0, regs, special);
    std::vector<KernelAbi::StackWord> words = abi.stack_words(0, 0, 0);
    ASSERT_EQ(words.size(), 2u);
    EXPECT_EQ(words[0].address, regs[14] + 16);
    EXPECT_EQ(words[0].value, 104u);
    EXPECT_EQ(words[1].address, regs[14] + 20);
    EXPECT_EQ(words[1].value, 105u);
    EXPECT_LE(words[1].address + 4, 0x8000u);
}

// A launch with a private area has its stacks there, slot by slot and SP by SP, with the
// stacked arguments at $sp; the whole local memory is the work-groups'.
TEST(KernelAbi, StacksInThePrivateAreaLeaveLocalMemoryToTheGroups) {
    Launch l = make_launch({64}, {64});
    l.args = {KernelArg::of_local(32768)};
    for (uint32_t i = 0; i < 5; ++i) l.args.push_back(KernelArg::of_value(100 + i));
    l.private_base = 0x80010000u;
    l.private_bytes = 1024;
    KernelAbi abi(KernelAbi::Params{}, l, 0);
    EXPECT_EQ(abi.local_stack_bytes(), 0u);
    EXPECT_EQ(abi.local_area_limit(), 0x8000u);
    EXPECT_EQ(abi.local_area_bytes(), 32768u);
    uint32_t regs[16], special[isa::kNumSpecialRegisters];
    abi.init_thread(abi.group(0), 3, 3, 2, 0, regs, special);
    // SP 2, slot 3: the fourth slot of the third SP's 64; the argument area is 24 bytes.
    const uint32_t top = 0x80010000u + (2 * 64 + 3 + 1) * 1024;
    EXPECT_EQ(regs[14], top - 24);
    EXPECT_EQ(regs[4], 0u);
    std::vector<KernelAbi::StackWord> words = abi.stack_words(3, 2, 0);
    ASSERT_EQ(words.size(), 2u);
    EXPECT_EQ(words[0].address, top - 8);
    EXPECT_EQ(words[1].value, 104u);

    l.private_bytes = 256;  // leaves less than 256 bytes below $sp
    EXPECT_THROW(KernelAbi(KernelAbi::Params{}, l, 0), std::invalid_argument);
    l.private_bytes = 1000;  // not a multiple of 16
    EXPECT_THROW(KernelAbi(KernelAbi::Params{}, l, 0), std::invalid_argument);
}

TEST(KernelAbi, RejectsInvalidLaunches) {
    EXPECT_THROW(KernelAbi(KernelAbi::Params{}, make_launch({128}, {128}), 0),
                 std::invalid_argument);
    EXPECT_THROW(KernelAbi(KernelAbi::Params{}, make_launch({0}, {1}), 0), std::invalid_argument);
    Launch big = make_launch({4}, {4});
    big.args = {KernelArg::of_local(16384)};
    try {
        KernelAbi(KernelAbi::Params{}, big, 0);
        FAIL() << "expected a rejection";
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(),
                     "__local arguments need 16384 bytes of local memory but only 12288 are "
                     "left beside the private stacks");
    }
    Launch many = make_launch({1}, {1});
    many.args.assign(17, KernelArg::of_value(0));
    EXPECT_THROW(KernelAbi(KernelAbi::Params{}, many, 0), std::invalid_argument);
}

}  // namespace
}  // namespace mvp
