// SPDX-License-Identifier: MIT
// The round constants GIFT-128 and SKINNY-128 share: a 6-bit LFSR started from zero,
// (c5..c0) <- (c4..c0, c5 ^ c4 ^ 1), its state after each step one round's constant.
#pragma once

#include <array>
#include <cstddef>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

template <std::size_t Rounds>
constexpr std::array<u8, Rounds> lfsr6_round_constants() noexcept {
    std::array<u8, Rounds> rc{};
    unsigned c = 0;
    for (auto& r : rc) {
        c = ((c << 1) | (((c >> 5) ^ (c >> 4) ^ 1) & 1)) & 0x3f;
        r = u8(c);
    }
    return rc;
}

}}}  // namespace lwc::inline LWC_ISA_NS::detail
