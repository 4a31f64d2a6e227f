// SPDX-License-Identifier: MIT
// ascon_bi32's rounds in Thumb-2 assembly for ARMv7-M and later (Cortex-M3/M4/M7/M33),
// the default Ascon-p there outside builds for size: ascon_bi32's bit-interleaved state
// and lane conversions, the ten 32-bit words in registers for the whole call, 54
// instructions a round (S-box 16 a half with its NOT of x2 folded into ORN, linear layer
// 4 a lane, the constant 2), where gcc 12 -O2 compiles ascon_bi32's loop to 137
// instructions for its two rounds, spilling. On Cortex-M4 at -O2 (QEMU's count, bench/results/2026-11-28-ascon-m4.md):
// Ascon-AEAD128 67 / 41 instructions a byte at 64 / 1024 bytes (ascon_bi32 101 / 55),
// Ascon-Hash256 140 / 92 (211 / 127). The lanes as they are in assembly (no conversion,
// 73 a round) did no better for the AEAD (70 / 41) and worse for ISAP-A and the hash.
// The C form it must equal is ascon_bi32 (the firmware runner checks every round count
// against it on Cortex-M4); every step is logic on public shift amounts: no table, no
// branch on data.
#pragma once

#include "ascon_bi32.hpp"

#if LWC_ARMV7M_ASM
namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

namespace armv7m {

// rounds(state, first): rounds first..11 of the twelve on ascon_bi32's state, lane k's
// even word (word 2k on a little-endian core) in r(2k), its odd word in r(2k + 1).
// r10 and r11 temporaries, lr the state's address. The twelve rounds are unrolled, each
// with its constant as immediates, and a table branch (TBH) enters at the first: a
// loop's constant, count and branch would take 4 instructions a round more.
LWC_ASM_FUNCTION void rounds(ascon_state&, u32) noexcept {
    __asm__(
        ".syntax unified\n"
        "push {r4-r11, lr}\n"
        "mov lr, r0\n"
        "mov r12, r1\n"
        "ldm lr, {r0-r9}\n"
        // p_S on one half of every lane (x0..x4: the registers of one word of each), its
        // final NOT of x2 included. With a0 = x0 ^ x4, a4 = x4 ^ x3, a2 = x2 ^ x1:
        //   y0 = a0 ^ (a2 & ~a1)        ~y2 = a2 ^ (a3 | ~a4)    ~y3 = a3 ^ (a4 | ~a0)
        //   y4 = a4 ^ (a1 & ~y0)        (a1 & ~y0 = a1 & ~a0: where a1 is set, y0 = a0)
        //   y1 = a1 ^ (a3 & ~y2)        (a3 & ~y2 = a3 & ~a2: where a3 is set, ~y2 = ~a2)
        //   x0 = y0 ^ y4, x1 = y1 ^ y0, x2 = ~y2, x3 = ~y3 ^ ~y2 = y3 ^ y2, x4 = y4.
        ".macro lwc_a7_sbox x0, x1, x2, x3, x4\n"
        "eor \\x0, \\x0, \\x4\n"
        "eor \\x4, \\x4, \\x3\n"
        "eor \\x2, \\x2, \\x1\n"
        "orn r10, \\x4, \\x0\n"
        "bic r11, \\x2, \\x1\n"
        "eor \\x0, \\x0, r11\n"
        "orn r11, \\x3, \\x4\n"
        "eor \\x2, \\x2, r11\n"
        "bic r11, \\x1, \\x0\n"
        "eor \\x4, \\x4, r11\n"
        "and r11, \\x3, \\x2\n"
        "eor \\x1, \\x1, r11\n"
        "eor \\x3, \\x3, r10\n"
        "eor \\x1, \\x1, \\x0\n"
        "eor \\x3, \\x3, \\x2\n"
        "eor \\x0, \\x0, \\x4\n"
        ".endm\n"
        // d = s ^ rotr32(w, k) (k = 0: w).
        ".macro lwc_a7_term d, s, w, k\n"
        ".if \\k == 0\n"
        "eor \\d, \\s, \\w\n"
        ".else\n"
        "eor \\d, \\s, \\w, ror #\\k\n"
        ".endif\n"
        ".endm\n"
        // d = s ^ the even (lwc_a7_even) or the odd (lwc_a7_odd) word of rotr64(lane, r),
        // the lane's words e and o: for an even r each word rotated by r / 2; for an odd
        // r the words swap, the even one from o rotated by (r - 1) / 2, the odd one from
        // e by (r + 1) / 2.
        ".macro lwc_a7_even d, s, e, o, r\n"
        ".if \\r % 2\n"
        "lwc_a7_term \\d, \\s, \\o, (\\r-1)/2\n"
        ".else\n"
        "lwc_a7_term \\d, \\s, \\e, \\r/2\n"
        ".endif\n"
        ".endm\n"
        ".macro lwc_a7_odd d, s, e, o, r\n"
        ".if \\r % 2\n"
        "lwc_a7_term \\d, \\s, \\e, (\\r+1)/2\n"
        ".else\n"
        "lwc_a7_term \\d, \\s, \\o, \\r/2\n"
        ".endif\n"
        ".endm\n"
        // p_L on lane (e, o), x ^= rotr(x, a) ^ rotr(x, b), as x ^= rotr(u, a) with
        // u = x ^ rotr(x, b - a) (rotations compose): u's words in r10 and r11, then
        // one XOR a word, 4 instructions a lane.
        ".macro lwc_a7_linear e, o, a, b\n"
        "lwc_a7_even r10, \\e, \\e, \\o, ((\\b-\\a)&63)\n"
        "lwc_a7_odd r11, \\o, \\e, \\o, ((\\b-\\a)&63)\n"
        "lwc_a7_even \\e, \\e, r10, r11, \\a\n"
        "lwc_a7_odd \\o, \\o, r10, r11, \\a\n"
        ".endm\n"
        // Round i: its constant c = 0xf0 - 15 i interleaved (its even bits to x2's even
        // word, its odd bits to the odd word), p_S, p_L.
        ".macro lwc_a7_round i\n"
        ".set lwc_a7_c, 0xf0 - 15 * \\i\n"
        "eor r4, r4, #((lwc_a7_c & 1) | (lwc_a7_c >> 1 & 2) | (lwc_a7_c >> 2 & 4) | (lwc_a7_c >> 3 & 8))\n"
        "eor r5, r5, #((lwc_a7_c >> 1 & 1) | (lwc_a7_c >> 2 & 2) | (lwc_a7_c >> 3 & 4) | (lwc_a7_c >> 4 & 8))\n"
        "lwc_a7_sbox r0, r2, r4, r6, r8\n"
        "lwc_a7_sbox r1, r3, r5, r7, r9\n"
        "lwc_a7_linear r0, r1, 19, 28\n"
        "lwc_a7_linear r2, r3, 61, 39\n"
        "lwc_a7_linear r4, r5, 1, 6\n"
        "lwc_a7_linear r6, r7, 10, 17\n"
        "lwc_a7_linear r8, r9, 7, 41\n"
        ".endm\n"
        "tbh [pc, r12, lsl #1]\n"
        ".Llwc_a7_table:\n"
        ".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\n"
        ".short (.Llwc_a7_round\\i - .Llwc_a7_table) / 2\n"
        ".endr\n"
        ".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\n"
        ".Llwc_a7_round\\i:\n"
        "lwc_a7_round \\i\n"
        ".endr\n"
        "stm lr, {r0-r9}\n"
        "pop {r4-r11, pc}\n"
        ".purgem lwc_a7_sbox\n"
        ".purgem lwc_a7_term\n"
        ".purgem lwc_a7_even\n"
        ".purgem lwc_a7_odd\n"
        ".purgem lwc_a7_linear\n"
        ".purgem lwc_a7_round\n");
}

}  // namespace armv7m

// ascon_bi32 (its state, constants and lane conversions) with the rounds above.
struct ascon_bi32_armv7m : ascon_bi32 {
    static constexpr const char* name = "bi32-armv7m";

    // Ascon-p[Rounds]: the last Rounds of the twelve.
    template <int Rounds>
    static void permute(ascon_state& s) noexcept {
        static_assert(Rounds >= 1 && Rounds <= 12);
        armv7m::rounds(s, 12 - Rounds);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
#endif
