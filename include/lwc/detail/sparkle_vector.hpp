// SPDX-License-Identifier: MIT
// The SPARKLE permutations on 256-bit vectors: every branch in a lane of its own, the x
// words in one vector and the y words in another. Alzette then runs on all branches at
// once, and the linear layer is a handful of lane permutations. The scalar code is bound
// by throughput (about 120 operations a step for six branches, 160 for eight); this one
// by the latency of one Alzette and of the linear layer, whatever the number of branches:
// about 25 cycles a step with AVX-512 (one-instruction rotations and three-way XORs),
// about 30 with AVX2 (rotations by whole bytes are one vpshufb, the others three
// instructions), on CPUs whose vector integer operations take one cycle.
//
// One body (sparkle_vector), two instruction sets (the Ops policies below):
//   sparkle_avx2     AVX2
//   sparkle_avx512   AVX-512F + VL on the same 256-bit vectors (masked loads, vprord,
//                    vpternlogd)
// Lanes: branch j in lane j; the left half (branches 0..h-1, h = Branches/2 <= 4) lies in
// the low 128 bits, so that its rotations and XORs are in-lane shuffles; unused lanes
// carry anything, no used lane ever reads them.
#pragma once

#include <array>
#include <cstddef>

#include "sparkle_spec.hpp"

#if LWC_HAS(__AVX2__)
#include <immintrin.h>
#define LWC_HAVE_SPARKLE_AVX2 1
#if LWC_HAS(__AVX512F__) && LWC_HAS(__AVX512VL__)
#define LWC_HAVE_SPARKLE_AVX512 1
#endif

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

using sparkle_v8 = __m256i;

// Words 0..7 and 8..15 of a state: which exist.
template <std::size_t Branches>
inline constexpr unsigned sparkle_words_lo = 2 * Branches >= 8 ? 0xff : (1u << 2 * Branches) - 1;
template <std::size_t Branches>
inline constexpr unsigned sparkle_words_hi =
    2 * Branches <= 8 ? 0 : (1u << (2 * Branches - 8)) - 1;

struct sparkle_ops_avx2 {
    static constexpr const char* name = "avx2";
    using v8 = sparkle_v8;

    // Rotations right: by whole bytes a byte shuffle, by 31 (left by 1) an addition and
    // a shift, else two shifts; every one of them one or two cycles deep.
    template <int R>
    LWC_ALWAYS_INLINE static v8 ror(v8 v) noexcept {
        if constexpr (R % 8 == 0) {
            constexpr auto b = [](int i) { return char((i & ~3) + (i + R / 8) % 4); };
            const v8 m = _mm256_setr_epi8(b(0), b(1), b(2), b(3), b(4), b(5), b(6), b(7), b(8),
                                          b(9), b(10), b(11), b(12), b(13), b(14), b(15), b(0),
                                          b(1), b(2), b(3), b(4), b(5), b(6), b(7), b(8), b(9),
                                          b(10), b(11), b(12), b(13), b(14), b(15));
            return _mm256_shuffle_epi8(v, m);
        } else if constexpr (R == 31) {
            return _mm256_or_si256(_mm256_add_epi32(v, v), _mm256_srli_epi32(v, 31));
        } else {
            return _mm256_or_si256(_mm256_srli_epi32(v, R), _mm256_slli_epi32(v, 32 - R));
        }
    }
    LWC_ALWAYS_INLINE static v8 xor3(v8 a, v8 b, v8 c) noexcept {
        return _mm256_xor_si256(_mm256_xor_si256(a, b), c);
    }
    // Lanes of Mask: base ^ a ^ b; the others: base.
    template <int Mask>
    LWC_ALWAYS_INLINE static v8 xor_into(v8 base, v8 a, v8 b) noexcept {
        return _mm256_blend_epi32(base, xor3(base, a, b), Mask);
    }
    // ell(t) = rotate16(t ^ (t << 16)) = rotate16(t) ^ (t & 0xffff).
    LWC_ALWAYS_INLINE static v8 ell(v8 t) noexcept {
        return _mm256_xor_si256(ror<16>(t), _mm256_blend_epi16(_mm256_setzero_si256(), t, 0x55));
    }

    // x0 y0 x1 y1 ... into x = (x0 x1 ...) and y = (y0 y1 ...), and back.
    template <std::size_t Branches>
    LWC_ALWAYS_INLINE static void load(const sparkle_state<Branches>& st, v8& x, v8& y) noexcept {
        const v8 split = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
        const v8 a = _mm256_permutevar8x32_epi32(load8(st.data()), split);  // x0-3 y0-3
        if constexpr (Branches == 4) {
            x = a;
            y = _mm256_permute2x128_si256(a, a, 0x11);
        } else {
            const v8 hi = Branches == 8 ? load8(st.data() + 8)
                                        : _mm256_castsi128_si256(_mm_loadu_si128(
                                              reinterpret_cast<const __m128i*>(st.data() + 8)));
            const v8 b = _mm256_permutevar8x32_epi32(hi, split);  // x4-7 y4-7
            x = _mm256_permute2x128_si256(a, b, 0x20);
            y = _mm256_permute2x128_si256(a, b, 0x31);
        }
    }
    template <std::size_t Branches>
    LWC_ALWAYS_INLINE static void store(sparkle_state<Branches>& st, v8 x, v8 y) noexcept {
        const v8 merge = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        store8(st.data(), _mm256_permutevar8x32_epi32(_mm256_permute2x128_si256(x, y, 0x20), merge));
        if constexpr (Branches > 4) {
            const v8 hi = _mm256_permutevar8x32_epi32(_mm256_permute2x128_si256(x, y, 0x31), merge);
            if constexpr (Branches == 8)
                store8(st.data() + 8, hi);
            else
                _mm_storeu_si128(reinterpret_cast<__m128i*>(st.data() + 8),
                                 _mm256_castsi256_si128(hi));
        }
    }

private:
    static v8 load8(const u32* p) noexcept {
        return _mm256_loadu_si256(reinterpret_cast<const v8*>(p));
    }
    static void store8(u32* p, v8 v) noexcept { _mm256_storeu_si256(reinterpret_cast<v8*>(p), v); }
};

#ifdef LWC_HAVE_SPARKLE_AVX512
struct sparkle_ops_avx512 {
    static constexpr const char* name = "avx512";
    using v8 = sparkle_v8;
    static constexpr int xor3_imm = 0x96;  // vpternlogd: a ^ b ^ c

    template <int R>
    LWC_ALWAYS_INLINE static v8 ror(v8 v) noexcept {
        return _mm256_ror_epi32(v, R);
    }
    LWC_ALWAYS_INLINE static v8 xor3(v8 a, v8 b, v8 c) noexcept {
        return _mm256_ternarylogic_epi32(a, b, c, xor3_imm);
    }
    template <int Mask>
    LWC_ALWAYS_INLINE static v8 xor_into(v8 base, v8 a, v8 b) noexcept {
        return _mm256_mask_ternarylogic_epi32(base, __mmask8(Mask), a, b, xor3_imm);
    }
    LWC_ALWAYS_INLINE static v8 ell(v8 t) noexcept {
        return _mm256_ternarylogic_epi32(_mm256_ror_epi32(t, 16), t, _mm256_set1_epi32(0xffff),
                                         0x78);  // a ^ (b & c)
    }

    template <std::size_t Branches>
    LWC_ALWAYS_INLINE static void load(const sparkle_state<Branches>& st, v8& x, v8& y) noexcept {
        const v8 even = _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14);
        const v8 odd = _mm256_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15);
        const v8 lo = _mm256_maskz_loadu_epi32(__mmask8(sparkle_words_lo<Branches>), st.data());
        const v8 hi = _mm256_maskz_loadu_epi32(__mmask8(sparkle_words_hi<Branches>), st.data() + 8);
        x = _mm256_permutex2var_epi32(lo, even, hi);
        y = _mm256_permutex2var_epi32(lo, odd, hi);
    }
    template <std::size_t Branches>
    LWC_ALWAYS_INLINE static void store(sparkle_state<Branches>& st, v8 x, v8 y) noexcept {
        const v8 lo_idx = _mm256_setr_epi32(0, 8, 1, 9, 2, 10, 3, 11);
        const v8 hi_idx = _mm256_setr_epi32(4, 12, 5, 13, 6, 14, 7, 15);
        _mm256_mask_storeu_epi32(st.data(), __mmask8(sparkle_words_lo<Branches>),
                                 _mm256_permutex2var_epi32(x, lo_idx, y));
        _mm256_mask_storeu_epi32(st.data() + 8, __mmask8(sparkle_words_hi<Branches>),
                                 _mm256_permutex2var_epi32(x, hi_idx, y));
    }
};
#endif

template <class Ops>
struct sparkle_vector {
    static constexpr const char* name = Ops::name;

    template <std::size_t Branches, std::size_t Steps>
    static void permute(sparkle_state<Branches>& st) noexcept {
        run<Branches, Steps>(st);
    }
    template <std::size_t Branches, std::size_t Steps>
    LWC_ALWAYS_INLINE static void permute_inline(sparkle_state<Branches>& st) noexcept {
        run<Branches, Steps>(st);
    }

private:
    using v8 = sparkle_v8;

    template <std::size_t Branches, std::size_t Steps>
    LWC_ALWAYS_INLINE static void run(sparkle_state<Branches>& st) noexcept {
        static_assert(Branches == 4 || Branches == 6 || Branches == 8);
        constexpr unsigned h = Branches / 2;
        constexpr int left = (1 << h) - 1;
        v8 x, y;
        Ops::template load<Branches>(st, x, y);
        const v8 c = _mm256_loadu_si256(reinterpret_cast<const v8*>(sparkle_constants.data()));
        const v8 moved_from = new_left_from_right<h>();
        y = _mm256_xor_si256(y, step_constant(0));
        for (std::size_t s = 0; s < Steps; ++s) {
            alzette(x, y, c);
            // The Feistel round: tx from the left x words goes into the y words, ty
            // from the left y words into the x words; the next step's constants join
            // the y words there, off the critical path.
            const v8 x1 = next_in_half<h, 1>(x), y1 = next_in_half<h, 1>(y);
            const v8 tx = Ops::ell(horizontal_xor<h>(x, x1));
            const v8 ty = Ops::ell(horizontal_xor<h>(y, y1));
            const v8 y1c = s + 1 < Steps ? _mm256_xor_si256(y1, step_constant(s + 1)) : y1;
            x = Ops::template xor_into<left>(_mm256_permutevar8x32_epi32(x, moved_from), x1, ty);
            y = Ops::template xor_into<left>(_mm256_permutevar8x32_epi32(y, moved_from), y1c, tx);
        }
        Ops::template store<Branches>(st, x, y);
    }

    // Step s's constants in lanes 0 and 1 (y0 and y1).
    LWC_ALWAYS_INLINE static v8 step_constant(std::size_t s) noexcept {
        return _mm256_zextsi128_si256(
            _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&sparkle_step_constants<2>[2 * s])));
    }

    // Alzette on every branch. Rounds 1 and 3 also compute the next round's rotated y
    // from the rotations of the old y and of x, which is one operation shorter on the
    // critical path than rotating the new y.
    LWC_ALWAYS_INLINE static void alzette(v8& x, v8& y, v8 c) noexcept {
        x = _mm256_add_epi32(x, Ops::template ror<31>(y));
        const v8 ry2 = _mm256_xor_si256(Ops::template ror<17>(y), Ops::template ror<24 + 17 - 32>(x));
        y = _mm256_xor_si256(y, Ops::template ror<24>(x));
        x = _mm256_add_epi32(_mm256_xor_si256(x, c), ry2);
        y = _mm256_xor_si256(y, Ops::template ror<17>(x));
        x = _mm256_add_epi32(_mm256_xor_si256(x, c), y);
        const v8 ry4 = _mm256_xor_si256(Ops::template ror<24>(y), Ops::template ror<31 + 24 - 32>(x));
        y = _mm256_xor_si256(y, Ops::template ror<31>(x));
        x = _mm256_add_epi32(_mm256_xor_si256(x, c), ry4);
        y = _mm256_xor_si256(y, Ops::template ror<16>(x));
        x = _mm256_xor_si256(x, c);
    }

    // Lane i of the left half (lanes 0..h-1, all in the low 128 bits) gets lane
    // (i + K) % h: an in-lane shuffle, one cycle. Other lanes: don't care.
    template <unsigned h, unsigned K>
    LWC_ALWAYS_INLINE static v8 next_in_half(v8 v) noexcept {
        constexpr auto sel = [](unsigned i) { return i < h ? (i + K) % h : i; };
        constexpr int order = int(sel(0) | sel(1) << 2 | sel(2) << 4 | sel(3) << 6);  // see sse2
        return _mm256_shuffle_epi32(v, order);
    }

    // Lane i < h gets lane h + (i + 1) % h; lane h + i gets lane i.
    template <unsigned h>
    LWC_ALWAYS_INLINE static v8 new_left_from_right() noexcept {
        alignas(32) std::array<int, 8> idx{};
        for (unsigned i = 0; i < 8; ++i) idx[i] = int(i < h ? h + (i + 1) % h : i < 2 * h ? i - h : i);
        return _mm256_load_si256(reinterpret_cast<const v8*>(idx.data()));
    }

    // Every left lane: the XOR of the left half's lanes (v1: v rotated by one lane).
    template <unsigned h>
    LWC_ALWAYS_INLINE static v8 horizontal_xor(v8 v, v8 v1) noexcept {
        if constexpr (h == 2) {
            return _mm256_xor_si256(v, v1);
        } else if constexpr (h == 3) {
            return Ops::xor3(v, v1, next_in_half<h, 2>(v));
        } else {
            return _mm256_xor_si256(Ops::xor3(v, v1, next_in_half<h, 2>(v)), next_in_half<h, 3>(v));
        }
    }
};

using sparkle_avx2 = sparkle_vector<sparkle_ops_avx2>;
#ifdef LWC_HAVE_SPARKLE_AVX512
using sparkle_avx512 = sparkle_vector<sparkle_ops_avx512>;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail

#endif
