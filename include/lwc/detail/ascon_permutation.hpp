// SPDX-License-Identifier: MIT
// Ascon-p (NIST SP 800-232) with its backends, one file each:
//   ascon_portable   five 64-bit lanes in registers (any target; 64-bit targets run it
//                    at the speed of the best published code, see docs/speed.md)
//   ascon_small      the same rounds in one rolled out-of-line loop (any target; the
//                    default under LWC_SMALL, i.e. -Os: firmware)
#pragma once

#include <concepts>
#include <string_view>

#include "ascon_portable.hpp"
#include "ascon_small.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// What a backend provides: Ascon-p[12] and Ascon-p[8] (the rounds the modes use).
template <class P>
concept ascon_backend = requires(ascon_state& s) {
    { P::name } -> std::convertible_to<std::string_view>;
    P::template permute<12>(s);
    P::template permute<8>(s);
};

static_assert(ascon_backend<ascon_portable> && ascon_backend<ascon_small>);
#if LWC_SMALL
using ascon_default = ascon_small;
#else
using ascon_default = ascon_portable;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail
