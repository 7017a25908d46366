// mvp-trace-diff: compares two commit logs, or two pipeline logs (--stages), and reports the
// first functional difference and the timing skew (doc/rtl-cosim.md).

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "sw/tools/commit_log_reader.h"
#include "sw/tools/pipeline_log_reader.h"
#include "sw/tools/stage_diff.h"
#include "sw/tools/trace_diff.h"
#include "sw/tools/trace_error.h"

namespace {

enum ExitCode { kSame = 0, kDifferent = 1, kBadInput = 2, kSkewOverLimit = 3 };

constexpr char kUsage[] =
    "usage: mvp-trace-diff [options] A.log B.log\n"
    "       mvp-trace-diff --stages [options] A.csv B.csv\n"
    "  compares two commit logs (doc/commit-log.md) warp by warp, or with --stages two\n"
    "  pipeline logs (mvpsim --pipeline-log) stage by stage: the first functional difference\n"
    "  and the timing skew B - A (mean, median, 95th percentile, min, max) per instruction\n"
    "  class or per stage\n"
    "options:\n"
    "  --ignore-source       compare PC, mask and lane effects only, not the source column and\n"
    "                        instruction text (one log written with --no-debug-map, an RTL log)\n"
    "  --context N           lines of the warp shown around the first difference (default 3)\n"
    "  --max-skew N          exit 3 when some matched instruction's |B - A| exceeds N cycles\n"
    "  --max-mean-skew X     exit 3 when the mean B - A exceeds X cycles in magnitude\n"
    "exit status: 0 identical (within the skew limits), 1 functional difference, 2 bad input,\n"
    "  3 functionally identical but over a skew limit\n";

int usage_error(const std::string& message) {
    std::cerr << "mvp-trace-diff: error: " << message << "\n" << kUsage;
    return kBadInput;
}

bool parse_number(const std::string& text, double* v) {
    char* end = nullptr;
    *v = std::strtod(text.c_str(), &end);
    return !text.empty() && *end == '\0' && std::isfinite(*v) && *v >= 0;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace mvp::tools;
    std::vector<std::string> files;
    bool stages = false;
    TraceDiff::Options options;
    double max_skew = -1, max_mean_skew = -1;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](double* v) {
            if (i + 1 >= argc || !parse_number(argv[i + 1], v)) return false;
            ++i;
            return true;
        };
        if (a == "-h" || a == "--help") {
            std::cout << kUsage;
            return kSame;
        } else if (a == "--stages") {
            stages = true;
        } else if (a == "--ignore-source") {
            options.ignore_source = true;
        } else if (a == "--context") {
            double v;
            if (!value(&v) || v != std::floor(v) || v > 1000)
                return usage_error("--context needs a number of lines (0 to 1000)");
            options.context = static_cast<unsigned>(v);
        } else if (a == "--max-skew") {
            if (!value(&max_skew)) return usage_error("--max-skew needs a number of cycles");
        } else if (a == "--max-mean-skew") {
            if (!value(&max_mean_skew))
                return usage_error("--max-mean-skew needs a number of cycles");
        } else if (a.size() > 1 && a[0] == '-') {
            return usage_error("unknown option '" + a + "'");
        } else {
            files.push_back(a);
        }
    }
    if (files.size() != 2) return usage_error("expected two files, A and B");

    try {
        bool equal;
        SkewStats::Summary overall;
        std::string report;
        if (stages) {
            StageDiff d(files[0], PipelineLogReader::read(files[0]), files[1],
                        PipelineLogReader::read(files[1]), options.ignore_source);
            equal = d.functionally_equal();
            report = d.report();
            // The limits apply to every stage.
            for (size_t s = 0; s < d.stages().size(); ++s) {
                const SkewStats::Summary x = d.skew(s).summary();
                if (x.max_abs() > overall.max_abs()) {
                    overall.max = x.max;
                    overall.min = x.min;
                }
                if (std::fabs(x.mean) > std::fabs(overall.mean)) overall.mean = x.mean;
            }
        } else {
            TraceDiff d(files[0], CommitLogReader::read(files[0]), files[1],
                        CommitLogReader::read(files[1]), options);
            equal = d.functionally_equal();
            report = d.report();
            overall = d.skew().summary();
        }
        std::cout << report;
        if (!equal) return kDifferent;
        std::string over;
        if (max_skew >= 0 && static_cast<double>(overall.max_abs()) > max_skew)
            over = "the largest |B - A| is " + std::to_string(overall.max_abs()) +
                   " cycles, over --max-skew";
        if (max_mean_skew >= 0 && std::fabs(overall.mean) > max_mean_skew) {
            char buf[96];
            std::snprintf(buf, sizeof buf, "the mean B - A is %.2f cycles, over --max-mean-skew",
                          overall.mean);
            over += (over.empty() ? "" : "; ") + std::string(buf);
        }
        if (!over.empty()) {
            std::cout << "TIMING: " << over << "\n";
            return kSkewOverLimit;
        }
        return kSame;
    } catch (const TraceError& e) {
        std::cerr << "mvp-trace-diff: error: " << e.what() << "\n";
        return kBadInput;
    }
}
