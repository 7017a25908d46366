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

    tlm::tlm_extension_base* clone() const override { return new GpuExtension(*this); }
    void copy_from(const tlm::tlm_extension_base& other) override {
        *this = static_cast<const GpuExtension&>(other);
    }
};

const char* client_name(GpuExtension::Client c);

// The extension of a payload (nullptr for payloads from outside the model).
inline GpuExtension* gpu_extension(tlm::tlm_generic_payload& gp) {
    return gp.get_extension<GpuExtension>();
}

}  // namespace mvp::sim
