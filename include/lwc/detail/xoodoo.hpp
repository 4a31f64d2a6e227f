// The Xoodoo[12] permutation on 384 bits: 3 planes of 4 32-bit lanes, lane x of
// plane y at index x + 4y, bytes little-endian. Two interchangeable backends:
//   xoodoo_portable   plain C++ on 12 words (any target)
//   xoodoo_avx512     one plane per 128-bit register, rotations with vprold and
//                     every 3-input Boolean function in one vpternlogd (AVX-512VL)
// xoodoo_default is the fastest one the compilation target allows.
#pragma once

#include <array>

#include "bytes.hpp"

#if defined(__AVX512F__) && defined(__AVX512VL__)
#include <immintrin.h>
#define LWC_HAVE_XOODOO_AVX512 1
#endif

namespace lwc::detail {

using xoodoo_state = std::array<u32, 12>;

inline constexpr std::array<u32, 12> xoodoo_round_constants = {
    0x058, 0x038, 0x3c0, 0x0d0, 0x120, 0x014, 0x060, 0x02c, 0x380, 0x0f0, 0x1a0, 0x012};

struct xoodoo_portable {
    static constexpr const char* name = "portable";

    static void permute(xoodoo_state& st) noexcept {
        u32 a[12];
        for (int i = 0; i < 12; ++i) a[i] = st[i];
        for (u32 rc : xoodoo_round_constants) round(a, rc);
        for (int i = 0; i < 12; ++i) st[i] = a[i];
    }

private:
    static inline void round(u32 (&a)[12], u32 rc) noexcept {
        // theta: each lane absorbs two rotated copies of its neighbouring column parity
        u32 e[4];
        for (int x = 0; x < 4; ++x) {
            const u32 p = a[(x + 3) & 3] ^ a[4 + ((x + 3) & 3)] ^ a[8 + ((x + 3) & 3)];
            e[x] = rotl32(p, 5) ^ rotl32(p, 14);
        }
        for (int x = 0; x < 4; ++x) {
            a[x] ^= e[x];
            a[4 + x] ^= e[x];
            a[8 + x] ^= e[x];
        }
        // rho-west: plane 1 shifted by one lane, plane 2 rotated by 11; iota
        const u32 w7 = a[7];
        a[7] = a[6]; a[6] = a[5]; a[5] = a[4]; a[4] = w7;
        for (int x = 0; x < 4; ++x) a[8 + x] = rotl32(a[8 + x], 11);
        a[0] ^= rc;
        // chi, then rho-east: plane 1 rotated by 1, plane 2 rotated by 8 and shifted by two
        u32 b[12];
        for (int x = 0; x < 4; ++x) {
            b[x] = a[x] ^ (~a[4 + x] & a[8 + x]);
            b[4 + x] = rotl32(a[4 + x] ^ (~a[8 + x] & a[x]), 1);
            b[8 + ((x + 2) & 3)] = rotl32(a[8 + x] ^ (~a[x] & a[4 + x]), 8);
        }
        for (int i = 0; i < 12; ++i) a[i] = b[i];
    }
};

#ifdef LWC_HAVE_XOODOO_AVX512
struct xoodoo_avx512 {
    static constexpr const char* name = "avx512";

    static void permute(xoodoo_state& st) noexcept {
        __m128i a0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(st.data()));
        __m128i a1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(st.data() + 4));
        __m128i a2 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(st.data() + 8));
        for (u32 rc : xoodoo_round_constants) {
            constexpr int xor3 = 0x96, a_xor_notb_and_c = 0xd2;
            __m128i p = _mm_ternarylogic_epi32(a0, a1, a2, xor3);
            p = _mm_shuffle_epi32(p, 0x93);  // lane x <- lane x-1
            const __m128i r5 = _mm_rol_epi32(p, 5), r14 = _mm_rol_epi32(p, 14);
            a0 = _mm_ternarylogic_epi32(a0, r5, r14, xor3);
            a1 = _mm_ternarylogic_epi32(a1, r5, r14, xor3);
            a2 = _mm_ternarylogic_epi32(a2, r5, r14, xor3);
            a1 = _mm_shuffle_epi32(a1, 0x93);
            a2 = _mm_rol_epi32(a2, 11);
            a0 = _mm_xor_si128(a0, _mm_cvtsi32_si128(static_cast<int>(rc)));
            const __m128i b0 = _mm_ternarylogic_epi32(a0, a1, a2, a_xor_notb_and_c);
            const __m128i b1 = _mm_ternarylogic_epi32(a1, a2, a0, a_xor_notb_and_c);
            const __m128i b2 = _mm_ternarylogic_epi32(a2, a0, a1, a_xor_notb_and_c);
            a0 = b0;
            a1 = _mm_rol_epi32(b1, 1);
            a2 = _mm_shuffle_epi32(_mm_rol_epi32(b2, 8), 0x4e);  // lane x <- lane x+2
        }
        _mm_storeu_si128(reinterpret_cast<__m128i*>(st.data()), a0);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(st.data() + 4), a1);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(st.data() + 8), a2);
    }
};
using xoodoo_default = xoodoo_avx512;
#else
using xoodoo_default = xoodoo_portable;
#endif

}  // namespace lwc::detail
