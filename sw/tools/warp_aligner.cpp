#include "warp_aligner.h"

#include <cstdio>
#include <map>
#include <tuple>

namespace mvp::tools {

WarpAligner::Result WarpAligner::align(const std::vector<Item>& a, const std::vector<Item>& b) {
    using Key = std::tuple<uint32_t, uint64_t, size_t>;
    auto keys = [](const std::vector<Item>& items) {
        std::map<std::pair<uint32_t, uint64_t>, size_t> seen;
        std::vector<Key> out;
        out.reserve(items.size());
        for (const Item& i : items) out.emplace_back(i.pc, i.mask, seen[{i.pc, i.mask}]++);
        return out;
    };
    const std::vector<Key> ka = keys(a), kb = keys(b);
    std::map<Key, size_t> in_b;
    for (size_t j = 0; j < kb.size(); ++j) in_b.emplace(kb[j], j);
    Result r;
    std::vector<bool> used(kb.size(), false);
    for (size_t i = 0; i < ka.size(); ++i) {
        auto it = in_b.find(ka[i]);
        if (it == in_b.end()) {
            r.only_a.push_back(i);
        } else {
            used[it->second] = true;
            r.pairs.emplace_back(i, it->second);
        }
    }
    for (size_t j = 0; j < kb.size(); ++j)
        if (!used[j]) r.only_b.push_back(j);
    return r;
}

}  // namespace mvp::tools

namespace mvp::tools {

std::string WarpAligner::parting(const Item& a, const Item& b) {
    char buf[160];
    if (a.pc == b.pc) {
        std::snprintf(
            buf, sizeof buf, "the lane mask differs at pc=0x%04x: 0x%llx in A, 0x%llx in B", a.pc,
            static_cast<unsigned long long>(a.mask), static_cast<unsigned long long>(b.mask));
    } else {
        std::snprintf(buf, sizeof buf,
                      "the paths part: A runs pc=0x%04x (mask 0x%llx) where B runs pc=0x%04x "
                      "(mask 0x%llx)",
                      a.pc, static_cast<unsigned long long>(a.mask), b.pc,
                      static_cast<unsigned long long>(b.mask));
    }
    return buf;
}

}  // namespace mvp::tools
