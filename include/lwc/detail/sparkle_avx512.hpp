// The SPARKLE permutations with AVX-512 (F + VL) on 128/256-bit vectors: every branch
// in a lane of its own, the x words in one vector and the y words in another. Alzette
// then runs on all branches at once (vprord rotates, vpternlogd merges XORs), and the
// linear layer is a handful of lane permutations. The scalar code is bound by
// throughput (about 120 operations a step for six branches); this one by the latency
// of one Alzette and the linear layer, about 25 cycles a step on CPUs whose vector
// integer operations take one cycle, whatever the number of branches.
#pragma once

#include <array>
#include <cstddef>

#include "sparkle_spec.hpp"

#if LWC_HAS(__AVX512F__) && LWC_HAS(__AVX512VL__)
#include <immintrin.h>
#define LWC_HAVE_SPARKLE_AVX512 1

namespace lwc::inline LWC_ISA_NS::detail {

struct sparkle_avx512 {
    static constexpr const char* name = "avx512";

    template <std::size_t Branches, std::size_t Steps>
    static void permute(sparkle_state<Branches>& st) noexcept {
        run<Branches, Steps>(st);
    }
    template <std::size_t Branches, std::size_t Steps>
    LWC_ALWAYS_INLINE static void permute_inline(sparkle_state<Branches>& st) noexcept {
        run<Branches, Steps>(st);
    }

private:
    using v8 = __m256i;

    // Step s adds these to y0 and y1.
    static constexpr std::array<u32, 24> step_constants = [] {
        std::array<u32, 24> t{};
        for (std::size_t s = 0; s < 12; ++s) {
            t[2 * s] = sparkle_constants[s % 8];
            t[2 * s + 1] = u32(s);
        }
        return t;
    }();

    // vpternlogd immediates: a ^ b ^ c.
    static constexpr int xor3 = 0x96;

    template <std::size_t Branches, std::size_t Steps>
    LWC_ALWAYS_INLINE static void run(sparkle_state<Branches>& st) noexcept {
        static_assert(Branches == 4 || Branches == 6 || Branches == 8);
        constexpr unsigned h = Branches / 2;
        constexpr __mmask8 used = __mmask8((1u << Branches) - 1), left = __mmask8((1u << h) - 1);
        // Deinterleave x0 y0 x1 y1 ... into the x and y vectors (unused lanes zero).
        const v8 even = _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14);
        const v8 odd = _mm256_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15);
        v8 lo = _mm256_maskz_loadu_epi32(__mmask8(used_words_lo<Branches>()), st.data());
        v8 hi = _mm256_maskz_loadu_epi32(__mmask8(used_words_hi<Branches>()), st.data() + 8);
        v8 x = _mm256_permutex2var_epi32(lo, even, hi);
        v8 y = _mm256_permutex2var_epi32(lo, odd, hi);
        const v8 c = _mm256_maskz_loadu_epi32(used, sparkle_constants.data());
        const v8 moved_from = new_left_from_right<h>();
        y = _mm256_xor_si256(y, step_constant(0));
        for (std::size_t s = 0; s < Steps; ++s) {
            alzette(x, y, c);
            // The Feistel round: tx from the left x words goes into the y words, ty
            // from the left y words into the x words; the next step's constants join
            // the y words there, off the critical path.
            const v8 x1 = next_in_half<h, 1>(x), y1 = next_in_half<h, 1>(y);
            const v8 tx = ell(horizontal_xor<h>(x, x1));
            const v8 ty = ell(horizontal_xor<h>(y, y1));
            const v8 y1c = s + 1 < Steps ? _mm256_xor_si256(y1, step_constant(s + 1)) : y1;
            x = _mm256_mask_ternarylogic_epi32(_mm256_permutexvar_epi32(moved_from, x), left, x1,
                                               ty, xor3);
            y = _mm256_mask_ternarylogic_epi32(_mm256_permutexvar_epi32(moved_from, y), left, y1c,
                                               tx, xor3);
        }
        const v8 lo_idx = _mm256_setr_epi32(0, 8, 1, 9, 2, 10, 3, 11);
        const v8 hi_idx = _mm256_setr_epi32(4, 12, 5, 13, 6, 14, 7, 15);
        lo = _mm256_permutex2var_epi32(x, lo_idx, y);
        hi = _mm256_permutex2var_epi32(x, hi_idx, y);
        _mm256_mask_storeu_epi32(st.data(), __mmask8(used_words_lo<Branches>()), lo);
        _mm256_mask_storeu_epi32(st.data() + 8, __mmask8(used_words_hi<Branches>()), hi);
    }

    template <std::size_t Branches>
    static constexpr unsigned used_words_lo() { return 2 * Branches >= 8 ? 0xff : (1u << 2 * Branches) - 1; }
    template <std::size_t Branches>
    static constexpr unsigned used_words_hi() { return 2 * Branches <= 8 ? 0 : (1u << (2 * Branches - 8)) - 1; }

    // Step s's constants in lanes 0 and 1 (y0 and y1).
    LWC_ALWAYS_INLINE static v8 step_constant(std::size_t s) noexcept {
        return _mm256_zextsi128_si256(
            _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&step_constants[2 * s])));
    }

    // Alzette on every branch. Rounds 1 and 3 also compute the next round's rotated y
    // from the rotations of the old y and of x, which is one operation shorter on the
    // critical path than rotating the new y.
    LWC_ALWAYS_INLINE static void alzette(v8& x, v8& y, v8 c) noexcept {
        x = _mm256_add_epi32(x, _mm256_ror_epi32(y, 31));
        const v8 ry2 = _mm256_xor_si256(_mm256_ror_epi32(y, 17), _mm256_ror_epi32(x, 24 + 17));
        y = _mm256_xor_si256(y, _mm256_ror_epi32(x, 24));
        x = _mm256_add_epi32(_mm256_xor_si256(x, c), ry2);
        y = _mm256_xor_si256(y, _mm256_ror_epi32(x, 17));
        x = _mm256_add_epi32(_mm256_xor_si256(x, c), y);
        const v8 ry4 = _mm256_xor_si256(_mm256_ror_epi32(y, 24), _mm256_ror_epi32(x, 31 + 24 - 32));
        y = _mm256_xor_si256(y, _mm256_ror_epi32(x, 31));
        x = _mm256_add_epi32(_mm256_xor_si256(x, c), ry4);
        y = _mm256_xor_si256(y, _mm256_ror_epi32(x, 16));
        x = _mm256_xor_si256(x, c);
    }

    // Lane i of the left half (lanes 0..h-1, all in the low 128 bits) gets lane
    // (i + K) % h: an in-lane shuffle, one cycle. Other lanes: don't care.
    template <unsigned h, unsigned K>
    LWC_ALWAYS_INLINE static v8 next_in_half(v8 v) noexcept {
        constexpr auto sel = [](unsigned i) { return i < h ? (i + K) % h : i; };
        return _mm256_shuffle_epi32(v, int(sel(0) | sel(1) << 2 | sel(2) << 4 | sel(3) << 6));
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
            return _mm256_ternarylogic_epi32(v, v1, (next_in_half<h, 2>(v)), xor3);
        } else {
            return _mm256_xor_si256(_mm256_ternarylogic_epi32(v, v1, (next_in_half<h, 2>(v)), xor3),
                                    next_in_half<h, 3>(v));
        }
    }

    // ell(t) = rotate16(t ^ (t << 16)) = rotate16(t) ^ (t & 0xffff), on every lane.
    LWC_ALWAYS_INLINE static v8 ell(v8 t) noexcept {
        return _mm256_ternarylogic_epi32(_mm256_ror_epi32(t, 16), t, _mm256_set1_epi32(0xffff),
                                         0x78);  // a ^ (b & c)
    }

};

}  // namespace lwc::detail

#endif
