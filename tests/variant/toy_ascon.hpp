// SPDX-License-Identifier: MIT
// A toy scheme for the add-a-variant test (add_a_variant.sh), NOT for use: Ascon-AEAD128
// with half its rounds (Ascon-p[6] where the standard has p[12], p[4] for p[8]). The test
// copies this file into include/lwc/ of a scratch checkout and registers it there with one
// line, as a contributor adds a scheme; toy-ascon-aead128.txt beside it is its KAT file,
// written by lwc_genkat and checked against an independent model
// (tests/python/test_variant_reference.py).
#pragma once

#include "ascon.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail {

// A permutation backend that runs the last R/2 rounds where a mode asks for R.
template <ascon_backend Perm>
struct ascon_half_rounds {
    static constexpr std::string_view name = Perm::name;
    template <int Rounds>
    static constexpr void permute(ascon_state& s) noexcept {
        Perm::template permute<Rounds / 2>(s);
    }
};

}  // namespace detail

struct ToyAsconAead128
    : detail::mode_aead<ToyAsconAead128,
                        detail::ascon::aead_sponge<detail::ascon_half_rounds<detail::ascon_portable>>,
                        16, 16, 16> {
    static constexpr std::string_view name = "toy-ascon-aead128";
};

}}  // namespace lwc::inline LWC_ISA_NS
