#include "commit_log.h"

#include <cstdarg>
#include <cstdio>
#include <ostream>

#include "sp_pipeline.h"
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

void CommitLog::write(const WarpInstruction& wi, uint64_t cycle) {
    if (!os_) return;
    format(wi, cycle);
    line_.push_back('\n');
    os_->write(line_.data(), static_cast<std::streamsize>(line_.size()));
}

std::string CommitLog::format(const WarpInstruction& wi, uint64_t cycle) const {
    std::string& s = line_;
    s.clear();
    const unsigned digits = (sp_.params.warp_size + 3) / 4;
    append(s, "%llu sp%u w%u m0x%0*llx pc=0x%04x ", static_cast<unsigned long long>(cycle),
           sp_.params.sp_id, wi.warp, static_cast<int>(digits),
           static_cast<unsigned long long>(wi.mask), wi.pc);
    const DebugMap* map = sp_.thdc.group(wi.group).debug;
    if (map && map->describes(wi.pc)) {
        s += "(";
        s += map->where(wi.pc);
        s += ") ";
        s += map->text(wi.pc);
    } else {
        s += "(-) ";
        s += isa::disassemble(wi.in);
    }

    const Opcode op = wi.in.op;
    const isa::Unit unit = isa::info(op).unit;
    if (op == Opcode::kSync || op == Opcode::kExit) return s;
    const bool control = unit == isa::Unit::kCtrl;
    const bool load_like = isa::is_load(op) || isa::is_atomic(op);
    const bool store = isa::is_store(op);
    if (!control && !store && !wi.writes_rd && !load_like) return s;
    const unsigned reg = op == Opcode::kJplnk ? isa::kRegRa : wi.in.rd;
    s += " |";
    for (LaneMask m = wi.mask; m; m &= m - 1) {
        const unsigned lane = lowest_lane(m);
        append(s, " %u:", lane);
        if (store) {
            const unsigned size = isa::access_size(op);
            const uint32_t data =
                size == 4 ? wi.rt[lane] : wi.rt[lane] & ((uint32_t{1} << (8 * size)) - 1);
            append(s, "[0x%08x]=0x%0*x", wi.address[lane], static_cast<int>(2 * size), data);
        } else if (load_like) {
            if (wi.writes_rd) append(s, "$%u=0x%08x", reg, wi.result[lane]);
            append(s, "@0x%08x", wi.address[lane]);
        } else if (control) {
            if (op == Opcode::kJplnk) append(s, "$%u=0x%08x,", reg, wi.result[lane]);
            append(s, "pc=0x%04x", wi.address[lane]);
        } else {
            append(s, "$%u=0x%08x", reg, wi.result[lane]);
        }
    }
    return s;
}

}  // namespace mvp
