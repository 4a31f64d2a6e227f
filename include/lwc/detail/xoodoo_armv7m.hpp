// SPDX-License-Identifier: MIT
// Xoodoo[12] in Thumb-2 assembly for ARMv7-M and later (Cortex-M3/M4/M7/M33), the default
// there outside builds for size: the twelve lanes in r0-r11 for the whole call (plane 0
// in r0-r3, plane 1 in r4-r7, plane 2 in r8-r11), 49 instructions a round (theta 24, iota
// 1, chi 24) where gcc 12 -O2 compiles xoodoo_portable's to about 75, spilling.
// Within the rounds no instruction moves or rotates a lane: rho's lane shifts rename
// registers between the unrolled rounds, and its rotations are left pending (planes 1 and
// 2 each carry one rotation, the same for their four lanes, tracked by the assembler) and
// folded into the shifted operand of the next instruction that reads the lane; eight
// rotations after the last round apply what is left. In chi, (~a' & b) = (~a & b) where
// a' = a ^ (~b & c) (where b is set, a' = a), so a is updated in place before b and c.
// The C form it must equal is xoodoo_portable (the firmware runner checks it); XORs,
// ANDs and rotations by constants: no table, no branch on data.
#pragma once

#include "xoodoo_portable.hpp"

#if LWC_ARMV7M_ASM
namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

namespace armv7m {

LWC_ASM_FUNCTION void xoodoo(xoodoo_state&) noexcept {
    __asm__(
        ".syntax unified\n"
        "push {r0, r4-r11, lr}\n"
        "ldm r0, {r0-r11}\n"
        // d = s op rotr(w, k mod 32), op eor or bic (k = 0: w itself).
        ".macro lwc_x7_op op, d, s, w, k\n"
        ".if ((\\k) % 32) == 0\n"
        "\\op \\d, \\s, \\w\n"
        ".else\n"
        "\\op \\d, \\s, \\w, ror #((\\k) % 32)\n"
        ".endif\n"
        ".endm\n"
        // Theta on one column: r12 = its parity (the true lanes: plane 1 is b rotated right
        // by rb, plane 2 c rotated by rc), then lr's effect (rotated right by 27) added.
        ".macro lwc_x7_parity a, b, c, rb, rc\n"
        "lwc_x7_op eor, r12, \\a, \\b, \\rb\n"
        "lwc_x7_op eor, r12, r12, \\c, \\rc\n"
        ".endm\n"
        // The effect of parity p on the next column: rotl(p, 5) ^ rotl(p, 14) =
        // rotr(p ^ rotr(p, 23), 27), kept in lr before its rotation by 27.
        ".macro lwc_x7_effect\n"
        "eor lr, r12, r12, ror #23\n"
        ".endm\n"
        ".macro lwc_x7_apply a, b, c, rb, rc\n"
        "eor \\a, \\a, lr, ror #27\n"
        "lwc_x7_op eor, \\b, \\b, lr, 59 - (\\rb)\n"
        "lwc_x7_op eor, \\c, \\c, lr, 59 - (\\rc)\n"
        ".endm\n"
        // Chi on one column: a ^= ~b & c, b ^= ~c & a, c ^= ~a & b on the true lanes.
        ".macro lwc_x7_chi a, b, c, rb, rc\n"
        "lwc_x7_op bic, r12, \\c, \\b, 32 + (\\rb) - (\\rc)\n"  // ~b & c, rotated by rc
        "lwc_x7_op bic, lr, \\a, \\c, \\rc\n"                   // ~c & a
        "lwc_x7_op eor, \\a, \\a, r12, \\rc\n"
        "lwc_x7_op bic, r12, \\b, \\a, 32 - (\\rb)\n"           // ~a' & b, rotated by rb
        "lwc_x7_op eor, \\b, \\b, lr, 32 - (\\rb)\n"
        "lwc_x7_op eor, \\c, \\c, r12, 32 + (\\rb) - (\\rc)\n"
        ".endm\n"
        // A round with plane 1's lanes in b0..b3 rotated right by rb, plane 2's in c0..c3
        // by rc, its constant rc_i, the later rounds' constants in rest.
        ".macro lwc_x7_rounds rb, rc, b0, b1, b2, b3, c0, c1, c2, c3, rc_i, rest:vararg\n"
        "lwc_x7_parity r3, \\b3, \\c3, \\rb, \\rc\n"
        "lwc_x7_effect\n"
        "lwc_x7_parity r0, \\b0, \\c0, \\rb, \\rc\n"
        "lwc_x7_apply r0, \\b0, \\c0, \\rb, \\rc\n"
        "lwc_x7_effect\n"
        "lwc_x7_parity r1, \\b1, \\c1, \\rb, \\rc\n"
        "lwc_x7_apply r1, \\b1, \\c1, \\rb, \\rc\n"
        "lwc_x7_effect\n"
        "lwc_x7_parity r2, \\b2, \\c2, \\rb, \\rc\n"
        "lwc_x7_apply r2, \\b2, \\c2, \\rb, \\rc\n"
        "lwc_x7_effect\n"
        "lwc_x7_apply r3, \\b3, \\c3, \\rb, \\rc\n"
        "eor r0, r0, #\\rc_i\n"
        // rho-west: plane 1 shifted one lane (b3 b0 b1 b2), plane 2 rotated left by 11.
        "lwc_x7_chi r0, \\b3, \\c0, \\rb, ((\\rc) + 21) % 32\n"
        "lwc_x7_chi r1, \\b0, \\c1, \\rb, ((\\rc) + 21) % 32\n"
        "lwc_x7_chi r2, \\b1, \\c2, \\rb, ((\\rc) + 21) % 32\n"
        "lwc_x7_chi r3, \\b2, \\c3, \\rb, ((\\rc) + 21) % 32\n"
        // rho-east: plane 1 rotated left by 1, plane 2 by 8 and shifted two lanes.
        ".ifnb \\rest\n"
        "lwc_x7_rounds ((\\rb) + 31) % 32, ((\\rc) + 45) % 32, "
        "\\b3, \\b0, \\b1, \\b2, \\c2, \\c3, \\c0, \\c1, \\rest\n"
        ".else\n"
        // After twelve rounds every lane is back in its register; the rotations left.
        ".irp r, \\b0, \\b1, \\b2, \\b3\n"
        "ror \\r, \\r, #(((\\rb) + 31) % 32)\n"
        ".endr\n"
        ".irp r, \\c2, \\c3, \\c0, \\c1\n"
        "ror \\r, \\r, #(((\\rc) + 45) % 32)\n"
        ".endr\n"
        ".endif\n"
        ".endm\n"
        "lwc_x7_rounds 0, 0, r4, r5, r6, r7, r8, r9, r10, r11, 0x058, "
        "0x038, 0x3c0, 0x0d0, 0x120, 0x014, 0x060, 0x02c, 0x380, 0x0f0, 0x1a0, 0x012\n"
        "pop {r12}\n"
        "stm r12, {r0-r11}\n"
        "pop {r4-r11, pc}\n"
        ".purgem lwc_x7_op\n"
        ".purgem lwc_x7_parity\n"
        ".purgem lwc_x7_effect\n"
        ".purgem lwc_x7_apply\n"
        ".purgem lwc_x7_chi\n"
        ".purgem lwc_x7_rounds\n");
}

}  // namespace armv7m

struct xoodoo_armv7m {
    static constexpr const char* name = "armv7m";
    static constexpr bool has_block_loops = false;
    static void permute(xoodoo_state& st) noexcept { armv7m::xoodoo(st); }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
#endif
