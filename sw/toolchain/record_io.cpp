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

void write_kernels(BinaryWriter& w, const std::vector<KernelInfo>& kernels) {
    w.u32(static_cast<uint32_t>(kernels.size()));
    for (const KernelInfo& k : kernels) {
        w.str(k.name);
        w.u32(k.words);
        for (uint32_t d : k.required_work_group_size) w.u32(d);
        for (uint32_t d : k.work_group_size_hint) w.u32(d);
        w.str(k.attributes);
        w.u32(k.private_bytes);
        w.u8(k.arg_names ? 1 : 0);
        w.u32(static_cast<uint32_t>(k.args.size()));
        for (const KernelArgInfo& a : k.args) {
            w.str(a.name);
            w.str(a.type_name);
            w.u8(static_cast<uint8_t>(a.kind));
            w.u32(a.access);
            w.u32(a.type_qualifier);
            w.u32(a.size);
            w.u32(a.first_word);
            w.u32(a.words);
            w.u8(static_cast<uint8_t>(a.extend));
            w.u32(a.align);
        }
    }
}

std::vector<KernelInfo> read_kernels(BinaryReader& r) {
    std::vector<KernelInfo> kernels(r.count(49, "kernels"));
    for (KernelInfo& k : kernels) {
        k.name = r.str("kernel name");
        k.words = r.u32("kernel argument words");
        for (uint32_t& d : k.required_work_group_size) d = r.u32("work-group size");
        for (uint32_t& d : k.work_group_size_hint) d = r.u32("work-group size hint");
        k.attributes = r.str("kernel attributes");
        k.private_bytes = r.u32("kernel private bytes");
        k.arg_names = r.u8("kernel argument names") != 0;
        k.args.resize(r.count(35, "kernel arguments"));
        for (KernelArgInfo& a : k.args) {
            a.name = r.str("argument name");
            a.type_name = r.str("argument type");
            uint8_t kind = r.u8("argument kind");
            if (kind > 3) r.fail("bad argument kind " + std::to_string(kind));
            a.kind = static_cast<KernelArgInfo::Kind>(kind);
            a.access = r.u32("argument access");
            a.type_qualifier = r.u32("argument type qualifier");
            a.size = r.u32("argument size");
            a.first_word = r.u32("argument first word");
            a.words = r.u32("argument words");
            uint8_t ext = r.u8("argument extension");
            if (ext > 2) r.fail("bad argument extension " + std::to_string(ext));
            a.extend = static_cast<KernelArgInfo::Extend>(ext);
            a.align = r.u32("argument alignment");
            if (a.align & (a.align - 1)) r.fail("argument alignment " + std::to_string(a.align));
            if (a.first_word > k.words || k.words - a.first_word < a.words)
                r.fail("argument '" + a.name + "' lies outside the argument words");
        }
    }
    r.expect_end();
    return kernels;
}

}  // namespace mvp::toolchain
