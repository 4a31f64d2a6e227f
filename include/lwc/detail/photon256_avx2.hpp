// SPDX-License-Identifier: MIT
// PHOTON-256, vector backend for AVX2: the state in two 256-bit registers, one cell per
// byte, a row per 64-bit lane: E holds rows 0, 2 | 4, 6 and O rows 1, 3 | 5, 7 (| between
// the 128-bit halves). A round is
//   ShiftRows        one vpshufb per register (a byte rotation in each row),
//   SubCells + MixColumnSerial
//                    table look-ups that give two products each (as the lane code does,
//                    photon_beetle_lanes.hpp): output rows 2q and 2q + 1 are
//                    sum_k T_qk[row k], T_qk[x] = M[2q][k] S(x) | M[2q + 1][k] S(x) << 4.
//                    vpshufb takes one 16-byte table per 128-bit half, so a look-up on E
//                    is right for one row of each half; two look-ups and a blend give
//                    four rows, and for output pair q the four such terms of E and O
//                    (16 look-ups a round for the four pairs) leave four 64-bit partial
//                    sums, which a transposition adds (three shuffles for all four pairs),
//   AddConstant      one XOR on the summed pairs, before they are split into cells again.
// 45 vector operations and 16 table loads a round, 21 of them shuffles (Intel's port 5):
// 66 instructions with the loop's, where photon256_portable's round compiles to 456 (gcc
// 12, -march=x86-64-v3).
// Constant time: vpshufb selects bytes of a register, so no secret forms an address; the
// tables' addresses are fixed. No branch depends on the state.
//
// Between permutations the state stays in its byte form (one 256-bit register), so the
// mode's rate operations are single XORs and extractions.
#pragma once

#include "config.hpp"

#if LWC_HAS(__AVX2__)
#include <immintrin.h>

#include <array>

#include "photon256_spec.hpp"

#define LWC_HAVE_PHOTON256_AVX2 1

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {
namespace photon256 {

struct avx2_tables {
    // lookup[q][h][f]: for output pair q, the look-up on E (h = 0) or O (h = 1) that is
    // right in 64-bit lanes f and f + 2: half L holds T_qk for the row k in lane 2L + f.
    alignas(32) std::array<std::array<std::array<std::array<u8, 32>, 2>, 2>, 4> lookup;
    alignas(32) std::array<std::array<u8, 32>, 2> shift_rows;  // for E, O
    alignas(32) std::array<std::array<u64, 4>, rounds> rc;     // rounds 1-11's, pair form
    alignas(32) std::array<u64, 4> rc0;                        // round 0's, byte form
};

constexpr avx2_tables make_avx2_tables() {
    avx2_tables t{};
    for (int q = 0; q < 4; ++q)
        for (int h = 0; h < 2; ++h)
            for (int f = 0; f < 2; ++f)
                for (int half = 0; half < 2; ++half) {
                    const int k = 2 * (2 * half + f) + h;  // the row in lane 2 half + f
                    for (int x = 0; x < 16; ++x) t.lookup[q][h][f][16 * half + x] = sub_mix_pair(q, k, x);
                }
    for (int h = 0; h < 2; ++h)
        for (int lane = 0; lane < 4; ++lane) {
            const int k = 2 * lane + h;  // ShiftRows: row k moves left by k cells
            for (int j = 0; j < cells; ++j)
                t.shift_rows[h][8 * lane + j] = u8(8 * (lane % 2) + (j + k) % cells);
        }
    for (int r = 0; r < rounds; ++r)
        for (int q = 0; q < 4; ++q)
            t.rc[r][q] = round_constant(r, 2 * q) | round_constant(r, 2 * q + 1) << 4;
    for (int q = 0; q < 4; ++q)  // cell (2q, 0) is nibble 0 of byte 8q, (2q + 1, 0) of 8q + 4
        t.rc0[q] = round_constant(0, 2 * q) | u64(round_constant(0, 2 * q + 1)) << 32;
    return t;
}
inline constexpr avx2_tables avx2_constants = make_avx2_tables();

// The rate words as the low 16 bytes of a vector, and the first N bytes of one as words
// (shared with photon256_avx512).
LWC_ALWAYS_INLINE __m128i rate_vector(const rate_words& w) noexcept {
    return _mm_set_epi64x(static_cast<long long>(w[1]), static_cast<long long>(w[0]));
}
template <std::size_t N>
LWC_ALWAYS_INLINE rate_words rate_of(__m128i bytes) noexcept {
    static_assert(N == 4 || N == 16);
    if constexpr (N == 4) return {static_cast<u32>(_mm_cvtsi128_si32(bytes)), 0};
    else return {static_cast<u64>(_mm_cvtsi128_si64(bytes)), static_cast<u64>(_mm_extract_epi64(bytes, 1))};
}

LWC_ALWAYS_INLINE __m256i load256(const void* p) noexcept {
    return _mm256_load_si256(static_cast<const __m256i*>(p));
}

// Output pair q's four partial sums (64-bit lanes) from the cells of E and O.
LWC_ALWAYS_INLINE __m256i mix_terms(const avx2_tables& c, int q, __m256i e, __m256i o) noexcept {
    const auto& t = c.lookup[q];
    const __m256i te = _mm256_blend_epi32(_mm256_shuffle_epi8(load256(&t[0][0]), e),
                                          _mm256_shuffle_epi8(load256(&t[0][1]), e), 0xcc);
    const __m256i to = _mm256_blend_epi32(_mm256_shuffle_epi8(load256(&t[1][0]), o),
                                          _mm256_shuffle_epi8(load256(&t[1][1]), o), 0xcc);
    return _mm256_xor_si256(te, to);
}

// The sums of the four 64-bit lanes of a, b, c, d, in lanes 0, 1, 2, 3.
LWC_ALWAYS_INLINE __m256i add_lanes(__m256i a, __m256i b) noexcept {
    // [a0 + a1, b0 + b1 | a2 + a3, b2 + b3]
    const __m256i swapped = _mm256_shuffle_epi32(_mm256_blend_epi32(b, a, 0xcc), 0x4e);
    return _mm256_xor_si256(_mm256_blend_epi32(a, b, 0xcc), swapped);
}
LWC_ALWAYS_INLINE __m256i add_lanes(__m256i a, __m256i b, __m256i c, __m256i d) noexcept {
    const __m256i ab = add_lanes(a, b), cd = add_lanes(c, d);
    return _mm256_xor_si256(_mm256_blend_epi32(ab, cd, 0xf0), _mm256_permute2x128_si256(ab, cd, 0x21));
}

}  // namespace photon256

struct photon256_avx2 {
    static constexpr const char* name = "avx2";
    struct state {
        __m256i bytes;
    };

    static state load(const u8* in) noexcept {
        return {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in))};
    }
    static void store(const state& s, u8* out) noexcept {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), s.bytes);
    }

    // The first N bytes (the rate): N = 4 or 16.
    // (The words beyond N bytes are zero.)
    template <std::size_t N>
    static void add_rate(state& s, const photon256::rate_words& w) noexcept {
        static_assert(N == 4 || N == 16);
        s.bytes = _mm256_xor_si256(s.bytes, _mm256_zextsi128_si256(photon256::rate_vector(w)));
    }
    template <std::size_t N>
    static photon256::rate_words extract_rate(const state& s) noexcept {
        return photon256::rate_of<N>(_mm256_castsi256_si128(s.bytes));
    }

    static void permute(state& s) noexcept {
        using namespace photon256;
        const avx2_tables* c = &avx2_constants;
        const __m256i low = _mm256_set1_epi8(0x0f);
        // Bytes to cells: E = rows 0, 2 | 4, 6 and O = rows 1, 3 | 5, 7, a cell a byte.
        const __m256i x = _mm256_xor_si256(s.bytes, load256(&c->rc0));
        const __m256i lo = _mm256_and_si256(x, low), hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), low);
        const __m256i rows01 = _mm256_unpacklo_epi8(lo, hi), rows23 = _mm256_unpackhi_epi8(lo, hi);
        __m256i e = _mm256_unpacklo_epi64(rows01, rows23), o = _mm256_unpackhi_epi64(rows01, rows23);
        __m256i w;  // output pair q in lane q: row 2q in the low nibbles, 2q + 1 in the high
        for (int r = 0;; ++r) {
            // The tables are read in every round, as memory operands: held in registers,
            // their 20 vectors would not fit beside the state.
            c = value_barrier(c);
            e = _mm256_shuffle_epi8(e, load256(&c->shift_rows[0]));
            o = _mm256_shuffle_epi8(o, load256(&c->shift_rows[1]));
            w = add_lanes(mix_terms(*c, 0, e, o), mix_terms(*c, 1, e, o), mix_terms(*c, 2, e, o),
                          mix_terms(*c, 3, e, o));
            if (r == rounds - 1) break;
            w = _mm256_xor_si256(w, load256(&c->rc[r + 1]));
            e = _mm256_and_si256(w, low);
            o = _mm256_and_si256(_mm256_srli_epi16(w, 4), low);
        }
        // Cells to bytes: 4 bytes a row, then rows in order ([0, 2, 1, 3 | 4, 6, 5, 7]).
        const __m256i pairs = _mm256_set1_epi16(0x1001);
        const __m256i even = _mm256_maddubs_epi16(_mm256_and_si256(w, low), pairs);
        const __m256i odd = _mm256_maddubs_epi16(_mm256_and_si256(_mm256_srli_epi16(w, 4), low), pairs);
        s.bytes = _mm256_shuffle_epi32(_mm256_packus_epi16(even, odd), 0xd8);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail

#endif
