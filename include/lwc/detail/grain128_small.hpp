// SPDX-License-Identifier: MIT
// Grain-128AEADv2 on 32-bit words, for 32-bit cores (the default on 32-bit Arm, at -Os
// and -O2): the shift registers as four 32-bit words each instead of three overlapping
// 64-bit views (a 64-bit shift is several instructions there), and the authenticator a
// bit at a time on 32-bit halves (the portable one's 64-bit carry-less products are
// integer multiplications a 32-bit core does in many steps).
#pragma once

#include "bytes.hpp"
#include "grain128_portable.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// The two shift registers as words: w[i] holds bits 32i..32i+31. Bits t..t+31 of a
// register (a tap for 32 parallel clocks, t <= 96) are a funnel of two words.
struct grain128_fsr32 {
    u32 s[4];  // LFSR
    u32 b[4];  // NFSR

    void load(const u8* key, const u8* nonce) noexcept {
        for (int i = 0; i < 3; ++i) s[i] = load32_le(nonce + 4 * i);
        s[3] = 0x7fffffff;
        for (int i = 0; i < 4; ++i) b[i] = load32_le(key + 4 * i);
    }

    // The pre-output of the next 32 clocks (the formulas of grain128_fsr), in the low
    // 32 bits.
    u64 preoutput() const noexcept {
        const u32 b12 = at(b, 12), b95 = at(b, 95);
        const u32 h = (b12 & at(s, 8)) ^ (at(s, 13) & at(s, 20)) ^ (b95 & at(s, 42)) ^
                      (at(s, 60) & at(s, 79)) ^ (b12 & b95 & at(s, 94));
        return h ^ at(s, 93) ^ at(b, 2) ^ at(b, 15) ^ at(b, 36) ^ at(b, 45) ^ at(b, 64) ^
               at(b, 73) ^ at(b, 89);
    }

    // 32 clocks, with x_lfsr and x_nfsr (low 32 bits) added to the feedback.
    void clock(u64 x_lfsr, u64 x_nfsr) noexcept {
        const u32 fs = s[0] ^ at(s, 7) ^ at(s, 38) ^ at(s, 70) ^ at(s, 81) ^ s[3] ^ u32(x_lfsr);
        const u32 fb = s[0] ^ b[0] ^ at(b, 26) ^ at(b, 56) ^ at(b, 91) ^ b[3] ^
                       (at(b, 3) & at(b, 67)) ^ (at(b, 11) & at(b, 13)) ^
                       (at(b, 17) & at(b, 18)) ^ (at(b, 27) & at(b, 59)) ^
                       (at(b, 40) & at(b, 48)) ^ (at(b, 61) & at(b, 65)) ^
                       (at(b, 68) & at(b, 84)) ^ (at(b, 22) & at(b, 24) & at(b, 25)) ^
                       (at(b, 70) & at(b, 78) & at(b, 82)) ^
                       (at(b, 88) & at(b, 92) & at(b, 93) & at(b, 95)) ^ u32(x_nfsr);
        shift_in(s, fs);
        shift_in(b, fb);
    }

    u64 next64() noexcept {
        const u32 lo = u32(preoutput());
        clock(0, 0);
        const u32 hi = u32(preoutput());
        clock(0, 0);
        return lo | (u64(hi) << 32);
    }

private:
    // Bits t..t+31 of a register (t public, at most 96).
    LWC_ALWAYS_INLINE static u32 at(const u32 (&w)[4], int t) noexcept {
        const int i = t / 32, r = t % 32;
        return r == 0 ? w[i] : (w[i] >> r) | (w[i + 1] << (32 - r));
    }
    static void shift_in(u32 (&w)[4], u32 fresh) noexcept {
        w[0] = w[1];
        w[1] = w[2];
        w[2] = w[3];
        w[3] = fresh;
    }
};

// The bit-level jobs on 32-bit halves.
struct grain128_words {
    static constexpr const char* name = "words";
    using fsr = grain128_fsr32;

    // The even bits of a 32-bit word in its low 16 bits.
    static u32 even16(u32 x) noexcept {
        x &= 0x55555555;
        x = (x | (x >> 1)) & 0x33333333;
        x = (x | (x >> 2)) & 0x0f0f0f0f;
        x = (x | (x >> 4)) & 0x00ff00ff;
        return (x | (x >> 8)) & 0xffff;
    }
    static u64 even_bits(u64 x) noexcept {
        return even16(u32(x)) | (even16(u32(x >> 32)) << 16);
    }
    static u64 odd_bits(u64 x) noexcept { return even_bits(x >> 1); }

    static void authenticate64(u64& acc, u64& sr, u64 m, u64 a) noexcept {
        authenticate_bits(acc, sr, m, a, 64);
    }

    // As grain128_portable::authenticate_bits (a mask per data bit, no branch), with
    // the accumulator and the register as 32-bit halves, a byte a turn (n is a multiple
    // of 8: the mode authenticates whole bytes).
    static void authenticate_bits(u64& acc, u64& sr, u64 m, u64 a, unsigned n) noexcept {
        u32 c0 = u32(acc), c1 = u32(acc >> 32), r0 = u32(sr), r1 = u32(sr >> 32);
        for (unsigned half = 0; half < 2; ++half) {  // 32 bits of m and a each
            u32 word = u32(m >> (32 * half)), abits = u32(a >> (32 * half));
            const unsigned bytes = (n < 32 ? n : 32) / 8;
            n -= 8 * bytes;
            for (unsigned i = 0; i < bytes; ++i) {
#if !LWC_SMALL
#pragma GCC unroll 8
#endif
                for (unsigned t = 0; t < 8; ++t) {
                    const u32 mask = 0 - (word & 1);
                    c0 ^= r0 & mask;
                    c1 ^= r1 & mask;
                    r0 = (r0 >> 1) | (r1 << 31);
                    r1 = (r1 >> 1) | (abits << 31);
                    word >>= 1;
                    abits >>= 1;
                }
            }
        }
        acc = c0 | (u64(c1) << 32);
        sr = r0 | (u64(r1) << 32);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
