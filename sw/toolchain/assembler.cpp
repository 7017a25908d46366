#include "assembler.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string_view>

#include "asm_error.h"
#include "modules/isa/instruction.h"
#include "modules/isa/special_register.h"

namespace mvp::toolchain {

namespace {

using isa::Format;
using isa::Opcode;

// A piece of a source line (mnemonic, operand, directive argument) and its 1-based column.
struct Piece {
    std::string_view text;
    uint32_t column = 0;
};

// A value written in the source: a constant plus signed symbol terms ("table+4",
// "($func_end0)-square").
struct Expr {
    struct Term {
        std::string name;
        int sign;
        uint32_t column;
    };
    int64_t constant = 0;
    bool overflow = false;  // a literal or the sum left the range of int64 bookkeeping
    std::vector<Term> symbols;
};

enum class Section { kCode, kData, kLocal, kOther };

constexpr int64_t kMinImm = -(int64_t{1} << 31);
constexpr int64_t kMaxImm = (int64_t{1} << 32) - 1;
constexpr int64_t kHuge = int64_t{1} << 40;

bool is_ident_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
}

bool is_ident_char(char c) {
    return is_ident_start(c) || std::isdigit(static_cast<unsigned char>(c));
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

bool is_identifier(std::string_view s) {
    if (s.empty() || !is_ident_start(s[0])) return false;
    for (char c : s)
        if (!is_ident_char(c)) return false;
    return true;
}

// "$0".."$15", "$zero", "$sp", "$ra": the register number, or -1.
int register_number(std::string_view s) {
    if (s.size() < 2 || s[0] != '$') return -1;
    std::string_view name = s.substr(1);
    if (name == "zero") return isa::kRegZero;
    if (name == "sp") return isa::kRegSp;
    if (name == "ra") return isa::kRegRa;
    if (name.size() > 2 || (name.size() == 2 && name[0] == '0')) return -1;
    int n = 0;
    for (char c : name) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
        n = n * 10 + (c - '0');
    }
    return n < static_cast<int>(isa::kNumRegs) ? n : -1;
}

// Text that can only be meant as a register: a valid register or '$' followed by digits.
bool looks_like_register(std::string_view s) {
    if (register_number(s) >= 0) return true;
    if (s.size() < 2 || s[0] != '$') return false;
    for (char c : s.substr(1))
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

std::string_view trim(std::string_view s, uint32_t* column) {
    size_t b = 0;
    while (b < s.size() && is_space(s[b])) ++b;
    size_t e = s.size();
    while (e > b && is_space(s[e - 1])) --e;
    if (column) *column += static_cast<uint32_t>(b);
    return s.substr(b, e - b);
}

std::string base_name(const std::string& path) {
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

// A source line taken apart: its labels, then the mnemonic or directive and its operands
// (empty when the line holds only labels, a comment or nothing). '#' outside a string starts
// a comment.
struct SourceLineParts {
    std::vector<Piece> labels;
    Piece word;
    Piece rest;
};

SourceLineParts split_source_line(std::string_view line) {
    bool in_quote = false;
    size_t cut = line.size();
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (in_quote && c == '\\') {
            ++i;
        } else if (c == '"') {
            in_quote = !in_quote;
        } else if (c == '#' && !in_quote) {
            cut = i;
            break;
        }
    }
    line = line.substr(0, cut);
    while (!line.empty() && is_space(line.back())) line.remove_suffix(1);

    SourceLineParts parts;
    size_t pos = 0;
    for (;;) {
        while (pos < line.size() && is_space(line[pos])) ++pos;
        if (pos >= line.size()) return parts;
        size_t e = pos;
        while (e < line.size() && is_ident_char(line[e])) ++e;
        if (e > pos && is_ident_start(line[pos]) && e < line.size() && line[e] == ':') {
            parts.labels.push_back({line.substr(pos, e - pos), static_cast<uint32_t>(pos + 1)});
            pos = e + 1;
            continue;
        }
        break;
    }
    size_t e = pos;
    while (e < line.size() && !is_space(line[e])) ++e;
    parts.word = {line.substr(pos, e - pos), static_cast<uint32_t>(pos + 1)};
    parts.rest = {line.substr(e), static_cast<uint32_t>(e + 1)};
    parts.rest.text = trim(parts.rest.text, &parts.rest.column);
    return parts;
}

// Assembles one source file; see assemble().
class Assembler {
  public:
    Assembler(const std::string& path, const std::string& source) : path_(path), source_(source) {
        obj_.file = path;
    }

    ObjectFile run();

  private:
    struct Label {
        size_t symbol;  // index into obj_.symbols
        uint32_t line;
        uint32_t column;
    };
    struct SizeDirective {
        std::string name;
        Expr size;
        uint32_t location;  // the code PC at the directive, the value of "."
        uint32_t line;
        uint32_t column;
    };

    [[noreturn]] void error(uint32_t column, const std::string& message) const {
        throw AsmError(path_ + ":" + std::to_string(line_) + ":" + std::to_string(column) +
                       ": error: " + message);
    }

    void parse_line(std::string_view line);
    void define_label(Piece name);
    void directive(Piece name, Piece rest);
    void instruction(Piece mnemonic, Piece rest);

    std::vector<Piece> split(Piece rest, bool allow_empty_list) const;
    Expr parse_expr(Piece p) const;
    uint8_t parse_register(Piece p) const;
    // An immediate: a constant, or a symbol plus addend (the symbol is returned in *symbol).
    int32_t parse_immediate(Piece p, std::string* symbol, uint32_t* symbol_column) const;
    void parse_memory(Piece p, uint8_t* reg, int32_t* offset, std::string* symbol,
                      uint32_t* symbol_column) const;
    int32_t parse_special_register(Piece p) const;
    std::string parse_name(Piece p, const char* directive) const;

    void switch_section(Section s);
    void emit_data(const void* bytes, size_t size, size_t alignment);
    void align_data(size_t alignment);
    void bind_pending_labels();
    void data_directive(Piece name, const std::vector<Piece>& args);
    uint32_t code_pc() const { return static_cast<uint32_t>(obj_.code.size()) * isa::kInstBytes; }

    const Label* find_label(const std::string& name) const {
        auto it = labels_.find(name);
        return it == labels_.end() ? nullptr : &it->second;
    }
    const Symbol& symbol_of(const Label& l) const { return obj_.symbols[l.symbol]; }
    bool is_code_label(const std::string& name) const {
        const Label* l = find_label(name);
        return l && symbol_of(*l).section == Symbol::Section::kCode;
    }

    void evaluate_sizes();
    void compute_functions();
    void source_file_directive(Piece name, Piece rest);

    const std::string& path_;
    const std::string& source_;
    ObjectFile obj_;
    uint32_t line_ = 0;
    Section section_ = Section::kCode;
    Section previous_section_ = Section::kCode;
    std::map<std::string, Label> labels_;
    std::vector<size_t> pending_data_labels_;
    std::set<std::string> globals_;
    std::vector<std::string> function_names_;  // typed @function or .ent, in order
    std::map<std::string, uint32_t> explicit_ends_;
    std::vector<SizeDirective> sizes_;
    std::map<uint32_t, uint32_t> origin_numbers_;  // .file number -> index in origin_files
    uint32_t origin_file_ = 0, origin_line_ = 0, origin_column_ = 0;
};

ObjectFile Assembler::run() {
    size_t pos = 0;
    while (pos <= source_.size()) {
        size_t end = source_.find('\n', pos);
        if (end == std::string::npos) end = source_.size();
        ++line_;
        parse_line(std::string_view(source_).substr(pos, end - pos));
        pos = end + 1;
    }
    bind_pending_labels();
    for (Symbol& s : obj_.symbols) s.global = globals_.count(s.name) != 0;
    evaluate_sizes();
    compute_functions();
    return std::move(obj_);
}

void Assembler::parse_line(std::string_view line) {
    SourceLineParts parts = split_source_line(line);
    for (Piece label : parts.labels)
        if (section_ != Section::kOther) define_label(label);
    if (parts.word.text.empty()) return;
    if (parts.word.text[0] == '.') {
        directive(parts.word, parts.rest);
    } else if (section_ == Section::kOther) {
        return;  // contents of sections the model does not load (debug info, notes)
    } else {
        instruction(parts.word, parts.rest);
    }
}

void Assembler::define_label(Piece name) {
    std::string n(name.text);
    if (looks_like_register(n)) error(name.column, "label name " + quoted(n) + " is a register");
    if (const Label* old = find_label(n)) {
        error(name.column, "duplicate label " + quoted(n) + " (first defined at line " +
                               std::to_string(old->line) + ")");
    }
    Symbol s;
    s.name = n;
    bool data = section_ == Section::kData;
    s.section = data ? Symbol::Section::kData : Symbol::Section::kCode;
    s.value = data ? 0 : code_pc();
    if (section_ == Section::kLocal) {
        s.section = Symbol::Section::kLocal;
        s.value = obj_.local_bytes;
    }
    obj_.symbols.push_back(s);
    labels_[n] = Label{obj_.symbols.size() - 1, line_, name.column};
    if (data) pending_data_labels_.push_back(obj_.symbols.size() - 1);
}

std::vector<Piece> Assembler::split(Piece rest, bool allow_empty_list) const {
    std::vector<Piece> out;
    if (rest.text.empty()) {
        if (!allow_empty_list) error(rest.column, "missing operand");
        return out;
    }
    int depth = 0;
    bool in_quote = false;
    size_t start = 0;
    for (size_t i = 0; i <= rest.text.size(); ++i) {
        char c = i < rest.text.size() ? rest.text[i] : ',';
        bool end = i == rest.text.size();
        if (!end && in_quote) {
            // An escape takes the next character, if there is one: the end of the text still
            // closes the last operand.
            if (c == '\\' && i + 1 < rest.text.size())
                ++i;
            else if (c == '"')
                in_quote = false;
            continue;
        }
        if (c == '"')
            in_quote = true;
        else if (c == '(')
            ++depth;
        else if (c == ')')
            --depth;
        else if (c == ',' && (depth <= 0 || end)) {
            Piece p{rest.text.substr(start, i - start), rest.column + static_cast<uint32_t>(start)};
            p.text = trim(p.text, &p.column);
            if (p.text.empty()) error(p.column, "missing operand");
            out.push_back(p);
            start = i + 1;
        }
    }
    return out;
}

Expr Assembler::parse_expr(Piece p) const {
    Expr e;
    std::string_view s = p.text;
    size_t i = 0;
    auto malformed = [&]() { error(p.column, "malformed expression " + quoted(s)); };
    auto skip = [&]() {
        while (i < s.size() && is_space(s[i])) ++i;
    };
    // Recursive descent over "term {(+|-) term}", term = [+|-] (number | symbol | (expr)).
    int depth = 0;
    std::function<void(int)> expr;
    std::function<void(int)> term = [&](int sign) {
        skip();
        if (i >= s.size()) malformed();
        while (s[i] == '-' || s[i] == '+') {
            if (s[i] == '-') sign = -sign;
            ++i;
            skip();
            if (i >= s.size()) malformed();
        }
        if (s[i] == '(') {
            if (++depth > 32) malformed();
            ++i;
            expr(sign);
            --depth;
            skip();
            if (i >= s.size() || s[i] != ')') malformed();
            ++i;
            return;
        }
        if (std::isdigit(static_cast<unsigned char>(s[i]))) {
            int base = 10;
            if (s[i] == '0' && i + 1 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
                base = 16;
                i += 2;
            }
            size_t digits = i;
            int64_t v = 0;
            while (i < s.size() && std::isxdigit(static_cast<unsigned char>(s[i]))) {
                char c = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
                int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : c - 'a' + 10;
                if (d >= base) malformed();
                v = v * base + d;
                if (v > kHuge) {
                    e.overflow = true;
                    v = kHuge;
                }
                ++i;
            }
            if (i == digits || (i < s.size() && is_ident_char(s[i]))) malformed();
            e.constant += sign * v;
            if (e.constant > kHuge || e.constant < -kHuge) {
                e.overflow = true;
                e.constant = e.constant > 0 ? kHuge : -kHuge;
            }
            return;
        }
        if (is_ident_start(s[i])) {
            size_t b = i;
            while (i < s.size() && is_ident_char(s[i])) ++i;
            e.symbols.push_back(
                {std::string(s.substr(b, i - b)), sign, p.column + static_cast<uint32_t>(b)});
            return;
        }
        malformed();
    };
    expr = [&](int sign) {
        term(sign);
        for (;;) {
            skip();
            if (i >= s.size() || (s[i] != '+' && s[i] != '-')) return;
            int op = s[i] == '-' ? -1 : 1;
            ++i;
            term(sign * op);
        }
    };
    expr(1);
    skip();
    if (i != s.size()) malformed();
    if (e.constant > kHuge || e.constant < -kHuge) e.overflow = true;
    return e;
}

uint8_t Assembler::parse_register(Piece p) const {
    int r = register_number(p.text);
    if (r >= 0) return static_cast<uint8_t>(r);
    if (p.text[0] == '$') error(p.column, "bad register name " + quoted(p.text));
    if (p.text.find('(') != std::string_view::npos)
        error(p.column, "expected a register, got memory operand " + quoted(p.text));
    if (std::isdigit(static_cast<unsigned char>(p.text[0])) || p.text[0] == '-')
        error(p.column, "expected a register, got immediate " + quoted(p.text));
    error(p.column, "expected a register, got " + quoted(p.text));
}

int32_t Assembler::parse_immediate(Piece p, std::string* symbol, uint32_t* symbol_column) const {
    if (looks_like_register(p.text))
        error(p.column, "expected an immediate, got register " + quoted(p.text));
    if (p.text.find('(') != std::string_view::npos && p.text.back() == ')' &&
        p.text.find('$') != std::string_view::npos)
        error(p.column, "expected an immediate, got memory operand " + quoted(p.text));
    Expr e = parse_expr(p);
    for (const Expr::Term& t : e.symbols)
        if (looks_like_register(t.name))
            error(t.column, "expected an immediate, got register " + quoted(t.name));
    if (e.symbols.size() > 1 || (e.symbols.size() == 1 && e.symbols[0].sign < 0))
        error(p.column, "expression " + quoted(p.text) + " is not a label plus a constant");
    if (e.symbols.empty()) {
        if (e.overflow || e.constant < kMinImm || e.constant > kMaxImm)
            error(p.column, "immediate out of range: " + quoted(p.text));
        symbol->clear();
        return static_cast<int32_t>(static_cast<uint32_t>(e.constant));
    }
    if (e.overflow || e.constant < kMinImm || e.constant > kMaxImm)
        error(p.column, "immediate out of range: " + quoted(p.text));
    *symbol = e.symbols[0].name;
    *symbol_column = e.symbols[0].column;
    return static_cast<int32_t>(static_cast<uint32_t>(e.constant));
}

void Assembler::parse_memory(Piece p, uint8_t* reg, int32_t* offset, std::string* symbol,
                             uint32_t* symbol_column) const {
    size_t open = p.text.rfind('(');
    if (p.text.back() != ')' || open == std::string_view::npos) {
        error(p.column, "expected a memory operand 'offset(register)', got " + quoted(p.text));
    }
    Piece r{p.text.substr(open + 1, p.text.size() - open - 2),
            p.column + static_cast<uint32_t>(open + 1)};
    r.text = trim(r.text, &r.column);
    if (r.text.empty()) error(r.column, "missing register in memory operand " + quoted(p.text));
    *reg = parse_register(r);
    Piece off{p.text.substr(0, open), p.column};
    off.text = trim(off.text, &off.column);
    symbol->clear();
    *offset = off.text.empty() ? 0 : parse_immediate(off, symbol, symbol_column);
}

int32_t Assembler::parse_special_register(Piece p) const {
    if (p.text[0] != '%')
        error(p.column, "expected a special register '%name', got " + quoted(p.text));
    size_t e = 1;
    while (e < p.text.size() && is_ident_char(p.text[e])) ++e;
    std::string_view name = p.text.substr(1, e - 1);
    int32_t number = -1;
    for (const auto& n : isa::kSpecialRegisterNames)
        if (n.name == name) number = static_cast<int32_t>(n.sr);
    if (number < 0) error(p.column, "unknown special register " + quoted(p.text.substr(0, e)));
    std::string_view rest = p.text.substr(e);
    uint32_t rest_column = p.column + static_cast<uint32_t>(e);
    rest = trim(rest, &rest_column);
    if (!rest.empty()) {
        if (rest[0] != '+') error(rest_column, "malformed special register " + quoted(p.text));
        Piece n{rest.substr(1), rest_column + 1};
        n.text = trim(n.text, &n.column);
        Expr x = parse_expr(n);
        if (!x.symbols.empty()) error(n.column, "malformed special register " + quoted(p.text));
        number = x.overflow || x.constant > 1000 ? 1000 : number + static_cast<int32_t>(x.constant);
    }
    if (number < 0 || number >= static_cast<int32_t>(isa::kNumSpecialRegisters))
        error(p.column, "special register out of range: " + quoted(p.text));
    return number;
}

void Assembler::instruction(Piece mnemonic, Piece rest) {
    Opcode op;
    if (!isa::find_opcode(mnemonic.text, &op))
        error(mnemonic.column, "unknown mnemonic " + quoted(mnemonic.text));
    if (section_ != Section::kCode)
        error(mnemonic.column, "instruction " + quoted(mnemonic.text) + " in a data section");
    const isa::OpcodeInfo& info = isa::info(op);

    static const std::map<Format, std::pair<size_t, const char*>> kShapes = {
        {Format::kNone, {0, "no operands"}},
        {Format::kR3, {3, "rd, rs, rt"}},
        {Format::kR2, {2, "rd, rs"}},
        {Format::kRI, {3, "rd, rs, imm"}},
        {Format::kBranch, {3, "rs, rt, label"}},
        {Format::kJump, {1, "label"}},
        {Format::kJr, {1, "rs"}},
        {Format::kLoad, {2, "rd, offset(rs)"}},
        {Format::kStore, {2, "rt, offset(rs)"}},
        {Format::kAtomic, {3, "rd, rt, (rs)"}},
        {Format::kSr, {3, "rd, rs, %sr"}},
    };
    const auto& shape = kShapes.at(info.format);
    std::vector<Piece> ops = split(rest, true);
    if (ops.size() != shape.first) {
        std::string expected = shape.first == 0
                                   ? "takes no operands"
                                   : "takes " + std::to_string(shape.first) + " operand" +
                                         (shape.first == 1 ? "" : "s") + " (" + shape.second + ")";
        error(ops.size() > shape.first ? ops[shape.first].column : mnemonic.column,
              quoted(mnemonic.text) + " " + expected + ", got " + std::to_string(ops.size()));
    }

    isa::Instruction in;
    in.op = op;
    std::string symbol;
    uint32_t symbol_column = 0;
    switch (info.format) {
        case Format::kNone:
            break;
        case Format::kR3:
            in.rd = parse_register(ops[0]);
            in.rs = parse_register(ops[1]);
            in.rt = parse_register(ops[2]);
            break;
        case Format::kR2:
            in.rd = parse_register(ops[0]);
            in.rs = parse_register(ops[1]);
            break;
        case Format::kRI:
            in.rd = parse_register(ops[0]);
            in.rs = parse_register(ops[1]);
            in.imm = parse_immediate(ops[2], &symbol, &symbol_column);
            break;
        case Format::kBranch:
        case Format::kJump: {
            if (info.format == Format::kBranch) {
                in.rs = parse_register(ops[0]);
                in.rt = parse_register(ops[1]);
            }
            const Piece& target = ops.back();
            if (looks_like_register(target.text))
                error(target.column, "expected a label, got register " + quoted(target.text));
            if (!is_ident_start(target.text[0]))
                error(target.column, "expected a label, got " + quoted(target.text));
            in.imm = parse_immediate(target, &symbol, &symbol_column);
            break;
        }
        case Format::kJr:
            in.rs = parse_register(ops[0]);
            break;
        case Format::kLoad:
            in.rd = parse_register(ops[0]);
            parse_memory(ops[1], &in.rs, &in.imm, &symbol, &symbol_column);
            break;
        case Format::kStore:
            in.rt = parse_register(ops[0]);
            parse_memory(ops[1], &in.rs, &in.imm, &symbol, &symbol_column);
            break;
        case Format::kAtomic:
            in.rd = parse_register(ops[0]);
            in.rt = parse_register(ops[1]);
            parse_memory(ops[2], &in.rs, &in.imm, &symbol, &symbol_column);
            break;
        case Format::kSr:
            in.rd = parse_register(ops[0]);
            in.rs = parse_register(ops[1]);
            in.imm = parse_special_register(ops[2]);
            break;
    }
    if (!symbol.empty()) {
        Relocation r;
        r.site = Relocation::Site::kCode;
        r.offset = static_cast<uint32_t>(obj_.code.size());
        r.symbol = symbol;
        r.addend = in.imm;
        r.line = line_;
        r.column = symbol_column;
        obj_.relocations.push_back(r);
        in.imm = 0;
    }
    obj_.code.push_back(isa::encode(in));
    SourceLine sl;
    sl.file = 0;
    sl.line = line_;
    sl.text = std::string(mnemonic.text);
    if (origin_line_ != 0) {
        sl.origin_file = origin_file_;
        sl.origin_line = origin_line_;
        sl.origin_column = origin_column_;
    }
    if (!rest.text.empty()) sl.text += " " + std::string(rest.text);
    obj_.lines.push_back(std::move(sl));
}

std::string Assembler::parse_name(Piece p, const char* directive) const {
    if (!is_identifier(p.text))
        error(p.column, std::string("malformed ") + directive +
                            " directive: expected a symbol, got " + quoted(p.text));
    return std::string(p.text);
}

void Assembler::switch_section(Section s) {
    if (section_ == Section::kData) bind_pending_labels();
    previous_section_ = section_;
    section_ = s;
}

void Assembler::bind_pending_labels() {
    for (size_t i : pending_data_labels_)
        obj_.symbols[i].value = static_cast<uint32_t>(obj_.data.size());
    pending_data_labels_.clear();
}

void Assembler::align_data(size_t alignment) {
    while (obj_.data.size() % alignment != 0) obj_.data.push_back(0);
}

void Assembler::emit_data(const void* bytes, size_t size, size_t alignment) {
    align_data(alignment);
    bind_pending_labels();
    const uint8_t* b = static_cast<const uint8_t*>(bytes);
    obj_.data.insert(obj_.data.end(), b, b + size);
}

void Assembler::data_directive(Piece name, const std::vector<Piece>& args) {
    const std::string dname(name.text);
    auto malformed = [&](uint32_t column, const std::string& why) {
        error(column, "malformed " + dname + " directive: " + why);
    };
    if (section_ != Section::kData) malformed(name.column, "not in a data section (use .data)");
    if (args.empty()) malformed(name.column, "expected a value");

    if (dname == ".space" || dname == ".zero") {
        if (args.size() > 2) malformed(args[2].column, "too many values");
        Expr n = parse_expr(args[0]);
        if (!n.symbols.empty() || n.overflow || n.constant < 0 || n.constant > (1 << 24))
            malformed(args[0].column, "bad size " + quoted(args[0].text));
        int64_t fill = 0;
        if (args.size() == 2) {
            Expr f = parse_expr(args[1]);
            if (!f.symbols.empty() || f.overflow || f.constant < -128 || f.constant > 255)
                malformed(args[1].column, "bad fill byte " + quoted(args[1].text));
            fill = f.constant;
        }
        std::vector<uint8_t> bytes(static_cast<size_t>(n.constant), static_cast<uint8_t>(fill));
        emit_data(bytes.data(), bytes.size(), 1);
        return;
    }
    if (dname == ".float") {
        for (const Piece& a : args) {
            std::string text(a.text);
            errno = 0;
            char* end = nullptr;
            float f = std::strtof(text.c_str(), &end);
            if (end != text.c_str() + text.size() || text.empty() || is_space(text[0]))
                malformed(a.column, quoted(a.text) + " is not a number");
            if (errno == ERANGE && std::isinf(f))
                malformed(a.column, "value " + quoted(a.text) + " out of range");
            uint32_t bits;
            std::memcpy(&bits, &f, 4);
            uint8_t le[4] = {static_cast<uint8_t>(bits), static_cast<uint8_t>(bits >> 8),
                             static_cast<uint8_t>(bits >> 16), static_cast<uint8_t>(bits >> 24)};
            emit_data(le, 4, 4);
        }
        return;
    }
    size_t size = dname == ".word" ? 4 : dname == ".half" ? 2 : 1;
    int64_t lo = -(int64_t{1} << (8 * size - 1));
    int64_t hi = (int64_t{1} << (8 * size)) - 1;
    for (const Piece& a : args) {
        if (looks_like_register(a.text)) malformed(a.column, "register " + quoted(a.text));
        Expr e = parse_expr(a);
        if (e.symbols.size() > 1 || (e.symbols.size() == 1 && e.symbols[0].sign < 0))
            malformed(a.column, quoted(a.text) + " is not a label plus a constant");
        if (!e.symbols.empty() && size != 4) malformed(a.column, "a label needs a 32-bit .word");
        if (e.overflow || e.constant < lo || e.constant > hi)
            malformed(a.column, "value " + quoted(a.text) + " out of range");
        uint32_t v = e.symbols.empty() ? static_cast<uint32_t>(e.constant) : 0;
        uint8_t le[4] = {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8),
                         static_cast<uint8_t>(v >> 16), static_cast<uint8_t>(v >> 24)};
        emit_data(le, size, size);
        if (!e.symbols.empty()) {
            Relocation r;
            r.site = Relocation::Site::kData;
            r.offset = static_cast<uint32_t>(obj_.data.size() - 4);
            r.symbol = e.symbols[0].name;
            r.addend = static_cast<int32_t>(static_cast<uint32_t>(e.constant));
            r.line = line_;
            r.column = e.symbols[0].column;
            obj_.relocations.push_back(r);
        }
    }
}

void Assembler::directive(Piece name, Piece rest) {
    const std::string_view d = name.text;
    if (d == ".text") {
        switch_section(Section::kCode);
        return;
    }
    if (d == ".data") {
        switch_section(Section::kData);
        return;
    }
    if (d == ".previous") {
        Section s = previous_section_;
        switch_section(s);
        return;
    }
    if (d == ".section") {
        std::vector<Piece> args = split(rest, false);
        std::string_view n = args[0].text;
        if (n.size() >= 2 && n.front() == '"' && n.back() == '"') n = n.substr(1, n.size() - 2);
        auto starts = [&](std::string_view prefix) {
            return n == prefix || (n.size() > prefix.size() &&
                                   n.substr(0, prefix.size()) == prefix && n[prefix.size()] == '.');
        };
        Section s = Section::kOther;
        if (starts(".text")) s = Section::kCode;
        if (n == ".lmem") s = Section::kLocal;
        if (starts(".data") || starts(".rodata") || starts(".bss") || starts(".sdata") ||
            starts(".sbss"))
            s = Section::kData;
        switch_section(s);
        return;
    }
    if (section_ == Section::kOther) return;

    if (d == ".file" || d == ".loc") {
        source_file_directive(name, rest);
        return;
    }
    static const std::set<std::string_view> kIgnored = {".frame", ".mask", ".fmask", ".ident",
                                                        ".set"};
    if (kIgnored.count(d)) return;
    if (d == ".p2align" || d == ".align") {
        if (section_ == Section::kCode) return;  // instructions are always 8-byte aligned
        std::vector<Piece> args = split(rest, false);
        Expr e = parse_expr(args[0]);
        if (!e.symbols.empty() || e.overflow || e.constant < 0 || e.constant > 12)
            error(args[0].column, "malformed " + std::string(d) + " directive: bad alignment " +
                                      quoted(args[0].text));
        if (section_ == Section::kLocal) {
            uint32_t a = uint32_t{1} << e.constant;
            obj_.local_bytes = (obj_.local_bytes + a - 1) & ~(a - 1);
        } else {
            align_data(size_t{1} << e.constant);
        }
        return;
    }
    if (section_ == Section::kLocal && (d == ".space" || d == ".zero")) {
        std::vector<Piece> args = split(rest, false);
        Expr n = parse_expr(args[0]);
        if (!n.symbols.empty() || n.overflow || n.constant < 0 || n.constant > (1 << 24) ||
            args.size() > 1)
            error(args[0].column, "malformed " + std::string(d) + " directive in .lmem: bad size " +
                                      quoted(args[0].text));
        obj_.local_bytes += static_cast<uint32_t>(n.constant);
        return;
    }
    if (d == ".globl" || d == ".global") {
        for (const Piece& a : split(rest, false)) globals_.insert(parse_name(a, ".globl"));
        return;
    }
    if (d == ".type") {
        std::vector<Piece> args = split(rest, false);
        std::string n = parse_name(args[0], ".type");
        if (args.size() >= 2) {
            std::string_view t = args[1].text;
            if (!t.empty() && (t[0] == '@' || t[0] == '%')) t.remove_prefix(1);
            if (t == "function" || t == "\"function\"") function_names_.push_back(n);
        }
        return;
    }
    if (d == ".ent") {
        std::vector<Piece> args = split(rest, false);
        function_names_.push_back(parse_name(args[0], ".ent"));
        return;
    }
    if (d == ".end") {
        std::vector<Piece> args = split(rest, false);
        std::string n = parse_name(args[0], ".end");
        if (section_ == Section::kCode) {
            uint32_t& end = explicit_ends_[n];
            end = std::max(end, code_pc());
        }
        return;
    }
    if (d == ".size") {
        std::vector<Piece> args = split(rest, false);
        if (args.size() != 2)
            error(name.column, "malformed .size directive: expected 'symbol, size'");
        std::string n = parse_name(args[0], ".size");
        sizes_.push_back({n, parse_expr(args[1]), code_pc(), line_, args[1].column});
        return;
    }
    if (d == ".word" || d == ".float" || d == ".space" || d == ".zero" || d == ".half" ||
        d == ".byte") {
        data_directive(name, split(rest, true));
        return;
    }
    error(name.column, "unknown directive " + quoted(d));
}

void Assembler::source_file_directive(Piece name, Piece rest) {
    // ".file N "name"" declares a high-level source file (a bare ".file "name"" names the
    // unit and is ignored); ".loc N LINE [COLUMN]" says where the next instructions come from.
    auto number = [&](const Piece& p, const char* what) {
        Expr e = parse_expr(p);
        if (!e.symbols.empty() || e.overflow || e.constant < 0 || e.constant > 0xffffffffll)
            error(p.column, "malformed " + std::string(name.text) + " directive: bad " + what +
                                " " + quoted(p.text));
        return static_cast<uint32_t>(e.constant);
    };
    if (name.text == ".file") {
        if (rest.text.empty() || rest.text[0] == '"') return;
        size_t space = rest.text.find_first_of(" \t");
        Piece num{rest.text.substr(0, space), rest.column};
        uint32_t n = number(num, "file number");
        std::string_view names = space == std::string_view::npos ? "" : rest.text.substr(space);
        size_t q = names.rfind('"');
        size_t p = q == std::string_view::npos || q == 0 ? std::string_view::npos
                                                         : names.rfind('"', q - 1);
        if (p == std::string_view::npos)
            error(rest.column, "malformed .file directive: expected a quoted file name");
        origin_numbers_[n] = static_cast<uint32_t>(obj_.origin_files.size());
        obj_.origin_files.push_back(base_name(std::string(names.substr(p + 1, q - p - 1))));
        return;
    }
    std::vector<std::string> words;
    std::istringstream in{std::string(rest.text)};
    for (std::string w; in >> w;) words.push_back(w);
    if (words.size() < 2) error(name.column, "malformed .loc directive: expected 'file line'");
    uint32_t n = number(Piece{words[0], rest.column}, "file number");
    auto it = origin_numbers_.find(n);
    if (it == origin_numbers_.end())
        error(rest.column, "malformed .loc directive: file " + std::to_string(n) +
                               " is not declared by .file");
    origin_file_ = it->second;
    origin_line_ = number(Piece{words[1], rest.column}, "line");
    origin_column_ = 0;
    if (words.size() >= 3 && std::isdigit(static_cast<unsigned char>(words[2][0])))
        origin_column_ = number(Piece{words[2], rest.column}, "column");
}

void Assembler::evaluate_sizes() {
    for (const SizeDirective& s : sizes_) {
        if (!is_code_label(s.name)) continue;  // the size of data objects carries no meaning here
        int64_t size = s.size.constant;
        for (const Expr::Term& t : s.size.symbols) {
            int64_t v;
            if (t.name == ".") {
                v = s.location;
            } else {
                const Label* l = find_label(t.name);
                if (!l) {
                    line_ = s.line;
                    error(t.column, "undefined label " + quoted(t.name));
                }
                v = symbol_of(*l).value;
            }
            size += t.sign * v;
        }
        int64_t end = int64_t{symbol_of(*find_label(s.name)).value} + size;
        if (size > 0 && end <= int64_t{code_pc()}) {
            uint32_t& e = explicit_ends_[s.name];
            e = std::max(e, static_cast<uint32_t>(end));
        }
    }
}

void Assembler::compute_functions() {
    const uint32_t code_bytes = code_pc();
    if (code_bytes == 0) return;
    std::map<uint32_t, std::string> starts;
    auto label_at = [&](uint32_t pc) {
        const Symbol* best = nullptr;
        for (const Symbol& s : obj_.symbols)
            if (s.section == Symbol::Section::kCode && s.value == pc &&
                (!best || (s.global && !best->global)))
                best = &s;
        if (best) return best->name;
        return base_name(path_) + ":" + std::to_string(obj_.lines[pc / isa::kInstBytes].line);
    };
    auto add = [&](uint32_t pc, const std::string& name) {
        if (pc < code_bytes) starts.emplace(pc, name);
    };
    for (const std::string& n : function_names_)
        if (is_code_label(n)) add(symbol_of(*find_label(n)).value, n);
    for (const Symbol& s : obj_.symbols)
        if (s.global && s.section == Symbol::Section::kCode) add(s.value, s.name);
    for (const Relocation& r : obj_.relocations) {
        if (r.site != Relocation::Site::kCode) continue;
        isa::Instruction in;
        if (!isa::decode(obj_.code[r.offset], &in) || in.op != Opcode::kJplnk ||
            !is_code_label(r.symbol))
            continue;
        int64_t target = int64_t{symbol_of(*find_label(r.symbol)).value} + r.addend;
        if (target < 0 || target >= code_bytes || target % isa::kInstBytes != 0) continue;
        uint32_t pc = static_cast<uint32_t>(target);
        add(pc, r.addend ? label_at(pc) : r.symbol);
    }
    if (!starts.count(0)) add(0, label_at(0));
    for (const auto& [n, end] : explicit_ends_) {
        (void)n;
        if (end < code_bytes && !starts.count(end)) add(end, label_at(end));
    }
    for (auto it = starts.begin(); it != starts.end(); ++it) {
        auto next = std::next(it);
        Function f;
        f.name = it->second;
        f.start_pc = it->first;
        f.end_pc = next == starts.end() ? code_bytes : next->first;
        obj_.functions.push_back(f);
    }
}

}  // namespace

ObjectFile assemble(const std::string& path, const std::string& source) {
    return Assembler(path, source).run();
}

bool is_mvp_assembly(const std::string& source) {
    bool statement = false;
    size_t pos = 0;
    while (pos <= source.size()) {
        size_t end = source.find('\n', pos);
        if (end == std::string::npos) end = source.size();
        SourceLineParts parts = split_source_line(std::string_view(source).substr(pos, end - pos));
        pos = end + 1;
        // Braces and semicolons outside comments and strings are C; MVP assembly has none.
        for (std::string_view piece : {parts.word.text, parts.rest.text}) {
            bool in_quote = false;
            for (char c : piece) {
                if (c == '"') in_quote = !in_quote;
                if (!in_quote && (c == '{' || c == '}' || c == ';')) return false;
            }
        }
        if (!parts.labels.empty()) statement = true;
        std::string_view w = parts.word.text;
        Opcode op;
        if (w.size() > 1 && w[0] == '.' && std::isalpha(static_cast<unsigned char>(w[1])))
            statement = true;
        else if (!w.empty() && isa::find_opcode(w, &op))
            statement = true;
    }
    return statement;
}

}  // namespace mvp::toolchain
