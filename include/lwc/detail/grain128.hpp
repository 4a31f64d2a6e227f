// SPDX-License-Identifier: MIT
// The Grain-128AEADv2 pre-output generator (a 128-bit LFSR and a 128-bit NFSR, 32
// clocks per step; the same code for every target) and the two bit-level jobs around it
// (splitting the keystream, the authenticator), with interchangeable backends, one file
// each:
//   grain128_portable   plain C++ on 64-bit words (any target)
//   grain128_bmi2       pext splits the keystream, pclmulqdq runs the MAC (x86 BMI2 +
//                       PCLMUL)
//   grain128_words      32-bit words throughout, its own shift registers (grain128_fsr32;
//                       the default on 32-bit targets: Arm, RISC-V rv32)
// grain128_default is the fastest one the compilation target allows.
//
// Bit order is that of the NIST submission: bit i of a register, of the key, the
// nonce, a message or a tag is bit i % 8 of byte i / 8 (least significant first), so
// every quantity is a plain little-endian integer.
#pragma once

#include <concepts>
#include <cstdint>
#include <string_view>

#include "grain128_bmi2.hpp"
#include "grain128_portable.hpp"
#include "grain128_small.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// What a backend provides, on 64-bit words:
//   even_bits(x), odd_bits(x)   the 32 even / odd bits of x, in the low 32 bits
//   authenticate64(acc, sr, m, a)          64 data bits m into the authenticator (acc,
//                                          sr), with 64 authentication bits a
//   authenticate_bits(acc, sr, m, a, n)    the same for the first n (< 64) bits
template <class B>
concept grain128_backend = requires(u64 x, u64& acc, u64& sr, unsigned n) {
    { B::name } -> std::convertible_to<std::string_view>;
    { B::even_bits(x) } -> std::same_as<u64>;
    { B::odd_bits(x) } -> std::same_as<u64>;
    B::authenticate64(acc, sr, x, x);
    B::authenticate_bits(acc, sr, x, x, n);
};

// The two shift registers. Each is kept as three overlapping 64-bit views, w0 = bits
// 0..63, w1 = bits 32..95, w2 = bits 64..127, so that the 32-bit window of taps
// t..t+31 that 32 parallel clocks need is a single shift of one view for every tap
// (the largest tap is 96, so 32 clocks are independent of each other). Only the low 32
// bits of a window, or of an AND or XOR of windows, are ever used; so two taps d apart
// in one view multiply as at(w & at(w, d), k), and taps at the same offset of two
// views combine before a single shift, as in at(s1 ^ s2, 6) = s38 + s70.
// T: u64, or a vector of u64 with a message in each element (the batch lane code).
template <class T>
struct basic_grain128_fsr {
    T s0, s1, s2;  // LFSR s
    T b0, b1, b2;  // NFSR b

    // Key into the NFSR; nonce, 31 ones and a zero into the LFSR. The key as two
    // 64-bit words, the nonce as bytes 0..7 and 8..11 (in the low 32 bits).
    void load(const T& key_lo, const T& key_hi, const T& nonce_lo, const T& nonce_hi) noexcept {
        s0 = nonce_lo;
        s1 = (s0 >> 32) | (nonce_hi << 32);
        s2 = nonce_hi | (u64(0x7fffffff) << 32);
        b0 = key_lo;
        b2 = key_hi;
        b1 = (b0 >> 32) | (b2 << 32);
    }

    // Pre-output y_t..y_{t+31} of the next 32 clocks (bit j: clock t + j):
    //   y = h(b12, s8, s13, s20, b95, s42, s60, s79, s94) + s93 + b2 + b15 + b36 + b45
    //       + b64 + b73 + b89,   h(x) = x0x1 + x2x3 + x4x5 + x6x7 + x0x4x8.
    // Only the low 32 bits of the result are meaningful.
    LWC_SPEED_INLINE T preoutput() const noexcept {
        const T b12 = at(b0, 12), b95 = at(b2, 31);
        // (b95 s42 + b12 b95 s94 as b95 (s42 + b12 s94))
        const T h = (b12 & at(s0, 8)) ^ at(s0 & at(s0, 7), 13) ^
                    (b95 & (at(s1, 10) ^ (b12 & at(s2, 30)))) ^ (at(s1, 28) & at(s2, 15));
        return h ^ at(s2, 29) ^ at(b0, 2) ^ at(b0, 15) ^ at(b1, 4) ^ at(b1, 13) ^ b2 ^
               at(b2, 9) ^ at(b2, 25);
    }

    // 32 clocks. x_lfsr and x_nfsr are added to the feedback of each register (the
    // pre-output during initialization, the key when it is re-introduced, else 0).
    LWC_SPEED_INLINE void clock(T x_lfsr, T x_nfsr) noexcept {
        // s127 = s0 + s7 + s38 + s70 + s81 + s96
        const T fs = s0 ^ at(s0, 7) ^ at(s1 ^ s2, 6) ^ at(s2, 17) ^ at(s2, 32) ^ x_lfsr;
        // b127 = s0 + b0 + b26 + b56 + b91 + b96 + b3b67 + b11b13 + b17b18 + b27b59
        //        + b40b48 + b61b65 + b68b84 + b22b24b25 + b70b78b82 + b88b92b93b95
        // (b91 + b27b59 share a shift; b78b82 and b88b92 are one product four apart.)
        const T b_and_next = b0 & at(b0, 1);  // b_i b_{i+1}
        const T b_and_4th = b2 & at(b2, 4);   // b_{64+i} b_{68+i}
        const T fb = s0 ^ b0 ^ at(b0, 26) ^ at(b1, 24) ^ at(b2 ^ (b0 & b1), 27) ^ at(b2, 32) ^
                     at(b0 & b2, 3) ^ at(b0 & at(b0, 2), 11) ^ at(b_and_next, 17) ^
                     at(b1 & at(b1, 8), 8) ^ (at(b1, 29) & at(b2, 1)) ^
                     at(b2 & at(b2, 16), 4) ^ (at(b0, 22) & at(b_and_next, 24)) ^
                     (at(b2, 6) & at(b_and_4th, 14)) ^
                     (at(b_and_4th, 24) & at(b2, 29) & at(b2, 31)) ^ x_nfsr;
        shift_in(s0, s1, s2, fs);
        shift_in(b0, b1, b2, fb);
    }

    // The pre-output of 64 clocks (bit j: clock t + j).
    LWC_SPEED_INLINE T next64() noexcept {
        const T lo = preoutput();
        clock(T{}, T{});
        const T hi = preoutput();
        clock(T{}, T{});
        return (lo & 0xffffffff) | (hi << 32);
    }

private:
    // Taps k..k+31 of a view in the low 32 bits (k <= 32).
    LWC_ALWAYS_INLINE static T at(T w, int k) noexcept { return w >> k; }

    // The register moves 32 places: the views slide by one and 32 new bits enter.
    LWC_ALWAYS_INLINE static void shift_in(T& w0, T& w1, T& w2, T fresh) noexcept {
        w0 = w1;
        w1 = w2;
        w2 = (w2 >> 32) | (fresh << 32);
    }
};

struct grain128_fsr : basic_grain128_fsr<u64> {
    void load(const u8* key, const u8* nonce) noexcept {
        basic_grain128_fsr::load(load64_le(key), load64_le(key + 8), load64_le(nonce),
                                 load32_le(nonce + 8));
    }
};

// The initialization's clocks before the authenticator is filled: 320 with the
// pre-output fed back, then 64 adding key bits 64..127 to the LFSR's feedback and bits
// 0..63 to the NFSR's. k[i]: key word i (bytes 4i..4i+3) in the low 32 bits. F: a
// shift register type of this file or grain128_fsr32; T its word type.
template <class F, class T>
void grain128_warm_up(F& fsr, const T (&k)[4]) noexcept {
    for (int i = 0; i < 10; ++i) {
        const T y = fsr.preoutput();
        fsr.clock(y, y);
    }
    T y = fsr.preoutput();
    fsr.clock(y ^ k[2], y ^ k[0]);
    y = fsr.preoutput();
    fsr.clock(y ^ k[3], y ^ k[1]);
}

// The shift registers a backend runs on: its own (B::fsr), else grain128_fsr.
template <class B>
struct grain128_fsr_of {
    using type = grain128_fsr;
};
template <class B>
    requires requires { typename B::fsr; }
struct grain128_fsr_of<B> {
    using type = typename B::fsr;
};

static_assert(grain128_backend<grain128_portable> && grain128_backend<grain128_words>);
#ifdef LWC_HAVE_GRAIN128_BMI2
static_assert(grain128_backend<grain128_bmi2>);
using grain128_default = grain128_bmi2;
#elif UINTPTR_MAX <= 0xffffffffu  // 32-bit targets (Arm, RISC-V rv32): 32-bit words
using grain128_default = grain128_words;
#else
using grain128_default = grain128_portable;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail
