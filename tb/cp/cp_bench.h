#pragma once

// Testbench parts shared by the command processor's tests: the host's register bus, an SP
// stand-in with fixed group and flush times, and an interrupt watcher.

#include <gtest/gtest.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <functional>
#include <string>
#include <vector>

#include "modules/cp/workgroup_executor.h"
#include "modules/sim/clock_domain.h"

namespace mvp::tb {

// The host's side of the register bus: untimed 32-bit accesses, as a driver's MMIO.
struct HostBus : sc_core::sc_module {
    explicit HostBus(sc_core::sc_module_name n) : sc_module(n), socket("socket") {}
    void write(uint32_t offset, uint32_t value) {
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        gp.set_address(offset);
        gp.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
        gp.set_data_length(4);
        sc_core::sc_time d;
        socket->b_transport(gp, d);
        EXPECT_EQ(gp.get_response_status(), tlm::TLM_OK_RESPONSE);
    }
    uint32_t read(uint32_t offset) {
        uint32_t value = 0;
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(offset);
        gp.set_data_ptr(reinterpret_cast<unsigned char*>(&value));
        gp.set_data_length(4);
        sc_core::sc_time d;
        socket->b_transport(gp, d);
        return value;
    }
    tlm_utils::simple_initiator_socket<HostBus> socket;
};

// An SP stand-in for the dispatcher's view: runs one work-group at a time for a fixed number
// of cycles, and takes `flush_cycles` to write back.
struct TestSp : WorkgroupExecutor, sim::Clocked {
    TestSp(sim::ClockDomain& d, unsigned id, unsigned duration, unsigned flush_cycles)
        : domain(d), id(id), duration(duration), flush_cycles(flush_cycles) {
        d.attach(this);
    }
    bool can_start(const KernelAbi&, const KernelAbi::Group&) const override {
        return !busy && !stopped;
    }
    void start_workgroup(const KernelAbi& abi, const KernelAbi::Group& g,
                         const CodeImage&) override {
        if (on_start) on_start(abi);
        busy = true;
        group = g.linear_id;
        log.push_back({g.linear_id, id, domain.now()});
        domain.wake_at(this, domain.now() + duration);
    }
    void flush(std::function<void()> done) override {
        flushed_at = domain.now();
        flush_done = std::move(done);
        flushing = true;
        domain.wake_at(this, domain.now() + flush_cycles);
    }
    void invalidate() override { ++invalidations; }
    // A fault: the SP stops (its group never ends) and reports it.
    void fault(const std::string& message) {
        stopped = true;
        busy = false;
        on_error(message);
    }
    void reset() {
        busy = flushing = stopped = false;
        domain.sleep(this);
    }
    void tick() override {
        domain.sleep(this);
        if (busy) {
            busy = false;
            on_workgroup_done(group);
        } else if (flushing) {
            flushing = false;
            flush_done();
        }
    }
    struct Dispatch {
        uint64_t group;
        unsigned sp;
        uint64_t cycle;
        bool operator==(const Dispatch& o) const {
            return group == o.group && sp == o.sp && cycle == o.cycle;
        }
    };
    static inline std::vector<Dispatch> log;
    sim::ClockDomain& domain;
    unsigned id, duration, flush_cycles;
    bool busy = false, flushing = false, stopped = false;
    std::function<void(const KernelAbi&)> on_start;
    uint64_t group = 0, flushed_at = 0;
    unsigned invalidations = 0;
    std::function<void()> flush_done;
};

// Records the cycle at which the interrupt line rises.
struct IrqWatch : sc_core::sc_module {
    IrqWatch(sc_core::sc_module_name n, sim::ClockDomain& d) : sc_module(n), domain(d) {
        SC_HAS_PROCESS(IrqWatch);
        SC_METHOD(watch);
        sensitive << line;
        dont_initialize();
    }
    void watch() {
        if (line.read()) rises.push_back(domain.now());
    }
    sim::ClockDomain& domain;
    sc_core::sc_signal<bool> line;
    std::vector<uint64_t> rises;
};

}  // namespace mvp::tb
