#include "instruction.h"

#include <cstdio>

#include "special_register.h"

namespace mvp::isa {

bool find_opcode(std::string_view mnemonic, Opcode* op) {
    for (unsigned i = 0; i < kNumOpcodes; ++i) {
        if (kOpcodeInfo[i].mnemonic == mnemonic) {
            *op = static_cast<Opcode>(i);
            return true;
        }
    }
    return false;
}

uint64_t encode(const Instruction& in) {
    uint32_t lo = static_cast<uint32_t>(in.op) | (uint32_t{in.rd} & 15) << 8 |
                  (uint32_t{in.rs} & 15) << 12 | (uint32_t{in.rt} & 15) << 16;
    if (is_conditional_branch(in.op)) lo |= (uint32_t{in.rcv} & 0xfff) << 20;
    return uint64_t{lo} | uint64_t{static_cast<uint32_t>(in.imm)} << 32;
}

bool decode(uint64_t word, Instruction* out) {
    uint32_t lo = static_cast<uint32_t>(word);
    unsigned op = lo & 0xff;
    if (op >= kNumOpcodes) return false;
    Instruction in;
    in.op = static_cast<Opcode>(op);
    if (is_conditional_branch(in.op)) {
        in.rcv = static_cast<uint16_t>(lo >> 20);
    } else if ((lo >> 20) != 0) {
        return false;
    }
    in.rd = (lo >> 8) & 15;
    in.rs = (lo >> 12) & 15;
    in.rt = (lo >> 16) & 15;
    in.imm = static_cast<int32_t>(static_cast<uint32_t>(word >> 32));
    *out = in;
    return true;
}

Reconvergence decode_reconvergence(uint16_t field, uint32_t branch_pc) {
    Reconvergence r;
    field &= 0xfff;
    if (field == 0) return r;
    if (field & kRcvTableFlag) {
        r.kind = Reconvergence::Kind::kInTable;
        r.value = field & (kRcvTableEntries - 1);
        return r;
    }
    // Bits 10:0 as a signed instruction count.
    const int32_t d = static_cast<int32_t>(field << 21) >> 21;
    r.kind = Reconvergence::Kind::kAtPc;
    r.value = branch_pc + static_cast<uint32_t>(d * static_cast<int32_t>(kInstBytes));
    return r;
}

bool near_reconvergence_field(uint32_t branch_pc, uint32_t rpc, uint16_t* field) {
    if (rpc == kReconvergeAtExit) {
        *field = 0;
        return true;
    }
    const int64_t d = (int64_t{rpc} - int64_t{branch_pc}) / kInstBytes;
    if (d == 0 || d < -kRcvMaxDistance - 1 || d > kRcvMaxDistance ||
        (int64_t{rpc} - int64_t{branch_pc}) % kInstBytes != 0)
        return false;
    *field = static_cast<uint16_t>(static_cast<uint32_t>(d) & (kRcvTableFlag - 1));
    return true;
}

namespace {

std::string reg(unsigned r) { return "$" + std::to_string(r); }

std::string hex_pc(int32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%04x", static_cast<uint32_t>(v));
    return buf;
}

std::string sr_name(int32_t number) {
    const SpecialRegisterName* best = nullptr;
    for (const auto& n : kSpecialRegisterNames) {
        if (static_cast<int32_t>(n.sr) <= number &&
            (!best || static_cast<int32_t>(best->sr) < static_cast<int32_t>(n.sr)))
            best = &n;
    }
    if (!best) return std::to_string(number);
    int32_t delta = number - static_cast<int32_t>(best->sr);
    std::string s = "%" + std::string(best->name);
    if (delta) s += "+" + std::to_string(delta);
    return s;
}

}  // namespace

std::string disassemble(const Instruction& in) {
    const OpcodeInfo& i = info(in.op);
    std::string s(i.mnemonic);
    switch (i.format) {
        case Format::kNone:
            break;
        case Format::kR3:
            s += " " + reg(in.rd) + ", " + reg(in.rs) + ", " + reg(in.rt);
            break;
        case Format::kR2:
            s += " " + reg(in.rd) + ", " + reg(in.rs);
            break;
        case Format::kRI:
            s += " " + reg(in.rd) + ", " + reg(in.rs) + ", " + std::to_string(in.imm);
            break;
        case Format::kBranch:
            s += " " + reg(in.rs) + ", " + reg(in.rt) + ", " + hex_pc(in.imm);
            break;
        case Format::kJump:
            s += " " + hex_pc(in.imm);
            break;
        case Format::kJr:
            s += " " + reg(in.rs);
            break;
        case Format::kLoad:
            s += " " + reg(in.rd) + ", " + std::to_string(in.imm) + "(" + reg(in.rs) + ")";
            break;
        case Format::kStore:
            s += " " + reg(in.rt) + ", " + std::to_string(in.imm) + "(" + reg(in.rs) + ")";
            break;
        case Format::kAtomic:
            s += " " + reg(in.rd) + ", " + reg(in.rt) + ", " +
                 (in.imm ? std::to_string(in.imm) : std::string()) + "(" + reg(in.rs) + ")";
            break;
        case Format::kSr:
            s += " " + reg(in.rd) + ", " + reg(in.rs) + ", " + sr_name(in.imm);
            break;
    }
    return s;
}

}  // namespace mvp::isa
