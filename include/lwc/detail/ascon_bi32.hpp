// SPDX-License-Identifier: MIT
// Ascon-p on bit-interleaved lanes (the default on 32-bit Arm outside builds for size):
// each 64-bit lane held as two 32-bit words, its even bits and its odd bits, so
// that a rotation of the lane is a rotation of each word (a rotation by an odd amount
// also swaps them). On a 32-bit core the linear layer then costs a rotation per term,
// which Arm folds into the XOR (an operand shifted for free), where two 32-bit halves
// cost two funnel shifts of two shifts and an OR each: Ascon-Hash256 takes two thirds of
// ascon_portable's instructions on Cortex-M4 at -O2 (Ascon's designers' bi32 technique,
// as ascon-c's 32-bit implementations use it). Rounds in pairs: for 1 KiB of
// Ascon-AEAD128 on Cortex-M4 at -O2, a round a turn ran 57 instructions a byte, pairs 54,
// all twelve unrolled 51 for 2.9 KB of Ascon-p[12] alone (the conversions inlined then;
// out of line since, one instruction a byte more).
//
// The state stays interleaved between calls: a mode adds and reads its lanes through
// lane_in / lane_out (ascon_permutation.hpp), which convert for this backend alone, so
// that data is converted once on its way in or out, not the whole state per call.
// Every step is logic on public shift amounts: no table, no branch on data.
#pragma once

#include "ascon_portable.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// A lane's even bits in the low 32 bits of the result, its odd bits in the high 32,
// each in order; and back. Unzipping a 32-bit word (four delta swaps, swap_bits) gathers
// its even bits in the low half, its odd bits in the high half.
constexpr u32 unzip32(u32 x) noexcept {
    x = swap_bits<u32>(x, 0x22222222u, 1);
    x = swap_bits<u32>(x, 0x0c0c0c0cu, 2);
    x = swap_bits<u32>(x, 0x00f000f0u, 4);
    return swap_bits<u32>(x, 0x0000ff00u, 8);
}
constexpr u32 zip32(u32 x) noexcept {  // the same swaps in reverse order
    x = swap_bits<u32>(x, 0x0000ff00u, 8);
    x = swap_bits<u32>(x, 0x00f000f0u, 4);
    x = swap_bits<u32>(x, 0x0c0c0c0cu, 2);
    return swap_bits<u32>(x, 0x22222222u, 1);
}
constexpr u64 interleave(u64 x) noexcept {
    const u32 lo = unzip32(u32(x)), hi = unzip32(u32(x >> 32));
    const u32 even = (lo & 0xffffu) | hi << 16, odd = lo >> 16 | (hi & 0xffff0000u);
    return u64(odd) << 32 | even;
}
constexpr u64 deinterleave(u64 x) noexcept {
    const u32 even = u32(x), odd = u32(x >> 32);
    return u64(zip32((even >> 16) | (odd & 0xffff0000u))) << 32 |
           zip32((even & 0xffffu) | odd << 16);
}
// interleave(u64(v) << 8 * byte) for one byte v, without the swaps: its even bits, then
// its odd bits, as four-bit groups at a quarter of the byte's position.
constexpr u64 interleave_byte(u8 v, int byte) noexcept {
    const auto even4 = [](u32 b) { return (b & 1) | (b >> 1 & 2) | (b >> 2 & 4) | (b >> 3 & 8); };
    return u64(even4(v >> 1)) << (32 + 4 * byte) | u64(even4(v)) << 4 * byte;
}

struct ascon_bi32 {
    static constexpr const char* name = "bi32";

    // interleave and deinterleave out of line (lane_in, lane_out: ascon_permutation.hpp).
    static LWC_NOINLINE u64 lane_in(u64 x) noexcept { return interleave(x); }
    static LWC_NOINLINE u64 lane_out(u64 x) noexcept { return deinterleave(x); }

    // Ascon-p[Rounds] on the interleaved lanes: out of line, the rounds in pairs (above).
    // (One body for every round count, as ascon_small has, saved 160 bytes of
    // Ascon-AEAD128 on Cortex-M4 and cost Ascon-Hash256 420.)
    template <int Rounds>
    static constexpr LWC_NOINLINE void permute(ascon_state& s) noexcept {
        static_assert(Rounds >= 1 && Rounds <= 12);
        u32 e[5], o[5];
        for (int k = 0; k < 5; ++k) e[k] = u32(s[k]), o[k] = u32(s[k] >> 32);
        e[2] ^= u32(first_constant[12 - Rounds]);
        o[2] ^= u32(first_constant[12 - Rounds] >> 32);
        int i = 12 - Rounds;
        if constexpr (Rounds % 2) round(e, o, end_of_round[i++]);
        for (; i < 12; i += 2) {
            round(e, o, end_of_round[i]);
            round(e, o, end_of_round[i + 1]);
        }
        for (int k = 0; k < 5; ++k) s[k] = u64(o[k]) << 32 | e[k];
    }

private:
    // The constants of ascon_portable (the round's, and the one added at a round's end,
    // the S-box's NOT of x2 with the next constant), interleaved.
    static constexpr auto interleaved = [](auto f) {
        std::array<u64, 12> c{};
        for (int i = 0; i < 12; ++i) c[i] = interleave(f(i));
        return c;
    };
    static constexpr std::array<u64, 12> first_constant =
        interleaved([](int i) { return ascon_portable::constant(i); });
    static constexpr std::array<u64, 12> end_of_round =
        interleaved([](int i) { return ascon_portable::end_of_round(i); });

    // The even and the odd word of rotr64(lane, R) from the lane's words.
    template <int R>
    static constexpr LWC_ALWAYS_INLINE u32 rot_even(u32 e, u32 o) noexcept {
        return R % 2 ? rotr32(o, R / 2) : rotr32(e, R / 2);
    }
    template <int R>
    static constexpr LWC_ALWAYS_INLINE u32 rot_odd(u32 e, u32 o) noexcept {
        return R % 2 ? rotr32(e, R / 2 + 1) : rotr32(o, R / 2);
    }
    // p_L on lane (e, o): lane ^= rotr(lane, A) ^ rotr(lane, B).
    template <int A, int B>
    static constexpr LWC_ALWAYS_INLINE void linear(u32& e, u32& o) noexcept {
        const u32 e0 = e, o0 = o;
        e = e0 ^ rot_even<A>(e0, o0) ^ rot_even<B>(e0, o0);
        o = o0 ^ rot_odd<A>(e0, o0) ^ rot_odd<B>(e0, o0);
    }
    // One round, with ascon_portable's round: its S-box on the even and on the odd
    // words, the linear layer, then k (the NOT of x2 and the next constant).
    static constexpr LWC_ALWAYS_INLINE void round(u32 (&e)[5], u32 (&o)[5], u64 k) noexcept {
        ascon_portable::sbox(e[0], e[1], e[2], e[3], e[4]);
        ascon_portable::sbox(o[0], o[1], o[2], o[3], o[4]);
        linear<19, 28>(e[0], o[0]);
        linear<61, 39>(e[1], o[1]);
        linear<1, 6>(e[2], o[2]);
        linear<10, 17>(e[3], o[3]);
        linear<7, 41>(e[4], o[4]);
        e[2] ^= u32(k);
        o[2] ^= u32(k >> 32);
    }
};

static_assert(deinterleave(interleave(0x0123456789abcdefu)) == 0x0123456789abcdefu &&
              interleave(0x8000000000000001u) == 0x8000000000000001u &&
              interleave(0x2) == u64(1) << 32 && interleave(u64(0xc5) << 40) == interleave_byte(0xc5, 5));

}}}  // namespace lwc::inline LWC_ISA_NS::detail
