// Unit tests of the instruction buffer: a FIFO of fetched instructions whose entries are
// reserved when a fetch is sent and filled (or failed) when the ICC answers, in any order, for
// every size (up to two entries kept in place, more in a separate ring).

#include "modules/sp/instruction_buffer.h"

#include <gtest/gtest.h>

#include <deque>
#include <random>

namespace mvp {
namespace {

using State = InstructionBuffer::State;

uint64_t word_for(uint32_t pc) {
    isa::Instruction in;
    in.op = isa::Opcode::kAddSi;
    in.rd = 1;
    in.rs = 2;
    in.imm = static_cast<int32_t>(pc);
    return isa::encode(in);
}

TEST(InstructionBuffer, ReservesFillsAndPopsInOrderAcrossTheRing) {
    for (unsigned capacity = 1; capacity <= 5; ++capacity) {
        SCOPED_TRACE(capacity);
        InstructionBuffer buf;
        buf.resize(capacity);
        EXPECT_EQ(buf.capacity(), capacity);
        uint32_t next_pc = 0;
        uint32_t head_pc = 0;
        uint64_t cycle = 0;
        for (unsigned round = 0; round < 4 * capacity + 3; ++round) {
            const unsigned kept = buf.size();  // valid entries left by the last round
            while (buf.room() > 0) {
                buf.reserve(next_pc);
                next_pc += 8;
            }
            EXPECT_EQ(buf.size(), capacity);
            // Answers arrive youngest first: the ready run grows only when the oldest arrives.
            for (unsigned k = capacity; k-- > kept;) {
                EXPECT_EQ(buf.ready(), kept);
                ASSERT_TRUE(buf.fill(head_pc + 8 * k, word_for(head_pc + 8 * k), ++cycle));
            }
            EXPECT_EQ(buf.ready(), capacity);
            for (unsigned k = 0; k < capacity; ++k) {
                EXPECT_EQ(buf.at(k).pc, head_pc + 8 * k);
                EXPECT_EQ(buf.at(k).state, State::kValid);
                EXPECT_EQ(buf.at(k).in.imm, static_cast<int32_t>(head_pc + 8 * k));
            }
            // A few leave, so that the next round starts elsewhere in the ring.
            for (unsigned k = 0, pops = 1 + round % capacity; k < pops; ++k) {
                EXPECT_EQ(buf.front().pc, head_pc);
                buf.pop();
                head_pc += 8;
            }
        }
    }
}

TEST(InstructionBuffer, MatchesAFifoUnderRandomTraffic) {
    std::mt19937 rng(12);
    for (unsigned capacity = 1; capacity <= 6; ++capacity) {
        SCOPED_TRACE(capacity);
        InstructionBuffer buf;
        buf.resize(capacity);
        struct Ref {
            uint32_t pc;
            State state;
        };
        std::deque<Ref> ref;
        uint32_t next_pc = 0;
        for (unsigned step = 0; step < 2000; ++step) {
            switch (rng() % 5) {
                case 0:
                case 1:
                    if (buf.room() > 0) {
                        buf.reserve(next_pc);
                        ref.push_back({next_pc, State::kPending});
                        next_pc += 8;
                    }
                    break;
                case 2:
                    if (!ref.empty()) {
                        Ref& r = ref[rng() % ref.size()];
                        const bool pending = r.state == State::kPending;
                        EXPECT_EQ(buf.fill(r.pc, word_for(r.pc), step), pending);
                        if (pending) r.state = State::kValid;
                    }
                    break;
                case 3:
                    if (!ref.empty()) {
                        Ref& r = ref[rng() % ref.size()];
                        const bool pending = r.state == State::kPending;
                        EXPECT_EQ(buf.fail(r.pc), pending);
                        if (pending) r.state = State::kFetchError;
                    }
                    break;
                default:
                    if (!ref.empty() && ref.front().state != State::kPending) {
                        buf.pop();
                        ref.pop_front();
                    } else if (rng() % 8 == 0) {
                        buf.clear();  // a flush
                        ref.clear();
                    }
                    break;
            }
            ASSERT_EQ(buf.size(), ref.size());
            ASSERT_EQ(buf.room(), capacity - ref.size());
            unsigned ready = 0;
            while (ready < ref.size() && ref[ready].state != State::kPending) ++ready;
            ASSERT_EQ(buf.ready(), ready);
            for (unsigned k = 0; k < ref.size(); ++k) {
                ASSERT_EQ(buf.at(k).pc, ref[k].pc);
                ASSERT_EQ(buf.at(k).state, ref[k].state);
            }
            if (!ref.empty()) {
                ASSERT_EQ(buf.front().pc, ref.front().pc);
            }
        }
    }
}

TEST(InstructionBuffer, FillOfAFlushedFetchFindsNothing) {
    InstructionBuffer buf;
    buf.resize(2);
    buf.reserve(0);
    buf.reserve(8);
    buf.clear();
    EXPECT_FALSE(buf.fill(0, word_for(0), 5));
    EXPECT_FALSE(buf.fail(8));
    buf.reserve(16);
    EXPECT_FALSE(buf.fill(0, word_for(0), 5));
    EXPECT_TRUE(buf.fill(16, word_for(16), 6));
    EXPECT_EQ(buf.front().pc, 16u);
    EXPECT_EQ(buf.front().fetched, 6u);
    EXPECT_EQ(buf.front().state, State::kValid);
}

TEST(InstructionBuffer, AWordThatDoesNotDecodeIsUndefined) {
    InstructionBuffer buf;
    buf.resize(3);
    buf.reserve(40);
    EXPECT_TRUE(buf.fill(40, ~uint64_t{0}, 1));
    EXPECT_EQ(buf.front().state, State::kUndefined);
    EXPECT_EQ(buf.ready(), 1u);
}

}  // namespace
}  // namespace mvp
