#include "kernel_abi.h"

#include <algorithm>

#include "modules/config/config.h"

namespace mvp {

namespace {

void require(bool ok, const std::string& message) {
    if (!ok) throw std::invalid_argument(message);
}

}  // namespace

KernelAbi::Params KernelAbi::Params::from_config(const config::Config& c) {
    Params p;
    p.local_mem_bytes = static_cast<uint32_t>(c.get_int("mvpgpu_local_mem_size"));
    p.stack_bytes = static_cast<uint32_t>(c.get_int("mvpgpu_private_stack_bytes"));
    p.threads_per_sp = static_cast<uint32_t>(c.get_int("mvpgpu_n_threads_per_sp"));
    p.warp_size = static_cast<uint32_t>(c.get_int("mvpgpu_n_threads_per_sp_and_warp_size"));
    return p;
}

KernelAbi::KernelAbi(const Params& params, const Launch& launch, uint32_t exit_stub_pc)
    : params_(params), launch_(launch), exit_stub_pc_(exit_stub_pc) {
    const NDRange& r = launch_.range;
    require(r.work_dim >= 1 && r.work_dim <= 3,
            "work_dim must be 1, 2 or 3, got " + std::to_string(r.work_dim));
    uint64_t group_items = 1;
    for (unsigned d = 0; d < 3; ++d) {
        if (d >= r.work_dim) {
            launch_.range.global[d] = launch_.range.local[d] = 1;
            launch_.range.offset[d] = 0;
        }
        require(r.global[d] > 0, "global size in dimension " + std::to_string(d) + " is 0");
        require(r.local[d] > 0, "local size in dimension " + std::to_string(d) + " is 0");
        // A work-group larger than the NDRange is clamped to it (OpenCL 2.0 non-uniform
        // work-groups).
        launch_.range.local[d] = std::min(launch_.range.local[d], launch_.range.global[d]);
        group_items *= launch_.range.local[d];
    }
    require(group_items <= std::min(kMaxWorkGroupSize, params_.threads_per_sp),
            "work-group of " + std::to_string(group_items) + " work-items exceeds the maximum of " +
                std::to_string(std::min(kMaxWorkGroupSize, params_.threads_per_sp)));
    require(launch_.args.size() <= kMaxArgs, std::to_string(launch_.args.size()) +
                                                 " kernel arguments exceed the maximum of " +
                                                 std::to_string(kMaxArgs));

    require(launch_.static_local_bytes <= params_.local_mem_bytes,
            "__local variables of " + std::to_string(launch_.static_local_bytes) +
                " bytes exceed local memory");
    const LocalLayout layout = local_layout(launch_);
    for (size_t i = 0; i < launch_.args.size(); ++i) {
        const KernelArg& a = launch_.args[i];
        arg_values_.push_back(a.kind == KernelArg::Kind::kLocal ? layout.offsets[i] : a.value);
    }
    local_area_bytes_ = layout.bytes;
    local_area_align_ = layout.align;
    require(local_area_bytes_ <= params_.local_mem_bytes, "__local arguments exceed local memory");
    arg_area_bytes_ = arg_area_bytes_of(launch_);
    const bool private_area = launch_.private_base != 0;
    if (private_area) {
        require(launch_.private_base % 16 == 0 && launch_.private_bytes % 16 == 0,
                "the private area and its " + std::to_string(launch_.private_bytes) +
                    " bytes per thread must be 16-byte aligned");
        require(launch_.private_bytes >= 256 + arg_area_bytes_,
                "private stacks of " + std::to_string(launch_.private_bytes) +
                    " bytes leave less than 256 bytes below $sp");
    }
    uint64_t stacks = uint64_t{params_.threads_per_sp} * local_stack_bytes();
    require(stacks + local_area_bytes_ <= params_.local_mem_bytes,
            "__local arguments need " + std::to_string(local_area_bytes_) +
                " bytes of local memory but only " +
                std::to_string(params_.local_mem_bytes > stacks ? params_.local_mem_bytes - stacks
                                                                : 0) +
                " are left beside the private stacks");
    require(private_area || params_.stack_bytes >= 256 + arg_area_bytes_,
            "private stacks of " + std::to_string(params_.stack_bytes) +
                " bytes leave less than 256 bytes below $sp");
}

KernelAbi::LocalLayout KernelAbi::local_layout(const Launch& launch) {
    LocalLayout l;
    uint64_t next = launch.static_local_bytes;
    for (const KernelArg& a : launch.args) {
        if (a.kind != KernelArg::Kind::kLocal) {
            l.offsets.push_back(0);
            continue;
        }
        const uint32_t align = a.local_align();
        require(a.local_bytes() > 0, "a __local argument of 0 bytes");
        require(align != 0 && align <= 4096, "a __local argument aligned to more than 4096 bytes");
        next = (next + align - 1) & ~uint64_t{align - 1};
        l.offsets.push_back(static_cast<uint32_t>(std::min<uint64_t>(next, 0xffffffffu)));
        next += a.local_bytes();
        l.align = std::max(l.align, align);
    }
    next = (next + l.align - 1) & ~uint64_t{l.align - 1};
    require(next <= 0xffffffffu, "__local arguments exceed local memory");
    l.bytes = static_cast<uint32_t>(next);
    return l;
}

uint32_t KernelAbi::local_area_bytes_of(const Launch& launch) { return local_layout(launch).bytes; }

uint32_t KernelAbi::arg_area_bytes_of(const Launch& launch) {
    const auto words = static_cast<uint32_t>(launch.args.size());
    return words > 4 ? (16 + 4 * (words - 4) + 7) & ~7u : 16;
}

KernelAbi::Group KernelAbi::group(uint64_t linear_id) const {
    const NDRange& r = launch_.range;
    Group g;
    g.linear_id = linear_id;
    uint64_t rest = linear_id;
    g.work_items = 1;
    for (unsigned d = 0; d < 3; ++d) {
        uint32_t n = r.num_groups(d);
        g.id[d] = static_cast<uint32_t>(rest % n);
        rest /= n;
        g.size[d] = r.group_size(d, g.id[d]);
        g.work_items *= g.size[d];
    }
    return g;
}

void KernelAbi::init_thread(const Group& group, uint32_t local_id, uint32_t slot, uint32_t sp,
                            uint32_t local_base, uint32_t regs[isa::kNumRegs],
                            uint32_t special[isa::kNumSpecialRegisters]) const {
    const NDRange& r = launch_.range;
    std::fill(regs, regs + isa::kNumRegs, 0u);
    std::fill(special, special + isa::kNumSpecialRegisters, 0u);
    for (unsigned i = 0; i < 4 && i < arg_values_.size(); ++i)
        regs[4 + i] = arg_value(i, local_base);
    regs[isa::kRegSp] = stack_top(slot, sp);
    regs[isa::kRegRa] = exit_stub_pc_;

    uint32_t lid[3];
    lid[0] = local_id % group.size[0];
    lid[1] = (local_id / group.size[0]) % group.size[1];
    lid[2] = local_id / (group.size[0] * group.size[1]);
    auto set = [&](isa::SpecialRegister base, unsigned d, uint32_t v) {
        special[static_cast<unsigned>(base) + d] = v;
    };
    for (unsigned d = 0; d < 3; ++d) {
        set(isa::SpecialRegister::kGlobalId, d, r.offset[d] + group.id[d] * r.local[d] + lid[d]);
        set(isa::SpecialRegister::kLocalId, d, lid[d]);
        set(isa::SpecialRegister::kGroupId, d, group.id[d]);
        set(isa::SpecialRegister::kLocalSize, d, group.size[d]);
        set(isa::SpecialRegister::kEnqueuedLocalSize, d, r.local[d]);
        set(isa::SpecialRegister::kGlobalSize, d, r.global[d]);
        set(isa::SpecialRegister::kNumGroups, d, r.num_groups(d));
        set(isa::SpecialRegister::kGlobalOffset, d, r.offset[d]);
    }
    set(isa::SpecialRegister::kWorkDim, 0, r.work_dim);
    set(isa::SpecialRegister::kSpId, 0, sp);
    set(isa::SpecialRegister::kWarpId, 0, slot / params_.warp_size);
    set(isa::SpecialRegister::kLaneId, 0, slot % params_.warp_size);
    set(isa::SpecialRegister::kLocalBase, 0, local_base);
}

std::vector<KernelAbi::StackWord> KernelAbi::stack_words(uint32_t slot, uint32_t sp,
                                                         uint32_t local_base) const {
    std::vector<StackWord> words;
    for (unsigned k = 0; k < stack_word_count(); ++k)
        words.push_back(stack_word(k, slot, sp, local_base));
    return words;
}

unsigned KernelAbi::stack_word_count() const {
    return arg_values_.size() > 4 ? static_cast<unsigned>(arg_values_.size() - 4) : 0;
}

KernelAbi::StackWord KernelAbi::stack_word(unsigned k, uint32_t slot, uint32_t sp,
                                           uint32_t local_base) const {
    return {stack_top(slot, sp) + 16 + 4 * k, arg_value(4 + k, local_base)};
}

}  // namespace mvp
