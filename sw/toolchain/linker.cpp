#include "linker.h"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "asm_error.h"
#include "control_flow.h"

namespace mvp::toolchain {

namespace {

std::string base_name(const std::string& path) {
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

void store32(std::vector<uint8_t>& d, uint32_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) d[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

// The name a function starting at pc gets when no function label names it: the label there
// (a global one if any), else "file.s:line" of its first instruction.
std::string name_at(const Program& p, uint32_t pc) {
    const Symbol* best = nullptr;
    for (const Symbol& s : p.symbols)
        if (s.section == Symbol::Section::kCode && s.value == pc &&
            (!best || (s.global && !best->global)))
            best = &s;
    return best ? best->name : p.where(pc);
}

// Places the object's functions at code_base and covers any instruction that none of them
// contains with an implicit function, so that the object's code is partitioned.
void add_object_functions(Program& p, const ObjectFile& obj, uint32_t code_base) {
    uint32_t end = code_base + static_cast<uint32_t>(obj.code.size()) * isa::kInstBytes;
    std::vector<Function> fs = obj.functions;
    std::sort(fs.begin(), fs.end(),
              [](const Function& a, const Function& b) { return a.start_pc < b.start_pc; });
    uint32_t pc = code_base;
    for (Function f : fs) {
        f.start_pc += code_base;
        f.end_pc = std::min(f.end_pc + code_base, end);
        if (f.start_pc < pc) f.start_pc = pc;
        if (f.start_pc >= f.end_pc) continue;
        if (f.start_pc > pc) p.functions.push_back({name_at(p, pc), pc, f.start_pc});
        p.functions.push_back(f);
        pc = f.end_pc;
    }
    if (pc < end) p.functions.push_back({name_at(p, pc), pc, end});
}

// Starts a new function at every jplnk target that lies inside a function.
void split_at_call_targets(Program& p) {
    std::set<uint32_t> targets;
    for (const uint64_t word : p.code) {
        isa::Instruction in;
        if (isa::decode(word, &in) && in.op == isa::Opcode::kJplnk)
            targets.insert(static_cast<uint32_t>(in.imm));
    }
    std::vector<Function> out;
    for (const Function& f : p.functions) {
        uint32_t start = f.start_pc;
        std::string name = f.name;
        for (auto it = targets.upper_bound(f.start_pc); it != targets.end() && *it < f.end_pc;
             ++it) {
            if (*it % isa::kInstBytes != 0) continue;
            out.push_back({name, start, *it});
            start = *it;
            name = name_at(p, start);
        }
        out.push_back({name, start, f.end_pc});
    }
    p.functions = std::move(out);
}

}  // namespace

Program link(const std::vector<ObjectFile>& objects, size_t num_user_objects) {
    Program p;
    const size_t n = objects.size();
    num_user_objects = std::min(num_user_objects, n);
    std::vector<uint32_t> code_base(n), data_base(n), local_base(n), file_index(n);
    for (size_t i = 0; i < n; ++i) {
        const ObjectFile& obj = objects[i];
        local_base[i] = (p.local_bytes + 15) & ~15u;
        p.local_bytes = local_base[i] + obj.local_bytes;
        if (obj.lines.size() != obj.code.size())
            throw AsmError(obj.file + ": error: object has " + std::to_string(obj.lines.size()) +
                           " source lines for " + std::to_string(obj.code.size()) +
                           " instructions");
        code_base[i] = p.code_bytes();
        p.files.push_back(base_name(obj.file));
        p.code.insert(p.code.end(), obj.code.begin(), obj.code.end());
        file_index[i] = static_cast<uint32_t>(p.files.size() - 1);
        std::vector<uint32_t> origin_index;
        for (const std::string& f : obj.origin_files) {
            auto it = std::find(p.files.begin(), p.files.end(), f);
            origin_index.push_back(static_cast<uint32_t>(it - p.files.begin()));
            if (it == p.files.end()) p.files.push_back(f);
        }
        for (SourceLine l : obj.lines) {
            l.file = file_index[i];
            if (l.has_origin())
                l.origin_file = l.origin_file < origin_index.size() ? origin_index[l.origin_file]
                                                                    : SourceLine::kNoOrigin;
            p.lines.push_back(std::move(l));
        }
        while (p.data.size() % 4 != 0) p.data.push_back(0);
        data_base[i] = static_cast<uint32_t>(p.data.size());
        p.data.insert(p.data.end(), obj.data.begin(), obj.data.end());
        if (i + 1 == num_user_objects) p.user_code_end = p.code_bytes();
    }

    std::unordered_map<std::string, size_t> globals;  // name -> index in p.symbols
    std::vector<std::unordered_map<std::string, size_t>> locals(n);
    std::vector<size_t> owner;  // object index per symbol
    for (size_t i = 0; i < n; ++i) {
        for (Symbol s : objects[i].symbols) {
            s.value += s.section == Symbol::Section::kCode   ? code_base[i]
                       : s.section == Symbol::Section::kData ? data_base[i]
                                                             : local_base[i];
            size_t index = p.symbols.size();
            locals[i].emplace(s.name, index);
            if (s.global) {
                auto [it, inserted] = globals.emplace(s.name, index);
                if (!inserted) {
                    throw AsmError(objects[i].file + ": error: duplicate global symbol '" + s.name +
                                   "' (also defined in " + objects[owner[it->second]].file + ")");
                }
            }
            p.symbols.push_back(std::move(s));
            owner.push_back(i);
        }
    }

    for (size_t i = 0; i < n; ++i) {
        const ObjectFile& obj = objects[i];
        for (const Relocation& r : obj.relocations) {
            auto at = [&](const std::string& problem) {
                std::string where =
                    obj.file + ":" + std::to_string(r.line) + ":" + std::to_string(r.column);
                // Code compiled from a high-level source: name its line first.
                if (r.site == Relocation::Site::kCode && r.offset < obj.lines.size()) {
                    const SourceLine& l = obj.lines[r.offset];
                    if (l.has_origin() && l.origin_file < obj.origin_files.size())
                        return AsmError(obj.origin_files[l.origin_file] + ":" +
                                        std::to_string(l.origin_line) + ":" +
                                        std::to_string(l.origin_column) + ": error: " + problem +
                                        " (" + where + ")");
                }
                return AsmError(where + ": error: " + problem);
            };
            auto local = locals[i].find(r.symbol);
            size_t index;
            if (local != locals[i].end()) {
                index = local->second;
            } else {
                auto global = globals.find(r.symbol);
                if (global == globals.end()) throw at("undefined label '" + r.symbol + "'");
                index = global->second;
            }
            const Symbol& sym = p.symbols[index];
            const bool data_symbol = sym.section == Symbol::Section::kData;
            const uint32_t value = sym.value + static_cast<uint32_t>(r.addend);
            if (r.site == Relocation::Site::kCode) {
                if (r.offset >= obj.code.size())
                    throw at("relocation of '" + r.symbol + "' lies outside the code");
                uint32_t inst = code_base[i] / isa::kInstBytes + r.offset;
                isa::Instruction in;
                if (!isa::decode(p.code[inst], &in))
                    throw at("relocation of '" + r.symbol + "' at an undefined instruction");
                isa::Format f = isa::info(in.op).format;
                if (sym.section != Symbol::Section::kCode &&
                    (f == isa::Format::kBranch || f == isa::Format::kJump))
                    throw at("'" + r.symbol +
                             "' is a data label; a branch or jump needs a code label");
                in.imm = static_cast<int32_t>(value);
                p.code[inst] = isa::encode(in);
                if (data_symbol) p.code_data_relocs.push_back(inst);
            } else {
                if (r.offset > obj.data.size() || obj.data.size() - r.offset < 4)
                    throw at("relocation of '" + r.symbol + "' lies outside the data");
                uint32_t where = data_base[i] + r.offset;
                store32(p.data, where, value);
                if (data_symbol) p.data_data_relocs.push_back(where);
            }
        }
    }

    for (size_t i = 0; i < n; ++i) add_object_functions(p, objects[i], code_base[i]);
    split_at_call_targets(p);

    const Symbol* stub = p.find_symbol("__mvp_exit_stub");
    p.exit_stub_pc = stub && stub->section == Symbol::Section::kCode ? stub->value : p.code_bytes();
    p.reconvergence.assign(p.code.size(), kNoReconvergence);
    compute_reconvergence(p);
    encode_reconvergence(p);
    return p;
}

}  // namespace mvp::toolchain
