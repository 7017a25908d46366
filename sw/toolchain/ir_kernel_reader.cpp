#include "ir_kernel_reader.h"

#include <cctype>
#include <cstdlib>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace mvp::toolchain {

namespace {

// CL_KERNEL_ARG_ACCESS_* and CL_KERNEL_ARG_TYPE_* of cl.h (the toolchain does not include the
// OpenCL headers).
constexpr uint32_t kAccessReadOnly = 0x11A0, kAccessWriteOnly = 0x11A1, kAccessReadWrite = 0x11A2,
                   kAccessNone = 0x11A3;
constexpr uint32_t kTypeConst = 1, kTypeRestrict = 2, kTypeVolatile = 4;

struct Layout {
    uint32_t size = 0;
    uint32_t align = 1;
};

[[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error("cannot read the compiler's IR: " + what);
}

void skip_space(std::string_view& s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
}

bool eat(std::string_view& s, std::string_view word) {
    skip_space(s);
    if (s.substr(0, word.size()) != word) return false;
    s.remove_prefix(word.size());
    return true;
}

uint32_t number(std::string_view& s) {
    skip_space(s);
    uint32_t v = 0;
    size_t i = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
        v = v * 10 + (s[i++] - '0');
    if (i == 0) fail("expected a number at '" + std::string(s.substr(0, 20)) + "'");
    s.remove_prefix(i);
    return v;
}

std::string identifier(std::string_view& s) {
    // %name, %"quoted name", @name.
    skip_space(s);
    size_t i = 1;
    if (i < s.size() && s[i] == '"') {
        size_t e = s.find('"', i + 1);
        std::string n(s.substr(i + 1, e - i - 1));
        s.remove_prefix(e + 1);
        return n;
    }
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_' ||
                            s[i] == '.' || s[i] == '$' || s[i] == '-'))
        ++i;
    std::string n(s.substr(1, i - 1));
    s.remove_prefix(i);
    return n;
}

uint32_t align_to(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

class TypeParser {
  public:
    explicit TypeParser(const std::string& ir) {
        std::istringstream in(ir);
        for (std::string line; std::getline(in, line);)
            if (!line.empty() && line[0] == '%' && line.find(" = type ") != std::string::npos) {
                std::string_view v(line);
                std::string name = identifier(v);
                eat(v, "=");
                eat(v, "type");
                skip_space(v);
                definitions_[name] = std::string(v);
            }
    }

    Layout parse(std::string_view& s) const {
        skip_space(s);
        if (eat(s, "ptr")) {
            if (eat(s, "addrspace(")) {
                number(s);
                eat(s, ")");
            }
            return {4, 4};
        }
        if (eat(s, "float")) return {4, 4};
        if (eat(s, "double")) return {8, 8};
        if (eat(s, "half")) return {2, 2};
        if (!s.empty() && s[0] == 'i' && s.size() > 1 &&
            std::isdigit(static_cast<unsigned char>(s[1]))) {
            s.remove_prefix(1);
            uint32_t bits = number(s);
            uint32_t bytes = (bits + 7) / 8;
            return {bytes, bytes >= 8 ? 8 : bytes};
        }
        if (eat(s, "<{")) return structure(s, "}>", true);
        if (eat(s, "<")) {
            uint32_t n = number(s);
            eat(s, "x");
            Layout e = parse(s);
            eat(s, ">");
            uint32_t size = (n == 3 ? 4 : n) * e.size;
            return {size, size};
        }
        if (eat(s, "[")) {
            uint32_t n = number(s);
            eat(s, "x");
            Layout e = parse(s);
            eat(s, "]");
            return {n * e.size, e.align};
        }
        if (eat(s, "{")) return structure(s, "}", false);
        if (!s.empty() && s[0] == '%') {
            std::string name = identifier(s);
            auto it = definitions_.find(name);
            if (it == definitions_.end() || it->second == "opaque") fail("unknown type %" + name);
            std::string_view d(it->second);
            return parse(d);
        }
        fail("unknown type at '" + std::string(s.substr(0, 30)) + "'");
    }

  private:
    Layout structure(std::string_view& s, std::string_view close, bool packed) const {
        Layout l;
        skip_space(s);
        if (eat(s, close)) return l;
        while (true) {
            Layout f = parse(s);
            uint32_t a = packed ? 1 : f.align;
            l.size = align_to(l.size, a) + f.size;
            l.align = std::max(l.align, a);
            if (eat(s, ",")) continue;
            if (!eat(s, close)) fail("malformed structure type");
            break;
        }
        l.size = align_to(l.size, l.align);
        return l;
    }

    std::map<std::string, std::string> definitions_;
};

// `!N = !{...}` nodes: their elements as strings (the text of !"..." or the number of i32 N).
std::map<std::string, std::vector<std::string>> metadata_nodes(const std::string& ir) {
    std::map<std::string, std::vector<std::string>> nodes;
    std::istringstream in(ir);
    for (std::string line; std::getline(in, line);) {
        if (line.size() < 2 || line[0] != '!' || !std::isdigit(static_cast<unsigned char>(line[1])))
            continue;
        size_t eq = line.find(" = !{");
        if (eq == std::string::npos) continue;
        std::vector<std::string> elements;
        std::string_view v(line);
        v.remove_prefix(eq + 5);
        while (true) {
            skip_space(v);
            if (v.empty() || v[0] == '}') break;
            if (v.substr(0, 2) == "!\"") {
                size_t e = v.find('"', 2);
                elements.emplace_back(v.substr(2, e - 2));
                v.remove_prefix(e + 1);
            } else if (v.substr(0, 4) == "i32 " && v.size() > 4 &&
                       std::isdigit(static_cast<unsigned char>(v[4]))) {
                eat(v, "i32");
                elements.push_back(std::to_string(number(v)));
            } else {
                size_t e = v.find_first_of(",}");
                elements.emplace_back(v.substr(0, e));
                v.remove_prefix(e == std::string_view::npos ? v.size() : e);
            }
            eat(v, ",");
        }
        nodes[line.substr(0, eq)] = elements;
    }
    return nodes;
}

// Splits a parameter list at top-level commas.
std::vector<std::string> split_params(std::string_view s) {
    std::vector<std::string> out;
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c == '(' || c == '<' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == '>' || c == ']' || c == '}') --depth;
        if (c == ',' && depth == 0) {
            out.emplace_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    if (s.find_first_not_of(" \t") != std::string_view::npos) out.emplace_back(s.substr(start));
    return out;
}

// The `line:` of the `!DISubprogram` that a definition's `!dbg !N` names, or 0.
uint32_t definition_line(const std::string& ir, const std::string& define) {
    size_t d = define.rfind(" !dbg !");
    if (d == std::string::npos) return 0;
    size_t start = d + 6, end = define.find_first_of(" {", start);
    std::string node = "\n" + define.substr(start, end - start) + " = distinct !DISubprogram(";
    size_t at = ir.find(node);
    if (at == std::string::npos) return 0;
    size_t eol = ir.find('\n', at + 1);
    size_t l = ir.find(" line: ", at);
    if (l == std::string::npos || l > eol) return 0;
    return static_cast<uint32_t>(std::strtoul(ir.c_str() + l + 7, nullptr, 10));
}

// The OpenCL C type of a vec_type_hint's IR type ("<4 x float> undef", "i32 undef") and its
// signedness flag: "float4", "int"; "" when the type is not one OpenCL C has.
std::string hint_type_name(const std::string& ir_type, bool is_signed) {
    std::string_view s(ir_type);
    uint32_t n = 0;
    if (eat(s, "<")) {
        n = number(s);
        eat(s, "x");
    }
    skip_space(s);
    std::string base;
    if (eat(s, "float")) {
        base = "float";
    } else if (eat(s, "double")) {
        base = "double";
    } else if (eat(s, "half")) {
        base = "half";
    } else if (eat(s, "i8")) {
        base = "char";
    } else if (eat(s, "i16")) {
        base = "short";
    } else if (eat(s, "i32")) {
        base = "int";
    } else if (eat(s, "i64")) {
        base = "long";
    } else {
        return "";
    }
    if (!is_signed && base != "float" && base != "double" && base != "half") base = "u" + base;
    return n > 1 ? base + std::to_string(n) : base;
}

// The words of a kernel whose arguments do not fit the launch's (kLaunchArgWords): in order,
// none across kSpillWord, each 8-byte aligned one at an even distance from the start of its
// region (word 0, or the spill block at kSpillWord).
void spill_layout(IrKernel* k, const std::vector<bool>& double_word) {
    uint32_t word = 0;
    for (size_t i = 0; i < k->info.args.size(); ++i) {
        KernelArgInfo& a = k->info.args[i];
        if (word < kSpillWord && word + a.words > kSpillWord) word = kSpillWord;
        const uint32_t region = word < kSpillWord ? 0 : kSpillWord;
        if (double_word[i] && (word - region) % 2 != 0) ++word;
        if (word < kSpillWord && word + a.words > kSpillWord) word = kSpillWord;
        a.first_word = word;
        word += a.words;
    }
    k->info.words = word;
    k->direct = false;
}

}  // namespace

std::vector<IrKernel> read_ir_kernels(const std::string& ir) {
    TypeParser types(ir);
    auto nodes = metadata_nodes(ir);
    std::vector<IrKernel> kernels;
    std::istringstream in(ir);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("define ", 0) != 0 || line.find(" spir_kernel ") == std::string::npos)
            continue;
        IrKernel k;
        size_t at = line.find('@');
        size_t open = line.find('(', at);
        std::string_view name_view(std::string_view(line).substr(at, open - at));
        k.info.name = identifier(name_view);
        int depth = 0;
        size_t close = open;
        for (; close < line.size(); ++close) {
            if (line[close] == '(') ++depth;
            if (line[close] == ')' && --depth == 0) break;
        }
        std::vector<std::string> params =
            split_params(std::string_view(line).substr(open + 1, close - open - 1));

        auto meta = [&](const std::string& key) -> std::vector<std::string> {
            size_t p = line.find("!" + key + " !", close);
            if (p == std::string::npos) return {};
            p += key.size() + 2;
            size_t e = line.find_first_of(" {", p);
            auto it = nodes.find(line.substr(p, e - p));
            return it == nodes.end() ? std::vector<std::string>{} : it->second;
        };
        std::vector<std::string> spaces = meta("kernel_arg_addr_space");
        std::vector<std::string> access = meta("kernel_arg_access_qual");
        std::vector<std::string> type_names = meta("kernel_arg_type");
        std::vector<std::string> quals = meta("kernel_arg_type_qual");
        std::vector<std::string> names = meta("kernel_arg_name");
        std::vector<std::string> wg = meta("reqd_work_group_size");
        std::vector<std::string> hint = meta("work_group_size_hint");
        std::vector<std::string> vec_hint = meta("vec_type_hint");
        if (spaces.size() != params.size() || type_names.size() != params.size())
            fail("kernel '" + k.info.name + "' has " + std::to_string(params.size()) +
                 " parameters but argument metadata for " + std::to_string(spaces.size()));
        for (size_t d = 0; d < 3 && d < wg.size(); ++d)
            k.info.required_work_group_size[d] = static_cast<uint32_t>(std::stoul(wg[d]));
        for (size_t d = 0; d < 3 && d < hint.size(); ++d)
            k.info.work_group_size_hint[d] = static_cast<uint32_t>(std::stoul(hint[d]));
        auto dims = [](const uint32_t* d) {
            return "(" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," +
                   std::to_string(d[2]) + ")";
        };
        std::vector<std::string> attributes;
        if (!wg.empty())
            attributes.push_back("reqd_work_group_size" + dims(k.info.required_work_group_size));
        if (!hint.empty())
            attributes.push_back("work_group_size_hint" + dims(k.info.work_group_size_hint));
        if (vec_hint.size() == 2) {
            std::string t = hint_type_name(vec_hint[0], vec_hint[1] == "1");
            if (!t.empty()) attributes.push_back("vec_type_hint(" + t + ")");
        }
        for (const std::string& a : attributes)
            k.info.attributes += (k.info.attributes.empty() ? "" : " ") + a;
        k.info.arg_names = names.size() == params.size();
        k.line = definition_line(ir, line);

        uint32_t word = 0;
        std::vector<bool> double_word;  // per argument: needs 8-byte alignment
        for (size_t i = 0; i < params.size(); ++i) {
            KernelArgInfo a;
            a.name = k.info.arg_names ? names[i] : "";
            a.type_name = type_names[i];
            unsigned space = static_cast<unsigned>(std::stoul(spaces[i]));
            static const char* kSpaceNames[] = {"", "__global ", "__constant ", "__local "};
            a.kind = space == 1   ? KernelArgInfo::Kind::kGlobal
                     : space == 2 ? KernelArgInfo::Kind::kConstant
                     : space == 3 ? KernelArgInfo::Kind::kLocal
                                  : KernelArgInfo::Kind::kValue;
            if (space > 3) fail("argument address space " + spaces[i]);
            std::string acc = i < access.size() ? access[i] : "none";
            a.access = acc == "read_only"    ? kAccessReadOnly
                       : acc == "write_only" ? kAccessWriteOnly
                       : acc == "read_write" ? kAccessReadWrite
                                             : kAccessNone;
            std::string q = i < quals.size() ? quals[i] : "";
            if (q.find("const") != std::string::npos) a.type_qualifier |= kTypeConst;
            if (q.find("restrict") != std::string::npos) a.type_qualifier |= kTypeRestrict;
            if (q.find("volatile") != std::string::npos) a.type_qualifier |= kTypeVolatile;

            const std::string& p = params[i];
            std::string_view pv(p);
            Layout layout = types.parse(pv);
            bool pointer = p.compare(p.find_first_not_of(' '), 3, "ptr") == 0;
            size_t byval = p.find("byval(");
            if (byval != std::string::npos) {
                std::string_view bv(p);
                bv.remove_prefix(byval + 6);
                layout = types.parse(bv);
            }
            if (size_t al = p.find(" align "); pointer && al != std::string::npos) {
                std::string_view av(p);
                av.remove_prefix(al + 7);
                const uint32_t align = number(av);
                if (align > 0 && (align & (align - 1)) == 0) a.align = align;
            }
            if (p.find("signext") != std::string::npos) a.extend = KernelArgInfo::Extend::kSign;
            if (p.find("zeroext") != std::string::npos) a.extend = KernelArgInfo::Extend::kZero;

            double_word.push_back(a.kind == KernelArgInfo::Kind::kValue && layout.align >= 8);
            if (a.kind == KernelArgInfo::Kind::kValue) {
                a.size = layout.size;
                a.words = (layout.size + 3) / 4;
                if (double_word.back()) word = align_to(word, 2);
            } else {
                a.size = 4;
                a.words = 1;
            }
            a.first_word = word;
            word += a.words;
            bool one_register = byval == std::string::npos &&
                                (pointer || (layout.size <= 4 && p.find('<') == std::string::npos &&
                                             p.find('{') == std::string::npos));
            if (!one_register || a.first_word != i) k.direct = false;
            k.wrapper_types.push_back(kSpaceNames[space] + a.type_name);
            k.info.args.push_back(a);
        }
        k.info.words = word;
        if (word > kLaunchArgWords) spill_layout(&k, double_word);
        kernels.push_back(std::move(k));
    }
    return kernels;
}

}  // namespace mvp::toolchain
