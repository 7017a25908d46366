#include "object_archive.h"

#include <istream>
#include <iterator>
#include <ostream>
#include <sstream>

#include "binary_reader.h"
#include "binary_writer.h"
#include "record_io.h"

namespace mvp::toolchain {

namespace {

constexpr char kMagic[] = "MVPA";
constexpr uint32_t kVersion = 1;

enum SectionId : uint32_t { kHeader = 1, kObjects, kKernels };

const std::vector<std::string> kSectionNames = {"header", "objects", "kernels"};

}  // namespace

bool ObjectArchive::is_archive(std::string_view bytes) {
    return bytes.substr(0, 4) == std::string_view(kMagic, 4);
}

void ObjectArchive::write(std::ostream& os) const {
    BinaryWriter w;
    w.raw(kMagic, 4);
    w.u32(kVersion);
    w.u32(static_cast<uint32_t>(kSectionNames.size()));
    w.begin_section(kHeader);
    w.u8(static_cast<uint8_t>(type));
    w.u8(opencl_c ? 1 : 0);
    w.end_section();
    w.begin_section(kObjects);
    w.u32(static_cast<uint32_t>(objects.size()));
    for (const ObjectFile& o : objects) {
        std::ostringstream bytes;
        o.write(bytes);
        w.str(bytes.str());
    }
    w.end_section();
    w.begin_section(kKernels);
    write_kernels(w, kernels);
    w.end_section();
    os.write(w.bytes().data(), static_cast<std::streamsize>(w.bytes().size()));
}

ObjectArchive ObjectArchive::read(std::istream& is) {
    std::string bytes{std::istreambuf_iterator<char>(is), std::istreambuf_iterator<char>()};
    BinaryReader file_reader(bytes, "malformed .mvpa file");
    std::vector<BinaryReader> s = file_reader.sections(kMagic, kVersion, kSectionNames);
    ObjectArchive a;
    BinaryReader& hr = s[kHeader - 1];
    uint8_t type = hr.u8("archive type");
    if (type != 1 && type != 2) hr.fail("bad archive type " + std::to_string(type));
    a.type = static_cast<Type>(type);
    a.opencl_c = hr.u8("archive language") != 0;
    hr.expect_end();
    BinaryReader& orr = s[kObjects - 1];
    a.objects.resize(orr.count(4, "objects"));
    for (ObjectFile& o : a.objects) {
        std::istringstream in(orr.str("object"));
        o = ObjectFile::read(in);
    }
    orr.expect_end();
    a.kernels = read_kernels(s[kKernels - 1]);
    return a;
}

}  // namespace mvp::toolchain
