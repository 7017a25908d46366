// Tests of the configuration registry: defaults, option files, the command line, error
// messages, warnings, JSON output and help. The working directory is the repository root.

#include "modules/config/config.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mvp::config {
namespace {

namespace fs = std::filesystem;

const char* kCalibration = "config/mvp_1sp_calibration.config";

// A scratch file that is removed at the end of the test.
class TempFile {
  public:
    TempFile(const std::string& name, const std::string& contents) {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = (fs::temp_directory_path() /
                 (std::string("mvp_config_test_") + info->name() + "_" + name))
                    .string();
        std::ofstream(path_, std::ios::binary) << contents;
    }
    ~TempFile() {
        std::error_code ec;
        fs::remove(path_, ec);
    }
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

// The message of the ConfigError that `f` throws ("" when it does not throw).
template <typename F>
std::string error_of(F f) {
    try {
        f();
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "";
}

std::string json_of(const Config& c, int indent = 0) {
    std::ostringstream os;
    c.write_json(os, indent);
    return os.str();
}

// A strict JSON syntax checker (RFC 8259 values), enough to tell that the output parses.
class JsonChecker {
  public:
    explicit JsonChecker(const std::string& s) : s_(s) {}
    bool document() {
        blank();
        if (!value()) return false;
        blank();
        return i_ == s_.size();
    }
    std::vector<std::string> top_level_keys;

  private:
    bool value() {
        if (i_ >= s_.size()) return false;
        const char c = s_[i_];
        if (c == '{') return object();
        if (c == '[') return array();
        if (c == '"') return string(nullptr);
        if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) return number();
        for (const char* word : {"true", "false", "null"}) {
            const std::string w = word;
            if (s_.compare(i_, w.size(), w) == 0) {
                i_ += w.size();
                return true;
            }
        }
        return false;
    }
    bool object() {
        const bool top = depth_++ == 0;
        ++i_;
        blank();
        if (peek('}')) return ++i_, --depth_, true;
        for (;;) {
            blank();
            std::string key;
            if (!string(&key)) return false;
            if (top) top_level_keys.push_back(key);
            blank();
            if (!peek(':')) return false;
            ++i_;
            blank();
            if (!value()) return false;
            blank();
            if (peek(',')) {
                ++i_;
                continue;
            }
            if (peek('}')) return ++i_, --depth_, true;
            return false;
        }
    }
    bool array() {
        ++depth_;
        ++i_;
        blank();
        if (peek(']')) return ++i_, --depth_, true;
        for (;;) {
            blank();
            if (!value()) return false;
            blank();
            if (peek(',')) {
                ++i_;
                continue;
            }
            if (peek(']')) return ++i_, --depth_, true;
            return false;
        }
    }
    bool string(std::string* out) {
        if (!peek('"')) return false;
        ++i_;
        while (i_ < s_.size() && s_[i_] != '"') {
            const unsigned char c = static_cast<unsigned char>(s_[i_]);
            if (c < 0x20) return false;
            if (c == '\\') {
                ++i_;
                if (i_ >= s_.size()) return false;
                const char e = s_[i_];
                if (e == 'u') {
                    for (int k = 1; k <= 4; ++k) {
                        if (i_ + k >= s_.size() ||
                            !std::isxdigit(static_cast<unsigned char>(s_[i_ + k])))
                            return false;
                    }
                    i_ += 4;
                } else if (std::string("\"\\/bfnrt").find(e) == std::string::npos) {
                    return false;
                }
            } else if (out) {
                *out += static_cast<char>(c);
            }
            ++i_;
        }
        if (i_ >= s_.size()) return false;
        ++i_;
        return true;
    }
    bool number() {
        const size_t start = i_;
        if (peek('-')) ++i_;
        if (peek('0')) {
            ++i_;
        } else if (!digits()) {
            return false;
        }
        if (peek('.')) {
            ++i_;
            if (!digits()) return false;
        }
        if (peek('e') || peek('E')) {
            ++i_;
            if (peek('+') || peek('-')) ++i_;
            if (!digits()) return false;
        }
        return i_ > start;
    }
    bool digits() {
        const size_t start = i_;
        while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
        return i_ > start;
    }
    bool peek(char c) const { return i_ < s_.size() && s_[i_] == c; }
    void blank() {
        while (i_ < s_.size() && std::string(" \t\r\n").find(s_[i_]) != std::string::npos) ++i_;
    }

    const std::string& s_;
    size_t i_ = 0;
    int depth_ = 0;
};

TEST(ConfigDefaults, EveryOptionAtItsV21Default) {
    const Config c;
    EXPECT_EQ(c.get_string("mvpgpu_platform"), "mvp_v2_1");
    EXPECT_EQ(c.get_int("mvpgpu_n_gpc"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_n_tpc_per_gpc"), 4);
    EXPECT_EQ(c.get_int("mvpgpu_n_sm_per_tpc"), 2);
    EXPECT_EQ(c.get_int("mvpgpu_n_sp_per_sm"), 4);
    EXPECT_EQ(c.get_int("mvpgpu_max_concurrent_kernel"), 8);
    EXPECT_EQ(c.get_double_list("mvpgpu_clock_domains"),
              (std::vector<double>{1000, 1000, 1000, 800, 1000, 1000, 1000, 1000}));
    EXPECT_EQ(c.get_int_list("mvpgpu_pipeline_widths"),
              (std::vector<int64_t>{4, 4, 0, 4, 4, 4, 4, 0, 4, 4, 4, 4, 0}));
    EXPECT_EQ(c.get_int("gpgpu_num_fp32_units_per_sp"), 4);
    EXPECT_EQ(c.get_int("gpgpu_num_int32_units_per_sp"), 4);
    EXPECT_EQ(c.get_int("gpgpu_num_sfu_units_per_sp"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_num_ldst_units_per_sp"), 4);
    EXPECT_EQ(c.get_int_list("ptx_opcode_latency_int"), (std::vector<int64_t>{3, 3, 3, 3, 3, 3}));
    EXPECT_EQ(c.get_int_list("ptx_opcode_initiation_int"),
              (std::vector<int64_t>{0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(c.get_int_list("ptx_opcode_latency_fp"), (std::vector<int64_t>{3, 3, 3, 3, 3}));
    EXPECT_EQ(c.get_int_list("ptx_opcode_initiation_fp"), (std::vector<int64_t>{0, 0, 0, 0, 0}));
    EXPECT_EQ(c.get_int("mvpgpu_local_mem_num_banks"), 8);
    EXPECT_EQ(c.get_int("mvpgpu_local_mem_read_cycle"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_local_mem_write_cycle"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_local_mem_size"), 32768);
    EXPECT_EQ(c.get_int("mvpgpu_n_threads_per_sp_and_warp_size"), 4);
    EXPECT_EQ(c.get_int("mvpgpu_n_threads_per_sp"), 64);
    EXPECT_EQ(c.get_int("mvpgpu_private_stack_bytes"), 320);
    EXPECT_EQ(c.get_int("mvpgpu_global_mem_size"), 268435456);
    EXPECT_EQ(c.get_string("mvpgpu_divergence"), "mpipdom");
    EXPECT_EQ(c.get_int("gpgpu_max_cycle"), 100000000);
    EXPECT_EQ(c.get_int("mvpgpu_watchdog_cycles"), 1000000);
    EXPECT_EQ(c.get_int("mvpgpu_functional_max_instructions"), 1000000000);
    for (const OptionSpec& s : option_specs()) EXPECT_EQ(c.origin(s.name), "default") << s.name;
    EXPECT_TRUE(c.warnings().empty());
    EXPECT_NO_THROW(c.validate());
}

TEST(ConfigDefaults, NamesWithOrWithoutDash) {
    Config c;
    EXPECT_TRUE(c.has_option("mvpgpu_n_gpc"));
    EXPECT_TRUE(c.has_option("-mvpgpu_n_gpc"));
    EXPECT_FALSE(c.has_option("mvpgpu_n_gpcs"));
    c.set("-mvpgpu_n_gpc", "2", "command line");
    EXPECT_EQ(c.get_int("-mvpgpu_n_gpc"), 2);
    c.set("mvpgpu_n_gpc", "3", "command line");
    EXPECT_EQ(c.get_int("mvpgpu_n_gpc"), 3);
}

TEST(ConfigFile, CommentsBlankLinesAndValueForms) {
    TempFile f("a.config",
               "# a comment line\n"
               "\n"
               "   \t\n"
               "-mvpgpu_n_gpc 2\n"
               "-mvpgpu_n_tpc_per_gpc\t3   # trailing comment\n"
               "  -mvpgpu_clock_domains 500.5:1000:1000:800:1000:1000:1000:1e3\n"
               "-mvpgpu_pipeline_widths 1, 2,3,4,5,6,7,8,9,10,11,12,13\r\n"
               "-mvpgpu_divergence \"pdom\"\n"
               "-mvpgpu_global_mem_size 0x1000000\n");
    Config c;
    c.load_file(f.path());
    EXPECT_EQ(c.get_int("mvpgpu_n_gpc"), 2);
    EXPECT_EQ(c.get_int("mvpgpu_n_tpc_per_gpc"), 3);
    EXPECT_EQ(c.get_double_list("mvpgpu_clock_domains"),
              (std::vector<double>{500.5, 1000, 1000, 800, 1000, 1000, 1000, 1000}));
    EXPECT_EQ(c.get_int_list("mvpgpu_pipeline_widths"),
              (std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}));
    EXPECT_EQ(c.get_string("mvpgpu_divergence"), "pdom");
    EXPECT_EQ(c.get_int("mvpgpu_global_mem_size"), 0x1000000);
    EXPECT_EQ(c.origin("mvpgpu_n_gpc"), f.path() + ":4");
    EXPECT_EQ(c.origin("mvpgpu_n_tpc_per_gpc"), f.path() + ":5");
    EXPECT_EQ(c.origin("mvpgpu_clock_domains"), f.path() + ":6");
    EXPECT_EQ(c.origin("mvpgpu_divergence"), f.path() + ":8");
    EXPECT_EQ(c.origin("mvpgpu_n_sm_per_tpc"), "default");
    // Normalised text forms.
    EXPECT_EQ(c.text("mvpgpu_clock_domains"), "500.5:1000:1000:800:1000:1000:1000:1000");
    EXPECT_EQ(c.text("mvpgpu_pipeline_widths"), "1,2,3,4,5,6,7,8,9,10,11,12,13");
    EXPECT_EQ(c.text("mvpgpu_global_mem_size"), "16777216");
    EXPECT_TRUE(c.warnings().empty());
}

TEST(ConfigFile, LaterWinsAcrossFilesAndCommandLine) {
    TempFile first("first.config",
                   "-mvpgpu_n_gpc 2\n-mvpgpu_n_sp_per_sm 2\n-mvpgpu_divergence pdom\n"
                   "-mvpgpu_n_gpc 3\n");
    TempFile second("second.config", "# second\n-mvpgpu_n_sp_per_sm 3\n-mvpgpu_n_sm_per_tpc 1\n");
    Config c;
    c.load_file(first.path());
    EXPECT_EQ(c.get_int("mvpgpu_n_gpc"), 3);  // later line of the same file
    EXPECT_EQ(c.origin("mvpgpu_n_gpc"), first.path() + ":4");
    c.load_file(second.path());
    c.set("mvpgpu_n_sm_per_tpc", "4", "command line");
    EXPECT_EQ(c.get_int("mvpgpu_n_gpc"), 3);
    EXPECT_EQ(c.origin("mvpgpu_n_gpc"), first.path() + ":4");
    EXPECT_EQ(c.get_int("mvpgpu_n_sp_per_sm"), 3);
    EXPECT_EQ(c.origin("mvpgpu_n_sp_per_sm"), second.path() + ":2");
    EXPECT_EQ(c.get_int("mvpgpu_n_sm_per_tpc"), 4);
    EXPECT_EQ(c.origin("mvpgpu_n_sm_per_tpc"), "command line");
    EXPECT_EQ(c.get_string("mvpgpu_divergence"), "pdom");
    EXPECT_EQ(c.origin("mvpgpu_divergence"), first.path() + ":3");
    EXPECT_EQ(c.origin("mvpgpu_n_tpc_per_gpc"), "default");
    // A file read after the command line beats it too: only the order counts.
    c.load_file(second.path());
    EXPECT_EQ(c.get_int("mvpgpu_n_sm_per_tpc"), 1);
    EXPECT_EQ(c.origin("mvpgpu_n_sm_per_tpc"), second.path() + ":3");
}

TEST(ConfigErrors, UnknownOption) {
    TempFile f("u.config", "-mvpgpu_n_gpc 1\n\n-foo 3\n");
    Config c;
    EXPECT_EQ(error_of([&] { c.load_file(f.path()); }), f.path() + ":3: unknown option -foo");
    EXPECT_EQ(error_of([&] { c.set("-foo", "1", "command line"); }),
              "command line: unknown option -foo");
    EXPECT_EQ(error_of([&] { c.set("bar", "1", "command line"); }),
              "command line: unknown option -bar");
}

TEST(ConfigErrors, MalformedValues) {
    TempFile f("m.config", "# x\n-mvpgpu_n_gpc x\n");
    Config c;
    EXPECT_EQ(error_of([&] { c.load_file(f.path()); }),
              f.path() + ":2: -mvpgpu_n_gpc: expected an integer, got 'x'");
    const std::string cl = "command line";
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_gpc", "1.5", cl); }),
              "command line: -mvpgpu_n_gpc: expected an integer, got '1.5'");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_gpc", "1 2", cl); }),
              "command line: -mvpgpu_n_gpc: expected an integer, got '1 2'");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_gpc", "0x", cl); }),
              "command line: -mvpgpu_n_gpc: expected an integer, got '0x'");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_gpc", "--1", cl); }),
              "command line: -mvpgpu_n_gpc: expected an integer, got '--1'");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_pipeline_widths", "4,4,x,4,4,4,4,0,4,4,4,4,0", cl); }),
              "command line: -mvpgpu_pipeline_widths: expected a list of integers separated by "
              "',', got '4,4,x,4,4,4,4,0,4,4,4,4,0'");
    EXPECT_EQ(error_of([&] { c.set("ptx_opcode_latency_fp", "3,,3,3,3", cl); }),
              "command line: -ptx_opcode_latency_fp: expected a list of integers separated by "
              "',', got '3,,3,3,3'");
    EXPECT_EQ(error_of([&] {
                  c.set("mvpgpu_clock_domains", "1000,1000,1000,800,1000,1000,1000,1000", cl);
              }),
              "command line: -mvpgpu_clock_domains: expected a list of numbers separated by ':', "
              "got '1000,1000,1000,800,1000,1000,1000,1000'");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_clock_domains", "1:1:1:1:1:1:1:inf", cl); }),
              "command line: -mvpgpu_clock_domains: expected a list of numbers separated by ':', "
              "got '1:1:1:1:1:1:1:inf'");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_divergence", "ipdom", cl); }),
              "command line: -mvpgpu_divergence: expected one of pdom, mpipdom, got 'ipdom'");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_platform", "mvp_v3_0", cl); }),
              "command line: -mvpgpu_platform: expected one of mvp_v2_1, mvp_1sp, got 'mvp_v3_0'");
}

TEST(ConfigErrors, OutOfRange) {
    Config c;
    const std::string cl = "command line";
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_sp_per_sm", "0", cl); }),
              "command line: -mvpgpu_n_sp_per_sm: 0 is out of range: must be at least 1");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_gpc", "-1", cl); }),
              "command line: -mvpgpu_n_gpc: -1 is out of range: must be at least 1");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_local_mem_size", "65536", cl); }),
              "command line: -mvpgpu_local_mem_size: 65536 is out of range: must be at most 32768");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_local_mem_size", "512", cl); }),
              "command line: -mvpgpu_local_mem_size: 512 is out of range: must be at least 1024");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_local_mem_size", "3072", cl); }),
              "command line: -mvpgpu_local_mem_size: 3072 is out of range: must be a power of two");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_threads_per_sp_and_warp_size", "3", cl); }),
              "command line: -mvpgpu_n_threads_per_sp_and_warp_size: 3 is out of range: must be "
              "a divisor of 64");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_threads_per_sp_and_warp_size", "128", cl); }),
              "command line: -mvpgpu_n_threads_per_sp_and_warp_size: 128 is out of range: must "
              "be at most 64");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_private_stack_bytes", "324", cl); }),
              "command line: -mvpgpu_private_stack_bytes: 324 is out of range: must be a "
              "multiple of 8");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_private_stack_bytes", "312", cl); }),
              "command line: -mvpgpu_private_stack_bytes: 312 is out of range: must be at least "
              "320");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_global_mem_size", "4294967296", cl); }),
              "command line: -mvpgpu_global_mem_size: 4294967296 is out of range: must be at "
              "most 2147483648");
    EXPECT_EQ(error_of([&] { c.set("ptx_opcode_latency_int", "3,3,0,3,3,3", cl); }),
              "command line: -ptx_opcode_latency_int: 0 (entry 3) is out of range: must be at "
              "least 1");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_gpc", "99999999999999999999", cl); }),
              "command line: -mvpgpu_n_gpc: 99999999999999999999 is out of range: must be at "
              "most 1024");
    // Accepted values at the limits.
    EXPECT_NO_THROW(c.set("mvpgpu_local_mem_size", "1024", cl));
    EXPECT_NO_THROW(c.set("mvpgpu_local_mem_size", "32768", cl));
    EXPECT_NO_THROW(c.set("mvpgpu_global_mem_size", "2147483648", cl));
    EXPECT_NO_THROW(c.set("mvpgpu_private_stack_bytes", "320", cl));
    for (const char* w : {"1", "2", "4", "8", "16", "32", "64"})
        EXPECT_NO_THROW(c.set("mvpgpu_n_threads_per_sp_and_warp_size", w, cl)) << w;
}

// MVPGPU-Sim's THREADS:WARP form sets both options; a malformed pair is one error naming the
// option, and each half is checked as the option it sets.
TEST(ConfigErrors, ThreadsAndWarpPairAsMvpgpuSimWritesIt) {
    Config c;
    const std::string cl = "command line";
    c.set("mvpgpu_n_threads_per_sp_and_warp_size", "64:32", cl);
    EXPECT_EQ(c.get_int("mvpgpu_n_threads_per_sp_and_warp_size"), 32);
    EXPECT_EQ(c.get_int("mvpgpu_n_threads_per_sp"), 64);
    c.set("-mvpgpu_n_threads_per_sp_and_warp_size", "32:1", cl);
    EXPECT_EQ(c.get_int("mvpgpu_n_threads_per_sp_and_warp_size"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_n_threads_per_sp"), 32);
    EXPECT_NO_THROW(c.validate());
    for (const char* bad : {"64:", ":32", "a:4", "64:32:1", "64 :32"})
        EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_threads_per_sp_and_warp_size", bad, cl); }),
                  "command line: -mvpgpu_n_threads_per_sp_and_warp_size: '" + std::string(bad) +
                      "' is not a number or a THREADS:WARP pair")
            << bad;
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_threads_per_sp_and_warp_size", "64:3", cl); }),
              "command line: -mvpgpu_n_threads_per_sp_and_warp_size: 3 is out of range: must be "
              "a divisor of 64");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_n_threads_per_sp_and_warp_size", "4096:32", cl); }),
              "command line (-mvpgpu_n_threads_per_sp_and_warp_size 4096:32): "
              "-mvpgpu_n_threads_per_sp: 4096 is out of range: must be at most 1024");
    // A refused pair changes nothing.
    EXPECT_EQ(c.get_int("mvpgpu_n_threads_per_sp_and_warp_size"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_n_threads_per_sp"), 32);
}

TEST(ConfigErrors, ZeroClockRejected) {
    Config c;
    EXPECT_EQ(error_of([&] {
                  c.set("mvpgpu_clock_domains", "1000:1000:1000:0:1000:1000:1000:1000",
                        "command line");
              }),
              "command line: -mvpgpu_clock_domains: 0 (entry 4) is out of range: must be greater "
              "than 0");
    EXPECT_EQ(error_of([&] {
                  c.set("mvpgpu_clock_domains", "0.0:1000:1000:800:1000:1000:1000:1000",
                        "command line");
              }),
              "command line: -mvpgpu_clock_domains: 0.0 (entry 1) is out of range: must be greater "
              "than 0");
    EXPECT_EQ(error_of([&] {
                  c.set("mvpgpu_clock_domains", "1000:1000:1000:800:1000:1000:1000:-5",
                        "command line");
              }),
              "command line: -mvpgpu_clock_domains: -5 (entry 8) is out of range: must be greater "
              "than 0");
    EXPECT_EQ(c.get_double_list("mvpgpu_clock_domains")[3], 800.0);  // unchanged
}

TEST(ConfigErrors, ZeroSpsRejectedInFile) {
    TempFile f("sp.config", "-mvpgpu_n_gpc 1\n-mvpgpu_n_sp_per_sm 0\n");
    Config c;
    EXPECT_EQ(error_of([&] { c.load_file(f.path()); }),
              f.path() + ":2: -mvpgpu_n_sp_per_sm: 0 is out of range: must be at least 1");
}

TEST(ConfigErrors, LocalMemory65536RejectedInFile) {
    TempFile f("lm.config", "-mvpgpu_local_mem_size 65536\n");
    Config c;
    EXPECT_EQ(error_of([&] { c.load_file(f.path()); }),
              f.path() +
                  ":1: -mvpgpu_local_mem_size: 65536 is out of range: must be at most "
                  "32768");
    EXPECT_EQ(c.get_int("mvpgpu_local_mem_size"), 32768);
}

TEST(ConfigErrors, ListTooShort) {
    TempFile f("short.config",
               "-mvpgpu_clock_domains 1000.0:1000.0:1000.0:800.0:1000.0:1000.0:1000.0\n");
    Config c;
    EXPECT_EQ(error_of([&] { c.load_file(f.path()); }),
              f.path() + ":1: -mvpgpu_clock_domains: expected 8 values, got 7");
    EXPECT_EQ(error_of([&] { c.set("ptx_opcode_latency_fp", "3,3,3,3", "command line"); }),
              "command line: -ptx_opcode_latency_fp: expected 5 values, got 4");
    EXPECT_EQ(error_of([&] { c.set("ptx_opcode_latency_int", "3", "command line"); }),
              "command line: -ptx_opcode_latency_int: expected 6 values, got 1");
}

TEST(ConfigErrors, MissingValue) {
    TempFile f("mv.config", "-mvpgpu_n_gpc 1\n-mvpgpu_n_tpc_per_gpc   # nothing\n");
    Config c;
    EXPECT_EQ(error_of([&] { c.load_file(f.path()); }),
              f.path() + ":2: -mvpgpu_n_tpc_per_gpc: missing value");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_divergence", "", "command line"); }),
              "command line: -mvpgpu_divergence: missing value");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_divergence", "  ", "command line"); }),
              "command line: -mvpgpu_divergence: missing value");
}

TEST(ConfigErrors, LineWithoutOption) {
    TempFile f("line.config", "-mvpgpu_n_gpc 1\nmvpgpu_n_tpc_per_gpc 2\n");
    Config c;
    EXPECT_EQ(error_of([&] { c.load_file(f.path()); }),
              f.path() + ":2: expected '-option value', got 'mvpgpu_n_tpc_per_gpc 2'");
    TempFile g("dash.config", "-\n");
    EXPECT_EQ(error_of([&] { c.load_file(g.path()); }),
              g.path() + ":1: expected '-option value', got '-'");
}

TEST(ConfigErrors, UnreadableFile) {
    Config c;
    const std::string missing = "config/no_such_file.config";
    EXPECT_EQ(error_of([&] { c.load_file(missing); }),
              "config/no_such_file.config: cannot read config file: No such file or directory");
    EXPECT_EQ(error_of([&] { c.load_file("config"); }),
              "config: cannot read config file: Is a directory");
}

TEST(ConfigErrors, FailedFileChangesNothing) {
    TempFile f("partial.config", "-mvpgpu_n_gpc 2\n-mvpgpu_n_tpc_per_gpc 9999\n");
    Config c;
    EXPECT_FALSE(error_of([&] { c.load_file(f.path()); }).empty());
    EXPECT_EQ(c.get_int("mvpgpu_n_gpc"), 1);
    EXPECT_EQ(c.origin("mvpgpu_n_gpc"), "default");
}

TEST(ConfigErrors, ErrorsAreOneLine) {
    Config c;
    for (const char* value : {"x", "0", "", "99999999999999999999"}) {
        const std::string e = error_of([&] { c.set("mvpgpu_n_gpc", value, "command line"); });
        EXPECT_FALSE(e.empty());
        EXPECT_EQ(e.find('\n'), std::string::npos) << e;
    }
}

TEST(ConfigErrors, GetterMisuse) {
    const Config c;
    EXPECT_EQ(error_of([&] { c.get_int("nope"); }), "unknown option -nope");
    EXPECT_EQ(error_of([&] { c.get_int("mvpgpu_divergence"); }),
              "-mvpgpu_divergence holds a string, not an integer");
    EXPECT_EQ(error_of([&] { c.get_double_list("mvpgpu_pipeline_widths"); }),
              "-mvpgpu_pipeline_widths holds a list of integers, not a list of numbers");
    EXPECT_EQ(error_of([&] { c.origin("nope"); }), "unknown option -nope");
}

TEST(ConfigCalibration, LoadsWithExactlyOneWarning) {
    Config c;
    c.load_file(kCalibration);
    ASSERT_EQ(c.warnings().size(), 1u);
    EXPECT_EQ(c.warnings()[0],
              "config/mvp_1sp_calibration.config:16: -mvpgpu_pipeline_widths: 14 values given "
              "where the option defines 13; the extra values are ignored");
    EXPECT_EQ(c.get_int("mvpgpu_n_gpc"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_n_tpc_per_gpc"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_n_sm_per_tpc"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_n_sp_per_sm"), 1);
    EXPECT_EQ(c.get_int("mvpgpu_max_concurrent_kernel"), 8);
    EXPECT_EQ(c.get_double_list("mvpgpu_clock_domains"),
              (std::vector<double>{1000, 1000, 1000, 800, 1000, 1000, 1000, 1000}));
    EXPECT_EQ(c.get_int_list("mvpgpu_pipeline_widths"),
              (std::vector<int64_t>{4, 4, 0, 4, 4, 4, 4, 0, 4, 4, 4, 4, 0}));
    EXPECT_EQ(c.origin("mvpgpu_pipeline_widths"), "config/mvp_1sp_calibration.config:16");
    EXPECT_EQ(c.get_int("gpgpu_num_sfu_units_per_sp"), 2);
    EXPECT_EQ(c.get_int_list("ptx_opcode_latency_int").size(), 6u);
    EXPECT_EQ(c.get_int_list("ptx_opcode_initiation_fp").size(), 5u);
    EXPECT_EQ(c.get_int("mvpgpu_local_mem_num_banks"), 8);
    EXPECT_EQ(c.origin("mvpgpu_local_mem_write_cycle"), "config/mvp_1sp_calibration.config:35");
    // The file does not name the platform: the option keeps its default.
    EXPECT_EQ(c.origin("mvpgpu_platform"), "default");
    EXPECT_NO_THROW(c.validate());
}

TEST(ConfigPlatformFiles, V21FileEqualsTheDefaults) {
    const Config defaults;
    Config c;
    c.load_file("config/mvp_v2_1.config");
    EXPECT_TRUE(c.warnings().empty());
    for (const OptionSpec& s : option_specs()) {
        EXPECT_EQ(c.text(s.name), defaults.text(s.name)) << s.name;
        EXPECT_NE(c.origin(s.name), "default") << s.name << " is not written in the file";
    }
}

TEST(ConfigPlatformFiles, OneSpFile) {
    Config c;
    c.load_file("config/mvp_1sp.config");
    EXPECT_TRUE(c.warnings().empty());
    EXPECT_EQ(c.get_string("mvpgpu_platform"), "mvp_1sp");
    for (const char* n :
         {"mvpgpu_n_gpc", "mvpgpu_n_tpc_per_gpc", "mvpgpu_n_sm_per_tpc", "mvpgpu_n_sp_per_sm"})
        EXPECT_EQ(c.get_int(n), 1) << n;
}

TEST(ConfigValidate, CrossOptionChecks) {
    Config c;
    c.set("mvpgpu_local_mem_size", "16384", "command line");
    EXPECT_EQ(error_of([&] { c.validate(); }),
              "the private stacks need -mvpgpu_n_threads_per_sp 64 x "
              "-mvpgpu_private_stack_bytes 320 = 20480 bytes, more than -mvpgpu_local_mem_size "
              "16384");
    c.set("mvpgpu_n_threads_per_sp", "48", "command line");
    EXPECT_NO_THROW(c.validate());  // 48 x 320 = 15360
    c.set("mvpgpu_n_threads_per_sp_and_warp_size", "32", "command line");
    EXPECT_EQ(error_of([&] { c.validate(); }),
              "-mvpgpu_n_threads_per_sp 48 (command line) is not a multiple of "
              "-mvpgpu_n_threads_per_sp_and_warp_size 32 (command line)");
}

TEST(ConfigJson, ParseableWithResolvedValues) {
    Config c;
    c.load_file(kCalibration);
    c.set("mvpgpu_divergence", "pdom", "command line");
    const std::string json = json_of(c);
    JsonChecker checker(json);
    ASSERT_TRUE(checker.document()) << json;
    // Every option, in declaration order.
    std::vector<std::string> names;
    for (const OptionSpec& s : option_specs()) names.push_back(s.name);
    EXPECT_EQ(checker.top_level_keys, names);
    EXPECT_NE(json.find("\n  \"mvpgpu_n_gpc\": 1,\n"), std::string::npos) << json;
    EXPECT_NE(json.find("\"mvpgpu_n_tpc_per_gpc\": 1,"), std::string::npos);
    EXPECT_NE(json.find("\"gpgpu_num_sfu_units_per_sp\": 2,"), std::string::npos);
    EXPECT_NE(json.find("\"mvpgpu_clock_domains\": [1000, 1000, 1000, 800, 1000, 1000, 1000, "
                        "1000],"),
              std::string::npos);
    EXPECT_NE(json.find("\"mvpgpu_pipeline_widths\": [4, 4, 0, 4, 4, 4, 4, 0, 4, 4, 4, 4, 0],"),
              std::string::npos);
    EXPECT_NE(json.find("\"mvpgpu_divergence\": \"pdom\","), std::string::npos);
    EXPECT_NE(json.find("\"mvpgpu_platform\": \"mvp_v2_1\""), std::string::npos);
    EXPECT_EQ(json.front(), '{');
    EXPECT_EQ(json.substr(json.size() - 2), "\n}");
}

TEST(ConfigJson, EmbeddedWithIndent) {
    const Config c;
    std::ostringstream os;
    os << "{\n  \"config\": ";
    c.write_json(os, 2);
    os << "\n}\n";
    const std::string json = os.str();
    JsonChecker checker(json);
    EXPECT_TRUE(checker.document()) << json;
    EXPECT_NE(json.find("\n    \"mvpgpu_n_gpc\": 1,\n"), std::string::npos) << json;
    EXPECT_NE(json.find("\n  }\n}\n"), std::string::npos) << json;
}

// A table with every option type, to test the types the model does not use yet.
const std::vector<OptionSpec>& test_specs() {
    static const std::vector<OptionSpec> specs = [] {
        std::vector<OptionSpec> s;
        s.push_back({"flag", OptionType::kBool, "0", "a boolean"});
        s.push_back({"ratio", OptionType::kDouble, "0.5", "a number"});
        s.push_back({"label", OptionType::kString, "plain", "any string"});
        s.push_back({"values", OptionType::kIntList, "1,2", "any number of integers"});
        OptionSpec bounded{"bounded", OptionType::kInt, "5", "an integer in 0..10"};
        bounded.min = 0;
        bounded.max = 10;
        s.push_back(bounded);
        return s;
    }();
    return specs;
}

TEST(ConfigTypes, BoolDoubleStringAndOpenLists) {
    Config c(test_specs());
    EXPECT_FALSE(c.get_bool("flag"));
    EXPECT_EQ(c.get_double("ratio"), 0.5);
    EXPECT_EQ(c.get_string("label"), "plain");
    EXPECT_EQ(c.get_int_list("values"), (std::vector<int64_t>{1, 2}));
    c.set("flag", "true", "t");
    EXPECT_TRUE(c.get_bool("flag"));
    c.set("flag", "0", "t");
    EXPECT_FALSE(c.get_bool("flag"));
    c.set("flag", "1", "t");
    EXPECT_TRUE(c.get_bool("flag"));
    EXPECT_EQ(error_of([&] { c.set("flag", "yes", "t"); }),
              "t: -flag: expected 0, 1, true or false, got 'yes'");
    c.set("ratio", "-2.5e-3", "t");
    EXPECT_EQ(c.get_double("ratio"), -2.5e-3);
    EXPECT_EQ(error_of([&] { c.set("ratio", "1.0.0", "t"); }),
              "t: -ratio: expected a number, got '1.0.0'");
    EXPECT_EQ(error_of([&] { c.set("ratio", "nan", "t"); }),
              "t: -ratio: expected a number, got 'nan'");
    c.set("values", "7", "t");
    EXPECT_EQ(c.get_int_list("values"), (std::vector<int64_t>{7}));
    c.set("values", "1,2,3,4,5,6,7,8,9,10", "t");
    EXPECT_EQ(c.get_int_list("values").size(), 10u);
    EXPECT_TRUE(c.warnings().empty());
    EXPECT_EQ(error_of([&] { c.set("bounded", "11", "t"); }),
              "t: -bounded: 11 is out of range: must be at most 10");
    c.set("label", "a \"quoted\" \\ value", "t");
    const std::string json = json_of(c);
    JsonChecker checker(json);
    EXPECT_TRUE(checker.document()) << json;
    EXPECT_NE(json.find("\"flag\": true,"), std::string::npos) << json;
    EXPECT_NE(json.find("\"ratio\": -0.0025,"), std::string::npos) << json;
    EXPECT_NE(json.find("\"label\": \"a \\\"quoted\\\" \\\\ value\","), std::string::npos) << json;
    EXPECT_NE(json.find("\"values\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],"), std::string::npos);
}

TEST(ConfigTypes, ChoiceListsInDeclaredOrder) {
    Config c;
    EXPECT_EQ(c.get_string("mvpgpu_rtl_blocks"), "none");
    c.set("mvpgpu_rtl_blocks", "mp_ipdom, scoreboard", "t");
    EXPECT_EQ(c.get_string("mvpgpu_rtl_blocks"), "scoreboard,mp_ipdom");
    c.set("mvpgpu_rtl_blocks", "mp_ipdom", "t");
    EXPECT_EQ(c.get_string("mvpgpu_rtl_blocks"), "mp_ipdom");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_rtl_blocks", "scoreboard,fpu", "t"); }),
              "t: -mvpgpu_rtl_blocks: 'fpu' is not one of none, scoreboard, mp_ipdom (in "
              "'scoreboard,fpu')");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_rtl_blocks", "mp_ipdom,mp_ipdom", "t"); }),
              "t: -mvpgpu_rtl_blocks: 'mp_ipdom' is given twice (in 'mp_ipdom,mp_ipdom')");
    EXPECT_EQ(error_of([&] { c.set("mvpgpu_rtl_blocks", "scoreboard,", "t"); }),
              "t: -mvpgpu_rtl_blocks: '' is not one of none, scoreboard, mp_ipdom (in "
              "'scoreboard,')");
    EXPECT_EQ(c.get_string("mvpgpu_rtl_blocks"), "mp_ipdom");  // a failed set changes nothing
    EXPECT_NE(Config::help().find("a ','-separated list of"), std::string::npos);
}

TEST(ConfigTypes, BadTablesRejected) {
    static const std::vector<OptionSpec> twice = {{"a", OptionType::kInt, "1", "first"},
                                                  {"a", OptionType::kInt, "2", "second"}};
    EXPECT_EQ(error_of([] { Config c(twice); }), "option table: -a is declared twice");
    static const std::vector<OptionSpec> bad_default = {{"n", OptionType::kInt, "x", "n"}};
    EXPECT_EQ(error_of([] { Config c(bad_default); }), "default: -n: expected an integer, got 'x'");
}

TEST(ConfigHelp, ListsEveryOption) {
    const std::string help = Config::help();
    for (const OptionSpec& s : option_specs()) {
        EXPECT_NE(help.find(std::string("\n-") + s.name + " "), std::string::npos) << s.name;
        EXPECT_NE(help.find(s.default_value), std::string::npos) << s.name;
    }
    EXPECT_NE(help.find("OPT_INT64"), std::string::npos);
    EXPECT_NE(help.find("OPT_CSTR"), std::string::npos);
    EXPECT_NE(help.find("OPT_DOUBLE[8]"), std::string::npos);
    EXPECT_NE(help.find("OPT_INT64[13]"), std::string::npos);
    EXPECT_NE(help.find("one of pdom|mpipdom"), std::string::npos);
    EXPECT_NE(help.find("a power of two"), std::string::npos);
    for (size_t start = 0, end; (end = help.find('\n', start)) != std::string::npos;
         start = end + 1) {
        const std::string line = help.substr(start, end - start);
        // Only a row whose default is long may pass 100 columns.
        if (line.size() > 100) {
            EXPECT_NE(line.find("1000.0:"), std::string::npos) << line;
        }
    }
}

}  // namespace
}  // namespace mvp::config
