#pragma once

#include <map>
#include <set>
#include <string>

namespace mvp::toolchain {

// Translates the RISC-V assembly that clang emits for the MVP OpenCL C target
// (riscv32, rv32e_zfinx_zmmul, ilp32e; doc/opencl-c.md) into MVP assembly.
//
// RV32E's 16 registers map one to one on MVP's: x0 -> $zero, ra -> $ra, sp -> $sp, the
// arguments a0-a3 -> $4-$7 (the kernel ABI's argument registers), and the rest onto the other
// registers. gp and tp, which clang never allocates, become $2 and $3: the scratch registers
// of the multi-instruction sequences below. An instruction MVP lacks becomes a short
// branch-free sequence on $2/$3, or a call of a helper routine of the builtin library that
// takes its operands in $2/$3, returns in $2 and preserves every other register (the caller
// saves $ra below $sp). Inline assembly of the builtin header passes MVP instructions through
// as comments `# mvp: INSTRUCTION` with RISC-V register names.
//
// Line information (.file/.loc) is kept as MVP .file/.loc directives, so that the program
// knows the OpenCL C line of every instruction. Anything clang can emit that has no
// translation is an error naming the construct and the source line.
struct TranslateOptions {
    // -cl-fast-relaxed-math: a / b is a * (1 / b) on the SFU instead of the exact routine.
    bool fast_relaxed_math = false;
    // MVP assembly to insert at the entry of each named kernel, before the compiled body; it
    // moves the arguments from the MVP kernel ABI to the RISC-V calling convention. The body
    // then gets the label __mvp_body_NAME, which calls of the kernel from other code use.
    std::map<std::string, std::string> entry_stubs;
    // Kernels whose arguments a wrapper function __mvp_entry_NAME unpacks from the argument
    // words: NAME becomes the entry (the argument registers stored to the home area, $4
    // pointing at the words, then the wrapper), and the compiled kernel __mvp_body_NAME.
    std::set<std::string> wrapped_kernels;
};

// Throws AsmError ("FILE:LINE: error: ...", the OpenCL C line when known, else the line of
// the RISC-V assembly in `name`) for anything it cannot translate.
std::string translate_riscv(const std::string& name, const std::string& riscv,
                            const TranslateOptions& options);

}  // namespace mvp::toolchain
