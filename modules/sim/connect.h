#pragma once

#include <string>
#include <systemc>
#include <tlm>

#include "protocol_checker.h"

namespace mvp::sim {

// Whether connect() inserts a ProtocolChecker on every link it makes (tests turn it on; the
// platforms take it from -mvpgpu_tlm_check). Set before the platform is built.
void set_protocol_checking(bool on);
bool protocol_checking();

// Binds an initiator socket to a target socket, through a ProtocolChecker named `name` (a
// child of the module being constructed) when checking is on.
template <class InitiatorSocket, class TargetSocket>
void connect(InitiatorSocket& initiator, TargetSocket& target, const std::string& name) {
    if (protocol_checking()) {
        auto* checker = new ProtocolChecker(name.c_str());  // owned by the SystemC hierarchy
        initiator.bind(checker->target);
        checker->initiator.bind(target);
    } else {
        initiator.bind(target);
    }
}

}  // namespace mvp::sim
