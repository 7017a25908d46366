#pragma once

#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "memory_interleave.h"
#include "modules/sim/clock_domain.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"

namespace mvp {

class GlobalMemory;

namespace config {
class Config;
}

// The parameters of one DDR controller and its device (options -mvpgpu_ddr_*,
// modules/ddr/README.md). Timings are in DRAM clock cycles.
struct DdrParams {
    unsigned banks = 16;
    uint32_t row_bytes = 2048;  // one row of a bank across the whole data bus
    unsigned bus_bytes = 8;     // data bus width
    unsigned burst_length = 8;  // data beats per burst, two per cycle
    unsigned tRCD = 11;
    unsigned tCL = 11;
    unsigned tRP = 11;
    unsigned tRAS = 28;
    unsigned tWR = 12;
    unsigned tCCD = 4;
    unsigned tREFI = 0;  // 0: no refresh
    unsigned tRFC = 280;
    unsigned queue_depth = 32;
    bool coalesce = true;
    bool bank_xor = true;  // XOR the folded row bits into the bank index

    // Bytes one burst moves, and the cycles it holds the data bus.
    unsigned burst_bytes() const { return bus_bytes * burst_length; }
    unsigned burst_cycles() const { return burst_length / 2; }
    // Minimum cycles between two column commands (READ/WRITE).
    unsigned column_interval() const { return tCCD > burst_cycles() ? tCCD : burst_cycles(); }
    // Peak data rate in GB/s at a DRAM clock of `mhz`.
    double peak_gbps(double mhz) const { return 2.0 * bus_bytes * mhz / 1000.0; }

    static DdrParams from_config(const config::Config& c);
};

// A DDR memory controller and the timing of its DRAM device, clocked on the DRAM domain. It
// serves the requests the NoC routes to it (4-phase, many outstanding) out of a queue, with
// real data in the platform's GlobalMemory (one storage shared by all controllers; each serves
// its interleaved share of the addresses). b_transport and transport_dbg reach the storage
// without timing, for loaders, host access and debuggers.
//
// Modelled:
//   - address mapping: the interleaving across controllers is removed first (MemoryInterleave),
//     then the controller-local address splits as row : bank : column (column = the low
//     log2(row_bytes) bits, then the bank bits, the rest the row), so a sequential stream fills
//     a row, then moves to the next bank; with bank_xor the row bits, folded to the bank
//     width, are XORed into the bank (permutation-based interleaving);
//   - per bank: open-row policy, ACT -> READ/WRITE tRCD, ACT -> PRE tRAS, PRE -> ACT tRP,
//     READ -> PRE burst_length / 2 (the burst leaves the sense amplifiers), end of write data ->
//     PRE tWR; one command per cycle on the command bus; READ/WRITE -> READ/WRITE
//     max(tCCD, burst_length / 2) on the shared data bus; read and write data start tCL after
//     their command and take burst_length / 2 cycles; a request larger than a burst takes one
//     column command per burst;
//   - FR-FCFS over the queue, one command a cycle: the oldest request whose next burst hits an
//     open row and can issue now; else the oldest that can activate a closed bank; else the
//     oldest whose bank holds another row and can precharge it, unless a queued request still
//     hits that row. Requests to overlapping bytes keep their order unless both are reads;
//   - coalescing (option): one READ or WRITE serves every queued request of that kind whose
//     next bytes fall in the same burst, so the SPs' 32-byte requests share the bursts;
//   - atomics (GpuExtension::atomic): a READ of the word's burst, the old word returned with
//     the read data, the new word (isa::atomic_update) written back by a WRITE to the same
//     open row as soon as the read data is in; atomic for every SP because this controller is
//     the only one serving the address;
//   - refresh (tREFI > 0): every tREFI cycles all banks are precharged (PRE all, tRP) and
//     unavailable for tRFC; no new command issues while a refresh is due.
// Simplified: no tRRD/tFAW, read/write turnaround, rank or bank-group timing; write latency
// equals tCL; responses of a burst leave when the whole burst has been transferred; a request
// is registered in the queue at the first DRAM edge after it arrives.
class DdrController : public sc_core::sc_module, public sim::Clocked {
  public:
    // Controller `index` of interleave.controllers(), over the shared storage.
    DdrController(const sc_core::sc_module_name& name, sim::ClockDomain& clock,
                  const DdrParams& params, GlobalMemory& storage,
                  const MemoryInterleave& interleave, unsigned index);
    ~DdrController() override;

    using TargetSocket = sim::TargetSocket;
    TargetSocket& target_socket() { return port_.socket; }

    const DdrParams& params() const { return params_; }

    // Where an address lies in this controller's device.
    struct Location {
        unsigned bank;
        uint64_t row;
        uint32_t column;  // byte offset in the row
    };
    Location locate(uint32_t address) const;

    void tick() override;

    // Drops every request (the GPU's reset): queue, bursts in progress and atomics' write-backs
    // forgotten, every bank closed. The DRAM contents and the statistics are kept.
    void reset();

    // Counters (also in the statistics).
    uint64_t reads() const { return reads_; }
    uint64_t writes() const { return writes_; }
    uint64_t atomics() const { return atomics_; }
    uint64_t row_hits() const { return row_hits_; }
    uint64_t row_misses() const { return row_misses_; }
    uint64_t row_conflicts() const { return row_conflicts_; }
    uint64_t refreshes() const { return refreshes_; }
    uint64_t active_cycles() const { return active_cycles_; }
    uint64_t bytes() const { return bytes_read_ + bytes_written_; }
    unsigned queue_size() const { return static_cast<unsigned>(queue_.size()); }
    // Requests accepted and not yet answered.
    uint64_t outstanding() const { return outstanding_; }

  private:
    static constexpr uint64_t kNever = UINT64_MAX;
    static constexpr uint64_t kNoRow = UINT64_MAX;
    static constexpr uint32_t kClosedTrace = 0xffffffffu;

    enum class Kind : uint8_t { kRead, kWrite, kAtomic };
    enum class Opening : uint8_t { kMiss, kConflict };

    struct Bank {
        uint64_t open_row = kNoRow;
        uint64_t next_act = 0;
        uint64_t next_pre = 0;
        uint64_t next_col = 0;
        Opening opening = Opening::kMiss;  // why the row now being opened was closed
        bool first_access = false;         // the next column command is the first since ACT
        unsigned writebacks = 0;           // atomic write-backs pending: keep the row open
        // Scratch of the scheduler: the last pass that found hits waiting for the open row, and
        // the last that listed the bank to be precharged.
        uint64_t hit_pass = 0;
        uint64_t close_pass = 0;
    };
    struct Entry {
        tlm::tlm_generic_payload* gp;
        uint64_t ready;    // the first cycle it may be scheduled
        uint64_t arrival;  // for the latency statistic
        uint32_t address;
        uint32_t end;   // one past the last byte
        uint32_t next;  // the first byte not yet served
        // The burst holding `next`, decoded.
        uint32_t burst;  // its first address (global)
        uint64_t row;
        unsigned bank;
        Kind kind;
    };
    struct Completion {
        tlm::tlm_generic_payload* gp;
        uint64_t done;     // the cycle its last data beat has been transferred
        uint64_t arrival;  // for the latency statistic
    };
    struct Writeback {
        unsigned bank;
        uint32_t burst;     // the burst holding the word
        uint64_t earliest;  // the read data is in
    };

    bool on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned debug(tlm::tlm_generic_payload& gp);
    uint64_t arrival_cycle(const sc_core::sc_time& at) const;

    // `occupied`: the queue's entries before this one, as at the start of the arrival's cycle.
    void enqueue(tlm::tlm_generic_payload& gp, uint64_t ready, size_t occupied);
    void decode(Entry& e) const;
    // The functional part of a request's bytes [lo, hi) (or of the whole atomic), done when its
    // column command issues, so the storage sees the accesses in command order.
    void access(tlm::tlm_generic_payload& gp, Kind kind, uint32_t lo, uint32_t hi);
    static Kind kind_of(const tlm::tlm_generic_payload& gp);
    // True when an older entry of another kind (or an atomic) still has to serve bytes of e's
    // current burst, or an atomic's write-back to that burst is pending.
    bool blocked(size_t index) const;

    void refresh(uint64_t t);
    // Issues at most one command at cycle t; true if one was issued.
    bool schedule(uint64_t t);
    void issue_column(size_t index, uint64_t t);
    void activate(unsigned bank, uint64_t row, uint64_t t);
    void precharge(unsigned bank, uint64_t t);
    uint64_t next_event(uint64_t t) const;
    void become_busy(uint64_t t);
    void update_trace();

    sim::ClockDomain& clock_;
    DdrParams params_;
    GlobalMemory& storage_;
    MemoryInterleave interleave_;
    unsigned index_;
    unsigned row_shift_;
    unsigned bank_mask_;
    unsigned bank_shift_;
    sim::TargetPort port_;

    std::vector<Bank> banks_;
    std::vector<Entry> queue_;               // in arrival order
    sim::RingFifo<Completion> completions_;  // in command order, so in `done` order
    sim::RingFifo<Writeback> writebacks_;
    tlm::tlm_generic_payload* held_ = nullptr;  // offered while the queue was full
    uint64_t freed_cycle_ = kNever;             // entries freed by the commands of that cycle
    unsigned freed_ = 0;
    uint64_t next_column_ = 0;  // data bus / tCCD
    uint64_t last_command_ = 0;
    bool commanded_ = false;  // a command has been issued at last_command_
    uint64_t next_refresh_ = 0;
    uint64_t outstanding_ = 0;
    uint64_t busy_since_ = 0;
    uint64_t last_arrival_ = kNever;  // the latest registration cycle, and how many share it
    unsigned last_arrivals_ = 0;
    // Scratch space of the scheduler, kept to avoid allocating every cycle.
    std::vector<size_t> served_;
    std::vector<size_t> finished_;    // queue indices of the requests a burst completed
    std::vector<unsigned> to_close_;  // banks the scheduler may precharge, oldest request first
    uint64_t pass_ = 0;               // numbers the scheduler's passes (Bank::hit_pass)

    // Statistics.
    sim::StatGroup stats_;
    uint64_t reads_ = 0;
    uint64_t writes_ = 0;
    uint64_t atomics_ = 0;
    uint64_t bytes_read_ = 0;
    uint64_t bytes_written_ = 0;
    uint64_t row_hits_ = 0;
    uint64_t row_misses_ = 0;
    uint64_t row_conflicts_ = 0;
    uint64_t refreshes_ = 0;
    uint64_t coalesced_ = 0;
    uint64_t activates_ = 0;
    uint64_t precharges_ = 0;
    uint64_t data_bus_cycles_ = 0;
    uint64_t active_cycles_ = 0;
    uint64_t backpressure_ = 0;
    sim::Sampler latency_;
    sim::Sampler occupancy_;

    // Traced (VCD).
    uint32_t queue_depth_ = 0;
    std::vector<uint32_t> open_row_trace_;
};

}  // namespace mvp
