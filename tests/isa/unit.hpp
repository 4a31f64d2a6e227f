// What each unit of the ISA test reports (see unit.cpp).
#pragma once

#include <cstdint>

struct lwc_isa_unit_report {
    std::uint64_t compiled;  // the unit's features, as its flags set them
    std::uint64_t probed;    // the same, as an inline function of its namespace returns them
    std::uint64_t outputs;   // a digest of every scheme's output
    const char* xoodyak_backend;
    const char* grain_backend;
};

#define LWC_ISA_UNITS(X) X(base) X(avx2) X(haswell) X(avx512f) X(icelake)
#define LWC_ISA_DECLARE_(u) lwc_isa_unit_report lwc_isa_unit_##u();
LWC_ISA_UNITS(LWC_ISA_DECLARE_)
#undef LWC_ISA_DECLARE_
