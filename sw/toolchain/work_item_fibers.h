#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "object_file.h"
#include "program.h"

namespace mvp::toolchain {

// Work-item fibers: how a work-group of more work-items than an SP has threads runs on the
// unchanged hardware (doc/opencl-c.md, "Work-groups larger than the SP"). A program compiled
// from OpenCL C has a fiber variant, linked from the same objects: every read of a work-item
// id or size (`rdsr` of %global_id, %local_id, %local_size, %enqueued_local_size,
// %global_size) becomes a load from the running fiber's context, every `sync` a call of
// __mvp_fiber_barrier (sw/clc/fibers/mvp_fibers.s), every `exit` a jump to __mvp_fiber_exit.
// A launch of the variant starts every hardware thread at __mvp_fiber_start, which runs the
// thread's work-items one after the other between barriers.

// The fiber context at the bottom of each fiber's region (mvp_fibers.s has the layout).
inline constexpr uint32_t kFiberContextBytes = 144;
inline constexpr uint32_t kFiberGlobalId = 0;
inline constexpr uint32_t kFiberLocalId = 12;
inline constexpr uint32_t kFiberLocalSize = 24;
inline constexpr uint32_t kFiberGlobalSize = 36;
// The launch block, the fiber launch's only argument: words before the argument words.
inline constexpr uint32_t kFiberBlockHeaderWords = 10;
// The argument area of the fiber launch (one word): its $sp is this far below the slot's top.
inline constexpr uint32_t kFiberLaunchArgArea = 16;
inline constexpr char kFiberStartSymbol[] = "__mvp_fiber_start";
// The largest work-group that runs on fibers (CL_DEVICE_MAX_WORK_GROUP_SIZE): the fiber start
// splits a work-item's linear id with a 12-bit division.
inline constexpr uint32_t kMaxFiberGroupSize = 1024;

// `object` with its work-item reads, barriers and exits rewritten for fibers of
// `region_bytes` (a power of two): its symbols, functions, lines and relocations follow the
// instructions they named. Throws AsmError when a read cannot be rewritten (a register-indexed
// read whose destination and index are $2 and $3, which assembly written by hand could have).
ObjectFile fiber_object(const ObjectFile& object, uint32_t region_bytes);

// The fiber variant of an OpenCL C program: `objects` are those `program` was linked from (the
// user's first `num_user`, then the builtin library), `program` the linked result, whose
// kernels' private_bytes size the fibers' regions. Throws AsmError when it cannot be linked.
Program link_fiber_program(const std::vector<ObjectFile>& objects, size_t num_user,
                           const Program& program);

}  // namespace mvp::toolchain
