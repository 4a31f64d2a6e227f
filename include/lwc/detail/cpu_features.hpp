// SPDX-License-Identifier: MIT
// Run-time detection of the features of the list in config.hpp, for code that picks a
// path per CPU (liblwc's dispatch): bit i set when this CPU and operating system can run
// code that uses entry i. Compiled for any CPU of the architecture.
#pragma once

#include <cstdint>

#include "config.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::isa {

#if defined(__x86_64__) || defined(__i386__)

struct cpuid_bit {
    unsigned leaf, subleaf;
    int reg;  // 0..3: eax, ebx, ecx, edx
    int bit;
    int state;  // register state the OS must save: 0 none, 1 YMM, 2 ZMM and k
    const char* macro;
};
inline constexpr int reg_eax = 0, reg_ebx = 1, reg_ecx = 2, reg_edx = 3;
#define LWC_X86_CPUID_(m, flag, leaf, subleaf, reg, bit, state) \
    {leaf, subleaf, reg_##reg, bit, state, #m},
inline constexpr cpuid_bit cpuid_bits[] = {LWC_X86_FEATURES(LWC_X86_CPUID_)};
#undef LWC_X86_CPUID_
static_assert(sizeof cpuid_bits / sizeof cpuid_bits[0] == LWC_ISA_COUNT);

// XCR0 (which register state the OS saves) read with xgetbv, once OSXSAVE says it may.
inline std::uint64_t saved_state() noexcept {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !((c >> 27) & 1)) return 0;
    std::uint32_t lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return lo | std::uint64_t(hi) << 32;
}

inline std::uint64_t cpu_features() noexcept {
    const std::uint64_t xcr0 = saved_state();
    const bool state_ok[3] = {true, (xcr0 & 0x6) == 0x6, (xcr0 & 0xe6) == 0xe6};
    std::uint64_t bits = 0;
    for (unsigned i = 0; i < sizeof cpuid_bits / sizeof cpuid_bits[0]; ++i) {
        const cpuid_bit& f = cpuid_bits[i];
        unsigned r[4] = {};
        if (unsigned(__get_cpuid_max(f.leaf & 0x80000000u, nullptr)) < f.leaf) continue;
        __cpuid_count(f.leaf, f.subleaf, r[0], r[1], r[2], r[3]);
        if (((r[f.reg] >> f.bit) & 1) && state_ok[f.state]) bits |= std::uint64_t(1) << i;
    }
    return bits;
}

#else

// No run-time detection elsewhere: only code compiled for the baseline runs.
inline std::uint64_t cpu_features() noexcept { return 0; }

#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail::isa
