#include "ddr_controller.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "modules/config/config.h"
#include "modules/golden/global_memory.h"
#include "modules/isa/semantics.h"
#include "modules/sim/gpu_payload.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

using sc_core::sc_time;

namespace {

bool power_of_two(uint64_t v) { return v && (v & (v - 1)) == 0; }

unsigned log2_of(uint64_t v) {
    unsigned n = 0;
    while (v > 1) {
        v >>= 1;
        ++n;
    }
    return n;
}

}  // namespace

DdrParams DdrParams::from_config(const config::Config& c) {
    auto u = [&c](const char* name) { return static_cast<unsigned>(c.get_int(name)); };
    DdrParams p;
    p.banks = u("mvpgpu_ddr_banks");
    p.row_bytes = u("mvpgpu_ddr_row_bytes");
    p.bus_bytes = u("mvpgpu_ddr_bus_bytes");
    p.burst_length = u("mvpgpu_ddr_burst_length");
    p.tRCD = u("mvpgpu_ddr_tRCD");
    p.tCL = u("mvpgpu_ddr_tCL");
    p.tRP = u("mvpgpu_ddr_tRP");
    p.tRAS = u("mvpgpu_ddr_tRAS");
    p.tWR = u("mvpgpu_ddr_tWR");
    p.tCCD = u("mvpgpu_ddr_tCCD");
    p.tREFI = u("mvpgpu_ddr_tREFI");
    p.tRFC = u("mvpgpu_ddr_tRFC");
    p.queue_depth = u("mvpgpu_ddr_queue_depth");
    p.coalesce = c.get_bool("mvpgpu_ddr_coalesce");
    p.bank_xor = c.get_bool("mvpgpu_ddr_bank_xor");
    return p;
}

DdrController::DdrController(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                             const DdrParams& params, GlobalMemory& storage,
                             const MemoryInterleave& interleave, unsigned index)
    : sc_module(name),
      clock_(clock),
      params_(params),
      storage_(storage),
      interleave_(interleave),
      index_(index),
      port_("target"),
      banks_(params.banks),
      stats_(this->name()),
      open_row_trace_(params.banks, kClosedTrace) {
    const DdrParams& p = params_;
    const char* problem = nullptr;
    if (!power_of_two(p.banks) || !power_of_two(p.row_bytes) || !power_of_two(p.bus_bytes) ||
        !power_of_two(p.burst_length) || p.burst_length < 2) {
        problem = "banks, row bytes, bus bytes and burst length must be powers of two (burst >= 2)";
    } else if (p.burst_bytes() > p.row_bytes) {
        problem = "a burst (bus bytes x burst length) must fit in a row";
    } else if (interleave_.block_bytes() % p.burst_bytes() != 0) {
        problem =
            "the interleaving block must be a multiple of the burst (bus bytes x burst length)";
    } else if (p.queue_depth == 0 || index_ >= interleave_.controllers()) {
        problem = "queue depth must be >= 1 and the index below the number of controllers";
    } else if (p.tREFI && p.tREFI <= p.tRFC) {
        problem = "tREFI must be longer than tRFC";
    }
    if (problem) {
        const std::string msg = std::string(this->name()) + ": " + problem;
        SC_REPORT_FATAL("mvp/ddr", msg.c_str());
    }
    bank_shift_ = log2_of(p.row_bytes);
    bank_mask_ = p.banks - 1;
    row_shift_ = bank_shift_ + log2_of(p.banks);
    next_refresh_ = p.tREFI;
    queue_.reserve(p.queue_depth);

    port_.on_request = [this](tlm::tlm_generic_payload& gp, const sc_time& at) {
        return on_request(gp, at);
    };
    port_.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_time& delay) {
        b_transport(gp, delay);
    };
    port_.on_debug = [this](tlm::tlm_generic_payload& gp) { return debug(gp); };

    stats_.add("reads", &reads_, "read requests served");
    stats_.add("writes", &writes_, "write requests served");
    stats_.add("atomics", &atomics_, "atomic read-modify-writes served");
    stats_.add("bytes_read", &bytes_read_, "bytes read by requests (atomics count 4)");
    stats_.add("bytes_written", &bytes_written_, "bytes written by requests");
    stats_.add("row_hits", &row_hits_, "READ/WRITE bursts to a row already open");
    stats_.add("row_misses", &row_misses_, "READ/WRITE bursts that needed an ACT to a closed bank");
    stats_.add("row_conflicts", &row_conflicts_,
               "READ/WRITE bursts that needed a PRE of another row and an ACT");
    stats_.add(
        "row_hit_rate",
        [this] {
            const uint64_t n = row_hits_ + row_misses_ + row_conflicts_;
            return n ? static_cast<double>(row_hits_) / n : 0.0;
        },
        "row hits / bursts");
    stats_.add("coalesced", &coalesced_, "requests served by a burst issued for an older request");
    stats_.add("activates", &activates_, "ACT commands");
    stats_.add("precharges", &precharges_, "PRE commands (not counting refresh)");
    stats_.add("refreshes", &refreshes_, "REFRESH commands (counted up to the last active cycle)");
    stats_.add("queue_full", &backpressure_, "requests that found the queue full (END_REQ held)");
    stats_.add("latency", &latency_, "DRAM cycles from a request's arrival to its response");
    stats_.add(
        "queue_occupancy", &occupancy_,
        "queue entries when a request arrives (the queue at the start of its cycle, plus it)");
    stats_.add("active_cycles", &active_cycles_, "DRAM cycles with at least one request inside");
    stats_.add("data_bus_cycles", &data_bus_cycles_, "DRAM cycles the data bus transferred data");
    stats_.add(
        "bandwidth_gbps",
        [this] {
            const double ns = active_cycles_ * clock_.period().to_seconds() * 1e9;
            return ns > 0 ? static_cast<double>(bytes_read_ + bytes_written_) / ns : 0.0;
        },
        "request bytes per second over the active time, GB/s");
    stats_.add(
        "peak_gbps", [this] { return params_.peak_gbps(clock_.mhz()); },
        "peak data rate of the device, GB/s");
    stats_.add(
        "data_bus_utilisation",
        [this] {
            return active_cycles_ ? static_cast<double>(data_bus_cycles_) / active_cycles_ : 0.0;
        },
        "data bus busy cycles / active cycles");

    auto& tracer = sim::VcdTracer::instance();
    const std::string base = this->name();
    tracer.trace(base + ".queue_depth", &queue_depth_);
    for (unsigned b = 0; b < p.banks; ++b)
        tracer.trace(base + ".bank" + std::to_string(b) + ".open_row", &open_row_trace_[b]);

    clock_.attach(this);
}

DdrController::~DdrController() = default;

DdrController::Location DdrController::locate(uint32_t address) const {
    const uint64_t local = interleave_.local(address);
    Location loc;
    loc.column = static_cast<uint32_t>(local & (params_.row_bytes - 1));
    loc.bank = static_cast<unsigned>((local >> bank_shift_) & bank_mask_);
    loc.row = local >> row_shift_;
    if (params_.bank_xor && bank_mask_) {
        // Permutation-based interleaving: the row bits, folded to the width of the bank index,
        // are XORed into it, so the same offset in different rows lands in different banks.
        const unsigned width = row_shift_ - bank_shift_;
        for (uint64_t r = loc.row; r; r >>= width)
            loc.bank ^= static_cast<unsigned>(r & bank_mask_);
    }
    return loc;
}

uint64_t DdrController::arrival_cycle(const sc_time& at) const {
    // Registered at the first edge after it arrives, whatever order processes run in.
    return at.value() / clock_.period().value() + 1;
}

DdrController::Kind DdrController::kind_of(const tlm::tlm_generic_payload& gp) {
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    if (ext && ext->atomic) return Kind::kAtomic;
    return gp.get_command() == tlm::TLM_WRITE_COMMAND ? Kind::kWrite : Kind::kRead;
}

void DdrController::decode(Entry& e) const {
    e.burst = e.next & ~(params_.burst_bytes() - 1);
    const Location loc = locate(e.burst);
    e.bank = loc.bank;
    e.row = loc.row;
}

bool DdrController::on_request(tlm::tlm_generic_payload& gp, const sc_time& at) {
    const uint64_t ready = arrival_cycle(at);
    // The queue as it was at the start of this cycle, whether or not this cycle's commands have
    // freed entries yet, so that the answer does not depend on process order.
    const size_t occupied = queue_.size() + (freed_cycle_ == ready - 1 ? freed_ : 0);
    if (!held_ && occupied < params_.queue_depth) {
        enqueue(gp, ready, occupied);
        return true;
    }
    // Full: END_REQ is held until an entry frees; the NoC stops behind it.
    ++backpressure_;
    held_ = &gp;
    return false;
}

void DdrController::enqueue(tlm::tlm_generic_payload& gp, uint64_t ready, size_t occupied) {
    Entry e;
    e.gp = &gp;
    e.kind = kind_of(gp);
    e.ready = ready;
    e.arrival = ready;
    e.address = static_cast<uint32_t>(gp.get_address());
    e.end = e.address + std::max(1u, gp.get_data_length());
    e.next = e.address;
    decode(e);
    if (e.kind == Kind::kAtomic) e.end = e.address + 4;
    queue_.push_back(e);
    if (outstanding_ == 0) busy_since_ = ready;
    ++outstanding_;
    if (ready == last_arrival_) {
        ++last_arrivals_;
    } else {
        last_arrival_ = ready;
        last_arrivals_ = 1;
    }
    occupancy_.sample(static_cast<double>(occupied + 1));
    queue_depth_ = static_cast<uint32_t>(queue_.size());
    clock_.wake_at(this, ready);
}

void DdrController::access(tlm::tlm_generic_payload& gp, Kind kind, uint32_t lo, uint32_t hi) {
    const uint32_t address = static_cast<uint32_t>(gp.get_address());
    const unsigned length = gp.get_data_length();
    if (!storage_.contains(address, length)) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (kind != Kind::kAtomic) {
        hi = std::min(hi, address + length);
        if (lo >= hi) {
            gp.set_response_status(tlm::TLM_OK_RESPONSE);
            return;
        }
    }
    unsigned char* data = gp.get_data_ptr() + (lo - address);
    switch (kind) {
        case Kind::kRead:
            std::memcpy(data, storage_.at(lo), hi - lo);
            break;
        case Kind::kWrite: {
            const unsigned char* enables = gp.get_byte_enable_ptr();
            const unsigned enable_length = gp.get_byte_enable_length();
            if (!enables || enable_length == 0) {
                std::memcpy(storage_.at(lo), data, hi - lo);
            } else {
                for (uint32_t a = lo; a < hi; ++a)
                    if (enables[(a - address) % enable_length] == TLM_BYTE_ENABLED)
                        *storage_.at(a) = data[a - lo];
            }
            break;
        }
        case Kind::kAtomic: {
            const sim::GpuExtension* ext = sim::gpu_extension(gp);
            if (length != 4 || (address & 3) != 0) {
                gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
                return;
            }
            uint32_t old;
            std::memcpy(&old, storage_.at(address), 4);
            const isa::AtomicUpdate u =
                isa::atomic_update(static_cast<isa::Opcode>(ext->atomic_op), old,
                                   ext->atomic_operand, ext->atomic_compare);
            if (u.write) std::memcpy(storage_.at(address), &u.value, 4);
            std::memcpy(gp.get_data_ptr(), &old, 4);
            break;
        }
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool DdrController::blocked(size_t index) const {
    const Entry& e = queue_[index];
    const uint32_t lo = std::max(e.next, e.burst);
    const uint32_t hi = std::min(e.end, e.burst + params_.burst_bytes());
    // The word of an atomic is rewritten by its write-back: nothing else touches that burst
    // until then.
    for (const Writeback& wb : writebacks_)
        if (wb.burst == e.burst) return true;
    for (size_t k = 0; k < index; ++k) {
        const Entry& o = queue_[k];
        if (o.kind == e.kind && e.kind != Kind::kAtomic) continue;
        if (o.next < hi && lo < o.end) return true;
    }
    return false;
}

void DdrController::refresh(uint64_t t) {
    const DdrParams& p = params_;
    if (!p.tREFI || next_refresh_ > t) return;
    // Idle with every bank closed: the refreshes in between change nothing; skip to the last.
    bool idle = writebacks_.empty() && (!commanded_ || last_command_ < next_refresh_);
    for (const Bank& b : banks_)
        if (b.open_row != kNoRow || b.next_act > next_refresh_) idle = false;
    if (idle && next_refresh_ + p.tREFI <= t) {
        const uint64_t skip = (t - next_refresh_) / p.tREFI;
        refreshes_ += skip;
        next_refresh_ += skip * p.tREFI;
        for (Bank& b : banks_) b.next_act = next_refresh_ - p.tREFI + p.tRFC;
        last_command_ = next_refresh_ - p.tREFI;
        commanded_ = true;
    }
    while (next_refresh_ <= t) {
        // An atomic's write-back goes first: it needs its row open.
        if (!writebacks_.empty()) return;
        const uint64_t start = std::max(next_refresh_, commanded_ ? last_command_ + 1 : 0);
        bool any_open = false;
        uint64_t pre_at = start;
        for (const Bank& b : banks_) {
            if (b.open_row == kNoRow) continue;
            any_open = true;
            pre_at = std::max(pre_at, b.next_pre);
        }
        uint64_t ref_at = any_open ? pre_at + p.tRP : start;
        for (const Bank& b : banks_) ref_at = std::max(ref_at, b.next_act);
        for (Bank& b : banks_) {
            b.open_row = kNoRow;
            b.next_act = ref_at + p.tRFC;
            b.opening = Opening::kMiss;
            b.first_access = false;
        }
        last_command_ = ref_at;
        commanded_ = true;
        ++refreshes_;
        next_refresh_ += p.tREFI;
        update_trace();
    }
}

void DdrController::activate(unsigned bank, uint64_t row, uint64_t t) {
    Bank& b = banks_[bank];
    b.open_row = row;
    b.next_col = t + params_.tRCD;
    b.next_pre = t + params_.tRAS;
    b.first_access = true;
    ++activates_;
    last_command_ = t;
    commanded_ = true;
    open_row_trace_[bank] = static_cast<uint32_t>(row);
}

void DdrController::precharge(unsigned bank, uint64_t t) {
    Bank& b = banks_[bank];
    b.open_row = kNoRow;
    b.next_act = t + params_.tRP;
    b.opening = Opening::kConflict;
    b.first_access = false;
    ++precharges_;
    last_command_ = t;
    commanded_ = true;
    open_row_trace_[bank] = kClosedTrace;
}

void DdrController::issue_column(size_t index, uint64_t t) {
    const DdrParams& p = params_;
    const Entry& x = queue_[index];
    const Kind kind = x.kind;
    const uint32_t burst = x.burst;
    const unsigned bank = x.bank;
    Bank& b = banks_[bank];

    if (b.first_access) {
        ++(b.opening == Opening::kMiss ? row_misses_ : row_conflicts_);
        b.first_access = false;
    } else {
        ++row_hits_;
    }

    // The requests this burst serves: x, and with coalescing every other queued request of
    // the same kind whose next bytes are in the same burst and may go now.
    // An older request of the same kind and burst cannot go now: the scheduler took x as the
    // oldest row hit that may go, and that request would hit the same row of the same bank.
    std::vector<size_t>& served = served_;
    served.clear();
    served.push_back(index);
    if (kind != Kind::kAtomic && p.coalesce) {
        for (size_t k = index + 1; k < queue_.size(); ++k) {
            const Entry& e = queue_[k];
            if (e.ready <= t && e.kind == kind && e.burst == burst && !blocked(k))
                served.push_back(k);
        }
    }
    coalesced_ += served.size() - 1;

    const uint64_t data_done = t + p.tCL + p.burst_cycles();
    std::vector<size_t>& finished = finished_;
    finished.clear();
    for (size_t k : served) {
        Entry& e = queue_[k];
        const uint32_t lo = e.next;
        const uint32_t hi = std::min(e.end, burst + p.burst_bytes());
        access(*e.gp, kind, lo, hi);
        e.next = hi;
        if (kind == Kind::kWrite) {
            bytes_written_ += hi - lo;
        } else {
            bytes_read_ += hi - lo;
        }
        if (e.next >= e.end) {
            finished.push_back(k);
            completions_.push_back(Completion{e.gp, data_done, e.arrival});
            ++(kind == Kind::kRead ? reads_ : kind == Kind::kWrite ? writes_ : atomics_);
        } else {
            decode(e);
        }
    }
    // The finished requests leave the queue, the others keep their order (finished is in
    // queue order, as served is).
    if (!finished.empty()) {
        auto w = queue_.begin() + static_cast<ptrdiff_t>(finished.front());
        for (size_t f = 0; f < finished.size(); ++f) {
            const size_t end = f + 1 < finished.size() ? finished[f + 1] : queue_.size();
            w = std::copy(queue_.begin() + static_cast<ptrdiff_t>(finished[f] + 1),
                          queue_.begin() + static_cast<ptrdiff_t>(end), w);
        }
        if (freed_cycle_ != t) {
            freed_cycle_ = t;
            freed_ = 0;
        }
        freed_ += static_cast<unsigned>(finished.size());
        queue_.erase(w, queue_.end());
        queue_depth_ = static_cast<uint32_t>(queue_.size());
    }

    if (kind == Kind::kWrite) {
        b.next_pre = std::max<uint64_t>(b.next_pre, data_done + p.tWR);
    } else {
        b.next_pre = std::max<uint64_t>(b.next_pre, t + p.burst_cycles());
    }
    if (kind == Kind::kAtomic) {
        writebacks_.push_back(Writeback{bank, burst, data_done});
        ++b.writebacks;
    }
    next_column_ = t + p.column_interval();
    data_bus_cycles_ += p.burst_cycles();
    last_command_ = t;
    commanded_ = true;
}

bool DdrController::schedule(uint64_t t) {
    const DdrParams& p = params_;
    if (commanded_ && last_command_ >= t) return false;  // one command per cycle

    // An atomic's write-back: the old word is in, the new one goes to the still open row.
    if (!writebacks_.empty()) {
        const Writeback wb = writebacks_.front();
        Bank& b = banks_[wb.bank];
        if (wb.earliest <= t && next_column_ <= t && b.next_col <= t) {
            writebacks_.pop_front();
            --b.writebacks;
            b.next_pre = std::max<uint64_t>(b.next_pre, t + p.tCL + p.burst_cycles() + p.tWR);
            next_column_ = t + p.column_interval();
            data_bus_cycles_ += p.burst_cycles();
            last_command_ = t;
            commanded_ = true;
            return true;
        }
    }
    if (p.tREFI && next_refresh_ <= t) return false;  // a refresh is waiting for the write-backs

    // Row hits first, oldest first; then the oldest request that can open its closed bank; then
    // the oldest request whose bank holds another row, unless that row still has hits waiting
    // (they would become conflicts). One pass over the queue finds all three: it marks the banks
    // with hits waiting, and lists the banks that could be precharged in the order of their
    // oldest request.
    const bool column_free = next_column_ <= t;
    const Entry* opener = nullptr;
    ++pass_;
    std::vector<unsigned>& to_close = to_close_;
    to_close.clear();
    for (size_t k = 0; k < queue_.size(); ++k) {
        const Entry& e = queue_[k];
        if (e.ready > t) continue;
        Bank& b = banks_[e.bank];
        if (b.open_row == e.row) {
            b.hit_pass = pass_;
            if (column_free && b.next_col <= t && !blocked(k)) {
                issue_column(k, t);
                return true;
            }
        } else if (opener) {
            continue;
        } else if (b.open_row == kNoRow) {
            if (b.next_act <= t) opener = &e;
        } else if (b.next_pre <= t && b.writebacks == 0 && b.close_pass != pass_) {
            b.close_pass = pass_;
            to_close.push_back(e.bank);
        }
    }
    if (opener) {
        activate(opener->bank, opener->row, t);
        return true;
    }
    for (unsigned bank : to_close) {
        if (banks_[bank].hit_pass != pass_) {
            precharge(bank, t);
            return true;
        }
    }
    return false;
}

uint64_t DdrController::next_event(uint64_t t) const {
    const DdrParams& p = params_;
    uint64_t next = kNever;
    if (!completions_.empty()) next = completions_.front().done;
    for (const Writeback& wb : writebacks_)
        next = std::min(next, std::max({wb.earliest, next_column_, banks_[wb.bank].next_col}));
    const bool refresh_waiting = p.tREFI && next_refresh_ <= t;
    // A refresh held for write-backs that have all gone is done at the next edge.
    if (refresh_waiting && writebacks_.empty()) next = std::min(next, t + 1);
    if (p.tREFI && (!queue_.empty() || !writebacks_.empty()) && next_refresh_ > t)
        next = std::min(next, next_refresh_);
    if (!refresh_waiting) {
        const uint64_t soon = t + 1;  // no event comes before the next cycle
        for (const Entry& e : queue_) {
            if (next <= soon) break;
            const Bank& b = banks_[e.bank];
            uint64_t c;
            if (b.open_row == e.row) {
                c = std::max(b.next_col, next_column_);
            } else if (b.open_row == kNoRow) {
                c = b.next_act;
            } else {
                c = b.next_pre;  // hits and write-backs that hold it back have their own events
            }
            next = std::min(next, std::max(c, e.ready));
        }
    }
    return next == kNever ? kNever : std::max(next, t + 1);
}

void DdrController::tick() {
    const uint64_t t = clock_.now();
    refresh(t);
    while (!completions_.empty() && completions_.front().done <= t) {
        const Completion c = completions_.front();
        completions_.pop_front();
        latency_.sample(static_cast<double>(c.done - c.arrival));
        --outstanding_;
        // Requests registered at the next edge may have arrived already (the NoC's pass of this
        // time ran first): the controller is idle from c.done if only they are left.
        const uint64_t early = last_arrival_ > t ? last_arrivals_ : 0;
        if (outstanding_ == early) {
            active_cycles_ += c.done - busy_since_;
            busy_since_ = last_arrival_;
        }
        port_.respond(*c.gp);
    }
    schedule(t);
    if (held_ && queue_.size() < params_.queue_depth) {
        tlm::tlm_generic_payload* gp = held_;
        held_ = nullptr;
        enqueue(*gp, t + 1, queue_.size());
        port_.accept();
    }
    const uint64_t next = next_event(t);
    if (next > t + 1) {
        clock_.sleep(this);
        if (next != kNever) clock_.wake_at(this, next);
    }
}

void DdrController::reset() {
    const uint64_t t = clock_.now();
    if (outstanding_ > 0 && t > busy_since_) active_cycles_ += t - busy_since_;
    outstanding_ = 0;
    port_.reset();
    for (Bank& b : banks_) b = Bank{};
    queue_.clear();
    completions_.clear();
    writebacks_.clear();
    held_ = nullptr;
    freed_cycle_ = kNever;
    freed_ = 0;
    last_arrival_ = kNever;
    last_arrivals_ = 0;
    next_column_ = 0;
    commanded_ = false;
    last_command_ = 0;
    queue_depth_ = 0;
    update_trace();
    clock_.sleep(this);
}

void DdrController::b_transport(tlm::tlm_generic_payload& gp, sc_time& /*delay*/) {
    // Untimed: the storage is read or written at once, in the caller's order.
    const uint32_t address = static_cast<uint32_t>(gp.get_address());
    access(gp, kind_of(gp), address, address + gp.get_data_length());
}

unsigned DdrController::debug(tlm::tlm_generic_payload& gp) {
    const uint32_t address = static_cast<uint32_t>(gp.get_address());
    const unsigned length = gp.get_data_length();
    if (!storage_.contains(address, length)) return 0;
    if (gp.get_command() == tlm::TLM_WRITE_COMMAND) {
        std::memcpy(storage_.at(address), gp.get_data_ptr(), length);
    } else if (gp.get_command() == tlm::TLM_READ_COMMAND) {
        std::memcpy(gp.get_data_ptr(), storage_.at(address), length);
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return length;
}

void DdrController::update_trace() {
    for (size_t b = 0; b < banks_.size(); ++b)
        open_row_trace_[b] =
            banks_[b].open_row == kNoRow ? kClosedTrace : static_cast<uint32_t>(banks_[b].open_row);
}

}  // namespace mvp
