#pragma once

#include <array>
#include <cstdint>

#include "modules/isa/opcode.h"

namespace mvp {

// The most lanes a warp memory instruction has (-mvpgpu_n_threads_per_sp_and_warp_size).
inline constexpr unsigned kMaxWarpLanes = 64;

// One warp memory instruction (a load, store or atomic), as the SP pipeline hands it to the
// LD/ST unit: the per-lane operands of the active lanes. Addresses are valid (aligned and
// mapped: the pipeline checks them and faults before issuing).
struct WarpMemoryRequest {
    uint64_t id = 0;  // the pipeline's tag, returned in the result
    uint32_t warp = 0;
    isa::Opcode op = isa::Opcode::kLdW;  // ld.*, st.*, atom.*
    uint32_t pc = 0;
    uint64_t lane_mask = 0;  // bit i: lane i is active
    std::array<uint32_t, kMaxWarpLanes> address{};
    // Stores: the value to store (its low access_size(op) bytes); atomics: rt.
    std::array<uint32_t, kMaxWarpLanes> data{};
    // atom.cas: rd before the instruction (the value compared with memory).
    std::array<uint32_t, kMaxWarpLanes> compare{};
};

// The completion of a warp memory instruction, delivered in issue order.
struct WarpMemoryResult {
    uint64_t id = 0;
    uint32_t warp = 0;
    isa::Opcode op = isa::Opcode::kLdW;
    uint32_t pc = 0;
    uint64_t lane_mask = 0;
    // Loads: the register value (isa::load_result applied); atomics: the old memory word;
    // stores: 0. Inactive lanes: 0.
    std::array<uint32_t, kMaxWarpLanes> value{};
    uint64_t issue_cycle = 0;     // the edge issue() was called at
    uint64_t complete_cycle = 0;  // the edge the completion was delivered at
    // A memory error response to one of its line requests (the first one): what failed
    // ("memory error response (TLM_ADDRESS_ERROR_RESPONSE)"), the lowest lane of that line
    // request and the lane's address. nullptr: the instruction completed normally.
    const char* error = nullptr;
    uint32_t error_lane = 0;
    uint32_t error_address = 0;
};

}  // namespace mvp
