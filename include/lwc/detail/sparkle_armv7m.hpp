// SPDX-License-Identifier: MIT
// SPARKLE256, SPARKLE384 and SPARKLE512 (4, 6 and 8 branches) in Thumb-2 assembly for
// ARMv7-M and later (Cortex-M3/M4/M7/M33), the default there outside builds for size: the
// state in registers for the whole call (twelve of the sixteen words for eight branches),
// each ARX round of Alzette one instruction with its rotation in the shifted operand, the
// branch rotation of the linear layer a renaming of registers between the unrolled steps
// (the assembler's recursive macros carry the names). Instructions a step: 63 for four
// branches, 98-99 for six, about 145 for eight, where gcc 12 -O2 compiles
// sparkle_portable's six-branch step to 135 (spilling; its constants on the stack all
// the same). The C form it must equal is sparkle_portable (the firmware runner checks
// every branch and step count the modes use against it on Cortex-M4); additions,
// rotations by constants and XORs: no table, no branch on data.
#pragma once

#include "sparkle_portable.hpp"

#if LWC_ARMV7M_ASM
namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

namespace armv7m {

// Shared by the three functions, each of which defines and purges them: Alzette on (x, y)
// with its constant in c, and the entry (r0: the state, r1: the step count, r2: the eight
// constants). The frame: [sp] the state's address, [sp, #4] the step count, [sp, #8 + 4k]
// constant k; the callee-saved registers and lr above.
#define LWC_SPARKLE_A7_COMMON                                                              \
    ".syntax unified\n"                                                                    \
    ".macro lwc_s7_alzette x, y, c\n"                                                      \
    "add \\x, \\x, \\y, ror #31\n"                                                         \
    "eor \\y, \\y, \\x, ror #24\n"                                                         \
    "eor \\x, \\x, \\c\n"                                                                  \
    "add \\x, \\x, \\y, ror #17\n"                                                         \
    "eor \\y, \\y, \\x, ror #17\n"                                                         \
    "eor \\x, \\x, \\c\n"                                                                  \
    "add \\x, \\x, \\y\n"                                                                  \
    "eor \\y, \\y, \\x, ror #31\n"                                                         \
    "eor \\x, \\x, \\c\n"                                                                  \
    "add \\x, \\x, \\y, ror #24\n"                                                         \
    "eor \\y, \\y, \\x, ror #16\n"                                                         \
    "eor \\x, \\x, \\c\n"                                                                  \
    ".endm\n"                                                                              \
    /* Step s's constants: c[s % 8] into y0 (through r12, which keeps it), s into y1. */   \
    ".macro lwc_s7_step_constants s, y0, y1\n"                                             \
    "ldr r12, [sp, #8 + 4 * ((\\s) % 8)]\n"                                                \
    "eor \\y0, \\y0, r12\n"                                                                \
    ".if \\s\n"                                                                            \
    "eor \\y1, \\y1, #\\s\n"                                                               \
    ".endif\n"                                                                             \
    ".endm\n"                                                                              \
    /* ell(a ^ b [^ c]) into r12 before its final rotation by 16 (folded into its uses) */ \
    ".macro lwc_s7_ell a, b, c=\n"                                                         \
    "eor r12, \\a, \\b\n"                                                                  \
    ".ifnb \\c\n"                                                                          \
    "eor r12, r12, \\c\n"                                                                  \
    ".endif\n"                                                                             \
    "eor r12, r12, r12, lsl #16\n"                                                         \
    ".endm\n"                                                                              \
    /* Alzette on branch j, its constant in lr, or in r12 where the step's is the same. */ \
    ".macro lwc_s7_branch s, j, x, y\n"                                                    \
    ".if ((\\s) % 8) == \\j\n"                                                             \
    "lwc_s7_alzette \\x, \\y, r12\n"                                                       \
    ".else\n"                                                                              \
    "ldr lr, [sp, #8 + 4 * \\j]\n"                                                         \
    "lwc_s7_alzette \\x, \\y, lr\n"                                                        \
    ".endif\n"                                                                             \
    ".endm\n"                                                                              \
    /* Alzette on branches 0-5 (their words in registers). */                              \
    ".macro lwc_s7_branches6 s, x0, x1, x2, x3, x4, x5, y0, y1, y2, y3, y4, y5\n"          \
    "lwc_s7_branch \\s, 0, \\x0, \\y0\n"                                                   \
    "lwc_s7_branch \\s, 1, \\x1, \\y1\n"                                                   \
    "lwc_s7_branch \\s, 2, \\x2, \\y2\n"                                                   \
    "lwc_s7_branch \\s, 3, \\x3, \\y3\n"                                                   \
    "lwc_s7_branch \\s, 4, \\x4, \\y4\n"                                                   \
    "lwc_s7_branch \\s, 5, \\x5, \\y5\n"                                                   \
    ".endm\n"                                                                              \
    /* The words of branches 0-5 back into the state, its address from the frame. */       \
    ".macro lwc_s7_store6 x0, x1, x2, x3, x4, x5, y0, y1, y2, y3, y4, y5\n"                \
    "ldr r12, [sp]\n"                                                                      \
    "strd \\x0, \\y0, [r12]\n"                                                             \
    "strd \\x1, \\y1, [r12, #8]\n"                                                         \
    "strd \\x2, \\y2, [r12, #16]\n"                                                        \
    "strd \\x3, \\y3, [r12, #24]\n"                                                        \
    "strd \\x4, \\y4, [r12, #32]\n"                                                        \
    "strd \\x5, \\y5, [r12, #40]\n"                                                        \
    ".endm\n"                                                                              \
    /* d ^= s ^ ell: one word of the Feistel round's right half. */                        \
    ".macro lwc_s7_feistel d, s\n"                                                         \
    "eor \\d, \\d, \\s\n"                                                                  \
    "eor \\d, \\d, r12, ror #16\n"                                                         \
    ".endm\n"

// The frame's first ten words, below the callee-saved registers and lr (and for eight
// branches, below ten words of its own).
#define LWC_SPARKLE_A7_FRAME \
    "ldm r2, {r4-r11}\n"     \
    "push {r0, r1, r4-r11}\n"

#define LWC_SPARKLE_A7_PURGE          \
    ".purgem lwc_s7_alzette\n"        \
    ".purgem lwc_s7_step_constants\n" \
    ".purgem lwc_s7_branch\n"         \
    ".purgem lwc_s7_branches6\n"      \
    ".purgem lwc_s7_store6\n"         \
    ".purgem lwc_s7_ell\n"            \
    ".purgem lwc_s7_feistel\n"

// Four branches: x_j, y_j start in r(2j), r(2j + 1); the branch constants stay in r8-r11.
// The linear layer leaves x0' in x3's register, x1' in x2's, x2' x3' in x0's x1's: the
// next step's names. Steps 7 or 10.
LWC_ASM_FUNCTION void sparkle4(sparkle_state<4>&, u32, const u32*) noexcept {
    __asm__(LWC_SPARKLE_A7_COMMON
            "push {r4-r11, lr}\n"
            LWC_SPARKLE_A7_FRAME
            "ldm r2, {r8-r11}\n"
            "ldm r0, {r0-r7}\n"
            ".macro lwc_s4_store x0, x1, x2, x3, y0, y1, y2, y3\n"
            "ldr r12, [sp]\n"
            "strd \\x0, \\y0, [r12]\n"
            "strd \\x1, \\y1, [r12, #8]\n"
            "strd \\x2, \\y2, [r12, #16]\n"
            "strd \\x3, \\y3, [r12, #24]\n"
            "add sp, sp, #40\n"
            "pop {r4-r11, pc}\n"
            ".endm\n"
            ".macro lwc_s4_steps s, x0, x1, x2, x3, y0, y1, y2, y3\n"
            "lwc_s7_step_constants \\s, \\y0, \\y1\n"
            "lwc_s7_alzette \\x0, \\y0, r8\n"
            "lwc_s7_alzette \\x1, \\y1, r9\n"
            "lwc_s7_alzette \\x2, \\y2, r10\n"
            "lwc_s7_alzette \\x3, \\y3, r11\n"
            "lwc_s7_ell \\y0, \\y1\n"
            "lwc_s7_feistel \\x3, \\x1\n"
            "lwc_s7_feistel \\x2, \\x0\n"
            "lwc_s7_ell \\x0, \\x1\n"
            "lwc_s7_feistel \\y3, \\y1\n"
            "lwc_s7_feistel \\y2, \\y0\n"
            ".if (\\s) == 6\n"
            "ldr r12, [sp, #4]\n"
            "cmp r12, #7\n"
            "bne 1f\n"
            "lwc_s4_store \\x3, \\x2, \\x0, \\x1, \\y3, \\y2, \\y0, \\y1\n"
            "1:\n"
            ".endif\n"
            ".if (\\s) < 9\n"
            "lwc_s4_steps (\\s + 1), \\x3, \\x2, \\x0, \\x1, \\y3, \\y2, \\y0, \\y1\n"
            ".else\n"
            "lwc_s4_store \\x3, \\x2, \\x0, \\x1, \\y3, \\y2, \\y0, \\y1\n"
            ".endif\n"
            ".endm\n"
            "lwc_s4_steps 0, r0, r2, r4, r6, r1, r3, r5, r7\n"
            ".purgem lwc_s4_store\n"
            ".purgem lwc_s4_steps\n"
            LWC_SPARKLE_A7_PURGE);
}

// Six branches: all twelve words in r0-r11, each branch constant loaded into lr before
// its Alzette (r12 already holds the one equal to the step's). The linear layer leaves
// x0' x1' x2' in x4's x5's x3's registers, x3' x4' x5' in x0's x1's x2's. Steps 7 or 11.
LWC_ASM_FUNCTION void sparkle6(sparkle_state<6>&, u32, const u32*) noexcept {
    __asm__(LWC_SPARKLE_A7_COMMON
            "push {r4-r11, lr}\n"
            LWC_SPARKLE_A7_FRAME
            "ldm r0, {r0-r11}\n"
            ".macro lwc_s6_store x0, x1, x2, x3, x4, x5, y0, y1, y2, y3, y4, y5\n"
            "lwc_s7_store6 \\x0, \\x1, \\x2, \\x3, \\x4, \\x5, "
            "\\y0, \\y1, \\y2, \\y3, \\y4, \\y5\n"
            "add sp, sp, #40\n"
            "pop {r4-r11, pc}\n"
            ".endm\n"
            ".macro lwc_s6_steps s, x0, x1, x2, x3, x4, x5, y0, y1, y2, y3, y4, y5\n"
            "lwc_s7_step_constants \\s, \\y0, \\y1\n"
            "lwc_s7_branches6 \\s, \\x0, \\x1, \\x2, \\x3, \\x4, \\x5, "
            "\\y0, \\y1, \\y2, \\y3, \\y4, \\y5\n"
            "lwc_s7_ell \\y0, \\y1, \\y2\n"
            "lwc_s7_feistel \\x4, \\x1\n"
            "lwc_s7_feistel \\x5, \\x2\n"
            "lwc_s7_feistel \\x3, \\x0\n"
            "lwc_s7_ell \\x0, \\x1, \\x2\n"
            "lwc_s7_feistel \\y4, \\y1\n"
            "lwc_s7_feistel \\y5, \\y2\n"
            "lwc_s7_feistel \\y3, \\y0\n"
            ".if (\\s) == 6\n"
            "ldr r12, [sp, #4]\n"
            "cmp r12, #7\n"
            "bne 1f\n"
            "lwc_s6_store \\x4, \\x5, \\x3, \\x0, \\x1, \\x2, \\y4, \\y5, \\y3, \\y0, \\y1, \\y2\n"
            "1:\n"
            ".endif\n"
            ".if (\\s) < 10\n"
            "lwc_s6_steps (\\s + 1), \\x4, \\x5, \\x3, \\x0, \\x1, \\x2, "
            "\\y4, \\y5, \\y3, \\y0, \\y1, \\y2\n"
            ".else\n"
            "lwc_s6_store \\x4, \\x5, \\x3, \\x0, \\x1, \\x2, \\y4, \\y5, \\y3, \\y0, \\y1, \\y2\n"
            ".endif\n"
            ".endm\n"
            "lwc_s6_steps 0, r0, r2, r4, r6, r8, r10, r1, r3, r5, r7, r9, r11\n"
            ".purgem lwc_s6_store\n"
            ".purgem lwc_s6_steps\n"
            LWC_SPARKLE_A7_PURGE);
}

// Eight branches: twelve words in r0-r11 (branches 0-5 at the start of each step) and
// branches 6 and 7 in one of two four-word buffers on the stack. Their Alzette borrows
// x0's register for the constant. The linear layer stores x2 y2 x3 y3 into the other
// buffer (they become branches 6 and 7) and computes x1' and x2' in their registers from
// the buffer's words, so that the next step finds branches 0-5 in registers again:
// x0' x1' x2' x3' x4' x5' in x5's x2's x3's x4's x0's x1's. ty waits on the stack while
// tx is in r12. The frame above the ten words: [sp, #40] x0 while borrowed, [sp, #44] ty,
// [sp, #48] and [sp, #64] the buffers (x6 y6 x7 y7). Steps 8 or 12.
LWC_ASM_FUNCTION void sparkle8(sparkle_state<8>&, u32, const u32*) noexcept {
    __asm__(LWC_SPARKLE_A7_COMMON
            "push {r4-r11, lr}\n"
            "sub sp, sp, #40\n"
            LWC_SPARKLE_A7_FRAME
            "add r12, r0, #48\n"
            "ldm r12, {r4-r7}\n"
            "add r12, sp, #48\n"
            "stm r12, {r4-r7}\n"
            "ldm r0, {r0-r11}\n"
            // Alzette on the buffered branch j (6 or 7) at offset a.
            ".macro lwc_s8_buffered j, a, x0\n"
            "ldr \\x0, [sp, #8 + 4 * \\j]\n"
            "ldrd r12, lr, [sp, #\\a]\n"
            "lwc_s7_alzette r12, lr, \\x0\n"
            "strd r12, lr, [sp, #\\a]\n"
            ".endm\n"
            // ell(a ^ b ^ c ^ d) into r12 before its rotation.
            ".macro lwc_s8_ell a, b, c, d\n"
            "eor r12, \\a, \\b\n"
            "eor r12, r12, \\c\n"
            "eor r12, r12, \\d\n"
            "eor r12, r12, r12, lsl #16\n"
            ".endm\n"
            // d ^= the buffered word at offset a ^ ell.
            ".macro lwc_s8_feistel d, a\n"
            "ldr lr, [sp, #\\a]\n"
            "eor \\d, \\d, lr\n"
            "eor \\d, \\d, r12, ror #16\n"
            ".endm\n"
            ".macro lwc_s8_store a, x0, x1, x2, x3, x4, x5, y0, y1, y2, y3, y4, y5\n"
            "lwc_s7_store6 \\x0, \\x1, \\x2, \\x3, \\x4, \\x5, "
            "\\y0, \\y1, \\y2, \\y3, \\y4, \\y5\n"
            "add r0, sp, #\\a\n"
            "ldm r0, {r0-r3}\n"
            "add r12, r12, #48\n"
            "stm r12, {r0-r3}\n"
            "add sp, sp, #80\n"
            "pop {r4-r11, pc}\n"
            ".endm\n"
            ".macro lwc_s8_steps s, x0, x1, x2, x3, x4, x5, y0, y1, y2, y3, y4, y5\n"
            ".set lwc_s8_a, 48 + 16 * ((\\s) % 2)\n"
            ".set lwc_s8_b, 64 - 16 * ((\\s) % 2)\n"
            "lwc_s7_step_constants \\s, \\y0, \\y1\n"
            "lwc_s7_branches6 \\s, \\x0, \\x1, \\x2, \\x3, \\x4, \\x5, "
            "\\y0, \\y1, \\y2, \\y3, \\y4, \\y5\n"
            "str \\x0, [sp, #40]\n"
            "lwc_s8_buffered 6, lwc_s8_a, \\x0\n"
            "lwc_s8_buffered 7, lwc_s8_a + 8, \\x0\n"
            "ldr \\x0, [sp, #40]\n"
            "strd \\x2, \\y2, [sp, #lwc_s8_b]\n"
            "strd \\x3, \\y3, [sp, #lwc_s8_b + 8]\n"
            "lwc_s8_ell \\y0, \\y1, \\y2, \\y3\n"
            "str r12, [sp, #44]\n"
            "lwc_s8_ell \\x0, \\x1, \\x2, \\x3\n"
            "lwc_s7_feistel \\y5, \\y1\n"
            "lwc_s7_feistel \\y4, \\y0\n"
            "lwc_s8_feistel \\y2, lwc_s8_a + 4\n"
            "lwc_s8_feistel \\y3, lwc_s8_a + 12\n"
            "ldr r12, [sp, #44]\n"
            "lwc_s7_feistel \\x5, \\x1\n"
            "lwc_s7_feistel \\x4, \\x0\n"
            "lwc_s8_feistel \\x2, lwc_s8_a\n"
            "lwc_s8_feistel \\x3, lwc_s8_a + 8\n"
            ".if (\\s) == 7\n"
            "ldr r12, [sp, #4]\n"
            "cmp r12, #8\n"
            "bne 1f\n"
            "lwc_s8_store lwc_s8_b, \\x5, \\x2, \\x3, \\x4, \\x0, \\x1, "
            "\\y5, \\y2, \\y3, \\y4, \\y0, \\y1\n"
            "1:\n"
            ".endif\n"
            ".if (\\s) < 11\n"
            "lwc_s8_steps (\\s + 1), \\x5, \\x2, \\x3, \\x4, \\x0, \\x1, "
            "\\y5, \\y2, \\y3, \\y4, \\y0, \\y1\n"
            ".else\n"
            "lwc_s8_store lwc_s8_b, \\x5, \\x2, \\x3, \\x4, \\x0, \\x1, "
            "\\y5, \\y2, \\y3, \\y4, \\y0, \\y1\n"
            ".endif\n"
            ".endm\n"
            "lwc_s8_steps 0, r0, r2, r4, r6, r8, r10, r1, r3, r5, r7, r9, r11\n"
            ".purgem lwc_s8_buffered\n"
            ".purgem lwc_s8_ell\n"
            ".purgem lwc_s8_feistel\n"
            ".purgem lwc_s8_store\n"
            ".purgem lwc_s8_steps\n"
            LWC_SPARKLE_A7_PURGE);
}

#undef LWC_SPARKLE_A7_COMMON
#undef LWC_SPARKLE_A7_FRAME
#undef LWC_SPARKLE_A7_PURGE

}  // namespace armv7m

// The assembly above for the steps Esch and Schwaemm run: 7 or 10 for four branches, 7 or
// 11 for six, 8 or 12 for eight.
struct sparkle_armv7m {
    static constexpr const char* name = "armv7m";

    template <std::size_t Branches, std::size_t Steps>
    static void permute(sparkle_state<Branches>& st) noexcept {
        if constexpr (Branches == 4) {
            static_assert(Steps == 7 || Steps == 10);
            armv7m::sparkle4(st, Steps, sparkle_constants.data());
        } else if constexpr (Branches == 6) {
            static_assert(Steps == 7 || Steps == 11);
            armv7m::sparkle6(st, Steps, sparkle_constants.data());
        } else {
            static_assert(Steps == 8 || Steps == 12);
            armv7m::sparkle8(st, Steps, sparkle_constants.data());
        }
    }
    // A call all the same: the state is in registers inside it, wherever it was before.
    template <std::size_t Branches, std::size_t Steps>
    LWC_ALWAYS_INLINE static void permute_inline(sparkle_state<Branches>& st) noexcept {
        permute<Branches, Steps>(st);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
#endif
