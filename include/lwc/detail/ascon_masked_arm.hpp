// SPDX-License-Identifier: MIT
// 2-share masked Ascon (ascon_masked.hpp) in Thumb assembly for Cortex-M, where the
// choice of registers is ours: the C form's barriers stop the compiler from recombining
// shares in its algebra, not from loading share 1 of a value into the register that held
// share 0 of it, and the transition between the two (their Hamming distance, what a
// register leaks when it changes) is the value. The round (ARMv7-M and ARMv6-M forms)
// has the same arithmetic and takes the same random words as round<2>: the shares it
// computes are identical (the firmware runner checks it against the C form); the mode's
// key additions and unmasking have their own functions here.
//
// The rules the code keeps, so that no register and no store unmasks a value in its
// transition (docs/masking.md):
//   - a register holds values of one share (domain) only, and changes within it: any two
//     values of one domain are jointly independent of the secrets;
//   - the AND gadget's cross products (a share of one input and the other share of the
//     other) go into a register that holds a masked value, are masked by the random word
//     before they meet anything else, and are replaced only while masked;
//   - between stores of different domains, a store of a public word to a scratch slot,
//     since a store's data leaks its distance to the previous store's;
//   - on entry the registers a function uses take random words or zeros, on exit zeros
//     (the caller's registers may hold anything).
#pragma once

#include "bytes.hpp"

#if defined(__arm__)
// ARMv7-M: an assembler macro NAME d, s, lo, hi, r, word: d = s ^ the low (word 0) or
// high (word 1) half of rotr64(hi:lo, r), two XORs with shifted operands.
#define LWC_MASKED_ROT64_MACRO(NAME)                                         \
    ".macro " NAME " d, s, lo, hi, r, word\n"                                \
    ".if (\\r < 32) == (\\word == 0)\n"                                      \
    "eor \\d, \\s, \\lo, lsr #(\\r % 32)\n"                                  \
    "eor \\d, \\d, \\hi, lsl #(32 - \\r % 32)\n"                             \
    ".else\n"                                                                \
    "eor \\d, \\s, \\hi, lsr #(\\r % 32)\n"                                  \
    "eor \\d, \\d, \\lo, lsl #(32 - \\r % 32)\n"                             \
    ".endif\n"                                                               \
    ".endm\n"

// ARMv6-M: the same in Thumb-1, NAME d, u, lo, hi, r, word, with u a temporary (shifts
// by an immediate into u, then an XOR).
#define LWC_MASKED_ROT64_V6M_MACRO(NAME)                                     \
    ".macro " NAME " d, u, lo, hi, r, word\n"                                \
    ".if (\\r < 32) == (\\word == 0)\n"                                      \
    "lsrs \\u, \\lo, #(\\r % 32)\n"                                          \
    "eors \\d, \\u\n"                                                        \
    "lsls \\u, \\hi, #(32 - \\r % 32)\n"                                     \
    ".else\n"                                                                \
    "lsrs \\u, \\hi, #(\\r % 32)\n"                                          \
    "eors \\d, \\u\n"                                                        \
    "lsls \\u, \\lo, #(32 - \\r % 32)\n"                                     \
    ".endif\n"                                                               \
    "eors \\d, \\u\n"                                                        \
    ".endm\n"

// p_L on share j of every lane, once a 3-share round's macro lwc_m3_linear i, ra, rb,
// j, REGS... is defined (REGS: "j, registers of share j"); then a public word onto the
// store bus, before the next share's stores.
#define LWC_MASKED_LINEAR3(REGS)                                             \
    "lwc_m3_linear 0, 19, 28, " REGS "\nlwc_m3_linear 1, 61, 39, " REGS "\n"  \
    "lwc_m3_linear 2, 1, 6, " REGS "\nlwc_m3_linear 3, 10, 17, " REGS "\n"    \
    "lwc_m3_linear 4, 7, 41, " REGS "\nlwc_m3_bus\n"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::masked::arm {

// round2(state, c, r): state as 20 words (lane i, share j, half h at word 4i + 2j + h, the
// layout of lane<2>[5] on a little-endian core), c the round constant, r the round's five
// 64-bit random words (r[k] for the AND of ~x[k] and x[k + 1], as round<2> takes them).
#if LWC_HAS(__thumb2__)
// ARMv7-M: r0-r4 share 0 of lanes 0-4, r5-r9 share 1; the gadget's r10 the random
// word, then the domain-0 product; r11 the cross products; r12 the domain-1 product;
// lr the state's address; the random words on the stack.
LWC_ASM_FUNCTION void round2(void*, u32, const void*) noexcept {
    __asm__(
        ".syntax unified\n"
        // Frame: [sp] bus scratch, [sp + 4..16] lanes 0 and 1 after the S-box's ANDs,
        // [sp + 20 + 4k] random word k.
        "push {r4-r11, lr}\n"
        "mov lr, r0\n"
        "ldm r2, {r3-r12}\n"
        "push {r3-r12}\n"
        "sub sp, #20\n"
        // x_acc ^= ~a & b on shares (DOM-indep, random word at [sp + m]).
        ".macro lwc_m2_and acc0, acc1, a0, a1, b0, b1, m\n"
        "ldr r10, [sp, #\\m]\n"
        "bic r11, \\b1, \\a0\n"
        "eor r11, r11, r10\n"
        "eor \\acc0, \\acc0, r11\n"
        "and r11, \\a1, \\b0\n"
        "eor r11, r11, r10\n"
        "eor \\acc1, \\acc1, r11\n"
        "bic r10, \\b0, \\a0\n"
        "eor \\acc0, \\acc0, r10\n"
        "and r12, \\a1, \\b1\n"
        "eor \\acc1, \\acc1, r12\n"
        ".endm\n"
        // The S-box (constant included) on one half (byte offset h) of every lane.
        ".macro lwc_m2_sbox h\n"
        "ldr r2, [lr, #(32 + \\h)]\n"
        ".if \\h == 0\n"
        "eor r2, r2, r1\n"
        ".endif\n"
        "ldr r0, [lr, #(0 + \\h)]\n"
        "ldr r1, [lr, #(16 + \\h)]\n"
        "ldr r3, [lr, #(48 + \\h)]\n"
        "ldr r4, [lr, #(64 + \\h)]\n"
        "ldr r5, [lr, #(8 + \\h)]\n"
        "ldr r6, [lr, #(24 + \\h)]\n"
        "ldr r7, [lr, #(40 + \\h)]\n"
        "ldr r8, [lr, #(56 + \\h)]\n"
        "ldr r9, [lr, #(72 + \\h)]\n"
        "eor r0, r0, r4\n"
        "eor r5, r5, r9\n"
        "eor r4, r4, r3\n"
        "eor r9, r9, r8\n"
        "eor r2, r2, r1\n"
        "eor r7, r7, r6\n"
        // Lanes 0 and 1 as the last two ANDs need them, over the state's words.
        "str lr, [sp]\n"
        "str r0, [lr, #(0 + \\h)]\n"
        "str r1, [lr, #(16 + \\h)]\n"
        "str lr, [sp]\n"
        "str r5, [lr, #(8 + \\h)]\n"
        "str r6, [lr, #(24 + \\h)]\n"
        "lwc_m2_and r0, r5, r1, r6, r2, r7, (28 + \\h)\n"
        "lwc_m2_and r1, r6, r2, r7, r3, r8, (36 + \\h)\n"
        "lwc_m2_and r2, r7, r3, r8, r4, r9, (44 + \\h)\n"
        "str lr, [sp]\n"
        "str r0, [sp, #4]\n"
        "str r1, [sp, #8]\n"
        "str lr, [sp]\n"
        "str r5, [sp, #12]\n"
        "str r6, [sp, #16]\n"
        "ldr r0, [lr, #(0 + \\h)]\n"
        "ldr r1, [lr, #(16 + \\h)]\n"
        "ldr r5, [lr, #(8 + \\h)]\n"
        "ldr r6, [lr, #(24 + \\h)]\n"
        "lwc_m2_and r3, r8, r4, r9, r0, r5, (52 + \\h)\n"
        "lwc_m2_and r4, r9, r0, r5, r1, r6, (20 + \\h)\n"
        "ldr r0, [sp, #4]\n"
        "ldr r1, [sp, #8]\n"
        "ldr r5, [sp, #12]\n"
        "ldr r6, [sp, #16]\n"
        "eor r1, r1, r0\n"
        "eor r6, r6, r5\n"
        "eor r0, r0, r4\n"
        "eor r5, r5, r9\n"
        "eor r3, r3, r2\n"
        "eor r8, r8, r7\n"
        "mvn r2, r2\n"
        "str lr, [sp]\n"
        "str r0, [lr, #(0 + \\h)]\n"
        "str r1, [lr, #(16 + \\h)]\n"
        "str r2, [lr, #(32 + \\h)]\n"
        "str r3, [lr, #(48 + \\h)]\n"
        "str r4, [lr, #(64 + \\h)]\n"
        "str lr, [sp]\n"
        "str r5, [lr, #(8 + \\h)]\n"
        "str r6, [lr, #(24 + \\h)]\n"
        "str r7, [lr, #(40 + \\h)]\n"
        "str r8, [lr, #(56 + \\h)]\n"
        "str r9, [lr, #(72 + \\h)]\n"
        ".endm\n"
        LWC_MASKED_ROT64_MACRO("lwc_m2_rot")
        // p_L on share j of lane i: x ^= rotr(x, ra) ^ rotr(x, rb), in four registers of
        // that share's domain.
        ".macro lwc_m2_linear i, j, ra, rb, lo, hi, tl, th\n"
        "ldr \\lo, [lr, #(16 * \\i + 8 * \\j)]\n"
        "ldr \\hi, [lr, #(16 * \\i + 8 * \\j + 4)]\n"
        "lwc_m2_rot \\tl, \\lo, \\lo, \\hi, \\ra, 0\n"
        "lwc_m2_rot \\tl, \\tl, \\lo, \\hi, \\rb, 0\n"
        "lwc_m2_rot \\th, \\hi, \\lo, \\hi, \\ra, 1\n"
        "lwc_m2_rot \\th, \\th, \\lo, \\hi, \\rb, 1\n"
        "str \\tl, [lr, #(16 * \\i + 8 * \\j)]\n"
        "str \\th, [lr, #(16 * \\i + 8 * \\j + 4)]\n"
        ".endm\n"
        ".macro lwc_m2_linear_share j, lo, hi, tl, th\n"
        "str lr, [sp]\n"
        "lwc_m2_linear 0, \\j, 19, 28, \\lo, \\hi, \\tl, \\th\n"
        "lwc_m2_linear 1, \\j, 61, 39, \\lo, \\hi, \\tl, \\th\n"
        "lwc_m2_linear 2, \\j, 1, 6, \\lo, \\hi, \\tl, \\th\n"
        "lwc_m2_linear 3, \\j, 10, 17, \\lo, \\hi, \\tl, \\th\n"
        "lwc_m2_linear 4, \\j, 7, 41, \\lo, \\hi, \\tl, \\th\n"
        ".endm\n"
        "lwc_m2_sbox 0\n"
        "lwc_m2_sbox 4\n"
        "lwc_m2_linear_share 0, r0, r1, r2, r3\n"
        "lwc_m2_linear_share 1, r5, r6, r7, r8\n"
        ".purgem lwc_m2_and\n"
        ".purgem lwc_m2_sbox\n"
        ".purgem lwc_m2_rot\n"
        ".purgem lwc_m2_linear\n"
        ".purgem lwc_m2_linear_share\n"
        // Zeros into every register and over the frame (the random words, the saved lanes).
        "movs r0, #0\n"
        "movs r1, #0\n"
        "movs r2, #0\n"
        "movs r3, #0\n"
        "movs r4, #0\n"
        "movs r5, #0\n"
        "movs r6, #0\n"
        "movs r7, #0\n"
        "mov r8, r0\n"
        "mov r9, r0\n"
        "mov r10, r0\n"
        "mov r11, r0\n"
        "mov r12, r0\n"
        "stm sp, {r0-r12}\n"
        "str r0, [sp, #52]\n"
        "str r0, [sp, #56]\n"
        "add sp, #60\n"
        "pop {r4-r11, pc}\n");
}

// round3(state, c, r) on ARMv7-M: the same for 3 shares (lane<3>[5]: lane i, share j,
// half h at byte 24i + 8j + 4h; r: fifteen 64-bit words, three per AND in round<3>'s
// order). The rules of round2 hold here too, and with three shares they are what resists
// second order: a register or the store bus that held share 0 of a value and then takes
// share 1 of it leaks the XOR of the two in one sample, which a second sample on share 2
// completes. So each domain has its registers (share j in r{j}, r{3+j}, r{6+j}: the
// AND's operands a and b, which swap roles from one AND to the next, and the lane
// updated), the products pass through zero one at a time in r10, and a public store
// separates stores of different domains. r9 the random word, r11 the random words'
// address, lr the state's, r12 the constant until it is added, then zero.
LWC_ASM_FUNCTION void round3(void*, u32, const void*) noexcept {
    __asm__(
        ".syntax unified\n"
        // Frame: [sp + 12i + 4j] share j of lane i after the S-box's ANDs (a half),
        // [sp + 60] the bus's scratch.
        "push {r4-r11, lr}\n"
        "sub sp, #68\n"
        // Random words first into the registers the caller may have left data in (public
        // data perhaps, which would show in the transition to what comes next), then the
        // arguments and zeros.
        "ldm r2, {r3, r11, r12, lr}\n"
        "mov lr, r0\n"
        "mov r12, r1\n"
        "mov r11, r2\n"
        "movs r3, #0\n"
        ".irp r, r4, r5, r6, r7, r8, r9, r10\n"
        "mov \\r, r3\n"
        ".endr\n"
        // A public word onto the store bus between stores of two domains.
        ".macro lwc_m3_bus\n"
        "str r12, [sp, #60]\n"
        ".endm\n"
        // x0 ^= x4, x4 ^= x3, x2 ^= x1 (and the constant) on share j, half h, in that
        // domain's a and b: they are left holding shares j of x1 and x2, the first AND's.
        ".macro lwc_m3_pre j, h, a, b\n"
        "ldr \\a, [lr, #(0 + 8 * \\j + \\h)]\n"
        "ldr \\b, [lr, #(96 + 8 * \\j + \\h)]\n"
        "eor \\a, \\a, \\b\n"
        "str \\a, [lr, #(0 + 8 * \\j + \\h)]\n"
        "ldr \\a, [lr, #(72 + 8 * \\j + \\h)]\n"
        "eor \\b, \\b, \\a\n"
        "str \\b, [lr, #(96 + 8 * \\j + \\h)]\n"
        "ldr \\a, [lr, #(24 + 8 * \\j + \\h)]\n"
        "ldr \\b, [lr, #(48 + 8 * \\j + \\h)]\n"
        "eor \\b, \\b, \\a\n"
        ".if \\j + \\h == 0\n"
        "eor \\b, \\b, r12\n"
        "mov r12, #0\n"
        ".endif\n"
        "str \\b, [lr, #(48 + 8 * \\j + \\h)]\n"
        "lwc_m3_bus\n"
        ".endm\n"
        // Lane l's three shares (half h) into registers r, s, t.
        ".macro lwc_m3_load l, h, r, s, t\n"
        "ldr \\r, [lr, #(24 * \\l + \\h)]\n"
        "ldr \\s, [lr, #(24 * \\l + 8 + \\h)]\n"
        "ldr \\t, [lr, #(24 * \\l + 16 + \\h)]\n"
        ".endm\n"
        // acc ^= product (op x, y), through r10 from zero and back; masked by r9 first
        // when m.
        ".macro lwc_m3_term acc, op, x, y, m\n"
        "\\op r10, \\x, \\y\n"
        ".if \\m\n"
        "eor r10, r10, r9\n"
        ".endif\n"
        "eor \\acc, \\acc, r10\n"
        "mov r10, r12\n"
        ".endm\n"
        // x_i ^= ~a & b (a in a0-a2, b in b0-b2: loaded), random words 3g..3g+2; the
        // result into the frame.
        ".macro lwc_m3_and i, g, h, a0, a1, a2, b0, b1, b2\n"
        "lwc_m3_load \\i, \\h, r6, r7, r8\n"
        "ldr r9, [r11, #(24 * \\g + \\h)]\n"
        "lwc_m3_term r6, bic, \\b1, \\a0, 1\n"
        "lwc_m3_term r7, and, \\a1, \\b0, 1\n"
        "ldr r9, [r11, #(24 * \\g + 8 + \\h)]\n"
        "lwc_m3_term r6, bic, \\b2, \\a0, 1\n"
        "lwc_m3_term r8, and, \\a2, \\b0, 1\n"
        "ldr r9, [r11, #(24 * \\g + 16 + \\h)]\n"
        "lwc_m3_term r7, and, \\a1, \\b2, 1\n"
        "lwc_m3_term r8, and, \\a2, \\b1, 1\n"
        "lwc_m3_term r6, bic, \\b0, \\a0, 0\n"
        "lwc_m3_term r7, and, \\a1, \\b1, 0\n"
        "lwc_m3_term r8, and, \\a2, \\b2, 0\n"
        "str r6, [sp, #(12 * \\i)]\n"
        "lwc_m3_bus\n"
        "str r7, [sp, #(12 * \\i + 4)]\n"
        "lwc_m3_bus\n"
        "str r8, [sp, #(12 * \\i + 8)]\n"
        "lwc_m3_bus\n"
        ".endm\n"
        // x1 ^= x0, x0 ^= x4, x3 ^= x2, x2 = ~x2 (share 0), from the frame to the state,
        // in share j's a and b.
        ".macro lwc_m3_post j, h, a, b\n"
        "ldr \\a, [sp, #(0 + 4 * \\j)]\n"
        "ldr \\b, [sp, #(12 + 4 * \\j)]\n"
        "eor \\b, \\b, \\a\n"
        "str \\b, [lr, #(24 + 8 * \\j + \\h)]\n"
        "ldr \\b, [sp, #(48 + 4 * \\j)]\n"
        "eor \\a, \\a, \\b\n"
        "str \\a, [lr, #(0 + 8 * \\j + \\h)]\n"
        "str \\b, [lr, #(96 + 8 * \\j + \\h)]\n"
        "ldr \\a, [sp, #(24 + 4 * \\j)]\n"
        "ldr \\b, [sp, #(36 + 4 * \\j)]\n"
        "eor \\b, \\b, \\a\n"
        "str \\b, [lr, #(72 + 8 * \\j + \\h)]\n"
        ".if \\j == 0\n"
        "mvn \\a, \\a\n"
        ".endif\n"
        "str \\a, [lr, #(48 + 8 * \\j + \\h)]\n"
        "lwc_m3_bus\n"
        ".endm\n"
        ".macro lwc_m3_sbox h\n"
        "lwc_m3_pre 0, \\h, r0, r3\n"
        "lwc_m3_pre 1, \\h, r1, r4\n"
        "lwc_m3_pre 2, \\h, r2, r5\n"
        "lwc_m3_and 0, 1, \\h, r0, r1, r2, r3, r4, r5\n"
        "lwc_m3_load 3, \\h, r0, r1, r2\n"
        "lwc_m3_and 1, 2, \\h, r3, r4, r5, r0, r1, r2\n"
        "lwc_m3_load 4, \\h, r3, r4, r5\n"
        "lwc_m3_and 2, 3, \\h, r0, r1, r2, r3, r4, r5\n"
        "lwc_m3_load 0, \\h, r0, r1, r2\n"
        "lwc_m3_and 3, 4, \\h, r3, r4, r5, r0, r1, r2\n"
        "lwc_m3_load 1, \\h, r3, r4, r5\n"
        "lwc_m3_and 4, 0, \\h, r0, r1, r2, r3, r4, r5\n"
        "lwc_m3_post 0, \\h, r0, r3\n"
        "lwc_m3_post 1, \\h, r1, r4\n"
        "lwc_m3_post 2, \\h, r2, r5\n"
        ".endm\n"
        LWC_MASKED_ROT64_MACRO("lwc_m3_rot")
        // p_L on share j of lane i, in share j's registers lo, hi, t.
        ".macro lwc_m3_linear i, ra, rb, j, lo, hi, t\n"
        "ldr \\lo, [lr, #(24 * \\i + 8 * \\j)]\n"
        "ldr \\hi, [lr, #(24 * \\i + 8 * \\j + 4)]\n"
        "lwc_m3_rot \\t, \\lo, \\lo, \\hi, \\ra, 0\n"
        "lwc_m3_rot \\t, \\t, \\lo, \\hi, \\rb, 0\n"
        "str \\t, [lr, #(24 * \\i + 8 * \\j)]\n"
        "lwc_m3_rot \\t, \\hi, \\lo, \\hi, \\ra, 1\n"
        "lwc_m3_rot \\t, \\t, \\lo, \\hi, \\rb, 1\n"
        "str \\t, [lr, #(24 * \\i + 8 * \\j + 4)]\n"
        ".endm\n"
        "lwc_m3_sbox 0\n"
        "lwc_m3_sbox 4\n"
        LWC_MASKED_LINEAR3("0, r0, r3, r6")
        LWC_MASKED_LINEAR3("1, r1, r4, r7")
        LWC_MASKED_LINEAR3("2, r2, r5, r8")
        ".purgem lwc_m3_bus\n"
        ".purgem lwc_m3_pre\n"
        ".purgem lwc_m3_load\n"
        ".purgem lwc_m3_term\n"
        ".purgem lwc_m3_and\n"
        ".purgem lwc_m3_post\n"
        ".purgem lwc_m3_sbox\n"
        ".purgem lwc_m3_rot\n"
        ".purgem lwc_m3_linear\n"
        // Zeros into every register and over the frame.
        "movs r0, #0\n"
        ".irp r, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12\n"
        "mov \\r, r0\n"
        ".endr\n"
        "stm sp, {r0-r12}\n"
        "str r0, [sp, #52]\n"
        "str r0, [sp, #56]\n"
        "str r0, [sp, #60]\n"
        "str r0, [sp, #64]\n"
        "add sp, #68\n"
        "pop {r4-r11, pc}\n");
}
#else
// ARMv6-M (Thumb-1: two-operand logic on r0-r7 only, no shifted operands): the S-box
// one AND at a time, operands loaded as needed. r7 the state's address; r4 zero (a
// public word for the bus); share 0 in r0 (a), r1 (the lane updated) and r6 (the
// random word, then the domain-0 product); share 1 in r2 (a), r3 (the lane updated)
// and r5 (masked cross products, the domain-1 product).
LWC_ASM_FUNCTION void round2(void*, u32, const void*) noexcept {
    __asm__(
        ".syntax unified\n"
        // Frame: [sp] bus scratch, [sp + 4] the constant, [sp + 8 + 8i + 4j] share j of
        // lane i after the S-box's ANDs (one half at a time), [sp + 48 + 4k] random word k.
        "push {r4-r7, lr}\n"
        "sub sp, #88\n"
        "mov r7, r0\n"
        "str r1, [sp, #4]\n"
        ".irp k, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36\n"
        "ldr r3, [r2, #\\k]\n"
        "str r3, [sp, #(48 + \\k)]\n"
        ".endr\n"
        ".irp r, r0, r1, r2, r3, r4, r5, r6\n"
        "movs \\r, #0\n"
        ".endr\n"
        // x0 ^= x4, x4 ^= x3, x2 ^= x1 (and the constant) on share j, half h.
        ".macro lwc_m2_pre j, h, s, t\n"
        "ldr \\s, [r7, #(0 + 8 * \\j + \\h)]\n"
        "ldr \\t, [r7, #(64 + 8 * \\j + \\h)]\n"
        "eors \\s, \\t\n"
        "str \\s, [r7, #(0 + 8 * \\j + \\h)]\n"
        "ldr \\s, [r7, #(48 + 8 * \\j + \\h)]\n"
        "eors \\t, \\s\n"
        "str \\t, [r7, #(64 + 8 * \\j + \\h)]\n"
        "ldr \\s, [r7, #(16 + 8 * \\j + \\h)]\n"
        "ldr \\t, [r7, #(32 + 8 * \\j + \\h)]\n"
        "eors \\t, \\s\n"
        ".if \\j + \\h == 0\n"
        "ldr r6, [sp, #4]\n"
        "eors \\t, r6\n"
        ".endif\n"
        "str \\t, [r7, #(32 + 8 * \\j + \\h)]\n"
        "str r4, [sp]\n"
        ".endm\n"
        // x_i ^= ~x_a & x_b on shares (DOM-indep, random word g), into the frame.
        ".macro lwc_m2_and i, a, b, g, h\n"
        "ldr r6, [sp, #(48 + 8 * \\g + \\h)]\n"
        "ldr r0, [r7, #(16 * \\a + \\h)]\n"
        "ldr r2, [r7, #(16 * \\a + 8 + \\h)]\n"
        "ldr r1, [r7, #(16 * \\i + \\h)]\n"
        "ldr r3, [r7, #(16 * \\i + 8 + \\h)]\n"
        "ldr r5, [r7, #(16 * \\b + 8 + \\h)]\n"
        "bics r5, r0\n"
        "eors r5, r6\n"
        "eors r1, r5\n"
        "ldr r5, [r7, #(16 * \\b + \\h)]\n"
        "ands r5, r2\n"
        "eors r5, r6\n"
        "eors r3, r5\n"
        "ldr r6, [r7, #(16 * \\b + \\h)]\n"
        "bics r6, r0\n"
        "eors r1, r6\n"
        "ldr r5, [r7, #(16 * \\b + 8 + \\h)]\n"
        "ands r5, r2\n"
        "eors r3, r5\n"
        "str r1, [sp, #(8 + 8 * \\i)]\n"
        "str r4, [sp]\n"
        "str r3, [sp, #(12 + 8 * \\i)]\n"
        "str r4, [sp]\n"
        ".endm\n"
        // x1 ^= x0, x0 ^= x4, x3 ^= x2, x2 = ~x2 (share 0) from the frame to the state.
        ".macro lwc_m2_post j, h, s, t\n"
        "ldr \\s, [sp, #(8 + 4 * \\j)]\n"
        "ldr \\t, [sp, #(16 + 4 * \\j)]\n"
        "eors \\t, \\s\n"
        "str \\t, [r7, #(16 + 8 * \\j + \\h)]\n"
        "ldr \\t, [sp, #(40 + 4 * \\j)]\n"
        "eors \\s, \\t\n"
        "str \\s, [r7, #(0 + 8 * \\j + \\h)]\n"
        "str \\t, [r7, #(64 + 8 * \\j + \\h)]\n"
        "ldr \\s, [sp, #(24 + 4 * \\j)]\n"
        "ldr \\t, [sp, #(32 + 4 * \\j)]\n"
        "eors \\t, \\s\n"
        "str \\t, [r7, #(48 + 8 * \\j + \\h)]\n"
        ".if \\j == 0\n"
        "mvns \\s, \\s\n"
        ".endif\n"
        "str \\s, [r7, #(32 + 8 * \\j + \\h)]\n"
        "str r4, [sp]\n"
        ".endm\n"
        ".macro lwc_m2_sbox h\n"
        "lwc_m2_pre 0, \\h, r0, r1\n"
        "lwc_m2_pre 1, \\h, r2, r3\n"
        "lwc_m2_and 0, 1, 2, 1, \\h\n"
        "lwc_m2_and 1, 2, 3, 2, \\h\n"
        "lwc_m2_and 2, 3, 4, 3, \\h\n"
        "lwc_m2_and 3, 4, 0, 4, \\h\n"
        "lwc_m2_and 4, 0, 1, 0, \\h\n"
        "lwc_m2_post 0, \\h, r0, r1\n"
        "lwc_m2_post 1, \\h, r2, r3\n"
        ".endm\n"
        LWC_MASKED_ROT64_V6M_MACRO("lwc_m2_rot")
        // p_L on share j of lane i in four registers of that share's domain.
        ".macro lwc_m2_linear i, j, ra, rb, lo, hi, d, u\n"
        "ldr \\lo, [r7, #(16 * \\i + 8 * \\j)]\n"
        "ldr \\hi, [r7, #(16 * \\i + 8 * \\j + 4)]\n"
        "movs \\d, \\lo\n"
        "lwc_m2_rot \\d, \\u, \\lo, \\hi, \\ra, 0\n"
        "lwc_m2_rot \\d, \\u, \\lo, \\hi, \\rb, 0\n"
        "str \\d, [r7, #(16 * \\i + 8 * \\j)]\n"
        "movs \\d, \\hi\n"
        "lwc_m2_rot \\d, \\u, \\lo, \\hi, \\ra, 1\n"
        "lwc_m2_rot \\d, \\u, \\lo, \\hi, \\rb, 1\n"
        "str \\d, [r7, #(16 * \\i + 8 * \\j + 4)]\n"
        ".endm\n"
        ".macro lwc_m2_linear_share j, lo, hi, d, u\n"
        "lwc_m2_linear 0, \\j, 19, 28, \\lo, \\hi, \\d, \\u\n"
        "lwc_m2_linear 1, \\j, 61, 39, \\lo, \\hi, \\d, \\u\n"
        "lwc_m2_linear 2, \\j, 1, 6, \\lo, \\hi, \\d, \\u\n"
        "lwc_m2_linear 3, \\j, 10, 17, \\lo, \\hi, \\d, \\u\n"
        "lwc_m2_linear 4, \\j, 7, 41, \\lo, \\hi, \\d, \\u\n"
        "movs r4, #0\n"
        "str r4, [sp]\n"
        ".endm\n"
        "lwc_m2_sbox 0\n"
        "lwc_m2_sbox 4\n"
        "lwc_m2_linear_share 0, r0, r1, r6, r4\n"
        "lwc_m2_linear_share 1, r2, r3, r5, r4\n"
        ".purgem lwc_m2_pre\n"
        ".purgem lwc_m2_and\n"
        ".purgem lwc_m2_post\n"
        ".purgem lwc_m2_sbox\n"
        ".purgem lwc_m2_rot\n"
        ".purgem lwc_m2_linear\n"
        ".purgem lwc_m2_linear_share\n"
        // Zeros into the registers and over the frame.
        ".irp r, r0, r1, r2, r3, r5, r6\n"
        "movs \\r, #0\n"
        ".endr\n"
        "mov r7, sp\n"
        ".rept 11\n"
        "stm r7!, {r0, r1}\n"
        ".endr\n"
        "add sp, #88\n"
        "pop {r4-r7, pc}\n");
}
// round3 on ARMv6-M: the rules of the ARMv7-M round3 with eight registers, so one
// product at a time with its operands loaded as needed, and a register that changes
// domain passes through zero. r7 the state's address, r6 the random words'; the lane
// updated in r0-r2 (share j in r{j}), the product in r3 (zero between products), share i
// of a in r4 for the three products of domain i, the random word in r5; the S-box's
// steps before and after the ANDs in share j's r{j} and r{3+j}; p_L in r0-r3, one share
// at a time.
LWC_ASM_FUNCTION void round3(void*, u32, const void*) noexcept {
    __asm__(
        ".syntax unified\n"
        // Frame: [sp + 12i + 4j] share j of lane i after the S-box's ANDs (a half),
        // [sp + 60] the constant, [sp + 64] the bus's scratch.
        "push {r4-r7, lr}\n"
        "sub sp, #68\n"
        "mov r7, r0\n"
        "mov r6, r2\n"
        "str r1, [sp, #60]\n"
        // Random words, then zeros, over the caller's values (see the ARMv7-M form).
        ".irp r, r0, r1, r2, r3, r4, r5\n"
        "ldr \\r, [r6]\n"
        ".endr\n"
        ".macro lwc_m3_clear r, s, t\n"
        "movs \\r, #0\n"
        "movs \\s, #0\n"
        "movs \\t, #0\n"
        ".endm\n"
        "lwc_m3_clear r0, r1, r2\n"
        "lwc_m3_clear r3, r4, r5\n"
        // A public word onto the store bus between stores of two domains.
        ".macro lwc_m3_bus\n"
        "str r7, [sp, #64]\n"
        ".endm\n"
        ".macro lwc_m3_pre j, h, a, b\n"
        "ldr \\a, [r7, #(0 + 8 * \\j + \\h)]\n"
        "ldr \\b, [r7, #(96 + 8 * \\j + \\h)]\n"
        "eors \\a, \\b\n"
        "str \\a, [r7, #(0 + 8 * \\j + \\h)]\n"
        "ldr \\a, [r7, #(72 + 8 * \\j + \\h)]\n"
        "eors \\b, \\a\n"
        "str \\b, [r7, #(96 + 8 * \\j + \\h)]\n"
        "ldr \\a, [r7, #(24 + 8 * \\j + \\h)]\n"
        "ldr \\b, [r7, #(48 + 8 * \\j + \\h)]\n"
        "eors \\b, \\a\n"
        ".if \\j + \\h == 0\n"
        "ldr r1, [sp, #60]\n"
        "eors \\b, r1\n"
        ".endif\n"
        "str \\b, [r7, #(48 + 8 * \\j + \\h)]\n"
        "lwc_m3_bus\n"
        ".endm\n"
        // z ^= (share i of ~a, in r4) & (share j of b, at byte bj): op bics for i = 0,
        // where ~a is ~a0, else ands; masked by r5 first when m.
        ".macro lwc_m3_term z, op, bj, h, m\n"
        "ldr r3, [r7, #(\\bj + \\h)]\n"
        "\\op r3, r4\n"
        ".if \\m\n"
        "eors r3, r5\n"
        ".endif\n"
        "eors \\z, r3\n"
        "movs r3, #0\n"
        ".endm\n"
        // Share i of a into r4 (byte ai), then its three products into z: with share
        // j1 of b (random word w1), j2 (w2), i (no random word); r4 back to zero.
        ".macro lwc_m3_row z, op, ai, b, j1, w1, j2, w2, h\n"
        "ldr r4, [r7, #(\\ai + \\h)]\n"
        "ldr r5, [r6, #(\\w1 + \\h)]\n"
        "lwc_m3_term \\z, \\op, (\\b + 8 * \\j1), \\h, 1\n"
        "ldr r5, [r6, #(\\w2 + \\h)]\n"
        "lwc_m3_term \\z, \\op, (\\b + 8 * \\j2), \\h, 1\n"
        "lwc_m3_term \\z, \\op, (\\ai - 24 * (\\ai / 24) + \\b), \\h, 0\n"
        "movs r4, #0\n"
        ".endm\n"
        // x_i ^= ~x_a & x_b on shares, random words 3g..3g+2 (pair 01, 02, 12).
        ".macro lwc_m3_and i, a, b, g, h\n"
        "ldr r0, [r7, #(24 * \\i + \\h)]\n"
        "ldr r1, [r7, #(24 * \\i + 8 + \\h)]\n"
        "ldr r2, [r7, #(24 * \\i + 16 + \\h)]\n"
        "lwc_m3_row r0, bics, (24 * \\a), (24 * \\b), 1, (24 * \\g), 2, (24 * \\g + 8), \\h\n"
        "lwc_m3_row r1, ands, (24 * \\a + 8), (24 * \\b), 0, (24 * \\g), 2, (24 * \\g + 16), \\h\n"
        "lwc_m3_row r2, ands, (24 * \\a + 16), (24 * \\b), 0, (24 * \\g + 8), 1,"
        " (24 * \\g + 16), \\h\n"
        "movs r5, #0\n"
        "str r0, [sp, #(12 * \\i)]\n"
        "lwc_m3_bus\n"
        "str r1, [sp, #(12 * \\i + 4)]\n"
        "lwc_m3_bus\n"
        "str r2, [sp, #(12 * \\i + 8)]\n"
        "lwc_m3_bus\n"
        ".endm\n"
        ".macro lwc_m3_post j, h, a, b\n"
        "ldr \\a, [sp, #(0 + 4 * \\j)]\n"
        "ldr \\b, [sp, #(12 + 4 * \\j)]\n"
        "eors \\b, \\a\n"
        "str \\b, [r7, #(24 + 8 * \\j + \\h)]\n"
        "ldr \\b, [sp, #(48 + 4 * \\j)]\n"
        "eors \\a, \\b\n"
        "str \\a, [r7, #(0 + 8 * \\j + \\h)]\n"
        "str \\b, [r7, #(96 + 8 * \\j + \\h)]\n"
        "ldr \\a, [sp, #(24 + 4 * \\j)]\n"
        "ldr \\b, [sp, #(36 + 4 * \\j)]\n"
        "eors \\b, \\a\n"
        "str \\b, [r7, #(72 + 8 * \\j + \\h)]\n"
        ".if \\j == 0\n"
        "mvns \\a, \\a\n"
        ".endif\n"
        "str \\a, [r7, #(48 + 8 * \\j + \\h)]\n"
        "lwc_m3_bus\n"
        ".endm\n"
        ".macro lwc_m3_sbox h\n"
        "lwc_m3_pre 0, \\h, r0, r3\n"
        "lwc_m3_pre 1, \\h, r1, r4\n"
        "lwc_m3_pre 2, \\h, r2, r5\n"
        "lwc_m3_clear r3, r4, r5\n"
        "lwc_m3_and 0, 1, 2, 1, \\h\n"
        "lwc_m3_and 1, 2, 3, 2, \\h\n"
        "lwc_m3_and 2, 3, 4, 3, \\h\n"
        "lwc_m3_and 3, 4, 0, 4, \\h\n"
        "lwc_m3_and 4, 0, 1, 0, \\h\n"
        "lwc_m3_post 0, \\h, r0, r3\n"
        "lwc_m3_post 1, \\h, r1, r4\n"
        "lwc_m3_post 2, \\h, r2, r5\n"
        ".endm\n"
        LWC_MASKED_ROT64_V6M_MACRO("lwc_m3_rot")
        // p_L on share j of lane i, in r0-r3 (all of share j or zero when it starts).
        ".macro lwc_m3_linear i, ra, rb, j\n"
        "ldr r0, [r7, #(24 * \\i + 8 * \\j)]\n"
        "ldr r1, [r7, #(24 * \\i + 8 * \\j + 4)]\n"
        "movs r2, r0\n"
        "lwc_m3_rot r2, r3, r0, r1, \\ra, 0\n"
        "lwc_m3_rot r2, r3, r0, r1, \\rb, 0\n"
        "str r2, [r7, #(24 * \\i + 8 * \\j)]\n"
        "movs r2, r1\n"
        "lwc_m3_rot r2, r3, r0, r1, \\ra, 1\n"
        "lwc_m3_rot r2, r3, r0, r1, \\rb, 1\n"
        "str r2, [r7, #(24 * \\i + 8 * \\j + 4)]\n"
        ".endm\n"
        "lwc_m3_sbox 0\n"
        "lwc_m3_sbox 4\n"
        ".irp j, 0, 1, 2\n"
        "lwc_m3_clear r0, r1, r2\n"
        "movs r3, #0\n"
        LWC_MASKED_LINEAR3("\\j")
        ".endr\n"
        ".purgem lwc_m3_bus\n"
        ".purgem lwc_m3_pre\n"
        ".purgem lwc_m3_term\n"
        ".purgem lwc_m3_row\n"
        ".purgem lwc_m3_and\n"
        ".purgem lwc_m3_post\n"
        ".purgem lwc_m3_sbox\n"
        ".purgem lwc_m3_rot\n"
        ".purgem lwc_m3_linear\n"
        // Zeros into the registers and over the frame.
        "lwc_m3_clear r0, r1, r2\n"
        "lwc_m3_clear r3, r4, r5\n"
        ".purgem lwc_m3_clear\n"
        "mov r7, sp\n"
        ".rept 4\n"
        "stm r7!, {r0-r3}\n"
        ".endr\n"
        "str r0, [r7]\n"
        "add sp, #68\n"
        "pop {r4-r7, pc}\n");
}
#endif

// The mode's own work on shares, in Thumb-1 (both cores), under the same rules:
// xor_lanes2(dst, src, n) adds lanes src[0..n) to dst[0..n) share by share (the key
// into the state, a refresh into the key); share 0 passes through r3 and r4, share 1
// through r5 and r6; r2 (the count) is the public word for the bus.
LWC_ASM_FUNCTION void xor_lanes2(void*, const void*, int) noexcept {
    __asm__(
        ".syntax unified\n"
        "push {r3-r6}\n"
        ".irp r, r3, r4, r5, r6\n"
        "movs \\r, #0\n"
        ".endr\n"
        "str r3, [sp]\n"
        "1:\n"
        ".irp k, 0, 4, 8, 12\n"
        ".if \\k < 8\n"
        "ldr r3, [r0, #\\k]\n"
        "ldr r4, [r1, #\\k]\n"
        "eors r3, r4\n"
        "str r3, [r0, #\\k]\n"
        ".else\n"
        "ldr r5, [r0, #\\k]\n"
        "ldr r6, [r1, #\\k]\n"
        "eors r5, r6\n"
        "str r5, [r0, #\\k]\n"
        ".endif\n"
        ".if \\k == 4 || \\k == 12\n"
        "str r2, [sp]\n"
        ".endif\n"
        ".endr\n"
        "adds r0, #16\n"
        "adds r1, #16\n"
        "subs r2, #1\n"
        "bne 1b\n"
        ".irp r, r3, r4, r5, r6\n"
        "movs \\r, #0\n"
        ".endr\n"
        "pop {r3-r6}\n"
        "bx lr\n");
}

// xor_lanes3(dst, src, n), n > 0: the same for 3 shares, each share's words through r3 and r4,
// which pass through zero between shares (gcc's C form moved share j of a source lane into
// the register that held share j - 1: a second-order leak on the M0+, |t| 9 at 20,000
// traces); r2 (the count) is the public word for the bus, [sp] its slot. Of the caller's
// registers only r4 is stored (beside the return address): two of them stored in turn could
// be two shares of one value.
LWC_ASM_FUNCTION void xor_lanes3(void*, const void*, int) noexcept {
    __asm__(
        ".syntax unified\n"
        "push {r4, lr}\n"
        "sub sp, #8\n"
        "movs r3, #0\n"
        "movs r4, #0\n"
        "str r3, [sp]\n"
        "1:\n"
        ".irp k, 0, 8, 16\n"
        ".irp w, 0, 4\n"
        "ldr r3, [r0, #(\\k + \\w)]\n"
        "ldr r4, [r1, #(\\k + \\w)]\n"
        "eors r3, r4\n"
        "str r3, [r0, #(\\k + \\w)]\n"
        ".endr\n"
        "str r2, [sp]\n"
        "movs r3, #0\n"
        "movs r4, #0\n"
        ".endr\n"
        "adds r0, #24\n"
        "adds r1, #24\n"
        "subs r2, #1\n"
        "bne 1b\n"
        "add sp, #8\n"
        "pop {r4, pc}\n");
}

// unmask2(x, p): p ^ the value of lane x (p public: the result is an output), share 0
// through r4, share 1 through r1.
LWC_ASM_FUNCTION u64 unmask2(const void*, u64) noexcept {
    __asm__(
        ".syntax unified\n"
        "push {r4}\n"
        "movs r1, #0\n"
        "movs r4, #0\n"
        "ldr r4, [r0]\n"
        "eors r2, r4\n"
        "ldr r1, [r0, #8]\n"
        "eors r2, r1\n"
        "ldr r4, [r0, #4]\n"
        "eors r3, r4\n"
        "ldr r1, [r0, #12]\n"
        "eors r3, r1\n"
        "movs r0, r2\n"
        "movs r1, r3\n"
        "movs r4, #0\n"
        "pop {r4}\n"
        "bx lr\n");
}

// tag_check2(lanes, tag, r): whether lanes s[3], s[4] (8 words, as round2's layout) hold
// the tag (4 little-endian words), on shares: w = ~(s3 ^ t0) & ~(s4 ^ t1), folded onto
// bit 0 by ANDs with itself shifted (its halves, then 16, 8, 4, 2, 1), eight DOM-indep
// gadgets of 32 bits with random words r[0..8); only the final bit is unmasked. Share 0
// in r0 (x), r1 (y), r4 (the random word, then the domain-0 product) and r6 (the
// domain-0 result); share 1 in r2 (x), r3 (y), r5 (masked cross products, then the
// domain-1 product); r7 an address, then the domain-1 result; the addresses in r8-r10,
// the low half of w in r11 (share 0) and r12 (share 1). No store.
LWC_ASM_FUNCTION u32 tag_check2(const void*, const u32*, const void*) noexcept {
    __asm__(
        ".syntax unified\n"
        "push {r4-r7, lr}\n"
        "mov r4, r8\n"
        "mov r5, r9\n"
        "mov r6, r10\n"
        "mov r7, r11\n"
        "push {r4-r7}\n"
        "mov r8, r0\n"
        "mov r9, r1\n"
        "mov r10, r2\n"
        ".irp r, r0, r1, r2, r3, r4, r5, r6, r7\n"
        "movs \\r, #0\n"
        ".endr\n"
        "mov r11, r0\n"
        "mov r12, r0\n"
        // (r6, r7) = (r0, r2) & (r1, r3) on shares, random word k.
        ".macro lwc_m2_tag_and k\n"
        "mov r7, r10\n"
        "ldr r4, [r7, #(4 * \\k)]\n"
        "movs r5, r3\n"
        "ands r5, r0\n"
        "eors r5, r4\n"
        "movs r6, r5\n"
        "movs r5, r1\n"
        "ands r5, r2\n"
        "eors r5, r4\n"
        "movs r7, r5\n"
        "movs r5, r3\n"
        "ands r5, r2\n"
        "eors r7, r5\n"
        "movs r4, r1\n"
        "ands r4, r0\n"
        "eors r6, r4\n"
        ".endm\n"
        // Half h of ~(s3 ^ t0) & ~(s4 ^ t1).
        ".macro lwc_m2_tag_half h\n"
        "mov r7, r8\n"
        "ldr r0, [r7, #(0 + \\h)]\n"
        "ldr r1, [r7, #(16 + \\h)]\n"
        "ldr r2, [r7, #(8 + \\h)]\n"
        "ldr r3, [r7, #(24 + \\h)]\n"
        "mov r7, r9\n"
        "ldr r4, [r7, #(0 + \\h)]\n"
        "eors r0, r4\n"
        "mvns r0, r0\n"
        "ldr r4, [r7, #(8 + \\h)]\n"
        "eors r1, r4\n"
        "mvns r1, r1\n"
        "lwc_m2_tag_and (\\h / 4)\n"
        ".endm\n"
        "lwc_m2_tag_half 0\n"
        "mov r11, r6\n"
        "mov r12, r7\n"
        "lwc_m2_tag_half 4\n"
        "mov r0, r11\n"
        "mov r2, r12\n"
        "movs r1, r6\n"
        "movs r3, r7\n"
        "lwc_m2_tag_and 2\n"
        // w &= w >> k on shares, random word j.
        ".macro lwc_m2_tag_fold k, j\n"
        "movs r0, r6\n"
        "movs r2, r7\n"
        "lsrs r1, r0, #\\k\n"
        "lsrs r3, r2, #\\k\n"
        "lwc_m2_tag_and \\j\n"
        ".endm\n"
        "lwc_m2_tag_fold 16, 3\n"
        "lwc_m2_tag_fold 8, 4\n"
        "lwc_m2_tag_fold 4, 5\n"
        "lwc_m2_tag_fold 2, 6\n"
        "lwc_m2_tag_fold 1, 7\n"
        ".purgem lwc_m2_tag_and\n"
        ".purgem lwc_m2_tag_half\n"
        ".purgem lwc_m2_tag_fold\n"
        // The verdict: bit 0 of share 0 and of share 1, then their XOR.
        "movs r1, #1\n"
        "movs r0, r6\n"
        "ands r0, r1\n"
        "movs r2, r7\n"
        "ands r2, r1\n"
        "eors r0, r2\n"
        ".irp r, r1, r2, r3, r4, r5, r6, r7\n"
        "movs \\r, #0\n"
        ".endr\n"
        "mov r11, r1\n"
        "mov r12, r1\n"
        "pop {r4-r7}\n"
        "mov r8, r4\n"
        "mov r9, r5\n"
        "mov r10, r6\n"
        "mov r11, r7\n"
        "pop {r4-r7, pc}\n");
}

}}}  // namespace lwc::inline LWC_ISA_NS::detail::masked::arm
#endif
