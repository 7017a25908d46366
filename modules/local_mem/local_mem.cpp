#include "local_mem.h"

#include <algorithm>
#include <cstring>

#include "modules/config/config.h"
#include "modules/isa/semantics.h"
#include "modules/sim/byte_enables.h"
#include "modules/sim/gpu_payload.h"
#include "modules/sim/vcd_tracer.h"

namespace mvp {

LocalMem::Params LocalMem::Params::from_config(const config::Config& config) {
    Params p;
    p.size = static_cast<uint32_t>(config.get_int("mvpgpu_local_mem_size"));
    p.num_banks = static_cast<unsigned>(config.get_int("mvpgpu_local_mem_num_banks"));
    p.read_cycle = static_cast<unsigned>(config.get_int("mvpgpu_local_mem_read_cycle"));
    p.write_cycle = static_cast<unsigned>(config.get_int("mvpgpu_local_mem_write_cycle"));
    return p;
}

LocalMem::LocalMem(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                   const Params& params)
    : sc_module(name),
      port("port"),
      clock_(clock),
      params_(params),
      storage_(params.size, 0),
      bank_free_(params.num_banks, 0),
      stats_(this->name()),
      bank_accesses_(params.num_banks, 0) {
    if (params_.num_banks == 0 || params_.read_cycle == 0 || params_.write_cycle == 0)
        SC_REPORT_FATAL("mvp/local_mem", "banks and access cycles must be at least 1");
    clock_.attach(this);
    port.on_request = [this](tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
        return on_request(gp, at);
    };
    port.on_b_transport = [this](tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
        untimed(gp, delay);
    };
    port.on_debug = [this](tlm::tlm_generic_payload& gp) { return debug(gp); };

    stats_.add("reads", &reads_, "read requests");
    stats_.add("writes", &writes_, "write requests");
    stats_.add("atomics", &atomics_, "atomic read-modify-writes");
    stats_.add("bank_conflicts", &bank_conflicts_,
               "requests that waited for a bank (a conflict inside the request or with "
               "another one)");
    stats_.add("bank_conflict_cycles", &bank_conflict_cycles_,
               "cycles added by bank conflicts beyond one access");
    for (unsigned b = 0; b < params_.num_banks; ++b)
        stats_.add("bank" + std::to_string(b) + "_accesses", &bank_accesses_[b],
                   "word accesses of bank " + std::to_string(b));
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    const std::string traced = std::string(this->name()) + ".queue_depth";
    queue_depth_traced_ = vcd.enabled() && vcd.wants(traced);
    vcd.trace(traced, &queue_depth_);
}

bool LocalMem::read(uint32_t address, void* data, uint32_t length) const {
    if (uint64_t{address} + length > storage_.size()) return false;
    std::copy_n(storage_.data() + address, length, static_cast<uint8_t*>(data));
    return true;
}

bool LocalMem::write(uint32_t address, const void* data, uint32_t length) {
    if (uint64_t{address} + length > storage_.size()) return false;
    std::copy_n(static_cast<const uint8_t*>(data), length, storage_.data() + address);
    return true;
}

uint32_t LocalMem::read32(uint32_t address) const {
    uint8_t b[4] = {};
    read(address, b, 4);
    return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
}

void LocalMem::write32(uint32_t address, uint32_t value) {
    uint8_t b[4] = {static_cast<uint8_t>(value), static_cast<uint8_t>(value >> 8),
                    static_cast<uint8_t>(value >> 16), static_cast<uint8_t>(value >> 24)};
    write(address, b, 4);
}

bool LocalMem::on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at) {
    // Sent at `arrival`; acted on from the next edge (never in the edge it was sent at).
    uint64_t arrival = clock_.cycle_at_or_after(at);
    uint64_t ready = std::max(arrival, clock_.now() + 1);
    // An idle memory takes the request at once and completes it on the forward call, with the
    // response valid from the edge its tick would send it at: the banks see it in arrival
    // order all the same, and the tick and its wake are saved. The VCD's queue depth would show
    // the request gone early, so a traced run takes the tick.
    if (queue_.empty() && responses_.empty() && port.responses_idle() && !queue_depth_traced_) {
        port.complete(clock_.time_of(take(gp, arrival, ready)));
        return true;
    }
    queue_.push_back({&gp, arrival, ready});
    queue_depth_ = static_cast<uint32_t>(queue_.size() + responses_.size());
    schedule_.wake_at(ready);
    return true;
}

template <typename OnWord>
bool LocalMem::access(tlm::tlm_generic_payload& gp, const sim::GpuExtension* ext,
                      OnWord&& on_word) {
    uint64_t address = gp.get_address();
    unsigned length = gp.get_data_length();
    unsigned char* data = gp.get_data_ptr();
    if (address + length > storage_.size()) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    if (ext && ext->atomic) {
        if (length != 4 || address % 4 != 0 || gp.get_command() != tlm::TLM_READ_COMMAND) {
            gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
            return false;
        }
        uint32_t a = static_cast<uint32_t>(address);
        uint32_t old = read32(a);
        isa::AtomicUpdate u = isa::atomic_update(static_cast<isa::Opcode>(ext->atomic_op), old,
                                                 ext->atomic_operand, ext->atomic_compare);
        if (u.write) write32(a, u.value);
        for (unsigned i = 0; i < 4; ++i) data[i] = static_cast<unsigned char>(old >> (8 * i));
        sim::for_each_accessed_word(gp, [&](uint64_t word, unsigned) { on_word(word); });
    } else {
        const tlm::tlm_command command = gp.get_command();
        unsigned char* memory = storage_.data();
        if (!sim::has_byte_enables(gp)) {
            if (command == tlm::TLM_READ_COMMAND) {
                std::memcpy(data, memory + address, length);
            } else if (command == tlm::TLM_WRITE_COMMAND) {
                std::memcpy(memory + address, data, length);
            }
            sim::for_each_accessed_word(gp, [&](uint64_t word, unsigned) { on_word(word); });
        } else {
            // The enabled bytes move a word at a time.
            sim::for_each_accessed_word(gp, [&](uint64_t word, unsigned mask) {
                unsigned char* m = memory + 4 * word;
                // The payload offset of the word's first byte (negative for the first word of
                // an unaligned payload, whose bytes before `address` are not in the mask).
                const int64_t p = static_cast<int64_t>(4 * word) - static_cast<int64_t>(address);
                if (command == tlm::TLM_READ_COMMAND) {
                    if (mask == 0xfu) {
                        std::memcpy(data + p, m, 4);
                    } else {
                        for (unsigned j = 0; j < 4; ++j)
                            if (mask >> j & 1) data[p + j] = m[j];
                    }
                } else if (command == tlm::TLM_WRITE_COMMAND) {
                    if (mask == 0xfu) {
                        std::memcpy(m, data + p, 4);
                    } else {
                        for (unsigned j = 0; j < 4; ++j)
                            if (mask >> j & 1) m[j] = data[p + j];
                    }
                }
                on_word(word);
            });
        }
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return true;
}

uint64_t LocalMem::serve(tlm::tlm_generic_payload& gp, const sim::GpuExtension* ext,
                         uint64_t arrival) {
    const bool atomic = ext && ext->atomic;
    uint64_t cycle = params_.read_cycle;
    if (atomic) {
        cycle = uint64_t{params_.read_cycle} + params_.write_cycle;
    } else if (gp.get_command() == tlm::TLM_WRITE_COMMAND) {
        cycle = params_.write_cycle;
    }
    // Each bank serves the request's words back to back from the arrival edge or when it
    // becomes free; the distinct words with an enabled byte are taken in address order.
    uint64_t done = arrival + cycle;
    auto book = [&](uint64_t word) {
        const unsigned b = static_cast<unsigned>(word % params_.num_banks);
        const uint64_t end = std::max(arrival, bank_free_[b]) + cycle;
        bank_free_[b] = end;
        done = std::max(done, end);
        ++bank_accesses_[b];
    };
    if (!access(gp, ext, book)) return arrival + 1;
    uint64_t extra = done - (arrival + cycle);
    if (extra > 0) {
        ++bank_conflicts_;
        bank_conflict_cycles_ += extra;
    }
    return done;
}

uint64_t LocalMem::take(tlm::tlm_generic_payload& gp, uint64_t arrival, uint64_t ready) {
    const sim::GpuExtension* ext = sim::gpu_extension(gp);
    if (ext && ext->atomic) {
        ++atomics_;
    } else if (gp.get_command() == tlm::TLM_WRITE_COMMAND) {
        ++writes_;
    } else {
        ++reads_;
    }
    return std::max(serve(gp, ext, arrival), ready);
}

void LocalMem::tick() {
    uint64_t now = clock_.now();
    schedule_.ticking(now);
    while (!queue_.empty() && queue_.front().ready <= now) {
        Request r = queue_.front();
        queue_.pop_front();
        const uint64_t at = take(*r.gp, r.arrival, now);
        responses_.push(at, r.gp);
    }
    while (!responses_.empty() && responses_.next_cycle() <= now) {
        tlm::tlm_generic_payload* gp = responses_.front();
        responses_.pop();
        port.respond(*gp);
    }
    queue_depth_ = static_cast<uint32_t>(queue_.size() + responses_.size());

    uint64_t next = UINT64_MAX;
    if (!queue_.empty()) next = queue_.front().ready;
    if (!responses_.empty()) next = std::min(next, responses_.next_cycle());
    schedule_.sleep_until(now, next);
}

void LocalMem::reset() {
    port.reset();
    queue_.clear();
    responses_.clear();
    std::fill(bank_free_.begin(), bank_free_.end(), uint64_t{0});
    queue_depth_ = 0;
    schedule_.sleep();
}

void LocalMem::untimed(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    (void)delay;
    access(gp, sim::gpu_extension(gp), [](uint64_t) {});
}

unsigned LocalMem::debug(tlm::tlm_generic_payload& gp) {
    uint64_t address = gp.get_address();
    if (address >= storage_.size()) return 0;
    unsigned n =
        static_cast<unsigned>(std::min<uint64_t>(gp.get_data_length(), storage_.size() - address));
    if (gp.get_command() == tlm::TLM_READ_COMMAND) {
        std::copy_n(storage_.data() + address, n, gp.get_data_ptr());
    } else if (gp.get_command() == tlm::TLM_WRITE_COMMAND) {
        std::copy_n(gp.get_data_ptr(), n, storage_.data() + address);
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return n;
}

}  // namespace mvp
