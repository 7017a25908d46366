#pragma once

#include <cstdint>
#include <string_view>

namespace mvp::isa {

// Special registers read by `rdsr rd, rs, %name` (rd = SR[number(name) + rs]). Each name
// is the first of three consecutive registers, one per NDRange dimension (x, y, z), so that a
// work-item builtin can index it with its dimension argument. They are written by the
// dispatcher when a thread is started and read-only for the kernel.
enum class SpecialRegister : uint8_t {
    kGlobalId = 0,            // get_global_id
    kLocalId = 4,             // get_local_id
    kGroupId = 8,             // get_group_id
    kLocalSize = 12,          // get_local_size (this group's actual size)
    kEnqueuedLocalSize = 16,  // the work-group size given at the launch
    kGlobalSize = 20,         // get_global_size
    kNumGroups = 24,          // get_num_groups
    kGlobalOffset = 28,       // get_global_offset
    kWorkDim = 32,            // get_work_dim (one register)
    kSpId = 33,               // the SP that runs this thread
    kWarpId = 34,             // the warp of this thread within its SP
    kLaneId = 35,             // the lane of this thread within its warp
    kLocalBase = 36,          // the work-group's area of local memory (__local variables)
};

inline constexpr unsigned kNumSpecialRegisters = 37;

struct SpecialRegisterName {
    std::string_view name;
    SpecialRegister sr;
};

inline constexpr SpecialRegisterName kSpecialRegisterNames[] = {
    {"global_id", SpecialRegister::kGlobalId},
    {"local_id", SpecialRegister::kLocalId},
    {"group_id", SpecialRegister::kGroupId},
    {"local_size", SpecialRegister::kLocalSize},
    {"enqueued_local_size", SpecialRegister::kEnqueuedLocalSize},
    {"global_size", SpecialRegister::kGlobalSize},
    {"num_groups", SpecialRegister::kNumGroups},
    {"global_offset", SpecialRegister::kGlobalOffset},
    {"work_dim", SpecialRegister::kWorkDim},
    {"sp_id", SpecialRegister::kSpId},
    {"warp_id", SpecialRegister::kWarpId},
    {"lane_id", SpecialRegister::kLaneId},
    {"local_base", SpecialRegister::kLocalBase},
};

}  // namespace mvp::isa
