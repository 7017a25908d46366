#include "memory_manager.h"

#include <algorithm>

namespace mvp::sim {

namespace {
// Every pool of the process. Pools are created and destroyed while the model is built and torn
// down (one thread); each counts its own payloads, so that the SPs' host threads
// (-mvpgpu_host_threads) share no counter.
std::vector<const MemoryManager*>& all_pools() {
    static auto* const pools = new std::vector<const MemoryManager*>;  // outlives every pool
    return *pools;
}
}  // namespace

uint64_t MemoryManager::in_use_all() {
    uint64_t n = 0;
    for (const MemoryManager* pool : all_pools()) n += pool->in_use_;
    return n;
}

MemoryManager::MemoryManager() { all_pools().push_back(this); }
MemoryManager::~MemoryManager() {
    std::vector<const MemoryManager*>& pools = all_pools();
    pools.erase(std::find(pools.begin(), pools.end(), this));
}

tlm::tlm_generic_payload* MemoryManager::allocate() {
    tlm::tlm_generic_payload* gp;
    if (free_.empty()) {
        slots_.push_back(std::make_unique<GpuPayload>(this));
        gp = slots_.back().get();
    } else {
        gp = free_.back();
        free_.pop_back();
    }
    auto* slot = static_cast<GpuPayload*>(gp);
    gp->set_data_ptr(slot->data);
    gp->set_data_length(0);
    gp->set_streaming_width(0);
    gp->set_byte_enable_ptr(nullptr);
    gp->set_byte_enable_length(0);
    gp->set_address(0);
    gp->set_command(tlm::TLM_IGNORE_COMMAND);
    gp->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    gp->set_dmi_allowed(false);
    slot->extension = GpuExtension();
    gp->acquire();
    ++in_use_;
    ++allocated_total_;
    return gp;
}

void MemoryManager::reclaim() {
    // The release that brings a payload's count to zero hands it back through free().
    for (const auto& slot : slots_)
        while (slot->get_ref_count() > 0) slot->release();
}

void MemoryManager::free(tlm::tlm_generic_payload* gp) {
    --in_use_;
    free_.push_back(gp);
}

}  // namespace mvp::sim
