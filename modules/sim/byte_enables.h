#pragma once

#include <cstdint>
#include <cstring>
#include <tlm>

namespace mvp::sim {

// Walks over the bytes a TLM payload's byte enables select (the enables repeat every
// byte_enable_length bytes; no enables: every byte). Shared by the blocks that serve partial
// accesses word by word (local memory, DCC).

inline bool has_byte_enables(const tlm::tlm_generic_payload& gp) {
    return gp.get_byte_enable_ptr() != nullptr && gp.get_byte_enable_length() != 0;
}

// A word-aligned payload whose length and byte-enable length are whole words: its enables can
// be taken a word at a time (for_each_enabled_word).
inline bool word_aligned(const tlm::tlm_generic_payload& gp) {
    return gp.get_address() % 4 == 0 && gp.get_data_length() % 4 == 0 &&
           gp.get_byte_enable_length() % 4 == 0;
}

// For a payload with byte enables: calls f(i) for each enabled byte offset i, in increasing
// order.
template <typename F>
void for_each_enabled_byte(const tlm::tlm_generic_payload& gp, F&& f) {
    const unsigned char* be = gp.get_byte_enable_ptr();
    const unsigned n = gp.get_byte_enable_length();
    const unsigned length = gp.get_data_length();
    for (unsigned i = 0, k = 0; i < length; ++i) {
        if (be[k] == TLM_BYTE_ENABLED) f(i);
        if (++k == n) k = 0;
    }
}

// For a word_aligned() payload with byte enables: calls f(i, mask) for each word at byte offset
// i with an enabled byte, mask bit j set when byte i + j is enabled, in increasing order.
template <typename F>
void for_each_enabled_word(const tlm::tlm_generic_payload& gp, F&& f) {
    const unsigned char* be = gp.get_byte_enable_ptr();
    const unsigned n = gp.get_byte_enable_length();
    const unsigned length = gp.get_data_length();
    for (unsigned i = 0, k = 0; i < length; i += 4) {
        uint32_t v;
        std::memcpy(&v, be + k, 4);
        if (v == 0xffffffffu) {
            f(i, 0xfu);
        } else if (v != 0) {
            unsigned mask = 0;
            for (unsigned j = 0; j < 4; ++j) mask |= unsigned{be[k + j] == TLM_BYTE_ENABLED} << j;
            if (mask) f(i, mask);
        }
        k += 4;
        if (k == n) k = 0;
    }
}

// Calls f(word) for each distinct 32-bit word (address / 4) holding an enabled byte of the
// payload, in address order.
template <typename F>
void for_each_accessed_word(const tlm::tlm_generic_payload& gp, F&& f) {
    const uint64_t address = gp.get_address();
    const unsigned length = gp.get_data_length();
    if (!has_byte_enables(gp)) {
        if (length > 0)
            for (uint64_t word = address / 4; word <= (address + length - 1) / 4; ++word) f(word);
    } else if (word_aligned(gp)) {
        for_each_enabled_word(gp, [&](unsigned i, unsigned) { f((address + i) / 4); });
    } else {
        uint64_t last_word = UINT64_MAX;
        for_each_enabled_byte(gp, [&](unsigned i) {
            const uint64_t word = (address + i) / 4;
            if (word == last_word) return;
            last_word = word;
            f(word);
        });
    }
}

}  // namespace mvp::sim
