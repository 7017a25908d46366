// mvp-vcd2commit: rebuilds a commit log (doc/commit-log.md) from a VCD waveform, given a
// signal map that names the retire port's signals (doc/rtl-cosim.md).

#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/build.h"
#include "sw/toolchain/file_io.h"
#include "sw/toolchain/program.h"
#include "sw/tools/signal_map.h"
#include "sw/tools/trace_error.h"
#include "sw/tools/vcd_to_commit.h"

namespace {

constexpr int kOk = 0;
constexpr int kBadInput = 2;

constexpr char kUsage[] =
    "usage: mvp-vcd2commit --map FILE.map [--program PROG.mvpx | --program K.s ...]\n"
    "                      [--period TIME] [-o OUT.log] TRACE.vcd\n"
    "  writes the commit log of the retires the map's signals show in the VCD\n"
    "  (config/vcd2commit/mvp_model.map reads the model's own VCD, mvpsim --vcd)\n"
    "options:\n"
    "  --map FILE       the signal map (format: doc/rtl-cosim.md)\n"
    "  --program FILE   the program that ran: an .mvpx, or the MVP assembly files as given to\n"
    "                   mvpsim --kernel; its source lines make the source column, as mvpsim\n"
    "                   writes it (without: '(-)' and the disassembly, as --no-debug-map)\n"
    "  --period TIME    the clock period, overriding the map's (e.g. 1ns, 1250 ps)\n"
    "  -o FILE          the output (default: standard output); written only when complete\n"
    "exit status: 0 written, 2 bad input (one line naming the file and line)\n";

int fail(const std::string& message) {
    std::cerr << "mvp-vcd2commit: error: " << message << "\n";
    return kBadInput;
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace mvp;
    std::string map_path, output, vcd, period;
    std::vector<std::string> programs;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](std::string* v) {
            if (i + 1 >= argc) return false;
            *v = argv[++i];
            return true;
        };
        if (a == "-h" || a == "--help") {
            std::cout << kUsage;
            return kOk;
        } else if (a == "--map") {
            if (!value(&map_path)) return fail("--map needs a file");
        } else if (a == "--program") {
            std::string p;
            if (!value(&p)) return fail("--program needs a file");
            programs.push_back(p);
        } else if (a == "--period") {
            if (!value(&period)) return fail("--period needs a time");
        } else if (a == "-o") {
            if (!value(&output)) return fail("-o needs a file");
        } else if (a.size() > 1 && a[0] == '-') {
            return fail("unknown option '" + a + "'\n" + kUsage);
        } else if (!vcd.empty()) {
            return fail("more than one VCD file ('" + vcd + "', '" + a + "')");
        } else {
            vcd = a;
        }
    }
    if (map_path.empty()) return fail("no signal map: give --map FILE\n" + std::string(kUsage));
    if (vcd.empty()) return fail("no VCD file\n" + std::string(kUsage));

    try {
        tools::SignalMap map = tools::SignalMap::read(map_path);
        if (!period.empty()) {
            std::string error;
            if (!tools::SignalMap::parse_period(period, &map.period, &error))
                return fail("--period: " + error);
        }
        std::optional<toolchain::Program> program;
        if (programs.size() == 1 && ends_with(programs[0], ".mvpx")) {
            std::string bytes, error;
            if (!toolchain::read_file(programs[0], &bytes, &error))
                return fail(programs[0] + ": cannot read: " + error);
            std::istringstream in(bytes);
            try {
                program = toolchain::Program::read(in);
            } catch (const std::runtime_error& e) {
                return fail(programs[0] + ": " + e.what());
            }
        } else if (!programs.empty()) {
            for (const std::string& p : programs)
                if (!ends_with(p, ".s"))
                    return fail("--program '" + p +
                                "': give one .mvpx or MVP assembly (.s) files (compile OpenCL C "
                                "with mvp-clc first)");
            program = toolchain::build_program_from_files(programs);
        }
        tools::VcdToCommit convert(map, vcd, program ? &*program : nullptr);
        const std::string log = convert.convert();
        if (output.empty()) {
            std::cout << log;
        } else {
            toolchain::write_file_atomically(output, log);
        }
        return kOk;
    } catch (const tools::TraceError& e) {
        return fail(e.what());
    } catch (const toolchain::AsmError& e) {
        return fail(e.what());
    } catch (const std::runtime_error& e) {
        return fail(e.what());
    }
}
