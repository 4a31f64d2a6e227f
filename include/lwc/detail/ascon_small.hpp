// SPDX-License-Identifier: MIT
// Ascon-p, compact backend (the default under LWC_SMALL, i.e. -Os: firmware): one rolled
// out-of-line loop shared by Ascon-p[12] and Ascon-p[8], on the lanes split into 32-bit
// halves, so that a 32-bit core runs the S-box once per half (a loop of two) and the
// linear layer as one loop over the ten rotations (a 64-bit rotation is two funnel
// shifts of the halves, swapped for 32 or more). Every rotation amount and the loop
// counts are public: no branch or index depends on the state.
#pragma once

#include "ascon_portable.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

struct ascon_small {
    static constexpr const char* name = "small";

    // Rounds first..11 of the twelve (first is public).
    LWC_NOINLINE static void rounds(ascon_state& s, int first) noexcept {
#if defined(__GNUC__) || defined(__clang__)
        // The lanes' own memory as 32-bit halves (may_alias: reading a u64 through a
        // u32 is then defined), so that nothing is copied in or out.
        // The empty asm with a memory clobber tells the compiler the lanes changed (gcc
        // 12's mod/ref analysis otherwise loses these stores to the caller: wrong
        // digests at -O2).
        typedef u32 half __attribute__((may_alias));
        half* w = reinterpret_cast<half*>(s.data());
        __asm__ volatile("" : : "r"(w) : "memory");
#else
        u32 w[10];
        for (int i = 0; i < 10; ++i) w[i] = u32(s[i / 2] >> (i % 2 == lo ? 0 : 32));
#endif
        for (int r = first; r < 12; ++r) {
            w[2 * 2 + lo] ^= u32(ascon_portable::constant(r));
            for (int h = 0; h < 2; ++h) sbox(w + h);
            for (int i = 0; i < 5; ++i) linear(w[2 * i + lo], w[2 * i + 1 - lo], rot + 2 * i);
        }
#if !(defined(__GNUC__) || defined(__clang__))
        for (int i = 0; i < 5; ++i) s[i] = w[2 * i + lo] | u64(w[2 * i + 1 - lo]) << 32;
        secure_zero(w, sizeof w);
#endif
    }

    template <int Rounds>
    static void permute(ascon_state& s) noexcept {
        rounds(s, 12 - Rounds);
    }

private:
    // Where a lane's low half lies among its two 32-bit words in memory.
    static constexpr int lo = std::endian::native == std::endian::little ? 0 : 1;
    // The rotation amounts of lane i's two terms (SP 800-232, p_L).
    static constexpr u8 rot[10] = {19, 28, 61, 39, 1, 6, 10, 17, 7, 41};

    // p_S on one 32-bit half of the five lanes (bitsliced: the halves are independent),
    // x[0], x[2], ... x[8]: lane by lane, two words apart.
    template <class Word>
    static LWC_ALWAYS_INLINE void sbox(Word* x) noexcept {
        u32 x0 = x[0], x1 = x[2], x2 = x[4], x3 = x[6], x4 = x[8];
        ascon_portable::sbox(x0, x1, x2, x3, x4);
        x[0] = x0;
        x[2] = x1;
        x[4] = ~x2;
        x[6] = x3;
        x[8] = x4;
    }

    // p_L on one lane (low, high): lane ^= rotr(lane, amount[0]) ^ rotr(lane, amount[1]).
    template <class Word>
    static LWC_ALWAYS_INLINE void linear(Word& low, Word& high, const u8* amount) noexcept {
        const u32 lo32 = low, hi32 = high;
        u32 yl = lo32, yh = hi32;
        for (int k = 0; k < 2; ++k) {
            const unsigned n = amount[k] & 31;  // never 0: no amount is 0 or 32
            const bool swap = amount[k] >= 32;
            const u32 a = swap ? hi32 : lo32, b = swap ? lo32 : hi32;
            yl ^= (a >> n) | (b << (32 - n));
            yh ^= (b >> n) | (a << (32 - n));
        }
        low = yl;
        high = yh;
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
