#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace mvp::sim {

// A sampled quantity: queue depth, occupancy, latency. Keeps count, sum and maximum.
struct Sampler {
    uint64_t count = 0;
    double sum = 0;
    double max = 0;
    void sample(double v) {
        ++count;
        sum += v;
        if (v > max) max = v;
    }
    double mean() const { return count ? sum / count : 0.0; }
};

// The statistics of one module instance: plain counters and samplers that the module owns as
// members, registered here by name with a description, plus formulas computed when the
// statistics are written. Registering costs nothing at run time: the module increments its
// own variables. Groups form a tree by their hierarchical path ("mvp.gpc0.tpc0.sm0.sp0.icc").
class StatGroup {
  public:
    explicit StatGroup(std::string path);
    ~StatGroup();
    StatGroup(const StatGroup&) = delete;
    StatGroup& operator=(const StatGroup&) = delete;

    const std::string& path() const { return path_; }

    void add(const std::string& name, const uint64_t* counter, const std::string& description);
    void add(const std::string& name, const Sampler* sampler, const std::string& description);
    void add(const std::string& name, std::function<double()> formula,
             const std::string& description);

    struct Entry {
        enum class Kind : uint8_t { kCounter, kSampler, kFormula };
        std::string name;
        Kind kind;
        const uint64_t* counter = nullptr;
        const Sampler* sampler = nullptr;
        std::function<double()> formula;
        std::string description;

        // The value as a number: the count, the sampler's mean, or the formula's result.
        double value() const {
            if (counter) return static_cast<double>(*counter);
            if (sampler) return sampler->mean();
            return formula();
        }
    };
    const std::vector<Entry>& entries() const { return entries_; }

    // Every group alive in this process, in creation order.
    static const std::vector<StatGroup*>& all();
    // The statistic `name` of the group at `path`, or nullptr.
    static const Entry* find(const std::string& path, const std::string& name);

    // The tree of all groups as one JSON object, nested by path; a sampler is an object
    // {"mean", "max", "samples"}.
    static void write_json(std::ostream& os, int indent);
    // The same as text, one statistic a line: "path.name value # description".
    static void write_text(std::ostream& os);
    // This group's lines of write_text without the path ("name value # description").
    std::vector<std::string> lines() const;

  private:
    static std::string text(const Entry& e);

    std::string path_;
    std::vector<Entry> entries_;
};

}  // namespace mvp::sim
