#include "stat_group.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>

#include "modules/config/config.h"

namespace mvp::sim {

namespace {

// Never destroyed: a group may outlive the statics of this file (one owned by a static object,
// or by a module the SystemC kernel deletes at exit) and still unregisters itself.
std::vector<StatGroup*>& registry() {
    static auto* const groups = new std::vector<StatGroup*>;
    return *groups;
}

std::string number(double v) {
    if (!std::isfinite(v)) return "null";
    char buf[32];
    if (v == std::floor(v) && std::fabs(v) < 1e15) {
        std::snprintf(buf, sizeof buf, "%.0f", v);
    } else {
        std::snprintf(buf, sizeof buf, "%.6g", v);
    }
    return buf;
}

std::string quoted(const std::string& s) {
    std::ostringstream os;
    config::write_json_string(os, s);
    return os.str();
}

struct Node {
    std::vector<std::pair<std::string, std::unique_ptr<Node>>> children;
    std::vector<const StatGroup::Entry*> entries;

    Node& child(const std::string& name) {
        for (auto& [n, c] : children)
            if (n == name) return *c;
        children.emplace_back(name, std::make_unique<Node>());
        return *children.back().second;
    }
};

std::string value_json(const StatGroup::Entry& e) {
    switch (e.kind) {
        case StatGroup::Entry::Kind::kCounter:
            return std::to_string(*e.counter);
        case StatGroup::Entry::Kind::kSampler:
            return "{\"mean\": " + number(e.sampler->mean()) +
                   ", \"max\": " + number(e.sampler->max) +
                   ", \"samples\": " + std::to_string(e.sampler->count) + "}";
        default:
            return number(e.formula());
    }
}

void write_node(std::ostream& os, const Node& n, int indent) {
    std::string pad(indent + 2, ' ');
    os << "{";
    bool first = true;
    for (const StatGroup::Entry* e : n.entries) {
        os << (first ? "\n" : ",\n") << pad << quoted(e->name) << ": " << value_json(*e);
        first = false;
    }
    for (const auto& [name, child] : n.children) {
        os << (first ? "\n" : ",\n") << pad << quoted(name) << ": ";
        write_node(os, *child, indent + 2);
        first = false;
    }
    if (!first) os << "\n" << std::string(indent, ' ');
    os << "}";
}

}  // namespace

StatGroup::StatGroup(std::string path) : path_(std::move(path)) { registry().push_back(this); }

StatGroup::~StatGroup() {
    auto& r = registry();
    r.erase(std::remove(r.begin(), r.end(), this), r.end());
}

const std::vector<StatGroup*>& StatGroup::all() { return registry(); }

const StatGroup::Entry* StatGroup::find(const std::string& path, const std::string& name) {
    for (const StatGroup* g : registry()) {
        if (g->path() != path) continue;
        for (const Entry& e : g->entries())
            if (e.name == name) return &e;
    }
    return nullptr;
}

void StatGroup::add(const std::string& name, const uint64_t* counter,
                    const std::string& description) {
    Entry e;
    e.name = name;
    e.kind = Entry::Kind::kCounter;
    e.counter = counter;
    e.description = description;
    entries_.push_back(std::move(e));
}

void StatGroup::add(const std::string& name, const Sampler* sampler,
                    const std::string& description) {
    Entry e;
    e.name = name;
    e.kind = Entry::Kind::kSampler;
    e.sampler = sampler;
    e.description = description;
    entries_.push_back(std::move(e));
}

void StatGroup::add(const std::string& name, std::function<double()> formula,
                    const std::string& description) {
    Entry e;
    e.name = name;
    e.kind = Entry::Kind::kFormula;
    e.formula = std::move(formula);
    e.description = description;
    entries_.push_back(std::move(e));
}

void StatGroup::write_json(std::ostream& os, int indent) {
    Node root;
    for (const StatGroup* g : registry()) {
        Node* n = &root;
        size_t start = 0;
        while (start <= g->path().size()) {
            size_t dot = g->path().find('.', start);
            if (dot == std::string::npos) dot = g->path().size();
            n = &n->child(g->path().substr(start, dot - start));
            start = dot + 1;
        }
        for (const Entry& e : g->entries()) n->entries.push_back(&e);
    }
    write_node(os, root, indent);
}

std::string StatGroup::text(const Entry& e) {
    std::string v;
    if (e.kind == Entry::Kind::kSampler) {
        v = "mean " + number(e.sampler->mean()) + " max " + number(e.sampler->max) + " samples " +
            std::to_string(e.sampler->count);
    } else {
        v = value_json(e);
    }
    return e.name + " " + v + " # " + e.description;
}

std::vector<std::string> StatGroup::lines() const {
    std::vector<std::string> out;
    for (const Entry& e : entries_) out.push_back(text(e));
    return out;
}

void StatGroup::write_text(std::ostream& os) {
    for (const StatGroup* g : registry())
        for (const Entry& e : g->entries()) os << g->path() << "." << text(e) << "\n";
}

}  // namespace mvp::sim
