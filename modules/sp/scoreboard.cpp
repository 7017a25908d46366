#include "scoreboard.h"

#include <algorithm>
#include <iterator>
#include <systemc>

namespace mvp {

Scoreboard::Scoreboard(unsigned num_warps) : warps_(num_warps) {}

unsigned Scoreboard::reserve(unsigned warp, unsigned reg, LaneMask lanes) {
    Warp& w = warps_[warp];
    if (w.used == ~uint64_t{0}) SC_REPORT_FATAL("mvp/sp/scoreboard", "reservation table full");
    unsigned h = static_cast<unsigned>(__builtin_ctzll(~w.used));
    w.used |= uint64_t{1} << h;
    w.slots[h] = Slot{static_cast<uint8_t>(reg), lanes, kNotReady};
    ++w.count[reg];
    w.reg_pending |= static_cast<uint16_t>(1u << reg);
    return h;
}

void Scoreboard::release(unsigned warp, unsigned handle) {
    Warp& w = warps_[warp];
    unsigned reg = w.slots[handle].reg;
    w.used &= ~(uint64_t{1} << handle);
    if (--w.count[reg] == 0) w.reg_pending &= static_cast<uint16_t>(~(1u << reg));
}

bool Scoreboard::source_ready(unsigned warp, unsigned reg, LaneMask lanes, uint64_t now) const {
    const Warp& w = warps_[warp];
    if (!(w.reg_pending & (1u << reg))) return true;
    for (uint64_t u = w.used; u; u &= u - 1) {
        const Slot& s = w.slots[__builtin_ctzll(u)];
        if (s.reg == reg && (s.lanes & lanes) && s.ready > now) return false;
    }
    return true;
}

bool Scoreboard::pending(unsigned warp, unsigned reg, LaneMask lanes) const {
    const Warp& w = warps_[warp];
    if (!(w.reg_pending & (1u << reg))) return false;
    for (uint64_t u = w.used; u; u &= u - 1) {
        const Slot& s = w.slots[__builtin_ctzll(u)];
        if (s.reg == reg && (s.lanes & lanes)) return true;
    }
    return false;
}

void Scoreboard::clear(unsigned warp) {
    // Only the slots in use are ever read: the table is emptied without rewriting them.
    Warp& w = warps_[warp];
    w.used = 0;
    w.reg_pending = 0;
    std::fill(std::begin(w.count), std::end(w.count), uint8_t{0});
}

}  // namespace mvp
