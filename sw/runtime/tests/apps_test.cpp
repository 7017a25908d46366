// The host programs of sw/apps, run as a user runs them, and the device-selection variables.

#include <cstdio>
#include <fstream>
#include <string>

#include "cl_test_util.h"

namespace mvp::runtime::test {
namespace {

TEST(Apps, SeedSquarePrintsAllCorrect) {
    CommandResult r = run_command(app_path("square_host") + " sw/kernels/cl_hello/_cl_hello.s");
    EXPECT_EQ(r.exit_status, 0) << r.output;
    EXPECT_EQ(r.output, "Computed '32/32' correct values!\n");
}

TEST(Apps, SeedSquareOnTheFunctionalEngine) {
    CommandResult r = run_command("MVP_FUNCTIONAL=1 " + app_path("square_host") +
                                  " sw/kernels/cl_hello/_cl_hello.s");
    EXPECT_EQ(r.exit_status, 0) << r.output;
    EXPECT_EQ(r.output, "Computed '32/32' correct values!\n");
}

TEST(Apps, SeedSquareShowsTheBuildLog) {
    std::string path = testing::TempDir() + "broken_kernel.s";
    {
        std::ofstream out(path);
        out << "\t.text\n\t.globl\tsquare\nsquare:\n\tfmul\t$3, $3\n";
    }
    CommandResult r = run_command(app_path("square_host") + " " + path);
    EXPECT_EQ(r.exit_status, 1);
    EXPECT_NE(r.output.find("Error: Failed to build program executable!\nsource.s:4:"),
              std::string::npos)
        << r.output;
    std::remove(path.c_str());
}

TEST(Apps, Saxpy) {
    for (const char* n : {"", " 1", " 4097"}) {
        CommandResult r = run_command(app_path("saxpy") + " sw/apps/saxpy/saxpy.s" + n);
        EXPECT_EQ(r.exit_status, 0) << r.output;
        EXPECT_NE(r.output.find(": PASSED\n"), std::string::npos) << r.output;
    }
}

TEST(Apps, Reduce) {
    for (const char* n : {"", " 64", " 3000"}) {
        CommandResult r = run_command(app_path("reduce") + " sw/apps/reduce/reduce.s" + n);
        EXPECT_EQ(r.exit_status, 0) << r.output;
        EXPECT_NE(r.output.find(": PASSED\n"), std::string::npos) << r.output;
    }
}

TEST(Apps, ConfigFileSelectsThePlatform) {
    CommandResult r =
        run_command("MVP_CONFIG=sw/runtime/tests/mvp_1sp.config " + app_path("clinfo"));
    EXPECT_EQ(r.exit_status, 0) << r.output;
    EXPECT_NE(r.output.find("device name: MVP GPU mvp_1sp\n"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("max compute units: 1\n"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("max work-group size: 1024\n"), std::string::npos) << r.output;
}

TEST(Apps, BadConfigFileMeansNoDevice) {
    CommandResult r = run_command("MVP_CONFIG=sw/runtime/tests/no_such.config " +
                                      app_path("square_host") + " sw/kernels/cl_hello/_cl_hello.s",
                                  true);
    EXPECT_EQ(r.exit_status, 1);
    EXPECT_NE(r.output.find("mvp opencl: no device: sw/runtime/tests/no_such.config"),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("Error: Failed to create a device group!"), std::string::npos);
}

}  // namespace
}  // namespace mvp::runtime::test
