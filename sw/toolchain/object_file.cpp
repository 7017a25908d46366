#include "object_file.h"

#include <istream>
#include <iterator>
#include <ostream>

#include "binary_reader.h"
#include "binary_writer.h"
#include "record_io.h"

namespace mvp::toolchain {

namespace {

constexpr char kMagic[] = "MVPO";
constexpr uint32_t kVersion = 2;

enum SectionId : uint32_t {
    kFile = 1,
    kCode,
    kLines,
    kData,
    kSymbols,
    kRelocations,
    kFunctions,
};

const std::vector<std::string> kSectionNames = {"file",    "code",        "lines",    "data",
                                                "symbols", "relocations", "functions"};

}  // namespace

void ObjectFile::write(std::ostream& os) const {
    BinaryWriter w;
    w.raw(kMagic, 4);
    w.u32(kVersion);
    w.u32(static_cast<uint32_t>(kSectionNames.size()));
    w.begin_section(kFile);
    w.str(file);
    write_strings(w, origin_files);
    w.u32(local_bytes);
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
    w.begin_section(kSymbols);
    write_symbols(w, symbols);
    w.end_section();
    w.begin_section(kRelocations);
    w.u32(static_cast<uint32_t>(relocations.size()));
    for (const Relocation& r : relocations) {
        w.u8(static_cast<uint8_t>(r.site));
        w.u32(r.offset);
        w.str(r.symbol);
        w.i32(r.addend);
        w.u32(r.line);
        w.u32(r.column);
    }
    w.end_section();
    w.begin_section(kFunctions);
    write_functions(w, functions);
    w.end_section();
    os.write(w.bytes().data(), static_cast<std::streamsize>(w.bytes().size()));
}

ObjectFile ObjectFile::read(std::istream& is) {
    std::string bytes{std::istreambuf_iterator<char>(is), std::istreambuf_iterator<char>()};
    BinaryReader file_reader(bytes, "malformed .mvpo file");
    std::vector<BinaryReader> s = file_reader.sections(kMagic, kVersion, kSectionNames);

    ObjectFile obj;
    obj.file = s[kFile - 1].str("file name");
    obj.origin_files = read_strings(s[kFile - 1], "origin file names");
    obj.local_bytes = s[kFile - 1].u32("local bytes");
    s[kFile - 1].expect_end();
    obj.code = read_code(s[kCode - 1]);
    obj.lines = read_lines(s[kLines - 1], 1, obj.origin_files.size());
    if (obj.lines.size() != obj.code.size())
        s[kLines - 1].fail("has " + std::to_string(obj.lines.size()) + " lines for " +
                           std::to_string(obj.code.size()) + " instructions");
    obj.data = read_data(s[kData - 1]);
    uint32_t code_bytes = static_cast<uint32_t>(obj.code.size()) * isa::kInstBytes;
    obj.symbols = read_symbols(s[kSymbols - 1], code_bytes, obj.data.size(), obj.local_bytes);

    BinaryReader& rr = s[kRelocations - 1];
    obj.relocations.resize(rr.count(21, "relocations"));
    for (Relocation& r : obj.relocations) {
        uint8_t site = rr.u8("relocation site");
        if (site > 1) rr.fail("bad relocation site " + std::to_string(site));
        r.site = static_cast<Relocation::Site>(site);
        r.offset = rr.u32("relocation offset");
        r.symbol = rr.str("relocation symbol");
        r.addend = rr.i32("relocation addend");
        r.line = rr.u32("relocation line");
        r.column = rr.u32("relocation column");
        bool fits = r.site == Relocation::Site::kCode
                        ? r.offset < obj.code.size()
                        : r.offset <= obj.data.size() && obj.data.size() - r.offset >= 4;
        if (!fits) rr.fail("relocation of '" + r.symbol + "' lies outside its section");
    }
    rr.expect_end();
    obj.functions = read_functions(s[kFunctions - 1], code_bytes);
    return obj;
}

}  // namespace mvp::toolchain
