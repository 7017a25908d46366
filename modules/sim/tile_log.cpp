#include "tile_log.h"

namespace mvp::sim {

thread_local TileLog* TileLog::current_ = nullptr;

void TileLog::add(std::function<void()> fn) {
    closures_.push_back(std::move(fn));
    add(&TileLog::call_closure, this, closures_.size() - 1);
}

void TileLog::call_closure(void* log, const uint64_t* args) {
    static_cast<TileLog*>(log)->closures_[args[0]]();
}

void TileLog::replay() { replay_through(UINT64_MAX); }

void TileLog::replay_through(uint64_t edge) {
    // A replayed record may not add to this log (the replay runs outside any tile).
    for (; head_ < records_.size() && records_[head_].edge <= edge; ++head_) {
        const Record& r = records_[head_];
        r.fn(r.object, r.args);
    }
    if (head_ == records_.size()) clear();
}

void TileLog::take(TileLog& other) {
    for (size_t k = other.head_; k < other.records_.size(); ++k) {
        const Record& r = other.records_[k];
        if (r.fn == &TileLog::call_closure) {
            closures_.push_back(std::move(other.closures_[r.args[0]]));
            records_.push_back(Record{r.fn, this, r.edge, {closures_.size() - 1, 0, 0, 0}});
        } else {
            records_.push_back(r);
        }
    }
    other.clear();
}

void TileLog::clear() {
    records_.clear();
    closures_.clear();
    head_ = 0;
}

void run_or_defer(std::function<void()> fn) {
    if (TileLog* log = TileLog::current()) {
        log->add(std::move(fn));
    } else {
        fn();
    }
}

}  // namespace mvp::sim
