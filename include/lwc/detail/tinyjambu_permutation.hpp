// The TinyJambu keyed permutation P_n: a 128-bit NLFSR clocked 32 steps at a time.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "bytes.hpp"

namespace lwc::inline LWC_ISA_NS::detail::tinyjambu {

using state = std::array<u32, 4>;

// 32 NLFSR steps at once: feedback bit i is s_i ^ s_{i+47} ^ ~(s_{i+70} & s_{i+85})
// ^ s_{i+91} ^ k_i, and no tap of the 32 new bits reaches into them (91 + 31 < 128),
// so a whole word is computed from the old state. nk is the complemented key word
// (the NOT of the NAND folded into it).
//
// The newest word s3 is the previous step's output, so the step's speed is the
// length of the path from s3 to the result: shift, or, and, xor. Everything that
// does not involve s3 is computed first and pinned (value_barrier), or compilers
// reassociate the XORs and put s3 back at the start of a longer chain.
LWC_ALWAYS_INLINE u32 feedback(u32 s0, u32 s1, u32 s2, u32 s3, u32 nk) noexcept {
    const u32 early = value_barrier(s0 ^ ((s1 >> 15) | (s2 << 17)) ^ (s2 >> 27) ^ nk);
    const u32 t70 = (s2 >> 6) | (s3 << 26);
    const u32 t85 = (s2 >> 21) | (s3 << 11);
    return (early ^ (s3 << 5)) ^ (t70 & t85);
}

// Four feedback words, the state words taking turns as the oldest so that no word is
// ever moved. K is the index of the first key word.
template <std::size_t K, std::size_t KeyWords>
LWC_ALWAYS_INLINE void four_words(u32& s0, u32& s1, u32& s2, u32& s3,
                       const std::array<u32, KeyWords>& nk) noexcept {
    s0 = feedback(s0, s1, s2, s3, nk[(K + 0) % KeyWords]);
    s1 = feedback(s1, s2, s3, s0, nk[(K + 1) % KeyWords]);
    s2 = feedback(s2, s3, s0, s1, nk[(K + 2) % KeyWords]);
    s3 = feedback(s3, s0, s1, s2, nk[(K + 3) % KeyWords]);
}

// P with Words * 32 steps; key word j is used at step word j mod KeyWords (the key
// schedule restarts at every call, as in the specification). nkey holds the
// complemented key words. A loop over one key period (lcm(4, KeyWords) words),
// unrolled inside: full unrolling of every P would not fit the micro-op cache. Kept
// out of line so that its registers are not shared with the mode's loops.
template <std::size_t Words, std::size_t KeyWords>
LWC_NOINLINE inline void permute(state& st, const std::array<u32, KeyWords>& nkey) noexcept {
    static_assert(Words % 4 == 0 && KeyWords % 2 == 0);
    constexpr std::size_t period = KeyWords % 4 == 0 ? KeyWords : 2 * KeyWords;
    static_assert(period % 4 == 0);
    u32 s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
    auto groups = [&]<std::size_t... G>(std::index_sequence<G...>) {
        (four_words<4 * G>(s0, s1, s2, s3, nkey), ...);
    };
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 1
#elif defined(__clang__)
#pragma clang loop unroll(disable)
#endif
    for (std::size_t i = 0; i < Words / period; ++i)
        groups(std::make_index_sequence<period / 4>{});
    groups(std::make_index_sequence<(Words % period) / 4>{});
    st = {s0, s1, s2, s3};
}

}  // namespace lwc::detail::tinyjambu
