#include "riscv_translator.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include "asm_error.h"

namespace mvp::toolchain {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// Splits operands at top-level commas (not inside parentheses or quotes).
std::vector<std::string> split_operands(std::string_view s) {
    std::vector<std::string> out;
    s = trim(s);
    if (s.empty()) return out;
    int depth = 0;
    bool quote = false;
    size_t start = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                quote = false;
        } else if (c == '"') {
            quote = true;
        } else if (c == '(') {
            ++depth;
        } else if (c == ')') {
            --depth;
        } else if (c == ',' && depth == 0) {
            out.emplace_back(trim(s.substr(start, i - start)));
            start = i + 1;
        }
    }
    out.emplace_back(trim(s.substr(start)));
    return out;
}

// Cuts a `#` comment that is not inside a string.
std::string_view strip_comment(std::string_view line) {
    bool quote = false;
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                quote = false;
        } else if (c == '"') {
            quote = true;
        } else if (c == '#') {
            return line.substr(0, i);
        }
    }
    return line;
}

// RISC-V register name -> MVP register number; -1 if not a register.
int riscv_register(std::string_view r) {
    static const std::pair<const char*, int> kNames[] = {
        {"zero", 0}, {"ra", 15}, {"sp", 14}, {"gp", 2},  {"tp", 3},  {"t0", 1},
        {"t1", 8},   {"t2", 9},  {"s0", 10}, {"fp", 10}, {"s1", 11}, {"a0", 4},
        {"a1", 5},   {"a2", 6},  {"a3", 7},  {"a4", 12}, {"a5", 13}};
    for (const auto& [name, n] : kNames)
        if (r == name) return n;
    if (r.size() >= 2 && r[0] == 'x') {
        static const int kX[] = {0, 15, 14, 2, 3, 1, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13};
        char* end = nullptr;
        std::string s(r.substr(1));
        long v = std::strtol(s.c_str(), &end, 10);
        if (*end == 0 && v >= 0 && v < 16) return kX[v];
    }
    return -1;
}

std::string mvp_reg(int n) {
    switch (n) {
        case 0:
            return "$zero";
        case 14:
            return "$sp";
        case 15:
            return "$ra";
        default:
            return "$" + std::to_string(n);
    }
}

// The routines of the builtin library (sw/clc/lib/mvp_helpers.s) that stand for RISC-V
// instructions MVP has no equivalent of: operands in $2/$3, result in $2.
constexpr char kHelperPrefix[] = "__mvp_rv_";
// The wrapper that unpacks a kernel's argument words (OpenClCompiler).
const std::string kEntryPrefix = "__mvp_entry_";

// The sequence of MVP instructions and labels that stands for one RISC-V instruction.
class RiscvTranslator {
  public:
    RiscvTranslator(const std::string& name, const std::string& riscv,
                    const TranslateOptions& options)
        : name_(name), riscv_(riscv), options_(options) {}

    std::string run();

  private:
    enum class Section { kText, kData, kLocal, kSkip };

    [[noreturn]] void fail(const std::string& message) const {
        std::string where = name_ + ":" + std::to_string(asm_line_);
        if (loc_line_ != 0 && files_.count(loc_file_))
            where = files_.at(loc_file_) + ":" + std::to_string(loc_line_) +
                    (loc_column_ ? ":" + std::to_string(loc_column_) : "");
        throw AsmError(where + ": error: " + message);
    }

    void line(std::string_view text);
    void directive(std::string_view name, std::string_view rest);
    void instruction(std::string_view mnemonic, const std::vector<std::string>& ops);
    void passthrough(std::string_view text);

    // Operand parsing.
    std::string reg(const std::string& op) const;
    int reg_number(const std::string& op) const;
    // An immediate operand; `base` is the register it is added to (for %lo(...)), if any.
    std::string imm(const std::string& op, const std::string& base = "") const;
    // offset(reg): the MVP memory operand.
    std::string mem(const std::string& op) const;
    std::string label(const std::string& op) const;
    bool is_wrapper(const std::string& name) const {
        return name.compare(0, kEntryPrefix.size(), kEntryPrefix) == 0 &&
               options_.wrapped_kernels.count(name.substr(kEntryPrefix.size()));
    }
    std::string rename(const std::string& name) const {
        return options_.wrapped_kernels.count(name) ? "__mvp_body_" + name : name;
    }
    // A %hi(...) / %lo(...) operand's inner expression, or "" if op is not one.
    static std::string reloc_expr(const std::string& op, std::string_view kind);
    void check_operands(std::string_view mnemonic, const std::vector<std::string>& ops,
                        size_t n) const;

    void emit(const std::string& text) { out_ << '\t' << text << '\n'; }
    std::string new_label() { return ".Lmvp_" + std::to_string(next_label_++); }

    void helper_call(const std::string& helper, const std::string& rd, const std::string& a,
                     const std::string& b);
    void emit_nan_to_3(const std::string& x);
    void emit_flt_to_2(const std::string& a, const std::string& b);
    void emit_float_compare(std::string_view op, const std::string& rd, const std::string& a,
                            const std::string& b);
    void emit_min_max(bool is_max, const std::string& rd, const std::string& x,
                      const std::string& y);
    void emit_unsigned_branch(std::string_view cond, const std::string& a, const std::string& b,
                              const std::string& target);
    void emit_fp_convert(std::string_view mnemonic, const std::vector<std::string>& ops);
    std::string rounding_mode(const std::vector<std::string>& ops, size_t index) const;
    void data_directive(std::string_view name, std::string_view rest);

    const std::string& name_;
    const std::string& riscv_;
    const TranslateOptions& options_;
    std::ostringstream out_;
    uint32_t asm_line_ = 0;
    Section section_ = Section::kText;
    bool in_inline_asm_ = false;
    std::map<uint32_t, std::string> files_;
    uint32_t loc_file_ = 0, loc_line_ = 0, loc_column_ = 0;
    // Every %hi(...) expression of the unit, and the one each register was last loaded with.
    std::set<std::string> hi_expressions_;
    std::map<std::string, std::string> register_hi_;
    // A `lui rd, N` not yet emitted: a following `addi rd, rd, M` joins it into one `or.i`
    // (MVP immediates are 32 bits wide).
    std::string pending_lui_reg_;
    uint32_t pending_lui_value_ = 0;
    void flush_lui() {
        if (pending_lui_reg_.empty()) return;
        emit("or.i " + reg(pending_lui_reg_) + ", $zero, " + std::to_string(pending_lui_value_));
        pending_lui_reg_.clear();
    }
    std::set<std::string> local_symbols_;
    std::set<std::string> kernels_with_stub_;
    int next_label_ = 0;
};

std::string RiscvTranslator::run() {
    // First pass: kernel-scope __local variables (".local X" + ".comm X,size,align") live in
    // the SP's local memory, so references to them become local-memory addresses.
    {
        std::istringstream in(riscv_);
        std::string l;
        while (std::getline(in, l)) {
            std::string_view t = trim(strip_comment(l));
            if (starts_with(t, ".comm") || starts_with(t, ".lcomm")) {
                auto ops = split_operands(t.substr(t.find_first_of(" \t") + 1));
                if (!ops.empty()) local_symbols_.insert(ops[0]);
            }
            for (size_t at = t.find("%hi("); at != std::string_view::npos;
                 at = t.find("%hi(", at + 1)) {
                size_t close = t.find(')', at);
                if (close != std::string_view::npos)
                    hi_expressions_.insert(std::string(t.substr(at + 4, close - at - 4)));
            }
        }
    }
    for (const auto& [k, stub] : options_.entry_stubs)
        if (!stub.empty()) kernels_with_stub_.insert(k);

    size_t pos = 0;
    while (pos < riscv_.size()) {
        size_t end = riscv_.find('\n', pos);
        if (end == std::string::npos) end = riscv_.size();
        ++asm_line_;
        line(std::string_view(riscv_).substr(pos, end - pos));
        pos = end + 1;
    }
    flush_lui();
    return out_.str();
}

void RiscvTranslator::line(std::string_view text) {
    std::string_view t = trim(text);
    // Anything but an instruction or a line-number directive ends a pending lui.
    if (!pending_lui_reg_.empty()) {
        std::string_view code = trim(strip_comment(t));
        bool keeps = code.empty() || starts_with(code, ".loc") ||
                     (code[0] != '.' && code.find(':') == std::string_view::npos);
        if (!keeps || t == "#APP") flush_lui();
    }
    if (t == "#APP") {
        in_inline_asm_ = true;
        return;
    }
    if (t == "#NO_APP") {
        in_inline_asm_ = false;
        return;
    }
    if (in_inline_asm_) {
        passthrough(t);
        return;
    }
    t = trim(strip_comment(t));
    if (t.empty()) return;
    // Labels.
    while (true) {
        size_t colon = t.find(':');
        if (colon == std::string_view::npos || colon == 0) break;
        std::string_view lab = t.substr(0, colon);
        bool ident = true;
        for (char c : lab)
            if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'))
                ident = false;
        if (!ident || std::isdigit(static_cast<unsigned char>(lab[0]))) break;
        if (section_ == Section::kText || section_ == Section::kData) {
            std::string l(lab);
            if (section_ == Section::kText && is_wrapper(l)) {
                std::string k = l.substr(kEntryPrefix.size());
                out_ << "\t.globl " << k << "\n\t.type " << k << ",@function\n" << k << ":\n";
                for (int r = 0; r < 4; ++r)
                    out_ << "\tst.w $" << 4 + r << ", " << 4 * r << "($sp)\n";
                out_ << "\tadd.si $4, $sp, 0\n";
            }
            out_ << rename(l) << ":\n";
            if (section_ == Section::kText && kernels_with_stub_.count(l)) {
                out_ << options_.entry_stubs.at(l);
                out_ << "__mvp_body_" << l << ":\n";
            }
        }
        t = trim(t.substr(colon + 1));
        if (t.empty()) return;
    }
    size_t sp = 0;
    while (sp < t.size() && !is_space(t[sp])) ++sp;
    std::string_view word = t.substr(0, sp);
    std::string_view rest = trim(t.substr(sp));
    if (word[0] == '.') {
        directive(word, rest);
        return;
    }
    if (section_ == Section::kSkip) return;
    if (section_ != Section::kText) fail("instruction '" + std::string(word) + "' outside .text");
    instruction(word, split_operands(rest));
}

void RiscvTranslator::passthrough(std::string_view t) {
    // Inline assembly of the builtin header: "# mvp: INSTRUCTION operands".
    if (t.empty()) return;
    constexpr std::string_view kTag = "# mvp:";
    size_t at = t.find(kTag);
    std::string_view before = trim(t.substr(0, at == std::string_view::npos ? t.size() : at));
    if (at == std::string_view::npos || !before.empty()) {
        if (starts_with(t, "#") && at == std::string_view::npos) return;
        fail("inline assembly is not supported: '" + std::string(t) + "'");
    }
    std::string_view ins = trim(t.substr(at + kTag.size()));
    size_t sp = 0;
    while (sp < ins.size() && !is_space(ins[sp])) ++sp;
    std::string mnemonic(ins.substr(0, sp));
    std::vector<std::string> ops = split_operands(ins.substr(sp));
    std::string line = mnemonic;
    for (size_t i = 0; i < ops.size(); ++i) {
        std::string op = ops[i];
        // Map RISC-V register names inside "off(reg)" and plain registers.
        size_t lp = op.find('('), rp = op.rfind(')');
        if (lp != std::string::npos && rp != std::string::npos && rp > lp) {
            std::string r = op.substr(lp + 1, rp - lp - 1);
            int n = riscv_register(r);
            if (n >= 0) op = op.substr(0, lp + 1) + mvp_reg(n) + op.substr(rp);
        } else {
            int n = riscv_register(op);
            if (n >= 0) op = mvp_reg(n);
        }
        line += (i == 0 ? " " : ", ") + op;
    }
    emit(line);
}

void RiscvTranslator::directive(std::string_view d, std::string_view rest) {
    if (d == ".file") {
        // ".file N "dir" "name" [md5 ...]" or ".file N "name"": an OpenCL C source file.
        auto ops = std::string(rest);
        std::istringstream in(ops);
        uint32_t n;
        if (!(in >> n)) return;  // ".file "name"": the compilation unit's name
        std::vector<std::string> strings;
        size_t q = 0;
        while ((q = ops.find('"', q)) != std::string::npos) {
            size_t e = ops.find('"', q + 1);
            if (e == std::string::npos) break;
            strings.push_back(ops.substr(q + 1, e - q - 1));
            q = e + 1;
        }
        if (strings.empty()) return;
        std::string file = strings.size() >= 2 ? strings[1] : strings[0];
        size_t slash = file.find_last_of('/');
        if (slash != std::string::npos) file = file.substr(slash + 1);
        files_[n] = file;
        out_ << "\t.file " << n << " \"" << file << "\"\n";
        return;
    }
    if (d == ".loc") {
        std::istringstream in{std::string(rest)};
        uint32_t f = 0, l = 0, c = 0;
        in >> f >> l;
        if (!(in >> c)) c = 0;
        if (f != loc_file_ || l != loc_line_ || c != loc_column_) {
            loc_file_ = f;
            loc_line_ = l;
            loc_column_ = c;
            if (section_ == Section::kText) out_ << "\t.loc " << f << " " << l << " " << c << "\n";
        }
        return;
    }
    if (d == ".text") {
        section_ = Section::kText;
        out_ << "\t.text\n";
        return;
    }
    if (d == ".data" || d == ".bss") {
        section_ = Section::kData;
        out_ << "\t.data\n";
        return;
    }
    if (d == ".section") {
        auto ops = split_operands(rest);
        std::string n = ops.empty() ? "" : ops[0];
        if (n.size() >= 2 && n.front() == '"') n = n.substr(1, n.size() - 2);
        auto is = [&](const char* p) {
            std::string_view s(n);
            std::string_view pre(p);
            return s == pre ||
                   (starts_with(s, pre) && s.size() > pre.size() && s[pre.size()] == '.');
        };
        if (is(".text")) {
            section_ = Section::kText;
            out_ << "\t.text\n";
        } else if (is(".rodata") || is(".srodata") || is(".data") || is(".sdata") || is(".bss") ||
                   is(".sbss") || is(".tbss") || is(".tdata")) {
            section_ = Section::kData;
            out_ << "\t.data\n";
        } else {
            section_ = Section::kSkip;
        }
        return;
    }
    if (section_ == Section::kSkip) return;
    static const std::set<std::string_view> kDropped = {".attribute",
                                                        ".option",
                                                        ".addrsig",
                                                        ".addrsig_sym",
                                                        ".ident",
                                                        ".cfi_startproc",
                                                        ".cfi_endproc",
                                                        ".cfi_def_cfa_offset",
                                                        ".cfi_offset",
                                                        ".cfi_restore",
                                                        ".cfi_def_cfa",
                                                        ".cfi_remember_state",
                                                        ".cfi_restore_state",
                                                        ".cfi_sections",
                                                        ".local",
                                                        ".weak",
                                                        ".hidden",
                                                        ".protected",
                                                        ".internal"};
    if (kDropped.count(d)) return;
    if (d == ".globl" || d == ".global") {
        std::string n(trim(rest));
        if (!is_wrapper(n)) out_ << "\t.globl " << rename(n) << "\n";
        return;
    }
    if (d == ".type") {
        auto ops = split_operands(rest);
        if (ops.size() >= 2 && ops[1] == "@function" && !is_wrapper(ops[0]))
            out_ << "\t.type " << rename(ops[0]) << ",@function\n";
        return;
    }
    if (d == ".size") {
        auto ops = split_operands(rest);
        if (section_ == Section::kText && ops.size() == 2 && !is_wrapper(ops[0])) {
            std::string size = ops[1];
            size_t minus = size.rfind('-');
            if (minus != std::string::npos)
                size = size.substr(0, minus + 1) + rename(size.substr(minus + 1));
            out_ << "\t.size " << rename(ops[0]) << ", " << size << "\n";
        }
        return;
    }
    if (d == ".p2align" || d == ".align" || d == ".balign") {
        if (section_ != Section::kData) return;
        auto ops = split_operands(rest);
        if (d == ".balign") {
            unsigned long v = std::strtoul(ops[0].c_str(), nullptr, 0);
            unsigned p = 0;
            while ((1ul << p) < v) ++p;
            out_ << "\t.p2align " << p << "\n";
        } else {
            out_ << "\t.p2align " << ops[0] << "\n";
        }
        return;
    }
    if (d == ".comm" || d == ".lcomm") {
        // A kernel-scope __local variable: a block of the work-group's local memory.
        auto ops = split_operands(rest);
        if (ops.size() < 2) fail("malformed " + std::string(d));
        unsigned long align = ops.size() >= 3 ? std::strtoul(ops[2].c_str(), nullptr, 0) : 4;
        unsigned p = 0;
        while ((1ul << p) < align) ++p;
        out_ << "\t.section .lmem\n\t.p2align " << p << "\n"
             << ops[0] << ":\n\t.space " << ops[1] << "\n";
        out_ << (section_ == Section::kText ? "\t.text\n" : "\t.data\n");
        return;
    }
    if (section_ == Section::kData) {
        data_directive(d, rest);
        return;
    }
    fail("unsupported directive '" + std::string(d) + "'");
}

void RiscvTranslator::data_directive(std::string_view d, std::string_view rest) {
    if (d == ".word" || d == ".half" || d == ".byte" || d == ".zero" || d == ".space") {
        out_ << "\t" << d << " " << rest << "\n";
        return;
    }
    if (d == ".4byte" || d == ".long") {
        out_ << "\t.word " << rest << "\n";
        return;
    }
    if (d == ".2byte" || d == ".short") {
        out_ << "\t.half " << rest << "\n";
        return;
    }
    if (d == ".quad" || d == ".8byte") {
        for (const std::string& v : split_operands(rest)) {
            errno = 0;
            char* end = nullptr;
            unsigned long long x = std::strtoull(v.c_str(), &end, 0);
            long long sx = 0;
            if (*end != 0 || errno) {
                sx = std::strtoll(v.c_str(), &end, 0);
                if (*end != 0) fail("64-bit data word '" + v + "' is not a constant");
                x = static_cast<unsigned long long>(sx);
            }
            out_ << "\t.word " << static_cast<uint32_t>(x) << ", " << static_cast<uint32_t>(x >> 32)
                 << "\n";
        }
        return;
    }
    if (d == ".ascii" || d == ".asciz" || d == ".string") {
        std::string_view s = trim(rest);
        if (s.size() < 2 || s.front() != '"' || s.back() != '"')
            fail("malformed " + std::string(d));
        std::vector<unsigned> bytes;
        for (size_t i = 1; i + 1 < s.size(); ++i) {
            char c = s[i];
            if (c != '\\') {
                bytes.push_back(static_cast<unsigned char>(c));
                continue;
            }
            char e = s[++i];
            if (e >= '0' && e <= '7') {
                unsigned v = 0;
                for (int k = 0; k < 3 && i < s.size() - 1 && s[i] >= '0' && s[i] <= '7'; ++k, ++i)
                    v = v * 8 + (s[i] - '0');
                --i;
                bytes.push_back(v & 0xff);
            } else if (e == 'x') {
                unsigned v = 0;
                while (i + 1 < s.size() - 1 && std::isxdigit(static_cast<unsigned char>(s[i + 1])))
                    v = v * 16 + std::stoul(std::string(1, s[++i]), nullptr, 16);
                bytes.push_back(v & 0xff);
            } else {
                static const std::string kFrom = "ntrbf\\\"'";
                static const char kTo[] = {'\n', '\t', '\r', '\b', '\f', '\\', '"', '\''};
                size_t k = kFrom.find(e);
                bytes.push_back(k == std::string::npos ? static_cast<unsigned char>(e)
                                                       : static_cast<unsigned char>(kTo[k]));
            }
        }
        if (d != ".ascii") bytes.push_back(0);
        for (size_t i = 0; i < bytes.size(); i += 16) {
            out_ << "\t.byte ";
            for (size_t k = i; k < bytes.size() && k < i + 16; ++k)
                out_ << (k == i ? "" : ", ") << bytes[k];
            out_ << "\n";
        }
        return;
    }
    fail("unsupported data directive '" + std::string(d) + "'");
}

void RiscvTranslator::check_operands(std::string_view mnemonic, const std::vector<std::string>& ops,
                                     size_t n) const {
    if (ops.size() != n)
        fail("'" + std::string(mnemonic) + "' with " + std::to_string(ops.size()) +
             " operands, expected " + std::to_string(n));
}

int RiscvTranslator::reg_number(const std::string& op) const {
    int n = riscv_register(op);
    if (n < 0) fail("expected a register, got '" + op + "'");
    if (n == 2 || n == 3) fail("register '" + op + "' is reserved for the MVP translation");
    return n;
}

std::string RiscvTranslator::reg(const std::string& op) const { return mvp_reg(reg_number(op)); }

std::string RiscvTranslator::reloc_expr(const std::string& op, std::string_view kind) {
    std::string prefix = "%" + std::string(kind) + "(";
    if (op.compare(0, prefix.size(), prefix) != 0 || op.back() != ')') return "";
    return op.substr(prefix.size(), op.size() - prefix.size() - 1);
}

namespace {

// "sym+12" / "sym-4" / "sym": the symbol and the constant.
std::pair<std::string, long long> split_symbol_offset(const std::string& expr) {
    size_t at = expr.find_first_of("+-", 1);
    if (at == std::string::npos) return {expr, 0};
    char* end = nullptr;
    long long v = std::strtoll(expr.c_str() + at, &end, 0);
    if (*end != 0) return {expr, 0};
    return {expr.substr(0, at), v};
}

}  // namespace

std::string RiscvTranslator::imm(const std::string& op, const std::string& base) const {
    std::string lo = reloc_expr(op, "lo");
    if (!lo.empty()) {
        // The lui put the whole address of its %hi(X) in the register (see "lui"), so %lo(Y)
        // adds Y - X. clang pairs a %hi(S) with %lo(S+k) when S's alignment keeps the high
        // part the same; X is the expression the base register was loaded with, else the one
        // %hi of Y's symbol.
        const auto [sym, offset] = split_symbol_offset(lo);
        std::string hi;
        if (auto it = register_hi_.find(base);
            it != register_hi_.end() && split_symbol_offset(it->second).first == sym) {
            hi = it->second;
        } else if (hi_expressions_.count(lo)) {
            hi = lo;
        } else {
            for (const std::string& x : hi_expressions_) {
                if (split_symbol_offset(x).first != sym) continue;
                if (!hi.empty()) fail("%lo(" + lo + ") matches more than one %hi");
                hi = x;
            }
        }
        if (hi.empty()) fail("%lo(" + lo + ") without a matching %hi");
        return std::to_string(offset - split_symbol_offset(hi).second);
    }
    if (op.empty() || op[0] == '%') fail("unsupported operand '" + op + "'");
    return op;
}

std::string RiscvTranslator::mem(const std::string& op) const {
    size_t lp = op.rfind('(');
    if (lp == std::string::npos || op.back() != ')')
        fail("expected offset(register), got '" + op + "'");
    std::string off = op.substr(0, lp);
    std::string base = op.substr(lp + 1, op.size() - lp - 2);
    return (off.empty() ? std::string("0") : imm(off, base)) + "(" + reg(base) + ")";
}

std::string RiscvTranslator::label(const std::string& op) const {
    if (op.empty() || riscv_register(op) >= 0 || op[0] == '%')
        fail("expected a label, got '" + op + "'");
    if (kernels_with_stub_.count(op)) return "__mvp_body_" + op;
    return rename(op);
}

void RiscvTranslator::helper_call(const std::string& helper, const std::string& rd,
                                  const std::string& a, const std::string& b) {
    // The helper preserves every register but $2, $3 and $ra; $ra is kept below $sp.
    emit("st.w $ra, -4($sp)");
    emit("add.si $2, " + a + ", 0");
    if (!b.empty()) emit("add.si $3, " + b + ", 0");
    emit("jplnk " + std::string(kHelperPrefix) + helper);
    emit("ld.w $ra, -4($sp)");
    if (rd != "$zero") emit("add.si " + rd + ", $2, 0");
}

void RiscvTranslator::emit_nan_to_3(const std::string& x) {
    // $3 = 1 if x is a NaN: (x & 0x7fffffff) > 0x7f800000, found in bit 31 of the sum.
    emit("and.i $3, " + x + ", 0x7fffffff");
    emit("add.si $3, $3, 0x7fffff");
    emit("sfrl.i $3, $3, 31");
}

void RiscvTranslator::emit_flt_to_2(const std::string& a, const std::string& b) {
    // $2 = (a < b): the sign of a - b, which is exact in sign with gradual underflow. NaN
    // results are the positive canonical NaN; -0 (a = -0, b = +0) does not count.
    emit("fsub $2, " + a + ", " + b);
    emit("setlt $3, $2, $zero");
    emit("sfll.i $2, $2, 1");
    emit("setlt.u $2, $zero, $2");
    emit("and $2, $2, $3");
}

void RiscvTranslator::emit_float_compare(std::string_view op, const std::string& rd,
                                         const std::string& a, const std::string& b) {
    if (op == "flt.s") {
        emit_flt_to_2(a, b);
    } else if (op == "fle.s") {
        // a <= b  <=>  !(b < a) and neither is a NaN.
        emit_flt_to_2(b, a);
        emit_nan_to_3(a);
        emit("or $2, $2, $3");
        emit_nan_to_3(b);
        emit("or $2, $2, $3");
        emit("xor.i $2, $2, 1");
    } else {
        // a == b  <=>  not (bits differ and not both zero) and a is not a NaN.
        emit("or $2, " + a + ", " + b);
        emit("sfll.i $2, $2, 1");
        emit("setlt.u $2, $zero, $2");
        emit("xor $3, " + a + ", " + b);
        emit("setlt.u $3, $zero, $3");
        emit("and $2, $2, $3");
        emit_nan_to_3(a);
        emit("or $2, $2, $3");
        emit("xor.i $2, $2, 1");
    }
    if (rd != "$zero") emit("add.si " + rd + ", $2, 0");
}

void RiscvTranslator::emit_min_max(bool is_max, const std::string& rd, const std::string& x,
                                   const std::string& y) {
    // IEEE minNum/maxNum as RISC-V fmin.s/fmax.s: -0 < +0, a NaN operand gives the other one.
    // The order keys k(v) = v ^ ((v >> 31) >>> 1) compare as signed integers.
    auto key = [&](const std::string& r, const std::string& v) {
        emit("sfra.i " + r + ", " + v + ", 31");
        emit("sfrl.i " + r + ", " + r + ", 1");
        emit("xor " + r + ", " + r + ", " + v);
    };
    key("$2", x);
    key("$3", y);
    if (is_max)
        emit("setlt $2, $2, $3");  // k(x) < k(y): take y
    else
        emit("setlt $2, $3, $2");  // k(y) < k(x): take y
    emit_nan_to_3(y);
    emit("xor.i $3, $3, 1");
    emit("and $2, $2, $3");
    emit_nan_to_3(x);
    emit("or $2, $2, $3");
    emit("sub $2, $zero, $2");  // all ones to take y
    emit("xor $3, " + x + ", " + y);
    emit("and $3, $3, $2");
    emit("xor " + rd + ", $3, " + x);
}

void RiscvTranslator::emit_unsigned_branch(std::string_view cond, const std::string& a,
                                           const std::string& b, const std::string& target) {
    // MVP branches compare signed; unsigned order goes through setlt.u.
    if (cond == "bltu") {
        emit("setlt.u $2, " + a + ", " + b);
        emit("bne $2, $zero, " + target);
    } else if (cond == "bgeu") {
        emit("setlt.u $2, " + a + ", " + b);
        emit("beq $2, $zero, " + target);
    } else if (cond == "bgtu") {
        emit("setlt.u $2, " + b + ", " + a);
        emit("bne $2, $zero, " + target);
    } else {  // bleu
        emit("setlt.u $2, " + b + ", " + a);
        emit("beq $2, $zero, " + target);
    }
}

std::string RiscvTranslator::rounding_mode(const std::vector<std::string>& ops,
                                           size_t index) const {
    if (ops.size() <= index) return "dyn";
    const std::string& rm = ops[index];
    if (rm == "dyn" || rm == "rne" || rm == "rtz" || rm == "rdn" || rm == "rup" || rm == "rmm")
        return rm;
    fail("unknown rounding mode '" + rm + "'");
}

void RiscvTranslator::emit_fp_convert(std::string_view m, const std::vector<std::string>& ops) {
    if (ops.size() < 2 || ops.size() > 3) fail("'" + std::string(m) + "' takes 2 or 3 operands");
    std::string rd = reg(ops[0]), rs = reg(ops[1]);
    std::string rm = rounding_mode(ops, 2);
    bool nearest = rm == "dyn" || rm == "rne";  // MVP rounds to nearest even
    if (m == "fcvt.s.w") {
        if (nearest) {
            emit("itof " + rd + ", " + rs);
            return;
        }
        helper_call("fcvt_s_w_" + rm, rd, rs, "");
        return;
    }
    if (m == "fcvt.s.wu") {
        if (!nearest) {
            helper_call("fcvt_s_wu_" + rm, rd, rs, "");
            return;
        }
        // Values of 2^31 and above: halve with the dropped bit kept as a sticky bit, convert
        // (one rounding), and double by adding one to the exponent.
        emit("sfrl.i $3, " + rs + ", 31");
        emit("and $2, " + rs + ", $3");
        emit("sfrl $3, " + rs + ", $3");
        emit("or $2, $2, $3");
        emit("itof $2, $2");
        emit("sfrl.i $3, " + rs + ", 31");
        emit("sfll.i $3, $3, 23");
        emit("add " + rd + ", $2, $3");
        return;
    }
    if (m == "fcvt.w.s") {
        if (rm == "rtz") {
            emit("ftoi " + rd + ", " + rs);
        } else if (rm == "rdn" || rm == "rup") {
            // t = trunc(x); t - x > 0 means trunc rounded up (floor needs t - 1); x - t > 0
            // means it rounded down (ceil needs t + 1).
            emit("ftoi $2, " + rs);
            emit("itof $3, $2");
            emit(rm == "rdn" ? "fsub $3, $3, " + rs : "fsub $3, " + rs + ", $3");
            emit("setlt $3, $zero, $3");
            emit((rm == "rdn" ? "sub " : "add ") + rd + ", $2, $3");
        } else {
            helper_call(rm == "rmm" ? "fcvt_w_s_rmm" : "fcvt_w_s_rne", rd, rs, "");
        }
        return;
    }
    if (m == "fcvt.wu.s") {
        if (rm != "rtz") fail("unsupported conversion '" + std::string(m) + " ... " + rm + "'");
        helper_call("fcvt_wu_s", rd, rs, "");
        return;
    }
    fail("unsupported instruction '" + std::string(m) + "'");
}

void RiscvTranslator::instruction(std::string_view m, const std::vector<std::string>& ops) {
    auto three = [&](const char* mvp) {
        check_operands(m, ops, 3);
        emit(std::string(mvp) + " " + reg(ops[0]) + ", " + reg(ops[1]) + ", " + reg(ops[2]));
    };
    auto three_imm = [&](const char* mvp) {
        check_operands(m, ops, 3);
        emit(std::string(mvp) + " " + reg(ops[0]) + ", " + reg(ops[1]) + ", " +
             imm(ops[2], ops[1]));
    };

    static const std::map<std::string_view, const char*> kRegReg = {
        {"add", "add"},   {"sub", "sub"},      {"and", "and"},  {"or", "or"},
        {"xor", "xor"},   {"sll", "sfll"},     {"srl", "sfrl"}, {"sra", "sfra"},
        {"slt", "setlt"}, {"sltu", "setlt.u"}, {"mul", "mul"}};
    static const std::map<std::string_view, const char*> kRegImm = {
        {"andi", "and.i"},  {"ori", "or.i"},    {"xori", "xor.i"},
        {"slli", "sfll.i"}, {"srli", "sfrl.i"}, {"srai", "sfra.i"}};
    static const std::map<std::string_view, const char*> kLoads = {
        {"lw", "ld.w"}, {"lh", "ld.h"}, {"lhu", "ld.hu"}, {"lb", "ld.b"}, {"lbu", "ld.bu"}};
    static const std::map<std::string_view, const char*> kStores = {
        {"sw", "st.w"}, {"sh", "st.h"}, {"sb", "st.b"}};

    if (!pending_lui_reg_.empty()) {
        if (m == "addi" && ops.size() == 3 && ops[0] == pending_lui_reg_ &&
            ops[1] == pending_lui_reg_) {
            char* end = nullptr;
            long long v = std::strtoll(ops[2].c_str(), &end, 0);
            if (!ops[2].empty() && *end == 0) {
                pending_lui_value_ += static_cast<uint32_t>(v);
                flush_lui();
                return;
            }
        }
        flush_lui();
    }
    if (auto it = kRegReg.find(m); it != kRegReg.end()) return three(it->second);
    if (auto it = kRegImm.find(m); it != kRegImm.end()) return three_imm(it->second);
    if (auto it = kLoads.find(m); it != kLoads.end()) {
        check_operands(m, ops, 2);
        emit(std::string(it->second) + " " + reg(ops[0]) + ", " + mem(ops[1]));
        return;
    }
    if (auto it = kStores.find(m); it != kStores.end()) {
        check_operands(m, ops, 2);
        emit(std::string(it->second) + " " + reg(ops[0]) + ", " + mem(ops[1]));
        return;
    }
    if (m == "addi") return three_imm("add.si");
    if (m == "slti" || m == "sltiu") {
        check_operands(m, ops, 3);
        emit("or.i $2, $zero, " + imm(ops[2]));
        emit(std::string(m == "slti" ? "setlt " : "setlt.u ") + reg(ops[0]) + ", " + reg(ops[1]) +
             ", $2");
        return;
    }
    if (m == "lui") {
        check_operands(m, ops, 2);
        std::string rd = reg(ops[0]);
        std::string hi = reloc_expr(ops[1], "hi");
        if (!hi.empty()) {
            // The register gets the whole address; the %lo(...) users add the difference.
            register_hi_[ops[0]] = hi;
            std::string sym = hi.substr(0, hi.find_first_of("+-", 1));
            if (local_symbols_.count(sym)) {
                emit("rdsr " + rd + ", $zero, %local_base");
                emit("add.si " + rd + ", " + rd + ", " + hi);
            } else {
                emit("or.i " + rd + ", $zero, " + hi);
            }
            return;
        }
        char* end = nullptr;
        long long v = std::strtoll(ops[1].c_str(), &end, 0);
        if (*end != 0) fail("unsupported operand '" + ops[1] + "'");
        reg_number(ops[0]);
        pending_lui_reg_ = ops[0];
        pending_lui_value_ = static_cast<uint32_t>(v) << 12;
        return;
    }
    if (m == "li") {
        check_operands(m, ops, 2);
        emit("or.i " + reg(ops[0]) + ", $zero, " + imm(ops[1]));
        return;
    }
    // Two-register pseudo-instructions: {d} and {s} stand for the MVP registers.
    static const std::map<std::string_view, const char*> kPseudo = {
        {"mv", "add.si {d}, {s}, 0"},
        {"not", "xor.i {d}, {s}, -1"},
        {"neg", "sub {d}, $zero, {s}"},
        {"seqz", "or.i $2, $zero, 1\nsetlt.u {d}, {s}, $2"},
        {"snez", "setlt.u {d}, $zero, {s}"},
        {"sltz", "setlt {d}, {s}, $zero"},
        {"sgtz", "setlt {d}, $zero, {s}"},
        {"fmv.s", "add.si {d}, {s}, 0"},
        {"fneg.s", "xor.i {d}, {s}, 0x80000000"},
        {"fabs.s", "and.i {d}, {s}, 0x7fffffff"}};
    if (auto it = kPseudo.find(m); it != kPseudo.end()) {
        check_operands(m, ops, 2);
        std::string text = it->second;
        for (size_t at; (at = text.find("{d}")) != std::string::npos;)
            text.replace(at, 3, reg(ops[0]));
        for (size_t at; (at = text.find("{s}")) != std::string::npos;)
            text.replace(at, 3, reg(ops[1]));
        for (size_t from = 0, nl;; from = nl + 1) {
            nl = text.find('\n', from);
            emit(text.substr(from, nl == std::string::npos ? std::string::npos : nl - from));
            if (nl == std::string::npos) break;
        }
        return;
    }
    if (m == "mulh" || m == "mulhu" || m == "mulhsu") {
        check_operands(m, ops, 3);
        helper_call(std::string(m), reg(ops[0]), reg(ops[1]), reg(ops[2]));
        return;
    }
    if (m == "nop" || m == "fence" || m == "fence.i" || m == "fsflags" || m == "fsflagsi" ||
        m == "fsrm" || m == "fsrmi") {
        return;  // no FP flags or dynamic rounding mode on MVP; memory is in order
    }
    if (m == "frflags" || m == "frrm" || m == "frcsr") {
        check_operands(m, ops, 1);
        emit("add.si " + reg(ops[0]) + ", $zero, 0");
        return;
    }
    if (m == "unimp" || m == "ebreak" || m == "ecall") {
        // A trap (__builtin_trap, unreachable code): a misaligned access to an unmapped
        // address, which the model reports as a fault at this PC.
        emit("ld.w $zero, -1($zero)");
        return;
    }

    // Branches and jumps.
    static const std::set<std::string_view> kUnsigned = {"bltu", "bgeu", "bgtu", "bleu"};
    if (m == "beq" || m == "bne" || m == "blt" || m == "bge" || m == "bgt" || m == "ble" ||
        kUnsigned.count(m)) {
        check_operands(m, ops, 3);
        std::string a = reg(ops[0]), b = reg(ops[1]), t = label(ops[2]);
        if (kUnsigned.count(m)) return emit_unsigned_branch(m, a, b, t);
        if (m == "beq" || m == "bne" || m == "blt" || m == "ble")
            emit(std::string(m) + " " + a + ", " + b + ", " + t);
        else if (m == "bge")
            emit("ble " + b + ", " + a + ", " + t);
        else  // bgt
            emit("blt " + b + ", " + a + ", " + t);
        return;
    }
    if (m == "beqz" || m == "bnez" || m == "blez" || m == "bgez" || m == "bltz" || m == "bgtz") {
        check_operands(m, ops, 2);
        std::string a = reg(ops[0]), t = label(ops[1]);
        if (m == "beqz") emit("beq " + a + ", $zero, " + t);
        if (m == "bnez") emit("bne " + a + ", $zero, " + t);
        if (m == "blez") emit("ble " + a + ", $zero, " + t);
        if (m == "bgez") emit("ble $zero, " + a + ", " + t);
        if (m == "bltz") emit("blt " + a + ", $zero, " + t);
        if (m == "bgtz") emit("blt $zero, " + a + ", " + t);
        return;
    }
    if (m == "j") {
        check_operands(m, ops, 1);
        emit("jp " + label(ops[0]));
        return;
    }
    if (m == "call" || m == "tail" || (m == "jal" && ops.size() == 1)) {
        check_operands(m, ops, 1);
        emit((m == "tail" ? "jp " : "jplnk ") + label(ops[0]));
        return;
    }
    if (m == "jal") {
        check_operands(m, ops, 2);
        int rd = reg_number(ops[0]);
        if (rd == 0)
            emit("jp " + label(ops[1]));
        else if (rd == 15)
            emit("jplnk " + label(ops[1]));
        else
            fail("'jal' linking to '" + ops[0] + "' is not supported");
        return;
    }
    if (m == "ret") {
        emit("jr $ra");
        return;
    }
    if (m == "jr") {
        check_operands(m, ops, 1);
        emit("jr " + reg(ops[0]));
        return;
    }
    if (m == "jalr") {
        // Only the jump form exists on MVP (no indirect calls: OpenCL C has no function
        // pointers).
        std::string target;
        int rd = 15;
        if (ops.size() == 1) {
            target = ops[0];
        } else if (ops.size() == 2 || ops.size() == 3) {
            rd = reg_number(ops[0]);
            target = ops.size() == 3 ? ops[1] + "(" + ops[2] + ")" : ops[1];
        }
        if (rd == 0) {
            std::string t = target.find('(') != std::string::npos ? target : "0(" + target + ")";
            size_t lp = t.rfind('(');
            if (imm(t.substr(0, lp)) != "0" && t.substr(0, lp) != "0")
                fail("'jalr' with an offset is not supported");
            emit("jr " + reg(t.substr(lp + 1, t.size() - lp - 2)));
            return;
        }
        fail("indirect calls are not supported ('jalr')");
    }

    // Single-precision floating point (Zfinx: floats in the integer registers).
    if (m == "fadd.s" || m == "fsub.s" || m == "fmul.s") {
        if (ops.size() == 4 && rounding_mode(ops, 3) != "dyn" && ops[3] != "rne")
            fail("unsupported rounding mode '" + ops[3] + "' for '" + std::string(m) + "'");
        if (ops.size() != 3 && ops.size() != 4) check_operands(m, ops, 3);
        std::string op = m == "fadd.s" ? "fadd" : m == "fsub.s" ? "fsub" : "fmul";
        emit(op + " " + reg(ops[0]) + ", " + reg(ops[1]) + ", " + reg(ops[2]));
        return;
    }
    if (m == "fdiv.s") {
        if (ops.size() != 3 && ops.size() != 4) check_operands(m, ops, 3);
        std::string rd = reg(ops[0]), a = reg(ops[1]), b = reg(ops[2]);
        if (options_.fast_relaxed_math) {
            emit("frcp $2, " + b);
            emit("fmul " + rd + ", " + a + ", $2");
        } else {
            helper_call("fdiv", rd, a, b);
        }
        return;
    }
    if (m == "fsqrt.s") {
        if (ops.size() != 2 && ops.size() != 3) check_operands(m, ops, 2);
        emit("fsqrt " + reg(ops[0]) + ", " + reg(ops[1]));
        return;
    }
    if (m == "fmadd.s" || m == "fmsub.s" || m == "fnmadd.s" || m == "fnmsub.s") {
        if (ops.size() != 4 && ops.size() != 5) check_operands(m, ops, 4);
        std::string rd = reg(ops[0]), a = reg(ops[1]), b = reg(ops[2]), c = reg(ops[3]);
        // MVP's fused forms accumulate into rd: fmac rd += a*b, fmas rd -= a*b. The addend
        // goes to rd first when rd is not a factor, else through $2.
        bool negate_addend = m == "fmsub.s" || m == "fnmadd.s";
        std::string acc = rd == a || rd == b ? "$2" : rd;
        if (negate_addend)
            emit("xor.i " + acc + ", " + c + ", 0x80000000");
        else if (acc != c)
            emit("add.si " + acc + ", " + c + ", 0");
        emit(std::string(m == "fnmsub.s" ? "fmas" : "fmac") + " " + acc + ", " + a + ", " + b);
        if (m == "fnmadd.s")
            emit("xor.i " + rd + ", " + acc + ", 0x80000000");
        else if (acc != rd)
            emit("add.si " + rd + ", " + acc + ", 0");
        return;
    }
    if (m == "fsgnj.s" || m == "fsgnjn.s" || m == "fsgnjx.s") {
        check_operands(m, ops, 3);
        std::string rd = reg(ops[0]), a = reg(ops[1]), b = reg(ops[2]);
        if (m == "fsgnjx.s") {
            emit("and.i $3, " + b + ", 0x80000000");
            emit("xor " + rd + ", " + a + ", $3");
            return;
        }
        emit("and.i $3, " + b + ", 0x80000000");
        if (m == "fsgnjn.s") emit("xor.i $3, $3, 0x80000000");
        emit("and.i $2, " + a + ", 0x7fffffff");
        emit("or " + rd + ", $2, $3");
        return;
    }
    if (m == "fmin.s" || m == "fmax.s") {
        check_operands(m, ops, 3);
        emit_min_max(m == "fmax.s", reg(ops[0]), reg(ops[1]), reg(ops[2]));
        return;
    }
    if (m == "feq.s" || m == "flt.s" || m == "fle.s" || m == "fgt.s" || m == "fge.s") {
        check_operands(m, ops, 3);
        std::string rd = reg(ops[0]), a = reg(ops[1]), b = reg(ops[2]);
        if (m == "fgt.s") return emit_float_compare("flt.s", rd, b, a);
        if (m == "fge.s") return emit_float_compare("fle.s", rd, b, a);
        return emit_float_compare(m, rd, a, b);
    }
    if (m == "fclass.s") {
        check_operands(m, ops, 2);
        helper_call("fclass", reg(ops[0]), reg(ops[1]), "");
        return;
    }
    if (starts_with(m, "fcvt.")) return emit_fp_convert(m, ops);
    fail("unsupported instruction '" + std::string(m) + "'");
}

}  // namespace

std::string translate_riscv(const std::string& name, const std::string& riscv,
                            const TranslateOptions& options) {
    return RiscvTranslator(name, riscv, options).run();
}

}  // namespace mvp::toolchain
