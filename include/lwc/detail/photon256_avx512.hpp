// SPDX-License-Identifier: MIT
// PHOTON-256, vector backend for AVX-512 with VBMI (vpermb) and GFNI: the whole state
// in one 512-bit register, one cell per byte (byte 8i + j = cell (i, j), so row i is
// 64-bit lane i). A round is
//   SubCells         vpshufb with the S-box in every 128-bit lane (a register shuffle),
//   ShiftRows + MixColumnSerial
//                    out row i = sum over the distance d of M[i][i+d] * (row i+d shifted):
//                    per d one vpermb (ShiftRows and the row rotation as one fixed byte
//                    permutation) and one vgf2p8affineqb (lane i multiplied by the constant
//                    M[i][i+d], as an 8 x 8 bit matrix acting on the low nibble),
//   AddConstant      folded into the three-input XORs (vpternlogq) that sum the 8 terms.
// Constant time: every step is a register operation with a fixed shuffle pattern or
// matrix; the S-box look-up reads a register, not memory. The 8 products are independent,
// so a round's latency is one shuffle, one permutation, one affine product and two XORs.
#pragma once

#include "config.hpp"

#if LWC_HAS(__AVX512F__) && LWC_HAS(__AVX512BW__) && LWC_HAS(__AVX512VL__) && \
    LWC_HAS(__AVX512VBMI__) && LWC_HAS(__GFNI__)
#include <immintrin.h>

#include <array>

#include "photon256_avx2.hpp"
#include "photon256_spec.hpp"

#define LWC_HAVE_PHOTON256_AVX512 1

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {
namespace photon256 {

struct avx512_tables {
    alignas(64) std::array<std::array<u8, 64>, cells> route;   // per distance d
    alignas(64) std::array<std::array<u64, 8>, cells> mul;     // per distance d, per row
    alignas(64) std::array<std::array<u64, 8>, rounds + 1> rc;  // per round; rc[12] = 0
    alignas(64) std::array<u8, 64> sbox;  // in every 128-bit lane
};

// The vgf2p8affineqb matrix of x -> c * x on the low nibble of a byte: output bit t is
// the parity of (byte 7 - t of the matrix) AND x.
constexpr u64 gf16_mul_matrix(u8 c) {
    u64 m = 0;
    for (int t = 0; t < 4; ++t) {
        u64 row = 0;
        for (int b = 0; b < 4; ++b) row |= u64((gf16_mul(c, u8(1 << b)) >> t) & 1) << b;
        m |= row << (8 * (7 - t));
    }
    return m;
}

constexpr avx512_tables make_avx512_tables() {
    avx512_tables t{};
    for (int d = 0; d < cells; ++d)
        for (int i = 0; i < cells; ++i) {
            const int k = (i + d) % cells;  // the source row
            for (int j = 0; j < cells; ++j) t.route[d][8 * i + j] = u8(8 * k + (j + k) % cells);
            t.mul[d][i] = gf16_mul_matrix(mix_matrix[i][k]);
        }
    for (int r = 0; r < rounds; ++r)
        for (int i = 0; i < cells; ++i) t.rc[r][i] = round_constant(r, i);
    for (int i = 0; i < 64; ++i) t.sbox[i] = sbox[i % 16];
    return t;
}
inline constexpr avx512_tables avx512_constants = make_avx512_tables();

LWC_ALWAYS_INLINE __m512i load512(const void* p) noexcept { return _mm512_load_si512(p); }

// The masked (maskz) forms with a full mask compile to the plain instructions; the plain
// intrinsics trip GCC 12's -Wuninitialized on their undefined pass-through operand.
LWC_ALWAYS_INLINE __m512i permute_bytes(__m512i index, __m512i x) noexcept {
    return _mm512_maskz_permutexvar_epi8(~__mmask64(0), index, x);
}

LWC_ALWAYS_INLINE __m512i xor3(__m512i a, __m512i b, __m512i c) noexcept {
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

// One round from SubCells on, plus the next round's AddConstant.
LWC_ALWAYS_INLINE __m512i round_avx512(const avx512_tables& c, __m512i x, __m512i sboxes,
                                       __m512i next_rc) noexcept {
    const __m512i t = _mm512_shuffle_epi8(sboxes, x);
    __m512i m[cells];
    for (int d = 0; d < cells; ++d)
        m[d] = _mm512_gf2p8affine_epi64_epi8(permute_bytes(load512(&c.route[d]), t),
                                             load512(&c.mul[d]), 0);
    return xor3(xor3(m[0], m[1], m[2]), xor3(m[3], m[4], m[5]), xor3(m[6], m[7], next_rc));
}

// 32 bytes (two cells each) <-> 64 bytes (one cell each), and the same for the first
// N bytes only (the rate).
LWC_ALWAYS_INLINE __m512i spread_cells(__m512i words) noexcept {
    return _mm512_and_si512(_mm512_or_si512(words, _mm512_slli_epi16(words, 4)),
                            _mm512_set1_epi16(0x0f0f));
}
LWC_ALWAYS_INLINE __m256i join_cells(__m512i x) noexcept {
    const __m512i words = _mm512_or_si512(x, _mm512_srli_epi16(x, 4));
    return _mm512_maskz_cvtepi16_epi8(~__mmask32(0), words);  // the low byte of each word
}

}  // namespace photon256

struct photon256_avx512 {
    static constexpr const char* name = "avx512";
    struct state {
        __m512i cells;
    };

    static state load(const u8* in) noexcept {
        const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in));
        return {photon256::spread_cells(_mm512_cvtepu8_epi16(bytes))};
    }
    static void store(const state& s, u8* out) noexcept {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), photon256::join_cells(s.cells));
    }

    // The first N bytes (the rate): N = 4 or 16.
    template <std::size_t N>
    static void add_rate(state& s, const photon256::rate_words& w) noexcept {
        static_assert(N == 4 || N == 16);
        const __m128i bytes = photon256::rate_vector(w);
        constexpr __mmask32 rate_bytes = (1u << N) - 1;  // one 16-bit word (2 cells) per byte
        const __m512i words = _mm512_maskz_cvtepu8_epi16(rate_bytes, _mm256_castsi128_si256(bytes));
        s.cells = _mm512_xor_si512(s.cells, photon256::spread_cells(words));
    }
    template <std::size_t N>
    static photon256::rate_words extract_rate(const state& s) noexcept {
        return photon256::rate_of<N>(_mm256_castsi256_si128(photon256::join_cells(s.cells)));
    }

    static void permute(state& s) noexcept {
        using namespace photon256;
        const avx512_tables* c = &avx512_constants;
        const __m512i sboxes = load512(&c->sbox);
        __m512i x = _mm512_xor_si512(s.cells, load512(&c->rc[0]));
        for (int r = 0; r < rounds; ++r) {
            // The tables are read in every round, as memory operands of the instructions
            // that use them: hoisted out of the loop, their 16 vectors did not fit in the
            // registers beside the mode's, and gcc 12 copied them to the stack (a 2 KiB
            // frame for the AEAD kernel). This costs about 6% at 4 KiB on AMD Zen 5
            // (gcc 12, three runs of 5.6-6.1%); an out-of-line permutation, the other
            // way to a small frame, cost 9.6%.
            c = value_barrier(c);
            x = round_avx512(*c, x, sboxes, load512(&c->rc[r + 1]));
        }
        s.cells = x;
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail

#endif
