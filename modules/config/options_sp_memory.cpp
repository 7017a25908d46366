// Options of the SP memory-side blocks: icc, xi, dcc, occ, local memory, ldst and MSHRs.

#include "option_table.h"

namespace mvp::config {

std::vector<OptionSpec> sp_memory_options() {
    return {};
}

}  // namespace mvp::config
