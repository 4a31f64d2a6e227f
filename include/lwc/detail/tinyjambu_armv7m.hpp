// SPDX-License-Identifier: MIT
// TinyJambu's word steps (tinyjambu_words) in Thumb-2 assembly for ARMv7-M and later,
// the default there outside builds for size: state and key words in registers for the
// whole permutation, 11 instructions a word step (two of its funnel shifts folded into
// the XOR as shifted operands, the AND's two built with ORR), where gcc 12 -O2 compiles
// tinyjambu_words's to 13 (52 for its turn of four, the shifts ORed first). On Cortex-M4 at -O2 (QEMU's count,
// bench/results/2026-11-28-ascon-m4.md): TinyJambu-128 / 192 / 256 at 1024 bytes
// 101 / 112 / 127 instructions a byte (tinyjambu_words 113 / 125 / 145), level with
// rweather/lwc-finalists' ARMv7-M assembly (101 / 113 / 128).
// The C form it must equal is tinyjambu_words (the firmware runner checks every key size
// and the permutation lengths the modes use against it on Cortex-M4); every step is
// logic on public shift amounts: no table, no branch on data (the branches count words).
#pragma once

#include "tinyjambu_small.hpp"

#if LWC_ARMV7M_ASM
namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

namespace armv7m {

// tinyjambu_k<K>(state, nk, turns): 4 * turns word steps with the complemented key nk of
// K words. Registers: r0-r3 the state's words, r4-r9 the key's first six words (the 8-word
// key's last two are loaded where used, from lr: the key's address), r10 and r11
// temporaries, r12 the turns left; the state's address on the stack. A key period (2,
// 3 and 2 turns for K = 4, 6, 8; for K = 4 two periods of one turn) is unrolled, so that
// every key index is an immediate, with an exit after each turn.
#define LWC_TINYJAMBU_ARMV7M(K, LOAD_KEY, TURNS)                               \
    __asm__(".syntax unified\n"                                                \
            "push {r4-r11, lr}\n"                                              \
            "push {r0}\n"                                                      \
            "mov lr, r1\n"                                                     \
            "mov r12, r2\n"                                                    \
            "ldm r0, {r0-r3}\n"                                                \
            "ldm lr, " LOAD_KEY "\n"                                           \
            /* s0 ^= the complemented key word i: a register, or loaded */     \
            ".macro lwc_tj_key s0, i\n"                                        \
            ".if \\i >= 6\n"                                                   \
            "ldr r11, [lr, #(4 * \\i)]\n"                                      \
            "eor \\s0, \\s0, r11\n"                                            \
            ".elseif \\i == 0\n"                                               \
            "eor \\s0, \\s0, r4\n"                                             \
            ".elseif \\i == 1\n"                                               \
            "eor \\s0, \\s0, r5\n"                                             \
            ".elseif \\i == 2\n"                                               \
            "eor \\s0, \\s0, r6\n"                                             \
            ".elseif \\i == 3\n"                                               \
            "eor \\s0, \\s0, r7\n"                                             \
            ".elseif \\i == 4\n"                                               \
            "eor \\s0, \\s0, r8\n"                                             \
            ".else\n"                                                          \
            "eor \\s0, \\s0, r9\n"                                             \
            ".endif\n"                                                         \
            ".endm\n"                                                          \
            /* One word step (tinyjambu::next_word): s0 ^= t47 ^ (t70 & t85) */ \
            /* ^ t91 ^ nk[i], each t a funnel shift of the next words. */      \
            ".macro lwc_tj_word s0, s1, s2, s3, i\n"                           \
            "eor \\s0, \\s0, \\s1, lsr #15\n"                                  \
            "eor \\s0, \\s0, \\s2, lsl #17\n"                                  \
            "lsr r10, \\s2, #6\n"                                              \
            "orr r10, r10, \\s3, lsl #26\n"                                    \
            "lsr r11, \\s2, #21\n"                                             \
            "orr r11, r11, \\s3, lsl #11\n"                                    \
            "and r10, r10, r11\n"                                              \
            "eor \\s0, \\s0, r10\n"                                            \
            "eor \\s0, \\s0, \\s2, lsr #27\n"                                  \
            "eor \\s0, \\s0, \\s3, lsl #5\n"                                   \
            "lwc_tj_key \\s0, \\i\n"                                           \
            ".endm\n"                                                          \
            /* Turn t of the key period: four word steps, each writing the */  \
            /* oldest word, then the exit when the turns are done. */          \
            ".macro lwc_tj_turn t\n"                                           \
            "lwc_tj_word r0, r1, r2, r3, ((4*\\t)%" #K ")\n"                   \
            "lwc_tj_word r1, r2, r3, r0, ((4*\\t+1)%" #K ")\n"                 \
            "lwc_tj_word r2, r3, r0, r1, ((4*\\t+2)%" #K ")\n"                 \
            "lwc_tj_word r3, r0, r1, r2, ((4*\\t+3)%" #K ")\n"                 \
            "subs r12, r12, #1\n"                                              \
            "beq 2f\n"                                                         \
            ".endm\n"                                                          \
            "1:\n"                                                             \
            ".irp t, " TURNS "\n"                                              \
            "lwc_tj_turn \\t\n"                                                \
            ".endr\n"                                                          \
            "b 1b\n"                                                           \
            "2:\n"                                                             \
            "pop {r10}\n"                                                      \
            "stm r10, {r0-r3}\n"                                               \
            "pop {r4-r11, pc}\n"                                               \
            ".purgem lwc_tj_key\n"                                             \
            ".purgem lwc_tj_word\n"                                            \
            ".purgem lwc_tj_turn\n")

LWC_ASM_FUNCTION void tinyjambu_k4(tinyjambu::state&, const u32*, u32) noexcept {
    LWC_TINYJAMBU_ARMV7M(4, "{r4-r7}", "0, 1");  // two turns a loop: one branch less
}
LWC_ASM_FUNCTION void tinyjambu_k6(tinyjambu::state&, const u32*, u32) noexcept {
    LWC_TINYJAMBU_ARMV7M(6, "{r4-r9}", "0, 1, 2");
}
LWC_ASM_FUNCTION void tinyjambu_k8(tinyjambu::state&, const u32*, u32) noexcept {
    LWC_TINYJAMBU_ARMV7M(8, "{r4-r9}", "0, 1");
}
#undef LWC_TINYJAMBU_ARMV7M

}  // namespace armv7m

// tinyjambu_words (its key form) with the word steps above.
struct tinyjambu_words_armv7m : tinyjambu_words {
    static constexpr const char* name = "words-armv7m";

    template <std::size_t Words, std::size_t KeyWords>
    static void permute(tinyjambu::state& st, const std::array<u32, KeyWords>& nk) noexcept {
        static_assert(Words % 4 == 0 && Words > 0);
        static_assert(KeyWords == 4 || KeyWords == 6 || KeyWords == 8);
        if constexpr (KeyWords == 4) armv7m::tinyjambu_k4(st, nk.data(), Words / 4);
        else if constexpr (KeyWords == 6) armv7m::tinyjambu_k6(st, nk.data(), Words / 4);
        else armv7m::tinyjambu_k8(st, nk.data(), Words / 4);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
#endif
