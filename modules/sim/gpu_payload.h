#pragma once

#include <tlm>
#include <typeinfo>

#include "gpu_extension.h"

namespace mvp::sim {

// The generic payload of every MemoryManager pool: its GpuExtension and its data buffer in
// place. The extension is set for the payload's whole life, so gpu_extension() finds it from the
// payload's own type instead of the extension table (a call into the SystemC library and a load
// from a separately allocated array), on every hop of every request.
class GpuPayload final : public tlm::tlm_generic_payload {
  public:
    static constexpr unsigned kMaxDataBytes = 256;

    explicit GpuPayload(tlm::tlm_mm_interface* mm) : tlm_generic_payload(mm) {
        set_extension(&extension);
    }
    ~GpuPayload() override { clear_extension(&extension); }
    GpuPayload(const GpuPayload&) = delete;
    GpuPayload& operator=(const GpuPayload&) = delete;

    GpuExtension extension;
    unsigned char data[kMaxDataBytes];
};

// The extension of a payload (nullptr for a payload from outside the model that has none).
inline const GpuExtension* gpu_extension(const tlm::tlm_generic_payload& gp) {
    if (typeid(gp) == typeid(GpuPayload)) return &static_cast<const GpuPayload&>(gp).extension;
    return gp.get_extension<GpuExtension>();
}
inline GpuExtension* gpu_extension(tlm::tlm_generic_payload& gp) {
    return const_cast<GpuExtension*>(
        gpu_extension(static_cast<const tlm::tlm_generic_payload&>(gp)));
}

}  // namespace mvp::sim
