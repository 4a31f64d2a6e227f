// SPDX-License-Identifier: MIT
// Grain-128AEADv2's bit-level jobs, portable backend: plain C++ on 64-bit words.
#pragma once

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// The bit-level jobs, portable: split 64 keystream bits into the 32 even ones
// (encryption) and the 32 odd ones (authentication), and run the authenticator.
struct grain128_portable {
    static constexpr const char* name = "portable";

    // Gathers the even bits of x into the low 32 bits, halving the gaps each step.
    static u64 even_bits(u64 x) noexcept {
        x &= 0x5555555555555555;
        x = (x | (x >> 1)) & 0x3333333333333333;
        x = (x | (x >> 2)) & 0x0f0f0f0f0f0f0f0f;
        x = (x | (x >> 4)) & 0x00ff00ff00ff00ff;
        x = (x | (x >> 8)) & 0x0000ffff0000ffff;
        return (x | (x >> 16)) & 0xffffffff;
    }
    static u64 odd_bits(u64 x) noexcept { return even_bits(x >> 1); }

    // The authenticator takes 64 data bits m and, meanwhile, 64 authentication bits a
    // into its shift register. For every t with m_t = 1 the accumulator absorbs the
    // register as it was then, bits t..t+63 of T = sr | a << 64, so bit i of what it
    // absorbs is sum_t m_t T_{i+t}: a correlation, which is coefficient 63 + i of the
    // carry-less product rev(m) * T. Hence (+ is XOR, rev reverses 64 bits)
    //   acc += bits 63..126 of (rev(m) * sr) + low64(rev(m) * a) << 1
    //        = rev(low64(m * rev(sr)))       + low64(rev(m) * a) << 1
    // since low64(rev(x) * rev(y)) = rev(bits 63..126 of x * y).
    static void authenticate64(u64& acc, u64& sr, u64 m, u64 a) noexcept {
        if constexpr (sizeof(void*) >= 8) {
            acc ^= reverse_bits(clmul_low(m, reverse_bits(sr))) ^
                   (clmul_low(reverse_bits(m), a) << 1);
            sr = a;
        } else {  // 32-bit targets: their 64-bit products may take data-dependent time
            authenticate_bits(acc, sr, m, a, 64);
        }
    }

    // The first n (<= 64, public) bits of m enter the authenticator one at a time: for
    // each, the accumulator absorbs the shift register if the bit is 1 (through a mask,
    // not a branch), then the register shifts in the next bit of a.
    static void authenticate_bits(u64& acc, u64& sr, u64 m, u64 a, unsigned n) noexcept {
        u64 c = acc, r = sr;
        for (unsigned t = 0; t < n; ++t) {
            c ^= r & (0 - ((m >> t) & 1));
            r = (r >> 1) | (((a >> t) & 1) << 63);
        }
        acc = c;
        sr = r;
    }

    static u64 reverse_bits(u64 x) noexcept {
        x = ((x >> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1);
        x = ((x >> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2);
        x = ((x >> 4) & 0x0f0f0f0f0f0f0f0f) | ((x & 0x0f0f0f0f0f0f0f0f) << 4);
#if defined(__GNUC__) || defined(__clang__)
        return __builtin_bswap64(x);
#else
        x = ((x >> 8) & 0x00ff00ff00ff00ff) | ((x & 0x00ff00ff00ff00ff) << 8);
        x = ((x >> 16) & 0x0000ffff0000ffff) | ((x & 0x0000ffff0000ffff) << 16);
        return (x >> 32) | (x << 32);
#endif
    }

    // Low 64 bits of the carry-less product x * y with integer multiplications: each
    // operand split into four with one bit in four kept, so that the sums a product
    // forms at the kept positions never carry into the next kept position (BearSSL's
    // ctmul64). Constant time where the 64-bit multiplier is (64-bit CPUs).
    static u64 clmul_low(u64 x, u64 y) noexcept {
        constexpr u64 m0 = 0x1111111111111111, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
        const u64 x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
        const u64 y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
        const u64 z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
        const u64 z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
        const u64 z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
        const u64 z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
        return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
