// SPDX-License-Identifier: MIT
// The SPARKLE permutations of six and eight branches in SSE2, which every x86-64 CPU has:
// a branch a 32-bit lane as in sparkle_vector.hpp, but on 128-bit registers, the left half
// of the branches (0..h-1, h = Branches / 2) in one register and the right half (h..2h-1)
// in another, for the x words and for the y words. The linear layer's move of the left
// half into the right is then a renaming, and its rotation of the left half one lane
// shuffle. Alzette runs twice a step (left and right), each on four lanes; the two chains
// are independent, so a step takes about the latency of one, as with AVX2.
//
// Four branches are delegated to sparkle_portable, which the default takes for them
// (sparkle_default_for): as with AVX2, their step is short enough for the scalar code.
// The default takes the scalar code for six branches too, but on AMD cores' targets
// (sparkle_permutation.hpp says why); this code runs there, and in the tests.
#pragma once

#include <cstddef>

#include "sparkle_portable.hpp"
#include "sparkle_spec.hpp"

#if defined(__x86_64__) && defined(__GNUC__)
#include <emmintrin.h>
#define LWC_HAVE_SPARKLE_SSE2 1

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

struct sparkle_sse2 : sparkle_wide_backend<sparkle_sse2> {
    static constexpr const char* name = "sse2";

private:
    friend sparkle_wide_backend<sparkle_sse2>;
    using v4 = __m128i;

    template <std::size_t Branches, std::size_t Steps>
    LWC_ALWAYS_INLINE static void run(sparkle_state<Branches>& st) noexcept {
        constexpr unsigned h = Branches / 2;
        v4 xl, yl, xr, yr;
        load<h>(st.data(), xl, yl);
        load<h>(st.data() + 2 * h, xr, yr);
        const v4 cl = load4(sparkle_constants.data()), cr = load4(sparkle_constants.data() + h);
        yl = _mm_xor_si128(yl, step_constant(0));
        for (std::size_t s = 0; s < Steps; ++s) {
            alzette(xl, yl, cl);
            alzette(xr, yr, cr);
            // The Feistel round and the branch rotation: new left lane i = right lane
            // (i + 1) % h ^ left lane (i + 1) % h ^ ell(XOR of the left lanes of the other
            // word); new right = old left. The next step's constants join the y words here,
            // off the critical path.
            const v4 xl1 = next_in_half<h, 1>(xl), yl1 = next_in_half<h, 1>(yl);
            const v4 tx = ell(horizontal_xor<h>(xl, xl1)), ty = ell(horizontal_xor<h>(yl, yl1));
            const v4 yl1c = s + 1 < Steps ? _mm_xor_si128(yl1, step_constant(s + 1)) : yl1;
            const v4 nxl = xor3(next_in_half<h, 1>(xr), xl1, ty);
            const v4 nyl = xor3(next_in_half<h, 1>(yr), yl1c, tx);
            xr = xl;
            yr = yl;
            xl = nxl;
            yl = nyl;
        }
        store<h>(st.data(), xl, yl);
        store<h>(st.data() + 2 * h, xr, yr);
    }

    // Rotations right: by 16 two word shuffles, by 31 (left by 1) an addition and a shift,
    // else two shifts; each two operations deep.
    template <int R>
    LWC_ALWAYS_INLINE static v4 ror(v4 v) noexcept {
        if constexpr (R == 16)
            return _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, 0xb1), 0xb1);
        else if constexpr (R == 31)
            return _mm_or_si128(_mm_add_epi32(v, v), _mm_srli_epi32(v, 31));
        else
            return _mm_or_si128(_mm_srli_epi32(v, R), _mm_slli_epi32(v, 32 - R));
    }
    LWC_ALWAYS_INLINE static v4 xor3(v4 a, v4 b, v4 c) noexcept {
        return _mm_xor_si128(_mm_xor_si128(a, b), c);
    }
    // ell(t) = rotate16(t ^ (t << 16)) = rotate16(t) ^ (t & 0xffff).
    LWC_ALWAYS_INLINE static v4 ell(v4 t) noexcept {
        return _mm_xor_si128(ror<16>(t), _mm_and_si128(t, _mm_set1_epi32(0xffff)));
    }

    // Alzette on four branches, in the order of sparkle_vector's (the next round's
    // rotated y computed from the old y's and x's rotations, one operation shorter).
    LWC_ALWAYS_INLINE static void alzette(v4& x, v4& y, v4 c) noexcept {
        x = _mm_add_epi32(x, ror<31>(y));
        const v4 ry2 = _mm_xor_si128(ror<17>(y), ror<24 + 17 - 32>(x));
        y = _mm_xor_si128(y, ror<24>(x));
        x = _mm_add_epi32(_mm_xor_si128(x, c), ry2);
        y = _mm_xor_si128(y, ror<17>(x));
        x = _mm_add_epi32(_mm_xor_si128(x, c), y);
        const v4 ry4 = _mm_xor_si128(ror<24>(y), ror<31 + 24 - 32>(x));
        y = _mm_xor_si128(y, ror<31>(x));
        x = _mm_add_epi32(_mm_xor_si128(x, c), ry4);
        y = _mm_xor_si128(y, ror<16>(x));
        x = _mm_xor_si128(x, c);
    }

    // Lane i < h gets lane (i + K) % h; lane 3 of a half of three: don't care.
    template <unsigned h, unsigned K>
    LWC_ALWAYS_INLINE static v4 next_in_half(v4 v) noexcept {
        constexpr auto sel = [](unsigned i) { return i < h ? (i + K) % h : i; };
        // A constant of its own: unoptimized, the lambda's calls are not folded into the
        // immediate the instruction needs.
        constexpr int order = int(sel(0) | sel(1) << 2 | sel(2) << 4 | sel(3) << 6);
        return _mm_shuffle_epi32(v, order);
    }
    // Every lane < h: the XOR of lanes 0..h-1 (v1: v rotated by one lane).
    template <unsigned h>
    LWC_ALWAYS_INLINE static v4 horizontal_xor(v4 v, v4 v1) noexcept {
        const v4 t = xor3(v, v1, next_in_half<h, 2>(v));
        if constexpr (h == 3) return t;
        else return _mm_xor_si128(t, next_in_half<h, 3>(v));
    }

    // Step s's constants in lanes 0 and 1 (y0 and y1).
    LWC_ALWAYS_INLINE static v4 step_constant(std::size_t s) noexcept {
        return _mm_loadl_epi64(reinterpret_cast<const v4*>(&sparkle_step_constants<2>[2 * s]));
    }
    LWC_ALWAYS_INLINE static v4 load4(const u32* p) noexcept {
        return _mm_loadu_si128(reinterpret_cast<const v4*>(p));
    }
    // Branches j..j+h-1 (words x y x y ...) into lanes 0..h-1 of x and y.
    template <unsigned h>
    LWC_ALWAYS_INLINE static void load(const u32* p, v4& x, v4& y) noexcept {
        const __m128 a = _mm_castsi128_ps(load4(p));
        const __m128 b = _mm_castsi128_ps(
            h == 4 ? load4(p + 4) : _mm_loadl_epi64(reinterpret_cast<const v4*>(p + 4)));
        x = _mm_castps_si128(_mm_shuffle_ps(a, b, 0x88));  // words 0, 2 of a, of b
        y = _mm_castps_si128(_mm_shuffle_ps(a, b, 0xdd));  // words 1, 3
    }
    template <unsigned h>
    LWC_ALWAYS_INLINE static void store(u32* p, v4 x, v4 y) noexcept {
        _mm_storeu_si128(reinterpret_cast<v4*>(p), _mm_unpacklo_epi32(x, y));
        const v4 hi = _mm_unpackhi_epi32(x, y);
        if constexpr (h == 4)
            _mm_storeu_si128(reinterpret_cast<v4*>(p + 4), hi);
        else
            _mm_storel_epi64(reinterpret_cast<v4*>(p + 4), hi);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail

#endif
