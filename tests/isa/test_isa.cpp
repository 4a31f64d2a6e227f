// SPDX-License-Identifier: MIT
// Translation units compiled with different target flags in one program
// (tests/isa/CMakeLists.txt): each must run the code of its own flags, although they
// share every inline function of the headers by name. This file is compiled for the
// baseline and runs only the units this CPU can run.
#include <gtest/gtest.h>

#include <lwc/detail/cpu_features.hpp>
#include <string>

#include "unit.hpp"

namespace {

struct unit {
    const char* name;
    const lwc_isa_unit_info& info;
    lwc_isa_unit_report (*run)();
};
#define LWC_ISA_ENTRY_(u) {#u, lwc_isa_unit_##u##_info, lwc_isa_unit_##u},
constexpr unit units[] = {LWC_ISA_UNITS(LWC_ISA_ENTRY_)};

TEST(Isa, EveryUnitRunsItsOwnPath) {
    const std::uint64_t cpu = lwc::detail::isa::cpu_features();
    const lwc_isa_unit_report base = lwc_isa_unit_base();
    EXPECT_EQ(lwc_isa_unit_base_info.compiled, 0u);
    int ran = 0;
    for (const unit& u : units) {
        SCOPED_TRACE(u.name);
        // The flags the units differ by give distinct feature sets (else the test
        // proves nothing): only base has none.
        if (std::string(u.name) != "base") {
            EXPECT_NE(u.info.compiled, 0u);
        }
        if ((u.info.compiled & ~cpu) != 0) continue;  // this CPU cannot run it
        ++ran;
        const lwc_isa_unit_report r = u.run();
        EXPECT_EQ(r.probed, u.info.compiled) << "the unit ran another unit's copy";
        EXPECT_EQ(r.outputs, base.outputs) << "a path computes another function";
    }
    EXPECT_GE(ran, 1);
    std::printf("%d of %zu units run on this CPU\n", ran, std::size(units));
}

TEST(Isa, UnitsWithVectorFlagsUseTheirVectorPaths) {
    const lwc_isa_unit_info &base = lwc_isa_unit_base_info, &haswell = lwc_isa_unit_haswell_info,
                            &icelake = lwc_isa_unit_icelake_info;
    EXPECT_STREQ(base.xoodyak_backend, "sse2");  // SSE2 is part of x86-64
    EXPECT_STREQ(base.grain_backend, "portable");
    EXPECT_STREQ(base.sparkle_backend, "sse2");
    EXPECT_STREQ(haswell.grain_backend, "bmi2");
    EXPECT_STREQ(haswell.sparkle_backend, "avx2");
    EXPECT_STREQ(icelake.xoodyak_backend, "avx512");
    EXPECT_STREQ(icelake.sparkle_backend, "avx512");
}

}  // namespace
