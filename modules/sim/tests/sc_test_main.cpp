// The main of every SystemC test binary: GoogleTest inside sc_main. Any SystemC warning or
// error is a test failure, unless a test collects it on purpose with ExpectReports.

#include "sc_test_main.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <systemc>

namespace mvp::sim::testing {
namespace {

int g_expecting = 0;
std::vector<std::string> g_messages;

void handler(const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
    if (report.get_severity() == sc_core::SC_INFO) return;
    std::string msg = std::string(report.get_msg_type()) + ": " + report.get_msg();
    if (g_expecting) {
        g_messages.push_back(msg);
        return;
    }
    ADD_FAILURE() << "SystemC "
                  << (report.get_severity() == sc_core::SC_WARNING ? "warning" : "error") << ": "
                  << msg;
    if (report.get_severity() == sc_core::SC_FATAL) {
        (void)actions;
        std::abort();
    }
}

}  // namespace

ExpectReports::ExpectReports() {
    ++g_expecting;
    g_messages.clear();
}
ExpectReports::~ExpectReports() { --g_expecting; }
const std::vector<std::string>& ExpectReports::messages() const { return g_messages; }

}  // namespace mvp::sim::testing

int sc_main(int argc, char** argv) {
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    sc_core::sc_report_handler::set_handler(mvp::sim::testing::handler);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
