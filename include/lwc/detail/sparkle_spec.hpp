// SPDX-License-Identifier: MIT
// The SPARKLE permutations (SPARKLE256/384/512: 4, 6 or 8 branches of two 32-bit
// words) shared by Esch and Schwaemm: what every backend and the modes share. The state
// is stored as the bytes of the specification read as little-endian words: x0 y0 x1 y1
// ... (word 2j is x_j, word 2j+1 is y_j), so the rate is simply the first words.
#pragma once

#include <array>
#include <cstddef>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

template <std::size_t Branches>
using sparkle_state = std::array<u32, 2 * Branches>;

inline constexpr std::array<u32, 8> sparkle_constants = {
    0xB7E15162, 0xBF715880, 0x38B4DA56, 0x324E7738,
    0xBB1185EB, 0x4F7C7B57, 0xCFBFA1C8, 0xC2B3293D};

// The constants step s adds to y0 and y1, as words Stride * s and Stride * s + 1 of one
// table (the others zero), for vector backends that add them with one load.
template <std::size_t Stride>
inline constexpr std::array<u32, 12 * Stride> sparkle_step_constants = [] {
    std::array<u32, 12 * Stride> t{};
    for (std::size_t s = 0; s < 12; ++s) {
        t[Stride * s] = sparkle_constants[s % 8];
        t[Stride * s + 1] = u32(s);
    }
    return t;
}();

// The linear map ell of the Feistel function: rotate16(x ^ (x << 16)).
constexpr u32 sparkle_ell(u32 x) noexcept { return rotr32(x ^ (x << 16), 16); }

}}}  // namespace lwc::inline LWC_ISA_NS::detail
