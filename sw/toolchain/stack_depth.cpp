#include "stack_depth.h"

#include <algorithm>
#include <map>
#include <vector>

#include "modules/isa/instruction.h"

namespace mvp::toolchain {

namespace {

using isa::Opcode;

class StackAnalysis {
  public:
    explicit StackAnalysis(const Program& p) : p_(p) {}

    // The depth of the function that holds `pc`, memoised; false with error_ set on failure.
    bool depth(const Function* f, uint64_t* bytes) {
        auto it = memo_.find(f);
        if (it != memo_.end()) {
            if (it->second == kInProgress) {
                error_ = "recursion through '" + f->name + "'";
                return false;
            }
            *bytes = it->second;
            return true;
        }
        memo_[f] = kInProgress;
        uint64_t frame = 0;
        std::vector<const Function*> callees;
        if (!scan(*f, &frame, &callees)) return false;
        uint64_t deepest = 0;
        for (const Function* c : callees) {
            uint64_t d = 0;
            if (!depth(c, &d)) return false;
            deepest = std::max(deepest, d);
        }
        *bytes = frame + deepest;
        memo_[f] = *bytes;
        return true;
    }

    const std::string& error() const { return error_; }

  private:
    static constexpr uint64_t kInProgress = ~uint64_t{0};

    // The frame of `f`: the sum of its $sp decrements (an upper bound when the prologue is
    // split or shrink-wrapped) plus the deepest store or load below $sp; and the functions it
    // reaches.
    bool scan(const Function& f, uint64_t* frame, std::vector<const Function*>* callees) {
        uint64_t down = 0;
        uint64_t below = 0;
        std::map<unsigned, int64_t> constants;  // registers holding a known constant
        bool falls_through = true;
        for (uint32_t pc = f.start_pc; pc < f.end_pc; pc += isa::kInstBytes) {
            isa::Instruction in;
            if (pc / isa::kInstBytes >= p_.code.size() ||
                !isa::decode(p_.code[pc / isa::kInstBytes], &in))
                continue;
            const unsigned sp = isa::kRegSp;
            falls_through = true;
            switch (in.op) {
                case Opcode::kAddSi:
                    if (in.rd == sp && in.rs == sp && in.imm < 0) down += -int64_t{in.imm};
                    break;
                case Opcode::kSub:
                    if (in.rd == sp && in.rs == sp) {
                        auto c = constants.find(in.rt);
                        if (c == constants.end() || c->second < 0) {
                            error_ = "'" + f.name + "' moves $sp by a register of unknown value";
                            return false;
                        }
                        down += static_cast<uint64_t>(c->second);
                    }
                    break;
                case Opcode::kJp:
                case Opcode::kJplnk:
                    if (in.op == Opcode::kJp) falls_through = false;
                    if (static_cast<uint32_t>(in.imm) < f.start_pc ||
                        static_cast<uint32_t>(in.imm) >= f.end_pc) {
                        if (const Function* c = p_.function_at(static_cast<uint32_t>(in.imm)))
                            callees->push_back(c);
                    }
                    break;
                case Opcode::kJr:
                case Opcode::kExit:
                    falls_through = false;
                    break;
                default:
                    break;
            }
            const isa::OpcodeInfo& info = isa::info(in.op);
            if (info.unit == isa::Unit::kMem && in.rs == sp && in.imm < 0)
                below = std::max<uint64_t>(below, -int64_t{in.imm});
            // The constants a `sub $sp` may use: or.i / add.si from $zero, and add.si of one.
            if (isa::writes_rd(in.op)) {
                if ((in.op == Opcode::kOrI || in.op == Opcode::kAddSi) && in.rs == isa::kRegZero)
                    constants[in.rd] = in.op == Opcode::kOrI
                                           ? int64_t{static_cast<uint32_t>(in.imm)}
                                           : int64_t{in.imm};
                else if (in.op == Opcode::kAddSi && constants.count(in.rs))
                    constants[in.rd] = constants[in.rs] + in.imm;
                else
                    constants.erase(in.rd);
            }
        }
        if (falls_through)
            if (const Function* next = p_.function_at(f.end_pc)) callees->push_back(next);
        *frame = down + below;
        return true;
    }

    const Program& p_;
    std::map<const Function*, uint64_t> memo_;
    std::string error_;
};

}  // namespace

StackDepth stack_depth(const Program& program, uint32_t entry_pc) {
    StackDepth result;
    const Function* f = program.function_at(entry_pc);
    if (f == nullptr) {
        result.error = "no function at the kernel's entry";
        return result;
    }
    StackAnalysis analysis(program);
    uint64_t bytes = 0;
    if (!analysis.depth(f, &bytes)) {
        result.error = analysis.error();
        return result;
    }
    result.bytes = static_cast<uint32_t>(std::min<uint64_t>(bytes, 0xffffffffu));
    return result;
}

}  // namespace mvp::toolchain
