#pragma once

#include <cstdint>
#include <tlm>

namespace mvp::sim {

// The one TLM payload extension of the model: which SP, warp and lanes a memory transaction
// belongs to, who issued it, and a request id for tracing. Every payload from the
// MemoryManager carries one for its whole life.
class GpuExtension : public tlm::tlm_extension<GpuExtension> {
  public:
    enum class Client : uint8_t { kNone, kIcc, kDcc, kDma, kLdst, kCp, kHost };

    uint32_t sp = 0;
    uint32_t warp = 0;
    uint64_t lane_mask = 0;
    uint64_t request_id = 0;
    Client client = Client::kNone;
    // When the transaction left its initiator (for latency statistics).
    sc_core::sc_time issue_time;
    // An atomic read-modify-write of one 32-bit word, performed by the block that owns the
    // address (local memory or the DDR controller), so that it is atomic for all SPs. The
    // payload is a TLM_READ of 4 bytes whose response data is the old word; the new word is
    // isa::atomic_update(atomic_op, old, atomic_operand, atomic_compare).
    bool atomic = false;
    uint8_t atomic_op = 0;  // an isa::Opcode (atom.add, atom.xchg, atom.cas)
    uint32_t atomic_operand = 0;
    uint32_t atomic_compare = 0;

    tlm::tlm_extension_base* clone() const override { return new GpuExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const GpuExtension&>(other);
    }
};

const char* client_name(GpuExtension::Client c);

}  // namespace mvp::sim
