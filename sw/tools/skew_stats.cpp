#include "skew_stats.h"

#include <algorithm>
#include <cstdio>

namespace mvp::tools {

SkewStats::Summary SkewStats::summary() const {
    Summary s;
    s.count = values_.size();
    if (values_.empty()) return s;
    std::vector<int64_t> v = values_;
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (int64_t x : v) sum += static_cast<double>(x);
    s.mean = sum / static_cast<double>(v.size());
    // Nearest rank: ceil(p * n / 100), 1-based.
    auto rank = [&](unsigned p) { return v[(p * v.size() + 99) / 100 - 1]; };
    s.median = rank(50);
    s.p95 = rank(95);
    s.min = v.front();
    s.max = v.back();
    return s;
}

std::string SkewStats::header(const std::string& first_column) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "  %-14s %9s %9s %7s %7s %7s %7s", first_column.c_str(), "count",
                  "mean", "median", "p95", "min", "max");
    return buf;
}

std::string SkewStats::row(const std::string& name, const Summary& s) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "  %-14s %9zu %9.2f %7lld %7lld %7lld %7lld", name.c_str(),
                  s.count, s.mean, static_cast<long long>(s.median), static_cast<long long>(s.p95),
                  static_cast<long long>(s.min), static_cast<long long>(s.max));
    return buf;
}

}  // namespace mvp::tools
