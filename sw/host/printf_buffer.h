#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>

#include "sw/toolchain/program.h"

namespace mvp::host {

class Device;
struct LoadedProgram;

// The printf buffer of one launch of a program whose OpenCL C calls printf (doc/opencl-c.md,
// "printf"). The buffer lives in global memory: a 12-byte header (bytes reserved, capacity,
// where the records end once a reservation overflowed) and the records. Its address reaches
// the kernel through device memory only: the host writes it into every __mvp_printf_buffer
// word of the loaded program's data segment. After the kernel, print() reads the records back
// and formats them.
class PrintfBuffer {
  public:
    // CL_DEVICE_PRINTF_BUFFER_SIZE: bytes of records one launch can hold.
    static constexpr uint32_t kDefaultBytes = 1u << 20;
    static constexpr uint32_t kHeaderBytes = 12;
    static constexpr const char* kSymbol = "__mvp_printf_buffer";

    // True when the program has a printf buffer word (clang emits one in every unit that calls
    // printf).
    static bool used_by(const toolchain::Program& program);

    // Allocates the buffer with room for `bytes` of records and points the loaded program at
    // it. Throws DeviceError when global memory is full.
    PrintfBuffer(Device& device, const LoadedProgram& loaded, uint32_t bytes = kDefaultBytes);
    ~PrintfBuffer();
    PrintfBuffer(const PrintfBuffer&) = delete;
    PrintfBuffer& operator=(const PrintfBuffer&) = delete;

    // Reads the records the kernel wrote and writes their text to `out` in record order; bad
    // records give one-line errors on `err`. Returns the number of records printed.
    size_t print(std::ostream& out, std::ostream& err);

  private:
    Device& device_;
    const LoadedProgram& loaded_;
    uint32_t bytes_;
    uint32_t address_ = 0;
};

}  // namespace mvp::host
