#include "work_item_fibers.h"

#include <algorithm>

#include "asm_error.h"
#include "assembler.h"
#include "clc_resources.h"
#include "linker.h"
#include "modules/isa/instruction.h"
#include "modules/isa/special_register.h"

namespace mvp::toolchain {

namespace {

using isa::Instruction;
using isa::Opcode;
using isa::SpecialRegister;

constexpr uint8_t kScratch2 = 2;
constexpr uint8_t kScratch3 = 3;
// Above every fiber's stack: its argument area (16 bytes and 4 a word, at most kLaunchArgWords)
// and a margin, besides the context below it.
constexpr uint32_t kFiberRegionOverhead = kFiberContextBytes + 16 + (4 * kLaunchArgWords + 16) + 32;
constexpr uint32_t kMinFiberRegion = 512;

// The context offset of special register `sr` (number), or -1 when the hardware's value stays.
int context_offset(uint32_t sr) {
    struct Range {
        SpecialRegister first;
        uint32_t offset;
    };
    static constexpr Range kRanges[] = {
        {SpecialRegister::kGlobalId, kFiberGlobalId},
        {SpecialRegister::kLocalId, kFiberLocalId},
        {SpecialRegister::kLocalSize, kFiberLocalSize},
        {SpecialRegister::kEnqueuedLocalSize, kFiberLocalSize},
        {SpecialRegister::kGlobalSize, kFiberGlobalSize},
    };
    for (const Range& r : kRanges) {
        const auto first = static_cast<uint32_t>(r.first);
        if (sr >= first && sr < first + 3) return static_cast<int>(r.offset + 4 * (sr - first));
    }
    return -1;
}

Instruction make(Opcode op, uint8_t rd, uint8_t rs, uint8_t rt, int32_t imm) {
    Instruction in;
    in.op = op;
    in.rd = rd;
    in.rs = rs;
    in.rt = rt;
    in.imm = imm;
    return in;
}

uint32_t next_power_of_two(uint32_t v) {
    uint32_t p = 1;
    while (p < v) p <<= 1;
    return p;
}

}  // namespace

ObjectFile fiber_object(const ObjectFile& object, uint32_t region_bytes) {
    ObjectFile out = object;
    out.code.clear();
    out.lines.clear();
    out.relocations.clear();
    const auto mask = static_cast<int32_t>(0u - region_bytes);
    std::vector<std::vector<const Relocation*>> relocs(object.code.size());
    for (const Relocation& r : object.relocations)
        if (r.site == Relocation::Site::kCode && r.offset < object.code.size())
            relocs[r.offset].push_back(&r);
    std::vector<uint32_t> moved(object.code.size() + 1);
    for (size_t i = 0; i < object.code.size(); ++i) {
        moved[i] = static_cast<uint32_t>(out.code.size());
        const SourceLine& line = object.lines[i];
        auto emit = [&](const Instruction& in, const char* symbol = nullptr) {
            if (symbol) {
                Relocation r;
                r.site = Relocation::Site::kCode;
                r.offset = static_cast<uint32_t>(out.code.size());
                r.symbol = symbol;
                r.line = line.line;
                out.relocations.push_back(r);
            }
            out.code.push_back(isa::encode(in));
            out.lines.push_back(line);
        };
        Instruction in;
        const bool decoded = isa::decode(object.code[i], &in);
        const int offset = decoded && in.op == Opcode::kRdsr && in.rd != isa::kRegZero
                               ? context_offset(static_cast<uint32_t>(in.imm))
                               : -1;
        if (offset >= 0 && in.rs == isa::kRegZero) {
            emit(make(Opcode::kAndI, in.rd, isa::kRegSp, 0, mask));
            emit(make(Opcode::kLdW, in.rd, in.rd, 0, offset));
        } else if (offset >= 0) {
            // rd = context[offset + 4 * rs], with a scratch register for the region's base.
            const uint8_t t = in.rd != kScratch3 && in.rs != kScratch3   ? kScratch3
                              : in.rd != kScratch2 && in.rs != kScratch2 ? kScratch2
                                                                         : isa::kRegZero;
            if (t == isa::kRegZero)
                throw AsmError(object.file + ":" + std::to_string(line.line) +
                               ": error: cannot run on work-item fibers: `rdsr` with $2 and $3");
            emit(make(Opcode::kAndI, t, isa::kRegSp, 0, mask));
            emit(make(Opcode::kSfllI, in.rd, in.rs, 0, 2));
            emit(make(Opcode::kAdd, in.rd, in.rd, t, 0));
            emit(make(Opcode::kLdW, in.rd, in.rd, 0, offset));
        } else if (decoded && in.op == Opcode::kSync) {
            emit(make(Opcode::kStW, 0, isa::kRegSp, isa::kRegRa, -4));
            emit(make(Opcode::kJplnk, 0, 0, 0, 0), "__mvp_fiber_barrier");
            emit(make(Opcode::kLdW, isa::kRegRa, isa::kRegSp, 0, -4));
        } else if (decoded && in.op == Opcode::kExit) {
            emit(make(Opcode::kJp, 0, 0, 0, 0), "__mvp_fiber_exit");
        } else {
            for (const Relocation* r : relocs[i]) {
                out.relocations.push_back(*r);
                out.relocations.back().offset = static_cast<uint32_t>(out.code.size());
            }
            out.code.push_back(object.code[i]);
            out.lines.push_back(line);
        }
    }
    moved[object.code.size()] = static_cast<uint32_t>(out.code.size());
    for (const Relocation& r : object.relocations)
        if (r.site != Relocation::Site::kCode) out.relocations.push_back(r);
    auto move_pc = [&](uint32_t pc) {
        const size_t index = std::min<size_t>(pc / isa::kInstBytes, object.code.size());
        return moved[index] * isa::kInstBytes;
    };
    for (Symbol& s : out.symbols)
        if (s.section == Symbol::Section::kCode) s.value = move_pc(s.value);
    for (Function& f : out.functions) {
        f.start_pc = move_pc(f.start_pc);
        f.end_pc = move_pc(f.end_pc);
    }
    return out;
}

Program link_fiber_program(const std::vector<ObjectFile>& objects, size_t num_user,
                           const Program& program) {
    uint32_t frame = 0;
    for (const KernelInfo& k : program.kernels) frame = std::max(frame, k.private_bytes);
    const uint32_t region =
        next_power_of_two(std::max(kMinFiberRegion, frame + kFiberRegionOverhead));
    std::vector<ObjectFile> fibers;
    fibers.reserve(objects.size() + 1);
    for (const ObjectFile& o : objects) fibers.push_back(fiber_object(o, region));
    for (const ClcFile* r = kClcFiberRoutines; r->name; ++r) {
        std::string text = r->text;
        const std::string placeholder = "FIBER_REGION";
        for (size_t at = text.find(placeholder); at != std::string::npos;
             at = text.find(placeholder, at))
            text.replace(at, placeholder.size(), std::to_string(region));
        fibers.push_back(assemble(r->name, text));
    }
    Program p = link(fibers, num_user);
    p.kernels = program.kernels;
    p.fiber_region_bytes = region;
    return p;
}

}  // namespace mvp::toolchain
