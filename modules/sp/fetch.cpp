#include "fetch.h"

#include <algorithm>
#include <cstring>

#include "modules/golden/code_image.h"
#include "modules/sim/gpu_payload.h"
#include "modules/sim/sim_time.h"

namespace mvp {

Fetch::Fetch(const sc_core::sc_module_name& name, SpControl& sp)
    : sc_core::sc_module(name),
      icc("icc"),
      thdc("thdc"),
      divergence("divergence"),
      issue("issue"),
      sp_(sp) {
    icc.on_response = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        on_response(gp, at);
    };
    icc.on_ready = [this](const sc_core::sc_time& at) {
        // Free again at once, from a send in this tick: the tick has progressed, so the SP
        // ticks at the next edge anyway.
        if (icc.sending() && at <= sim::time_now()) return;
        sp_.wake_at(sp_.clock.cycle_at_or_after(at));
    };
}

void Fetch::init(unsigned max_splits) {
    slots_ = max_splits;
    contexts_.resize(size_t{sp_.params.num_warps()} * slots_);
    splits_.assign(sp_.params.num_warps(), 0);
    code_.assign(sp_.params.num_warps(), Code{});
    for (Context& c : contexts_) c.buffer.resize(sp_.params.ibuffer_entries);
    responses_.reserve(64);
}

void Fetch::reset(Context& c, uint32_t pc) {
    if (!c.buffer.empty()) ++sp_.counters.ibuffer_flushes;
    c.buffer.clear();
    ++c.generation;
    c.fetch_pc = pc;
}

void Fetch::start(unsigned warp) {
    code_[warp] = Code{thdc->code_base_of(warp), thdc->code_bytes_of(warp)};
    uint32_t splits = 0;
    for (unsigned s = 0; s < slots_; ++s) {
        Context& c = contexts_[warp * slots_ + s];
        const DivergencePolicy::Split split = divergence->split(warp, s);
        c.buffer.clear();
        ++c.generation;
        c.fetch_pc = split.pc;
        c.mask = split.mask;
        if (split.mask) splits |= 1u << s;
    }
    splits_read(warp, splits);
}

void Fetch::sync(unsigned warp) {
    // An empty slot keeps what it fetched: a split that later starts in the slot at the same PC
    // (a reconvergence where the slot's split waited) uses it.
    uint32_t splits = 0;
    for (uint32_t occ = divergence->occupied(warp); occ; occ &= occ - 1) {
        const unsigned s = static_cast<unsigned>(__builtin_ctz(occ));
        Context& c = contexts_[warp * slots_ + s];
        DivergencePolicy::Split split = divergence->split(warp, s);
        if (split.mask == 0) continue;
        c.mask = split.mask;
        splits |= 1u << s;
        uint32_t expected = c.buffer.empty() ? c.fetch_pc : c.buffer.front().pc;
        if (expected != split.pc) reset(c, split.pc);
    }
    splits_read(warp, splits);
    thdc->splits_changed(warp);
}

void Fetch::flush(unsigned warp) {
    uint32_t splits = 0;
    for (unsigned s = 0; s < slots_; ++s) {
        Context& c = contexts_[warp * slots_ + s];
        const DivergencePolicy::Split split = divergence->split(warp, s);
        reset(c, split.pc);
        c.mask = split.mask;
        if (split.mask) splits |= 1u << s;
    }
    splits_read(warp, splits);
}

void Fetch::splits_read(unsigned warp, uint32_t splits) {
    splits_[warp] = splits;
    idle_ = false;
    issue->wake(warp);
}

void Fetch::read_reconvergence(const FarBranch& branch) {
    TableRead t;
    t.branch = branch;
    table_reads_.push_back(t);
    ++sp_.counters.reconvergence_table_reads;
    sp_.progress();
}

bool Fetch::send_table_read() {
    for (size_t i = 0; i < table_reads_.size(); ++i) {
        TableRead& t = table_reads_[i];
        if (t.sent) continue;
        if (!icc.can_send()) return true;  // the ICC holds the previous request
        CodeImage code;
        code.base = code_[t.branch.warp].base;
        code.bytes = code_[t.branch.warp].bytes;
        tlm::tlm_generic_payload* gp = mm_.allocate();
        gp->set_command(tlm::TLM_READ_COMMAND);
        gp->set_address(code.table_entry(t.branch.index));
        gp->set_data_length(isa::kInstBytes);
        gp->set_streaming_width(isa::kInstBytes);
        gp->set_byte_enable_ptr(nullptr);
        sim::GpuExtension* ext = sim::gpu_extension(*gp);
        ext->sp = sp_.params.sp_id;
        ext->warp = t.branch.warp;
        ext->lane_mask = t.branch.taken;
        ext->client = sim::GpuExtension::Client::kIcc;
        t.id = next_table_id_++;
        ext->request_id = (uint64_t{kTableContext} << 32) | t.id;
        ext->issue_time = sim::time_now();
        t.sent = true;
        ++outstanding_;
        icc.send(*gp);
        gp->release();
        return true;
    }
    return false;
}

bool Fetch::complete_table_reads(uint64_t now) {
    bool any = false;
    for (size_t i = 0; i < table_reads_.size();) {
        TableRead t = table_reads_[i];
        if (!t.sent || t.ready > now) {
            ++i;
            continue;
        }
        table_reads_.erase(table_reads_.begin() + static_cast<std::ptrdiff_t>(i));
        const FarBranch& b = t.branch;
        if (!t.ok) {
            sp_.fault(b.warp, lowest_lane(b.taken), b.pc, "reconvergence table read failed",
                      static_cast<uint32_t>(t.rpc), true);
            return true;
        }
        divergence->on_branch(b.warp, b.slot, b.taken, b.target, b.pc + isa::kInstBytes, t.rpc);
        issue->resolved(b.warp, b.slot);
        sync(b.warp);
        any = true;
    }
    return any;
}

void Fetch::on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    --outstanding_;
    sim::GpuExtension* ext = sim::gpu_extension(gp);
    if (static_cast<uint32_t>(ext->request_id >> 32) == kTableContext) {
        auto it = std::find_if(table_reads_.begin(), table_reads_.end(), [&](const TableRead& t) {
            return t.sent && t.id == static_cast<uint32_t>(ext->request_id);
        });
        if (it == table_reads_.end()) return;  // its warp was dropped meanwhile
        TableRead& t = *it;
        t.ready = at.value() / sp_.clock.period().value() + 1;
        t.ok = gp.is_response_ok();
        if (t.ok) {
            uint64_t word;
            std::memcpy(&word, gp.get_data_ptr(), sizeof word);
            t.rpc = static_cast<uint32_t>(word);
        } else {
            t.rpc = static_cast<uint32_t>(gp.get_address());
        }
        sp_.wake_at(t.ready);
        return;
    }
    Response r;
    // Registered (decoded into the buffer) at the first edge strictly after it arrives.
    r.ready = at.value() / sp_.clock.period().value() + 1;
    r.context = static_cast<uint32_t>(ext->request_id >> 32);
    r.generation = static_cast<uint32_t>(ext->request_id);
    const Context& c = contexts_[r.context];
    const uint32_t code_base = code_[r.context / slots_].base;
    r.pc = static_cast<uint32_t>(gp.get_address()) - code_base;
    r.count = gp.get_data_length() / isa::kInstBytes;
    r.ok = gp.is_response_ok();
    if (r.ok) std::memcpy(r.words, gp.get_data_ptr(), r.count * isa::kInstBytes);
    if (r.generation != c.generation) return;  // flushed meanwhile
    responses_.push_back(r);
    sp_.wake_at(r.ready);
}

uint64_t Fetch::next_response_cycle() const {
    uint64_t next = UINT64_MAX;
    for (const Response& r : responses_) next = std::min(next, r.ready);
    for (const TableRead& t : table_reads_) next = std::min(next, t.ready);
    return next;
}

bool Fetch::accept_responses(uint64_t now) {
    if (responses_.empty() && table_reads_.empty()) return false;
    bool any = !table_reads_.empty() && complete_table_reads(now);
    size_t keep = 0;
    for (size_t i = 0; i < responses_.size(); ++i) {
        const Response& r = responses_[i];
        if (r.ready > now) {
            responses_[keep++] = r;
            continue;
        }
        Context& c = contexts_[r.context];
        if (r.generation != c.generation) continue;
        const bool head_pending =
            !c.buffer.empty() && c.buffer.front().state == InstructionBuffer::State::kPending;
        for (unsigned k = 0; k < r.count; ++k) {
            uint32_t pc = r.pc + k * isa::kInstBytes;
            if (r.ok) {
                c.buffer.fill(pc, r.words[k], now);
            } else {
                c.buffer.fail(pc);
            }
        }
        // The split's head instruction has arrived: IS may take it.
        if (head_pending && c.buffer.front().state != InstructionBuffer::State::kPending)
            issue->wake(r.context / slots_);
        any = true;
    }
    responses_.resize(keep);
    return any;
}

bool Fetch::tick(uint64_t now) {
    if (!table_reads_.empty() && send_table_read()) return true;
    if (idle_) return false;
    const std::vector<int>& running = thdc->running();
    const unsigned places = static_cast<unsigned>(running.size());
    if (places == 0) return false;
    for (unsigned i = 0, place = rr_ % places; i < places;
         ++i, place = place + 1 == places ? 0 : place + 1) {
        int w = running[place];
        if (w < 0) continue;
        const unsigned wu = static_cast<unsigned>(w);
        const Code& code = code_[wu];
        const uint32_t code_bytes = code.bytes;
        // The splits that can fetch: buffer room, and not run ahead of the image.
        uint32_t fetchable = 0;
        for (uint32_t m = splits_[wu]; m; m &= m - 1) {
            const unsigned s = static_cast<unsigned>(__builtin_ctz(m));
            const Context& c = contexts_[wu * slots_ + s];
            if (c.buffer.room() != 0 && c.fetch_pc < code_bytes) fetchable |= 1u << s;
        }
        if (fetchable == 0) continue;
        // The splits of a warp in the issue stage's order: the first that can fetch does.
        uint8_t order[32];
        unsigned n = 1;
        if (fetchable & (fetchable - 1)) {
            n = divergence->schedule(wu, order);
        } else {
            order[0] = static_cast<uint8_t>(__builtin_ctz(fetchable));
        }
        for (unsigned k = 0; k < n; ++k) {
            const unsigned s = order[k];
            if (!(fetchable & (1u << s))) continue;
            Context& c = contexts_[wu * slots_ + s];
            const unsigned room = c.buffer.room();
            // The ICC holds the previous request: try again next cycle (stay awake).
            if (!icc.can_send()) return true;
            unsigned count = 1;
            if (sp_.params.fetch_width >= 2 && (c.fetch_pc & 15) == 0 && room >= 2 &&
                c.fetch_pc + isa::kInstBytes < code_bytes)
                count = 2;
            tlm::tlm_generic_payload* gp = mm_.allocate();
            gp->set_command(tlm::TLM_READ_COMMAND);
            gp->set_address(uint64_t{code.base} + c.fetch_pc);
            gp->set_data_length(count * isa::kInstBytes);
            gp->set_streaming_width(count * isa::kInstBytes);
            gp->set_byte_enable_ptr(nullptr);
            sim::GpuExtension* ext = sim::gpu_extension(*gp);
            ext->sp = sp_.params.sp_id;
            ext->warp = static_cast<uint32_t>(w);
            ext->lane_mask = c.mask;
            ext->client = sim::GpuExtension::Client::kIcc;
            ext->request_id =
                (uint64_t{static_cast<uint32_t>(w) * slots_ + s} << 32) | c.generation;
            ext->issue_time = sim::time_now();
            if (c.buffer.empty()) issue->wake(wu);  // the split's head entry appears
            for (unsigned k = 0; k < count; ++k) {
                c.buffer.reserve(c.fetch_pc);
                c.fetch_pc += isa::kInstBytes;
            }
            ++outstanding_;
            ++sp_.counters.fetches;
            sp_.counters.fetched_instructions += count;
            rr_ = place + 1;
            icc.send(*gp);
            gp->release();
            (void)now;
            return true;
        }
    }
    idle_ = true;
    return false;
}

void Fetch::reset() {
    for (Context& c : contexts_) {
        c.buffer.clear();
        ++c.generation;
        c.fetch_pc = 0;
    }
    std::fill(splits_.begin(), splits_.end(), 0u);
    responses_.clear();
    table_reads_.clear();
    rr_ = 0;
    idle_ = false;
    outstanding_ = 0;
    mm_.reclaim();
}

}  // namespace mvp
