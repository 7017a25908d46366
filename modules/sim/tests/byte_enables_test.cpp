#include "modules/sim/byte_enables.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

namespace mvp::sim {
namespace {

// The words and byte masks a payload accesses, byte by byte from the definition: every byte
// without enables, else byte i when enable i mod (enable length) is TLM_BYTE_ENABLED.
std::map<uint64_t, unsigned> reference(uint64_t address, unsigned length,
                                       const std::vector<unsigned char>& be) {
    std::map<uint64_t, unsigned> words;
    for (unsigned i = 0; i < length; ++i) {
        if (!be.empty() && be[i % be.size()] != TLM_BYTE_ENABLED) continue;
        words[(address + i) / 4] |= 1u << ((address + i) % 4);
    }
    return words;
}

// Random payloads: aligned and unaligned, without enables, with enables as long as the data
// and with shorter ones that repeat, enables that are neither 0 nor 0xff counting as disabled.
TEST(ByteEnables, AccessedWordsAgreeWithTheBytesThePayloadSelects) {
    std::mt19937 rng(7);
    for (int round = 0; round < 20000; ++round) {
        const uint64_t address = 4096 + rng() % 64;
        const unsigned length = 1 + rng() % 72;
        std::vector<unsigned char> be;
        if (rng() % 4 != 0) {
            const bool repeat = rng() % 3 == 0;
            const unsigned n = repeat ? 4 * (1 + rng() % 4) : length;
            const unsigned density = rng() % 4;
            for (unsigned i = 0; i < n; ++i) {
                const unsigned r = rng() % 8;
                be.push_back(r < 2 * density ? TLM_BYTE_ENABLED
                             : r == 7        ? 0x0f
                                             : TLM_BYTE_DISABLED);
            }
        }
        std::vector<unsigned char> data(length);
        tlm::tlm_generic_payload gp;
        gp.set_address(address);
        gp.set_data_ptr(data.data());
        gp.set_data_length(length);
        gp.set_byte_enable_ptr(be.empty() ? nullptr : be.data());
        gp.set_byte_enable_length(static_cast<unsigned>(be.size()));
        std::map<uint64_t, unsigned> seen;
        uint64_t last = 0;
        bool first = true;
        for_each_accessed_word(gp, [&](uint64_t word, unsigned mask) {
            EXPECT_TRUE(first || word > last) << "words out of order";
            EXPECT_NE(mask, 0u);
            first = false;
            last = word;
            seen[word] = mask;
        });
        ASSERT_EQ(seen, reference(address, length, be))
            << "address " << address << " length " << length << " enables " << be.size();
        gp.set_byte_enable_ptr(nullptr);
    }
}

}  // namespace
}  // namespace mvp::sim
