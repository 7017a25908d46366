#include "commit_record.h"

#include <cstdarg>
#include <cstdio>

#include "modules/sim/debug_map.h"

namespace mvp {

using isa::Opcode;

namespace {

void append(std::string& s, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void append(std::string& s, const char* fmt, ...) {
    char buf[128];
    va_list ap;
    va_start(ap, fmt);
    int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        s.append(buf,
                 static_cast<size_t>(n) < sizeof buf ? static_cast<size_t>(n) : sizeof buf - 1);
}

}  // namespace

std::string CommitRecord::instruction_text(const DebugMap* map, uint32_t pc,
                                           const isa::Instruction& in) {
    return map && map->describes(pc) ? map->text(pc) : isa::disassemble(in);
}

unsigned CommitRecord::written_reg(const isa::Instruction& in) {
    return in.op == Opcode::kJplnk ? isa::kRegRa : in.rd;
}

CommitRecord::LaneFields CommitRecord::lane_fields(const isa::Instruction& in, bool writes_rd) {
    const Opcode op = in.op;
    LaneFields f;
    if (op == Opcode::kSync || op == Opcode::kExit) return f;
    f.value = writes_rd || op == Opcode::kJplnk;
    f.address = isa::is_memory(op) || isa::info(op).unit == isa::Unit::kCtrl;
    f.data = isa::is_store(op);
    return f;
}

void CommitRecord::format(const DebugMap* map, std::string* line) const {
    std::string& s = *line;
    s.clear();
    const unsigned digits = (warp_size + 3) / 4;
    append(s, "%llu sp%u w%u m0x%0*llx pc=0x%04x ", static_cast<unsigned long long>(cycle), sp,
           warp, static_cast<int>(digits), static_cast<unsigned long long>(mask), pc);
    if (map && map->describes(pc)) {
        s += "(";
        s += map->where(pc);
        s += ") ";
        s += map->text(pc);
    } else {
        s += "(-) ";
        s += isa::disassemble(in);
    }

    const Opcode op = in.op;
    const LaneFields f = lane_fields(in, writes_rd);
    if (!f.value && !f.address && !f.data) return;
    const bool store = isa::is_store(op);
    const bool load_like = isa::is_load(op) || isa::is_atomic(op);
    const unsigned reg = written_reg(in);
    s += " |";
    for (LaneMask m = mask; m; m &= m - 1) {
        const unsigned lane = lowest_lane(m);
        append(s, " %u:", lane);
        if (store) {
            const unsigned size = isa::access_size(op);
            const uint32_t d =
                size == 4 ? data[lane] : data[lane] & ((uint32_t{1} << (8 * size)) - 1);
            append(s, "[0x%08x]=0x%0*x", address[lane], static_cast<int>(2 * size), d);
        } else if (load_like) {
            if (writes_rd) append(s, "$%u=0x%08x", reg, value[lane]);
            append(s, "@0x%08x", address[lane]);
        } else if (f.address) {
            if (op == Opcode::kJplnk) append(s, "$%u=0x%08x,", reg, value[lane]);
            append(s, "pc=0x%04x", address[lane]);
        } else {
            append(s, "$%u=0x%08x", reg, value[lane]);
        }
    }
}

}  // namespace mvp
