// Options of command processor, DMA, host memory, tracing and checking.

#include "option_table.h"

namespace mvp::config {

std::vector<OptionSpec> platform_options() {
    return {};
}

}  // namespace mvp::config
