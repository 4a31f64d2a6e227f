// SPDX-License-Identifier: MIT
// The TinyJambu keyed permutation P_n in the specification's 32-bit word steps, two
// backends for 32-bit cores (firmware), where the portable backend's 37-bit chunks in
// 64-bit words take two registers a value and several instructions a shift:
//   tinyjambu_small   one rolled out-of-line loop shared by every key size and both
//                     permutation lengths (the default under LWC_SMALL, i.e. -Os)
//   tinyjambu_words   four steps a turn with the state renamed, not moved, the turns
//                     rolled a key period at a time (the default on 32-bit targets otherwise)
// Both keep the key as its complemented 32-bit words.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "bytes.hpp"
#include "tinyjambu_portable.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {
namespace tinyjambu {

// One word step: 32 steps of the NLFSR at once. The new word is
// s0 ^ t47 ^ ~(t70 & t85) ^ t91 ^ k with nk = ~k: the NOT folded into the key word.
LWC_ALWAYS_INLINE u32 next_word(u32 s0, u32 s1, u32 s2, u32 s3, u32 nk) noexcept {
    const u32 t47 = (s1 >> 15) | (s2 << 17), t70 = (s2 >> 6) | (s3 << 26),
              t85 = (s2 >> 21) | (s3 << 11), t91 = (s2 >> 27) | (s3 << 5);
    return s0 ^ t47 ^ (t70 & t85) ^ t91 ^ nk;
}

// words word steps with the complemented key nk of key_words words (4, 6 or 8). The key
// index wraps by comparison, not modulo (the index is public).
LWC_ALWAYS_INLINE void word_steps(state& st, const u32* nk, std::size_t key_words,
                                  std::size_t words) noexcept {
    u32 s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
    for (std::size_t i = 0, ki = 0; i < words; ++i) {
        const u32 next = next_word(s0, s1, s2, s3, nk[ki]);
        s0 = s1;
        s1 = s2;
        s2 = s3;
        s3 = next;
        if (++ki == key_words) ki = 0;
    }
    st = {s0, s1, s2, s3};
}

LWC_NOINLINE inline void permute_words(state& st, const u32* nk, std::size_t key_words,
                                       std::size_t words) noexcept {
    word_steps(st, nk, key_words, words);
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

struct tinyjambu_words : tinyjambu_small {
    static constexpr const char* name = "words";

    // Four steps a turn, each writing the oldest word, so that no word moves; the turns
    // rolled a key period at a time (1, 3 and 2 turns for keys of 4, 6 and 8 words), so
    // that every key index is known at compile time, with an exit after each turn (the
    // step counts are not all multiples of a period). State and key stay in a 32-bit
    // core's registers, where a full unroll spills them.
    template <std::size_t Words, std::size_t KeyWords>
    LWC_ALWAYS_INLINE static void permute(tinyjambu::state& st,
                                          const std::array<u32, KeyWords>& nk) noexcept {
        static_assert(Words % 4 == 0);
        u32 w[4] = {st[0], st[1], st[2], st[3]};
        std::size_t turns = Words / 4;
        while (turns_of_period<KeyWords, 0>(w, nk.data(), turns)) {
        }
        st = {w[0], w[1], w[2], w[3]};
    }

private:
    // Turn T of a key period, then the next unless the steps are done; false when done.
    template <std::size_t KeyWords, std::size_t T>
    LWC_ALWAYS_INLINE static bool turns_of_period(u32 (&w)[4], const u32* nk,
                                                  std::size_t& turns) noexcept {
        w[0] = tinyjambu::next_word(w[0], w[1], w[2], w[3], nk[(4 * T) % KeyWords]);
        w[1] = tinyjambu::next_word(w[1], w[2], w[3], w[0], nk[(4 * T + 1) % KeyWords]);
        w[2] = tinyjambu::next_word(w[2], w[3], w[0], w[1], nk[(4 * T + 2) % KeyWords]);
        w[3] = tinyjambu::next_word(w[3], w[0], w[1], w[2], nk[(4 * T + 3) % KeyWords]);
        if (--turns == 0) return false;
        if constexpr ((4 * (T + 1)) % KeyWords == 0)
            return true;  // the period ends: the loop starts the next
        else
            return turns_of_period<KeyWords, T + 1>(w, nk, turns);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
