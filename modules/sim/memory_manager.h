#pragma once

#include <cstdint>
#include <memory>
#include <tlm>
#include <vector>

#include "gpu_payload.h"

namespace mvp::sim {

// A pool of generic payloads for one initiator. Each payload owns a data buffer of
// kMaxDataBytes and a GpuExtension, both reused; a payload returns to the pool when its
// reference count drops to zero (tlm_generic_payload::release()).
class MemoryManager : public tlm::tlm_mm_interface {
  public:
    static constexpr unsigned kMaxDataBytes = GpuPayload::kMaxDataBytes;

    MemoryManager();
    ~MemoryManager() override;
    MemoryManager(const MemoryManager&) = delete;
    MemoryManager& operator=(const MemoryManager&) = delete;

    // A payload with reference count 1 (already acquired), its data pointer on its own buffer,
    // length 0, response status incomplete, and its extension cleared.
    tlm::tlm_generic_payload* allocate();
    void free(tlm::tlm_generic_payload* gp) override;
    // Takes every payload handed out back into the pool, whatever its reference count: the
    // reset of the blocks that use this pool, once none of them refers to its payloads any
    // more. Only for a pool whose payloads never leave the blocks being reset.
    void reclaim();

    // Payloads handed out and not yet returned.
    uint64_t in_use() const { return in_use_; }
    uint64_t allocated_total() const { return allocated_total_; }
    // Payloads handed out and not yet returned, over every pool of the process (tests check
    // that a run or a reset leaks none).
    static uint64_t in_use_all();

  private:
    std::vector<std::unique_ptr<GpuPayload>> slots_;
    std::vector<tlm::tlm_generic_payload*> free_;
    uint64_t in_use_ = 0;
    uint64_t allocated_total_ = 0;
};

}  // namespace mvp::sim
