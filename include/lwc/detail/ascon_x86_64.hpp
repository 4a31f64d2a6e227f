// SPDX-License-Identifier: MIT
// ascon_portable's round in x86-64 assembly (BMI1's ANDN, BMI2's RORX: x86-64-v3 and later),
// the default Ascon-p there outside builds for size. The 37 operations of the C round with
// the specification's S-box (ascon_portable::sbox_andnot), in the order
// tools/ascon_x86_schedule.py gives: list-scheduled for four integer ALUs of which two
// rotate (AMD Zen 2-4; Intel's rotations take two ports too), longest path first, in the
// lanes and six temporaries without a move. gcc 12 and clang 14 order the same operations
// for their own models: on AMD Zen 4 at x86-64-v3, Ascon-Hash256 at 4096 bytes ran 207
// MB/s from their order, 238 from this one (ascon-c opt64 214), Ascon-AEAD128 565 and 678
// (opt64 612; bench/results/2026-11-29-zen4-ascon-x86.md). sbox_or's 36 operations,
// scheduled the same way, need five moves; at 4096 bytes they ran Ascon-AEAD128 2-4%
// slower and Ascon-Hash256 1-2% faster than this (medians of five runs of each gcc and
// clang build, x86-64-v3 and native, Zen 4). One asm statement a round: the compiler keeps the
// lanes in registers between rounds and across the modes' loops, and the core overlaps
// one round's rotations with the next one's S-box. Every operation is logic on public
// rotation amounts: no table, no branch on data. The C form it must equal is
// ascon_portable (test_permutations.cpp compares them for every round count; the
// registry lists both, and every suite runs each).
#pragma once

#include "ascon_portable.hpp"

#if defined(__x86_64__) && LWC_HAS(__BMI__) && LWC_HAS(__BMI2__)
#define LWC_ASCON_X86_64_ASM 1
#else
#define LWC_ASCON_X86_64_ASM 0
#endif

#if LWC_ASCON_X86_64_ASM
namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

struct ascon_x86_64 : ascon_asm_round<ascon_x86_64> {
    static constexpr const char* name = "bmi2";  // the code path liblwc reports (as Grain's)

    // The round of ascon_asm_round (p_C, p_S, p_L, then k added to x2).
    static LWC_ALWAYS_INLINE void round_asm(u64& x0, u64& x1, u64& x2, u64& x3, u64& x4,
                                            u64 k) noexcept {
        u64 t0, t1, t2, t3, t4, t5;
        __asm__(
            "xor %[x4], %[x0]\n"
            "xor %[x3], %[x4]\n"
            "xor %[x1], %[x2]\n"
            "andn %[x1], %[x0], %[t0]\n"
            "andn %[x2], %[x1], %[t1]\n"
            "andn %[x3], %[x2], %[t2]\n"
            "andn %[x4], %[x3], %[t3]\n"
            "andn %[x0], %[x4], %[t4]\n"
            "xor %[t1], %[x0]\n"
            "xor %[t2], %[x1]\n"
            "xor %[t3], %[x2]\n"
            "xor %[t4], %[x3]\n"
            "xor %[t0], %[x4]\n"
            "xor %[x0], %[x1]\n"
            "rorx $1, %[x2], %[t5]\n"
            "xor %[x4], %[x0]\n"
            "xor %[x2], %[x3]\n"
            "rorx $61, %[x1], %[t1]\n"
            "rorx $6, %[x2], %[t2]\n"
            "rorx $19, %[x0], %[t3]\n"
            "rorx $10, %[x3], %[t4]\n"
            "xor %[x1], %[t1]\n"
            "xor %[t2], %[t5]\n"
            "rorx $7, %[x4], %[t0]\n"
            "rorx $28, %[x0], %[t2]\n"
            "xor %[t3], %[x0]\n"
            "xor %[k], %[x2]\n"
            "rorx $39, %[x1], %[t3]\n"
            "rorx $17, %[x3], %[x1]\n"
            "xor %[t4], %[x3]\n"
            "xor %[x4], %[t0]\n"
            "rorx $41, %[x4], %[t4]\n"
            "xor %[t2], %[x0]\n"
            "xor %[t3], %[t1]\n"
            "xor %[t5], %[x2]\n"
            "xor %[x1], %[x3]\n"
            "xor %[t4], %[t0]\n"
            : [x0] "+r"(x0), [x1] "+r"(x1), [x2] "+r"(x2), [x3] "+r"(x3), [x4] "+r"(x4),
              [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
              [t5] "=&r"(t5)
            : [k] "er"(k));
        x1 = t1;  // where the schedule leaves lanes 1 and 4
        x4 = t0;
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
#endif
