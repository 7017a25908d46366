#include "functional_model.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

#include "local_area_allocator.h"
#include "modules/isa/semantics.h"
#include "modules/sim/debug_map.h"
#include "modules/sim/host_deadline.h"

namespace mvp {

using isa::Opcode;

namespace {
// At most this many thread instructions at the end of the run limit (and at most half of it)
// make the stretch over which a runaway launch's PC range is recorded for its fault message.
constexpr uint64_t kStretch = 65536;
// With a host deadline (mvpsim --timeout), the host's clock is read every this many thread
// instructions (a few milliseconds).
constexpr uint64_t kDeadlinePoll = uint64_t{1} << 22;
}  // namespace

struct FunctionalModel::Thread {
    uint32_t regs[isa::kNumRegs];
    uint32_t special[isa::kNumSpecialRegisters];
    uint32_t pc = 0;
    uint32_t local_id = 0;
    uint32_t warp = 0;
    uint64_t group = 0;
    bool exited = false;
};

uint64_t FunctionalModel::limit_stretch() const { return std::min(limit_ / 2, kStretch); }

uint64_t FunctionalModel::next_check(uint64_t count) const {
    const uint64_t stretch_start = limit_ - limit_stretch();
    if (!sim::HostDeadline::instance().armed()) return stretch_start;
    return std::min(stretch_start, count + kDeadlinePoll);
}

FunctionalModel::FunctionalModel(const Params& params) : params_(params) {}

FunctionalModel::Stats FunctionalModel::run(const CodeImage& code, const Launch& launch,
                                            GlobalMemory& memory) {
    KernelAbi abi(params_.abi, launch, code.return_pc);
    if (code.bytes % isa::kInstBytes != 0 || !memory.contains(code.base, code.bytes))
        throw std::invalid_argument("the code image (" + std::to_string(code.bytes) + " bytes at " +
                                    std::to_string(code.base) +
                                    ") is not whole instructions in global memory");
    debug_ = code.debug;
    memory_ = &memory;
    std::vector<uint64_t> words(code.bytes / isa::kInstBytes);
    if (!words.empty()) memory.read(code.base, words.data(), code.bytes);
    code_.clear();
    code_.reserve(words.size());
    for (uint64_t word : words) {
        isa::Instruction in;
        if (!isa::decode(word, &in)) in.op = Opcode::kCount;
        code_.push_back(in);
    }
    local_.assign(params_.abi.local_mem_bytes, 0);
    executed_ = 0;
    limit_ = params_.max_thread_instructions ? params_.max_thread_instructions
                                             : std::numeric_limits<uint64_t>::max();
    in_stretch_ = false;
    timed_out_ = false;
    budget_ = next_check(0);

    Stats stats;
    std::vector<Thread> threads;
    // The group's local memory area is placed by the rule of the timing platform's SPs (first
    // fit); with one group at a time that is always the lowest area.
    LocalAreaAllocator areas;
    const uint32_t area_bytes = abi.local_area_bytes();
    for (uint64_t g = 0; g < abi.num_groups(); ++g) {
        KernelAbi::Group group = abi.group(g);
        current_sp_ = static_cast<uint32_t>(g % params_.num_sp);
        std::fill(local_.begin(), local_.end(), 0);
        const uint32_t local_base =
            area_bytes ? areas.allocate(area_bytes, abi.local_area_limit(), abi.local_area_align())
                       : 0;
        threads.assign(group.work_items, Thread{});
        for (uint32_t i = 0; i < group.work_items; ++i) {
            Thread& t = threads[i];
            abi.init_thread(group, i, i, current_sp_, local_base, t.regs, t.special);
            t.local_id = i;
            t.warp = i / params_.abi.warp_size;
            t.group = g;
            t.pc = abi.launch().entry_pc;
            for (const KernelAbi::StackWord& w : abi.stack_words(i, current_sp_, local_base)) {
                // In the SP's local memory, or in the launch's private area (checked by the
                // host to lie in device memory).
                if (w.address < local_.size())
                    std::memcpy(&local_[w.address], &w.value, 4);
                else if (memory.contains(w.address, 4))
                    std::memcpy(memory.at(w.address), &w.value, 4);
            }
        }
        // Run every live thread to its next barrier or its end, until all have ended.
        uint32_t live = group.work_items;
        while (live > 0) {
            for (Thread& t : threads) {
                if (t.exited) continue;
                if (run_thread(t) == Stop::kExit) {
                    t.exited = true;
                    --live;
                }
            }
        }
        if (area_bytes) areas.free(local_base);
        stats.work_items += group.work_items;
        ++stats.work_groups;
    }
    stats.thread_instructions = executed_;
    return stats;
}

uint8_t* FunctionalModel::translate(Thread& t, uint32_t address, unsigned bytes) {
    if (address < local_.size()) {
        if (address + bytes <= local_.size()) return &local_[address];
    } else if (memory_->contains(address, bytes)) {
        return memory_->at(address);
    }
    fault(t, "unmapped address", address, true);
}

FunctionalModel::Stop FunctionalModel::run_thread(Thread& t) {
    const isa::Instruction* code = code_.data();
    const uint32_t code_bytes = static_cast<uint32_t>(code_.size()) * isa::kInstBytes;
    uint32_t* r = t.regs;
    uint32_t pc = t.pc;
    uint64_t executed = 0;
    // Where the current straight-line run began (kept up to date near the run limit only).
    uint32_t segment_start = pc;
    // Writes the pc and the instruction count back when the thread leaves the loop.
    auto leave = [&](Stop s) {
        t.pc = pc;
        executed_ += executed;
        return s;
    };
    auto check_target = [&](uint32_t target) {
        if (target >= code_bytes || (target & 7)) {
            t.pc = pc;
            executed_ += executed;
            fault(t, "jump outside the code image", target, true);
        }
    };

    for (;;) {
        const isa::Instruction& in = code[pc >> 3];
        ++executed;
        switch (in.op) {
            case Opcode::kBeq:
            case Opcode::kBne:
            case Opcode::kBlt:
            case Opcode::kBle:
            case Opcode::kFbeq:
            case Opcode::kFble:
            case Opcode::kJp:
            case Opcode::kJr: {
                uint32_t target = isa::next_pc(in, pc, r[in.rs], r[in.rt]);
                check_target(target);
                // Every loop passes a control instruction: the run limit is checked here.
                if (executed_ + executed > budget_)
                    near_limit(t, pc, target, &segment_start, executed);
                pc = target;
                continue;
            }
            case Opcode::kJplnk: {
                uint32_t target = isa::next_pc(in, pc, 0, 0);
                check_target(target);
                if (executed_ + executed > budget_)
                    near_limit(t, pc, target, &segment_start, executed);
                r[isa::kRegRa] = isa::link_value(pc);
                pc = target;
                continue;
            }
            case Opcode::kLdW:
            case Opcode::kLdH:
            case Opcode::kLdHu:
            case Opcode::kLdB:
            case Opcode::kLdBu: {
                uint32_t addr = isa::effective_address(in, r[in.rs]);
                unsigned size = isa::access_size(in.op);
                if (!isa::is_aligned(in.op, addr)) {
                    t.pc = pc;
                    fault(t, "misaligned access", addr, true);
                }
                t.pc = pc;
                uint32_t raw = 0;
                std::memcpy(&raw, translate(t, addr, size), size);
                r[in.rd] = isa::load_result(in.op, raw);
                break;
            }
            case Opcode::kStW:
            case Opcode::kStH:
            case Opcode::kStB: {
                uint32_t addr = isa::effective_address(in, r[in.rs]);
                unsigned size = isa::access_size(in.op);
                if (!isa::is_aligned(in.op, addr)) {
                    t.pc = pc;
                    fault(t, "misaligned access", addr, true);
                }
                t.pc = pc;
                std::memcpy(translate(t, addr, size), &r[in.rt], size);
                break;
            }
            case Opcode::kAtomAdd:
            case Opcode::kAtomXchg:
            case Opcode::kAtomCas: {
                uint32_t addr = isa::effective_address(in, r[in.rs]);
                t.pc = pc;
                if (!isa::is_aligned(in.op, addr)) fault(t, "misaligned access", addr, true);
                uint8_t* p = translate(t, addr, 4);
                uint32_t old;
                std::memcpy(&old, p, 4);
                isa::AtomicUpdate u = isa::atomic_update(in.op, old, r[in.rt], r[in.rd]);
                if (u.write) std::memcpy(p, &u.value, 4);
                r[in.rd] = old;
                break;
            }
            case Opcode::kSync:
                if (in_stretch_) near_limit(t, pc, pc + isa::kInstBytes, &segment_start, executed);
                pc += isa::kInstBytes;
                return leave(Stop::kSync);
            case Opcode::kExit:
                if (in_stretch_) near_limit(t, pc, pc, &segment_start, executed);
                return leave(Stop::kExit);
            case Opcode::kRdsr: {
                uint32_t index = static_cast<uint32_t>(in.imm) + r[in.rs];
                if (index >= isa::kNumSpecialRegisters) {
                    t.pc = pc;
                    fault(t, "special register out of range", index, true);
                }
                r[in.rd] = t.special[index];
                break;
            }
            case Opcode::kCount:
                t.pc = pc;
                fault(t, "undefined instruction", 0, false);
            default:
                r[in.rd] = isa::compute(in, r[in.rs], r[in.rt], r[in.rd]);
                break;
        }
        r[0] = 0;
        pc += isa::kInstBytes;
        if (pc >= code_bytes) {
            pc -= isa::kInstBytes;
            leave(Stop::kExit);
            fault(t, "execution ran off the end of the code image", pc + isa::kInstBytes, true);
        }
    }
}

void FunctionalModel::near_limit(Thread& t, uint32_t pc, uint32_t target, uint32_t* segment_start,
                                 uint64_t executed) {
    const uint64_t count = executed_ + executed;
    if (!in_stretch_) {
        // The stretch starts at the end of the budget, or when the host deadline has passed;
        // otherwise this was a poll of the deadline.
        if (count > limit_ - limit_stretch()) {
            stretch_ = limit_stretch();
            stretch_end_ = limit_;
        } else if (sim::HostDeadline::instance().passed()) {
            timed_out_ = true;
            stretch_ = std::min(kStretch, limit_ - count);
            stretch_end_ = count + stretch_;
        } else {
            budget_ = next_check(count);
            return;
        }
        // Every control transfer of the stretch comes here; its first one does not know where
        // its straight-line run began.
        in_stretch_ = true;
        budget_ = 0;
        stretch_low_ = stretch_high_ = pc;
    } else {
        stretch_low_ = std::min(stretch_low_, *segment_start);
        stretch_high_ = std::max(stretch_high_, pc);
    }
    *segment_start = target;
    if (count <= stretch_end_) return;
    t.pc = pc;
    executed_ = count;
    std::string what = timed_out_
                           ? "the run exceeded " + sim::HostDeadline::instance().option() +
                                 " seconds of host time after " + std::to_string(count) +
                                 " thread instructions"
                           : "run limit exceeded after " + std::to_string(count) +
                                 " thread instructions (-mvpgpu_functional_max_instructions " +
                                 std::to_string(limit_) + ")";
    char range[96];
    std::snprintf(range, sizeof range, "; the last %llu thread instructions ran PC 0x%04x",
                  static_cast<unsigned long long>(stretch_), stretch_low_);
    what += range + DebugMap::annotate(debug_, stretch_low_, false);
    std::snprintf(range, sizeof range, " to 0x%04x", stretch_high_);
    what += range + DebugMap::annotate(debug_, stretch_high_, false);
    fault(t, what, 0, false);
}

void FunctionalModel::fault(const Thread& t, const std::string& what, uint32_t address,
                            bool has_address) {
    char head[160];
    std::snprintf(head, sizeof head,
                  "fault: SP %u, warp %u, thread %u (work-group %llu), PC 0x%04x", current_sp_,
                  t.warp, t.local_id, static_cast<unsigned long long>(t.group), t.pc);
    std::string msg = head;
    msg += DebugMap::annotate(debug_, t.pc, true);
    msg += ": ";
    msg += what;
    if (has_address) {
        char a[32];
        std::snprintf(a, sizeof a, " at address 0x%08x", address);
        msg += a;
    }
    throw KernelFault(msg);
}

}  // namespace mvp
