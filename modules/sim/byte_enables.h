#pragma once

#include <algorithm>
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
// i with an enabled byte, mask bit j set when byte i + j is enabled, in increasing order. Two
// words are looked at at once while the enables do not wrap within them (a payload of whole
// lines with sparse enables, as the LD/ST unit's stores, skips its empty words in pairs).
template <typename F>
void for_each_enabled_word(const tlm::tlm_generic_payload& gp, F&& f) {
    const unsigned char* be = gp.get_byte_enable_ptr();
    const unsigned n = gp.get_byte_enable_length();
    const unsigned length = gp.get_data_length();
    auto word = [&](unsigned i, uint32_t v, const unsigned char* b) {
        if (v == 0xffffffffu) {
            f(i, 0xfu);
        } else if (v != 0) {
            unsigned mask = 0;
            for (unsigned j = 0; j < 4; ++j) mask |= unsigned{b[j] == TLM_BYTE_ENABLED} << j;
            if (mask) f(i, mask);
        }
    };
    for (unsigned i = 0, k = 0; i < length;) {
        if (k + 8 <= n && i + 8 <= length) {
            uint64_t v;
            std::memcpy(&v, be + k, 8);
            if (v != 0) {
                word(i, static_cast<uint32_t>(v), be + k);
                word(i + 4, static_cast<uint32_t>(v >> 32), be + k + 4);
            }
            i += 8;
            k += 8;
        } else {
            uint32_t v;
            std::memcpy(&v, be + k, 4);
            word(i, v, be + k);
            i += 4;
            k += 4;
        }
        if (k == n) k = 0;
    }
}

// Calls f(word, mask) for each distinct 32-bit word (address / 4) holding a byte the payload
// accesses (with byte enables, an enabled one), in address order; mask bit j is set when the
// payload accesses byte 4 * word + j.
template <typename F>
void for_each_accessed_word(const tlm::tlm_generic_payload& gp, F&& f) {
    const uint64_t address = gp.get_address();
    const unsigned length = gp.get_data_length();
    if (!has_byte_enables(gp)) {
        if (length == 0) return;
        const uint64_t end = address + length;
        if (address % 4 == 0 && length % 4 == 0) {
            for (uint64_t word = address / 4; word < end / 4; ++word) f(word, 0xfu);
            return;
        }
        for (uint64_t word = address / 4; word <= (end - 1) / 4; ++word) {
            const uint64_t lo = std::max(address, 4 * word);
            const uint64_t hi = std::min(end, 4 * word + 4);
            f(word, ((1u << (hi - lo)) - 1) << (lo - 4 * word));
        }
    } else if (word_aligned(gp)) {
        for_each_enabled_word(gp, [&](unsigned i, unsigned mask) { f((address + i) / 4, mask); });
    } else {
        uint64_t last_word = UINT64_MAX;
        unsigned mask = 0;
        for_each_enabled_byte(gp, [&](unsigned i) {
            const uint64_t word = (address + i) / 4;
            if (word != last_word) {
                if (mask) f(last_word, mask);
                last_word = word;
                mask = 0;
            }
            mask |= 1u << ((address + i) % 4);
        });
        if (mask) f(last_word, mask);
    }
}

}  // namespace mvp::sim
