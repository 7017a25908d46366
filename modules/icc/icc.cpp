#include "icc.h"

#include <algorithm>
#include <cstring>

#include "modules/config/config.h"
#include "modules/sim/gpu_payload.h"
#include "modules/sim/sim_time.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

using sc_core::sc_time;

namespace {
bool power_of_two(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }
}  // namespace

std::string IccParams::check() const {
    if (!power_of_two(line_bytes) || line_bytes > sim::MemoryManager::kMaxDataBytes)
        return "-mvpgpu_icc_line_bytes " + std::to_string(line_bytes) +
               " must be a power of two of at most " +
               std::to_string(sim::MemoryManager::kMaxDataBytes);
    if (assoc == 0 || banks == 0 || hit_latency == 0 || mshr_entries == 0 || mshr_max_merge == 0 ||
        fetch_ports == 0)
        return "the ICC's associativity, banks, hit latency, MSHR entries, MSHR merges and fetch "
               "ports must be at least 1";
    const uint64_t set_bytes = uint64_t{line_bytes} * assoc;
    if (size < set_bytes || size % set_bytes != 0)
        return "-mvpgpu_icc_size " + std::to_string(size) +
               " is not a multiple of -mvpgpu_icc_line_bytes " + std::to_string(line_bytes) +
               " x -mvpgpu_icc_assoc " + std::to_string(assoc);
    return "";
}

IccParams IccParams::from_config(const config::Config& c) {
    IccParams p;
    p.size = static_cast<unsigned>(c.get_int("mvpgpu_icc_size"));
    p.banks = static_cast<unsigned>(c.get_int("mvpgpu_icc_banks"));
    p.line_bytes = static_cast<unsigned>(c.get_int("mvpgpu_icc_line_bytes"));
    p.assoc = static_cast<unsigned>(c.get_int("mvpgpu_icc_assoc"));
    p.hit_latency = static_cast<unsigned>(c.get_int("mvpgpu_icc_hit_latency"));
    p.mshr_entries = static_cast<unsigned>(c.get_int("mvpgpu_icc_mshr_entries"));
    p.mshr_max_merge = static_cast<unsigned>(c.get_int("mvpgpu_icc_mshr_max_merge"));
    p.fetch_ports = static_cast<unsigned>(c.get_int("mvpgpu_icc_fetch_ports"));
    std::string error = p.check();
    if (!error.empty()) throw config::ConfigError(error);
    return p;
}

Icc::Icc(const sc_core::sc_module_name& name, sim::ClockDomain& core, const IccParams& params)
    : sc_module(name), xi("xi"), core_(core), params_(params), stats_(this->name()) {
    std::string error = params_.check();
    if (!error.empty()) SC_REPORT_FATAL("mvp/icc", error.c_str());
    sets_ = params_.size / (params_.line_bytes * params_.assoc);
    lines_.resize(size_t{sets_} * params_.assoc);
    data_.resize(lines_.size() * params_.line_bytes);
    mshrs_.resize(params_.mshr_entries);
    bank_used_.assign(params_.banks, UINT64_MAX);
    ports_.resize(params_.fetch_ports);
    for (unsigned p = 0; p < params_.fetch_ports; ++p) {
        std::string port_name = "fetch" + std::to_string(p);
        ports_[p].target = std::make_unique<sim::TargetPort>(port_name.c_str());
        ports_[p].target->on_request = [this, p](tlm::tlm_generic_payload& gp, const sc_time& at) {
            return on_fetch(p, gp, at);
        };
    }
    xi.on_response = [this](tlm::tlm_generic_payload& gp, const sc_time& at) { on_fill(gp, at); };
    xi.on_ready = [this](const sc_time& at) { on_xi_ready(at); };
    core_.attach(this);

    Counters& c = counters_;
    stats_.add("fetches", &c.fetches, "fetch requests looked up (hits + misses + mshr_merges)");
    stats_.add("hits", &c.hits, "fetches that hit a cached line");
    stats_.add("misses", &c.misses, "fetches that allocated an MSHR and requested their line");
    stats_.add("mshr_merges", &c.mshr_merges, "fetches merged into the MSHR of their line");
    stats_.add("mshr_occupancy", &occupancy_, "MSHR entries in use, per core cycle");
    stats_.add("stall_cycles", &c.stall_cycles,
               "cycles fetches waited in a port register for an MSHR (back-pressure)");
    stats_.add("bank_conflicts", &c.bank_conflicts,
               "lookups delayed one cycle by another access to their bank");
    stats_.add("fill_bytes", &c.fill_bytes, "line bytes received from the XI");
    stats_.add("fetch_errors", &c.fetch_errors, "malformed fetches answered with an error");
    stats_.add("invalidations", &c.invalidations, "invalidations of the whole cache");
    stats_.add(
        "hit_rate",
        [this] {
            return counters_.fetches ? static_cast<double>(counters_.hits) / counters_.fetches : 0;
        },
        "hits / fetches");
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    traced_ = vcd.enabled();
    const std::string base = this->name();
    vcd.trace(base + ".mshr_occupancy", &trace_occupancy_);
    vcd.trace(base + ".fetch_address", &trace_fetch_address_);
    vcd.trace(base + ".hit", &trace_hit_);
}

uint64_t Icc::seen_cycle(const sc_time& at) const {
    // An input sent at an edge is seen by the ICC's logic at the next edge, whichever process
    // ran first at that edge.
    return std::max(core_.cycle_at_or_after(at), core_.now() + 1);
}

bool Icc::contains(uint64_t address) const { return find_way(address / params_.line_bytes) >= 0; }

int Icc::find_way(uint64_t line) const {
    const size_t base = size_t{static_cast<unsigned>(line % sets_)} * params_.assoc;
    for (unsigned w = 0; w < params_.assoc; ++w) {
        const Line& l = lines_[base + w];
        if (l.valid && l.line == line) return static_cast<int>(w);
    }
    return -1;
}

void Icc::install(uint64_t line, const unsigned char* data) {
    // Allocate on fill: an invalid way if there is one, else the least recently used.
    const size_t base = size_t{static_cast<unsigned>(line % sets_)} * params_.assoc;
    size_t victim = base;
    for (unsigned w = 0; w < params_.assoc; ++w) {
        const Line& l = lines_[base + w];
        if (!l.valid) {
            victim = base + w;
            break;
        }
        if (l.last_use < lines_[victim].last_use) victim = base + w;
    }
    lines_[victim] = Line{line, ++use_clock_, true};
    std::memcpy(&data_[victim * params_.line_bytes], data, params_.line_bytes);
}

void Icc::invalidate() {
    for (Line& l : lines_) l.valid = false;
    bool stale = false;
    for (Mshr& m : mshrs_) {
        if (m.valid) m.stale = stale = true;
    }
    ++counters_.invalidations;
    // A fetch waiting for the merge list of a now stale MSHR may allocate a fresh one.
    if (stale) {
        retry_waiting_ = true;
        for (const Port& p : ports_)
            if (p.busy && p.wait_fill) schedule_.wake();
    }
}

void Icc::reset() {
    const uint64_t now = core_.now();
    for (Line& l : lines_) l.valid = false;
    for (Mshr& m : mshrs_) m = Mshr{};
    set_mshr_used(0, now);
    for (Port& p : ports_) {
        p.target->reset();
        p.busy = false;
        p.holding = false;
        p.wait_fill = false;
        if (p.stalled) counters_.stall_cycles += now - p.stall_since;
        p.stalled = false;
    }
    xi.reset();
    std::fill(bank_used_.begin(), bank_used_.end(), UINT64_MAX);
    retry_waiting_ = false;
    fills_.clear();
    line_requests_.clear();
    delayed_.clear();
    xi_free_cycle_ = 0;
    mm_.reclaim();
    schedule_.sleep();
}

void Icc::set_mshr_used(unsigned n, uint64_t now) {
    // Occupancy is constant between changes: one sample per cycle, added in bulk.
    if (now > occupancy_since_) {
        uint64_t cycles = now - occupancy_since_;
        occupancy_.count += cycles;
        occupancy_.sum += static_cast<double>(mshr_used_) * static_cast<double>(cycles);
        occupancy_.max = std::max(occupancy_.max, static_cast<double>(mshr_used_));
        occupancy_since_ = now;
    }
    mshr_used_ = n;
    trace_occupancy_ = n;
}

bool Icc::on_fetch(unsigned port, tlm::tlm_generic_payload& gp, const sc_time& at) {
    Port& p = ports_[port];
    uint64_t ready = seen_cycle(at);
    if (!p.busy) {
        if (answer_at_once(port, gp, ready)) return true;
        p.busy = true;
        p.current = Fetch{&gp, ready};
        schedule_.wake_at(ready);
        return true;
    }
    // The input register is occupied: hold the request until it frees.
    p.holding = true;
    p.held = Fetch{&gp, ready};
    return false;
}

void Icc::on_fill(tlm::tlm_generic_payload& gp, const sc_time& at) {
    for (unsigned i = 0; i < mshrs_.size(); ++i) {
        if (mshrs_[i].valid && mshrs_[i].request == &gp) {
            const uint64_t cycle = seen_cycle(at);
            fills_.push(cycle, i);
            schedule_.wake_at(cycle);
            return;
        }
    }
    SC_REPORT_ERROR("mvp/icc", "a line arrived that no MSHR requested");
}

void Icc::on_xi_ready(const sc_time& at) {
    xi_free_cycle_ = std::max(xi_free_cycle_, seen_cycle(at));
    if (!line_requests_.empty()) schedule_.wake_at(xi_free_cycle_);
}

void Icc::respond_at(tlm::tlm_generic_payload& gp, unsigned port, uint64_t cycle) {
    if (cycle <= core_.now()) {
        ports_[port].target->respond(gp);
    } else {
        delayed_.push_back(Delayed{&gp, port, cycle});
    }
}

void Icc::answer(const Waiting& w, const unsigned char* line_data,
                 tlm::tlm_response_status status) {
    tlm::tlm_generic_payload& gp = *w.gp;
    if (status == tlm::TLM_OK_RESPONSE)
        std::memcpy(gp.get_data_ptr(), line_data + gp.get_address() % params_.line_bytes,
                    gp.get_data_length());
    gp.set_response_status(status);
    ports_[w.port].target->respond(gp);
}

bool Icc::do_fill(uint64_t now) {
    // One fill per edge: the line is written into its bank (unless it went stale) and every
    // fetch waiting in the MSHR is answered from the fill data.
    if (fills_.empty() || fills_.next_cycle() > now) return false;
    Mshr& m = mshrs_[fills_.front()];
    fills_.pop();
    tlm::tlm_generic_payload* request = m.request;
    const bool ok = request->is_response_ok();
    const unsigned char* data = request->get_data_ptr();
    if (ok) counters_.fill_bytes += request->get_data_length();
    if (ok && !m.stale) {
        install(m.line, data);
        bank_used_[m.line % params_.banks] = now;
    }
    for (const Waiting& w : m.fetches) answer(w, data, request->get_response_status());
    request->release();
    m.valid = false;
    m.stale = false;
    m.fetches.clear();
    m.request = nullptr;
    set_mshr_used(mshr_used_ - 1, now);
    return true;
}

bool Icc::lookup(unsigned index, uint64_t now) {
    Port& p = ports_[index];
    tlm::tlm_generic_payload& gp = *p.current.gp;
    const uint64_t address = gp.get_address();
    const unsigned lb = params_.line_bytes;
    const uint64_t answer_cycle = now + params_.hit_latency - 1;

    if (!servable(gp)) {
        // Not a fetch the ICC can serve (a write, or bytes from two lines).
        ++counters_.fetch_errors;
        gp.set_response_status(gp.get_command() != tlm::TLM_READ_COMMAND
                                   ? tlm::TLM_COMMAND_ERROR_RESPONSE
                                   : tlm::TLM_BURST_ERROR_RESPONSE);
        respond_at(gp, index, answer_cycle);
        return true;
    }
    const unsigned bank = bank_of(address);
    if (bank_used_[bank] == now) {
        ++counters_.bank_conflicts;  // retried at the next edge
        return false;
    }
    bank_used_[bank] = now;

    const uint64_t line = address / lb;
    const int way = find_way(line);
    if (way >= 0) {
        hit(gp, static_cast<unsigned>(way));
    } else {
        int match = -1;
        int free = -1;
        for (unsigned i = 0; i < mshrs_.size(); ++i) {
            const Mshr& m = mshrs_[i];
            if (m.valid && !m.stale && m.line == line) match = static_cast<int>(i);
            if (!m.valid && free < 0) free = static_cast<int>(i);
        }
        if (match >= 0 && mshrs_[match].fetches.size() < params_.mshr_max_merge) {
            mshrs_[match].fetches.push_back(Waiting{&gp, index});
            ++counters_.mshr_merges;
        } else if (match < 0 && free >= 0) {
            Mshr& m = mshrs_[free];
            m.valid = true;
            m.stale = false;
            m.line = line;
            m.fetches.push_back(Waiting{&gp, index});
            set_mshr_used(mshr_used_ + 1, now);
            line_requests_.push_back(Timed{static_cast<unsigned>(free), answer_cycle});
            ++counters_.misses;
        } else {
            // No MSHR for this fetch: it waits in the register until a fill frees one.
            p.wait_fill = true;
            if (!p.stalled) {
                p.stalled = true;
                p.stall_since = now;
            }
            return false;
        }
        trace_hit_ = false;
    }
    ++counters_.fetches;
    trace_fetch_address_ = address;
    if (p.stalled) {
        counters_.stall_cycles += now - p.stall_since;
        p.stalled = false;
    }
    if (way >= 0) respond_at(gp, index, answer_cycle);
    return true;
}

bool Icc::servable(const tlm::tlm_generic_payload& gp) const {
    return gp.get_command() == tlm::TLM_READ_COMMAND && gp.get_data_length() != 0 &&
           gp.get_data_ptr() != nullptr &&
           gp.get_address() % params_.line_bytes + gp.get_data_length() <= params_.line_bytes;
}

void Icc::hit(tlm::tlm_generic_payload& gp, unsigned way) {
    const uint64_t address = gp.get_address();
    const unsigned lb = params_.line_bytes;
    const size_t entry = size_t{set_of(address)} * params_.assoc + way;
    lines_[entry].last_use = ++use_clock_;
    std::memcpy(gp.get_data_ptr(), &data_[entry * lb + address % lb], gp.get_data_length());
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    ++counters_.hits;
    trace_hit_ = true;
}

bool Icc::answer_at_once(unsigned port, tlm::tlm_generic_payload& gp, uint64_t ready) {
    // The lookup of a fetch that arrives at an idle ICC, at the next edge, with one-cycle hits,
    // can meet nothing else there: no fill can arrive (no MSHR in use) to install, evict or
    // take the bank, no response waits, and a fetch arriving later on another port comes after
    // it (port 0 wins ties). If it hits, its lookup is done now and answered with a response
    // valid from that edge (TLM_COMPLETED with the delay to it), which is what the tick at that
    // edge would do: the tick and its wake are saved. The VCD's ICC signals would show the
    // lookup an edge early, so a traced run takes the tick.
    if (port != 0 || params_.hit_latency != 1 || ready != core_.now() + 1 || mshr_used_ != 0 ||
        !fills_.empty() || !delayed_.empty() || !line_requests_.empty() || traced_)
        return false;
    for (const Port& p : ports_)
        if (p.busy) return false;
    sim::TargetPort& target = *ports_[port].target;
    if (!target.responses_idle() || !servable(gp)) return false;
    const uint64_t address = gp.get_address();
    const unsigned bank = bank_of(address);
    if (bank_used_[bank] == ready) return false;
    const int way = find_way(address / params_.line_bytes);
    if (way < 0) return false;
    bank_used_[bank] = ready;
    hit(gp, static_cast<unsigned>(way));
    ++counters_.fetches;
    trace_fetch_address_ = address;
    target.complete(core_.time_of(ready));
    return true;
}

void Icc::send_line_request(uint64_t now) {
    if (line_requests_.empty() || line_requests_.front().cycle > now || now < xi_free_cycle_ ||
        !xi.can_send())
        return;
    Mshr& m = mshrs_[line_requests_.front().index];
    line_requests_.pop_front();
    tlm::tlm_generic_payload* gp = mm_.allocate();  // our reference, released after the fill
    gp->set_command(tlm::TLM_READ_COMMAND);
    gp->set_address(m.line * params_.line_bytes);
    gp->set_data_length(params_.line_bytes);
    gp->set_streaming_width(params_.line_bytes);
    sim::GpuExtension* ext = sim::gpu_extension(*gp);
    ext->client = sim::GpuExtension::Client::kIcc;
    ext->sp = params_.sp;
    ext->request_id = next_request_id_++;
    ext->issue_time = sim::time_now();
    m.request = gp;
    xi_free_cycle_ = now + 1;
    xi.send(*gp);
}

void Icc::tick() {
    const uint64_t now = core_.now();
    schedule_.ticking(now);
    // Fetches waiting for an MSHR retry only when one may have freed.
    const bool retry_waiting = do_fill(now) || retry_waiting_;
    retry_waiting_ = false;
    while (!delayed_.empty() && delayed_.front().cycle <= now) {
        Delayed d = delayed_.front();
        delayed_.pop_front();
        ports_[d.port].target->respond(*d.gp);
    }

    // Lookups, the oldest fetch first (ties: the lower port), so that a fetch that lost a bank
    // conflict wins the next cycle.
    order_.clear();
    for (unsigned i = 0; i < ports_.size(); ++i) {
        const Port& p = ports_[i];
        if (p.busy && p.current.ready <= now && (!p.wait_fill || retry_waiting))
            order_.push_back(i);
    }
    // A stable insertion sort: a few ports, and no temporary buffer as std::stable_sort takes.
    for (size_t k = 1; k < order_.size(); ++k) {
        const unsigned moving = order_[k];
        size_t j = k;
        for (; j > 0 && ports_[moving].current.ready < ports_[order_[j - 1]].current.ready; --j)
            order_[j] = order_[j - 1];
        order_[j] = moving;
    }
    for (unsigned i : order_) {
        Port& p = ports_[i];
        p.wait_fill = false;
        if (!lookup(i, now)) continue;
        if (p.holding) {
            p.holding = false;
            p.current = Fetch{p.held.gp, std::max(p.held.ready, now + 1)};
            p.target->accept();
        } else {
            p.busy = false;
        }
    }
    send_line_request(now);
    schedule(now);
}

void Icc::schedule(uint64_t now) {
    // Sleep until the next edge with work. Fills, END_REQ from the XI and new fetches wake the
    // ICC themselves; a fetch waiting for an MSHR waits for a fill.
    uint64_t next = UINT64_MAX;
    if (!fills_.empty()) next = std::min(next, std::max(fills_.next_cycle(), now + 1));
    if (!delayed_.empty()) next = std::min(next, delayed_.front().cycle);
    for (const Port& p : ports_)
        if (p.busy && !p.wait_fill) next = std::min(next, std::max(p.current.ready, now + 1));
    if (!line_requests_.empty() && xi.can_send())
        next = std::min(next, std::max({line_requests_.front().cycle, xi_free_cycle_, now + 1}));
    schedule_.sleep_until(now, next);
}

}  // namespace mvp
