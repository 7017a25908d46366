// mvp-objdump: shows the contents of an MVP program (.mvpx) or object file (.mvpo): the
// disassembly with PCs, raw words, source lines, labels and reconvergence PCs, the functions,
// the data segment and the relocations.

#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sw/toolchain/build.h"
#include "sw/toolchain/file_io.h"
#include "sw/toolchain/object_file.h"
#include "sw/toolchain/program.h"

namespace {

using mvp::toolchain::Function;
using mvp::toolchain::ObjectFile;
using mvp::toolchain::Program;
using mvp::toolchain::Relocation;
using mvp::toolchain::SourceLine;
using mvp::toolchain::Symbol;

constexpr char kUsage[] =
    "usage: mvp-objdump [--listing] PROG.mvpx|FILE.mvpo\n"
    "  --listing  print the parse listing of a program's user code instead\n";

int fail(const std::string& message) {
    std::fprintf(stderr, "%s\n", message.c_str());
    return 1;
}

std::string hex(uint64_t v, int digits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%0*llx", digits, static_cast<unsigned long long>(v));
    return buf;
}

std::string pc_text(uint32_t pc) { return "0x" + hex(pc, 4); }

std::string pad(std::string s, size_t width) {
    if (s.size() < width) s.resize(width, ' ');
    return s;
}

// What the disassembly shows about one file, whichever format it came from.
struct View {
    std::vector<uint64_t> code;
    std::vector<SourceLine> lines;
    std::vector<std::string> files;
    std::vector<uint8_t> data;
    std::vector<Symbol> symbols;
    std::vector<Function> functions;
    std::vector<uint32_t> reconvergence;         // empty for objects
    std::map<uint32_t, std::string> code_notes;  // instruction index -> relocation note
    std::map<uint32_t, std::string> data_notes;  // data offset -> relocation note
};

void print_view(const View& v) {
    std::multimap<uint32_t, const Symbol*> code_labels, data_labels;
    for (const Symbol& s : v.symbols)
        (s.section == Symbol::Section::kCode ? code_labels : data_labels).emplace(s.value, &s);
    std::map<uint32_t, const Function*> function_starts;
    for (const Function& f : v.functions) function_starts.emplace(f.start_pc, &f);

    std::printf("functions:\n");
    for (const Function& f : v.functions)
        std::printf("  %s-%s  %s\n", pc_text(f.start_pc).c_str(), pc_text(f.end_pc).c_str(),
                    f.name.c_str());

    std::printf("\ncode:\n");
    for (size_t i = 0; i < v.code.size(); ++i) {
        uint32_t pc = static_cast<uint32_t>(i * mvp::isa::kInstBytes);
        auto f = function_starts.find(pc);
        if (f != function_starts.end()) std::printf("\n<function %s>\n", f->second->name.c_str());
        auto labels = code_labels.equal_range(pc);
        for (auto it = labels.first; it != labels.second; ++it)
            std::printf("%s:%s\n", it->second->name.c_str(),
                        it->second->global ? "  (global)" : "");
        mvp::isa::Instruction in;
        bool ok = mvp::isa::decode(v.code[i], &in);
        std::string text = ok ? mvp::isa::disassemble(in) : "<undefined>";
        std::string line = "  " + pc_text(pc) + "  " + hex(v.code[i], 16) + "  " + pad(text, 30);
        const SourceLine& sl = v.lines[i];
        line += "  " + (sl.file < v.files.size() ? v.files[sl.file] : std::string("?")) + ":" +
                std::to_string(sl.line);
        if (ok && mvp::isa::is_conditional_branch(in.op) && i < v.reconvergence.size()) {
            uint32_t r = v.reconvergence[i];
            line += "  reconverge " + (r == mvp::toolchain::kReconvergeAtExit  ? std::string("exit")
                                       : r == mvp::toolchain::kNoReconvergence ? std::string("none")
                                                                               : pc_text(r));
        }
        auto note = v.code_notes.find(static_cast<uint32_t>(i));
        if (note != v.code_notes.end()) line += "  " + note->second;
        std::printf("%s\n", line.c_str());
    }
    auto labels = code_labels.equal_range(static_cast<uint32_t>(v.code.size() * 8));
    for (auto it = labels.first; it != labels.second; ++it)
        std::printf("%s:\n", it->second->name.c_str());

    std::printf("\ndata: %zu bytes\n", v.data.size());
    for (size_t at = 0; at < v.data.size(); at += 16) {
        std::string row = "  " + pc_text(static_cast<uint32_t>(at)) + " ";
        for (size_t j = at; j < at + 16 && j < v.data.size(); ++j) row += " " + hex(v.data[j], 2);
        std::printf("%s\n", row.c_str());
    }
    for (const auto& [value, s] : data_labels)
        std::printf("  %s  %s%s\n", pc_text(value).c_str(), s->name.c_str(),
                    s->global ? "  (global)" : "");
    for (const auto& [at, note] : v.data_notes)
        std::printf("  word at %s: %s\n", pc_text(at).c_str(), note.c_str());
}

}  // namespace

int main(int argc, char** argv) {
    using namespace mvp::toolchain;
    std::string input;
    bool want_listing = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "--listing") {
            want_listing = true;
        } else if (a.size() > 1 && a[0] == '-') {
            return fail("mvp-objdump: error: unknown option '" + a + "'");
        } else if (input.empty()) {
            input = a;
        } else {
            return fail("mvp-objdump: error: more than one input file");
        }
    }
    if (input.empty()) return fail("mvp-objdump: error: no input file\n" + std::string(kUsage));
    std::string bytes, error;
    if (!read_file(input, &bytes, &error))
        return fail(input + ": error: cannot read file: " + error);
    try {
        std::istringstream in(bytes);
        View v;
        if (bytes.compare(0, 4, "MVPO") == 0) {
            if (want_listing) return fail(input + ": error: --listing needs a linked program");
            ObjectFile obj = ObjectFile::read(in);
            std::printf("%s: MVP object file of %s, %zu instructions, %zu bytes of data\n\n",
                        input.c_str(), obj.file.c_str(), obj.code.size(), obj.data.size());
            v.code = obj.code;
            v.lines = obj.lines;
            v.files = {obj.file.substr(obj.file.find_last_of('/') + 1)};
            v.data = obj.data;
            v.symbols = obj.symbols;
            v.functions = obj.functions;
            for (const Relocation& r : obj.relocations) {
                std::string note = "reloc " + r.symbol;
                if (r.addend) note += (r.addend > 0 ? "+" : "") + std::to_string(r.addend);
                (r.site == Relocation::Site::kCode ? v.code_notes : v.data_notes)[r.offset] = note;
            }
        } else {
            Program p = Program::read(in);
            if (want_listing) {
                std::fputs(listing(p).c_str(), stdout);
                return 0;
            }
            std::printf(
                "%s: MVP program, %zu instructions, %zu bytes of data, user code 0x0000-%s, exit "
                "stub %s\n\n",
                input.c_str(), p.code.size(), p.data.size(), pc_text(p.user_code_end).c_str(),
                pc_text(p.exit_stub_pc).c_str());
            v.code = p.code;
            v.lines = p.lines;
            v.files = p.files;
            v.data = p.data;
            v.symbols = p.symbols;
            v.functions = p.functions;
            v.reconvergence = p.reconvergence;
            for (uint32_t i : p.code_data_relocs) v.code_notes[i] = "+ data segment base";
            for (uint32_t at : p.data_data_relocs) v.data_notes[at] = "+ data segment base";
        }
        print_view(v);
    } catch (const std::exception& e) {
        return fail(input + ": error: " + e.what());
    }
    return 0;
}
