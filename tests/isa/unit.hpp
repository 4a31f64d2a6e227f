// SPDX-License-Identifier: MIT
// What each unit of the ISA test reports (see unit.cpp).
#pragma once

#include <cstdint>

// What a unit was compiled for: constant data, readable whatever the CPU (reading it runs
// none of the unit's code, which may use instructions this CPU lacks).
struct lwc_isa_unit_info {
    std::uint64_t compiled;  // the unit's features, as its flags set them
    const char* xoodyak_backend;
    const char* grain_backend;
    // Esch384's: eight branches (six take the scalar code on x86 below AVX-512)
    const char* sparkle_backend;
};

// What it computes: call only where the CPU has every feature in info.compiled.
struct lwc_isa_unit_report {
    std::uint64_t probed;   // the unit's features, as an inline function of its namespace returns them
    std::uint64_t outputs;  // a digest of every scheme's output
};

#define LWC_ISA_UNITS(X) X(base) X(avx2) X(haswell) X(avx512f) X(icelake)
#define LWC_ISA_DECLARE_(u)                                  \
    extern const lwc_isa_unit_info lwc_isa_unit_##u##_info; \
    lwc_isa_unit_report lwc_isa_unit_##u();
LWC_ISA_UNITS(LWC_ISA_DECLARE_)
#undef LWC_ISA_DECLARE_
