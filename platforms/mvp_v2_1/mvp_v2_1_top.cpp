#include "platforms/platform_top.h"

namespace mvp {

// MVP V2.1 as MVPGPU-Sim's configuration describes it: 32 SPs, 4 per SM, 2 SMs per TPC, 4 TPCs
// in the one GPC. The rest of the chip (clocks, caches, interconnect, DDR) comes from the
// configuration (config/mvp_v2_1.config and the defaults of modules/config).
const PlatformTop& mvp_v2_1_top() {
    static const PlatformTop top("mvp_v2_1", "MVP V2.1: 1 GPC, 4 TPC, 8 SM, 32 SP", 1, 4, 2, 4);
    return top;
}

}  // namespace mvp
