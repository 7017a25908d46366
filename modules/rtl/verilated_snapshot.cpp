#include "verilated_snapshot.h"

#include <algorithm>
#include <cstring>

namespace mvp::rtl {

VerilatedSnapshot::Writer::Writer() { m_filename = "snapshot"; }

VerilatedSnapshot::Writer::~Writer() = default;

void VerilatedSnapshot::Writer::begin(std::string* out) {
    out_ = out;
    out_->clear();
    m_cp = m_bufp;
    m_isOpen = true;
    header();
}

void VerilatedSnapshot::Writer::end() {
    trailer();
    flush();
    m_isOpen = false;
    out_ = nullptr;
}

void VerilatedSnapshot::Writer::flush() {
    if (out_)
        out_->append(reinterpret_cast<const char*>(m_bufp), static_cast<size_t>(m_cp - m_bufp));
    m_cp = m_bufp;
}

VerilatedSnapshot::Reader::Reader(const std::string& data) : data_(data) {
    m_isOpen = true;
    m_filename = "snapshot";
    m_cp = m_bufp;
    m_endp = m_bufp;
    header();
}

VerilatedSnapshot::Reader::~Reader() = default;

void VerilatedSnapshot::Reader::end() {
    trailer();
    m_isOpen = false;
}

// As VerilatedRestore::fill: keep the unread bytes, append the next ones, pad the end of the
// data with zeros.
void VerilatedSnapshot::Reader::fill() {
    const size_t kept = static_cast<size_t>(m_endp - m_cp);
    std::memmove(m_bufp, m_cp, kept);
    m_cp = m_bufp;
    m_endp = m_bufp + kept;
    const size_t room = bufferSize() - kept;
    const size_t n = std::min(room, data_.size() - next_);
    std::memcpy(m_endp, data_.data() + next_, n);
    next_ += n;
    m_endp += n;
    if (n < room) {
        std::memset(m_endp, 0, room - n);
        m_endp = m_bufp + bufferSize();
    }
}

}  // namespace mvp::rtl
