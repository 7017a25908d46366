#include "connect.h"

namespace mvp::sim {

namespace {
bool g_checking = false;
}

void set_protocol_checking(bool on) { g_checking = on; }
bool protocol_checking() { return g_checking; }

}  // namespace mvp::sim
