// SPDX-License-Identifier: MIT
// Ascon-p (NIST SP 800-232, section 3) on five 64-bit lanes, portable C++.
// The bitsliced S-box and the linear layer are pure 64-bit logic and rotations: no table,
// no branch on data. Lanes hold the state's bytes in little-endian order, as SP 800-232
// specifies (the Ascon v1.2 finalist was big-endian).
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

using ascon_state = std::array<u64, 5>;

constexpr LWC_ALWAYS_INLINE u64 rotr64(u64 x, int r) noexcept {
    return (x >> r) | (x << ((64 - r) & 63));
}

struct ascon_portable {
    static constexpr const char* name = "portable";

    // p_S bitsliced on words of any width, without its final NOT of x2 (see round()),
    // in one of two equal circuits (both checked against SP 800-232's table at compile
    // time, below). sbox_or: 15 operations with ORs, two of them AND-NOTs, its longest
    // path four; 17 where an AND-NOT takes two instructions (RISC-V without Zbb, x86-64
    // without BMI1), where the specification's circuit, sbox_andnot (three XORs, five
    // AND-NOTs, eight XORs: 16, path four), takes 21 and a path of five. It stays on Thumb-1
    // (Cortex-M0+), whose eight registers of two-operand code hold its fewer temporaries:
    // QEMU counted 3% fewer instructions a byte for Ascon-AEAD128 there, sbox_or 6-7%
    // fewer on AArch64, the same on Cortex-M4 (RV32: ascon_rv32).
    template <class W>
    static constexpr LWC_ALWAYS_INLINE void sbox(W& x0, W& x1, W& x2, W& x3, W& x4) noexcept {
#if LWC_HAS(__thumb__) && !LWC_HAS(__thumb2__)
        sbox_andnot(x0, x1, x2, x3, x4);
#else
        sbox_or(x0, x1, x2, x3, x4);
#endif
    }
    template <class W>
    static constexpr LWC_ALWAYS_INLINE void sbox_or(W& x0, W& x1, W& x2, W& x3, W& x4) noexcept {
        const W a = x0 ^ x4, b = x3 ^ x4, c = x1 ^ x2;
        const W y0 = ((x2 ^ a) | x1) ^ b;
        const W y1 = ((x1 ^ x3) | c) ^ a;
        const W y2 = (x4 & ~x3) ^ c;
        const W y3 = (x0 | b) ^ c;
        const W y4 = (x1 & ~a) ^ b;
        x0 = y0, x1 = y1, x2 = y2, x3 = y3, x4 = y4;
    }
    template <class W>
    static constexpr LWC_ALWAYS_INLINE void sbox_andnot(W& x0, W& x1, W& x2, W& x3,
                                                        W& x4) noexcept {
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

    // The same with R::round for the round (this one, or one in assembly: ascon_asm_round).
    template <int Rounds, class R>
    static constexpr LWC_WIDE_INLINE void permute_by(ascon_state& s) noexcept {
        static_assert(Rounds >= 1 && Rounds <= 12);
        u64 x0 = s[0], x1 = s[1], x2 = s[2] ^ constant(12 - Rounds), x3 = s[3], x4 = s[4];
        LWC_WIDE_UNROLL(12)
        for (int i = 12 - Rounds; i < 12; ++i) R::round(x0, x1, x2, x3, x4, end_of_round(i));
        s = {x0, x1, x2, x3, x4};
    }
};

// A backend with its round in assembly (ascon_x86_64, ascon_rv32): ascon_portable with
// R::round_asm for the round, and the C round where the compiler evaluates a constant.
template <class R>
struct ascon_asm_round : ascon_portable {
    // ascon_portable::round: p_C, p_S, p_L, and k (the NOT of x2 and the next constant).
    static constexpr LWC_ALWAYS_INLINE void round(u64& x0, u64& x1, u64& x2, u64& x3, u64& x4,
                                                  u64 k) noexcept {
        if (std::is_constant_evaluated()) ascon_portable::round(x0, x1, x2, x3, x4, k);
        else R::round_asm(x0, x1, x2, x3, x4, k);
    }

    template <int Rounds>
    static constexpr LWC_WIDE_INLINE void permute(ascon_state& s) noexcept {
        permute_by<Rounds, R>(s);
    }
};

// A circuit of p_S (with the NOT of x2 it leaves out) against SP 800-232's table, for
// every 5-bit input: bit k of lane k holds input bit 4 - k (x0 the most significant).
template <class Sbox>
constexpr bool ascon_sbox_matches_table(Sbox sbox) {
    constexpr u8 table[32] = {0x04, 0x0b, 0x1f, 0x14, 0x1a, 0x15, 0x09, 0x02, 0x1b, 0x05, 0x08,
                              0x12, 0x1d, 0x03, 0x06, 0x1c, 0x1e, 0x13, 0x07, 0x0e, 0x00, 0x0d,
                              0x11, 0x18, 0x10, 0x0c, 0x01, 0x19, 0x16, 0x0a, 0x0f, 0x17};
    for (unsigned v = 0; v < 32; ++v) {
        u64 x[5];
        for (int k = 0; k < 5; ++k) x[k] = (v >> (4 - k)) & 1;
        sbox(x[0], x[1], x[2], x[3], x[4]);
        x[2] = ~x[2];
        unsigned out = 0;
        for (int k = 0; k < 5; ++k) out |= unsigned(x[k] & 1) << (4 - k);
        if (out != table[v]) return false;
    }
    return true;
}
static_assert(ascon_sbox_matches_table([](auto&... x) { ascon_portable::sbox_or(x...); }) &&
              ascon_sbox_matches_table([](auto&... x) { ascon_portable::sbox_andnot(x...); }));

}}}  // namespace lwc::inline LWC_ISA_NS::detail
