#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mvp::tools {

// Reads a pipeline log (the CSV of `mvpsim --pipeline-log`, doc/sp-pipeline.md) by its
// header: the columns sp, warp, seq, pc, mask, instruction and stall are found by name, and
// every column between `instruction` and `stall` is a stage whose cells are the cycles at which
// the instruction entered it (an empty cell: the instruction did not pass that stage). Columns
// after `stall` are kept as text. Errors name the file, the line and the column.
class PipelineLogReader {
  public:
    struct Row {
        unsigned sp = 0;
        unsigned warp = 0;
        uint64_t seq = 0;  // the warp's issue order
        uint64_t pc = 0;
        uint64_t mask = 0;
        std::string instruction;
        std::vector<int64_t> stages;  // per stage column; -1: empty cell
        std::string stall;
        size_t line = 0;
        std::string text;
    };
    struct Log {
        std::vector<std::string> stage_names;
        std::vector<Row> rows;
    };

    static Log read(const std::string& path);
};

}  // namespace mvp::tools
