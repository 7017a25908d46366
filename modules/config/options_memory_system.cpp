// Options of interconnect (noc) and DDR controller.

#include "option_table.h"

namespace mvp::config {

std::vector<OptionSpec> memory_system_options() {
    return {};
}

}  // namespace mvp::config
