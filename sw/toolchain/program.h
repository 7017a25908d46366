#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "modules/isa/instruction.h"
#include "modules/sim/debug_map.h"

namespace mvp::toolchain {

using isa::kNoReconvergence;
using isa::kReconvergeAtExit;

// Where an instruction came from, for listings, commit logs and fault messages.
struct SourceLine {
    uint32_t file = 0;  // index into Program::files
    uint32_t line = 0;  // 1-based
    std::string text;   // as written: no comment, no trailing blanks, one space after mnemonic
    // The high-level source line the instruction was compiled from (.loc), if any: origin_file
    // indexes the same table as `file`.
    uint32_t origin_file = kNoOrigin;
    uint32_t origin_line = 0;
    uint32_t origin_column = 0;

    static constexpr uint32_t kNoOrigin = 0xffffffffu;
    bool has_origin() const { return origin_file != kNoOrigin; }
};

struct Symbol {
    // kLocal: a kernel-scope __local variable, an offset in the work-group's local memory.
    enum class Section : uint8_t { kCode, kData, kLocal };
    std::string name;
    Section section = Section::kCode;
    uint32_t value =
        0;  // PC for code, offset in the data segment for data, in local memory for local
    bool global = false;
};

struct Function {
    std::string name;
    uint32_t start_pc = 0;
    uint32_t end_pc = 0;  // one past the last instruction
};

// A linked MVP program: the code image starting at PC 0, its initial data segment and
// everything the tools and models need to know about it. The on-disk form is documented in
// doc/toolchain.md.
// A kernel argument as the OpenCL C compiler declared it (clGetKernelArgInfo), and where its
// value travels in the launch: `words` 32-bit argument words from `first_word` on (the kernel
// ABI's $4-$7 and stacked words; doc/opencl-c.md).
struct KernelArgInfo {
    enum class Kind : uint8_t { kGlobal, kConstant, kLocal, kValue };
    enum class Extend : uint8_t { kNone, kSign, kZero };
    std::string name;
    std::string type_name;  // as written, e.g. "float*", "uint4", "struct pair"
    Kind kind = Kind::kValue;
    uint32_t access = 0;          // CL_KERNEL_ARG_ACCESS_* value
    uint32_t type_qualifier = 0;  // CL_KERNEL_ARG_TYPE_* bits
    uint32_t size = 4;            // bytes clSetKernelArg must pass (pointers: 4)
    uint32_t first_word = 0;
    uint32_t words = 1;
    Extend extend = Extend::kNone;
    // A pointer argument: the alignment of what it points to (a __local area is placed at a
    // multiple of it); 0 when unknown.
    uint32_t align = 0;
};

// A launch carries at most kLaunchArgWords argument words (the CP's argument registers and
// argument block). A kernel compiled from OpenCL C with more has its words from kSpillWord on
// in a block of global memory whose address the launch passes as word kSpillWord
// (host::ArgumentSpill); its __local arguments lie below that word, where the dispatcher
// resolves them.
inline constexpr uint32_t kLaunchArgWords = 16;
inline constexpr uint32_t kSpillWord = kLaunchArgWords - 1;
// CL_DEVICE_MAX_PARAMETER_SIZE: the bytes of a kernel's arguments (pointers 4 each).
inline constexpr uint32_t kMaxParameterBytes = 1024;

struct KernelInfo {
    std::string name;
    std::vector<KernelArgInfo> args;
    uint32_t words = 0;                                // argument words in all
    uint32_t required_work_group_size[3] = {0, 0, 0};  // reqd_work_group_size, or 0s
    uint32_t work_group_size_hint[3] = {0, 0, 0};      // work_group_size_hint, or 0s
    // CL_KERNEL_ATTRIBUTES: the kernel's attributes as OpenCL C writes them, space-separated
    // ("reqd_work_group_size(8,1,1) vec_type_hint(float4)").
    std::string attributes;
    // Bytes of stack below the initial $sp the kernel can use: its deepest call chain, found in
    // the linked code (stack_depth()). The host gives the launch a private area in device memory
    // when they do not fit the stacks in local memory.
    uint32_t private_bytes = 0;
    bool arg_names = false;  // built with -cl-kernel-arg-info
};

struct Program : public DebugMap {
    std::vector<std::string> files;  // source file names as shown in listings (base names)
    std::vector<uint64_t> code;      // machine words; the instruction at PC p is code[p / 8]
    std::vector<SourceLine> lines;   // one per instruction
    std::vector<uint8_t> data;       // initial data segment
    // Instructions (by index) whose immediate is an offset into the data segment, and data
    // words (by byte offset) that hold one: the loader adds the segment's device address.
    std::vector<uint32_t> code_data_relocs;
    std::vector<uint32_t> data_data_relocs;
    std::vector<Symbol> symbols;
    std::vector<Function> functions;
    // Per instruction: for a conditional branch its reconvergence PC (the immediate
    // post-dominator of the branch, or kReconvergeAtExit); kNoReconvergence otherwise. The
    // hardware learns it from the branch's reconvergence field (isa::Reconvergence), which
    // the linker writes into each branch word, and from the far table for distant PCs.
    std::vector<uint32_t> reconvergence;
    // The far reconvergence table: the reconvergence PCs that do not fit in a branch's field,
    // by table index. It follows the last instruction in the loaded image (image()).
    std::vector<uint32_t> reconvergence_table;
    // Bytes of local memory the kernel-scope __local variables take in every work-group.
    uint32_t local_bytes = 0;
    // What the OpenCL C compiler knows about each kernel (empty for MVP assembly).
    std::vector<KernelInfo> kernels;
    uint32_t exit_stub_pc = 0;  // where $ra points when a kernel starts
    // The fiber variant of a program compiled from OpenCL C (work_item_fibers.h), which runs
    // work-groups of more work-items than an SP has threads; nullptr for MVP assembly, for a
    // program read back from its binary, and in the variant itself.
    std::shared_ptr<const Program> fibers;
    // In a fiber variant: the bytes of every fiber's region (a power of two); 0 otherwise.
    uint32_t fiber_region_bytes = 0;
    uint32_t user_code_end = 0;  // PCs below this come from the user's files, not the runtime

    uint32_t code_bytes() const { return static_cast<uint32_t>(code.size()) * isa::kInstBytes; }

    // The global symbol of that name, or nullptr.
    const Symbol* find_symbol(const std::string& name) const;
    // The function that contains pc, or nullptr.
    const Function* function_at(uint32_t pc) const;
    // The compiler's description of kernel `name`, or nullptr.
    const KernelInfo* find_kernel(const std::string& name) const;
    // The compiler's description of the kernel whose entry is `pc`, or nullptr.
    const KernelInfo* kernel_at(uint32_t pc) const;
    // The debug map the host registers for the loaded program (messages only).
    bool describes(uint32_t pc) const override {
        return pc % isa::kInstBytes == 0 && pc / isa::kInstBytes < lines.size();
    }
    // "file.s:24" for the instruction at pc; "kernel.cl:7:12 file.s:24" when the instruction
    // was compiled from OpenCL C.
    std::string where(uint32_t pc) const override;
    std::string text(uint32_t pc) const override {
        return describes(pc) ? lines[pc / isa::kInstBytes].text : std::string();
    }
    // The code image with data relocations applied for a data segment at data_base, and the
    // data segment likewise.
    std::vector<uint64_t> relocated_code(uint32_t data_base) const;
    // What the loader writes at the code base: relocated_code() followed by the far
    // reconvergence table, one 64-bit word per entry (the PC in the low half).
    std::vector<uint64_t> image(uint32_t data_base) const;
    std::vector<uint8_t> relocated_data(uint32_t data_base) const;

    // Binary serialisation (the .mvpx format of doc/toolchain.md). read() throws
    // std::runtime_error naming what is wrong with a malformed file.
    void write(std::ostream& os) const;
    static Program read(std::istream& is);
};

}  // namespace mvp::toolchain
