// PrintfFormatter on records built by hand: the conversions, and bad records (a format that
// does not match its arguments, addresses outside the image, broken framing), each of which
// gives one line on the error stream.

#include "sw/host/printf_formatter.h"

#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace mvp::host {
namespace {

constexpr uint32_t kBase = 0x1000;

// A data image of NUL-terminated strings at kBase, and records that refer to them.
class Records {
  public:
    // The device address of `text` in the image.
    uint32_t string(const std::string& text) {
        uint32_t at = kBase + static_cast<uint32_t>(image_.size());
        image_.insert(image_.end(), text.begin(), text.end());
        image_.push_back(0);
        return at;
    }
    // Starts a record of the format at `format`.
    Records& record(uint32_t format) {
        start_ = bytes_.size();
        word(0);
        word(format);
        return end();
    }
    template <class T>
    Records& arg(T value) {
        word(sizeof value);
        size_t at = bytes_.size();
        bytes_.resize(at + ((sizeof value + 3) & ~size_t{3}));
        std::memcpy(bytes_.data() + at, &value, sizeof value);
        return end();
    }
    std::vector<uint8_t>& bytes() { return bytes_; }
    const std::vector<uint8_t>& image() const { return image_; }

  private:
    void word(uint32_t v) {
        size_t at = bytes_.size();
        bytes_.resize(at + 4);
        std::memcpy(bytes_.data() + at, &v, 4);
    }
    Records& end() {
        uint32_t size = static_cast<uint32_t>(bytes_.size() - start_);
        std::memcpy(bytes_.data() + start_, &size, 4);
        return *this;
    }

    std::vector<uint8_t> image_, bytes_;
    size_t start_ = 0;
};

struct Output {
    std::string out, err;
    size_t printed;
};

Output format(Records& r) {
    PrintfFormatter f(r.image(), kBase);
    std::ostringstream out, err;
    size_t n = f.format(r.bytes().data(), r.bytes().size(), out, err);
    return {out.str(), err.str(), n};
}

// An OpenCL vector as a record holds it: a 3-element vector takes 4 elements' room.
template <class T, size_t N>
struct Vec {
    T v[N == 3 ? 4 : N];
};

TEST(PrintfFormatter, FormatsScalarsVectorsAndStrings) {
    Records r;
    uint32_t f1 = r.string("%d|%5u|%-4x|%#o|%c|%s|%.1s|%%|%+.2f|%e|%g|%a|%ld|%hhd|%hx\n");
    uint32_t s = r.string("abc");
    r.record(f1).arg(-7).arg(12u).arg(255).arg(8).arg(int{'Z'}).arg(s).arg(s).arg(2.5f);
    r.arg(1e-3f).arg(100000.0f).arg(1.0f).arg(-(int64_t{1} << 40)).arg(0x1ff).arg(-1);
    uint32_t f2 = r.string("[%v4hlf] [%5.1v2hlf] [%v3hhd] [%v2lx] [%v4f] [%*d] [%.*f] [%p]\n");
    r.record(f2).arg(Vec<float, 4>{{1, -2, 0.5f, 3}}).arg(Vec<float, 2>{{1.25f, 20}});
    r.arg(Vec<int8_t, 3>{{-1, 2, -128, 99}}).arg(Vec<uint64_t, 2>{{0xfffffffffull, 1}});
    r.arg(Vec<float, 4>{{0, 1, 2, 3}}).arg(6).arg(42).arg(3).arg(0.5f).arg(0x80000010u);
    r.record(r.string("%v4d %v2u\n")).arg(Vec<int8_t, 4>{{-1, 2, -128, 127}});
    r.arg(Vec<int16_t, 2>{{-1, 5}});
    Output o = format(r);
    EXPECT_EQ(o.err, "");
    EXPECT_EQ(o.printed, 3u);
    EXPECT_EQ(o.out,
              "-7|   12|ff  |010|Z|abc|a|%|+2.50|1.000000e-03|100000|0x1p+0|-1099511627776|-1|"
              "ffff\n"
              "[1.000000,-2.000000,0.500000,3.000000] [  1.2, 20.0] [-1,2,-128] [fffffffff,1] "
              "[0.000000,1.000000,2.000000,3.000000] [    42] [0.500] [0x80000010]\n"
              "-1,2,-128,127 65535,5\n");
}

TEST(PrintfFormatter, AMismatchedRecordIsOneErrorLineAndTheNextRecordIsPrinted) {
    Records r;
    uint32_t d = r.string("%d\n");
    r.record(d).arg(int64_t{5});  // %d of a long
    r.record(d);                  // no argument
    r.record(r.string("%q\n")).arg(1);
    r.record(r.string("%v5hld\n")).arg(1);
    r.record(r.string("%s\n")).arg(0x9000u);  // not a string of the image
    r.record(r.string("%hlf\n")).arg(1.0f);   // hl without a vector
    r.record(r.string("%v4hlf\n")).arg(Vec<float, 2>{{1, 2}});
    r.record(0x20).arg(1);  // format outside the image
    r.record(r.string("%99999d\n")).arg(1);
    r.record(r.string("%.*f\n")).arg(5000).arg(1.0f);
    r.record(d).arg(9);
    Output o = format(r);
    EXPECT_EQ(o.out, "9\n");
    EXPECT_EQ(o.printed, 1u);
    EXPECT_EQ(o.err,
              "printf buffer: record at byte 0: format \"%d\\n\": '%d' does not match argument 1 "
              "of 8 bytes\n"
              "printf buffer: record at byte 20: format \"%d\\n\": '%d' has no argument\n"
              "printf buffer: record at byte 28: format \"%q\\n\": '%q' is not an OpenCL "
              "conversion\n"
              "printf buffer: record at byte 44: format \"%v5hld\\n\": '%v5' is not a vector of "
              "2, 3, 4, 8 or 16 elements\n"
              "printf buffer: record at byte 60: the string address 0x00009000 is not in the "
              "program's constant data (%s takes string literals only)\n"
              "printf buffer: record at byte 76: format \"%hlf\\n\": '%hlf' uses 'hl', which "
              "needs a vector\n"
              "printf buffer: record at byte 92: format \"%v4hlf\\n\": '%v4hlf' does not match "
              "argument 1 of 8 bytes\n"
              "printf buffer: record at byte 112: the string address 0x00000020 is not in the "
              "program's constant data (%s takes string literals only)\n"
              "printf buffer: record at byte 128: format \"%99999d\\n\": '%99999d' has a width "
              "or precision above 4096\n"
              "printf buffer: record at byte 144: format \"%.*f\\n\": '%.*f' has a width or "
              "precision above 4096\n");
}

TEST(PrintfFormatter, BrokenFramingEndsTheOutputWithOneErrorLine) {
    Records r;
    uint32_t f = r.string("%d\n");
    r.record(f).arg(1);
    r.record(f).arg(2);
    r.record(f).arg(3);
    uint32_t bad = 6;
    std::memcpy(r.bytes().data() + 16, &bad, 4);  // the second record's size
    Output o = format(r);
    EXPECT_EQ(o.out, "1\n");
    EXPECT_EQ(o.printed, 1u);
    EXPECT_EQ(o.err,
              "printf buffer: record at byte 16: size 6 is not a record's (32 bytes left); the "
              "rest of the buffer is not printed\n");
    // A size beyond the end, and an argument size beyond its record.
    bad = 1000;
    std::memcpy(r.bytes().data() + 16, &bad, 4);
    EXPECT_EQ(format(r).printed, 1u);
    Records t;
    t.record(t.string("%d\n")).arg(1);
    bad = 64;
    std::memcpy(t.bytes().data() + 8, &bad, 4);
    o = format(t);
    EXPECT_EQ(o.printed, 0u);
    EXPECT_EQ(o.err,
              "printf buffer: record at byte 0: argument 1 has 64 bytes, beyond its record\n");
}

}  // namespace
}  // namespace mvp::host
