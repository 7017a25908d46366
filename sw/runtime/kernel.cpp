#include "kernel.h"

#include <algorithm>
#include <cstring>

#include "context.h"
#include "mem_object.h"
#include "modules/isa/instruction.h"
#include "program.h"
#include "sw/host/kernel_args.h"

namespace mvp::runtime {

namespace {

// The number of argument registers ($4-$7) the straight-line code at the kernel's entry
// reads before it writes them: the clang backend stores its register arguments to the stack
// first thing, so this is the kernel's register argument count.
cl_uint count_register_args(const toolchain::Program& program, uint32_t entry_pc) {
    const toolchain::Function* function = program.function_at(entry_pc);
    uint32_t end = function != nullptr ? function->end_pc : program.code_bytes();
    bool written[isa::kNumRegs] = {};
    cl_uint count = 0;
    auto read = [&](unsigned reg) {
        if (reg >= 4 && reg <= 7 && !written[reg]) count = std::max<cl_uint>(count, reg - 3);
    };
    for (uint32_t pc = entry_pc; pc < end && pc / isa::kInstBytes < program.code.size();
         pc += isa::kInstBytes) {
        isa::Instruction in;
        if (!isa::decode(program.code[pc / isa::kInstBytes], &in)) break;
        if (isa::reads_rs(in.op)) read(in.rs);
        if (isa::reads_rt(in.op)) read(in.rt);
        if (isa::reads_rd(in.op)) read(in.rd);
        if (isa::writes_rd(in.op)) written[in.rd] = true;
        if (isa::info(in.op).unit == isa::Unit::kCtrl) break;
    }
    return count;
}

}  // namespace

Kernel::Kernel(Program* program, std::string name, uint32_t entry_pc)
    : program_(program),
      name_(std::move(name)),
      entry_pc_(entry_pc),
      register_args_(count_register_args(program->executable(), entry_pc)),
      info_(program->executable().find_kernel(name_)),
      args_(info_ != nullptr ? info_->args.size() : kMaxArgs) {
    program_->retain();
    program_->attach_kernel();
}

Kernel::~Kernel() {
    program_->detach_kernel();
    program_->release();
}

cl_uint Kernel::num_args() const {
    if (info_) return static_cast<cl_uint>(info_->args.size());
    cl_uint count = register_args_;
    for (cl_uint i = 0; i < kMaxArgs; ++i)
        if (args_[i].kind != Arg::Kind::kUnset) count = std::max(count, i + 1);
    return count;
}

cl_int Kernel::local_arg(size_t size, Arg* arg) const {
    if (size == 0 || size > program_->context()->device()->local_mem_size())
        return CL_INVALID_ARG_SIZE;
    arg->kind = Arg::Kind::kLocal;
    arg->value = static_cast<uint32_t>(size);
    return CL_SUCCESS;
}

cl_int Kernel::buffer_arg(const void* value, Arg* arg) const {
    cl_mem handle;
    std::memcpy(&handle, value, sizeof handle);
    arg->kind = Arg::Kind::kBuffer;
    if (handle != nullptr) {
        MemObject* mem = from_handle<MemObject>(handle);
        if (mem == nullptr || mem->context() != program_->context()) return CL_INVALID_MEM_OBJECT;
        arg->buffer = handle;
    }
    return CL_SUCCESS;
}

cl_int Kernel::set_declared_arg(cl_uint index, size_t size, const void* value) {
    if (index >= info_->args.size()) return CL_INVALID_ARG_INDEX;
    const toolchain::KernelArgInfo& a = info_->args[index];
    Arg arg;
    switch (a.kind) {
        case toolchain::KernelArgInfo::Kind::kLocal: {
            if (value != nullptr) return CL_INVALID_ARG_VALUE;
            cl_int err = local_arg(size, &arg);
            if (err != CL_SUCCESS) return err;
            break;
        }
        case toolchain::KernelArgInfo::Kind::kGlobal:
        case toolchain::KernelArgInfo::Kind::kConstant: {
            if (size != sizeof(cl_mem)) return CL_INVALID_ARG_SIZE;
            if (value == nullptr) {
                arg.kind = Arg::Kind::kBuffer;
                break;
            }
            cl_int err = buffer_arg(value, &arg);
            if (err != CL_SUCCESS) return err;
            break;
        }
        case toolchain::KernelArgInfo::Kind::kValue:
            if (value == nullptr) return CL_INVALID_ARG_VALUE;
            if (size != a.size) return CL_INVALID_ARG_SIZE;
            arg.kind = Arg::Kind::kValue;
            arg.bytes.assign(static_cast<const uint8_t*>(value),
                             static_cast<const uint8_t*>(value) + size);
            break;
    }
    args_[index] = std::move(arg);
    return CL_SUCCESS;
}

cl_int Kernel::set_arg(cl_uint index, size_t size, const void* value) {
    if (info_) return set_declared_arg(index, size, value);
    if (index >= kMaxArgs) return CL_INVALID_ARG_INDEX;
    Arg arg;
    if (value == nullptr) {
        // A __local area of `size` bytes; a NULL buffer is passed as sizeof(cl_mem) with a
        // pointer to NULL, not as a NULL value.
        cl_int err = local_arg(size, &arg);
        if (err != CL_SUCCESS) return err;
    } else if (size == sizeof(cl_mem)) {
        cl_int err = buffer_arg(value, &arg);
        if (err != CL_SUCCESS) return err;
    } else if (size == sizeof(uint32_t)) {
        arg.kind = Arg::Kind::kValue;
        std::memcpy(&arg.value, value, sizeof arg.value);
    } else {
        return CL_INVALID_ARG_SIZE;
    }
    args_[index] = arg;
    return CL_SUCCESS;
}

cl_int Kernel::launch_args(std::vector<KernelArg>* args, std::vector<MemObject*>* buffers) const {
    args->clear();
    buffers->clear();
    std::vector<host::ArgValue> values;
    for (cl_uint i = 0; i < num_args(); ++i) {
        const Arg& arg = args_[i];
        host::ArgValue v;
        switch (arg.kind) {
            case Arg::Kind::kUnset:
                return CL_INVALID_KERNEL_ARGS;
            case Arg::Kind::kValue:
                v.kind = host::ArgValue::Kind::kBytes;
                v.bytes = arg.bytes;
                v.value = arg.value;
                break;
            case Arg::Kind::kLocal:
                v.kind = host::ArgValue::Kind::kLocal;
                v.value = arg.value;
                break;
            case Arg::Kind::kBuffer:
                v.kind = host::ArgValue::Kind::kAddress;
                if (arg.buffer != nullptr) {
                    MemObject* mem = from_handle<MemObject>(arg.buffer);
                    if (mem == nullptr) return CL_INVALID_KERNEL_ARGS;
                    v.value = mem->address();
                    buffers->push_back(mem);
                }
                break;
        }
        values.push_back(std::move(v));
    }
    if (info_) {
        *args = host::pack_kernel_args(*info_, values);
        return CL_SUCCESS;
    }
    for (const host::ArgValue& v : values)
        args->push_back(v.kind == host::ArgValue::Kind::kLocal ? KernelArg::of_local(v.value)
                                                               : KernelArg::of_value(v.value));
    return CL_SUCCESS;
}

cl_ulong Kernel::local_mem_size() const {
    cl_ulong bytes = program_->executable().local_bytes;
    for (const Arg& arg : args_)
        if (arg.kind == Arg::Kind::kLocal) bytes += arg.value;
    return bytes;
}

cl_int Kernel::get_info(cl_kernel_info param, Info* out) const {
    switch (param) {
        case CL_KERNEL_FUNCTION_NAME:
            *out = Info::of_string(name_);
            return CL_SUCCESS;
        case CL_KERNEL_NUM_ARGS:
            *out = Info::of<cl_uint>(num_args());
            return CL_SUCCESS;
        case CL_KERNEL_REFERENCE_COUNT:
            *out = Info::of<cl_uint>(reference_count());
            return CL_SUCCESS;
        case CL_KERNEL_CONTEXT:
            *out = Info::of<cl_context>(program_->context());
            return CL_SUCCESS;
        case CL_KERNEL_PROGRAM:
            *out = Info::of<cl_program>(program_);
            return CL_SUCCESS;
        case CL_KERNEL_ATTRIBUTES:
            *out = Info::of_string(info_ != nullptr ? info_->attributes : std::string());
            return CL_SUCCESS;
        default:
            return CL_INVALID_VALUE;
    }
}

const uint32_t* Kernel::required_work_group_size() const {
    if (info_ == nullptr || info_->required_work_group_size[0] == 0) return nullptr;
    return info_->required_work_group_size;
}

cl_int Kernel::get_arg_info(cl_uint index, cl_kernel_arg_info param, Info* out) const {
    if (index >= num_args()) return CL_INVALID_ARG_INDEX;
    if (info_ == nullptr || !info_->arg_names) return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
    const toolchain::KernelArgInfo& a = info_->args[index];
    switch (param) {
        case CL_KERNEL_ARG_ADDRESS_QUALIFIER: {
            cl_kernel_arg_address_qualifier q = CL_KERNEL_ARG_ADDRESS_PRIVATE;
            if (a.kind == toolchain::KernelArgInfo::Kind::kGlobal) q = CL_KERNEL_ARG_ADDRESS_GLOBAL;
            if (a.kind == toolchain::KernelArgInfo::Kind::kConstant)
                q = CL_KERNEL_ARG_ADDRESS_CONSTANT;
            if (a.kind == toolchain::KernelArgInfo::Kind::kLocal) q = CL_KERNEL_ARG_ADDRESS_LOCAL;
            *out = Info::of(q);
            return CL_SUCCESS;
        }
        case CL_KERNEL_ARG_ACCESS_QUALIFIER:
            *out = Info::of<cl_kernel_arg_access_qualifier>(a.access);
            return CL_SUCCESS;
        case CL_KERNEL_ARG_TYPE_NAME:
            *out = Info::of_string(a.type_name);
            return CL_SUCCESS;
        case CL_KERNEL_ARG_TYPE_QUALIFIER:
            *out = Info::of<cl_kernel_arg_type_qualifier>(a.type_qualifier);
            return CL_SUCCESS;
        case CL_KERNEL_ARG_NAME:
            *out = Info::of_string(a.name);
            return CL_SUCCESS;
        default:
            return CL_INVALID_VALUE;
    }
}

cl_int Kernel::get_work_group_info(cl_kernel_work_group_info param, Info* out) const {
    const Device* device = program_->context()->device();
    switch (param) {
        case CL_KERNEL_WORK_GROUP_SIZE:
            *out = Info::of<size_t>(max_work_group_size());
            return CL_SUCCESS;
        case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
            std::vector<size_t> size{0, 0, 0};
            if (const uint32_t* reqd = required_work_group_size()) size.assign(reqd, reqd + 3);
            *out = Info::of_array(size);
            return CL_SUCCESS;
        }
        case CL_KERNEL_LOCAL_MEM_SIZE:
            *out = Info::of<cl_ulong>(local_mem_size());
            return CL_SUCCESS;
        case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
            *out = Info::of<size_t>(device->warp_size());
            return CL_SUCCESS;
        case CL_KERNEL_PRIVATE_MEM_SIZE:
            *out = Info::of<cl_ulong>(0);
            return CL_SUCCESS;
        default:
            // CL_KERNEL_GLOBAL_WORK_SIZE is for custom devices and built-in kernels only.
            return CL_INVALID_VALUE;
    }
}

cl_uint Kernel::max_work_group_size() const {
    const Device* device = program_->context()->device();
    const toolchain::Program* code = program_->loaded().program;
    return code && code->fibers ? Device::kMaxWorkGroupSize : device->hardware_group_size();
}

}  // namespace mvp::runtime
