#include "vcd_to_commit.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <unordered_map>

#include "modules/isa/instruction.h"
#include "modules/sp/commit_record.h"
#include "trace_error.h"

namespace mvp::tools {

namespace {

// Matches `path` against `pattern` (`*`: a run without '.', `**`: any run), collecting the
// text each wildcard matched.
bool glob(const char* p, const char* s, std::vector<std::string>* captures) {
    if (*p == '\0') return *s == '\0';
    if (*p == '*') {
        const bool any = p[1] == '*';
        const char* rest = p + (any ? 2 : 1);
        for (const char* e = s;; ++e) {
            captures->emplace_back(s, e);
            if (glob(rest, e, captures)) return true;
            captures->pop_back();
            if (*e == '\0' || (!any && *e == '.')) return false;
        }
    }
    return *p == *s && glob(p + 1, s + 1, captures);
}

size_t wildcards(const std::string& pattern) {
    size_t n = 0;
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '*') continue;
        ++n;
        if (i + 1 < pattern.size() && pattern[i + 1] == '*') ++i;
    }
    return n;
}

std::string substitute(const std::string& pattern, const std::vector<std::string>& captures) {
    std::string out;
    size_t k = 0;
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '*') {
            out += pattern[i];
            continue;
        }
        if (i + 1 < pattern.size() && pattern[i + 1] == '*') ++i;
        out += captures[k++];
    }
    return out;
}

std::string with_lane(const std::string& path, unsigned lane) {
    std::string out = path;
    const size_t at = out.find("{lane}");
    if (at != std::string::npos) out.replace(at, 6, std::to_string(lane));
    return out;
}

// Natural order: runs of digits compare as numbers ("sp2" < "sp10").
bool natural_less(const std::string& a, const std::string& b) {
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (std::isdigit(static_cast<unsigned char>(a[i])) &&
            std::isdigit(static_cast<unsigned char>(b[j]))) {
            size_t ie = i, je = j;
            while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
            while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
            const std::string x = a.substr(i, ie - i), y = b.substr(j, je - j);
            if (x.size() != y.size()) return x.size() < y.size();
            if (x != y) return x < y;
            i = ie;
            j = je;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

bool natural_less(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
        if (natural_less(a[i], b[i])) return true;
        if (natural_less(b[i], a[i])) return false;
    }
    return a.size() < b.size();
}

std::string key_of(const std::string& port, SignalMap::Field f, SignalMap::Style style) {
    return (port.empty() ? "" : port + ".") + SignalMap::field_name(f, style);
}

}  // namespace

VcdToCommit::VcdToCommit(const SignalMap& map, const std::string& vcd_path, const DebugMap* debug)
    : map_(map), vcd_path_(vcd_path), debug_(debug), vcd_(vcd_path) {
    resolve();
}

VcdToCommit::Signal VcdToCommit::signal(const SignalMap::Binding& b, const std::string& path,
                                        const std::string& key) {
    Signal s;
    s.set = true;
    if (b.constant) {
        s.constant = true;
        s.value = b.value;
        s.width = 64;
        return s;
    }
    auto it = var_index_.find(path);
    if (it == var_index_.end())
        throw TraceError::at(map_.path, b.line, key + ": no signal '" + path + "' in " + vcd_path_);
    const VcdReader::Var& v = vcd_.vars()[it->second];
    // One slot per VCD identifier (aliases share it).
    auto [slot, added] = slot_of_id_.emplace(v.id, static_cast<int>(values_.size()));
    if (added) {
        values_.emplace_back();
        widths_.push_back(v.width);
        vcd_.watch(v.id, slot->second);
    }
    s.slot = slot->second;
    s.width = v.width;
    s.path = path;
    return s;
}

void VcdToCommit::resolve() {
    const std::vector<VcdReader::Var>& vars = vcd_.vars();
    for (size_t i = 0; i < vars.size(); ++i) var_index_.emplace(vars[i].path, i);
    const SignalMap::Style style = map_.style;
    if (map_.clock.set) clock_ = signal(map_.clock, map_.clock.path, "clock");
    if (clock_.set && clock_.width != 1)
        throw TraceError::at(map_.path, map_.clock.line,
                             "clock: '" + clock_.path + "' is " + std::to_string(clock_.width) +
                                 " bits wide, not 1");
    if (map_.cycle.set) cycle_ = signal(map_.cycle, map_.cycle.path, "cycle");

    for (const SignalMap::Port& mp : map_.ports) {
        const SignalMap::Binding& trigger = mp.fields[SignalMap::kTrigger];
        const std::string trigger_key = key_of(mp.name, SignalMap::kTrigger, style);
        // The instances: the distinct wildcard texts of the trigger path in the VCD.
        std::vector<std::vector<std::string>> instances;
        const size_t n_wild = wildcards(trigger.path);
        if (n_wild == 0) {
            instances.emplace_back();
        } else {
            for (const VcdReader::Var& v : vars) {
                std::vector<std::string> c;
                if (glob(trigger.path.c_str(), v.path.c_str(), &c) &&
                    std::find(instances.begin(), instances.end(), c) == instances.end())
                    instances.push_back(c);
            }
            if (instances.empty())
                throw TraceError::at(map_.path, trigger.line,
                                     trigger_key + ": no signal in " + vcd_path_ + " matches '" +
                                         trigger.path + "'");
            std::sort(instances.begin(), instances.end(),
                      [](const std::vector<std::string>& a, const std::vector<std::string>& b) {
                          return natural_less(a, b);
                      });
        }
        for (const std::vector<std::string>& captures : instances) {
            Port p;
            p.name = mp.name.empty() ? "(unnamed)" : mp.name;
            p.map_port = static_cast<size_t>(&mp - map_.ports.data());
            for (int f = 0; f < SignalMap::kFields; ++f) {
                const SignalMap::Binding& b = mp.fields[f];
                if (!b.set) continue;
                const std::string key = key_of(mp.name, static_cast<SignalMap::Field>(f), style);
                std::string path = b.path;
                if (!b.constant) {
                    const size_t w = wildcards(path);
                    if (w != 0 && w != n_wild)
                        throw TraceError::at(map_.path, b.line,
                                             key + ": has " + std::to_string(w) +
                                                 " wildcard(s) where " + trigger_key + " has " +
                                                 std::to_string(n_wild));
                    if (w) path = substitute(path, captures);
                }
                if (SignalMap::per_lane(static_cast<SignalMap::Field>(f))) {
                    const int which = f - SignalMap::kValue;
                    p.packed[which] = path.find("{lane}") == std::string::npos;
                    if (p.packed[which]) {
                        p.lanes[which].push_back(signal(b, path, key));
                    } else {
                        // Resolved once the warp size is known.
                        Signal s;
                        s.path = path;
                        p.lanes[which].push_back(s);
                    }
                } else {
                    p.fields[f] = signal(b, path, key);
                }
            }
            p.label = p.fields[SignalMap::kTrigger].path;
            ports_.push_back(std::move(p));
        }
    }

    // The warp size, then the per-lane signals.
    warp_size_ = map_.warp_size;
    const Signal& mask = ports_.front().fields[SignalMap::kMask];
    if (!warp_size_) {
        if (mask.constant)
            throw TraceError::at(map_.path, map_.ports.front().fields[SignalMap::kMask].line,
                                 "mask: a constant mask needs 'warp_size = <lanes>'");
        warp_size_ = mask.width;
    }
    if (warp_size_ > 64)
        throw TraceError::at(map_.path, map_.ports.front().fields[SignalMap::kMask].line,
                             "mask: '" + mask.path + "' is " + std::to_string(mask.width) +
                                 " bits wide: give 'warp_size = <lanes>' (at most 64)");
    for (size_t i = 0; i < ports_.size(); ++i) {
        Port& p = ports_[i];
        const SignalMap::Port* mp = &map_.ports[p.map_port];
        for (int f = 0; f < SignalMap::kFields; ++f) {
            const Signal& s = p.fields[f];
            if (s.set && !s.constant && s.width > 64)
                throw TraceError::at(map_.path, mp->fields[f].line,
                                     key_of(mp->name, static_cast<SignalMap::Field>(f), style) +
                                         ": '" + s.path + "' is " + std::to_string(s.width) +
                                         " bits wide (at most 64)");
        }
        for (int which = 0; which < 3; ++which) {
            if (p.lanes[which].empty()) continue;
            const SignalMap::Field f = static_cast<SignalMap::Field>(SignalMap::kValue + which);
            const SignalMap::Binding& b = mp->fields[f];
            const std::string key = key_of(mp->name, f, style);
            if (p.packed[which]) {
                if (p.lanes[which][0].width < 32 * warp_size_)
                    throw TraceError::at(map_.path, b.line,
                                         key + ": '" + p.lanes[which][0].path + "' is " +
                                             std::to_string(p.lanes[which][0].width) +
                                             " bits wide, a packed vector of " +
                                             std::to_string(warp_size_) + " lanes needs " +
                                             std::to_string(32 * warp_size_) +
                                             " (or write {lane} in the path)");
                continue;
            }
            const std::string path = p.lanes[which][0].path;
            p.lanes[which].clear();
            for (unsigned lane = 0; lane < warp_size_; ++lane)
                p.lanes[which].push_back(signal(b, with_lane(path, lane), key));
        }
    }
}

void VcdToCommit::fail_at_step(const std::string& what) const {
    throw TraceError::at(vcd_path_, step_line_,
                         "at time " + std::to_string(step_time_) + ": " + what);
}

std::string VcdToCommit::who(const Port& p) { return "port " + p.name + " (" + p.label + ")"; }

uint64_t VcdToCommit::number(const Signal& s, const std::string& owner, const char* field) const {
    if (s.constant) return s.value;
    const std::string& v = values_[static_cast<size_t>(s.slot)];
    const std::string what = owner + ": " + field + " '" + s.path + "'";
    if (v.empty()) fail_at_step(what + " has no value yet");
    if (v[0] == 'r') fail_at_step(what + " is a real");
    const std::string bits = VcdReader::extend(v, s.width);
    uint64_t x = 0;
    for (char c : bits) {
        if (c != '0' && c != '1') fail_at_step(what + " has x or z bits (" + v + ")");
        x = (x << 1) | static_cast<uint64_t>(c == '1');
    }
    return x;
}

uint32_t VcdToCommit::lane_word(const Port& p, int which, unsigned lane) const {
    static const char* const kNames[3] = {"value", "address", "data"};
    if (!p.packed[which])
        return static_cast<uint32_t>(number(p.lanes[which][lane], who(p), kNames[which]));
    const Signal& s = p.lanes[which][0];
    const std::string& v = values_[static_cast<size_t>(s.slot)];
    const std::string what = who(p) + ": " + kNames[which] + " '" + s.path + "'";
    if (v.empty()) fail_at_step(what + " has no value yet");
    if (v[0] == 'r') fail_at_step(what + " is a real");
    const std::string bits = VcdReader::extend(v, s.width);
    uint32_t x = 0;
    for (unsigned b = 0; b < 32; ++b) {
        const char c = bits[bits.size() - 1 - (32 * lane + 31 - b)];
        if (c != '0' && c != '1')
            fail_at_step(what + " lane " + std::to_string(lane) + " has x or z bits");
        x = (x << 1) | static_cast<uint32_t>(c == '1');
    }
    return x;
}

uint64_t VcdToCommit::cycle_of(uint64_t time) const {
    int64_t c;
    if (cycle_.set) {
        c = static_cast<int64_t>(number(cycle_, "the cycle counter", "cycle"));
    } else if (map_.period.count) {
        const unsigned __int128 t =
            map_.period.fs ? static_cast<unsigned __int128>(time) * vcd_.timescale_fs() : time;
        c = static_cast<int64_t>(t / map_.period.count);
    } else {
        c = static_cast<int64_t>(edges_);
    }
    c += map_.cycle_offset;
    if (c < 0)
        fail_at_step("the cycle is negative (" + std::to_string(c) + "): check cycle_offset");
    return static_cast<uint64_t>(c);
}

void VcdToCommit::retire(size_t index, uint64_t cycle) {
    const Port& p = ports_[index];
    CommitRecord r;
    r.cycle = cycle;
    r.warp_size = warp_size_;
    const uint64_t sp =
        p.fields[SignalMap::kSp].set ? number(p.fields[SignalMap::kSp], who(p), "sp") : 0;
    r.sp = static_cast<unsigned>(sp);
    r.warp = static_cast<unsigned>(number(p.fields[SignalMap::kWarp], who(p), "warp"));
    r.mask = number(p.fields[SignalMap::kMask], who(p), "mask");
    if (warp_size_ < 64 && (r.mask >> warp_size_))
        fail_at_step(who(p) + ": mask has lanes beyond the warp size " +
                     std::to_string(warp_size_));
    r.pc = static_cast<uint32_t>(number(p.fields[SignalMap::kPc], who(p), "pc"));
    const uint64_t word = number(p.fields[SignalMap::kInsn], who(p), "insn");
    if (!isa::decode(word, &r.in)) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(word));
        fail_at_step(who(p) + ": the instruction word " + buf + " is not an MVP instruction");
    }
    r.writes_rd = number(p.fields[SignalMap::kRd], who(p), "rd") != 0;
    const CommitRecord::LaneFields need = CommitRecord::lane_fields(r.in, r.writes_rd);
    const bool needs[3] = {need.value, need.address, need.data};
    static const char* const kNames[3] = {"value", "address", "data"};
    uint32_t lanes[3][64] = {};
    for (int which = 0; which < 3; ++which) {
        if (!needs[which]) continue;
        if (p.lanes[which].empty())
            fail_at_step(who(p) + ": '" + isa::disassemble(r.in) + "' needs the lanes' " +
                         kNames[which] + ", which the map does not give");
        for (uint64_t m = r.mask; m; m &= m - 1) {
            const unsigned lane = static_cast<unsigned>(__builtin_ctzll(m));
            lanes[which][lane] = lane_word(p, which, lane);
        }
    }
    r.value = lanes[0];
    r.address = lanes[1];
    r.data = lanes[2];
    r.format(debug_, &record_line_);
    pending_.push_back(Retire{cycle, sp, index, record_line_});
    ++retired_;
}

std::string VcdToCommit::convert() {
    std::string out;
    std::vector<VcdReader::Change> changes;
    // Event style: the ports of each trigger slot, and the trigger's value at the start of a
    // step in which it changed.
    std::vector<std::vector<size_t>> ports_of_slot(values_.size());
    for (size_t i = 0; i < ports_.size(); ++i)
        ports_of_slot[static_cast<size_t>(ports_[i].fields[SignalMap::kTrigger].slot)].push_back(i);
    std::vector<std::string> start(ports_.size());
    std::vector<char> touched(ports_.size(), 0);
    std::vector<size_t> fired;
    const bool clocked = map_.style == SignalMap::Style::kClocked;
    while (vcd_.next_step(&step_time_, &changes, &step_line_)) {
        pending_.clear();
        if (clocked) {
            const size_t clk = static_cast<size_t>(clock_.slot);
            bool rising = false;
            std::string level = values_[clk];
            for (const VcdReader::Change& c : changes) {
                if (c.slot != clock_.slot) continue;
                if (level == "0" && c.value == "1") rising = true;
                level = c.value;
            }
            if (rising) {
                for (size_t i = 0; i < ports_.size(); ++i) {
                    const Signal& valid = ports_[i].fields[SignalMap::kTrigger];
                    const std::string& v = values_[static_cast<size_t>(valid.slot)];
                    if (v.empty() || v.find('1') == std::string::npos ||
                        v.find_first_of("xz") != std::string::npos)
                        continue;
                    retire(i, cycle_of(step_time_));
                }
                ++edges_;
            }
            for (const VcdReader::Change& c : changes)
                values_[static_cast<size_t>(c.slot)] = c.value;
        } else {
            fired.clear();
            for (const VcdReader::Change& c : changes) {
                const size_t slot = static_cast<size_t>(c.slot);
                for (size_t i : ports_of_slot[slot]) {
                    if (touched[i]) continue;
                    touched[i] = 1;
                    start[i] = values_[slot];
                    fired.push_back(i);
                }
                values_[slot] = c.value;
            }
            // A retire is a change of the trigger's value (not its first value).
            for (size_t i : fired) {
                touched[i] = 0;
                const size_t slot = static_cast<size_t>(ports_[i].fields[SignalMap::kTrigger].slot);
                if (start[i].empty()) continue;
                if (VcdReader::extend(start[i], widths_[slot]) !=
                    VcdReader::extend(values_[slot], widths_[slot]))
                    retire(i, cycle_of(step_time_));
            }
        }
        std::stable_sort(pending_.begin(), pending_.end(), [](const Retire& a, const Retire& b) {
            return a.cycle != b.cycle ? a.cycle < b.cycle
                   : a.sp != b.sp     ? a.sp < b.sp
                                      : a.order < b.order;
        });
        for (const Retire& r : pending_) {
            out += r.line;
            out += '\n';
        }
    }
    return out;
}

}  // namespace mvp::tools
