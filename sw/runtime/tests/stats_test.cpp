// MVP_STATS: the runtime appends one statistics line per finished kernel.

#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

// The lines of the statistics file, each as its key=value fields.
std::vector<std::map<std::string, std::string>> stats_lines(const std::string& path) {
    std::vector<std::map<std::string, std::string>> lines;
    std::istringstream text(read_text(path));
    std::string line;
    while (std::getline(text, line)) {
        std::map<std::string, std::string> fields;
        std::istringstream words(line);
        std::string word;
        while (words >> word) {
            size_t eq = word.find('=');
            if (eq != std::string::npos) fields[word.substr(0, eq)] = word.substr(eq + 1);
        }
        lines.push_back(fields);
    }
    return lines;
}

// Runs the seed program with MVP_STATS (and `env`), twice into one file.
std::vector<std::map<std::string, std::string>> run_square(const std::string& env) {
    std::string path = testing::TempDir() + "mvp_stats.txt";
    std::remove(path.c_str());
    for (int i = 0; i < 2; ++i) {
        CommandResult r = run_command(env + " MVP_STATS=" + path + " " + app_path("square_host") +
                                      " sw/kernels/cl_hello/_cl_hello.s");
        EXPECT_EQ(r.exit_status, 0) << r.output;
    }
    auto lines = stats_lines(path);
    std::remove(path.c_str());
    return lines;
}

TEST(Stats, OneLinePerKernelOnBothEngines) {
    auto functional = run_square("MVP_FUNCTIONAL=1");
    auto timing = run_square("");
    ASSERT_EQ(functional.size(), 2u);
    ASSERT_EQ(timing.size(), 2u);
    for (const auto& line : functional) {
        EXPECT_EQ(line.at("kernel"), "square");
        EXPECT_EQ(line.at("engine"), "functional");
        EXPECT_EQ(line.at("cycles"), "0");
        EXPECT_EQ(line.at("warp_size"), "1");
        EXPECT_EQ(line.at("warp_instructions"), line.at("thread_instructions"));
        EXPECT_GT(std::stoull(line.at("thread_instructions")), 0u);
    }
    for (const auto& line : timing) {
        EXPECT_EQ(line.at("kernel"), "square");
        EXPECT_EQ(line.at("engine"), "timing");
        EXPECT_GT(std::stoull(line.at("cycles")), 0u);
        // The same program retires the same thread instructions on either engine.
        EXPECT_EQ(line.at("thread_instructions"), functional[0].at("thread_instructions"));
        EXPECT_LT(std::stoull(line.at("warp_instructions")),
                  std::stoull(line.at("thread_instructions")));
    }
    EXPECT_EQ(timing[0].at("cycles"), timing[1].at("cycles"));
}

TEST(Stats, UnwritableFileIsReported) {
    CommandResult r = run_command("MVP_FUNCTIONAL=1 MVP_STATS=/nonexistent-dir/stats.txt " +
                                      app_path("square_host") + " sw/kernels/cl_hello/_cl_hello.s",
                                  true);
    EXPECT_EQ(r.exit_status, 0) << r.output;
    EXPECT_NE(r.output.find("mvp opencl: MVP_STATS: cannot open /nonexistent-dir/stats.txt for "
                            "appending\n"),
              std::string::npos)
        << r.output;
}

}  // namespace
}  // namespace mvp::runtime::test
