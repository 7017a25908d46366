#pragma once

#include <string>
#include <vector>

namespace mvp::sim::testing {

// While an instance lives, SystemC errors and warnings are collected instead of failing the
// test (for tests that provoke them on purpose).
class ExpectReports {
  public:
    ExpectReports();
    ~ExpectReports();
    const std::vector<std::string>& messages() const;
};

}  // namespace mvp::sim::testing
