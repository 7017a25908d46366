#include "sw/toolchain/control_flow.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "modules/isa/instruction.h"
#include "sw/toolchain/program.h"

namespace mvp::toolchain {
namespace {

using isa::Instruction;
using isa::Opcode;

constexpr uint32_t kExit = ControlFlow::kExitBlock;

constexpr uint32_t pc(uint32_t index) { return index * isa::kInstBytes; }

// Writes a program by hand: instructions with symbolic labels, resolved to absolute PCs when
// the program is finished, and functions delimited by begin/end.
class Builder {
  public:
    uint32_t here() const { return static_cast<uint32_t>(insts_.size()); }

    Builder& label(const std::string& name) {
        labels_[name] = pc(here());
        return *this;
    }
    Builder& op(Opcode o, uint8_t rd = 1, uint8_t rs = 2, uint8_t rt = 3, int32_t imm = 0) {
        Instruction in;
        in.op = o;
        in.rd = rd;
        in.rs = rs;
        in.rt = rt;
        in.imm = imm;
        insts_.push_back(in);
        return *this;
    }
    Builder& add() { return op(Opcode::kAdd); }
    Builder& branch(Opcode o, const std::string& target) {
        fixups_.emplace_back(here(), target);
        return op(o, 0, 4, 5);
    }
    Builder& beq(const std::string& target) { return branch(Opcode::kBeq, target); }
    Builder& jp(const std::string& target) { return branch(Opcode::kJp, target); }
    Builder& jplnk(const std::string& target) { return branch(Opcode::kJplnk, target); }
    Builder& branch_to_pc(Opcode o, int32_t target_pc) { return op(o, 0, 4, 5, target_pc); }
    Builder& jr(uint8_t rs = isa::kRegRa) { return op(Opcode::kJr, 0, rs, 0); }
    Builder& exit() { return op(Opcode::kExit, 0, 0, 0); }
    Builder& raw(uint64_t word) {
        raw_[here()] = word;
        return op(Opcode::kAdd);
    }

    Builder& begin(const std::string& name) {
        Function f;
        f.name = name;
        f.start_pc = pc(here());
        functions_.push_back(f);
        return label(name);
    }
    Builder& end() {
        functions_.back().end_pc = pc(here());
        return *this;
    }

    uint32_t at(const std::string& name) const { return labels_.at(name); }

    Program build() {
        for (auto& [index, name] : fixups_) insts_[index].imm = static_cast<int32_t>(at(name));
        Program p;
        for (uint32_t i = 0; i < insts_.size(); ++i) {
            auto raw = raw_.find(i);
            p.code.push_back(raw != raw_.end() ? raw->second : isa::encode(insts_[i]));
        }
        p.functions = functions_;
        return p;
    }

  private:
    std::vector<Instruction> insts_;
    std::map<std::string, uint32_t> labels_;
    std::vector<std::pair<uint32_t, std::string>> fixups_;
    std::map<uint32_t, uint64_t> raw_;
    std::vector<Function> functions_;
};

// The reconvergence vector of a one-function program, checked against ControlFlow directly.
std::vector<uint32_t> reconvergence_of(Program& p) {
    compute_reconvergence(p);
    EXPECT_EQ(p.reconvergence.size(), p.code.size());
    return p.reconvergence;
}

TEST(ControlFlow, IfElseDiamondReconvergesAtJoin) {
    Builder b;
    b.begin("f")
        .add()
        .beq("else")  // 1
        .add()
        .jp("join")
        .label("else")
        .add()  // 4
        .label("join")
        .add()  // 5
        .jr()
        .end();
    Program p = b.build();
    ControlFlow cf(p, p.functions[0]);
    ASSERT_EQ(cf.blocks().size(), 4u);
    EXPECT_EQ(cf.blocks()[0].start_pc, pc(0));
    EXPECT_EQ(cf.blocks()[0].end_pc, pc(2));
    EXPECT_EQ(cf.blocks()[0].successors, (std::vector<uint32_t>{2, 1}));
    EXPECT_EQ(cf.blocks()[1].successors, (std::vector<uint32_t>{3}));
    EXPECT_EQ(cf.blocks()[2].successors, (std::vector<uint32_t>{3}));
    EXPECT_EQ(cf.blocks()[3].successors, (std::vector<uint32_t>{kExit}));
    EXPECT_EQ(cf.ipdom(0), 3u);
    EXPECT_EQ(cf.ipdom(1), 3u);
    EXPECT_EQ(cf.ipdom(2), 3u);
    EXPECT_EQ(cf.ipdom(3), kExit);
    EXPECT_EQ(cf.block_of(pc(1)), 0u);
    EXPECT_EQ(cf.block_of(pc(3)), 1u);
    EXPECT_EQ(cf.block_of(pc(6)), 3u);
    EXPECT_EQ(cf.block_of(pc(7)), kExit);
    EXPECT_EQ(cf.reconvergence_pc(pc(1)), b.at("join"));
    EXPECT_EQ(cf.reconvergence_pc(pc(0)), kNoReconvergence);
    EXPECT_EQ(cf.reconvergence_pc(pc(3)), kNoReconvergence);  // jp is not conditional

    std::vector<uint32_t> r = reconvergence_of(p);
    std::vector<uint32_t> want(7, kNoReconvergence);
    want[1] = pc(5);
    EXPECT_EQ(r, want);
}

TEST(ControlFlow, IfWithoutElseReconvergesAtTheTarget) {
    Builder b;
    b.begin("f").beq("end").add().add().label("end").add().jr().end();
    Program p = b.build();
    EXPECT_EQ(reconvergence_of(p)[0], b.at("end"));
}

TEST(ControlFlow, NestedIfReconvergesBeforeTheOuterJoin) {
    Builder b;
    b.begin("f")
        .beq("else")   // 0: outer
        .beq("inner")  // 1: inner
        .add()
        .label("inner")
        .add()  // 3
        .jp("join")
        .label("else")
        .add()  // 5
        .label("join")
        .add()  // 6
        .jr()
        .end();
    Program p = b.build();
    std::vector<uint32_t> r = reconvergence_of(p);
    EXPECT_EQ(r[0], pc(6));
    EXPECT_EQ(r[1], pc(3));
}

TEST(ControlFlow, ConditionalBackEdgeReconvergesAtLoopExit) {
    Builder b;
    b.begin("f")
        .add()
        .label("loop")
        .add()
        .branch(Opcode::kBlt, "loop")  // 2
        .label("out")
        .add()
        .jr()
        .end();
    Program p = b.build();
    ControlFlow cf(p, p.functions[0]);
    ASSERT_EQ(cf.blocks().size(), 3u);
    EXPECT_EQ(cf.blocks()[1].successors, (std::vector<uint32_t>{1, 2}));
    EXPECT_EQ(reconvergence_of(p)[2], b.at("out"));
}

TEST(ControlFlow, LoopWithBreakReconvergesAfterTheLoop) {
    Builder b;
    b.begin("f")
        .add()
        .label("loop")
        .add()
        .branch(Opcode::kBeq, "break")  // 2: break out of the loop
        .add()
        .branch(Opcode::kBlt, "loop")  // 4: loop condition
        .add()                         // 5: normal loop exit
        .jp("after")
        .label("break")
        .add()  // 7
        .label("after")
        .add()  // 8
        .jr()
        .end();
    Program p = b.build();
    std::vector<uint32_t> r = reconvergence_of(p);
    EXPECT_EQ(r[2], b.at("after"));
    EXPECT_EQ(r[4], b.at("after"));
}

TEST(ControlFlow, EarlyExitReconvergesAtExit) {
    // if (x) exit; rest; return. The threads that take the exit never execute "rest", so no
    // instruction lies on every path from the branch to the end: the only post-dominator is the
    // virtual exit and the paths meet when the threads end.
    Builder b;
    b.begin("f").beq("rest").add().exit().label("rest").add().add().jr().end();
    Program p = b.build();
    EXPECT_EQ(reconvergence_of(p)[0], kReconvergeAtExit);
}

TEST(ControlFlow, EarlyExitInsideAnOuterBranch) {
    // The inner branch has an exiting side, so it reconverges at the exit; the outer branch's
    // other side joins the inner branch's surviving side at "join", but the exiting path skips
    // it, so the outer branch reconverges at the exit too. The branch after the join is
    // unaffected.
    Builder b;
    b.begin("f")
        .beq("else")   // 0
        .beq("inner")  // 1
        .exit()
        .label("inner")
        .add()  // 3
        .jp("join")
        .label("else")
        .add()  // 5
        .label("join")
        .beq("tail")  // 6
        .add()
        .label("tail")
        .add()  // 8
        .jr()
        .end();
    Program p = b.build();
    std::vector<uint32_t> r = reconvergence_of(p);
    EXPECT_EQ(r[0], kReconvergeAtExit);
    EXPECT_EQ(r[1], kReconvergeAtExit);
    EXPECT_EQ(r[6], b.at("tail"));
}

TEST(ControlFlow, ExitOnBothSidesAfterAJoinIsStillAJoin) {
    // Both sides reach "join" before anything exits: exit after the join does not matter.
    Builder b;
    b.begin("f").beq("else").add().jp("join").label("else").add().label("join").exit().end();
    Program p = b.build();
    EXPECT_EQ(reconvergence_of(p)[0], b.at("join"));
}

TEST(ControlFlow, ReturnInsideBranch) {
    // if (x) return a; ...; return b: jr $ra leaves the function, like exit.
    Builder b;
    b.begin("f")
        .beq("else")  // 0
        .add()
        .jr()
        .label("else")
        .add()  // 3
        .jr()
        .end();
    Program p = b.build();
    EXPECT_EQ(reconvergence_of(p)[0], kReconvergeAtExit);

    // Both sides jumping to one shared return block reconverge there.
    Builder c;
    c.begin("g")
        .beq("else")
        .add()
        .jp("ret")
        .label("else")
        .add()
        .jp("ret")
        .add()  // unreachable
        .label("ret")
        .jr()
        .end();
    Program q = c.build();
    EXPECT_EQ(reconvergence_of(q)[0], c.at("ret"));
}

TEST(ControlFlow, JumpRegisterOtherThanRaIsAnExit) {
    Builder b;
    b.begin("f").beq("else").jr(7).label("else").add().label("tail").add().jr().end();
    Program p = b.build();
    EXPECT_EQ(reconvergence_of(p)[0], kReconvergeAtExit);
}

TEST(ControlFlow, CallsInsideBranchesFallThrough) {
    Builder b;
    b.begin("f")
        .beq("else")  // 0
        .jplnk("g")   // 1: call, continues at 2
        .jp("join")
        .label("else")
        .jplnk("h")  // 3
        .jplnk("f")  // 4: recursive call to this function's entry is not an edge either
        .label("join")
        .add()  // 5
        .jr()
        .end();
    b.begin("g").jr().end();
    b.begin("h").exit().end();
    Program p = b.build();
    ControlFlow cf(p, p.functions[0]);
    // jplnk ends a block: [0,1) [1,2) [2,3) [3,4) [4,5) [5,7).
    ASSERT_EQ(cf.blocks().size(), 6u);
    EXPECT_EQ(cf.blocks()[1].successors, (std::vector<uint32_t>{2}));
    EXPECT_EQ(cf.blocks()[3].successors, (std::vector<uint32_t>{4}));
    EXPECT_EQ(cf.blocks()[4].successors, (std::vector<uint32_t>{5}));
    EXPECT_EQ(reconvergence_of(p)[0], b.at("join"));
}

TEST(ControlFlow, InfiniteLoopDoesNotHangAndHasADefinedAnswer) {
    // The branch at 0 either returns or enters a loop that never leaves. Only the return path
    // reaches the exit, so block [1,2) post-dominates the branch. The blocks of the loop cannot
    // reach the exit: their immediate post-dominator is the exit by definition, so the branch
    // inside the loop reconverges at the exit.
    Builder b;
    b.begin("f")
        .beq("loop")  // 0
        .jr()         // 1
        .label("loop")
        .add()          // 2
        .beq("skip")    // 3
        .add()          // 4
        .label("skip")  // 5
        .jp("loop")
        .end();
    Program p = b.build();
    ControlFlow cf(p, p.functions[0]);
    ASSERT_EQ(cf.blocks().size(), 5u);
    EXPECT_EQ(cf.ipdom(0), 1u);
    EXPECT_EQ(cf.ipdom(2), kExit);
    EXPECT_EQ(cf.ipdom(3), kExit);
    EXPECT_EQ(cf.ipdom(4), kExit);
    std::vector<uint32_t> r = reconvergence_of(p);
    EXPECT_EQ(r[0], pc(1));
    EXPECT_EQ(r[3], kReconvergeAtExit);

    // A function that is nothing but a loop with no way out.
    Builder c;
    c.begin("spin").label("top").beq("top").jp("top").end();
    Program q = c.build();
    ControlFlow cq(q, q.functions[0]);
    EXPECT_EQ(cq.ipdom(0), kExit);
    EXPECT_EQ(reconvergence_of(q)[0], kReconvergeAtExit);
}

TEST(ControlFlow, BranchOutsideTheFunctionGoesToTheExit) {
    Builder b;
    b.begin("f")
        .beq("g")  // 0: target in another function
        .add()
        .beq("f2")  // 2
        .add()
        .label("f2")
        .add()
        .jr()
        .end();
    b.begin("g").add().jr().end();
    Program p = b.build();
    ControlFlow cf(p, p.functions[0]);
    EXPECT_EQ(cf.blocks()[0].successors, (std::vector<uint32_t>{kExit, 1}));
    std::vector<uint32_t> r = reconvergence_of(p);
    EXPECT_EQ(r[0], kReconvergeAtExit);
    EXPECT_EQ(r[2], b.at("f2"));
}

TEST(ControlFlow, OddTargetsAreHandled) {
    Builder b;
    b.begin("f")
        .branch_to_pc(Opcode::kBne, static_cast<int32_t>(pc(1)))  // 0: target = fall-through
        .branch_to_pc(Opcode::kBle, 12)                           // 1: not an instruction start
        .branch_to_pc(Opcode::kFbeq, -8)                          // 2: negative target
        .branch_to_pc(Opcode::kFble, 0x7ffffff8)                  // 3: beyond the code image
        .add()
        .jr()
        .end();
    Program p = b.build();
    ControlFlow cf(p, p.functions[0]);
    EXPECT_EQ(cf.blocks()[0].successors, (std::vector<uint32_t>{1}));
    std::vector<uint32_t> r = reconvergence_of(p);
    EXPECT_EQ(r[0], pc(1));
    EXPECT_EQ(r[1], kReconvergeAtExit);
    EXPECT_EQ(r[2], kReconvergeAtExit);
    EXPECT_EQ(r[3], kReconvergeAtExit);
}

TEST(ControlFlow, LastInstructionBranchFallsOffTheEnd) {
    Builder b;
    b.begin("f").label("top").add().beq("top").end();
    Program p = b.build();
    ControlFlow cf(p, p.functions[0]);
    ASSERT_EQ(cf.blocks().size(), 1u);
    EXPECT_EQ(cf.blocks()[0].successors, (std::vector<uint32_t>{0, kExit}));
    EXPECT_EQ(reconvergence_of(p)[1], kReconvergeAtExit);
}

TEST(ControlFlow, SyncIsAnOrdinaryInstruction) {
    Builder b;
    b.begin("f").add().op(Opcode::kSync, 0, 0, 0).beq("end").add().label("end").jr().end();
    Program p = b.build();
    ControlFlow cf(p, p.functions[0]);
    EXPECT_EQ(cf.blocks()[0].start_pc, pc(0));
    EXPECT_EQ(cf.blocks()[0].end_pc, pc(3));
    EXPECT_EQ(reconvergence_of(p)[2], b.at("end"));
}

TEST(ControlFlow, MultipleFunctions) {
    Builder b;
    b.begin("kernel")
        .beq("k_else")  // 0
        .jplnk("helper")
        .jp("k_join")
        .label("k_else")
        .add()
        .label("k_join")
        .add()  // 4
        .jr()
        .end();
    b.begin("helper")  // 6
        .beq("h_end")  // 6
        .add()
        .label("h_end")
        .jr()  // 8
        .end();
    b.begin("other")     // 9
        .beq("k_join")   // 9: into another function
        .beq("o_end")    // 10
        .exit()          // 11
        .label("o_end")  // 12
        .jr()
        .end();
    Program p = b.build();
    std::vector<uint32_t> r = reconvergence_of(p);
    std::vector<uint32_t> want(p.code.size(), kNoReconvergence);
    want[0] = b.at("k_join");
    want[6] = b.at("h_end");
    want[9] = kReconvergeAtExit;
    want[10] = kReconvergeAtExit;
    EXPECT_EQ(r, want);

    ControlFlow helper(p, p.functions[1]);
    EXPECT_EQ(helper.blocks().front().start_pc, pc(6));
    EXPECT_EQ(helper.block_of(pc(5)), kExit);
    EXPECT_EQ(helper.reconvergence_pc(pc(6)), pc(8));
    EXPECT_EQ(helper.reconvergence_pc(pc(0)), kNoReconvergence);  // another function's branch
}

TEST(ControlFlow, BranchesOutsideFunctionsAndBadWords) {
    Builder b;
    b.beq("x");  // 0: in no function
    b.label("x");
    b.begin("f").raw(0xffffffffffffffffull).beq("end").raw(0x00000000fff00000ull).label("end");
    b.jr().end();
    Program p = b.build();
    p.reconvergence.assign(3, 12345);  // stale contents are replaced
    std::vector<uint32_t> r = reconvergence_of(p);
    std::vector<uint32_t> want(p.code.size(), kNoReconvergence);
    want[0] = kReconvergeAtExit;
    want[2] = b.at("end");
    EXPECT_EQ(r, want);
}

TEST(ControlFlow, DegenerateFunctionRanges) {
    Builder b;
    b.begin("f").beq("end").add().label("end").jr().end();
    Program p = b.build();
    Function empty{"empty", pc(1), pc(1)};
    Function reversed{"reversed", pc(3), pc(1)};
    Function past_end{"past", pc(2), pc(100)};
    Function unaligned{"unaligned", 3, 17};  // instructions 1 and 2
    for (const Function& f : {empty, reversed, past_end, unaligned}) {
        ControlFlow cf(p, f);
        EXPECT_EQ(cf.block_of(pc(0)), kExit) << f.name;
    }
    EXPECT_TRUE(ControlFlow(p, empty).blocks().empty());
    EXPECT_EQ(ControlFlow(p, past_end).blocks().size(), 1u);
    ControlFlow u(p, unaligned);
    ASSERT_EQ(u.blocks().size(), 1u);
    EXPECT_EQ(u.blocks()[0].start_pc, pc(1));
    EXPECT_EQ(u.blocks()[0].end_pc, pc(3));

    // Overlapping functions: the first listed one decides.
    p.functions = {Function{"all", 0, pc(3)}, Function{"tail", pc(0), pc(1)}};
    EXPECT_EQ(reconvergence_of(p)[0], pc(2));
    p.functions = {Function{"tail", pc(0), pc(1)}, Function{"all", 0, pc(3)}};
    EXPECT_EQ(reconvergence_of(p)[0], kReconvergeAtExit);
}

// The slow reference: post-dominator sets by iterating pdom(v) = {v} + intersection over the
// successors w of pdom(w), starting from "all nodes", until nothing changes. Post-dominance
// concerns paths that end at the exit, so a node that cannot reach it keeps the full set and
// has no post-dominator but the exit.
class ReferencePostDominators {
  public:
    static constexpr uint32_t kMaxNodes = 512;
    using Set = std::bitset<kMaxNodes>;

    // Nodes 0..n-1 with their successors (node n is the exit).
    explicit ReferencePostDominators(const std::vector<std::vector<uint32_t>>& succ)
        : n_(static_cast<uint32_t>(succ.size())), pdom_(n_ + 1), reaches_(n_ + 1, false) {
        EXPECT_LT(n_, kMaxNodes);
        Set all;
        for (uint32_t k = 0; k <= n_; ++k) all.set(k);
        for (uint32_t v = 0; v < n_; ++v) pdom_[v] = all;
        pdom_[n_].set(n_);
        reaches_[n_] = true;
        for (bool changed = true; changed;) {
            changed = false;
            for (uint32_t v = n_; v-- > 0;) {
                Set s = all;
                for (uint32_t w : succ[v]) {
                    s &= pdom_[w];
                    reaches_[v] = reaches_[v] || reaches_[w];
                }
                s.set(v);
                if (s != pdom_[v]) {
                    pdom_[v] = s;
                    changed = true;
                }
            }
            for (uint32_t v = 0; v < n_; ++v)
                for (uint32_t w : succ[v])
                    if (reaches_[w] && !reaches_[v]) reaches_[v] = changed = true;
        }
    }

    // The immediate post-dominator (n for the exit): the strict post-dominator that all the
    // others post-dominate, which is the one with the most post-dominators.
    uint32_t ipdom(uint32_t v) const {
        if (!reaches_[v]) return n_;
        uint32_t best = n_;
        size_t best_count = 0;
        for (uint32_t d = 0; d < n_; ++d) {
            if (d == v || !pdom_[v][d]) continue;
            if (pdom_[d].count() > best_count) {
                best = d;
                best_count = pdom_[d].count();
            }
        }
        return best;
    }

  private:
    uint32_t n_;
    std::vector<Set> pdom_;
    std::vector<bool> reaches_;
};

// A random program of several functions with every kind of control transfer.
Program random_program(std::mt19937& rng, uint32_t size, uint32_t num_functions) {
    auto uniform = [&rng](uint32_t lo, uint32_t hi) {
        return std::uniform_int_distribution<uint32_t>(lo, hi)(rng);
    };
    Program p;
    std::vector<uint32_t> cuts{0, size};
    for (uint32_t i = 1; i < num_functions && size > 1; ++i) cuts.push_back(uniform(1, size - 1));
    std::sort(cuts.begin(), cuts.end());
    for (uint32_t i = 0; i + 1 < cuts.size(); ++i)
        if (cuts[i] < cuts[i + 1])
            p.functions.push_back(Function{"f" + std::to_string(i), pc(cuts[i]), pc(cuts[i + 1])});
    for (uint32_t i = 0; i < size; ++i) {
        Instruction in;
        in.op = Opcode::kAdd;
        uint32_t k = uniform(0, 99);
        const Function* f = nullptr;
        for (const Function& g : p.functions)
            if (g.start_pc <= pc(i) && pc(i) < g.end_pc) f = &g;
        auto target = [&]() -> int32_t {
            if (!f || uniform(0, 19) == 0) return static_cast<int32_t>(pc(uniform(0, size)));
            return static_cast<int32_t>(pc(uniform(f->start_pc / 8, f->end_pc / 8 - 1)));
        };
        if (k < 25) {
            static constexpr Opcode kBranches[] = {Opcode::kBeq, Opcode::kBne,  Opcode::kBlt,
                                                   Opcode::kBle, Opcode::kFbeq, Opcode::kFble};
            in.op = kBranches[uniform(0, 5)];
            in.imm = target();
        } else if (k < 33) {
            in.op = Opcode::kJp;
            in.imm = target();
        } else if (k < 37) {
            in.op = Opcode::kJplnk;
            in.imm = target();
        } else if (k < 40) {
            in.op = Opcode::kJr;
            in.rs = static_cast<uint8_t>(uniform(0, 15));
        } else if (k < 42) {
            in.op = Opcode::kExit;
        } else if (k < 44) {
            in.op = Opcode::kSync;
        }
        p.code.push_back(isa::encode(in));
    }
    return p;
}

void check_against_reference(const Program& original) {
    Program p = original;
    compute_reconvergence(p);
    ASSERT_EQ(p.reconvergence.size(), p.code.size());
    std::vector<bool> in_function(p.code.size(), false);
    for (const Function& f : p.functions) {
        const uint32_t first = f.start_pc / 8, last = f.end_pc / 8, n = last - first;
        std::vector<Instruction> insts(n);
        for (uint32_t i = 0; i < n; ++i) ASSERT_TRUE(isa::decode(p.code[first + i], &insts[i]));

        // Instruction-level CFG; node n is the exit.
        auto node = [&](int64_t target) -> uint32_t {
            int64_t index = target / 8;
            return target % 8 == 0 && index >= first && index < last
                       ? static_cast<uint32_t>(index - first)
                       : n;
        };
        std::vector<std::vector<uint32_t>> succ(n);
        for (uint32_t i = 0; i < n; ++i) {
            Opcode op = insts[i].op;
            if (isa::is_conditional_branch(op)) {
                succ[i] = {node(insts[i].imm), i + 1};
            } else if (op == Opcode::kJp) {
                succ[i] = {node(insts[i].imm)};
            } else if (op == Opcode::kJr || op == Opcode::kExit) {
                succ[i] = {n};
            } else {
                succ[i] = {i + 1};
            }
        }
        ReferencePostDominators ref(succ);

        // Reconvergence PCs: the instruction-level immediate post-dominator of a branch is the
        // first instruction of the immediate post-dominator block.
        ControlFlow cf(p, f);
        for (uint32_t i = 0; i < n; ++i) {
            in_function[first + i] = true;
            uint32_t want = kNoReconvergence;
            if (isa::is_conditional_branch(insts[i].op)) {
                uint32_t d = ref.ipdom(i);
                want = d == n ? kReconvergeAtExit : pc(first + d);
            }
            EXPECT_EQ(cf.reconvergence_pc(pc(first + i)), want)
                << f.name << " pc " << pc(first + i);
            EXPECT_EQ(p.reconvergence[first + i], want) << f.name << " pc " << pc(first + i);
        }

        // Blocks: they tile the function, and block ipdoms agree with the block-level reference
        // run on ControlFlow's own edges.
        const auto& blocks = cf.blocks();
        ASSERT_FALSE(blocks.empty());
        EXPECT_EQ(blocks.front().start_pc, f.start_pc);
        EXPECT_EQ(blocks.back().end_pc, f.end_pc);
        const uint32_t nb = static_cast<uint32_t>(blocks.size());
        std::vector<std::vector<uint32_t>> block_succ(nb);
        for (uint32_t b = 0; b < nb; ++b) {
            if (b + 1 < nb) {
                EXPECT_EQ(blocks[b].end_pc, blocks[b + 1].start_pc);
            }
            EXPECT_LT(blocks[b].start_pc, blocks[b].end_pc);
            for (uint32_t s : blocks[b].successors) block_succ[b].push_back(s == kExit ? nb : s);
        }
        ReferencePostDominators block_ref(block_succ);
        for (uint32_t b = 0; b < nb; ++b) {
            uint32_t want = block_ref.ipdom(b);
            EXPECT_EQ(cf.ipdom(b), want == nb ? kExit : want) << f.name << " block " << b;
            EXPECT_EQ(cf.block_of(blocks[b].start_pc), b);
            EXPECT_EQ(cf.block_of(blocks[b].end_pc - 8), b);
        }
    }
    for (uint32_t i = 0; i < p.code.size(); ++i) {
        Instruction in;
        if (in_function[i] || !isa::decode(p.code[i], &in)) continue;
        EXPECT_EQ(p.reconvergence[i],
                  isa::is_conditional_branch(in.op) ? kReconvergeAtExit : kNoReconvergence);
    }
}

TEST(ControlFlow, RandomCfgsMatchSlowReference) {
    std::mt19937 rng(12345);
    for (int round = 0; round < 2000; ++round) {
        uint32_t size = std::uniform_int_distribution<uint32_t>(1, 300)(rng);
        uint32_t functions = std::uniform_int_distribution<uint32_t>(1, 4)(rng);
        Program p = random_program(rng, size, functions);
        SCOPED_TRACE("round " + std::to_string(round));
        check_against_reference(p);
        if (HasFailure()) return;
    }
}

// Branch-heavy random code whose blocks mostly reach the exit: long chains of forward branches,
// loops and few exits, so the post-dominator trees are deep.
TEST(ControlFlow, StructuredRandomCfgsMatchSlowReference) {
    std::mt19937 rng(777);
    for (int round = 0; round < 1000; ++round) {
        uint32_t size = std::uniform_int_distribution<uint32_t>(2, 300)(rng);
        Program p;
        p.functions.push_back(Function{"f", 0, pc(size)});
        for (uint32_t i = 0; i < size; ++i) {
            Instruction in;
            in.op = Opcode::kAdd;
            uint32_t k = std::uniform_int_distribution<uint32_t>(0, 99)(rng);
            if (i + 1 == size) {
                in.op = Opcode::kJr;
                in.rs = isa::kRegRa;
            } else if (k < 40) {
                in.op = Opcode::kBne;
                bool back = std::uniform_int_distribution<uint32_t>(0, 4)(rng) == 0;
                uint32_t t = back ? std::uniform_int_distribution<uint32_t>(0, i)(rng)
                                  : std::uniform_int_distribution<uint32_t>(i + 1, size - 1)(rng);
                in.imm = static_cast<int32_t>(pc(t));
            } else if (k < 50) {
                in.op = Opcode::kJp;
                in.imm = static_cast<int32_t>(
                    pc(std::uniform_int_distribution<uint32_t>(i + 1, size - 1)(rng)));
            } else if (k < 52) {
                in.op = Opcode::kExit;
            }
            p.code.push_back(isa::encode(in));
        }
        SCOPED_TRACE("round " + std::to_string(round));
        check_against_reference(p);
        if (HasFailure()) return;
    }
}

TEST(ControlFlow, ArbitraryWordsAndRangesNeverFail) {
    // Random machine words (mostly undecodable, some branches with wild targets) and random
    // function ranges: the analysis must neither throw nor hang, and still size the vector.
    std::mt19937_64 rng(5);
    for (int round = 0; round < 300; ++round) {
        Program p;
        uint32_t size = static_cast<uint32_t>(rng() % 64);
        for (uint32_t i = 0; i < size; ++i) {
            uint64_t word = rng();
            if (rng() % 2) word = (word & 0xffffffff00000000ull) | (word & 0xff) % isa::kNumOpcodes;
            if (rng() % 4 == 0) word = (word & 0xffffffffull) | uint64_t{pc(rng() % 70)} << 32;
            p.code.push_back(word);
        }
        for (int f = static_cast<int>(rng() % 4); f-- > 0;) {
            auto bound = [&] { return static_cast<uint32_t>(rng() % 2 ? rng() : rng() % 600); };
            p.functions.push_back(Function{"f", bound(), bound()});
        }
        ASSERT_NO_THROW(compute_reconvergence(p));
        ASSERT_EQ(p.reconvergence.size(), p.code.size());
        for (uint32_t i = 0; i < size; ++i) {
            Instruction in;
            bool branch = isa::decode(p.code[i], &in) && isa::is_conditional_branch(in.op);
            EXPECT_EQ(p.reconvergence[i] == kNoReconvergence, !branch);
        }
    }
}

TEST(ControlFlow, LargeProgramIsFast) {
    std::mt19937 rng(99);
    Program p = random_program(rng, 60000, 3);
    compute_reconvergence(p);
    EXPECT_EQ(p.reconvergence.size(), p.code.size());

    // The slow case of the iterative algorithm: a long chain of blocks b0 -> b1 -> ... -> exit
    // (each a branch target, so a deep post-dominator tree) and a ladder of branches a_i that
    // go to b_i or on to a_{i+1}, the last of which returns. Every a_i reconverges at the exit,
    // and finding that walks the chain from b_i.
    const int kRungs = 10000;
    Builder b;
    b.begin("ladder");
    for (int i = 0; i < kRungs; ++i) b.branch(Opcode::kBne, "b" + std::to_string(i));
    b.jr();
    for (int i = 0; i < kRungs; ++i) b.label("b" + std::to_string(i)).add();
    b.jr().end();
    Program ladder = b.build();
    compute_reconvergence(ladder);
    for (int i = 0; i < kRungs; ++i) ASSERT_EQ(ladder.reconvergence[i], kReconvergeAtExit);
}

}  // namespace
}  // namespace mvp::toolchain
