// SPDX-License-Identifier: MIT
// Ascon-p (NIST SP 800-232, section 3) on a state split into N shares (masking): each
// 64-bit lane is the XOR of N words, none of which alone depends on the lane's value.
// The linear steps (the constant, p_L and the S-box's XORs and NOT) run share by share;
// the S-box's five ANDs are DOM-indep gadgets (Gross, Mangard, Korak 2016), each taking
// N(N-1)/2 fresh random words. Every value the gadgets keep apart goes through
// barrier(), so that the compiler cannot recombine shares by rewriting the algebra
// (x0 & y0 ^ x0 & y1 into x0 & (y0 ^ y1) would unmask y).
#pragma once

#include <bit>
#include <cstddef>

#include "ascon_portable.hpp"
#include "bytes.hpp"
// Cortex-M (Thumb, little-endian): the rounds of 2 and 3 shares and the 2-share mode's
// steps in assembly (ascon_masked_arm.hpp).
#if defined(__arm__) && LWC_HAS(__thumb__)
#include "ascon_masked_arm.hpp"
#define LWC_MASKED_ARM 1
#else
#define LWC_MASKED_ARM 0
#endif

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::masked {

// A lane in N shares: its value is v[0] ^ ... ^ v[N - 1]. Public values added to a
// shared lane (round constants, associated data, the plaintext) enter share 0 alone.
template <int N>
struct lane {
    u64 v[N];
};

// The compiler must treat x as computed by this point and used by it: it can neither
// merge the computation of x with what follows nor see x's algebra through it. On a
// 32-bit target each half is its own register operand.
LWC_ALWAYS_INLINE void barrier(u64& x) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    if constexpr (sizeof(void*) >= 8) {
        __asm__ volatile("" : "+r"(x));
    } else {
        u32 lo = u32(x), hi = u32(x >> 32);
        __asm__ volatile("" : "+r"(lo), "+r"(hi));
        x = u64(hi) << 32 | lo;
    }
#endif
}

// Whether the assembly of ascon_masked_arm.hpp runs (its word order is the little-endian
// layout of lane<N>): for 2 shares every step on shares, for 3 the round.
inline constexpr bool arm_assembly = LWC_MASKED_ARM && std::endian::native == std::endian::little;
template <int N>
inline constexpr bool in_assembly = arm_assembly && N == 2;

// Random words per AND gadget.
template <int N>
inline constexpr int words_per_and = N * (N - 1) / 2;

template <int N>
LWC_ALWAYS_INLINE void xor_into(lane<N>& a, const lane<N>& b) noexcept {
    for (int i = 0; i < N; ++i) a.v[i] ^= b.v[i];
}

template <int N>
LWC_ALWAYS_INLINE lane<N> not_of(lane<N> a) noexcept {
    a.v[0] = ~a.v[0];
    return a;
}

template <int N>
LWC_ALWAYS_INLINE lane<N> rotr_of(const lane<N>& a, int r) noexcept {
    lane<N> z;
    for (int i = 0; i < N; ++i) z.v[i] = (a.v[i] >> r) | (a.v[i] << ((64 - r) & 63));
    return z;
}

// z = x & y, DOM-indep: each share's own product x_i y_i stays in domain i; the cross
// products x_i y_j and x_j y_i enter domains i and j masked by the same fresh word, each
// masked before it meets the domain's other terms. r advances by words_per_and<N>.
template <int N>
LWC_ALWAYS_INLINE lane<N> and_of(const lane<N>& x, const lane<N>& y, const u64*& r) noexcept {
    lane<N> z;
    for (int i = 0; i < N; ++i) z.v[i] = x.v[i] & y.v[i];
    for (int i = 0; i < N; ++i)
        for (int j = i + 1; j < N; ++j) {
            const u64 m = *r++;
            u64 a = (x.v[i] & y.v[j]) ^ m, b = (x.v[j] & y.v[i]) ^ m;
            barrier(a);
            barrier(b);
            z.v[i] ^= a;
            z.v[j] ^= b;
        }
    for (int i = 0; i < N; ++i) barrier(z.v[i]);
    return z;
}

// One round (SP 800-232, Algorithm 1: p_C, p_S, p_L) on shares, with 5 words_per_and<N>
// random words.
template <int N>
LWC_ALWAYS_INLINE void round(lane<N> (&x)[5], u64 c, const u64* r) noexcept {
    x[2].v[0] ^= c;
    xor_into(x[0], x[4]);
    xor_into(x[4], x[3]);
    xor_into(x[2], x[1]);
    lane<N> t[5];
    for (int i = 0; i < 5; ++i) t[i] = and_of(not_of(x[i]), x[(i + 1) % 5], r);
    for (int i = 0; i < 5; ++i) xor_into(x[i], t[(i + 1) % 5]);
    xor_into(x[1], x[0]);
    xor_into(x[0], x[4]);
    xor_into(x[3], x[2]);
    x[2] = not_of(x[2]);
    static constexpr int rot[5][2] = {{19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}};
    for (int i = 0; i < 5; ++i) {
        const lane<N> a = rotr_of(x[i], rot[i][0]), b = rotr_of(x[i], rot[i][1]);
        xor_into(x[i], a);
        xor_into(x[i], b);
    }
}

// Random bytes per round.
template <int N>
inline constexpr std::size_t random_bytes_per_round = 5 * words_per_and<N> * sizeof(u64);

// Ascon-p[rounds]: the last `rounds` of the twelve, each with fresh randomness from
// fill(ctx, bytes, n). On Cortex-M the assembly rounds (ascon_masked_arm.hpp).
template <int N>
LWC_NOINLINE void permute(lane<N> (&x)[5], int rounds, void (*fill)(void*, u8*, std::size_t),
                          void* ctx) noexcept {
    u64 r[5 * words_per_and<N>];
    for (int i = 12 - rounds; i < 12; ++i) {
        fill(ctx, reinterpret_cast<u8*>(r), sizeof r);
#if LWC_MASKED_ARM
        if constexpr (in_assembly<N>) {
            arm::round2(x, u32(ascon_portable::constant(i)), r);
            continue;
        }
        if constexpr (arm_assembly && N == 3) {
            arm::round3(x, u32(ascon_portable::constant(i)), r);
            continue;
        }
#endif
        round(x, ascon_portable::constant(i), r);
    }
    secure_zero(r);
}

// dst[k] ^= src[k] for k < n, share by share (on Cortex-M in assembly for 2 and 3 shares,
// as the rounds, so that no register holds two shares of one value in turn).
template <int N>
inline void xor_lanes(lane<N>* dst, const lane<N>* src, int n) noexcept {
#if LWC_MASKED_ARM
    if constexpr (arm_assembly) return (N == 2 ? arm::xor_lanes2 : arm::xor_lanes3)(dst, src, n);
#endif
    for (int k = 0; k < n; ++k) xor_into(dst[k], src[k]);
}

// The XOR of the shares, share by share into a public value: (p ^ a.v[0]) ^ a.v[1] ...,
// each partial sum still masked by the shares not yet added.
template <int N>
LWC_ALWAYS_INLINE u64 unmask_with(u64 p, const lane<N>& a) noexcept {
#if LWC_MASKED_ARM
    if constexpr (in_assembly<N>) return arm::unmask2(&a, p);
#endif
    for (int i = 0; i < N; ++i) {
        p ^= a.v[i];
        barrier(p);
    }
    return p;
}

// Whether lanes x[0], x[1] hold the 16-byte tag, on shares: d = x ^ tag (the tag into
// share 0), w = ~d0 & ~d1 (all ones where they agree), folded onto bit 0 by ANDs with
// rotations of 32, 16, ..., 1; only bit 0 of the result, 1 when every bit of d is 0, is
// unmasked. r: 7 * words_per_and<N> random words (2 shares on Cortex-M take 4: the
// assembly folds 32-bit words).
template <int N>
inline u64 tag_bit(const lane<N>* x, const u8* tag, const u64* r) noexcept {
#if LWC_MASKED_ARM
    if constexpr (in_assembly<N>) {
        const u32 t[4] = {load32_le(tag), load32_le(tag + 4), load32_le(tag + 8), load32_le(tag + 12)};
        return arm::tag_check2(x, t, r);
    }
#endif
    lane<N> a = x[0], b = x[1];
    a.v[0] ^= load64_le(tag);
    b.v[0] ^= load64_le(tag + 8);
    lane<N> w = and_of(not_of(a), not_of(b), r);
    for (int shift = 32; shift >= 1; shift /= 2) w = and_of(w, rotr_of(w, shift), r);
    u64 bit = 0;
    for (int i = 0; i < N; ++i) {
        u64 share_bit = w.v[i] & 1;
        barrier(share_bit);
        bit ^= share_bit;
    }
    secure_zero(a);
    secure_zero(b);
    secure_zero(w);
    return bit;
}

}}}  // namespace lwc::inline LWC_ISA_NS::detail::masked
