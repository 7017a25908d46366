#include "printf_buffer.h"

#include <ostream>
#include <vector>

#include "device.h"
#include "printf_formatter.h"

namespace mvp::host {

bool PrintfBuffer::used_by(const toolchain::Program& program) {
    for (const toolchain::Symbol& s : program.symbols)
        if (s.name == kSymbol && s.section == toolchain::Symbol::Section::kData) return true;
    return false;
}

PrintfBuffer::PrintfBuffer(Device& device, const LoadedProgram& loaded, uint32_t bytes)
    : device_(device), loaded_(loaded), bytes_(bytes) {
    address_ = device_.allocate(size_t{kHeaderBytes} + bytes_);
    const uint32_t header[3] = {0, bytes_, 0};
    device_.write(address_, header, sizeof header);
    for (const toolchain::Symbol& s : loaded_.program->symbols)
        if (s.name == kSymbol && s.section == toolchain::Symbol::Section::kData)
            device_.write(loaded_.data_base + s.value, &address_, 4);
}

PrintfBuffer::~PrintfBuffer() { device_.release(address_); }

size_t PrintfBuffer::print(std::ostream& out, std::ostream& err) {
    uint32_t header[3];
    device_.read(address_, header, sizeof header);
    const uint32_t used = header[0], capacity = header[1], end = header[2];
    // Reservations only grow the offset; the one that first passed the capacity recorded
    // where it started, which is where the records end.
    const uint32_t valid = used <= capacity ? used : end;
    if (capacity != bytes_ || valid > capacity || valid % 4 != 0) {
        err << "printf buffer: the header is overwritten (capacity " << capacity << ", " << valid
            << " bytes of records); nothing is printed\n";
        return 0;
    }
    std::vector<uint8_t> records(valid);
    device_.read(address_ + kHeaderBytes, records.data(), records.size());
    PrintfFormatter formatter(loaded_.program->data, loaded_.data_base);
    return formatter.format(records.data(), records.size(), out, err);
}

}  // namespace mvp::host
