#include "tb/sp/kanata_reader.h"

#include <cstdio>
#include <map>
#include <sstream>
#include <tuple>

#include "modules/sp/pipeline_log.h"

namespace mvp::tb {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> f;
    size_t start = 0;
    while (true) {
        const size_t tab = line.find('\t', start);
        f.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
        if (tab == std::string::npos) return f;
        start = tab + 1;
    }
}

bool number(const std::string& s, uint64_t* v) {
    if (s.empty() || s.size() > 19) return false;
    uint64_t x = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        x = x * 10 + static_cast<uint64_t>(c - '0');
    }
    *v = x;
    return true;
}

}  // namespace

bool read_kanata(const std::string& text, std::vector<KanataInstruction>* out, std::string* error) {
    out->clear();
    std::istringstream in(text);
    std::string line;
    unsigned n = 0;
    auto fail = [&](const std::string& what) {
        *error = "line " + std::to_string(n) + ": " + what;
        return false;
    };
    if (!std::getline(in, line)) {
        n = 1;
        return fail("empty file, no header");
    }
    n = 1;
    if (line != "Kanata\t0004") return fail("the header is not 'Kanata<TAB>0004'");
    uint64_t cycle = 0;
    bool any_command = false;
    std::vector<bool> retired;
    while (std::getline(in, line)) {
        ++n;
        const std::vector<std::string> f = split_tabs(line);
        const std::string& cmd = f[0];
        auto args = [&](size_t count) { return f.size() == count + 1; };
        uint64_t a = 0, b = 0, c = 0;
        if (cmd == "C=") {
            if (!args(1) || !number(f[1], &a)) return fail("C= takes one cycle number");
            if (any_command) return fail("C= after other commands");
            cycle = a;
        } else if (cmd == "C") {
            if (!args(1) || !number(f[1], &a)) return fail("C takes one cycle count");
            if (a == 0) return fail("C 0: the cycle must go forward");
            cycle += a;
        } else if (cmd == "I") {
            if (!args(3) || !number(f[1], &a) || !number(f[2], &b) || !number(f[3], &c))
                return fail("I takes three numbers: file id, simulator id, thread id");
            if (a != out->size())
                return fail("I gives file id " + f[1] + ", expected the next id " +
                            std::to_string(out->size()));
            KanataInstruction k;
            k.file_id = a;
            k.sim_id = b;
            k.thread = c;
            out->push_back(k);
            retired.push_back(false);
        } else if (cmd == "L" || cmd == "S" || cmd == "E" || cmd == "R" || cmd == "W") {
            if (!args(3)) return fail(cmd + " takes three arguments");
            if (!number(f[1], &a)) return fail(cmd + ": '" + f[1] + "' is not an id");
            if (a >= out->size()) return fail(cmd + ": id " + f[1] + " has had no I command");
            if (retired[a]) return fail(cmd + ": id " + f[1] + " is retired");
            KanataInstruction& k = (*out)[a];
            if (cmd == "L") {
                if (!number(f[2], &b) || b > 1) return fail("L: type must be 0 or 1");
                (b == 0 ? k.label : k.detail) += f[3];
            } else if (cmd == "S" || cmd == "E") {
                if (!number(f[2], &b)) return fail(cmd + ": '" + f[2] + "' is not a lane id");
                if (f[3].empty()) return fail(cmd + ": no stage name");
                if (cmd == "S") {
                    KanataStage s;
                    s.name = f[3];
                    s.lane = static_cast<unsigned>(b);
                    s.start = cycle;
                    s.end = UINT64_MAX;
                    k.stages.push_back(s);
                } else {
                    KanataStage* open = nullptr;
                    for (auto it = k.stages.rbegin(); it != k.stages.rend() && !open; ++it)
                        if (it->name == f[3] && it->lane == b) open = &*it;
                    if (!open) return fail("E: stage " + f[3] + " of id " + f[1] + " not started");
                    if (open->end != UINT64_MAX)
                        return fail("E: stage " + f[3] + " of id " + f[1] + " already ended");
                    open->end = cycle;
                }
            } else if (cmd == "R") {
                if (!number(f[2], &b)) return fail("R: '" + f[2] + "' is not a retire id");
                if (!number(f[3], &c) || c > 1) return fail("R: type must be 0 or 1");
                k.retire_cycle = cycle;
                k.retire_id = b;
                k.flushed = c == 1;
                for (KanataStage& s : k.stages)
                    if (s.end == UINT64_MAX) s.end = cycle;
                retired[a] = true;
            } else {
                if (!number(f[2], &b) || b >= out->size())
                    return fail("W: producer '" + f[2] + "' has had no I command");
                if (!number(f[3], &c)) return fail("W: '" + f[3] + "' is not a type");
            }
        } else {
            return fail("unknown command '" + cmd + "'");
        }
        any_command = true;
    }
    for (size_t i = 0; i < retired.size(); ++i)
        if (!retired[i]) return fail("id " + std::to_string(i) + " is never retired");
    return true;
}

bool kanata_matches_csv(const std::string& kanata, const std::string& csv, unsigned warps_per_sp,
                        std::string* error) {
    std::vector<KanataInstruction> ks;
    if (!read_kanata(kanata, &ks, error)) return false;
    std::map<std::pair<uint64_t, uint64_t>, const KanataInstruction*> by_key;
    std::vector<bool> retire_ids(ks.size(), false);
    for (const KanataInstruction& k : ks) {
        if (!by_key.emplace(std::make_pair(k.thread, k.sim_id), &k).second) {
            *error = "two Kanata instructions of thread " + std::to_string(k.thread) + " with id " +
                     std::to_string(k.sim_id);
            return false;
        }
        if (k.flushed || k.retire_id >= ks.size() || retire_ids[k.retire_id]) {
            *error = "Kanata instruction " + std::to_string(k.file_id) + ": retire id " +
                     std::to_string(k.retire_id) + " flushed, out of range or repeated";
            return false;
        }
        retire_ids[k.retire_id] = true;
    }
    std::istringstream in(csv);
    std::string line;
    if (!std::getline(in, line) || line != PipelineLog::kCsvHeader) {
        *error = "the CSV header is not '" + std::string(PipelineLog::kCsvHeader) + "'";
        return false;
    }
    size_t rows = 0;
    while (std::getline(in, line)) {
        ++rows;
        const std::string where = "CSV line " + std::to_string(rows + 1) + ": ";
        PipelineLog::Row r;
        std::string e;
        if (!PipelineLog::parse_csv_line(line, &r, &e)) {
            *error = where + e;
            return false;
        }
        auto it = by_key.find({uint64_t{r.sp} * warps_per_sp + r.warp, r.seq});
        if (it == by_key.end()) {
            *error = where + "no Kanata instruction for it";
            return false;
        }
        const KanataInstruction& k = *it->second;
        char head[64];
        std::snprintf(head, sizeof head, "%u/%u 0x%04x ", r.sp, r.warp, r.pc);
        const std::string label_start = head + r.instruction + " ";
        const std::vector<std::tuple<std::string, uint64_t, uint64_t>> expected = {
            {"FE", r.fe, r.is},          {"IS", r.is, r.rf},     {"RF", r.rf, r.ex0},
            {"EX", r.ex0, r.ex_end + 1}, {"WB", r.wb, r.wb + 1},
        };
        bool same = k.stages.size() == expected.size() && k.retire_cycle == r.wb + 1 &&
                    k.label.compare(0, label_start.size(), label_start) == 0;
        for (size_t i = 0; same && i < expected.size(); ++i)
            same = k.stages[i].lane == 0 && k.stages[i].name == std::get<0>(expected[i]) &&
                   k.stages[i].start == std::get<1>(expected[i]) &&
                   k.stages[i].end == std::get<2>(expected[i]);
        if (!same) {
            *error = where + "Kanata instruction " + std::to_string(k.file_id) + " ('" + k.label +
                     "') differs from '" + line + "'";
            return false;
        }
    }
    if (rows != ks.size()) {
        *error = std::to_string(rows) + " CSV rows but " + std::to_string(ks.size()) +
                 " Kanata instructions";
        return false;
    }
    return true;
}

}  // namespace mvp::tb
