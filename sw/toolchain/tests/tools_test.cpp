#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "sw/toolchain/build.h"
#include "sw/toolchain/object_file.h"

namespace mvp::toolchain {
namespace {

const std::string kKernelDir = std::string(MVP_SOURCE_DIR) + "/sw/kernels/cl_hello/";

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void spit(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

bool exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

// Runs the command-line tools in a fresh scratch directory.
class Tools : public ::testing::Test {
  protected:
    void SetUp() override {
        const char* tmp = std::getenv("TMPDIR");
        std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/mvp_tools_test_XXXXXX";
        ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
        dir_ = tmpl;
    }
    void TearDown() override {
        std::string cmd = "rm -rf '" + dir_ + "'";
        EXPECT_EQ(std::system(cmd.c_str()), 0);
    }

    // Runs `tool args` in the scratch directory; returns the exit status and keeps the output.
    int run(const std::string& tool, const std::string& args) {
        std::string cmd =
            "cd '" + dir_ + "' && '" + tool + "' " + args + " >stdout.txt 2>stderr.txt";
        int status = std::system(cmd.c_str());
        out_ = slurp(path("stdout.txt"));
        err_ = slurp(path("stderr.txt"));
        ::unlink(path("stdout.txt").c_str());
        ::unlink(path("stderr.txt").c_str());
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

    std::string path(const std::string& name) const { return dir_ + "/" + name; }

    std::vector<std::string> files() const {
        std::vector<std::string> names;
        DIR* d = ::opendir(dir_.c_str());
        while (dirent* e = ::readdir(d)) {
            std::string n = e->d_name;
            if (n != "." && n != "..") names.push_back(n);
        }
        ::closedir(d);
        std::sort(names.begin(), names.end());
        return names;
    }

    std::string dir_, out_, err_;
};

TEST_F(Tools, AssembleLinkDump) {
    spit(path("_cl_hello.s"), slurp(kKernelDir + "_cl_hello.s"));
    ASSERT_EQ(run(MVP_AS_PATH, "_cl_hello.s -o k.mvpo"), 0) << err_;
    EXPECT_EQ(err_, "");
    ASSERT_EQ(run(MVP_LD_PATH, "k.mvpo -o k.mvpx"), 0) << err_;
    EXPECT_EQ(files(), (std::vector<std::string>{"_cl_hello.s", "k.mvpo", "k.mvpx"}));

    std::ifstream in(path("k.mvpx"), std::ios::binary);
    Program p = Program::read(in);
    EXPECT_EQ(listing(p), slurp(kKernelDir + "_cl_hello.lst"));
    EXPECT_EQ(p.code, build_program_from_files({kKernelDir + "_cl_hello.s"}).code);

    ASSERT_EQ(run(MVP_OBJDUMP_PATH, "--listing k.mvpx"), 0) << err_;
    EXPECT_EQ(out_, slurp(kKernelDir + "_cl_hello.lst"));

    ASSERT_EQ(run(MVP_OBJDUMP_PATH, "k.mvpx"), 0) << err_;
    EXPECT_NE(
        out_.find("\n<function square>\nsquare:  (global)\n"
                  "  0x0000  0000000000000001  sub $0, $0, $0                  _cl_hello.s:13\n"),
        std::string::npos)
        << out_;
    EXPECT_NE(out_.find("\n  0x0058  0000009000704014  beq $4, $0, 0x0090              "
                        "_cl_hello.s:24  reconverge 0x0090\n"
                        "  0x0060  0000006800000018  jp 0x0068                       "
                        "_cl_hello.s:25\n.LBB0_1:\n"),
              std::string::npos)
        << out_;
    EXPECT_NE(out_.find("  0x0000-0x00c8  square\n"), std::string::npos);

    ASSERT_EQ(run(MVP_OBJDUMP_PATH, "k.mvpo"), 0) << err_;
    EXPECT_NE(out_.find("  0x0038  0000000000000019  jplnk 0x0000                    "
                        "_cl_hello.s:20  reloc _Z13get_global_idj\n"),
              std::string::npos)
        << out_;
}

TEST_F(Tools, AssemblerDefaultOutputName) {
    spit(path("k.s"), "\tsync\n");
    ASSERT_EQ(run(MVP_AS_PATH, "k.s"), 0) << err_;
    EXPECT_TRUE(exists(path("k.mvpo")));
}

TEST_F(Tools, LinkerWithoutRuntime) {
    spit(path("a.s"), "\t.globl __mvp_exit_stub\n__mvp_exit_stub:\texit\n");
    ASSERT_EQ(run(MVP_LD_PATH, "--no-runtime a.s -o a.mvpx"), 0) << err_;
    std::ifstream in(path("a.mvpx"), std::ios::binary);
    Program p = Program::read(in);
    EXPECT_EQ(p.code.size(), 1u);
    EXPECT_EQ(p.exit_stub_pc, 0u);
    EXPECT_EQ(p.user_code_end, 8u);
}

TEST_F(Tools, AssemblerErrorLeavesNoFile) {
    spit(path("bad.s"), "\tsync\n\tfoo $1\n");
    EXPECT_EQ(run(MVP_AS_PATH, "bad.s -o bad.mvpo"), 1);
    EXPECT_EQ(err_, "bad.s:2:2: error: unknown mnemonic 'foo'\n");
    EXPECT_EQ(out_, "");
    EXPECT_EQ(files(), std::vector<std::string>{"bad.s"});
}

TEST_F(Tools, LinkerErrorLeavesNoFile) {
    spit(path("a.s"), "\tjp missing\n");
    ASSERT_EQ(run(MVP_AS_PATH, "a.s -o a.mvpo"), 0) << err_;
    EXPECT_EQ(run(MVP_LD_PATH, "a.mvpo -o a.mvpx"), 1);
    EXPECT_EQ(err_, "a.s:1:5: error: undefined label 'missing'\n");
    EXPECT_EQ(files(), (std::vector<std::string>{"a.mvpo", "a.s"}));
}

TEST_F(Tools, TruncatedObjectIsRejected) {
    spit(path("a.s"), "\tsync\n");
    ASSERT_EQ(run(MVP_AS_PATH, "a.s -o a.mvpo"), 0) << err_;
    std::string b = slurp(path("a.mvpo"));
    spit(path("a.mvpo"), b.substr(0, b.size() - 3));
    EXPECT_EQ(run(MVP_LD_PATH, "a.mvpo -o a.mvpx"), 1);
    EXPECT_EQ(err_.find("a.mvpo: error: malformed .mvpo file: "), 0u) << err_;
    EXPECT_EQ(std::count(err_.begin(), err_.end(), '\n'), 1);
    EXPECT_FALSE(exists(path("a.mvpx")));
    EXPECT_EQ(run(MVP_OBJDUMP_PATH, "a.mvpo"), 1);
    EXPECT_EQ(err_.find("a.mvpo: error: malformed .mvpo file: "), 0u) << err_;
}

TEST_F(Tools, UnwritableOutputLeavesNoFile) {
    spit(path("a.s"), "\tsync\n");
    EXPECT_EQ(run(MVP_AS_PATH, "a.s -o no/such/dir/a.mvpo"), 1);
    EXPECT_EQ(err_.find("mvp-as: error: cannot write no/such/dir/a.mvpo: "), 0u) << err_;
    EXPECT_EQ(files(), std::vector<std::string>{"a.s"});
}

TEST_F(Tools, UsageErrors) {
    EXPECT_EQ(run(MVP_AS_PATH, ""), 1);
    EXPECT_EQ(run(MVP_AS_PATH, "--bogus x.s"), 1);
    EXPECT_EQ(err_, "mvp-as: error: unknown option '--bogus'\n");
    EXPECT_EQ(run(MVP_LD_PATH, "-o"), 1);
    EXPECT_EQ(run(MVP_OBJDUMP_PATH, "missing.mvpx"), 1);
    EXPECT_EQ(err_, "missing.mvpx: error: cannot read file: No such file or directory\n");
    EXPECT_TRUE(files().empty());
}

}  // namespace
}  // namespace mvp::toolchain
