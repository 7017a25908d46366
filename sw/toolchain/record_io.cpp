#include "record_io.h"

namespace mvp::toolchain {

void write_lines(BinaryWriter& w, const std::vector<SourceLine>& lines) {
    w.u32(static_cast<uint32_t>(lines.size()));
    for (const SourceLine& l : lines) {
        w.u32(l.file);
        w.u32(l.line);
        w.str(l.text);
        w.u32(l.origin_file);
        w.u32(l.origin_line);
        w.u32(l.origin_column);
    }
}

std::vector<SourceLine> read_lines(BinaryReader& r, size_t num_files, size_t num_origin_files) {
    std::vector<SourceLine> lines(r.count(24, "source lines"));
    for (SourceLine& l : lines) {
        l.file = r.u32("source line file");
        if (l.file >= num_files) r.fail("source line names file " + std::to_string(l.file));
        l.line = r.u32("source line number");
        l.text = r.str("source line text");
        l.origin_file = r.u32("source line origin file");
        if (l.has_origin() && l.origin_file >= num_origin_files)
            r.fail("source line names origin file " + std::to_string(l.origin_file));
        l.origin_line = r.u32("source line origin line");
        l.origin_column = r.u32("source line origin column");
    }
    r.expect_end();
    return lines;
}

void write_symbols(BinaryWriter& w, const std::vector<Symbol>& symbols) {
    w.u32(static_cast<uint32_t>(symbols.size()));
    for (const Symbol& s : symbols) {
        w.str(s.name);
        w.u8(static_cast<uint8_t>(s.section));
        w.u8(s.global ? 1 : 0);
        w.u32(s.value);
    }
}

std::vector<Symbol> read_symbols(BinaryReader& r, uint32_t code_bytes, size_t data_bytes,
                                 uint32_t local_bytes) {
    std::vector<Symbol> symbols(r.count(10, "symbols"));
    for (Symbol& s : symbols) {
        s.name = r.str("symbol name");
        uint8_t section = r.u8("symbol section");
        uint8_t global = r.u8("symbol binding");
        s.value = r.u32("symbol value");
        if (section > 2)
            r.fail("symbol '" + s.name + "' has bad section " + std::to_string(section));
        if (global > 1) r.fail("symbol '" + s.name + "' has bad binding " + std::to_string(global));
        s.section = static_cast<Symbol::Section>(section);
        s.global = global == 1;
        bool outside = s.section == Symbol::Section::kCode
                           ? s.value > code_bytes || s.value % isa::kInstBytes != 0
                       : s.section == Symbol::Section::kData ? s.value > data_bytes
                                                             : s.value > local_bytes;
        if (outside)
            r.fail("symbol '" + s.name + "' lies outside its section");
    }
    r.expect_end();
    return symbols;
}

void write_strings(BinaryWriter& w, const std::vector<std::string>& strings) {
    w.u32(static_cast<uint32_t>(strings.size()));
    for (const std::string& s : strings) w.str(s);
}

std::vector<std::string> read_strings(BinaryReader& r, const char* what) {
    std::vector<std::string> out(r.count(4, what));
    for (std::string& s : out) s = r.str(what);
    return out;
}

void write_functions(BinaryWriter& w, const std::vector<Function>& functions) {
    w.u32(static_cast<uint32_t>(functions.size()));
    for (const Function& f : functions) {
        w.str(f.name);
        w.u32(f.start_pc);
        w.u32(f.end_pc);
    }
}

std::vector<Function> read_functions(BinaryReader& r, uint32_t code_bytes) {
    std::vector<Function> functions(r.count(12, "functions"));
    uint32_t previous_end = 0;
    for (Function& f : functions) {
        f.name = r.str("function name");
        f.start_pc = r.u32("function start");
        f.end_pc = r.u32("function end");
        if (f.start_pc % isa::kInstBytes != 0 || f.end_pc % isa::kInstBytes != 0 ||
            f.start_pc >= f.end_pc || f.end_pc > code_bytes || f.start_pc < previous_end) {
            r.fail("function '" + f.name + "' has a bad range");
        }
        previous_end = f.end_pc;
    }
    r.expect_end();
    return functions;
}

void write_code(BinaryWriter& w, const std::vector<uint64_t>& code) {
    w.u32(static_cast<uint32_t>(code.size()));
    for (uint64_t word : code) w.u64(word);
}

std::vector<uint64_t> read_code(BinaryReader& r) {
    std::vector<uint64_t> code(r.count(8, "instructions"));
    if (code.size() > 0x1fffffff) r.fail("code larger than 4 GiB");
    for (uint64_t& word : code) word = r.u64("instruction");
    r.expect_end();
    return code;
}

void write_data(BinaryWriter& w, const std::vector<uint8_t>& data) {
    w.u32(static_cast<uint32_t>(data.size()));
    w.raw(data.data(), data.size());
}

std::vector<uint8_t> read_data(BinaryReader& r) {
    uint32_t size = r.count(1, "data bytes");
    std::string_view bytes = r.take(size, "data bytes");
    r.expect_end();
    return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

}  // namespace mvp::toolchain
