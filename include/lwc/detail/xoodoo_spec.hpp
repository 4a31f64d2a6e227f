// SPDX-License-Identifier: MIT
// The Xoodoo[12] permutation on 384 bits: 3 planes of 4 32-bit lanes, lane x of
// plane y at index x + 4y, bytes little-endian. What every backend shares: the state
// and the round constants.
#pragma once

#include <array>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

using xoodoo_state = std::array<u32, 12>;

inline constexpr std::array<u32, 12> xoodoo_round_constants = {
    0x058, 0x038, 0x3c0, 0x0d0, 0x120, 0x014, 0x060, 0x02c, 0x380, 0x0f0, 0x1a0, 0x012};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
