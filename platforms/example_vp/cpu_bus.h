#pragma once

#include <cstddef>
#include <cstdint>

namespace mvp::example_vp {

// What the example VP's driver may do, and all it may do: the memory-mapped reads and writes a
// CPU makes on the system bus, and sleeping until the GPU's interrupt. A failed access (an
// error response from the bus) throws std::runtime_error naming the address.
class CpuBus {
  public:
    virtual ~CpuBus() = default;

    virtual uint32_t read32(uint64_t address) = 0;
    virtual void write32(uint64_t address, uint32_t value) = 0;
    virtual void read(uint64_t address, void* data, size_t bytes) = 0;
    virtual void write(uint64_t address, const void* data, size_t bytes) = 0;
    // Returns once the interrupt line is high (at once if it already is); false when it stayed
    // low for `timeout_us` microseconds of simulated time.
    virtual bool wait_for_interrupt(double timeout_us) = 0;
    // The CPU's simulated time (its local time offset included), in microseconds.
    virtual double now_us() const = 0;
};

}  // namespace mvp::example_vp
