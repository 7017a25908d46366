#include "program.h"

#include <algorithm>
#include <istream>
#include <iterator>
#include <ostream>

#include "binary_reader.h"
#include "binary_writer.h"
#include "control_flow.h"
#include "record_io.h"

namespace mvp::toolchain {

namespace {

constexpr char kMagic[] = "MVPX";
constexpr uint32_t kVersion = 4;  // 4: kernels carry attributes and their argument area

enum SectionId : uint32_t {
    kFiles = 1,
    kCode,
    kLines,
    kData,
    kCodeDataRelocs,
    kDataDataRelocs,
    kSymbols,
    kFunctions,
    kReconvergence,
    kLayout,
    kKernels,
};

const std::vector<std::string> kSectionNames = {
    "files",   "code",      "lines",         "data",  "code_data_relocs", "data_data_relocs",
    "symbols", "functions", "reconvergence", "layout", "kernels"};

uint32_t load32(const std::vector<uint8_t>& d, uint32_t at) {
    return uint32_t{d[at]} | uint32_t{d[at + 1]} << 8 | uint32_t{d[at + 2]} << 16 |
           uint32_t{d[at + 3]} << 24;
}

void store32(std::vector<uint8_t>& d, uint32_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) d[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

}  // namespace

const Symbol* Program::find_symbol(const std::string& name) const {
    for (const Symbol& s : symbols)
        if (s.global && s.name == name) return &s;
    return nullptr;
}

const Function* Program::function_at(uint32_t pc) const {
    auto it = std::upper_bound(functions.begin(), functions.end(), pc,
                               [](uint32_t p, const Function& f) { return p < f.start_pc; });
    if (it == functions.begin()) return nullptr;
    --it;
    return pc < it->end_pc ? &*it : nullptr;
}

const KernelInfo* Program::kernel_at(uint32_t pc) const {
    for (const KernelInfo& k : kernels) {
        const Symbol* s = find_symbol(k.name);
        if (s != nullptr && s->section == Symbol::Section::kCode && s->value == pc) return &k;
    }
    return nullptr;
}

const KernelInfo* Program::find_kernel(const std::string& name) const {
    for (const KernelInfo& k : kernels)
        if (k.name == name) return &k;
    return nullptr;
}

std::string Program::where(uint32_t pc) const {
    uint32_t index = pc / isa::kInstBytes;
    if (pc % isa::kInstBytes != 0 || index >= lines.size() || lines[index].file >= files.size())
        return "?";
    const SourceLine& l = lines[index];
    std::string asm_line = files[l.file] + ":" + std::to_string(l.line);
    if (!l.has_origin() || l.origin_file >= files.size() || l.origin_line == 0) return asm_line;
    std::string origin = files[l.origin_file] + ":" + std::to_string(l.origin_line);
    if (l.origin_column) origin += ":" + std::to_string(l.origin_column);
    return origin + " " + asm_line;
}

std::vector<uint64_t> Program::relocated_code(uint32_t data_base) const {
    std::vector<uint64_t> out = code;
    for (uint32_t index : code_data_relocs) {
        uint64_t word = out.at(index);
        uint32_t imm = static_cast<uint32_t>(word >> 32) + data_base;
        out[index] = (word & 0xffffffffu) | uint64_t{imm} << 32;
    }
    return out;
}

std::vector<uint64_t> Program::image(uint32_t data_base) const {
    std::vector<uint64_t> out = relocated_code(data_base);
    for (uint32_t rpc : reconvergence_table) out.push_back(rpc);
    return out;
}

std::vector<uint8_t> Program::relocated_data(uint32_t data_base) const {
    std::vector<uint8_t> out = data;
    for (uint32_t at : data_data_relocs) {
        if (at > out.size() || out.size() - at < 4) continue;
        store32(out, at, load32(out, at) + data_base);
    }
    return out;
}

void Program::write(std::ostream& os) const {
    BinaryWriter w;
    w.raw(kMagic, 4);
    w.u32(kVersion);
    w.u32(static_cast<uint32_t>(kSectionNames.size()));
    w.begin_section(kFiles);
    w.u32(static_cast<uint32_t>(files.size()));
    for (const std::string& f : files) w.str(f);
    w.end_section();
    w.begin_section(kCode);
    write_code(w, code);
    w.end_section();
    w.begin_section(kLines);
    write_lines(w, lines);
    w.end_section();
    w.begin_section(kData);
    write_data(w, data);
    w.end_section();
    w.begin_section(kCodeDataRelocs);
    w.u32_vector(code_data_relocs);
    w.end_section();
    w.begin_section(kDataDataRelocs);
    w.u32_vector(data_data_relocs);
    w.end_section();
    w.begin_section(kSymbols);
    write_symbols(w, symbols);
    w.end_section();
    w.begin_section(kFunctions);
    write_functions(w, functions);
    w.end_section();
    w.begin_section(kReconvergence);
    w.u32_vector(reconvergence);
    w.end_section();
    w.begin_section(kLayout);
    w.u32(exit_stub_pc);
    w.u32(user_code_end);
    w.u32(local_bytes);
    w.end_section();
    w.begin_section(kKernels);
    write_kernels(w, kernels);
    w.end_section();
    os.write(w.bytes().data(), static_cast<std::streamsize>(w.bytes().size()));
}

Program Program::read(std::istream& is) {
    std::string bytes{std::istreambuf_iterator<char>(is), std::istreambuf_iterator<char>()};
    BinaryReader file_reader(bytes, "malformed .mvpx file");
    std::vector<BinaryReader> s = file_reader.sections(kMagic, kVersion, kSectionNames);

    Program p;
    BinaryReader& fr = s[kFiles - 1];
    p.files.resize(fr.count(4, "file names"));
    for (std::string& f : p.files) f = fr.str("file name");
    fr.expect_end();

    p.code = read_code(s[kCode - 1]);
    const uint32_t code_bytes = p.code_bytes();
    p.lines = read_lines(s[kLines - 1], p.files.size(), p.files.size());
    if (p.lines.size() != p.code.size())
        s[kLines - 1].fail("has " + std::to_string(p.lines.size()) + " lines for " +
                           std::to_string(p.code.size()) + " instructions");
    p.data = read_data(s[kData - 1]);

    p.code_data_relocs = s[kCodeDataRelocs - 1].u32_vector("code relocations");
    s[kCodeDataRelocs - 1].expect_end();
    for (uint32_t index : p.code_data_relocs)
        if (index >= p.code.size())
            s[kCodeDataRelocs - 1].fail("instruction " + std::to_string(index) +
                                        " lies outside the code");
    p.data_data_relocs = s[kDataDataRelocs - 1].u32_vector("data relocations");
    s[kDataDataRelocs - 1].expect_end();
    for (uint32_t at : p.data_data_relocs)
        if (at > p.data.size() || p.data.size() - at < 4)
            s[kDataDataRelocs - 1].fail("word at " + std::to_string(at) + " lies outside the data");

    BinaryReader& lr = s[kLayout - 1];
    p.exit_stub_pc = lr.u32("exit stub PC");
    p.user_code_end = lr.u32("user code end");
    p.local_bytes = lr.u32("local bytes");
    lr.expect_end();
    if (p.user_code_end > code_bytes || p.user_code_end % isa::kInstBytes != 0)
        lr.fail("user code end " + std::to_string(p.user_code_end) + " lies outside the code");

    p.symbols = read_symbols(s[kSymbols - 1], code_bytes, p.data.size(), p.local_bytes);
    p.functions = read_functions(s[kFunctions - 1], code_bytes);

    BinaryReader& rc = s[kReconvergence - 1];
    p.reconvergence = rc.u32_vector("reconvergence PCs");
    rc.expect_end();
    if (p.reconvergence.size() != p.code.size())
        rc.fail("has " + std::to_string(p.reconvergence.size()) + " entries for " +
                std::to_string(p.code.size()) + " instructions");
    for (uint32_t pc : p.reconvergence)
        if (pc != kReconvergeAtExit && pc != kNoReconvergence &&
            (pc >= code_bytes || pc % isa::kInstBytes != 0))
            rc.fail("reconvergence PC " + std::to_string(pc) + " lies outside the code");
    std::string fields = check_reconvergence_fields(p);
    if (!fields.empty()) rc.fail(fields);


    p.kernels = read_kernels(s[kKernels - 1]);
    return p;
}

}  // namespace mvp::toolchain
