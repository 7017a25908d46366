#pragma once

#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <memory>
#include <systemc>
#include <tlm>
#include <vector>

namespace mvp::tb {

// A virtual platform's memory for the Gpu's memory_socket in tests: a loosely-timed target over
// [base, base + bytes) with b_transport and, when asked, DMI (read and write, outside the error
// ranges), and address ranges that answer reads, writes or both with an error, as a VP's
// memory does for an unmapped or ECC-failed address.
class TestMemory : public sc_core::sc_module {
  public:
    struct Options {
        bool dmi = true;  // false: get_direct_mem_ptr is not registered (a plain LT memory)
        // false: a payload with byte enables is answered TLM_BYTE_ENABLE_ERROR_RESPONSE
        bool byte_enables = true;
        // true: b_transport waits its latency (a target that synchronises) instead of
        // annotating it
        bool wait_in_b_transport = false;
        sc_core::sc_time latency = sc_core::sc_time(20, sc_core::SC_NS);
        sc_core::sc_time dmi_latency = sc_core::sc_time(20, sc_core::SC_NS);
    };
    enum class Side : uint8_t { kReads, kWrites, kBoth };
    struct ErrorRange {
        uint64_t lo;  // socket addresses [lo, hi)
        uint64_t hi;
        Side side;
        tlm::tlm_response_status status;
    };

    TestMemory(const sc_core::sc_module_name& name, uint64_t base, uint32_t bytes,
               const Options& options);

    tlm_utils::simple_target_socket<TestMemory> socket;

    // Adds an error range (and invalidates DMI, so that no pointer covers it any more).
    void add_error(const ErrorRange& range);
    void clear_errors() { errors_.clear(); }
    // Moves the contents to a new buffer and invalidates every DMI region. The old buffer is
    // kept, so an initiator that went on using a stale pointer would write where nobody reads.
    void relocate();

    // Untimed access for the test (socket addresses).
    void poke(uint64_t address, const void* data, size_t bytes);
    void peek(uint64_t address, void* data, size_t bytes) const;

    uint64_t b_transports() const { return b_transports_; }
    // b_transport calls that have not returned yet (waiting inside).
    unsigned calls_in_progress() const { return in_call_; }
    uint64_t dmi_grants() const { return dmi_grants_; }
    uint64_t byte_enable_refusals() const { return byte_enable_refusals_; }
    uint64_t errors_answered() const { return errors_answered_; }

  private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    const ErrorRange* error_at(uint64_t lo, uint64_t hi, bool write) const;
    bool contains(uint64_t address, uint64_t bytes) const {
        return address >= base_ && address - base_ + bytes <= bytes_;
    }

    uint64_t base_;
    uint64_t bytes_;
    Options options_;
    std::vector<std::unique_ptr<uint8_t[]>> buffers_;  // the last one is in use
    uint8_t* data_ = nullptr;
    std::vector<ErrorRange> errors_;
    uint64_t b_transports_ = 0;
    unsigned in_call_ = 0;
    uint64_t dmi_grants_ = 0;
    uint64_t byte_enable_refusals_ = 0;
    uint64_t errors_answered_ = 0;
};

}  // namespace mvp::tb
