#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mvp::tools {

// The distribution of cycle differences (B - A) over matched instructions or stages: count,
// mean, median, 95th percentile, minimum and maximum. Percentiles are nearest-rank: the p-th
// percentile is the smallest difference that at least p% of the differences do not exceed.
class SkewStats {
  public:
    void add(int64_t skew) { values_.push_back(skew); }
    size_t count() const { return values_.size(); }

    struct Summary {
        size_t count = 0;
        double mean = 0;
        int64_t median = 0;
        int64_t p95 = 0;
        int64_t min = 0;
        int64_t max = 0;
        // The largest |B - A|.
        int64_t max_abs() const { return max > -min ? max : -min; }
    };
    Summary summary() const;

    // The table header and one row ("name count mean median p95 min max"), fixed columns.
    static std::string header(const std::string& first_column);
    static std::string row(const std::string& name, const Summary& s);

  private:
    std::vector<int64_t> values_;
};

}  // namespace mvp::tools
