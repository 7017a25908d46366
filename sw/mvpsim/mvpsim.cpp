// mvpsim: runs one MVP kernel on a platform and shows what it did (spec: doc/mvpsim.md).

#include <boost/program_options.hpp>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "launch_spec.h"
#include "modules/config/config.h"
#include "modules/rtl/mismatch_report.h"
#include "modules/sim/host_deadline.h"
#include "modules/sim/stat_group.h"
#include "modules/sim/vcd_tracer.h"
#include "modules/sp/pipeline_log.h"
#include "platforms/mvp/platform.h"
#include "stats_writer.h"
#include "sw/host/device.h"
#include "sw/host/kernel_args.h"
#include "sw/host/platform_preset.h"
#include "sw/host/progress_line.h"
#include "sw/toolchain/asm_error.h"
#include "sw/toolchain/build.h"
#include "sw/toolchain/file_io.h"
#include "sw/toolchain/opencl_compiler.h"

namespace po = boost::program_options;

namespace mvp::mvpsim {
namespace {

enum ExitCode { kOk = 0, kInputError = 1, kKernelFault = 2, kRtlMismatch = 3 };

struct Options {
    std::vector<std::string> kernels;
    std::string entry;
    std::string build_options;
    LaunchOptions launch;
    std::vector<std::string> configs;
    std::string platform = "mvp_v2_1";
    bool functional = false;
    bool listing = false;
    bool debug_map = true;
    bool progress = false;
    std::string stats, stats_text, vcd, commit_log, pipeline_log, konata;
    std::string timeout;
    std::vector<std::pair<std::string, std::string>> config_options;  // -name value
};

po::options_description describe() {
    po::options_description d("mvpsim options");
    // clang-format off
    d.add_options()
        ("help", "show this help and exit")
        ("help-config", "list every configuration option and exit")
        ("kernel", po::value<std::vector<std::string>>(), "MVP assembly file (repeatable)")
        ("entry", po::value<std::string>(), "kernel function (default: first global function)")
        ("build-options", po::value<std::string>(), "OpenCL C build options for .cl kernels")
        ("global", po::value<std::string>(), "NDRange size X[,Y[,Z]]")
        ("local", po::value<std::string>(), "work-group size X[,Y[,Z]]")
        ("offset", po::value<std::string>(), "global work offset X[,Y[,Z]]")
        ("buffer", po::value<std::vector<std::string>>(), "NAME=zeros:N|file:P|f32:..|i32:..|u32:..")
        ("arg", po::value<std::vector<std::string>>(), "buf:NAME|u32:V|i32:V|f32:V|local:BYTES")
        ("dump", po::value<std::vector<std::string>>(), "NAME=PATH: write a buffer after the run")
        ("print", po::value<std::vector<std::string>>(), "NAME:f32|i32|u32: print a buffer")
        ("platform", po::value<std::string>(), "mvp_v2_1 (default) or mvp_1sp")
        ("config", po::value<std::vector<std::string>>(), "option file (repeatable)")
        ("functional", "run the golden functional model only")
        ("no-debug-map", "do not give the GPU the program's source lines (messages name PCs)")
        ("stats", po::value<std::string>(), "write statistics as JSON")
        ("stats-text", po::value<std::string>(), "write statistics as text, one per line")
        ("vcd", po::value<std::string>(), "write a VCD waveform")
        ("commit-log", po::value<std::string>(), "write one line per retired warp instruction")
        ("pipeline-log", po::value<std::string>(),
         "write each retired warp instruction's stage cycles and stall as CSV")
        ("konata", po::value<std::string>(), "write the pipeline in the Kanata format (Konata)")
        ("timeout", po::value<std::string>(),
         "SECONDS: stop a run that takes more host time with an error (no output files)")
        ("progress", "print a progress line on stderr at most once a second (the default when "
         "stderr is a terminal)")
        ("listing", "print the parse listing and exit");
    // clang-format on
    return d;
}

// Splits the GPGPU-Sim style `-name value` options from the `--long` ones, then parses those.
// Returns false when only help was asked for.
bool parse_command_line(int argc, char** argv, Options* o) {
    std::vector<std::string> long_args;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a.size() > 1 && a[0] == '-' && a[1] != '-' && !std::isdigit(uint8_t(a[1]))) {
            if (i + 1 >= argc) throw UsageError(a + ": missing value");
            o->config_options.emplace_back(a.substr(1), argv[++i]);
        } else {
            long_args.push_back(a);
        }
    }
    po::options_description desc = describe();
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(long_args).options(desc).run(), vm);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    if (vm.count("help")) {
        std::cout << "usage: mvpsim --kernel FILE.s [--kernel MORE.s ...] --global X[,Y[,Z]] "
                     "[options] [-option value ...]\n"
                  << desc;
        return false;
    }
    if (vm.count("help-config")) {
        std::cout << config::Config::help();
        return false;
    }
    auto str = [&](const char* k, std::string* v) {
        if (vm.count(k)) *v = vm[k].as<std::string>();
    };
    auto list = [&](const char* k, std::vector<std::string>* v) {
        if (vm.count(k)) *v = vm[k].as<std::vector<std::string>>();
    };
    list("kernel", &o->kernels);
    str("entry", &o->entry);
    str("build-options", &o->build_options);
    str("global", &o->launch.global);
    str("local", &o->launch.local);
    str("offset", &o->launch.offset);
    list("buffer", &o->launch.buffers);
    list("arg", &o->launch.args);
    list("dump", &o->launch.dumps);
    list("print", &o->launch.prints);
    str("platform", &o->platform);
    list("config", &o->configs);
    o->functional = vm.count("functional") > 0;
    o->listing = vm.count("listing") > 0;
    o->debug_map = vm.count("no-debug-map") == 0;
    o->progress = vm.count("progress") > 0;
    str("stats", &o->stats);
    str("stats-text", &o->stats_text);
    str("vcd", &o->vcd);
    str("commit-log", &o->commit_log);
    str("pipeline-log", &o->pipeline_log);
    str("konata", &o->konata);
    str("timeout", &o->timeout);
    if (o->kernels.empty()) throw UsageError("--kernel: no kernel file given");
    if (!o->listing && o->launch.global.empty())
        throw UsageError("--global: no NDRange size given");
    return true;
}

// Writes a file completely or not at all: the bytes go to PATH.tmp, renamed on success.
void write_file_atomically(const std::string& option, const std::string& path,
                           const std::string& bytes) {
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw UsageError(option + " '" + path + "': cannot write");
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out) {
            std::remove(tmp.c_str());
            throw UsageError(option + " '" + path + "': write failed");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        throw UsageError(option + " '" + path + "': cannot write");
    }
}

// A trace written while the kernel runs: to PATH.tmp, renamed to PATH by commit() when the run
// succeeded; otherwise the temporary file is removed, so a failed run leaves no trace behind.
class TraceFile {
  public:
    // Opens nothing when `path` is empty.
    TraceFile(const std::string& option, const std::string& path)
        : option_(option), path_(path), tmp_(path + ".tmp") {
        if (path_.empty()) return;
        out_.open(tmp_, std::ios::binary | std::ios::trunc);
        if (!out_) throw UsageError(option_ + " '" + path_ + "': cannot write");
    }
    ~TraceFile() {
        if (!out_.is_open()) return;
        out_.close();
        std::remove(tmp_.c_str());
    }
    TraceFile(const TraceFile&) = delete;
    TraceFile& operator=(const TraceFile&) = delete;

    // The stream to write, nullptr when no file was asked for.
    std::ostream* stream() { return out_.is_open() ? &out_ : nullptr; }
    void commit() {
        if (!out_.is_open()) return;
        out_.close();
        if (out_.fail() || std::rename(tmp_.c_str(), path_.c_str()) != 0) {
            std::remove(tmp_.c_str());
            throw UsageError(option_ + " '" + path_ + "': cannot write");
        }
    }

  private:
    std::string option_, path_, tmp_;
    std::ofstream out_;
};

// The argument words of the launch: one per --arg for MVP assembly; for a kernel compiled from
// OpenCL C, each --arg is the next declared argument, laid out as the kernel declares it.
std::vector<KernelArg> launch_args(const toolchain::Program& program, const std::string& kernel,
                                   const std::vector<ArgSpec>& specs,
                                   const std::map<std::string, size_t>& buffer_index,
                                   const std::vector<uint32_t>& addresses) {
    std::vector<host::ArgValue> values;
    for (const ArgSpec& a : specs) {
        host::ArgValue v;
        switch (a.kind) {
            case ArgSpec::Kind::kBuffer:
                v.kind = host::ArgValue::Kind::kAddress;
                v.value = addresses.empty() ? 0 : addresses[buffer_index.at(a.buffer)];
                break;
            case ArgSpec::Kind::kValue:
                v.kind = host::ArgValue::Kind::kBytes;
                v.value = a.value;
                v.bytes = {uint8_t(a.value), uint8_t(a.value >> 8), uint8_t(a.value >> 16),
                           uint8_t(a.value >> 24)};
                break;
            case ArgSpec::Kind::kLocal:
                v.kind = host::ArgValue::Kind::kLocal;
                v.value = a.value;
                break;
        }
        values.push_back(v);
    }
    const toolchain::KernelInfo* info = program.find_kernel(kernel);
    if (info) {
        try {
            return host::pack_kernel_args(*info, values);
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--arg: ") + e.what());
        }
    }
    std::vector<KernelArg> words;
    for (const host::ArgValue& v : values)
        words.push_back(v.kind == host::ArgValue::Kind::kLocal ? KernelArg::of_local(v.value)
                                                               : KernelArg::of_value(v.value));
    return words;
}

// MVP assembly files are assembled and linked; OpenCL C files (.cl) compiled with
// --build-options.
toolchain::Program build_kernels(const Options& o) {
    bool opencl_c = false;
    for (const std::string& k : o.kernels)
        if (k.size() > 3 && k.compare(k.size() - 3, 3, ".cl") == 0) opencl_c = true;
    if (!opencl_c) return toolchain::build_program_from_files(o.kernels);
    toolchain::OpenClCompiler compiler(o.build_options);
    if (!compiler.options_ok()) throw UsageError("--build-options: " + compiler.options_error());
    for (const std::string& k : o.kernels) {
        std::string text, error;
        if (!toolchain::read_file(k, &text, &error))
            throw toolchain::AsmError(k + ": error: cannot read file: " + error);
    }
    std::string log;
    try {
        toolchain::Program p = compiler.build(o.kernels, {}, true, &log);
        std::cerr << log;
        return p;
    } catch (const toolchain::AsmError&) {
        // The whole build log, then the first error again as the one-line summary.
        std::cerr << log;
        throw;
    }
}

const toolchain::Symbol* find_entry(const toolchain::Program& program, const std::string& name) {
    if (!name.empty()) {
        const toolchain::Symbol* s = program.find_symbol(name);
        if (!s || s->section != toolchain::Symbol::Section::kCode ||
            s->value >= program.user_code_end)
            throw UsageError("--entry: no global function '" + name + "' in the kernel files");
        if (!program.kernels.empty() && !program.find_kernel(name))
            throw UsageError("--entry: '" + name + "' is not a kernel of the OpenCL C files");
        return s;
    }
    if (!program.kernels.empty()) return program.find_symbol(program.kernels.front().name);
    const toolchain::Symbol* best = nullptr;
    for (const toolchain::Symbol& s : program.symbols) {
        if (s.global && s.section == toolchain::Symbol::Section::kCode &&
            s.value < program.user_code_end && (!best || s.value < best->value))
            best = &s;
    }
    if (!best) throw UsageError("--entry: the kernel files define no global function");
    return best;
}

int run(const Options& o) {
    // The clock of --timeout starts before the kernels are built; the models poll it.
    if (!o.timeout.empty())
        sim::HostDeadline::instance().start(parse_seconds("--timeout", o.timeout),
                                            "--timeout " + o.timeout);
    config::Config cfg;
    host::apply_platform_preset(cfg, o.platform);
    for (const std::string& f : o.configs) cfg.load_file(f);
    for (const auto& [name, value] : o.config_options) cfg.set(name, value, "command line");
    for (const std::string& w : cfg.warnings()) std::cerr << "mvpsim: warning: " << w << "\n";

    toolchain::Program program = build_kernels(o);
    if (o.listing) {
        std::cout << toolchain::listing(program);
        return kOk;
    }

    // Everything the user typed is checked before anything runs or is written.
    const LaunchValues values = parse_launch(o.launch);
    const std::vector<BufferSpec>& buffers = values.buffers;
    const std::map<std::string, size_t>& buffer_index = values.buffer_index;
    const std::vector<ArgSpec>& arg_specs = values.args;
    const toolchain::Symbol* entry = find_entry(program, o.entry);
    launch_args(program, entry->name, arg_specs, buffer_index, {});  // checks the --arg list
    if (o.functional)
        for (const auto& [option, path] :
             {std::pair<const char*, const std::string&>{"--vcd", o.vcd},
              {"--commit-log", o.commit_log},
              {"--pipeline-log", o.pipeline_log},
              {"--konata", o.konata}})
            if (!path.empty())
                throw UsageError(std::string(option) +
                                 ": traces come from the timing platform; drop --functional");
    // Trace files are written under a temporary name and renamed when the run succeeds.
    if (!o.vcd.empty())
        sim::VcdTracer::instance().configure(
            o.vcd, cfg.get_string("trace_scope"),
            static_cast<uint64_t>(cfg.get_int("trace_start_cycle")),
            static_cast<uint64_t>(cfg.get_int("trace_end_cycle")));
    TraceFile commit_log("--commit-log", o.commit_log);
    TraceFile pipeline_csv("--pipeline-log", o.pipeline_log);
    TraceFile konata("--konata", o.konata);
    std::unique_ptr<PipelineLog> pipeline_log;
    if (pipeline_csv.stream() || konata.stream())
        pipeline_log = std::make_unique<PipelineLog>(pipeline_csv.stream(), konata.stream());

    host::ProgressLine progress("mvpsim", stderr, host::ProgressLine::stderr_is_terminal());
    host::Device device(
        cfg, o.functional ? host::Device::Engine::kFunctional : host::Device::Engine::kTiming);
    device.set_debug_map(o.debug_map);
    if (host::ProgressLine::wanted(o.progress ? "1" : "")) device.set_progress(&progress);
    if (device.platform()) {
        Gpu& gpu = device.platform()->gpu();
        for (Sp* sp : gpu.sps()) {
            sp->set_commit_log(commit_log.stream());
            sp->set_pipeline_log(pipeline_log.get());
        }
        const sim::ClockDomain& core = gpu.clock(Gpu::kCore);
        if (core.host_threads() > 1 && !core.serial_reason().empty())
            std::fprintf(stderr,
                         "mvpsim: note: -mvpgpu_host_threads %u: the SPs run on one host "
                         "thread with %s\n",
                         core.host_threads(), core.serial_reason().c_str());
    }
    std::vector<uint32_t> addresses;
    for (const BufferSpec& b : buffers) {
        addresses.push_back(device.allocate(b.bytes.size()));
        device.write(addresses.back(), b.bytes.data(), b.bytes.size());
    }
    Launch launch;
    launch.entry_pc = entry->value;
    launch.range = values.range;
    launch.args = launch_args(program, entry->name, arg_specs, buffer_index, addresses);
    host::LoadedProgram loaded = device.load(program);
    const host::LaunchStats stats = device.run(loaded, launch);

    auto contents = [&](const std::string& name) {
        size_t i = buffer_index.at(name);
        std::string bytes(buffers[i].bytes.size(), '\0');
        device.read(addresses[i], bytes.data(), bytes.size());
        return bytes;
    };
    for (const PrintSpec& p : values.prints) {
        std::string bytes = contents(p.buffer);
        for (size_t off = 0; off + 4 <= bytes.size(); off += 4) {
            uint32_t v;
            std::memcpy(&v, bytes.data() + off, 4);
            if (p.type == "u32") {
                std::printf("%" PRIu32 "\n", v);
            } else if (p.type == "i32") {
                std::printf("%" PRId32 "\n", static_cast<int32_t>(v));
            } else {
                float f;
                std::memcpy(&f, &v, 4);
                std::printf("%.9g\n", static_cast<double>(f));
            }
        }
    }
    for (const DumpSpec& d : values.dumps)
        write_file_atomically("--dump", d.path, contents(d.buffer));
    commit_log.commit();
    if (pipeline_log) pipeline_log->finish();
    pipeline_csv.commit();
    konata.commit();
    if (device.platform()) device.platform()->finish_tracing();
    if (!o.stats.empty()) {
        StatsWriter w(cfg, program, entry->name, launch, stats, o.functional);
        write_file_atomically("--stats", o.stats, w.json());
    }
    if (!o.stats_text.empty()) {
        std::ostringstream text;
        sim::StatGroup::write_text(text);
        write_file_atomically("--stats-text", o.stats_text, text.str());
    }
    std::fprintf(
        stderr,
        "mvpsim: %s on %s (%s): %" PRIu64 " work-items, %" PRIu64 " thread instructions, %" PRIu64
        " cycles, %.3f s, %.1f M thread instr/s\n",
        entry->name.c_str(), device.platform_name().c_str(), o.functional ? "functional" : "timing",
        launch.range.total_work_items(), stats.thread_instructions, stats.cycles,
        stats.host_seconds,
        stats.host_seconds > 0 ? stats.thread_instructions / stats.host_seconds / 1e6 : 0.0);
    return kOk;
}

}  // namespace
}  // namespace mvp::mvpsim

int main(int argc, char** argv) {
    using namespace mvp;
    mvpsim::Options options;
    try {
        if (!mvpsim::parse_command_line(argc, argv, &options)) return mvpsim::kOk;
        return mvpsim::run(options);
    } catch (const mvpsim::UsageError& e) {
        std::cerr << "mvpsim: error: " << e.what() << "\n";
    } catch (const config::ConfigError& e) {
        std::cerr << "mvpsim: error: " << e.what() << "\n";
    } catch (const toolchain::AsmError& e) {
        std::cerr << "mvpsim: error: " << e.what() << "\n";
    } catch (const host::DeviceError& e) {
        std::cerr << "mvpsim: error: " << e.what() << "\n";
        // A difference between a block's C++ and its RTL in lockstep (doc/rtl-cosim.md).
        return rtl::MismatchReport::occurred() ? mvpsim::kRtlMismatch : mvpsim::kKernelFault;
    } catch (const std::exception& e) {
        std::cerr << "mvpsim: error: " << e.what() << "\n";
    }
    return mvpsim::kInputError;
}
