#include "memory_manager.h"

namespace mvp::sim {

struct MemoryManager::PooledPayload : tlm::tlm_generic_payload {
    explicit PooledPayload(MemoryManager* mm) : tlm_generic_payload(mm) {
        set_extension(&extension);
    }
    ~PooledPayload() override { clear_extension(&extension); }
    GpuExtension extension;
    unsigned char data[kMaxDataBytes];
};

namespace {
uint64_t g_in_use_all = 0;
}

uint64_t MemoryManager::in_use_all() { return g_in_use_all; }

MemoryManager::MemoryManager() = default;
MemoryManager::~MemoryManager() { g_in_use_all -= in_use_; }

tlm::tlm_generic_payload* MemoryManager::allocate() {
    tlm::tlm_generic_payload* gp;
    if (free_.empty()) {
        slots_.push_back(std::make_unique<PooledPayload>(this));
        gp = slots_.back().get();
    } else {
        gp = free_.back();
        free_.pop_back();
    }
    auto* slot = static_cast<PooledPayload*>(gp);
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
    ++g_in_use_all;
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
    --g_in_use_all;
    free_.push_back(gp);
}

}  // namespace mvp::sim
