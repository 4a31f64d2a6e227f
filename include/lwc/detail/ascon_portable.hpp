// SPDX-License-Identifier: MIT
// Ascon-p (NIST SP 800-232, section 3) on five 64-bit lanes, portable C++.
// The bitsliced S-box and the linear layer are pure 64-bit logic and rotations: no table,
// no branch on data. Lanes hold the state's bytes in little-endian order, as SP 800-232
// specifies (the Ascon v1.2 finalist was big-endian).
#pragma once

#include <array>
#include <cstddef>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

using ascon_state = std::array<u64, 5>;

constexpr LWC_ALWAYS_INLINE u64 rotr64(u64 x, int r) noexcept {
    return (x >> r) | (x << ((64 - r) & 63));
}

struct ascon_portable {
    static constexpr const char* name = "portable";

    // p_S bitsliced on words of any width, without its final NOT of x2 (see round()).
    template <class W>
    static constexpr LWC_ALWAYS_INLINE void sbox(W& x0, W& x1, W& x2, W& x3, W& x4) noexcept {
        x0 ^= x4;
        x4 ^= x3;
        x2 ^= x1;
        const W t0 = ~x0 & x1, t1 = ~x1 & x2, t2 = ~x2 & x3, t3 = ~x3 & x4, t4 = ~x4 & x0;
        x0 ^= t1;
        x1 ^= t2;
        x2 ^= t3;
        x3 ^= t4;
        x4 ^= t0;
        x1 ^= x0;
        x0 ^= x4;
        x3 ^= x2;
    }

    // One round (SP 800-232, Algorithm 1: p_C, p_S, p_L) on the lanes in registers,
    // with two changes that take two operations off the critical path without changing
    // the result: the S-box's final NOT of x2 passes through the linear layer (which
    // has three terms, so L(~x) = ~L(x)), and it joins the next round's constant in one
    // constant k added at the end of the round. permute() adds the first constant.
    static constexpr LWC_ALWAYS_INLINE void round(u64& x0, u64& x1, u64& x2, u64& x3, u64& x4,
                                                  u64 k) noexcept {
        sbox(x0, x1, x2, x3, x4);
#if defined(__aarch64__)
        // x ^ ror(x, a) ^ ror(x, b) as x ^ ror(x ^ ror(x, b - a), a): two EORs with the
        // rotation folded into their operand, one fewer than GCC makes of the other form
        // (QEMU counts 16 instructions a byte at 1 KiB instead of 19 for Ascon-AEAD128,
        // 44 instead of 52 for Ascon-Hash256, -O2). x86 keeps the two rotations side by
        // side: without the folding the chain would be one operation longer.
        x0 ^= rotr64(x0 ^ rotr64(x0, 9), 19);
        x1 ^= rotr64(x1 ^ rotr64(x1, 22), 39);
        x2 = (x2 ^ k) ^ rotr64(x2 ^ rotr64(x2, 5), 1);
        x3 ^= rotr64(x3 ^ rotr64(x3, 7), 10);
        x4 ^= rotr64(x4 ^ rotr64(x4, 34), 7);
#else
        x0 = x0 ^ rotr64(x0, 19) ^ rotr64(x0, 28);
        x1 = x1 ^ rotr64(x1, 61) ^ rotr64(x1, 39);
        x2 = x2 ^ k ^ (rotr64(x2, 1) ^ rotr64(x2, 6));
        x3 = x3 ^ rotr64(x3, 10) ^ rotr64(x3, 17);
        x4 = x4 ^ rotr64(x4, 7) ^ rotr64(x4, 41);
#endif
    }

    // Round i's constant (0xf0, 0xe1, ... 0x4b for i = 0..11) and the value added at
    // the end of round i: the NOT of x2 and the next round's constant (none after 11).
    static constexpr u64 constant(int i) noexcept { return i < 12 ? u64(0xf0 - 0x0f * i) : 0; }
    static constexpr u64 end_of_round(int i) noexcept { return ~u64(0) ^ constant(i + 1); }

    // Ascon-p[Rounds]: the last Rounds of the twelve rounds. Unrolled (but on 32-bit Arm,
    // LWC_WIDE_UNROLL), and inlined into the modes so the lanes stay in registers (on
    // 64-bit targets, LWC_WIDE_INLINE), except in a build for size.
    template <int Rounds>
    static constexpr LWC_WIDE_INLINE void permute(ascon_state& s) noexcept {
        permute_by<Rounds, ascon_portable>(s);
    }

    // The same with R::round for the round (this one, or ascon_x86_64's in assembly).
    template <int Rounds, class R>
    static constexpr LWC_WIDE_INLINE void permute_by(ascon_state& s) noexcept {
        static_assert(Rounds >= 1 && Rounds <= 12);
        u64 x0 = s[0], x1 = s[1], x2 = s[2] ^ constant(12 - Rounds), x3 = s[3], x4 = s[4];
        LWC_WIDE_UNROLL(12)
        for (int i = 12 - Rounds; i < 12; ++i) R::round(x0, x1, x2, x3, x4, end_of_round(i));
        s = {x0, x1, x2, x3, x4};
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
