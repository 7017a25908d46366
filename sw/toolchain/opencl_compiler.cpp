#include "opencl_compiler.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include "asm_error.h"
#include "assembler.h"
#include "binary_reader.h"
#include "binary_writer.h"
#include "build.h"
#include "clc_resources.h"
#include "file_io.h"
#include "ir_kernel_reader.h"
#include "linker.h"
#include "record_io.h"
#include "riscv_translator.h"
#include "stack_depth.h"
#include "subprocess.h"
#include "work_item_fibers.h"

namespace mvp::toolchain {

namespace {

constexpr char kHeaderName[] = "mvp_opencl.h";

// The MVP target as clang sees it: code generation flags, then the OpenCL C front end's.
const std::vector<std::string> kTargetFlags = {
    "--target=riscv32", "-march=rv32e_zfinx_zmmul", "-mabi=ilp32e", "-fno-pic",
    "-mcmodel=medlow",  "-msmall-data-limit=0",     "-fno-ident"};
const std::vector<std::string> kOpenClFlags = {"-x", "cl", "-Xclang", "-fdeclare-opencl-builtins"};

// The extensions the device implements (CL_DEVICE_EXTENSIONS): clang defines their macros and
// accepts their pragmas.
const std::vector<std::string> kExtensions = {
    "cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics",
    "cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics",
    "cl_khr_byte_addressable_store"};

// cl_clang_storage_class_specifiers lets the builtin header declare `static` functions
// under -cl-std=CL1.0 and CL1.1 (it enables the extension only around itself).
std::string extension_flag() {
    std::string flag = "-cl-ext=+cl_clang_storage_class_specifiers,";
    for (size_t i = 0; i < kExtensions.size(); ++i) flag += (i ? ",+" : "+") + kExtensions[i];
    return flag;
}

std::string base_name(const std::string& path) {
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw AsmError(path + ": error: cannot write file");
}

// Removes the temporary directory from clang's diagnostics, so that they name the user's file.
std::string clean_log(std::string log, const std::string& dir) {
    std::string prefix = dir + "/";
    for (size_t at; (at = log.find(prefix)) != std::string::npos;) log.erase(at, prefix.size());
    return log;
}

// The assembly that starts a kernel whose arguments all arrive as single registers: the fifth
// and sixth words go to a4 and a5, and $sp moves up so the seventh is at 0($sp), where the
// RISC-V convention has the first stacked argument.
std::string direct_stub(uint32_t words) {
    std::string s;
    if (words > 4) s += "\tld.w $12, 16($sp)\n";
    if (words > 5) s += "\tld.w $13, 20($sp)\n";
    if (words > 6) s += "\tadd.si $sp, $sp, 24\n";
    return s;
}

// OpenCL C of a function that reads the kernel's arguments from its words and calls it. The
// words from kSpillWord on of a kernel with more than a launch carries are in global memory, at
// the address word kSpillWord holds; a __local argument there is the offset of its area in the
// work-group's local memory (host::ArgumentSpill).
std::string wrapper_source(const IrKernel& k) {
    const bool spill = k.info.words > kLaunchArgWords;
    std::string s = "void __mvp_entry_" + k.info.name + "(__private const uint* __mvp_w) {\n";
    if (spill) {
        s += "  __global const uint* __mvp_s = (__global const uint*)__mvp_w[" +
             std::to_string(kSpillWord) + "];\n";
        s += "  uint __mvp_lb;\n  __asm__(\"# mvp: rdsr %0, zero, %%local_base\" : "
             "\"=r\"(__mvp_lb));\n";
    }
    s += "  " + k.info.name + "(";
    for (size_t i = 0; i < k.info.args.size(); ++i) {
        const KernelArgInfo& a = k.info.args[i];
        s += i ? ",\n    " : "";
        if (spill && a.first_word >= kSpillWord) {
            const std::string at = "__mvp_s[" + std::to_string(a.first_word - kSpillWord) + "]";
            if (a.kind == KernelArgInfo::Kind::kLocal)
                s += "(" + k.wrapper_types[i] + ")(__mvp_lb + " + at + ")";
            else
                s += "*(" + k.wrapper_types[i] + " __global const*)&" + at;
        } else {
            s += "*(" + k.wrapper_types[i] + " __private const*)(__mvp_w + " +
                 std::to_string(a.first_word) + ")";
        }
    }
    return s + ");\n}\n";
}

// The directory of the precompiled builtin headers: $MVP_CLC_CACHE ("off" disables them), else
// $XDG_CACHE_HOME/mvp-clc, else $HOME/.cache/mvp-clc.
std::string cache_root() {
    if (const char* dir = std::getenv("MVP_CLC_CACHE"))
        return std::string(dir) == "off" ? std::string() : std::string(dir);
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return std::string(xdg) + "/mvp-clc";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.cache/mvp-clc";
    return "";
}

bool make_dirs(const std::string& path) {
    for (size_t at = 1; at <= path.size(); ++at) {
        if (at < path.size() && path[at] != '/') continue;
        std::string prefix = path.substr(0, at);
        if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) return false;
    }
    return true;
}

// Writes `text` to `path` through a temporary name, so that concurrent compilers never see a
// partial file.
bool publish(const std::string& path, const std::string& text) {
    std::string tmp = path + ".tmp" + std::to_string(getpid());
    {
        std::ofstream out(tmp, std::ios::binary);
        out << text;
        if (!out) return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
}

// The builtin headers precompiled by clang for these flags (parsing the text of the headers is
// most of a compilation's time). Each set of clang, flags and header texts has its own
// directory, named by a hash of them, holding the headers and mvp_opencl.pch; the first
// compilation makes it. Returns the .pch, or "" when there is no usable cache (the caller then
// includes the text); `dir` receives the directory, for cleaning diagnostics.
std::string precompiled_header(const std::string& clang, const std::vector<std::string>& flags,
                               std::string* dir) {
    std::string root = cache_root();
    if (root.empty()) return "";
    uint64_t hash = 1469598103934665603ull;
    auto mix = [&](const std::string& text) {
        for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
        hash = (hash ^ 0xff) * 1099511628211ull;
    };
    mix(clang);
    for (const std::string& f : flags) mix(f);
    for (const ClcFile* h = kClcHeaders; h->name; ++h) {
        mix(h->name);
        mix(h->text);
    }
    char name[17];
    std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(hash));
    *dir = root + "/" + name;
    const std::string pch = *dir + "/" + kHeaderName + ".pch";
    struct stat st;
    if (stat(pch.c_str(), &st) == 0) return pch;
    if (!make_dirs(*dir)) return "";
    for (const ClcFile* h = kClcHeaders; h->name; ++h) {
        std::string path = *dir + "/" + h->name;
        if (stat(path.c_str(), &st) != 0 && !publish(path, h->text)) return "";
    }
    const std::string tmp = pch + ".tmp" + std::to_string(getpid());
    std::vector<std::string> cmd = {clang};
    cmd.insert(cmd.end(), flags.begin(), flags.end());
    cmd.insert(cmd.end(), {"-x", "cl-header", *dir + "/" + kHeaderName, "-o", tmp});
    std::string out;
    if (run_process(cmd, &out) != 0 || std::rename(tmp.c_str(), pch.c_str()) != 0) {
        std::remove(tmp.c_str());
        return "";
    }
    return pch;
}

// What identifies this build of the toolchain: the file holding its code (the program or the
// shared library), by path, size and modification time. A rebuilt toolchain does not reuse the
// results of another.
std::string toolchain_identity() {
    static const std::string identity = [] {
        Dl_info info;
        struct stat st;
        if (dladdr(reinterpret_cast<void*>(&toolchain_identity), &info) == 0 ||
            info.dli_fname == nullptr || stat(info.dli_fname, &st) != 0)
            return std::string();
        return std::string(info.dli_fname) + ":" + std::to_string(st.st_size) + ":" +
               std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec);
    }();
    return identity;
}

constexpr char kResultMagic[] = "MVPC";
constexpr uint32_t kResultVersion = 1;

// The file of a key: named by its 64-bit FNV-1a hash; the entry holds the whole key, so that two
// keys with one hash never share a result.
std::string result_path(const std::string& key) {
    uint64_t hash = 1469598103934665603ull;
    for (unsigned char c : key) hash = (hash ^ c) * 1099511628211ull;
    char name[17];
    std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(hash));
    return cache_root() + "/results/" + name;
}

}  // namespace

// A compilation's result, kept in the cache under a hash of everything it depends on, so that
// the same program built again (as conformance suites and applications do, process after
// process) does not run clang again.
bool OpenClCompiler::read_cached_result(const std::string& key, Result* result) {
    std::string bytes, error;
    if (!read_file(result_path(key), &bytes, &error)) return false;
    try {
        BinaryReader r(bytes, "cached compilation");
        if (r.take(4, "magic") != std::string_view(kResultMagic, 4) ||
            r.u32("version") != kResultVersion || r.str("key") != key)
            return false;
        Result out;
        out.ok = r.u8("ok") != 0;
        out.log = r.str("log");
        out.assembly = r.str("assembly");
        out.kernels = read_kernels(r);
        *result = std::move(out);
        return true;
    } catch (const std::exception&) {
        return false;  // a damaged entry is compiled again and rewritten
    }
}

void OpenClCompiler::write_cached_result(const std::string& key, const Result& result) {
    const std::string dir = cache_root() + "/results";
    if (!make_dirs(dir)) return;
    BinaryWriter w;
    w.raw(kResultMagic, 4);
    w.u32(kResultVersion);
    w.str(key);
    w.u8(result.ok ? 1 : 0);
    w.str(result.log);
    w.str(result.assembly);
    write_kernels(w, result.kernels);
    publish(result_path(key), w.bytes());
}

const std::vector<std::string>& OpenClCompiler::extensions() { return kExtensions; }

std::string OpenClCompiler::clang_path() {
    const char* env = std::getenv("MVP_CLANG");
    if (env && *env) return env;
#ifdef MVP_CLANG_PATH
    return MVP_CLANG_PATH;
#else
    return "clang-19";
#endif
}

OpenClCompiler::OpenClCompiler(const std::string& options) {
    std::istringstream in(options);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    bool have_std = false;
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        auto with_value = [&](const char* flag) {
            if (w.size() > 2) {
                clang_options_.push_back(w);
            } else if (i + 1 < words.size()) {
                clang_options_.push_back(flag);
                clang_options_.push_back(words[++i]);
            } else {
                options_error_ = "build option '" + w + "' needs a value";
            }
        };
        if (w.rfind("-D", 0) == 0) {
            with_value("-D");
        } else if (w.rfind("-I", 0) == 0) {
            with_value("-I");
        } else if (w.rfind("-cl-std=", 0) == 0) {
            std::string v = w.substr(8);
            if (v != "CL1.0" && v != "CL1.1" && v != "CL1.2") {
                options_error_ = "unsupported OpenCL C version '" + v + "' (CL1.0 to CL1.2)";
                return;
            }
            clang_options_.push_back(w);
            have_std = true;
        } else if (w == "-cl-fast-relaxed-math") {
            fast_relaxed_math_ = true;
            clang_options_.push_back(w);
        } else if (w == "-cl-kernel-arg-info") {
            kernel_arg_info_ = true;
        } else if (w == "-x") {
            const std::string v = i + 1 < words.size() ? words[++i] : "";
            if (v == "cl" || v == "clc") {
                language_ = Language::kOpenClC;
            } else if (v == "mvp-asm") {
                language_ = Language::kAssembly;
            } else {
                options_error_ = "build option '-x' takes 'cl' or 'mvp-asm', not '" + v + "'";
                return;
            }
        } else if (w == "-w" || w == "-Werror" || w == "-cl-mad-enable" ||
                   w == "-cl-no-signed-zeros" || w == "-cl-unsafe-math-optimizations" ||
                   w == "-cl-finite-math-only" || w == "-cl-denorms-are-zero" ||
                   w == "-cl-single-precision-constant" || w == "-cl-strict-aliasing" ||
                   w == "-cl-opt-disable") {
            if (w != "-cl-opt-disable") clang_options_.push_back(w);
        } else {
            options_error_ = "unknown build option '" + w + "'";
            return;
        }
    }
    if (!have_std) clang_options_.push_back("-cl-std=CL1.2");
}

OpenClCompiler::Result OpenClCompiler::compile(const std::string& path, const std::string& source,
                                               bool source_on_disk,
                                               const std::vector<Header>& headers) const {
    if (!options_ok()) {
        Result result;
        result.log = "error: " + options_error_ + "\n";
        return result;
    }
    // Sources that may include files from disk are compiled every time.
    bool from_disk = source_on_disk;
    for (const std::string& o : clang_options_) from_disk = from_disk || o.rfind("-I", 0) == 0;
    if (headers.empty()) {
        static const std::regex kInclude(R"((^|\n)[ \t]*#[ \t]*include\b)");
        from_disk = from_disk || std::regex_search(source, kInclude);
    }
    std::string key;
    if (!from_disk) {
        key = result_key(path, source, headers);
        Result cached;
        if (!key.empty() && read_cached_result(key, &cached)) return cached;
    }
    Result result = compile_uncached(path, source, source_on_disk, headers);
    if (!key.empty()) write_cached_result(key, result);
    return result;
}

std::string OpenClCompiler::result_key(const std::string& path, const std::string& source,
                                       const std::vector<Header>& headers) const {
    const std::string identity = toolchain_identity();
    if (identity.empty() || cache_root().empty()) return "";
    // Everything the result depends on, each part length-prefixed; the builtin headers are part
    // of the toolchain's code, so its identity stands for them.
    std::string key;
    auto add = [&key](const std::string& text) {
        key += std::to_string(text.size());
        key += ':';
        key += text;
    };
    add(identity);
    add(clang_path());
    for (const std::string& o : clang_options_) add(o);
    add(fast_relaxed_math_ ? "fast" : "");
    add(kernel_arg_info_ ? "names" : "");
    add(path);
    add(source);
    for (const Header& h : headers) {
        add(h.name);
        add(h.text);
    }
    return key;
}

OpenClCompiler::Result OpenClCompiler::compile_uncached(const std::string& path,
                                                        const std::string& source,
                                                        bool source_on_disk,
                                                        const std::vector<Header>& headers) const {
    Result result;
    TempDir dir;
    for (const ClcFile* h = kClcHeaders; h->name; ++h) write_text(dir.file(h->name), h->text);
    const std::string header = dir.file(kHeaderName);
    std::string src = path;
    if (!source_on_disk) {
        src = dir.file(base_name(path).empty() ? "program.cl" : base_name(path));
        write_text(src, source);
    }
    // Embedded headers live in their own directory, under the names the source includes
    // (which may have directories of their own).
    std::vector<std::string> header_flags;
    if (!headers.empty()) {
        const std::string root = dir.file("__mvp_headers");
        for (const Header& h : headers) {
            if (h.name.empty() || h.name[0] == '/' || h.name.find("..") != std::string::npos) {
                result.log = "error: header name '" + h.name + "' must be a relative path\n";
                return result;
            }
            const std::string file = root + "/" + h.name;
            if (!make_dirs(file.substr(0, file.find_last_of('/')))) {
                result.log = "error: cannot write header '" + h.name + "'\n";
                return result;
            }
            write_text(file, h.text);
        }
        header_flags = {"-I", root};
    }
    // The builtin headers, precompiled for the options that change the language (not -D, -I or
    // the warning options).
    std::vector<std::string> language = kTargetFlags;
    language.insert(language.end(), {"-Xclang", "-fdeclare-opencl-builtins", "-Xclang",
                                     extension_flag(), "-O2", "-gline-tables-only"});
    for (size_t i = 0; i < clang_options_.size(); ++i) {
        const std::string& o = clang_options_[i];
        if (o == "-D" || o == "-I") {
            ++i;
        } else if (o.rfind("-D", 0) != 0 && o.rfind("-I", 0) != 0 && o != "-w" && o != "-Werror" &&
                   o != "-cl-mad-enable") {
            language.push_back(o);
        }
    }
    std::string pch_dir;
    std::string pch = precompiled_header(clang_path(), language, &pch_dir);
    std::vector<std::string> common;
    auto set_common = [&]() {
        common = {clang_path()};
        common.insert(common.end(), kTargetFlags.begin(), kTargetFlags.end());
        common.insert(common.end(), kOpenClFlags.begin(), kOpenClFlags.end());
        common.insert(common.end(), {"-Xclang", extension_flag(), "-O2", "-gline-tables-only"});
        if (pch.empty())
            common.insert(common.end(), {"-include", header});
        else
            common.insert(common.end(), {"-include-pch", pch});
        common.insert(common.end(), header_flags.begin(), header_flags.end());
        common.insert(common.end(), clang_options_.begin(), clang_options_.end());
    };
    set_common();

    // Front end: diagnostics, then the IR whose kernel signatures describe the arguments.
    const std::string ir_path = dir.file("unit.ll");
    std::string out;
    int rc = 0;
    for (;;) {
        std::vector<std::string> front = common;
        front.insert(front.end(), {"-cl-kernel-arg-info", "-emit-llvm", "-S", src, "-o", ir_path});
        rc = run_process(front, &out);
        // A precompiled header clang refuses (made by another build of clang): drop it and use
        // the text.
        if (rc == 0 || pch.empty() || out.find("PCH file") == std::string::npos) break;
        std::remove(pch.c_str());
        pch.clear();
        pch_dir.clear();
        set_common();
    }
    // clang's diagnostics name the user's files, not the temporary or cache directories.
    auto clean = [&](const std::string& text) {
        std::string log = clean_log(clean_log(text, dir.file("__mvp_headers")), dir.path());
        return pch_dir.empty() ? log : clean_log(log, pch_dir);
    };
    result.log = clean(out);
    if (rc == 127) {
        result.log += "error: cannot run the OpenCL C compiler " + clang_path() +
                      " (scripts/build installs clang-19)\n";
        return result;
    }
    if (rc != 0) return result;

    std::string ir, error;
    if (!read_file(ir_path, &ir, &error)) {
        result.log += "error: " + error + "\n";
        return result;
    }
    std::vector<IrKernel> kernels;
    try {
        kernels = read_ir_kernels(ir);
    } catch (const std::exception& e) {
        result.log += std::string("error: ") + e.what() + "\n";
        return result;
    }

    // Back end: RISC-V assembly, with wrappers for kernels whose arguments need unpacking.
    TranslateOptions topts;
    topts.fast_relaxed_math = fast_relaxed_math_;
    std::string wrappers;
    for (IrKernel& k : kernels) {
        if (!kernel_arg_info_)
            for (KernelArgInfo& a : k.info.args) a.name.clear();
        k.info.arg_names = kernel_arg_info_;
        uint32_t bytes = 0;
        for (const KernelArgInfo& a : k.info.args) bytes += a.size;
        if (bytes > kMaxParameterBytes) {
            result.log += path + (k.line ? ":" + std::to_string(k.line) : std::string()) +
                          ": error: kernel '" + k.info.name + "' has " + std::to_string(bytes) +
                          " bytes of arguments; the device takes " +
                          std::to_string(kMaxParameterBytes) + " (CL_DEVICE_MAX_PARAMETER_SIZE)\n";
            return result;
        }
        if (k.direct) {
            topts.entry_stubs[k.info.name] = direct_stub(k.info.words);
        } else {
            topts.wrapped_kernels.insert(k.info.name);
            wrappers += wrapper_source(k);
        }
        result.kernels.push_back(k.info);
    }
    const std::string rv_path = dir.file("unit.rv.s");
    std::vector<std::string> back = common;
    if (wrappers.empty()) {
        // The IR is already optimised; this is code generation only.
        back = {clang_path()};
        back.insert(back.end(), kTargetFlags.begin(), kTargetFlags.end());
        back.insert(back.end(), {"-O2", "-S", ir_path, "-o", rv_path});
    } else {
        char real[PATH_MAX];
        std::string abs = realpath(src.c_str(), real) ? std::string(real) : src;
        const std::string wrapper_path = dir.file("__mvp_kernel_entries.cl");
        write_text(wrapper_path, "#include \"" + abs + "\"\n" + wrappers);
        back.insert(back.end(), {"-w", "-S", wrapper_path, "-o", rv_path});
    }
    rc = run_process(back, &out);
    if (rc != 0) {
        result.log += clean(out);
        result.log += "error: code generation failed\n";
        return result;
    }
    std::string rv;
    if (!read_file(rv_path, &rv, &error)) {
        result.log += "error: " + error + "\n";
        return result;
    }
    try {
        result.assembly = translate_riscv(base_name(path), rv, topts);
    } catch (const AsmError& e) {
        result.log += std::string(e.what()) + "\n";
        return result;
    }
    result.ok = true;
    return result;
}

Program link_opencl_objects(std::vector<ObjectFile> objects,
                            const std::vector<KernelInfo>& kernels) {
    const size_t num_user = objects.size();
    for (const ClcFile* r = kClcRoutines; r->name; ++r)
        objects.push_back(assemble(r->name, r->text));
    objects.push_back(assemble("mvp_builtins.s", runtime_library_source()));
    Program p = link(objects, num_user);
    for (const KernelInfo& k : kernels) {
        if (p.find_kernel(k.name))
            throw AsmError("error: kernel '" + k.name + "' is defined twice");
        p.kernels.push_back(k);
        KernelInfo& info = p.kernels.back();
        const Symbol* entry = p.find_symbol(k.name);
        if (entry == nullptr) continue;  // the linker has reported an undefined kernel
        StackDepth depth = stack_depth(p, entry->value);
        if (!depth.error.empty())
            throw AsmError("error: kernel '" + k.name +
                           "': cannot size its private memory: " + depth.error);
        info.private_bytes = depth.bytes;
    }
    if (!p.kernels.empty())
        p.fibers = std::make_shared<const Program>(link_fiber_program(objects, num_user, p));
    return p;
}

Program OpenClCompiler::build(const std::vector<std::string>& paths,
                              const std::vector<std::string>& sources, bool sources_on_disk,
                              std::string* log) const {
    std::vector<ObjectFile> objects;
    std::vector<KernelInfo> kernels;
    std::string all_logs;
    bool ok = true;
    for (size_t i = 0; i < paths.size(); ++i) {
        Result r = compile(paths[i], sources_on_disk ? std::string() : sources[i], sources_on_disk);
        all_logs += r.log;
        if (!r.ok) {
            ok = false;
            continue;
        }
        try {
            objects.push_back(assemble(base_name(paths[i]) + ".s", r.assembly));
        } catch (const AsmError& e) {
            all_logs += std::string(e.what()) + "\n";
            ok = false;
        }
        kernels.insert(kernels.end(), r.kernels.begin(), r.kernels.end());
    }
    if (log) *log = all_logs;
    if (!ok) {
        std::string first = all_logs;
        size_t e = first.find(": error: ");
        size_t line_start = e == std::string::npos ? 0 : first.rfind('\n', e);
        line_start = line_start == std::string::npos ? 0 : line_start + 1;
        size_t line_end = first.find('\n', line_start);
        throw AsmError(first.substr(line_start, line_end - line_start));
    }
    try {
        return link_opencl_objects(std::move(objects), kernels);
    } catch (const AsmError& e) {
        if (log) *log += std::string(e.what()) + "\n";
        throw;
    }
}

bool looks_like_opencl_c(const std::string& source) {
    // Assembly comments (and C preprocessor lines) run from '#' to the end of the line; a
    // kernel declaration outside them is C.
    std::string code;
    std::istringstream in(source);
    for (std::string line; std::getline(in, line);) code += line.substr(0, line.find('#')) + "\n";
    static const std::regex kKernel(R"((^|[^\w.$])(__kernel|kernel)\s+(__attribute__|void))");
    return std::regex_search(code, kKernel);
}

}  // namespace mvp::toolchain
