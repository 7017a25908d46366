// OpenCL C printf through the runtime: the text the host prints when the kernel ends, on the
// functional model and on the timing platform, the buffer-full case, and the device's
// CL_DEVICE_PRINTF_BUFFER_SIZE. Each test is its own process, so the engine is chosen by
// setting MVP_FUNCTIONAL before the platform starts.

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

// Captures what the runtime writes to std::cout while it lives.
class CoutCapture {
  public:
    CoutCapture() : old_(std::cout.rdbuf(text_.rdbuf())) {}
    ~CoutCapture() { std::cout.rdbuf(old_); }
    std::string text() const { return text_.str(); }

  private:
    std::ostringstream text_;
    std::streambuf* old_;
};

std::vector<std::string> sorted_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    std::sort(lines.begin(), lines.end());
    return lines;
}

class PrintfTest : public ClTest {
  protected:
    void SetUp() override {
        if (functional_) {
            setenv("MVP_FUNCTIONAL", "1", 1);
        } else {
            unsetenv("MVP_FUNCTIONAL");
        }
        ClTest::SetUp();
    }

    // Runs `name` of `source` over `global` work-items (groups of `local`) with one int buffer
    // of `global` words as its argument; returns the stdout text and the buffer.
    std::pair<std::string, std::vector<int32_t>> run(const char* source, const char* name,
                                                     size_t global, size_t local) {
        cl_kernel k = kernel(build(source), name);
        cl_mem out = buffer(global * 4);
        EXPECT_EQ(clSetKernelArg(k, 0, sizeof out, &out), CL_SUCCESS);
        CoutCapture capture;
        EXPECT_EQ(
            clEnqueueNDRangeKernel(queue_, k, 1, nullptr, &global, &local, 0, nullptr, nullptr),
            CL_SUCCESS);
        EXPECT_EQ(clFinish(queue_), CL_SUCCESS);
        return {capture.text(), read<int32_t>(out, global)};
    }

    bool functional_ = true;
};

class PrintfTimingTest : public PrintfTest {
  protected:
    PrintfTimingTest() { functional_ = false; }
};

// Integers, unsigned, hex, chars, strings, floats with precision, vectors and %% from
// several work-items; the result of each call is 0.
const char kFormats[] = R"(
__kernel void formats(__global int* out) {
    int i = get_global_id(0);
    float f = 0.5f + i;
    int r = printf("wi=%d u=%u x=%x X=%#06X o=%o c=%c s=%s|%-6s|%.2s f=%.3f e=%.2e g=%g %%\n",
                   i, 4000000000u, 255 + i, 0xab, 8, 'a' + i, "text", "ab", "xyz", f, f * 1000,
                   f);
    r |= printf("wi=%d v2f=%v2hlf v4d=%v4hld v8hhx=%v8hhx v3hd=%v3hd l=%ld p=%p\n", i,
                (float2)(f, -f), (int4)(i, -i, 2 * i, 7), (uchar8)(0, 1, 2, 15, 16, 254, 255, i),
                (short3)(-1, i, 300), -5000000000L, (__global void*)0);
    r |= printf("wi=%d [%5.1v2hlf] [%+d] [% d] [%-4d] [%04d]\n", i, (float2)(1.25f, f), i, i,
                i, i);
    out[i] = r;
}
)";

std::vector<std::string> expected_formats(int n) {
    std::vector<std::string> lines;
    for (int i = 0; i < n; ++i) {
        char buf[512];
        const double f = 0.5 + i;
        std::snprintf(buf, sizeof buf,
                      "wi=%d u=4000000000 x=%x X=0X00AB o=10 c=%c s=text|ab    |xy f=%.3f "
                      "e=%.2e g=%g %%",
                      i, 255 + i, 'a' + i, f, f * 1000, f);
        lines.push_back(buf);
        std::snprintf(buf, sizeof buf,
                      "wi=%d v2f=%f,%f v4d=%d,%d,%d,7 v8hhx=0,1,2,f,10,fe,ff,%x v3hd=-1,%d,300 "
                      "l=-5000000000 p=(nil)",
                      i, f, -f, i, -i, 2 * i, i, i);
        lines.push_back(buf);
        std::snprintf(buf, sizeof buf, "wi=%d [  1.2,%5.1f] [+%d] [ %d] [%-4d] [%04d]", i, f, i, i,
                      i, i);
        lines.push_back(buf);
    }
    std::sort(lines.begin(), lines.end());
    return lines;
}

TEST_F(PrintfTest, FormatsEveryConversionFromSeveralWorkItems) {
    auto [text, results] = run(kFormats, "formats", 6, 3);
    EXPECT_EQ(sorted_lines(text), expected_formats(6)) << text;
    for (int32_t r : results) EXPECT_EQ(r, 0);
    // One work-item's three records appear in the order it made them.
    size_t first = text.find("wi=4 u="), second = text.find("wi=4 v2f="),
           third = text.find("wi=4 [");
    EXPECT_LT(first, second);
    EXPECT_LT(second, third);
}

TEST_F(PrintfTimingTest, TimingPlatformPrintsTheSameText) {
    auto [text, results] = run(kFormats, "formats", 6, 3);
    EXPECT_EQ(sorted_lines(text), expected_formats(6)) << text;
    for (int32_t r : results) EXPECT_EQ(r, 0);
}

// Every record is 8 + 6 * 8 = 56 bytes: 1 MiB holds 18724 of them. 64 work-items try 300
// each; a work-item's calls succeed up to its first failure, and the buffer holds exactly the
// records whose calls returned 0.
const char kFlood[] = R"(
__kernel void flood(__global int* out) {
    int i = get_global_id(0);
    int ok = 0;
    for (int j = 0; j < 300; ++j)
        if (printf("%d %d %d %d %d %d\n", i, j, ok, 1, 2, 3) == 0) ++ok;
    out[i] = ok;
}
)";

TEST_F(PrintfTest, FullBufferReturnsMinusOneAndTheHostPrintsWhatFit) {
    auto [text, results] = run(kFlood, "flood", 64, 16);
    int total = 0;
    std::set<std::pair<int, int>> expected;
    for (int i = 0; i < 64; ++i) {
        total += results[i];
        for (int j = 0; j < results[i]; ++j) expected.emplace(i, j);
    }
    EXPECT_EQ(total, (1 << 20) / 56);
    std::set<std::pair<int, int>> printed;
    std::istringstream in(text);
    int lines = 0;
    for (std::string l; std::getline(in, l); ++lines) {
        int i, j, ok, a, b, c;
        ASSERT_EQ(std::sscanf(l.c_str(), "%d %d %d %d %d %d", &i, &j, &ok, &a, &b, &c), 6) << l;
        EXPECT_EQ(ok, j);
        EXPECT_EQ(a * 100 + b * 10 + c, 123);
        printed.emplace(i, j);
    }
    EXPECT_EQ(lines, total);
    EXPECT_EQ(printed, expected);
}

TEST_F(PrintfTest, DeviceReportsTheBufferSize) {
    size_t size = 0;
    ASSERT_EQ(clGetDeviceInfo(device_, CL_DEVICE_PRINTF_BUFFER_SIZE, sizeof size, &size, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(size, size_t{1} << 20);
}

}  // namespace
}  // namespace mvp::runtime::test
