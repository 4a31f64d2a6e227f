// The TinyJambu keyed permutation P_n: a 128-bit NLFSR clocked 32 steps at a time.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "bytes.hpp"

namespace lwc::inline LWC_ISA_NS::detail::tinyjambu {

using state = std::array<u32, 4>;

// Clang turns (a >> n) | (b << (32 - n)) into SHLD, which is slower here than the
// shift-or pair it replaces (2 cycles of latency and fewer ports on AMD Zen); the
// barrier hides the pattern. GCC keeps the pair without it.
LWC_ALWAYS_INLINE u32 funnel_part(u32 x) noexcept {
#if defined(__clang__)
    return value_barrier(x);
#else
    return x;
#endif
}

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
    const u32 early = value_barrier(s0 ^ ((s1 >> 15) | funnel_part(s2 << 17)) ^ (s2 >> 27) ^ nk);
    const u32 t70 = (s2 >> 6) | funnel_part(s3 << 26);
    const u32 t85 = (s2 >> 21) | funnel_part(s3 << 11);
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

// Groups of four words G..., starting at key word 4 * G.
template <std::size_t KeyWords, std::size_t... G>
LWC_ALWAYS_INLINE void groups(u32& s0, u32& s1, u32& s2, u32& s3,
                              const std::array<u32, KeyWords>& nk,
                              std::index_sequence<G...>) noexcept {
    (four_words<4 * G>(s0, s1, s2, s3, nk), ...);
}

// P with Words * 32 steps; key word j is used at step word j mod KeyWords (the key
// schedule restarts at every call, as in the specification). nkey holds the
// complemented key words. A loop over one key period (lcm(4, KeyWords) words),
// unrolled inside: full unrolling of every P would not fit the micro-op cache.
// Inlined into the mode's loops so that the state stays in registers from one call
// to the next (a store and reload per call would sit on the critical path).
template <std::size_t Words, std::size_t KeyWords>
LWC_ALWAYS_INLINE void permute(state& st, const std::array<u32, KeyWords>& nkey) noexcept {
    static_assert(Words % 4 == 0 && KeyWords % 2 == 0);
    constexpr std::size_t period = KeyWords % 4 == 0 ? KeyWords : 2 * KeyWords;
    static_assert(period % 4 == 0);
    u32 s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 1
#elif defined(__clang__)
#pragma clang loop unroll(disable)
#endif
    for (std::size_t i = 0; i < Words / period; ++i)
        groups(s0, s1, s2, s3, nkey, std::make_index_sequence<period / 4>{});
    groups(s0, s1, s2, s3, nkey, std::make_index_sequence<(Words % period) / 4>{});
    st = {s0, s1, s2, s3};
}

}  // namespace lwc::detail::tinyjambu
