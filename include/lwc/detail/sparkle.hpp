// The SPARKLE permutations with their backends, one file each (only the portable one:
// see sparkle_portable.hpp for why no vector path):
//   sparkle_portable   Alzette on scalars, branches unrolled (any target)
#pragma once

#include <concepts>
#include <string_view>

#include "sparkle_portable.hpp"

namespace lwc::inline LWC_ISA_NS::detail {

// What a backend provides, for 4, 6 and 8 branches and any step count:
//   permute<Branches, Steps>(state)          out of line: the one-off calls of a message
//   permute_inline<Branches, Steps>(state)   inlined into the caller's block loops
template <class P>
concept sparkle_backend =
    requires(sparkle_state<4>& s4, sparkle_state<6>& s6, sparkle_state<8>& s8) {
        { P::name } -> std::convertible_to<std::string_view>;
        P::template permute<4, 7>(s4);
        P::template permute<6, 7>(s6);
        P::template permute<8, 8>(s8);
        P::template permute_inline<4, 7>(s4);
        P::template permute_inline<6, 7>(s6);
        P::template permute_inline<8, 8>(s8);
    };

static_assert(sparkle_backend<sparkle_portable>);
using sparkle_default = sparkle_portable;

}  // namespace lwc::detail
