// The Grain-128AEADv2 pre-output generator (a 128-bit LFSR and a 128-bit NFSR, 32
// clocks per step) and the two bit-level jobs around it, each with two backends:
//   grain128_portable   plain C++ on 64-bit words (any target)
//   grain128_bmi2       pext splits the keystream, pclmulqdq runs the MAC (x86 BMI2 +
//                       PCLMUL)
// grain128_default is the fastest one the compilation target allows.
//
// Bit order is that of the NIST submission: bit i of a register, of the key, the
// nonce, a message or a tag is bit i % 8 of byte i / 8 (least significant first), so
// every quantity is a plain little-endian integer.
#pragma once

#include "bytes.hpp"

#if LWC_HAS(__BMI2__) && LWC_HAS(__PCLMUL__)
#include <immintrin.h>
#define LWC_HAVE_GRAIN128_BMI2 1
#endif

namespace lwc::inline LWC_ISA_NS::detail {

// The two shift registers. Each is kept as three overlapping 64-bit views, w0 = bits
// 0..63, w1 = bits 32..95, w2 = bits 64..127, so that the 32-bit window of taps
// t..t+31 that 32 parallel clocks need is a single shift of one view for every tap
// (the largest tap is 96, so 32 clocks are independent of each other). Only the low 32
// bits of a window, or of an AND or XOR of windows, are ever used; so two taps d apart
// in one view multiply as at(w & at(w, d), k), and taps at the same offset of two
// views combine before a single shift, as in at(s1 ^ s2, 6) = s38 + s70.
struct grain128_fsr {
    u64 s0, s1, s2;  // LFSR s
    u64 b0, b1, b2;  // NFSR b

    // Key into the NFSR; nonce, 31 ones and a zero into the LFSR.
    void load(const u8* key, const u8* nonce) noexcept {
        const u64 n2 = load32_le(nonce + 8);
        s0 = load64_le(nonce);
        s1 = (s0 >> 32) | (n2 << 32);
        s2 = n2 | (u64(0x7fffffff) << 32);
        b0 = load64_le(key);
        b2 = load64_le(key + 8);
        b1 = (b0 >> 32) | (b2 << 32);
    }

    // Pre-output y_t..y_{t+31} of the next 32 clocks (bit j: clock t + j):
    //   y = h(b12, s8, s13, s20, b95, s42, s60, s79, s94) + s93 + b2 + b15 + b36 + b45
    //       + b64 + b73 + b89,   h(x) = x0x1 + x2x3 + x4x5 + x6x7 + x0x4x8.
    // Only the low 32 bits of the result are meaningful.
    u64 preoutput() const noexcept {
        const u64 b12 = at(b0, 12), b95 = at(b2, 31);
        const u64 h = (b12 & at(s0, 8)) ^ at(s0 & at(s0, 7), 13) ^ (b95 & at(s1, 10)) ^
                      (at(s1, 28) & at(s2, 15)) ^ (b12 & b95 & at(s2, 30));
        return h ^ at(s2, 29) ^ at(b0, 2) ^ at(b0, 15) ^ at(b1, 4) ^ at(b1, 13) ^ b2 ^
               at(b2, 9) ^ at(b2, 25);
    }

    // 32 clocks. x_lfsr and x_nfsr are added to the feedback of each register (the
    // pre-output during initialization, the key when it is re-introduced, else 0).
    void clock(u64 x_lfsr, u64 x_nfsr) noexcept {
        // s127 = s0 + s7 + s38 + s70 + s81 + s96
        const u64 fs = s0 ^ at(s0, 7) ^ at(s1 ^ s2, 6) ^ at(s2, 17) ^ at(s2, 32) ^ x_lfsr;
        // b127 = s0 + b0 + b26 + b56 + b91 + b96 + b3b67 + b11b13 + b17b18 + b27b59
        //        + b40b48 + b61b65 + b68b84 + b22b24b25 + b70b78b82 + b88b92b93b95
        const u64 b_and_next = b0 & at(b0, 1);  // b_i b_{i+1}
        const u64 fb = s0 ^ b0 ^ at(b0, 26) ^ at(b1, 24) ^ at(b2, 27) ^ at(b2, 32) ^
                       at(b0 & b2, 3) ^ at(b0 & at(b0, 2), 11) ^ at(b_and_next, 17) ^
                       at(b0 & b1, 27) ^ at(b1 & at(b1, 8), 8) ^ (at(b1, 29) & at(b2, 1)) ^
                       at(b2 & at(b2, 16), 4) ^ (at(b0, 22) & at(b_and_next, 24)) ^
                       (at(b2, 6) & at(b2, 14) & at(b2, 18)) ^
                       (at(b2, 24) & at(b2, 28) & at(b2, 29) & at(b2, 31)) ^ x_nfsr;
        shift_in(s0, s1, s2, fs);
        shift_in(b0, b1, b2, fb);
    }

    // The pre-output of 64 clocks (bit j: clock t + j).
    u64 next64() noexcept {
        const u64 lo = preoutput();
        clock(0, 0);
        const u64 hi = preoutput();
        clock(0, 0);
        return (lo & 0xffffffff) | (hi << 32);
    }

private:
    // Taps k..k+31 of a view in the low 32 bits (k <= 32).
    static u64 at(u64 w, int k) noexcept { return w >> k; }

    // The register moves 32 places: the views slide by one and 32 new bits enter.
    static void shift_in(u64& w0, u64& w1, u64& w2, u64 fresh) noexcept {
        w0 = w1;
        w1 = w2;
        w2 = (w2 >> 32) | (fresh << 32);
    }
};

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

#ifdef LWC_HAVE_GRAIN128_BMI2
struct grain128_bmi2 {
    static constexpr const char* name = "bmi2";

    // pext with a constant mask (on the CPUs where pext is slow, its time depends on
    // the mask only).
    static u64 even_bits(u64 x) noexcept { return _pext_u64(x, 0x5555555555555555); }
    static u64 odd_bits(u64 x) noexcept { return _pext_u64(x, 0xaaaaaaaaaaaaaaaa); }

    // The authenticator as in grain128_portable, the full product in pclmulqdq.
    static void authenticate64(u64& acc, u64& sr, u64 m, u64 a) noexcept {
        const __m128i rm = _mm_cvtsi64_si128(
            static_cast<long long>(grain128_portable::reverse_bits(m)));
        const __m128i t = _mm_set_epi64x(static_cast<long long>(a), static_cast<long long>(sr));
        const __m128i p0 = _mm_clmulepi64_si128(rm, t, 0x00);  // rev(m) * sr, 127 bits
        const __m128i p1 = _mm_clmulepi64_si128(rm, t, 0x10);  // rev(m) * a
        const u64 p0_lo = static_cast<u64>(_mm_cvtsi128_si64(p0));
        const u64 p0_hi = static_cast<u64>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(p0, p0)));
        const u64 p1_lo = static_cast<u64>(_mm_cvtsi128_si64(p1));
        acc ^= ((p0_hi ^ p1_lo) << 1) | (p0_lo >> 63);
        sr = a;
    }

    static void authenticate_bits(u64& acc, u64& sr, u64 m, u64 a, unsigned n) noexcept {
        grain128_portable::authenticate_bits(acc, sr, m, a, n);
    }
};
using grain128_default = grain128_bmi2;
#else
using grain128_default = grain128_portable;
#endif

}  // namespace lwc::detail
