// SPDX-License-Identifier: MIT
// ascon_portable's round in 32-bit RISC-V assembly (RV32I alone), the default Ascon-p
// there outside builds for size. Each 64-bit lane as two 32-bit halves in registers: the
// S-box (ascon_portable::sbox_or) once on the low halves and once on the high ones, 17
// instructions each, then each lane's x ^ (x >>> a) ^ (x >>> b) in 16 shifts and XORs
// (a rotation by 32 or more exchanges the halves), written to the register the S-box
// freed, so that no lane is moved: 114 instructions and the constant's two. Why assembly:
// gcc 12 (-O2, rv32imac) schedules the C round's operations before allocating
// registers, which spilled 13 words a round to the stack (1,067 instructions for eight
// rounds; without that pass, 962); this round takes the 116 whatever the compiler.
// QEMU's count of Ascon-AEAD128 at -O2, 64 / 1024 bytes: 138 / 78 instructions a byte
// with the C round, 122 / 68 with this one; ascon-c's asm_rv32i 107 / 63, its opt32 124 /
// 74 (bench/results/2026-11-29-ascon-sbox.md).
// Logic and shifts by public amounts only: no table, no branch on data. The C form it
// must equal is ascon_portable (the registry lists both; the firmware runner runs every
// suite on each under QEMU).
#pragma once

#include "ascon_portable.hpp"

#if defined(__riscv) && __riscv_xlen == 32 && defined(__GNUC__)
#define LWC_ASCON_RV32_ASM 1
#else
#define LWC_ASCON_RV32_ASM 0
#endif

#if LWC_ASCON_RV32_ASM
namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

struct ascon_rv32 : ascon_asm_round<ascon_rv32> {
    static constexpr const char* name = "rv32i";

    // The round of ascon_asm_round (p_C, p_S, p_L, then k added to x2).
    static LWC_ALWAYS_INLINE void round_asm(u64& x0, u64& x1, u64& x2, u64& x3, u64& x4,
                                            u64 k) noexcept {
        u32 l0 = u32(x0), h0 = u32(x0 >> 32), l1 = u32(x1), h1 = u32(x1 >> 32);
        u32 l2 = u32(x2), h2 = u32(x2 >> 32), l3 = u32(x3), h3 = u32(x3 >> 32);
        u32 l4 = u32(x4), h4 = u32(x4 >> 32);
        u32 a, b, c, d;
        __asm__(
            // sbox_or on one half of each lane; its outputs y0..y4 land in the registers
            // of x2, x3, x4, x0, x1.
            ".macro lwc_rv_sbox x0, x1, x2, x3, x4, a, b, c, d\n"
            "xor \\a, \\x0, \\x4\n"
            "xor \\b, \\x3, \\x4\n"
            "xor \\c, \\x1, \\x2\n"
            "or \\x0, \\x0, \\b\n"
            "xor \\x0, \\x0, \\c\n"
            "not \\d, \\x3\n"
            "and \\x4, \\x4, \\d\n"
            "xor \\x4, \\x4, \\c\n"
            "xor \\x3, \\x3, \\x1\n"
            "or \\x3, \\x3, \\c\n"
            "xor \\x3, \\x3, \\a\n"
            "xor \\x2, \\x2, \\a\n"
            "or \\x2, \\x2, \\x1\n"
            "xor \\x2, \\x2, \\b\n"
            "not \\a, \\a\n"
            "and \\x1, \\x1, \\a\n"
            "xor \\x1, \\x1, \\b\n"
            ".endm\n"
            // (dl, dh) = s ^ (s >>> ra) ^ (s >>> rb), s = (sl, sh), ra and rb below 32:
            // (al, ah) and (bl, bh) are s's halves, exchanged for a rotation of 32 more.
            ".macro lwc_rv_lin dl, dh, sl, sh, al, ah, ra, bl, bh, rb, t\n"
            "srli \\dl, \\al, \\ra\n"
            "slli \\t, \\ah, 32 - \\ra\n"
            "xor \\dl, \\dl, \\t\n"
            "srli \\t, \\bl, \\rb\n"
            "xor \\dl, \\dl, \\t\n"
            "slli \\t, \\bh, 32 - \\rb\n"
            "xor \\dl, \\dl, \\t\n"
            "xor \\dl, \\dl, \\sl\n"
            "srli \\dh, \\ah, \\ra\n"
            "slli \\t, \\al, 32 - \\ra\n"
            "xor \\dh, \\dh, \\t\n"
            "srli \\t, \\bh, \\rb\n"
            "xor \\dh, \\dh, \\t\n"
            "slli \\t, \\bl, 32 - \\rb\n"
            "xor \\dh, \\dh, \\t\n"
            "xor \\dh, \\dh, \\sh\n"
            ".endm\n"
            "lwc_rv_sbox %[l0], %[l1], %[l2], %[l3], %[l4], %[a], %[b], %[c], %[d]\n"
            "lwc_rv_sbox %[h0], %[h1], %[h2], %[h3], %[h4], %[a], %[b], %[c], %[d]\n"
            // Lane 3 (y3, in x0's registers) into a, b; then each lane into the registers
            // the previous one read: x0 <- y0 (x2's), x2 <- y2 (x4's), x4 <- y4 (x1's),
            // x1 <- y1 (x3's). Rotations: 10, 17; 19, 28; 1, 6; 7, 41; 61, 39.
            "lwc_rv_lin %[a], %[b], %[l0], %[h0], %[l0], %[h0], 10, %[l0], %[h0], 17, %[c]\n"
            "lwc_rv_lin %[l0], %[h0], %[l2], %[h2], %[l2], %[h2], 19, %[l2], %[h2], 28, %[c]\n"
            "lwc_rv_lin %[l2], %[h2], %[l4], %[h4], %[l4], %[h4], 1, %[l4], %[h4], 6, %[c]\n"
            "lwc_rv_lin %[l4], %[h4], %[l1], %[h1], %[l1], %[h1], 7, %[h1], %[l1], 9, %[c]\n"
            "lwc_rv_lin %[l1], %[h1], %[l3], %[h3], %[h3], %[l3], 29, %[h3], %[l3], 7, %[c]\n"
            ".purgem lwc_rv_sbox\n"
            ".purgem lwc_rv_lin\n"
            : [l0] "+r"(l0), [h0] "+r"(h0), [l1] "+r"(l1), [h1] "+r"(h1), [l2] "+r"(l2),
              [h2] "+r"(h2), [l3] "+r"(l3), [h3] "+r"(h3), [l4] "+r"(l4), [h4] "+r"(h4),
              [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c), [d] "=&r"(d));
        x0 = u64(h0) << 32 | l0;
        x1 = u64(h1) << 32 | l1;
        x2 = (u64(h2) << 32 | l2) ^ k;
        x3 = u64(b) << 32 | a;
        x4 = u64(h4) << 32 | l4;
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
#endif
