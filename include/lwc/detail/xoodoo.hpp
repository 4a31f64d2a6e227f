// The Xoodoo[12] permutation on 384 bits: 3 planes of 4 32-bit lanes, lane x of
// plane y at index x + 4y, bytes little-endian. Two interchangeable backends:
//   xoodoo_portable   plain C++ on 12 scalars (any target)
//   xoodoo_avx512     one plane per 128-bit register, rotations with vprold and
//                     every 3-input Boolean function in one vpternlogd (AVX-512VL)
// xoodoo_default is the AVX-512 one where the target has it, else the portable one.
// (On the AMD Zen 5 this is tuned on, vector operations take 2 cycles and the portable
// rounds measure 5-7% faster; on CPUs with 1-cycle vector units, as Intel's with
// AVX-512, the vector rounds should be the faster. Not measured there.)
#pragma once

#include <array>

#include "bytes.hpp"

#if LWC_HAS(__AVX512F__) && LWC_HAS(__AVX512VL__)
#include <immintrin.h>
#define LWC_HAVE_XOODOO_AVX512 1
#endif

namespace lwc::inline LWC_ISA_NS::detail {

using xoodoo_state = std::array<u32, 12>;

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define LWC_XOODOO_PORTABLE_TUNING __attribute__((target("tune=generic")))
#else
#define LWC_XOODOO_PORTABLE_TUNING
#endif

inline constexpr std::array<u32, 12> xoodoo_round_constants = {
    0x058, 0x038, 0x3c0, 0x0d0, 0x120, 0x014, 0x060, 0x02c, 0x380, 0x0f0, 0x1a0, 0x012};

// The state lives in twelve scalars. Rho-west moves plane 1 by one lane and rho-east
// plane 2 by two; instead of moving words, each round writes a lane back into the
// variable it came from and the next round gets the variables in their new order, so
// four rounds bring every variable back to its place. Written this way the rounds
// compile to fast code with gcc and clang at -O2 and -O3 alike (a version on arrays
// relied on gcc -O3's vectorizer: it ran 3x slower at -O2 and 2x slower with clang).
struct xoodoo_portable {
    static constexpr const char* name = "portable";

    static void permute(xoodoo_state& st) noexcept {
        rounds(st.data(), xoodoo_round_constants.data());
    }

private:
    // gcc's tuning for AMD Zen (what -march=native picks there) spills lanes to vector
    // registers, each move between register files taking 3 cycles; generic tuning
    // spills to the stack and runs this 1.4x faster. A function with its own tuning only
    // inlines always-inline callees, hence the raw pointers.
    LWC_XOODOO_PORTABLE_TUNING static void rounds(u32* st, const u32* rc) noexcept {
        u32 a0 = st[0], a1 = st[1], a2 = st[2], a3 = st[3];
        u32 b0 = st[4], b1 = st[5], b2 = st[6], b3 = st[7];
        u32 c0 = st[8], c1 = st[9], c2 = st[10], c3 = st[11];
        for (std::size_t r = 0; r < 12; r += 4) {
            round(a0, a1, a2, a3, b0, b1, b2, b3, c0, c1, c2, c3, rc[r]);
            round(a0, a1, a2, a3, b3, b0, b1, b2, c2, c3, c0, c1, rc[r + 1]);
            round(a0, a1, a2, a3, b2, b3, b0, b1, c0, c1, c2, c3, rc[r + 2]);
            round(a0, a1, a2, a3, b1, b2, b3, b0, c2, c3, c0, c1, rc[r + 3]);
        }
        st[0] = a0, st[1] = a1, st[2] = a2, st[3] = a3;
        st[4] = b0, st[5] = b1, st[6] = b2, st[7] = b3;
        st[8] = c0, st[9] = c1, st[10] = c2, st[11] = c3;
    }

    // Theta's effect on column x: the parity of column x - 1, rotated by 5 and by 14.
    LWC_ALWAYS_INLINE static u32 theta_effect(u32 parity) noexcept {
        return rotl32(parity, 5) ^ rotl32(parity, 14);
    }

    // One round on planes a, b, c, each passed in lane order. Plane 1's column x leaves
    // in the variable of its lane x - 1 and plane 2's in its own, so that the caller can
    // pass them rotated to the next round instead of moving them.
    LWC_ALWAYS_INLINE static void round(u32& a0, u32& a1, u32& a2, u32& a3, u32& b0, u32& b1,
                                        u32& b2, u32& b3, u32& c0, u32& c1, u32& c2, u32& c3,
                                        u32 rc) noexcept {
        const u32 e0 = theta_effect(a3 ^ b3 ^ c3), e1 = theta_effect(a0 ^ b0 ^ c0),
                  e2 = theta_effect(a1 ^ b1 ^ c1), e3 = theta_effect(a2 ^ b2 ^ c2);
        // theta, rho-west (plane 1 shifted by one lane, plane 2 rotated by 11), iota
        const u32 x0 = a0 ^ e0 ^ rc, x1 = a1 ^ e1, x2 = a2 ^ e2, x3 = a3 ^ e3;
        const u32 y0 = b3 ^ e3, y1 = b0 ^ e0, y2 = b1 ^ e1, y3 = b2 ^ e2;
        const u32 z0 = rotl32(c0 ^ e0, 11), z1 = rotl32(c1 ^ e1, 11), z2 = rotl32(c2 ^ e2, 11),
                  z3 = rotl32(c3 ^ e3, 11);
        // chi, then rho-east: plane 1 rotated by 1, plane 2 by 8 (and shifted two lanes)
        a0 = x0 ^ (~y0 & z0), a1 = x1 ^ (~y1 & z1), a2 = x2 ^ (~y2 & z2), a3 = x3 ^ (~y3 & z3);
        b3 = rotl32(y0 ^ (~z0 & x0), 1), b0 = rotl32(y1 ^ (~z1 & x1), 1);
        b1 = rotl32(y2 ^ (~z2 & x2), 1), b2 = rotl32(y3 ^ (~z3 & x3), 1);
        c0 = rotl32(z0 ^ (~x0 & y0), 8), c1 = rotl32(z1 ^ (~x1 & y1), 8);
        c2 = rotl32(z2 ^ (~x2 & y2), 8), c3 = rotl32(z3 ^ (~x3 & y3), 8);
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
