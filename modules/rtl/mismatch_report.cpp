#include "mismatch_report.h"

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "modules/config/config.h"

namespace mvp::rtl {

namespace {

bool g_occurred = false;

void json_strings(std::ostream& os, const std::vector<std::string>& v) {
    os << '[';
    for (size_t i = 0; i < v.size(); ++i) {
        if (i) os << ", ";
        config::write_json_string(os, v[i]);
    }
    os << ']';
}

}  // namespace

bool MismatchReport::occurred() { return g_occurred; }
void MismatchReport::note_occurred() { g_occurred = true; }

std::string MismatchReport::summary(const std::string& report_path) const {
    std::ostringstream os;
    os << "RTL lockstep mismatch: SP " << sp;
    if (warp >= 0) os << ", warp " << warp;
    os << ", cycle " << cycle << ", " << block << " " << field << ": C++ " << cpp_value << ", RTL "
       << rtl_value;
    if (has_instruction) {
        os << " at PC " << hex(pc, 4);
        if (!source.empty()) os << " (" << source << ")";
        os << " " << instruction;
    }
    os << " (report " << report_path << ")";
    return os.str();
}

std::string MismatchReport::hex(uint64_t v, int digits) {
    char b[32];
    std::snprintf(b, sizeof b, "0x%0*" PRIx64, digits, v);
    return b;
}

std::string MismatchReport::text() const {
    std::ostringstream os;
    os << "RTL lockstep mismatch at cycle " << cycle << "\n"
       << "  block:        " << block << " (RTL " << rtl_source << ")\n"
       << "  SP:           " << sp << "\n"
       << "  warp:         " << (warp >= 0 ? std::to_string(warp) : "-") << "\n"
       << "  field:        " << field << "\n"
       << "  C++:          " << cpp_value << "\n"
       << "  RTL:          " << rtl_value << "\n"
       << "  call:         " << call << "\n";
    if (has_instruction) {
        os << "  lane mask:    " << hex(lane_mask, 16) << "\n"
           << "  PC:           " << hex(pc, 4) << (source.empty() ? "" : " (" + source + ")")
           << "\n"
           << "  instruction:  " << instruction << "\n";
    } else {
        os << "  instruction:  none (the call comes from no instruction)\n";
    }
    os << "  C++ outputs:\n";
    for (const std::string& s : cpp_outputs) os << "    " << s << "\n";
    os << "  RTL outputs:\n";
    for (const std::string& s : rtl_outputs) os << "    " << s << "\n";
    if (!vcd.empty()) {
        os << "  waveform:     " << vcd << " (" << vcd_window << ")\n";
    } else {
        os << "  waveform:     not written: " << vcd_error << "\n";
    }
    os << "  last " << history.size() << " transactions on " << block
       << " (oldest first; outputs C++ | RTL):\n";
    for (const Transaction& t : history)
        os << "    cycle " << t.cycle << "  " << t.call << " -> " << t.cpp << " | " << t.rtl
           << "\n";
    return os.str();
}

std::string MismatchReport::json() const {
    std::ostringstream os;
    os << "{\n  \"cycle\": " << cycle << ",\n  \"sp\": " << sp << ",\n  \"warp\": " << warp
       << ",\n  \"block\": ";
    config::write_json_string(os, block);
    os << ",\n  \"rtl_source\": ";
    config::write_json_string(os, rtl_source);
    os << ",\n  \"field\": ";
    config::write_json_string(os, field);
    os << ",\n  \"cpp\": ";
    config::write_json_string(os, cpp_value);
    os << ",\n  \"rtl\": ";
    config::write_json_string(os, rtl_value);
    os << ",\n  \"call\": ";
    config::write_json_string(os, call);
    os << ",\n  \"cpp_outputs\": ";
    json_strings(os, cpp_outputs);
    os << ",\n  \"rtl_outputs\": ";
    json_strings(os, rtl_outputs);
    if (has_instruction) {
        os << ",\n  \"lane_mask\": ";
        config::write_json_string(os, hex(lane_mask, 16));
        os << ",\n  \"pc\": " << pc << ",\n  \"source\": ";
        config::write_json_string(os, source);
        os << ",\n  \"instruction\": ";
        config::write_json_string(os, instruction);
    } else {
        os << ",\n  \"lane_mask\": null,\n  \"pc\": null,\n  \"source\": null,\n"
              "  \"instruction\": null";
    }
    os << ",\n  \"vcd\": ";
    if (vcd.empty()) {
        os << "null";
    } else {
        config::write_json_string(os, vcd);
    }
    os << ",\n  \"vcd_window\": ";
    config::write_json_string(os, vcd.empty() ? vcd_error : vcd_window);
    os << ",\n  \"history\": [";
    for (size_t i = 0; i < history.size(); ++i) {
        const Transaction& t = history[i];
        os << (i ? ",\n" : "\n") << "    {\"cycle\": " << t.cycle << ", \"call\": ";
        config::write_json_string(os, t.call);
        os << ", \"cpp\": ";
        config::write_json_string(os, t.cpp);
        os << ", \"rtl\": ";
        config::write_json_string(os, t.rtl);
        os << "}";
    }
    os << "\n  ]\n}\n";
    return os.str();
}

bool MismatchReport::write(const std::string& prefix, std::string* error) const {
    for (const auto& [ext, content] : {std::pair<const char*, std::string>{".txt", text()},
                                       std::pair<const char*, std::string>{".json", json()}}) {
        const std::string path = prefix + ext;
        std::ofstream out(path, std::ios::trunc);
        out << content;
        if (!out) {
            *error = "cannot write '" + path + "'";
            return false;
        }
    }
    return true;
}

}  // namespace mvp::rtl
