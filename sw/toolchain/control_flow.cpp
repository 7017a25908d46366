#include "control_flow.h"

#include <algorithm>
#include <utility>

#include "asm_error.h"
#include "modules/isa/instruction.h"

namespace mvp::toolchain {

namespace {

// How one instruction transfers control, as the CFG sees it.
enum class Flow : uint8_t {
    kNext,    // ordinary instruction, sync, or an undecodable word
    kCall,    // jplnk: ends a block, falls through, no edge to the callee
    kBranch,  // conditional branch: target and fall-through
    kJump,    // jp: target only
    kExit,    // jr (any register) and exit: the virtual exit
};

struct Decoded {
    Flow flow = Flow::kNext;
    int64_t target = 0;  // branch/jump target PC (kBranch, kJump)
};

Decoded classify(uint64_t word) {
    Decoded d;
    isa::Instruction in;
    if (!isa::decode(word, &in)) return d;
    if (isa::is_conditional_branch(in.op)) {
        d.flow = Flow::kBranch;
    } else if (in.op == isa::Opcode::kJp) {
        d.flow = Flow::kJump;
    } else if (in.op == isa::Opcode::kJplnk) {
        d.flow = Flow::kCall;
    } else if (in.op == isa::Opcode::kJr || in.op == isa::Opcode::kExit) {
        d.flow = Flow::kExit;
    }
    d.target = in.imm;
    return d;
}

// The instruction index range [first, last) of a function, clamped to the code image. An
// instruction belongs to the function when start_pc <= its PC < end_pc.
std::pair<uint32_t, uint32_t> instruction_range(const Program& program, const Function& f) {
    const uint64_t size = program.code.size();
    uint64_t first = (uint64_t{f.start_pc} + isa::kInstBytes - 1) / isa::kInstBytes;
    uint64_t last = (uint64_t{f.end_pc} + isa::kInstBytes - 1) / isa::kInstBytes;
    last = std::min(last, size);
    first = std::min(first, last);
    return {static_cast<uint32_t>(first), static_cast<uint32_t>(last)};
}

// Immediate post-dominators of the blocks: the immediate dominators of the reverse CFG, whose
// root is the virtual exit (node n) and whose edges run from a block to its CFG predecessors.
// Lengauer and Tarjan, "A Fast Algorithm for Finding Dominators in a Flowgraph" (1979), with
// simple path compression: O(m log n), and no recursion, since a function can have tens of
// thousands of blocks. Blocks that cannot reach the exit are not in the reverse depth-first
// tree; they get the exit. A CFG successor that cannot reach the exit is ignored when computing
// its predecessor's post-dominators: post-dominance only concerns paths that end at the exit.
std::vector<uint32_t> immediate_post_dominators(const std::vector<ControlFlow::Block>& blocks) {
    constexpr uint32_t kNone = 0xffffffffu;
    const uint32_t n = static_cast<uint32_t>(blocks.size());
    const uint32_t root = n;
    auto node = [root](uint32_t s) { return s == ControlFlow::kExitBlock ? root : s; };

    // Reverse-CFG edges (CFG predecessor lists) in compressed form.
    std::vector<uint32_t> pred_start(n + 2, 0);
    for (const auto& b : blocks)
        for (uint32_t s : b.successors) ++pred_start[node(s) + 1];
    for (uint32_t v = 0; v <= n; ++v) pred_start[v + 1] += pred_start[v];
    std::vector<uint32_t> preds(pred_start[n + 1]);
    {
        std::vector<uint32_t> fill(pred_start.begin(), pred_start.end() - 1);
        for (uint32_t b = 0; b < n; ++b)
            for (uint32_t s : blocks[b].successors) preds[fill[node(s)]++] = b;
    }

    // Depth-first search of the reverse CFG from the exit, numbering nodes in preorder. From
    // here on nodes are named by their number; the exit is number 0.
    std::vector<uint32_t> number(n + 1, kNone);
    std::vector<uint32_t> vertex;  // node of each number
    std::vector<uint32_t> parent;  // number of the depth-first tree parent
    vertex.reserve(n + 1);
    parent.reserve(n + 1);
    {
        std::vector<std::pair<uint32_t, uint32_t>> stack;  // node, next reverse edge
        number[root] = 0;
        vertex.push_back(root);
        parent.push_back(kNone);
        stack.emplace_back(root, pred_start[root]);
        while (!stack.empty()) {
            auto& [v, next] = stack.back();
            if (next == pred_start[v + 1]) {
                stack.pop_back();
                continue;
            }
            uint32_t w = preds[next++];
            if (number[w] != kNone) continue;
            number[w] = static_cast<uint32_t>(vertex.size());
            vertex.push_back(w);
            parent.push_back(number[v]);
            stack.emplace_back(w, pred_start[w]);
        }
    }
    const uint32_t count = static_cast<uint32_t>(vertex.size());

    std::vector<uint32_t> semi(count), label(count), ancestor(count, kNone), idom(count, 0);
    std::vector<uint32_t> bucket_head(count, kNone), bucket_next(count, kNone);
    for (uint32_t i = 0; i < count; ++i) semi[i] = label[i] = i;

    // eval(v): the node of minimum semidominator on the forest path above v, compressing the
    // path on the way. The recursion of the textbook compress() is unrolled into a stack.
    std::vector<uint32_t> path;
    auto eval = [&](uint32_t v) {
        if (ancestor[v] == kNone) return v;
        for (uint32_t u = v; ancestor[ancestor[u]] != kNone; u = ancestor[u]) path.push_back(u);
        while (!path.empty()) {
            uint32_t u = path.back();
            path.pop_back();
            uint32_t a = ancestor[u];
            if (semi[label[a]] < semi[label[u]]) label[u] = label[a];
            ancestor[u] = ancestor[a];
        }
        return label[v];
    };

    for (uint32_t w = count; w-- > 1;) {
        // Semidominator: the minimum over the reverse-CFG predecessors of w, which are the CFG
        // successors of its block.
        for (uint32_t s : blocks[vertex[w]].successors) {
            uint32_t v = number[node(s)];
            if (v == kNone) continue;  // cannot reach the exit
            uint32_t u = eval(v);
            if (semi[u] < semi[w]) semi[w] = semi[u];
        }
        bucket_next[w] = bucket_head[semi[w]];
        bucket_head[semi[w]] = w;
        const uint32_t p = parent[w];
        ancestor[w] = p;  // link(p, w)
        for (uint32_t v = bucket_head[p]; v != kNone; v = bucket_next[v]) {
            uint32_t u = eval(v);
            idom[v] = semi[u] < semi[v] ? u : p;
        }
        bucket_head[p] = kNone;
    }
    for (uint32_t w = 1; w < count; ++w)
        if (idom[w] != semi[w]) idom[w] = idom[idom[w]];

    std::vector<uint32_t> result(n, ControlFlow::kExitBlock);
    for (uint32_t w = 1; w < count; ++w)
        result[vertex[w]] = idom[w] == 0 ? ControlFlow::kExitBlock : vertex[idom[w]];
    return result;
}

}  // namespace

ControlFlow::ControlFlow(const Program& program, const Function& function) {
    const std::pair<uint32_t, uint32_t> range = instruction_range(program, function);
    const uint32_t first = range.first, last = range.second;
    const uint32_t count = last - first;
    if (count == 0) return;

    std::vector<Decoded> insts(count);
    for (uint32_t i = 0; i < count; ++i) insts[i] = classify(program.code[first + i]);

    // The instruction index (relative to first) a target PC names, or count when it is outside
    // the function or not on an instruction boundary: such an edge goes to the virtual exit.
    auto target_index = [&](int64_t pc) -> uint32_t {
        if (pc < 0 || pc % isa::kInstBytes != 0) return count;
        int64_t index = pc / isa::kInstBytes;
        if (index < first || index >= last) return count;
        return static_cast<uint32_t>(index - first);
    };

    // Leaders: the function entry, every in-function branch/jump target and the instruction
    // after every control instruction.
    std::vector<uint8_t> leader(count + 1, 0);
    leader[0] = 1;
    for (uint32_t i = 0; i < count; ++i) {
        const Decoded& d = insts[i];
        if (d.flow == Flow::kNext) continue;
        leader[i + 1] = 1;
        if (d.flow == Flow::kBranch || d.flow == Flow::kJump) leader[target_index(d.target)] = 1;
    }

    // Block of every instruction, then the blocks themselves.
    std::vector<uint32_t> block_index(count);
    for (uint32_t i = 0; i < count; ++i) {
        if (leader[i]) blocks_.push_back(Block{(first + i) * isa::kInstBytes, 0, {}});
        block_index[i] = static_cast<uint32_t>(blocks_.size() - 1);
    }
    const uint32_t n = static_cast<uint32_t>(blocks_.size());
    auto block_at = [&](uint32_t index) { return index < count ? block_index[index] : kExitBlock; };
    ends_in_branch_.assign(n, 0);
    for (uint32_t b = 0; b < n; ++b) {
        uint32_t end = b + 1 < n ? blocks_[b + 1].start_pc / isa::kInstBytes - first : count;
        Block& block = blocks_[b];
        block.end_pc = (first + end) * isa::kInstBytes;
        const Decoded& d = insts[end - 1];
        auto add = [&block](uint32_t s) {
            if (std::find(block.successors.begin(), block.successors.end(), s) ==
                block.successors.end())
                block.successors.push_back(s);
        };
        switch (d.flow) {
            case Flow::kNext:
            case Flow::kCall:
                add(block_at(end));
                break;
            case Flow::kBranch:
                ends_in_branch_[b] = 1;
                add(block_at(target_index(d.target)));
                add(block_at(end));
                break;
            case Flow::kJump:
                add(block_at(target_index(d.target)));
                break;
            case Flow::kExit:
                add(kExitBlock);
                break;
        }
    }

    // Post-dominators are the dominators of the reverse CFG rooted at the virtual exit.
    ipdom_ = immediate_post_dominators(blocks_);
}

uint32_t ControlFlow::block_of(uint32_t pc) const {
    if (blocks_.empty() || pc < blocks_.front().start_pc || pc >= blocks_.back().end_pc)
        return kExitBlock;
    auto it = std::upper_bound(blocks_.begin(), blocks_.end(), pc,
                               [](uint32_t p, const Block& b) { return p < b.start_pc; });
    return static_cast<uint32_t>(it - blocks_.begin() - 1);
}

uint32_t ControlFlow::reconvergence_pc(uint32_t branch_pc) const {
    uint32_t b = block_of(branch_pc);
    if (b == kExitBlock || !ends_in_branch_[b] || branch_pc != blocks_[b].end_pc - isa::kInstBytes)
        return kNoReconvergence;
    uint32_t p = ipdom_[b];
    return p == kExitBlock ? kReconvergeAtExit : blocks_[p].start_pc;
}

void compute_reconvergence(Program& program) {
    const uint32_t size = static_cast<uint32_t>(program.code.size());
    program.reconvergence.assign(size, kNoReconvergence);
    std::vector<uint8_t> is_branch(size, 0);
    for (uint32_t i = 0; i < size; ++i)
        is_branch[i] = classify(program.code[i]).flow == Flow::kBranch;

    // When functions overlap, the first one listed that contains a branch decides its answer.
    for (const Function& f : program.functions) {
        auto [first, last] = instruction_range(program, f);
        bool pending = false;
        for (uint32_t i = first; i < last && !pending; ++i)
            pending = is_branch[i] && program.reconvergence[i] == kNoReconvergence;
        if (!pending) continue;
        ControlFlow cf(program, f);
        for (uint32_t i = first; i < last; ++i) {
            if (is_branch[i] && program.reconvergence[i] == kNoReconvergence)
                program.reconvergence[i] = cf.reconvergence_pc(i * isa::kInstBytes);
        }
    }

    // A branch outside every function has no CFG to analyse: its paths meet at the exit.
    for (uint32_t i = 0; i < size; ++i)
        if (is_branch[i] && program.reconvergence[i] == kNoReconvergence)
            program.reconvergence[i] = kReconvergeAtExit;
}

void encode_reconvergence(Program& program) {
    program.reconvergence_table.clear();
    for (size_t i = 0; i < program.code.size(); ++i) {
        const uint32_t rpc =
            i < program.reconvergence.size() ? program.reconvergence[i] : kNoReconvergence;
        if (rpc == kNoReconvergence) continue;
        isa::Instruction in;
        if (!isa::decode(program.code[i], &in) || !isa::is_conditional_branch(in.op)) continue;
        const uint32_t pc = static_cast<uint32_t>(i) * isa::kInstBytes;
        if (!isa::near_reconvergence_field(pc, rpc, &in.rcv)) {
            if (program.reconvergence_table.size() == isa::kRcvTableEntries)
                throw AsmError("error: more than " + std::to_string(isa::kRcvTableEntries) +
                               " branches reconverge farther than " +
                               std::to_string(isa::kRcvMaxDistance) +
                               " instructions away (the far reconvergence table is full at " +
                               "the branch at PC " + std::to_string(pc) + ")");
            in.rcv = isa::table_reconvergence_field(
                static_cast<uint32_t>(program.reconvergence_table.size()));
            program.reconvergence_table.push_back(rpc);
        }
        program.code[i] = isa::encode(in);
    }
}

std::string check_reconvergence_fields(Program& program) {
    program.reconvergence_table.clear();
    for (size_t i = 0; i < program.code.size(); ++i) {
        isa::Instruction in;
        if (!isa::decode(program.code[i], &in) || !isa::is_conditional_branch(in.op)) continue;
        const uint32_t pc = static_cast<uint32_t>(i) * isa::kInstBytes;
        const uint32_t rpc = program.reconvergence[i];
        const isa::Reconvergence r = isa::decode_reconvergence(in.rcv, pc);
        bool agrees = false;
        switch (r.kind) {
            case isa::Reconvergence::Kind::kAtExit:
                agrees = rpc == kReconvergeAtExit;
                break;
            case isa::Reconvergence::Kind::kAtPc:
                agrees = rpc == r.value;
                break;
            case isa::Reconvergence::Kind::kInTable:
                agrees = r.value == program.reconvergence_table.size();
                if (agrees) program.reconvergence_table.push_back(rpc);
                break;
        }
        if (!agrees)
            return "the reconvergence field of the branch at PC " + std::to_string(pc) +
                   " disagrees with the reconvergence section";
    }
    return "";
}

}  // namespace mvp::toolchain
