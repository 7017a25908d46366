#include "commit_log.h"

#include <ostream>

#include "modules/sim/tile_log.h"
#include "modules/sim/vcd_tracer.h"
#include "sp_pipeline.h"

namespace mvp {

CommitLog::CommitLog(SpPipeline& sp, const std::string& name) : sp_(sp) {
    sim::VcdTracer& vcd = sim::VcdTracer::instance();
    if (!vcd.enabled() || !vcd.wants(name + ".commit0.count")) return;
    // Every port is sized before any is registered: the tracer keeps pointers into them.
    const unsigned lanes = sp_.params.warp_size;
    ports_.resize(sp_.params.ex_wb_width);
    for (Port& p : ports_) {
        p.sp = sp_.params.sp_id;
        p.value.assign(lanes, 0);
        p.address.assign(lanes, 0);
        p.data.assign(lanes, 0);
    }
    for (size_t k = 0; k < ports_.size(); ++k) {
        Port& p = ports_[k];
        const std::string n = name + ".commit" + std::to_string(k) + ".";
        vcd.trace(n + "count", &p.count, 32);
        vcd.trace(n + "sp", &p.sp, 32);
        vcd.trace(n + "warp", &p.warp, 32);
        vcd.trace(n + "mask", &p.mask, lanes);
        vcd.trace(n + "pc", &p.pc, 32);
        vcd.trace(n + "insn", &p.insn, 64);
        vcd.trace(n + "rd", &p.rd, 4);
        for (unsigned l = 0; l < lanes; ++l) {
            vcd.trace(n + "value" + std::to_string(l), &p.value[l], 32);
            vcd.trace(n + "address" + std::to_string(l), &p.address[l], 32);
            vcd.trace(n + "data" + std::to_string(l), &p.data[l], 32);
        }
    }
}

void CommitLog::write(const WarpInstruction& wi, uint64_t cycle) {
    if (!ports_.empty()) drive_port(wi, cycle);
    if (!os_) return;
    format(wi, cycle);
    line_.push_back('\n');
    if (sim::TileLog* log = sim::TileLog::current()) {
        // The SPs share the stream: the lines of an SP's edge go out with its tile's log.
        if (held_.empty()) log->add(&CommitLog::write_held, this);
        held_ += line_;
        return;
    }
    os_->write(line_.data(), static_cast<std::streamsize>(line_.size()));
}

void CommitLog::write_held(void* log, const uint64_t*) {
    auto* self = static_cast<CommitLog*>(log);
    self->os_->write(self->held_.data(), static_cast<std::streamsize>(self->held_.size()));
    self->held_.clear();
}

void CommitLog::drive_port(const WarpInstruction& wi, uint64_t cycle) {
    if (cycle != port_cycle_) {
        port_cycle_ = cycle;
        port_next_ = 0;
    }
    // WB retires at most EX_WB instructions a cycle, so a port is always free.
    if (port_next_ >= ports_.size()) return;
    Port& p = ports_[port_next_++];
    const CommitRecord r = record(wi, cycle);
    p.warp = r.warp;
    p.mask = r.mask;
    p.pc = r.pc;
    p.insn = isa::encode(r.in);
    p.rd = static_cast<uint8_t>(r.writes_rd ? CommitRecord::written_reg(r.in) : 0);
    const CommitRecord::LaneFields f = CommitRecord::lane_fields(r.in, r.writes_rd);
    for (LaneMask m = r.mask; m; m &= m - 1) {
        const unsigned lane = lowest_lane(m);
        if (f.value) p.value[lane] = r.value[lane];
        if (f.address) p.address[lane] = r.address[lane];
        if (f.data) p.data[lane] = r.data[lane];
    }
    ++p.count;
}

CommitRecord CommitLog::record(const WarpInstruction& wi, uint64_t cycle) const {
    CommitRecord r;
    r.cycle = cycle;
    r.sp = sp_.params.sp_id;
    r.warp_size = sp_.params.warp_size;
    r.warp = wi.warp;
    r.mask = wi.mask;
    r.pc = wi.pc;
    r.in = wi.in;
    r.writes_rd = wi.writes_rd;
    r.value = wi.result;
    r.address = wi.address;
    r.data = wi.rt;
    return r;
}

std::string CommitLog::format(const WarpInstruction& wi, uint64_t cycle) const {
    record(wi, cycle).format(sp_.thdc.group(wi.group).debug, &line_);
    return line_;
}

}  // namespace mvp
