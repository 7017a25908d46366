#include "vcd_tracer.h"

#include <cstdio>
#include <functional>
#include <map>
#include <memory>

namespace mvp::sim {

namespace {

bool glob(const char* p, const char* s) {
    // Iterative glob with backtracking to the last '*'.
    const char* star = nullptr;
    const char* retry = nullptr;
    while (*s) {
        if (*p == '*') {
            star = p++;
            retry = s;
        } else if (*p == '?' || *p == *s) {
            ++p;
            ++s;
        } else if (star) {
            p = star + 1;
            s = ++retry;
        } else {
            return false;
        }
    }
    while (*p == '*') ++p;
    return *p == '\0';
}

std::string vcd_id(size_t n) {
    std::string id;
    do {
        id += static_cast<char>('!' + n % 94);
        n /= 94;
    } while (n);
    return id;
}

}  // namespace

VcdTracer& VcdTracer::instance() {
    static VcdTracer tracer;
    return tracer;
}

void VcdTracer::configure(const std::string& path, const std::string& patterns,
                          uint64_t start_cycle, uint64_t end_cycle) {
    enabled_ = true;
    path_ = path;
    patterns_.clear();
    size_t start = 0;
    while (start <= patterns.size()) {
        size_t comma = patterns.find(',', start);
        if (comma == std::string::npos) comma = patterns.size();
        if (comma > start) patterns_.push_back(patterns.substr(start, comma - start));
        start = comma + 1;
    }
    if (patterns_.empty()) patterns_.push_back("*");
    start_cycle_ = start_cycle;
    end_cycle_ = end_cycle;
}

bool VcdTracer::wants(const std::string& name) const {
    for (const std::string& p : patterns_)
        if (glob(p.c_str(), name.c_str())) return true;
    return false;
}

void VcdTracer::add(const std::string& name, const void* ptr, unsigned bytes, unsigned width) {
    vars_.push_back(Var{name, ptr, bytes, width, vcd_id(vars_.size()), 0});
}

void VcdTracer::start(ClockDomain& core, const std::vector<ClockDomain*>& domains) {
    if (!enabled_ || started_) return;
    started_ = true;
    core_ = &core;
    out_.open(path_ + ".tmp", std::ios::trunc);
    for (ClockDomain* d : domains) d->add_edge_observer([this] { sample(); });
}

void VcdTracer::write_header() {
    out_ << "$date today $end\n$version mvp-tlm $end\n$timescale 1 ps $end\n";
    // Nest the variables into scopes by their dotted names.
    struct Scope {
        std::vector<std::pair<std::string, std::unique_ptr<Scope>>> children;
        std::vector<const Var*> vars;
        Scope& child(const std::string& n) {
            for (auto& [name, c] : children)
                if (name == n) return *c;
            children.emplace_back(n, std::make_unique<Scope>());
            return *children.back().second;
        }
    } root;
    for (const Var& v : vars_) {
        Scope* s = &root;
        size_t start = 0, dot;
        while ((dot = v.name.find('.', start)) != std::string::npos) {
            s = &s->child(v.name.substr(start, dot - start));
            start = dot + 1;
        }
        s->vars.push_back(&v);
    }
    std::function<void(const Scope&)> emit = [&](const Scope& s) {
        for (const Var* v : s.vars) {
            std::string leaf = v->name.substr(v->name.rfind('.') + 1);
            out_ << "$var wire " << v->width << " " << v->id << " " << leaf << " $end\n";
        }
        for (const auto& [name, c] : s.children) {
            out_ << "$scope module " << name << " $end\n";
            emit(*c);
            out_ << "$upscope $end\n";
        }
    };
    emit(root);
    out_ << "$enddefinitions $end\n";
}

void VcdTracer::write_value(const Var& v, uint64_t value) {
    if (v.width == 1) {
        out_ << (value ? '1' : '0') << v.id << "\n";
        return;
    }
    char bits[65];
    int n = 0;
    for (int b = static_cast<int>(v.width) - 1; b >= 0; --b) {
        if (n == 0 && b > 0 && !((value >> b) & 1)) continue;  // drop leading zeros
        bits[n++] = ((value >> b) & 1) ? '1' : '0';
    }
    bits[n] = '\0';
    out_ << 'b' << bits << ' ' << v.id << "\n";
}

void VcdTracer::sample() {
    if (!started_) return;
    uint64_t cycle = core_->now();
    if (cycle < start_cycle_ || (end_cycle_ && cycle > end_cycle_)) return;
    uint64_t stamp = sc_core::sc_time_stamp().value();
    if (!header_done_) {
        write_header();
        out_ << "#" << stamp << "\n$dumpvars\n";
        for (Var& v : vars_) {
            v.last = read(v);
            write_value(v, v.last);
        }
        out_ << "$end\n";
        header_done_ = true;
        last_stamp_ = stamp;
        return;
    }
    bool stamped = false;
    for (Var& v : vars_) {
        uint64_t x = read(v);
        if (x == v.last) continue;
        if (!stamped && stamp != last_stamp_) {
            out_ << "#" << stamp << "\n";
            last_stamp_ = stamp;
        }
        stamped = true;
        write_value(v, x);
        v.last = x;
    }
}

void VcdTracer::finish() {
    if (!started_) return;
    if (!header_done_) {
        write_header();
        out_ << "#" << sc_core::sc_time_stamp().value() << "\n";
    }
    out_.close();
    std::rename((path_ + ".tmp").c_str(), path_.c_str());
    started_ = false;
}

}  // namespace mvp::sim

namespace mvp::sim {

void VcdTracer::abandon() {
    if (!started_) return;
    out_.close();
    std::remove((path_ + ".tmp").c_str());
    started_ = false;
}

}  // namespace mvp::sim
