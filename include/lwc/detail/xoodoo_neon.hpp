// SPDX-License-Identifier: MIT
// Xoodoo[12] with a plane per 128-bit NEON register (AArch64, little-endian): the round of
// xoodoo_avx2 (xoodoo_vector.hpp), a rotation as a shift and a shift-and-insert (SHL, SRI),
// a lane shift as EXT, chi's ~b & c as BIC, rho-east's byte shuffle as TBL: 29
// instructions a round where the scalar round on 12 registers takes 71 (the loop bodies
// in objdump, gcc 12 -O2). The permutation alone (Cyclist's loops stay the modes' own):
// a call loads and stores the three planes, six instructions against twelve rounds.
#pragma once

#include "xoodoo_spec.hpp"

#if defined(__aarch64__) && defined(__ARM_NEON) && !defined(__ARM_BIG_ENDIAN)
#include <arm_neon.h>
#define LWC_HAVE_XOODOO_NEON 1

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

struct xoodoo_neon {
    static constexpr const char* name = "neon";
    static constexpr bool has_block_loops = false;

    template <int N>
    LWC_ALWAYS_INLINE static uint32x4_t rol(uint32x4_t x) noexcept {
        return vsriq_n_u32(vshlq_n_u32(x, N), x, 32 - N);
    }
    // Lane x <- lane x - 1 (mod 4).
    LWC_ALWAYS_INLINE static uint32x4_t minus_1(uint32x4_t x) noexcept {
        return vextq_u32(x, x, 3);
    }

    static void permute(xoodoo_state& st) noexcept {
        uint32x4_t a0 = vld1q_u32(st.data()), a1 = vld1q_u32(st.data() + 4),
                   a2 = vld1q_u32(st.data() + 8);
        // rho-east's rotation of plane 2 by 8 and its shift by two lanes: byte 4x + j of
        // the result is byte j - 1 (mod 4) of lane x + 2 (mod 4).
        static constexpr u8 east[16] = {11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2, 7, 4, 5, 6};
        const uint8x16_t rho_east = vld1q_u8(east);
        for (u32 rc : xoodoo_round_constants) {
            // theta's column parity effect E, added to each plane before rho-west moves it
            const uint32x4_t p1 = minus_1(veorq_u32(veorq_u32(a0, a2), a1));
            const uint32x4_t e = veorq_u32(rol<5>(p1), rol<14>(p1));
            // theta + rho-west + iota
            const uint32x4_t iota = vsetq_lane_u32(rc, vdupq_n_u32(0), 0);
            const uint32x4_t b0 = veorq_u32(veorq_u32(a0, iota), e);
            const uint32x4_t b1 = minus_1(veorq_u32(a1, e));
            const uint32x4_t b2 = rol<11>(veorq_u32(a2, e));
            // chi (a ^ ~b & c) + rho-east
            a0 = veorq_u32(b0, vbicq_u32(b2, b1));
            a1 = rol<1>(veorq_u32(b1, vbicq_u32(b0, b2)));
            a2 = vreinterpretq_u32_u8(
                vqtbl1q_u8(vreinterpretq_u8_u32(veorq_u32(b2, vbicq_u32(b1, b0))), rho_east));
        }
        vst1q_u32(st.data(), a0);
        vst1q_u32(st.data() + 4, a1);
        vst1q_u32(st.data() + 8, a2);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail

#endif
