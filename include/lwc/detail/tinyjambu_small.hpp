// The TinyJambu keyed permutation P_n, compact backend (the default under LWC_SMALL, for
// firmware): the specification's 32-bit word steps, one rolled loop in one out-of-line
// function shared by every key size and both permutation lengths, the key as its
// complemented 32-bit words. Nothing wider than 32 bits, so a 32-bit core does each
// step in a few instructions, and the mode's five call sites are calls, not copies.
#pragma once

#include <array>
#include <cstddef>

#include "bytes.hpp"
#include "tinyjambu_portable.hpp"

namespace lwc::inline LWC_ISA_NS::detail {
namespace tinyjambu {

// words * 32 steps of the NLFSR with the complemented key nk of key_words words: step
// word i appends s0 ^ t47 ^ ~(t70 & t85) ^ t91 ^ k[i mod key_words], i.e. with nk the
// NOT folded into the key word. The key index wraps by comparison, not modulo (key_words
// is 4, 6 or 8; the index is public).
LWC_NOINLINE inline void permute_words(state& st, const u32* nk, std::size_t key_words,
                                       std::size_t words) noexcept {
    u32 s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
    for (std::size_t i = 0, ki = 0; i < words; ++i) {
        const u32 t47 = (s1 >> 15) | (s2 << 17), t70 = (s2 >> 6) | (s3 << 26),
                  t85 = (s2 >> 21) | (s3 << 11), t91 = (s2 >> 27) | (s3 << 5);
        const u32 next = s0 ^ t47 ^ (t70 & t85) ^ t91 ^ nk[ki];
        s0 = s1;
        s1 = s2;
        s2 = s3;
        s3 = next;
        if (++ki == key_words) ki = 0;
    }
    st = {s0, s1, s2, s3};
}

}  // namespace tinyjambu

struct tinyjambu_small {
    static constexpr const char* name = "small";

    // The complemented key words, whatever the permutation length.
    template <std::size_t KeyWords, std::size_t MaxWords>
    using key_schedule = std::array<u32, KeyWords>;

    template <std::size_t KeyWords, std::size_t MaxWords>
    static key_schedule<KeyWords, MaxWords> load_key(const u8* key) noexcept {
        std::array<u32, KeyWords> nk;
        for (std::size_t i = 0; i < KeyWords; ++i) nk[i] = ~load32_le(key + 4 * i);
        return nk;
    }

    template <std::size_t Words, std::size_t KeyWords>
    static void permute(tinyjambu::state& st, const std::array<u32, KeyWords>& nk) noexcept {
        tinyjambu::permute_words(st, nk.data(), KeyWords, Words);
    }
};

}  // namespace lwc::detail
