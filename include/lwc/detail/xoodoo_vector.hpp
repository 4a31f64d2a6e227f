// SPDX-License-Identifier: MIT
// Xoodoo[12], vector backends: one plane per 128-bit register, Cyclist's full-block loops
// with the state held in registers. Three round bodies:
//   xoodoo_avx512  rotations with vprold and every 3-input Boolean function in one
//                  vpternlogd (AVX-512F + VL);
//   xoodoo_avx2    rotations as two shifts and an OR, so theta's effect is computed
//                  once; AVX2 for the blend of the block loop, the rest SSE4.1 with VEX
//                  encoding;
//   xoodoo_sse2    the same in SSE2 alone, which every x86-64 CPU has: rho-east's byte
//                  shuffle as a rotation and a lane shuffle (three operations more).
#pragma once

#include "xoodoo_spec.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define LWC_HAVE_XOODOO_SSE2 1
#if LWC_HAS(__AVX2__)
#define LWC_HAVE_XOODOO_AVX2 1
#endif
#if LWC_HAS(__AVX512F__) && LWC_HAS(__AVX512VL__)
#define LWC_HAVE_XOODOO_AVX512 1
#endif

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

namespace xoodoo_lanes {
inline constexpr int minus_1 = 0x93, minus_2 = 0x4e;  // lane x <- lane x - 1, x - 2
// rho-east's rotation of plane 2 by 8 and its shift by two lanes: byte 4x + j of the
// result is byte j - 1 (mod 4) of lane x + 2 (mod 4).
LWC_ALWAYS_INLINE __m128i rho_east_2() noexcept {
    return _mm_setr_epi8(11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6);
}
}  // namespace xoodoo_lanes

#ifdef LWC_HAVE_XOODOO_AVX512
// Vector integer operations have a latency of one or two cycles and a single state
// leaves most vector units idle, so the round is arranged for the shortest
// dependency chain (6 operations), not the fewest operations: theta's effect is
// computed directly in the lane-shifted and rotated form rho-west wants, and
// rho-east's rotate-by-8-and-shift-by-two of plane 2 is one byte shuffle.
struct xoodoo_avx512_rounds {
    static constexpr const char* name = "avx512";
    static void rounds(__m128i& a0, __m128i& a1, __m128i& a2) noexcept {
        using namespace xoodoo_lanes;
        constexpr int xor3 = 0x96, a_xor_notb_and_c = 0xd2;
        const __m128i rho_east = rho_east_2();
        for (u32 rc : xoodoo_round_constants) {
            const __m128i p = _mm_ternarylogic_epi32(a0, a1, a2, xor3);
            const __m128i p1 = _mm_shuffle_epi32(p, minus_1);
            const __m128i p2 = _mm_shuffle_epi32(p, minus_2);
            // theta + rho-west + iota
            const __m128i b0 = _mm_ternarylogic_epi32(
                _mm_xor_si128(a0, _mm_cvtsi32_si128(static_cast<int>(rc))), _mm_rol_epi32(p1, 5),
                _mm_rol_epi32(p1, 14), xor3);
            const __m128i b1 = _mm_ternarylogic_epi32(_mm_shuffle_epi32(a1, minus_1),
                                                      _mm_rol_epi32(p2, 5), _mm_rol_epi32(p2, 14), xor3);
            const __m128i b2 = _mm_ternarylogic_epi32(_mm_rol_epi32(a2, 11), _mm_rol_epi32(p1, 16),
                                                      _mm_rol_epi32(p1, 25), xor3);
            // chi + rho-east
            a0 = _mm_ternarylogic_epi32(b0, b1, b2, a_xor_notb_and_c);
            a1 = _mm_rol_epi32(_mm_ternarylogic_epi32(b1, b2, b0, a_xor_notb_and_c), 1);
            a2 = _mm_shuffle_epi8(_mm_ternarylogic_epi32(b2, b0, b1, a_xor_notb_and_c), rho_east);
        }
    }
};
#endif

// Without vprold a rotation is three operations, so theta's column parity effect E is
// computed once and added to each plane before rho-west moves it (a chain of 13
// operations a round; plane 2 taking E rotated as the AVX-512 round does shortens it to
// 11 for 5 more operations, and measured no faster on AMD Zen 4). Rho-east's plane 2 by
// one byte shuffle (SSSE3; Shuffle) or as a rotation and a lane shuffle (SSE2).
template <bool Shuffle>
struct xoodoo_shift_rounds {
    static constexpr const char* name = Shuffle ? "avx2" : "sse2";
    template <int N>
    LWC_ALWAYS_INLINE static __m128i rol(__m128i x) noexcept {
        return _mm_or_si128(_mm_slli_epi32(x, N), _mm_srli_epi32(x, 32 - N));
    }
    LWC_ALWAYS_INLINE static __m128i rho_east(__m128i x) noexcept {
        using namespace xoodoo_lanes;
#if LWC_HAS(__SSSE3__)
        if constexpr (Shuffle) return _mm_shuffle_epi8(x, rho_east_2());
#endif
        return _mm_shuffle_epi32(rol<8>(x), minus_2);
    }
    static void rounds(__m128i& a0, __m128i& a1, __m128i& a2) noexcept {
        using namespace xoodoo_lanes;
        for (u32 rc : xoodoo_round_constants) {
            const __m128i p1 = _mm_shuffle_epi32(_mm_xor_si128(_mm_xor_si128(a0, a2), a1), minus_1);
            const __m128i e = _mm_xor_si128(rol<5>(p1), rol<14>(p1));
            // theta + rho-west + iota
            const __m128i b0 = _mm_xor_si128(_mm_xor_si128(a0, _mm_cvtsi32_si128(static_cast<int>(rc))), e);
            const __m128i b1 = _mm_shuffle_epi32(_mm_xor_si128(a1, e), minus_1);
            const __m128i b2 = rol<11>(_mm_xor_si128(a2, e));
            // chi (a ^ ~b & c) + rho-east
            a0 = _mm_xor_si128(b0, _mm_andnot_si128(b1, b2));
            a1 = rol<1>(_mm_xor_si128(b1, _mm_andnot_si128(b2, b0)));
            a2 = rho_east(_mm_xor_si128(b2, _mm_andnot_si128(b0, b1)));
        }
    }
};

template <class R>
struct xoodoo_vector {
    static constexpr const char* name = R::name;
    static constexpr bool has_block_loops = true;

    static void permute(xoodoo_state& st) noexcept {
        __m128i a0, a1, a2;
        load(st, a0, a1, a2);
        R::rounds(a0, a1, a2);
        store(st, a0, a1, a2);
    }

    // Keyed Cyclist, `blocks` full 24-byte blocks: Up (control byte cu for the first
    // block, 0 after), then out = in ^ rate and Down(plaintext) with its 0x01 pad.
    template <bool Decrypt>
    static void crypt_blocks(xoodoo_state& st, const u8* in, u8* out, std::size_t blocks,
                             u8 cu) noexcept {
        __m128i a0, a1, a2;
        load(st, a0, a1, a2);
        const __m128i pad = _mm_setr_epi32(0, 0, 1, 0);
        a2 = _mm_xor_si128(a2, _mm_setr_epi32(0, 0, 0, int(u32(cu) << 24)));
        for (; blocks > 0; --blocks, in += 24, out += 24) {
            R::rounds(a0, a1, a2);
            const __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
            const __m128i x1 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in + 16));
            const __m128i y0 = _mm_xor_si128(a0, x0), y1 = _mm_xor_si128(a1, x1);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out), y0);
            _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 16), y1);
            a0 = Decrypt ? x0 : y0;
            a1 = _mm_xor_si128(Decrypt ? low_half(x1, a1) : y1, pad);
        }
        store(st, a0, a1, a2);
    }

    // Hash-mode Cyclist, `blocks` full 16-byte blocks, each after an Up.
    static void absorb_blocks(xoodoo_state& st, const u8* in, std::size_t blocks) noexcept {
        __m128i a0, a1, a2;
        load(st, a0, a1, a2);
        const __m128i pad = _mm_setr_epi32(1, 0, 0, 0);
        for (; blocks > 0; --blocks, in += 16) {
            R::rounds(a0, a1, a2);
            a0 = _mm_xor_si128(a0, _mm_loadu_si128(reinterpret_cast<const __m128i*>(in)));
            a1 = _mm_xor_si128(a1, pad);
        }
        store(st, a0, a1, a2);
    }

private:
    // The low 64 bits of lo, the high 64 of hi.
    LWC_ALWAYS_INLINE static __m128i low_half(__m128i lo, __m128i hi) noexcept {
#if LWC_HAS(__AVX2__)
        return _mm_blend_epi32(hi, lo, 0x3);
#else
        return _mm_castpd_si128(_mm_move_sd(_mm_castsi128_pd(hi), _mm_castsi128_pd(lo)));
#endif
    }
    static void load(const xoodoo_state& st, __m128i& a0, __m128i& a1, __m128i& a2) noexcept {
        a0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(st.data()));
        a1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(st.data() + 4));
        a2 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(st.data() + 8));
    }
    static void store(xoodoo_state& st, __m128i a0, __m128i a1, __m128i a2) noexcept {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(st.data()), a0);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(st.data() + 4), a1);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(st.data() + 8), a2);
    }
};

using xoodoo_sse2 = xoodoo_vector<xoodoo_shift_rounds<false>>;
#ifdef LWC_HAVE_XOODOO_AVX2
using xoodoo_avx2 = xoodoo_vector<xoodoo_shift_rounds<true>>;
#endif
#ifdef LWC_HAVE_XOODOO_AVX512
using xoodoo_avx512 = xoodoo_vector<xoodoo_avx512_rounds>;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail

#endif
