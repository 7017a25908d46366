#include "platforms/platform_top.h"

namespace mvp {

// The calibration platform: one SP behind the same interconnect, DDR, CP and DMA, for
// per-SP timing against RTL and quick experiments.
const PlatformTop& mvp_1sp_top() {
    static const PlatformTop top("mvp_1sp", "calibration platform: 1 GPC, 1 TPC, 1 SM, 1 SP", 1, 1,
                                 1, 1);
    return top;
}

}  // namespace mvp
