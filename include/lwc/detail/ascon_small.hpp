// Ascon-p, compact backend (the default under LWC_SMALL, i.e. -Os: firmware): the rounds
// of ascon_portable in one rolled out-of-line loop shared by Ascon-p[12] and Ascon-p[8],
// so that every call site of the modes is a call.
#pragma once

#include "ascon_portable.hpp"

namespace lwc::inline LWC_ISA_NS::detail {

struct ascon_small {
    static constexpr const char* name = "small";

    // Rounds first..11 of the twelve (first is public).
    LWC_NOINLINE static void rounds(ascon_state& s, int first) noexcept {
        u64 x0 = s[0], x1 = s[1], x2 = s[2] ^ ascon_portable::constant(first), x3 = s[3],
            x4 = s[4];
        for (int i = first; i < 12; ++i)
            ascon_portable::round(x0, x1, x2, x3, x4, ascon_portable::end_of_round(i));
        s = {x0, x1, x2, x3, x4};
    }

    template <int Rounds>
    static void permute(ascon_state& s) noexcept {
        rounds(s, 12 - Rounds);
    }
};

}  // namespace lwc::detail
