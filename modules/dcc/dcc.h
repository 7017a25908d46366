#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "modules/sim/clock_domain.h"
#include "modules/sim/flat_map.h"
#include "modules/sim/initiator_port.h"
#include "modules/sim/memory_manager.h"
#include "modules/sim/ring_fifo.h"
#include "modules/sim/schedule.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/target_port.h"
#include "modules/sim/timed_queue.h"

namespace mvp::config {
class Config;
}

namespace mvp {

// The data cache controller (DCC) of an SP: the MVP write-back word buffer between the OCC and
// the XI. The buffer holds `sets` x `ways` 32-bit words; each entry has a valid bit, a dirty
// byte mask (write-backs carry only the dirty bytes, as byte enables), its word address (the
// tag) and its data, with LRU replacement within a set (set = word address mod sets).
//
// One request is looked up per cycle, all its words at once (a line request of the LD/ST unit
// covers several words). When every word is present the request completes `hit_latency`
// cycles later: a read returns the words, a write updates them and marks them dirty. Otherwise
// the request enters the miss FIFO; entries start oldest first (a later entry to another line
// starts while an earlier one waits for ways): a victim is picked for each missing word, a
// dirty victim is written back to memory FIRST (a 4-byte write, acknowledged before a later
// fetch of its line is sent), then the line holding the missing words is fetched
// (`line_bytes` through the XI), the missing words are filled (clean), and the request is
// performed on the buffer and answered: a multi-word request completes when all of its words
// are there. A write miss allocates (write-allocate). Requests to a line with a miss in the
// FIFO queue behind it, so the buffer answers each word in arrival order; requests to other
// lines hit under the misses. An atomic (GpuExtension::atomic) writes a dirty copy of its word
// back, invalidates it and is sent to memory, where the DDR controller performs it; its old
// value is returned. A full miss FIFO stalls the lookups and then the OCC (END_REQ held).
//
// flush() writes every dirty word back (before a kernel is reported complete) and reports
// when all write-backs are acknowledged; invalidate() drops every entry (at launch, after a
// flush). See README.md for the exact timing.
class Dcc : public sc_core::sc_module, public sim::Clocked {
  public:
    struct Params {
        unsigned sets = 64;
        unsigned ways = 2;
        unsigned miss_fifo_depth = 8;
        unsigned hit_latency = 1;  // lookup to response on a hit, at least 1
        unsigned line_bytes = 32;  // bytes fetched per miss
        uint32_t sp = 0;           // the SP, for the GPU extension of memory requests
        // -mvpgpu_dcc_sets, _ways, _miss_fifo_depth, _hit_latency, _line_bytes.
        static Params from_config(const config::Config& config);
    };

    Dcc(const sc_core::sc_module_name& name, sim::ClockDomain& clock, const Params& params);

    sim::TargetPort port;         // from the OCC
    sim::InitiatorPort mem_port;  // to the XI

    // Writes every dirty word back, from the next edge on when no miss is being handled
    // (requests that arrive meanwhile wait); `done` runs and flush_done_event() is notified
    // in the edge the last write-back is acknowledged.
    void flush(std::function<void()> done = {});
    bool flushing() const { return flush_requested_ || flushing_; }
    const sc_core::sc_event& flush_done_event() const { return flush_done_event_; }
    // Drops every entry, dirty or not. Call when idle (after a flush).
    void invalidate();
    // The GPU's reset: every entry invalid (dirty words lost), every request, miss and memory
    // request dropped (nothing is answered: the OCC and the XI are reset with it), a flush in
    // progress abandoned without calling its `done`. Statistics are kept.
    void reset();

    // A write-back (eviction, atomic or flush) answered with an error: no request can be told
    // of it (the stores that dirtied the word completed long ago), so it is reported here, one
    // line naming the SP, the address and the status. Without it, SC_REPORT_ERROR.
    std::function<void(const std::string& message)> on_error;

    // No request queued, in the miss FIFO, waiting for its response or for memory.
    bool idle() const;

    // Writes memory through the untimed path (the buffer's copies are updated and keep their
    // dirty bits): the dispatcher's stores of stacked arguments into a private area.
    void write_untimed(uint32_t address, const void* data, uint32_t bytes);

    // The buffer entry holding the word at `address`, for tests and debuggers.
    struct EntryView {
        bool valid;
        bool dirty;
        uint32_t address;
        uint32_t data;
    };
    bool probe(uint32_t address, EntryView* view) const;
    unsigned dirty_words() const;
    unsigned miss_fifo_occupancy() const { return static_cast<unsigned>(fifo_.size()); }

    void tick() override;

  private:
    enum class Kind : uint8_t { kRead, kWrite, kAtomic };
    struct Way {
        uint32_t word = 0;  // word address (byte address / 4): the tag
        uint32_t data = 0;
        uint64_t lru = 0;   // last use; the smallest in a set is the LRU way
        unsigned pins = 0;  // requests in the miss FIFO that need this word: not a victim
        bool valid = false;
        uint8_t dirty = 0;      // the bytes written since the fill, bit i for byte i
        bool reserved = false;  // allocated to a word being fetched
    };
    struct WordAccess {
        uint32_t word;
        unsigned way = 0;
        bool missing = false;
        bool in_round = false;  // handled by the round in progress
        bool done = false;      // read or written already
    };
    struct MissEntry {
        uint64_t id;
        tlm::tlm_generic_payload* gp;
        Kind kind;
        std::vector<WordAccess> words;
        bool started = false;
        unsigned fetches = 0;  // line fetches not yet returned
        // The first error response to one of its line fetches: the request is answered with it
        // when its round ends.
        tlm::tlm_response_status error = tlm::TLM_OK_RESPONSE;
    };
    enum class MemKind : uint8_t { kWriteBack, kFetch, kAtomic, kFlush };
    struct MemRequest {
        MemKind kind;
        tlm::tlm_generic_payload* gp;
        uint64_t entry;  // the miss entry (fetch, atomic)
    };
    struct Arrived {
        tlm::tlm_generic_payload* gp;
        uint64_t ready;
    };

    bool on_request(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_mem_response(tlm::tlm_generic_payload& gp, const sc_core::sc_time& at);
    void on_mem_ready(const sc_core::sc_time& at);
    void untimed(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned debug(tlm::tlm_generic_payload& gp);

    // Steps of one cycle, in this order.
    void handle_mem_responses(uint64_t now);
    void lookup(uint64_t now);
    void start_misses(uint64_t now);
    void start_flush();
    void send_to_memory(uint64_t now);
    // The next memory request is a fetch or an atomic and a write-back to its line is
    // unacknowledged.
    bool head_waits_for_write_backs() const;
    uint64_t line_of(uint64_t address) const { return address & ~uint64_t{params_.line_bytes - 1}; }
    void send_responses(uint64_t now);
    void reschedule(uint64_t now);

    Kind kind_of(const tlm::tlm_generic_payload& gp) const;
    // The words of a request that have an enabled byte (replacing the contents of `words`).
    void words_of(const tlm::tlm_generic_payload& gp, std::vector<WordAccess>& words) const;
    int find(uint32_t word) const;  // a valid way holding the word, or -1
    Way& way(uint32_t word, unsigned w) {
        return ways_[(word & (params_.sets - 1)) * params_.ways + w];
    }
    // An entry of the FIFO before m (all of them if m is not in it) shares a line with m.
    bool line_busy(const MissEntry& m) const;
    // Starts the next round of a miss entry (atomics: the atomic); false if it must wait.
    bool start_round(MissEntry& m);
    // Performs the round's words on the buffer; when every word is done, answers the request
    // and removes the entry (returns true). An entry with an error is answered with it and
    // removed instead (its reserved ways freed).
    bool finish_round(MissEntry& m, uint64_t now);
    // Takes a miss entry out of the FIFO; its word list's buffer serves a later request.
    void remove_entry(sim::RingFifo<MissEntry>::iterator it);
    // A write-back answered with an error: on_error, or SC_REPORT_ERROR.
    void report_error(const tlm::tlm_generic_payload& gp);
    // Moves the request's bytes of one buffer word (to the payload for a read); returns the
    // mask of the word's bytes the request covers.
    unsigned copy_bytes(tlm::tlm_generic_payload& gp, Kind kind, Way& w);
    // copy_bytes, then a write marks the bytes it wrote dirty; the word becomes the most recent.
    void access_word(tlm::tlm_generic_payload& gp, Kind kind, Way& w);
    void touch(Way& w) { w.lru = ++lru_clock_; }
    // A write of the word's dirty bytes (byte enables when not all four are dirty).
    void queue_write_back(const Way& w, MemKind kind);
    tlm::tlm_generic_payload* new_mem_request(tlm::tlm_command cmd, uint64_t address,
                                              unsigned length,
                                              const tlm::tlm_generic_payload* origin, bool atomic);
    void respond_at(tlm::tlm_generic_payload& gp, uint64_t cycle,
                    tlm::tlm_response_status status = tlm::TLM_OK_RESPONSE);
    void account(uint64_t now);

    sim::ClockDomain& clock_;
    sim::Schedule schedule_{clock_, this};  // every wake and sleep of this block
    Params params_;
    sim::MemoryManager mm_;
    std::vector<Way> ways_;
    uint64_t lru_clock_ = 0;

    static constexpr unsigned kInputDepth = 2;  // request register + skid entry
    sim::RingFifo<Arrived> input_;
    bool holding_ = false;
    Arrived held_{};
    sim::RingFifo<MissEntry> fifo_;
    // Buffers reused so that a request allocates nothing: word lists of entries gone, and the
    // ways and lines of the round being started.
    std::vector<std::vector<WordAccess>> spare_words_;
    std::vector<size_t> round_ways_;
    std::vector<uint64_t> round_lines_;
    uint64_t next_entry_id_ = 1;
    sim::RingFifo<MemRequest> to_memory_;
    sim::FlatMap<tlm::tlm_generic_payload*, MemRequest> at_memory_;
    sim::RingFifo<Arrived> mem_responses_;
    sim::TimedQueue<tlm::tlm_generic_payload*> responses_;  // to the OCC, by edge
    unsigned write_backs_in_flight_ = 0;
    sim::FlatMap<uint64_t, unsigned> write_back_lines_;  // line -> write-backs unacknowledged
    uint64_t mem_free_from_ = 0;
    bool mem_waiting_ = false;
    uint64_t next_request_id_ = 1;

    bool flush_requested_ = false;
    bool flushing_ = false;
    std::function<void()> flush_done_;
    sc_core::sc_event flush_done_event_;

    uint64_t last_account_ = 0;
    bool busy_ = false;
    bool stalled_ = false;          // the lookup could not take its request this cycle
    bool fifo_full_stall_ = false;  // ... because the miss FIFO was full

    // Traced.
    uint32_t miss_fifo_depth_ = 0;
    uint32_t last_address_ = 0;
    bool hit_ = false;

    sim::StatGroup stats_;
    uint64_t read_requests_ = 0;
    uint64_t write_requests_ = 0;
    uint64_t atomics_ = 0;
    uint64_t read_hits_ = 0;
    uint64_t read_misses_ = 0;
    uint64_t write_hits_ = 0;
    uint64_t write_misses_ = 0;
    uint64_t read_word_hits_ = 0;
    uint64_t read_word_misses_ = 0;
    uint64_t write_word_hits_ = 0;
    uint64_t write_word_misses_ = 0;
    uint64_t write_backs_ = 0;
    uint64_t line_fetches_ = 0;
    uint64_t flushes_ = 0;
    uint64_t flush_write_backs_ = 0;
    uint64_t lookup_stall_cycles_ = 0;
    sim::Sampler miss_fifo_occupancy_;
};

}  // namespace mvp
