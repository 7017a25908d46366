#include "debug_map.h"

namespace mvp {

std::string DebugMap::annotate(const DebugMap* map, uint32_t pc, bool with_text) {
    if (!map || !map->describes(pc)) return "";
    std::string s = " (" + map->where(pc) + ")";
    if (with_text) s += " " + map->text(pc);
    return s;
}

}  // namespace mvp
