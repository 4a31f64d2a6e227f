// Ascon-p (NIST SP 800-232) with its backends, one file each:
//   ascon_portable   five 64-bit lanes in registers (any target; 64-bit targets run it
//                    at the speed of the best published code, see docs/speed.md)
#pragma once

#include <concepts>
#include <string_view>

#include "ascon_portable.hpp"

namespace lwc::inline LWC_ISA_NS::detail {

// What a backend provides: Ascon-p[12] and Ascon-p[8] (the rounds the modes use).
template <class P>
concept ascon_backend = requires(ascon_state& s) {
    { P::name } -> std::convertible_to<std::string_view>;
    P::template permute<12>(s);
    P::template permute<8>(s);
};

static_assert(ascon_backend<ascon_portable>);
using ascon_default = ascon_portable;

}  // namespace lwc::detail
