#pragma once

#include <cstdint>
#include <systemc>
#include <tlm>
#include <vector>

#include "direct_port.h"
#include "divergence_policy.h"
#include "fetch_if.h"
#include "instruction_buffer.h"
#include "issue_if.h"
#include "lane_mask.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"
#include "sp_control.h"
#include "thdc_if.h"

namespace mvp {

// FE: instruction fetch and decode. Each split slot of each warp has an instruction buffer
// (-mvpgpu_ibuffer_entries) and a fetch PC. Every cycle FE sends at most one fetch to the
// ICC, round robin over the running warps whose buffer has room: a TLM read of 8 bytes, or 16
// (-mvpgpu_fetch_width 2) when the PC is 16-byte aligned and the buffer has room for both,
// at code_base + PC. The response is decoded (isa::decode) into the reserved entries at the
// first edge strictly after it arrives, in time for IS in that edge: an instruction answered
// by the ICC at edge r can issue at r + 1.
//
// Fetch runs ahead sequentially (no prediction). When a split's PC is not where its buffer
// expects it (a taken branch, a reconvergence, a warp switched in), the buffer is flushed
// (control hazard), responses still in flight for it are dropped, and fetch restarts at the
// split's PC.
//
// Ports: `icc` (TLM, to the ICC), `thdc` (the running set, the warps' code images),
// `divergence` (the splits and their order), `issue` (a far branch resolved; a warp's splits
// re-read or its buffers changed, which ends the waits IS keeps for them). Exports FetchIf (the
// module itself): the instruction buffers to IS, control events from IS, EX and THDC.
class Fetch : public sc_core::sc_module, public FetchIf {
  public:
    Fetch(const sc_core::sc_module_name& name, SpControl& sp);

    sim::InitiatorPort icc;
    DirectPort<ThdcIf> thdc;
    DirectPort<DivergencePolicy> divergence;
    DirectPort<IssueIf> issue;

    // Sizes the buffers: one per split slot of the divergence unit.
    void init(unsigned max_splits);
    // Drops every buffered instruction, response and table read (the SP's reset; the ICC is
    // reset with it).
    void reset();
    // Responses that arrived at earlier edges become decoded instructions (before IS).
    bool accept_responses(uint64_t now);
    // Sends at most one fetch (after IS).
    bool tick(uint64_t now);

    // A warp starts: buffers empty, fetch from the policy's splits.
    void start(unsigned warp) override;
    // Re-reads the warp's splits after a policy change and flushes buffers that no longer
    // match.
    void sync(unsigned warp) override;
    // Drops the warp's buffered instructions (switched out of the running set).
    void flush(unsigned warp) override;

    // A divergent branch whose reconvergence PC is in the image's far table: FE reads the
    // entry through `icc`, ahead of instruction fetches, and when the word arrives (decoded at
    // the first edge after it, like a fetch) hands the branch to the divergence unit and lets
    // the split issue again.
    void read_reconvergence(const FarBranch& branch) override;

    const InstructionBuffer& buffer(unsigned warp, unsigned slot) override {
        return contexts_[warp * slots_ + slot].buffer;
    }
    void take(unsigned warp, unsigned slot) override {
        contexts_[warp * slots_ + slot].buffer.pop();
        idle_ = false;
    }
    // The earliest edge a response in hand can be decoded at (UINT64_MAX: none).
    uint64_t next_response_cycle() const;
    bool responses_pending() const { return !responses_.empty(); }
    unsigned outstanding() const { return outstanding_; }

  private:
    struct Context {
        InstructionBuffer buffer;
        uint32_t fetch_pc = 0;
        uint32_t generation = 0;
        LaneMask mask = 0;  // the split's lanes, as last read (start, sync, flush)
    };
    struct Response {
        uint64_t ready = 0;  // the first edge after its arrival
        uint32_t context = 0;
        uint32_t generation = 0;
        uint32_t pc = 0;
        unsigned count = 0;
        bool ok = true;
        uint64_t words[2] = {};
    };

    struct TableRead {
        FarBranch branch;
        bool sent = false;
        uint32_t id = 0;
        uint64_t ready = UINT64_MAX;  // the edge its answer is decoded at
        bool ok = true;
        uint32_t rpc = 0;
    };
    // Context number of a table read's request id (instruction fetches use warp * slots + slot).
    static constexpr uint32_t kTableContext = 0xffffffffu;

    void on_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void reset(Context& c, uint32_t pc);
    // The warp's splits were read again (start, sync, flush), `splits` the slots holding one: FE
    // may fetch for them again and IS evaluates them afresh.
    void splits_read(unsigned warp, uint32_t splits);
    bool send_table_read();
    bool complete_table_reads(uint64_t now);

    SpControl& sp_;
    // The code image of each warp's launch (base, size), latched when the warp starts.
    struct Code {
        uint32_t base = 0;
        uint32_t bytes = 0;
    };
    std::vector<Code> code_;
    unsigned slots_ = 1;
    std::vector<Context> contexts_;
    // Per warp, the slots that held a split when its splits were last read: the divergence
    // unit changes a warp's splits only in calls that are followed by sync (or start).
    std::vector<uint32_t> splits_;
    std::vector<Response> responses_;
    std::vector<TableRead> table_reads_;
    uint32_t next_table_id_ = 0;
    unsigned rr_ = 0;
    // No running warp had a split that could fetch, and none has had one since: no buffer room
    // freed (take), no splits re-read (sync, flush, start).
    bool idle_ = false;
    unsigned outstanding_ = 0;
    sim::MemoryManager mm_;
};

}  // namespace mvp
