#include "dcc.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "modules/config/config.h"
#include "modules/sim/byte_enables.h"
#include "modules/sim/gpu_payload.h"
#include "modules/sim/sim_time.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

namespace {

bool byte_enabled(const tlm::tlm_generic_payload& gp, unsigned i) {
    const unsigned char* be = gp.get_byte_enable_ptr();
    unsigned n = gp.get_byte_enable_length();
    return be == nullptr || n == 0 || be[i % n] == TLM_BYTE_ENABLED;
}

// The byte enables of a write-back for each mask of dirty bytes (bit i: byte i), shared by every
// payload and never written (TLM's byte-enable pointer is not const).
unsigned char byte_enable_masks[16][4] = {
    {0, 0, 0, 0},       {0xff, 0, 0, 0},       {0, 0xff, 0, 0},       {0xff, 0xff, 0, 0},
    {0, 0, 0xff, 0},    {0xff, 0, 0xff, 0},    {0, 0xff, 0xff, 0},    {0xff, 0xff, 0xff, 0},
    {0, 0, 0, 0xff},    {0xff, 0, 0, 0xff},    {0, 0xff, 0, 0xff},    {0xff, 0xff, 0, 0xff},
    {0, 0, 0xff, 0xff}, {0xff, 0, 0xff, 0xff}, {0, 0xff, 0xff, 0xff}, {0xff, 0xff, 0xff, 0xff},
};

// Limits a write-back to the word's dirty bytes (no byte enables when all four are dirty).
void enable_dirty_bytes(tlm::tlm_generic_payload& gp, uint8_t dirty) {
    if (dirty == 0xf) return;
    gp.set_byte_enable_ptr(byte_enable_masks[dirty]);
    gp.set_byte_enable_length(4);
}

bool is_power_of_two(unsigned v) { return v != 0 && (v & (v - 1)) == 0; }

// Adds `cycles` samples of the value v (a quantity that held v for that many cycles).
void sample_cycles(sim::Sampler& s, double v, uint64_t cycles) {
    if (cycles == 0) return;
    s.count += cycles;
    s.sum += v * static_cast<double>(cycles);
    if (v > s.max) s.max = v;
}

uint32_t load32(const unsigned char* p) {
    return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

void store32(unsigned char* p, uint32_t v) {
    for (unsigned i = 0; i < 4; ++i) p[i] = static_cast<unsigned char>(v >> (8 * i));
}

}  // namespace

Dcc::Params Dcc::Params::from_config(const config::Config& config) {
    Params p;
    p.sets = static_cast<unsigned>(config.get_int("mvpgpu_dcc_sets"));
    p.ways = static_cast<unsigned>(config.get_int("mvpgpu_dcc_ways"));
    p.miss_fifo_depth = static_cast<unsigned>(config.get_int("mvpgpu_dcc_miss_fifo_depth"));
    p.hit_latency = static_cast<unsigned>(config.get_int("mvpgpu_dcc_hit_latency"));
    p.line_bytes = static_cast<unsigned>(config.get_int("mvpgpu_dcc_line_bytes"));
    return p;
}

Dcc::Dcc(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const Params& params)
    : sc_module(name),
      port("port"),
      mem_port("mem_port"),
      clock_(clock),
      params_(params),
      ways_(size_t{params.sets} * params.ways),
      stats_(this->name()) {
    if (!is_power_of_two(params_.sets) || params_.ways == 0 || params_.miss_fifo_depth == 0 ||
        params_.hit_latency == 0 || !is_power_of_two(params_.line_bytes) ||
        params_.line_bytes < 4 || params_.line_bytes > sim::MemoryManager::kMaxDataBytes)
        SC_REPORT_FATAL("mvp/dcc", "invalid DCC parameters");
    clock_.attach(this);
    port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        return on_request(gp, at);
    };
    port.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
        untimed(gp, delay);
    };
    port.on_debug = [this](tlm::tlm_generic_payload& gp) { return debug(gp); };
    mem_port.on_response = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        on_mem_response(gp, at);
    };
    mem_port.on_ready = [this](const sc_core::sc_time& at) { on_mem_ready(at); };

    stats_.add("read_requests", &read_requests_, "read requests");
    stats_.add("write_requests", &write_requests_, "write requests");
    stats_.add("atomics", &atomics_, "atomic requests (performed in memory)");
    stats_.add("read_hits", &read_hits_, "read requests whose words were all present");
    stats_.add("read_misses", &read_misses_, "read requests that went through the miss FIFO");
    stats_.add("write_hits", &write_hits_, "write requests whose words were all present");
    stats_.add("write_misses", &write_misses_, "write requests that went through the miss FIFO");
    stats_.add("read_word_hits", &read_word_hits_, "words of read requests present at lookup");
    stats_.add("read_word_misses", &read_word_misses_, "words of read requests missing at lookup");
    stats_.add("write_word_hits", &write_word_hits_, "words of write requests present at lookup");
    stats_.add("write_word_misses", &write_word_misses_,
               "words of write requests missing at lookup");
    stats_.add("write_backs", &write_backs_,
               "dirty words written back on eviction or before an atomic");
    stats_.add("line_fetches", &line_fetches_, "lines fetched from memory");
    stats_.add("flushes", &flushes_, "flushes");
    stats_.add("flush_write_backs", &flush_write_backs_, "dirty words written back by flushes");
    stats_.add("lookup_stall_cycles", &lookup_stall_cycles_,
               "cycles a request waited at the lookup for room in the miss FIFO or a flush");
    stats_.add("miss_fifo_occupancy", &miss_fifo_occupancy_,
               "miss FIFO entries, sampled every cycle the DCC has work");
    stats_.add(
        "read_hit_rate",
        [this] {
            uint64_t n = read_hits_ + read_misses_;
            return n ? static_cast<double>(read_hits_) / static_cast<double>(n) : 0.0;
        },
        "read_hits / read requests");
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    vcd.trace(std::string(this->name()) + ".miss_fifo_depth", &miss_fifo_depth_);
    vcd.trace(std::string(this->name()) + ".last_address", &last_address_);
    vcd.trace(std::string(this->name()) + ".hit", &hit_);
}

bool Dcc::idle() const {
    return input_.empty() && !holding_ && fifo_.empty() && to_memory_.empty() &&
           at_memory_.empty() && mem_responses_.empty() && responses_.empty() && !flushing();
}

bool Dcc::probe(uint32_t address, EntryView* view) const {
    uint32_t word = address / 4;
    unsigned set = word & (params_.sets - 1);
    for (unsigned w = 0; w < params_.ways; ++w) {
        const Way& x = ways_[set * params_.ways + w];
        if (x.valid && x.word == word) {
            *view = {true, x.dirty != 0, word * 4, x.data};
            return true;
        }
    }
    return false;
}

unsigned Dcc::dirty_words() const {
    unsigned n = 0;
    for (const Way& w : ways_) n += w.valid && w.dirty != 0;
    return n;
}

void Dcc::flush(std::function<void()> done) {
    flush_requested_ = true;
    flush_done_ = std::move(done);
    schedule_.wake_at(clock_.now() + 1);
}

void Dcc::report_error(const tlm::tlm_generic_payload& gp) {
    char buf[200];
    std::snprintf(
        buf, sizeof buf, "SP %u: data cache write-back of %u bytes at 0x%08llx failed: %s (%s)",
        params_.sp, gp.get_data_length(), static_cast<unsigned long long>(gp.get_address()),
        gp.get_response_string().c_str(), name());
    if (on_error) {
        on_error(buf);
    } else {
        SC_REPORT_ERROR("mvp/dcc", buf);
    }
}

void Dcc::reset() {
    const uint64_t now = clock_.now();
    account(now);
    for (Way& w : ways_) w = Way();
    input_.clear();
    holding_ = false;
    fifo_.clear();
    to_memory_.clear();
    at_memory_.clear();
    mem_responses_.clear();
    responses_.clear();
    write_backs_in_flight_ = 0;
    write_back_lines_.clear();
    mem_free_from_ = 0;
    mem_waiting_ = false;
    flush_requested_ = false;
    flushing_ = false;
    flush_done_ = nullptr;
    busy_ = false;
    stalled_ = false;
    fifo_full_stall_ = false;
    miss_fifo_depth_ = 0;
    port.reset();
    mem_port.reset();
    mm_.reclaim();
    schedule_.sleep();
}

void Dcc::invalidate() {
    if (!fifo_.empty() || !at_memory_.empty() || !to_memory_.empty())
        SC_REPORT_ERROR("mvp/dcc", "invalidate() while misses are being handled");
    for (Way& w : ways_) w = Way();
}

// ---- Arrivals -------------------------------------------------------------------------------

bool Dcc::on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    // Sent at edge a: looked up from a + 1 on.
    uint64_t ready = std::max(clock_.cycle_at_or_after(at), clock_.now() + 1);
    if (input_.size() >= kInputDepth) {
        holding_ = true;
        held_ = {&gp, ready};
        return false;
    }
    input_.push_back({&gp, ready});
    schedule_.wake_at(ready);
    return true;
}

void Dcc::on_mem_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    uint64_t ready = std::max(clock_.cycle_at_or_after(at), clock_.now() + 1);
    mem_responses_.push_back({&gp, ready});
    schedule_.wake_at(ready);
}

void Dcc::on_mem_ready(const sc_core::sc_time& at) {
    mem_waiting_ = false;
    if (mem_port.sending()) return;  // taken at once: the link is free again in this cycle
    mem_free_from_ = std::max(clock_.cycle_at_or_after(at), clock_.now() + 1);
    schedule_.wake_at(mem_free_from_);
}

// ---- Helpers --------------------------------------------------------------------------------

Dcc::Kind Dcc::kind_of(const tlm::tlm_generic_payload& gp) const {
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    if (ext && ext->atomic) return Kind::kAtomic;
    return gp.get_command() == tlm::TLM_WRITE_COMMAND ? Kind::kWrite : Kind::kRead;
}

void Dcc::words_of(const tlm::tlm_generic_payload& gp, std::vector<WordAccess>& words) const {
    words.clear();
    sim::for_each_accessed_word(
        gp, [&](uint64_t word, unsigned) { words.push_back({static_cast<uint32_t>(word)}); });
}

int Dcc::find(uint32_t word) const {
    unsigned set = word & (params_.sets - 1);
    for (unsigned w = 0; w < params_.ways; ++w) {
        const Way& x = ways_[set * params_.ways + w];
        if (x.valid && !x.reserved && x.word == word) return static_cast<int>(w);
    }
    return -1;
}

bool Dcc::line_busy(const MissEntry& m) const {
    for (const MissEntry& e : fifo_) {
        if (e.id == m.id) return false;
        for (const WordAccess& a : e.words)
            for (const WordAccess& b : m.words)
                if (line_of(uint64_t{a.word} * 4) == line_of(uint64_t{b.word} * 4)) return true;
    }
    return false;
}

unsigned Dcc::copy_bytes(tlm::tlm_generic_payload& gp, Kind kind, Way& w) {
    // The bytes of the request inside this word.
    uint64_t base = uint64_t{w.word} * 4;
    uint64_t address = gp.get_address();
    unsigned char* data = gp.get_data_ptr();
    unsigned mask = 0;
    for (unsigned j = 0; j < 4; ++j) {
        uint64_t a = base + j;
        if (a < address || a >= address + gp.get_data_length()) continue;
        unsigned i = static_cast<unsigned>(a - address);
        if (!byte_enabled(gp, i)) continue;
        mask |= 1u << j;
        if (kind == Kind::kWrite) {
            w.data = (w.data & ~(0xffu << (8 * j))) | uint32_t{data[i]} << (8 * j);
        } else {
            data[i] = static_cast<unsigned char>(w.data >> (8 * j));
        }
    }
    return mask;
}

void Dcc::access_word(tlm::tlm_generic_payload& gp, Kind kind, Way& w) {
    unsigned mask = copy_bytes(gp, kind, w);
    if (kind == Kind::kWrite) w.dirty |= static_cast<uint8_t>(mask);
    touch(w);
}

tlm::tlm_generic_payload* Dcc::new_mem_request(tlm::tlm_command cmd, uint64_t address,
                                               unsigned length,
                                               const tlm::tlm_generic_payload* origin,
                                               bool atomic) {
    tlm::tlm_generic_payload* gp = mm_.allocate();
    gp->set_command(cmd);
    gp->set_address(address);
    gp->set_data_length(length);
    gp->set_streaming_width(length);
    sim::GpuExtension* ext = sim::gpu_extension(*gp);
    // The warp and lanes of the request that caused it, the atomic's operation if it is one.
    const sim::GpuExtension* o = origin ? sim::gpu_extension(*origin) : nullptr;
    if (o) *ext = *o;
    ext->sp = params_.sp;
    ext->client = sim::GpuExtension::Client::kDcc;
    ext->request_id = next_request_id_++;
    ext->issue_time = sim::time_now();
    ext->atomic = atomic && o && o->atomic;
    return gp;
}

void Dcc::queue_write_back(const Way& w, MemKind kind) {
    tlm::tlm_generic_payload* gp =
        new_mem_request(tlm::TLM_WRITE_COMMAND, uint64_t{w.word} * 4, 4, nullptr, false);
    store32(gp->get_data_ptr(), w.data);
    enable_dirty_bytes(*gp, w.dirty);
    to_memory_.push_back({kind, gp, 0});
    if (kind == MemKind::kFlush) {
        ++flush_write_backs_;
    } else {
        ++write_backs_;
    }
}

void Dcc::respond_at(tlm::tlm_generic_payload& gp, uint64_t cycle,
                     tlm::tlm_response_status status) {
    gp.set_response_status(status);
    responses_.push(cycle, &gp);
}

void Dcc::account(uint64_t now) {
    // The state since the last tick held until now (it only changes in ticks).
    if (busy_ && now > last_account_) {
        sample_cycles(miss_fifo_occupancy_, static_cast<double>(fifo_.size()), now - last_account_);
        if (stalled_) lookup_stall_cycles_ += now - last_account_;
    }
    last_account_ = now;
}

// ---- One cycle ------------------------------------------------------------------------------

void Dcc::tick() {
    uint64_t now = clock_.now();
    schedule_.ticking(now);
    account(now);
    handle_mem_responses(now);
    lookup(now);
    start_misses(now);
    start_flush();
    send_to_memory(now);
    send_responses(now);
    miss_fifo_depth_ = static_cast<uint32_t>(fifo_.size());
    busy_ = !idle();
    reschedule(now);
}

void Dcc::handle_mem_responses(uint64_t now) {
    for (auto next = mem_responses_.begin(); next != mem_responses_.end();) {
        if (next->ready > now) {
            ++next;
            continue;
        }
        tlm::tlm_generic_payload* gp = next->gp;
        next = mem_responses_.erase(next);
        const MemRequest* found = at_memory_.find(gp);
        if (!found) {
            SC_REPORT_ERROR("mvp/dcc", "response to a request the DCC did not send");
            continue;
        }
        MemRequest r = *found;
        at_memory_.erase(gp);
        const tlm::tlm_response_status status = gp->get_response_status();
        if (r.kind == MemKind::kWriteBack || r.kind == MemKind::kFlush) {
            --write_backs_in_flight_;
            const uint64_t line = line_of(gp->get_address());
            if (--write_back_lines_[line] == 0) write_back_lines_.erase(line);
            // The store that dirtied the word has long completed: reported on its own.
            if (status != tlm::TLM_OK_RESPONSE) report_error(*gp);
        } else {
            auto m = std::find_if(fifo_.begin(), fifo_.end(),
                                  [&](const MissEntry& e) { return e.id == r.entry; });
            if (m == fifo_.end()) {
                SC_REPORT_ERROR("mvp/dcc", "memory response for a miss no longer in the FIFO");
            } else if (r.kind == MemKind::kFetch) {
                // Fill the words this entry reserved in the fetched line; a line that came back
                // with an error fills nothing and fails the request (finish_round).
                uint64_t line = gp->get_address();
                if (status != tlm::TLM_OK_RESPONSE && m->error == tlm::TLM_OK_RESPONSE)
                    m->error = status;
                for (WordAccess& a : m->words) {
                    uint64_t addr = uint64_t{a.word} * 4;
                    if (status != tlm::TLM_OK_RESPONSE || !a.in_round || !a.missing ||
                        addr < line || addr >= line + params_.line_bytes)
                        continue;
                    Way& w = way(a.word, a.way);
                    w.data = load32(gp->get_data_ptr() + (addr - line));
                    w.valid = true;
                    w.dirty = 0;
                    w.reserved = false;
                    a.missing = false;
                }
                if (--m->fetches == 0) finish_round(*m, now);
            } else {
                // The atomic: its old word, or the memory's error.
                if (status == tlm::TLM_OK_RESPONSE)
                    std::copy_n(gp->get_data_ptr(), 4, m->gp->get_data_ptr());
                respond_at(*m->gp, now, status);
                remove_entry(m);
            }
        }
        gp->release();
    }
}

void Dcc::lookup(uint64_t now) {
    stalled_ = false;
    fifo_full_stall_ = false;
    if (input_.empty() || input_.front().ready > now) return;
    if (flushing()) {
        stalled_ = true;
        return;
    }
    tlm::tlm_generic_payload& gp = *input_.front().gp;
    Kind kind = kind_of(gp);
    MissEntry m{next_entry_id_, &gp, kind, {}};
    if (!spare_words_.empty()) {
        m.words = std::move(spare_words_.back());
        spare_words_.pop_back();
    }
    words_of(gp, m.words);
    bool all_present = kind != Kind::kAtomic;
    unsigned present = 0;
    for (WordAccess& a : m.words) {
        int w = find(a.word);
        if (w >= 0) {
            a.way = static_cast<unsigned>(w);
            ++present;
        } else {
            all_present = false;
        }
    }
    // A request to a line with a miss in the FIFO waits behind it.
    bool hit = all_present && !line_busy(m);
    if (!hit && fifo_.size() >= params_.miss_fifo_depth) {
        stalled_ = true;
        fifo_full_stall_ = true;
        spare_words_.push_back(std::move(m.words));
        return;
    }
    input_.pop_front();
    if (holding_) {
        holding_ = false;
        input_.push_back(held_);
        port.accept();
    }
    last_address_ = static_cast<uint32_t>(gp.get_address());
    hit_ = hit;
    unsigned missing = static_cast<unsigned>(m.words.size()) - present;
    switch (kind) {
        case Kind::kRead:
            ++read_requests_;
            ++(hit ? read_hits_ : read_misses_);
            read_word_hits_ += present;
            read_word_misses_ += missing;
            break;
        case Kind::kWrite:
            ++write_requests_;
            ++(hit ? write_hits_ : write_misses_);
            write_word_hits_ += present;
            write_word_misses_ += missing;
            break;
        case Kind::kAtomic:
            ++atomics_;
            break;
    }
    if (hit) {
        for (WordAccess& a : m.words) access_word(gp, kind, way(a.word, a.way));
        respond_at(gp, now + params_.hit_latency - 1);
        spare_words_.push_back(std::move(m.words));
        return;
    }
    ++next_entry_id_;
    fifo_.push_back(std::move(m));
}

bool Dcc::start_round(MissEntry& m) {
    if (m.kind == Kind::kAtomic) {
        // Write a dirty copy back, drop the entry, then let the memory do the atomic.
        for (const WordAccess& a : m.words) {
            int w = find(a.word);
            if (w < 0) continue;
            Way& x = way(a.word, static_cast<unsigned>(w));
            if (x.dirty) queue_write_back(x, MemKind::kWriteBack);
            x = Way{0, 0, x.lru};
        }
        tlm::tlm_generic_payload* gp =
            new_mem_request(tlm::TLM_READ_COMMAND, m.gp->get_address(), 4, m.gp, true);
        to_memory_.push_back({MemKind::kAtomic, gp, m.id});
        m.started = true;
        return true;
    }
    // The words of this round: every word not yet done that is present, and every missing one
    // that gets a victim: an invalid way, else the least recently used way that no request in
    // the FIFO needs and that holds no other word of this round. A word left without a victim
    // (more words of the request in one set than ways to give) waits for a later round.
    std::vector<size_t>& keep = round_ways_;
    keep.clear();
    for (WordAccess& a : m.words) {
        a.in_round = false;
        if (a.done) continue;
        int w = find(a.word);
        a.missing = w < 0;
        if (w < 0) continue;
        a.way = static_cast<unsigned>(w);
        a.in_round = true;
        keep.push_back(size_t{a.word & (params_.sets - 1)} * params_.ways + a.way);
    }
    for (WordAccess& a : m.words) {
        if (a.done || !a.missing) continue;
        size_t base = size_t{a.word & (params_.sets - 1)} * params_.ways;
        int best = -1;
        for (unsigned i = 0; i < params_.ways; ++i) {
            const Way& x = ways_[base + i];
            if (x.pins || x.reserved || std::count(keep.begin(), keep.end(), base + i)) continue;
            if (best < 0) {
                best = static_cast<int>(i);
                continue;
            }
            const Way& b = ways_[base + best];
            if ((!x.valid && b.valid) || (x.valid == b.valid && x.lru < b.lru))
                best = static_cast<int>(i);
        }
        if (best < 0) continue;
        a.way = static_cast<unsigned>(best);
        a.in_round = true;
        keep.push_back(base + a.way);
    }
    if (keep.empty()) return false;  // every way it needs is held by earlier misses
    // Pin the present words, write dirty victims back, reserve the victims, fetch the lines.
    std::vector<uint64_t>& lines = round_lines_;
    lines.clear();
    for (WordAccess& a : m.words) {
        if (!a.in_round) continue;
        if (!a.missing) {
            ++way(a.word, a.way).pins;
            continue;
        }
        Way& x = way(a.word, a.way);
        if (x.valid && x.dirty) queue_write_back(x, MemKind::kWriteBack);
        x = Way{a.word, 0, x.lru, 1, false, 0, true};
        uint64_t line = line_of(uint64_t{a.word} * 4);
        if (std::find(lines.begin(), lines.end(), line) == lines.end()) lines.push_back(line);
    }
    for (uint64_t line : lines) {
        tlm::tlm_generic_payload* gp =
            new_mem_request(tlm::TLM_READ_COMMAND, line, params_.line_bytes, m.gp, false);
        to_memory_.push_back({MemKind::kFetch, gp, m.id});
        ++line_fetches_;
    }
    m.fetches = static_cast<unsigned>(lines.size());
    m.started = true;
    return true;
}

bool Dcc::finish_round(MissEntry& m, uint64_t now) {
    if (m.error != tlm::TLM_OK_RESPONSE) {
        // A line fetch of the entry failed: free what the round holds (a reserved way that got
        // no data becomes invalid) and answer the request with the error.
        for (WordAccess& a : m.words) {
            if (!a.in_round) continue;
            Way& w = way(a.word, a.way);
            if (w.reserved && w.word == a.word) {
                w = Way{0, 0, w.lru};
            } else if (w.pins) {
                --w.pins;
            }
            a.in_round = false;
        }
        respond_at(*m.gp, now, m.error);
        const uint64_t id = m.id;
        remove_entry(std::find_if(fifo_.begin(), fifo_.end(),
                                  [&](const MissEntry& e) { return e.id == id; }));
        return true;
    }
    bool all = true;
    for (WordAccess& a : m.words) {
        if (a.in_round) {
            Way& w = way(a.word, a.way);
            access_word(*m.gp, m.kind, w);
            if (w.pins) --w.pins;
            a.in_round = false;
            a.done = true;
        }
        all = all && a.done;
    }
    if (!all) {
        m.started = false;  // the next round starts in FIFO order
        return false;
    }
    respond_at(*m.gp, now);
    uint64_t id = m.id;
    remove_entry(
        std::find_if(fifo_.begin(), fifo_.end(), [&](const MissEntry& e) { return e.id == id; }));
    return true;
}

void Dcc::remove_entry(sim::RingFifo<MissEntry>::iterator it) {
    spare_words_.push_back(std::move(it->words));
    fifo_.erase(it);
}

void Dcc::start_misses(uint64_t now) {
    // Entries are looked at in FIFO order, the oldest first to the ways. One waits while an
    // earlier unfinished entry shares a line with it or is an atomic, or while the ways it needs
    // are held by earlier misses; later entries to other lines start meanwhile (miss under
    // miss), except behind an atomic.
    for (size_t i = 0; i < fifo_.size();) {
        MissEntry& m = fifo_[i];
        if (m.started) {
            if (m.kind == Kind::kAtomic) return;  // later entries wait for the atomic
            ++i;
            continue;
        }
        if (line_busy(m) || !start_round(m)) {
            if (m.kind == Kind::kAtomic) return;
            ++i;
            continue;
        }
        // A round with every word present (filled by an earlier miss) is done now; then the
        // same entry (its next round) or the one that took its place is looked at again.
        if (m.kind != Kind::kAtomic && m.fetches == 0) {
            finish_round(m, now);
            continue;
        }
        ++i;
    }
}

void Dcc::start_flush() {
    if (flush_requested_ && fifo_.empty() && to_memory_.empty() && at_memory_.empty()) {
        flush_requested_ = false;
        flushing_ = true;
        ++flushes_;
        for (Way& w : ways_) {
            if (!w.valid || !w.dirty) continue;
            queue_write_back(w, MemKind::kFlush);
            w.dirty = 0;
        }
    }
    if (flushing_ && to_memory_.empty() && write_backs_in_flight_ == 0) {
        flushing_ = false;
        if (flush_done_) {
            std::function<void()> done = std::move(flush_done_);
            flush_done_ = nullptr;
            done();
        }
        // An event is the SystemC kernel's: from an SP's host thread it is notified with the
        // tile's log.
        sim::run_or_defer([this] { flush_done_event_.notify(sc_core::SC_ZERO_TIME); });
    }
}

bool Dcc::head_waits_for_write_backs() const {
    const MemRequest& r = to_memory_.front();
    if (r.kind != MemKind::kFetch && r.kind != MemKind::kAtomic) return false;
    return write_back_lines_.contains(line_of(r.gp->get_address()));
}

void Dcc::send_to_memory(uint64_t now) {
    // One request per cycle, in order; a fetch or an atomic waits until every write-back to its
    // line sent before it is acknowledged, so that it sees them in memory whatever the path
    // reorders.
    if (to_memory_.empty() || mem_waiting_ || now < mem_free_from_ || !mem_port.can_send()) return;
    if (head_waits_for_write_backs()) return;
    MemRequest r = to_memory_.front();
    to_memory_.pop_front();
    if (r.kind == MemKind::kWriteBack || r.kind == MemKind::kFlush) {
        ++write_backs_in_flight_;
        ++write_back_lines_[line_of(r.gp->get_address())];
    }
    at_memory_[r.gp] = r;
    mem_waiting_ = true;
    mem_port.send(*r.gp);
}

void Dcc::send_responses(uint64_t now) {
    while (!responses_.empty() && responses_.next_cycle() <= now) {
        tlm::tlm_generic_payload* gp = responses_.front();
        responses_.pop();
        port.respond(*gp);
    }
}

void Dcc::reschedule(uint64_t now) {
    uint64_t next = UINT64_MAX;
    auto at_least = [&](uint64_t c) { next = std::min(next, std::max(c, now + 1)); };
    if (!input_.empty() && !flushing() &&
        !(fifo_full_stall_ && fifo_.size() >= params_.miss_fifo_depth))
        at_least(input_.front().ready);
    for (const Arrived& r : mem_responses_) at_least(r.ready);
    if (!responses_.empty()) at_least(responses_.next_cycle());
    if (!to_memory_.empty() && !mem_waiting_ && !head_waits_for_write_backs())
        at_least(mem_free_from_);
    if (flush_requested_ && fifo_.empty() && to_memory_.empty() && at_memory_.empty())
        at_least(now + 1);
    // A stalled lookup or an entry that could not start waits for a memory response.
    schedule_.sleep_until(now, next);
}

// ---- Untimed access -------------------------------------------------------------------------

void Dcc::untimed(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    // Loaders write through to memory and update the buffer's copies (which keep their dirty
    // bits); reads see the buffer's copies over memory. An atomic is done in memory after a
    // dirty copy of its word is written back; the copy then takes the new value, clean.
    Kind kind = kind_of(gp);
    if (kind == Kind::kAtomic) {
        uint32_t word = static_cast<uint32_t>(gp.get_address() / 4);
        int w = find(word);
        unsigned char bytes[4];
        tlm::tlm_generic_payload side;
        side.set_address(uint64_t{word} * 4);
        side.set_data_ptr(bytes);
        side.set_data_length(4);
        side.set_streaming_width(4);
        if (w >= 0 && way(word, static_cast<unsigned>(w)).dirty) {
            const Way& x = way(word, static_cast<unsigned>(w));
            store32(bytes, x.data);
            enable_dirty_bytes(side, x.dirty);
            side.set_command(tlm::TLM_WRITE_COMMAND);
            mem_port.socket->b_transport(side, delay);
        }
        mem_port.socket->b_transport(gp, delay);
        if (w >= 0) {
            side.set_command(tlm::TLM_READ_COMMAND);
            side.set_byte_enable_ptr(nullptr);
            side.set_byte_enable_length(0);
            mem_port.socket->b_transport(side, delay);
            Way& x = way(word, static_cast<unsigned>(w));
            x.data = load32(bytes);
            x.dirty = 0;
        }
        return;
    }
    mem_port.socket->b_transport(gp, delay);
    std::vector<WordAccess> words;
    words_of(gp, words);
    for (const WordAccess& a : words) {
        int w = find(a.word);
        if (w < 0) continue;
        copy_bytes(gp, kind, way(a.word, static_cast<unsigned>(w)));
    }
}

void Dcc::write_untimed(uint32_t address, const void* data, uint32_t bytes) {
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(address);
    gp.set_data_ptr(static_cast<unsigned char*>(const_cast<void*>(data)));
    gp.set_data_length(bytes);
    gp.set_streaming_width(bytes);
    debug(gp);
}

unsigned Dcc::debug(tlm::tlm_generic_payload& gp) {
    unsigned n = mem_port.socket->transport_dbg(gp);
    uint64_t address = gp.get_address();
    unsigned char* data = gp.get_data_ptr();
    for (uint64_t a = address; a < address + n; ++a) {
        int w = find(static_cast<uint32_t>(a / 4));
        if (w < 0) continue;
        Way& x = way(static_cast<uint32_t>(a / 4), static_cast<unsigned>(w));
        unsigned j = a % 4;
        if (gp.get_command() == tlm::TLM_READ_COMMAND) {
            data[a - address] = static_cast<unsigned char>(x.data >> (8 * j));
        } else if (gp.get_command() == tlm::TLM_WRITE_COMMAND) {
            x.data = (x.data & ~(0xffu << (8 * j))) | uint32_t{data[a - address]} << (8 * j);
        }
    }
    return n;
}

}  // namespace mvp
