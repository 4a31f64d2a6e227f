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

namespace lwc::inline LWC_ISA_NS::detail {

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
// Vector integer operations have a latency of one or two cycles and a single state
// leaves most vector units idle, so the round is arranged for the shortest
// dependency chain (6 operations), not the fewest operations: theta's effect is
// computed directly in the lane-shifted and rotated form rho-west wants, and
// rho-east's rotate-by-8-and-shift-by-two of plane 2 is one byte shuffle.
// It also runs Cyclist's full-block loops with the state held in registers.
struct xoodoo_avx512 {
    static constexpr const char* name = "avx512";

    static void permute(xoodoo_state& st) noexcept {
        __m128i a0, a1, a2;
        load(st, a0, a1, a2);
        rounds(a0, a1, a2);
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
            rounds(a0, a1, a2);
            const __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
            const __m128i x1 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in + 16));
            const __m128i y0 = _mm_xor_si128(a0, x0), y1 = _mm_xor_si128(a1, x1);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out), y0);
            _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 16), y1);
            a0 = Decrypt ? x0 : y0;
            a1 = _mm_xor_si128(Decrypt ? _mm_blend_epi32(a1, x1, 0x3) : y1, pad);
        }
        store(st, a0, a1, a2);
    }

    // Hash-mode Cyclist, `blocks` full 16-byte blocks, each after an Up.
    static void hash_blocks(xoodoo_state& st, const u8* in, std::size_t blocks) noexcept {
        __m128i a0, a1, a2;
        load(st, a0, a1, a2);
        const __m128i pad = _mm_setr_epi32(1, 0, 0, 0);
        for (; blocks > 0; --blocks, in += 16) {
            rounds(a0, a1, a2);
            a0 = _mm_xor_si128(a0, _mm_loadu_si128(reinterpret_cast<const __m128i*>(in)));
            a1 = _mm_xor_si128(a1, pad);
        }
        store(st, a0, a1, a2);
    }

private:
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

    static inline void rounds(__m128i& a0, __m128i& a1, __m128i& a2) noexcept {
        constexpr int xor3 = 0x96, a_xor_notb_and_c = 0xd2;
        constexpr int lane_minus_1 = 0x93, lane_minus_2 = 0x4e;
        // byte 4x+j of the result is byte j-1 (mod 4) of lane x+2 (mod 4)
        const __m128i rho_east_2 = _mm_setr_epi8(11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6);
        for (u32 rc : xoodoo_round_constants) {
            const __m128i p = _mm_ternarylogic_epi32(a0, a1, a2, xor3);
            const __m128i p1 = _mm_shuffle_epi32(p, lane_minus_1);
            const __m128i p2 = _mm_shuffle_epi32(p, lane_minus_2);
            // theta + rho-west + iota
            const __m128i b0 = _mm_ternarylogic_epi32(
                _mm_xor_si128(a0, _mm_cvtsi32_si128(static_cast<int>(rc))), _mm_rol_epi32(p1, 5),
                _mm_rol_epi32(p1, 14), xor3);
            const __m128i b1 = _mm_ternarylogic_epi32(_mm_shuffle_epi32(a1, lane_minus_1),
                                                      _mm_rol_epi32(p2, 5), _mm_rol_epi32(p2, 14), xor3);
            const __m128i b2 = _mm_ternarylogic_epi32(_mm_rol_epi32(a2, 11), _mm_rol_epi32(p1, 16),
                                                      _mm_rol_epi32(p1, 25), xor3);
            // chi + rho-east
            a0 = _mm_ternarylogic_epi32(b0, b1, b2, a_xor_notb_and_c);
            a1 = _mm_rol_epi32(_mm_ternarylogic_epi32(b1, b2, b0, a_xor_notb_and_c), 1);
            a2 = _mm_shuffle_epi8(_mm_ternarylogic_epi32(b2, b0, b1, a_xor_notb_and_c), rho_east_2);
        }
    }
};
using xoodoo_default = xoodoo_avx512;
#else
using xoodoo_default = xoodoo_portable;
#endif

}  // namespace lwc::detail
