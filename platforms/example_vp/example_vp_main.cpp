// mvp_example_vp: runs the example virtual platform (platforms/example_vp/README.md).

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <systemc>

#include "example_vp.h"

namespace {

constexpr char kUsage[] =
    "usage: mvp_example_vp PROGRAM.mvpx\n"
    "  runs the example VP: its CPU loads PROGRAM.mvpx (with the kernels vec_add and\n"
    "  abs_clamp) into the VP's RAM, queues both kernels on the GPU's command ring and checks\n"
    "  their results; exit status 0 when they are correct\n";

// The longest the VP may run, in simulated time, before it is called stuck.
constexpr double kMaxSimulatedMs = 1000;

int fail(const std::string& message) {
    std::fprintf(stderr, "mvp_example_vp: error: %s\n", message.c_str());
    return 1;
}

}  // namespace

int sc_main(int argc, char** argv) {
    std::string program;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        }
        if (a.size() > 1 && a[0] == '-') return fail("unknown option '" + a + "'");
        if (!program.empty()) return fail("more than one program ('" + program + "', '" + a + "')");
        program = a;
    }
    if (program.empty()) return fail(std::string("no program given\n") + kUsage);

    using namespace mvp::example_vp;
    std::unique_ptr<ExampleVp> vp;
    try {
        vp = std::make_unique<ExampleVp>("vp", program, std::cout);
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    // The CPU stops the simulation when its driver returns: that is no news.
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO,
                                            sc_core::SC_DO_NOTHING);
    sc_core::sc_start(sc_core::sc_time(kMaxSimulatedMs, sc_core::SC_MS));
    if (!vp->cpu().finished())
        return fail("the driver did not finish within " + std::to_string(kMaxSimulatedMs) +
                    " ms of simulated time");
    if (vp->cpu().status() != 0) return fail(vp->cpu().error());
    std::printf(
        "vp: %.3f us simulated; RAM: %llu b_transport calls, %llu DMI grants; router: %llu "
        "decode errors\n",
        sc_core::sc_time_stamp().to_seconds() * 1e6,
        static_cast<unsigned long long>(vp->memory().b_transports()),
        static_cast<unsigned long long>(vp->memory().dmi_grants()),
        static_cast<unsigned long long>(vp->router().decode_errors()));
    std::printf("vp: PASS\n");
    return 0;
}
