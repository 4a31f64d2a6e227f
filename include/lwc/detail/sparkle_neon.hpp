// SPDX-License-Identifier: MIT
// The SPARKLE permutations with NEON (AArch64, little-endian) for six and eight branches:
// the layout of sparkle_vector (a branch a lane, x and y words apart), on 128-bit
// registers: the left half's branches in one register, the right half's in another, for
// each of x and y. Alzette runs on the four registers (a rotation is a shift and a
// shift-and-insert, SHL and SRI; by 16 a REV32 of halfwords, by 24 a TBL of bytes), and
// the linear layer is lane rotations within a half (EXT, or TBL for three lanes) and
// XORs; the branch rotation is a renaming. 73 and 72 instructions a step for six and
// eight branches, where sparkle_portable's loop (its rotations folded into EOR, not into
// ADD) takes 116 and 186 (the loop bodies in objdump, gcc 12 -O2). Four branches delegate
// to sparkle_portable, which every target's default takes for them
// (sparkle_permutation.hpp).
// Counted, not timed (no AArch64 core here to time it on). Additions, rotations and XORs
// by public amounts only: no table lookup by data, no branch on data (TBL's indices are
// constants).
#pragma once

#include <array>
#include <cstddef>

#include "sparkle_portable.hpp"
#include "sparkle_spec.hpp"

#if defined(__aarch64__) && defined(__ARM_NEON) && !defined(__ARM_BIG_ENDIAN)
#include <arm_neon.h>
#define LWC_HAVE_SPARKLE_NEON 1

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

struct sparkle_neon : sparkle_wide_backend<sparkle_neon> {
    static constexpr const char* name = "neon";

private:
    friend sparkle_wide_backend<sparkle_neon>;
    using v4 = uint32x4_t;

    // Rotations right by R: whole bytes a TBL (bytes24: the indices of a rotation by 24),
    // 16 a REV32 of halfwords, others a shift and a shift-and-insert.
    template <int R>
    LWC_ALWAYS_INLINE static v4 ror(v4 v, uint8x16_t bytes24) noexcept {
        if constexpr (R == 16) {
            return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(v)));
        } else if constexpr (R == 24) {
            return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), bytes24));
        } else {
            return vsriq_n_u32(vshlq_n_u32(v, 32 - R), v, R);
        }
    }

    LWC_ALWAYS_INLINE static void alzette(v4& x, v4& y, v4 c, uint8x16_t b24) noexcept {
        x = vaddq_u32(x, ror<31>(y, b24)), y = veorq_u32(y, ror<24>(x, b24)), x = veorq_u32(x, c);
        x = vaddq_u32(x, ror<17>(y, b24)), y = veorq_u32(y, ror<17>(x, b24)), x = veorq_u32(x, c);
        x = vaddq_u32(x, y), y = veorq_u32(y, ror<31>(x, b24)), x = veorq_u32(x, c);
        x = vaddq_u32(x, ror<24>(y, b24)), y = veorq_u32(y, ror<16>(x, b24)), x = veorq_u32(x, c);
    }

    // Lane i of a half gets lane (i + 1) mod h (lanes at and past h: anything).
    template <std::size_t h>
    LWC_ALWAYS_INLINE static v4 next(v4 v, uint8x16_t next3) noexcept {
        if constexpr (h == 4) return vextq_u32(v, v, 1);
        else return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), next3));
    }
    // ell of the XOR of a half's h lanes, in every lane below h (v1 = next(v)).
    template <std::size_t h>
    LWC_ALWAYS_INLINE static v4 ell_of_sum(v4 v, v4 v1, uint8x16_t next3) noexcept {
        v4 t = veorq_u32(v, v1);
        if constexpr (h == 4) t = veorq_u32(t, vextq_u32(t, t, 2));
        else t = veorq_u32(t, next<h>(v1, next3));
        t = veorq_u32(t, vshlq_n_u32(t, 16));
        return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(t)));
    }

    template <std::size_t Branches, std::size_t Steps>
    LWC_ALWAYS_INLINE static void run(sparkle_state<Branches>& st) noexcept {
        static_assert(Branches == 6 || Branches == 8);
        static_assert(Steps <= 12);
        constexpr std::size_t h = Branches / 2;
        // Branches 0..3 and Branches - 4 .. Branches - 1 (x words apart from y words);
        // the right half's first branch, h, is lane 4 - h of the second.
        const uint32x4x2_t lo = vld2q_u32(st.data());
        const uint32x4x2_t hi = vld2q_u32(st.data() + 2 * (Branches - 4));
        v4 xl = lo.val[0], yl = lo.val[1];
        v4 xr = vextq_u32(hi.val[0], hi.val[0], 4 - h), yr = vextq_u32(hi.val[1], hi.val[1], 4 - h);
        static constexpr u8 rot24[16] = {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};
        static constexpr u8 rot_lanes3[16] = {4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 12, 13, 14, 15};
        const uint8x16_t b24 = vld1q_u8(rot24), next3 = vld1q_u8(rot_lanes3);
        const v4 cl = vld1q_u32(sparkle_constants.data());
        const v4 cr = vld1q_u32(sparkle_constants.data() + h);
        for (std::size_t s = 0; s < Steps; ++s) {
            yl = veorq_u32(yl, vld1q_u32(sparkle_step_constants<4>.data() + 4 * s));  // y0, y1
            alzette(xl, yl, cl, b24);
            alzette(xr, yr, cr, b24);
            // The Feistel round (sparkle_portable::linear_layer): new left lane i =
            // right_(i+1) ^ left_(i+1) ^ ell(sum of the other word's left half); new
            // right = old left.
            const v4 xl1 = next<h>(xl, next3), yl1 = next<h>(yl, next3);
            const v4 tx = ell_of_sum<h>(xl, xl1, next3), ty = ell_of_sum<h>(yl, yl1, next3);
            const v4 nx = veorq_u32(next<h>(veorq_u32(xr, xl), next3), ty);
            const v4 ny = veorq_u32(next<h>(veorq_u32(yr, yl), next3), tx);
            xr = xl, yr = yl;
            xl = nx, yl = ny;
        }
        if constexpr (h == 4) {
            vst2q_u32(st.data(), uint32x4x2_t{{xl, yl}});
            vst2q_u32(st.data() + 8, uint32x4x2_t{{xr, yr}});
        } else {  // branches 0, 1; then 2..5 (lane 0 of the second from the left half)
            vst2_u32(st.data(), uint32x2x2_t{{vget_low_u32(xl), vget_low_u32(yl)}});
            const v4 x25 = vcopyq_laneq_u32(vextq_u32(xr, xr, 3), 0, xl, 2);
            const v4 y25 = vcopyq_laneq_u32(vextq_u32(yr, yr, 3), 0, yl, 2);
            vst2q_u32(st.data() + 4, uint32x4x2_t{{x25, y25}});
        }
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
#endif
