// SPDX-License-Identifier: MIT
// One round of 2-share masked Ascon-p (ascon_masked.hpp) in ARMv7-M assembly, where the
// choice of registers is ours: the C form's barriers stop the compiler from recombining
// shares in its algebra, not from loading share 1 of a value into the register that held
// share 0 of it, and the transition between the two (their Hamming distance, what a
// register leaks when it changes) is the value. Same arithmetic and the same random
// words as round<2>: the shares it computes are identical (the firmware runner checks
// it against the C form).
//
// The rules the code keeps, so that no register and no store unmasks a value in its
// transition (docs/masking.md):
//   - r0-r4 hold share 0 (domain 0) of lanes 0-4 only, r5-r9 share 1 (domain 1): a
//     register changes within its domain (any two values of one domain are jointly
//     independent of the secrets);
//   - the gadget's temporaries: r10 the random word, then the domain-0 product; r11 the
//     cross products, each masked by the random word before it meets anything else and
//     replaced only while masked; r12 the domain-1 product;
//   - between stores of different domains, a store of a public word (the base address)
//     to a scratch slot, since a store's data leaks its distance to the previous store's;
//   - on entry the registers take random words, on exit zeros (the caller's registers
//     may hold anything; its stores come after a zero).
// lr holds the state's address; the random words go on the stack, sp-relative.
#pragma once

#include "bytes.hpp"

#if defined(__arm__)
// A function whose body is assembly, opaque to the optimizer (noipa under GCC): the
// compiler must take a call as reading and writing through its pointers, which a body
// of basic asm does not tell it.
#if defined(__clang__)
#define LWC_MASKED_ASM [[gnu::naked, gnu::noinline]] inline
#else
#define LWC_MASKED_ASM [[gnu::naked, gnu::noinline, gnu::noipa]] inline
#endif

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::masked::armv7m {

// round2(state, c, r): state as 20 words (lane i, share j, half h at word 4i + 2j + h, the
// layout of lane<2>[5] on a little-endian core), c the round constant, r the round's five
// 64-bit random words (r[k] for the AND of ~x[k] and x[k + 1], as round<2> takes them).
LWC_MASKED_ASM void round2(void*, u32, const void*) noexcept {
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
        // d ^= the low (word 0) or high (word 1) half of rotr64(hi:lo, r).
        ".macro lwc_m2_rot d, s, lo, hi, r, word\n"
        ".if (\\r < 32) == (\\word == 0)\n"
        "eor \\d, \\s, \\lo, lsr #(\\r % 32)\n"
        "eor \\d, \\d, \\hi, lsl #(32 - \\r % 32)\n"
        ".else\n"
        "eor \\d, \\s, \\hi, lsr #(\\r % 32)\n"
        "eor \\d, \\d, \\lo, lsl #(32 - \\r % 32)\n"
        ".endif\n"
        ".endm\n"
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

// The mode's own work on shares, under the same rules: xor_lanes2(dst, src, n) adds
// lanes src[0..n) to dst[0..n) share by share (the key into the state, a refresh into
// the key); share 0 passes through r3 and r12, share 1 through r4 and r5.
LWC_MASKED_ASM void xor_lanes2(void*, const void*, int) noexcept {
    __asm__(
        ".syntax unified\n"
        "push {r3, r4, r5}\n"
        "movs r3, #0\n"
        "mov r12, r3\n"
        "movs r4, #0\n"
        "movs r5, #0\n"
        "str r3, [sp]\n"
        "1:\n"
        "ldr r3, [r0]\n"
        "ldr r12, [r1]\n"
        "eor r3, r3, r12\n"
        "str r3, [r0]\n"
        "ldr r3, [r0, #4]\n"
        "ldr r12, [r1, #4]\n"
        "eor r3, r3, r12\n"
        "str r3, [r0, #4]\n"
        "str r2, [sp]\n"
        "ldr r4, [r0, #8]\n"
        "ldr r5, [r1, #8]\n"
        "eors r4, r5\n"
        "str r4, [r0, #8]\n"
        "ldr r4, [r0, #12]\n"
        "ldr r5, [r1, #12]\n"
        "eors r4, r5\n"
        "str r4, [r0, #12]\n"
        "str r2, [sp]\n"
        "adds r0, #16\n"
        "adds r1, #16\n"
        "subs r2, #1\n"
        "bne 1b\n"
        "movs r3, #0\n"
        "mov r12, r3\n"
        "movs r4, #0\n"
        "movs r5, #0\n"
        "pop {r3, r4, r5}\n"
        "bx lr\n");
}

// unmask2(x, p): p ^ the value of lane x (p public: the result is an output), share 0
// through r12, share 1 through r1.
LWC_MASKED_ASM u64 unmask2(const void*, u64) noexcept {
    __asm__(
        ".syntax unified\n"
        "movs r1, #0\n"
        "mov r12, r1\n"
        "ldr r12, [r0]\n"
        "eor r2, r2, r12\n"
        "ldr r1, [r0, #8]\n"
        "eors r2, r1\n"
        "ldr r12, [r0, #4]\n"
        "eor r3, r3, r12\n"
        "ldr r1, [r0, #12]\n"
        "eors r3, r1\n"
        "mov r0, r2\n"
        "mov r1, r3\n"
        "mov r12, #0\n"
        "bx lr\n");
}

}}}  // namespace lwc::inline LWC_ISA_NS::detail::masked::armv7m
#endif
