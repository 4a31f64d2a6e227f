// SPDX-License-Identifier: MIT
// The SPARKLE permutations (sparkle_spec.hpp), compact backend (the default under
// LWC_SMALL, for firmware): one out-of-line function for every branch count and step
// count, both run-time arguments, with rolled loops over the steps and the branches on
// the state in memory. permute_inline is the same call: under LWC_SMALL the block
// loops of Schwaemm and Esch call it instead of carrying an unrolled copy each.
#pragma once

#include <cstddef>

#include "sparkle_spec.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {
namespace sparkle_rolled {

// SPARKLE with `branches` branches (4, 6 or 8) and `steps` steps on st, interleaved
// as x0, y0, x1, y1, ... (sparkle_state). Indices and counts are public.
LWC_NOINLINE inline void permute(u32* st, std::size_t branches, std::size_t steps) noexcept {
    const std::size_t h = branches / 2;  // branches per half
    for (std::size_t s = 0; s < steps; ++s) {
        st[1] ^= sparkle_constants[s % 8];
        st[3] ^= u32(s);
        for (std::size_t j = 0; j < branches; ++j) {
            u32 x = st[2 * j], y = st[2 * j + 1];
            const u32 c = sparkle_constants[j];
            x += rotr32(y, 31); y ^= rotr32(x, 24); x ^= c;
            x += rotr32(y, 17); y ^= rotr32(x, 17); x ^= c;
            x += y;             y ^= rotr32(x, 31); x ^= c;
            x += rotr32(y, 24); y ^= rotr32(x, 16); x ^= c;
            st[2 * j] = x;
            st[2 * j + 1] = y;
        }
        // Linear layer: left branch i becomes right (i+1) ^ left (i+1) ^ ell(the other
        // coordinate's left sum), right branch i becomes left i. Each right branch is
        // read before it is overwritten.
        u32 tx = 0, ty = 0;
        for (std::size_t i = 0; i < h; ++i) tx ^= st[2 * i], ty ^= st[2 * i + 1];
        tx = sparkle_ell(tx);
        ty = sparkle_ell(ty);
        const u32 x0 = st[0], y0 = st[1];
        for (std::size_t i = 0; i < h; ++i) {
            const std::size_t n = (i + 1) % h;  // the branch after i within the half
            const u32 lx = i + 1 < h ? st[2 * n] : x0, ly = i + 1 < h ? st[2 * n + 1] : y0;
            st[2 * i] = st[2 * (h + n)] ^ lx ^ ty;
            st[2 * i + 1] = st[2 * (h + n) + 1] ^ ly ^ tx;
            st[2 * (h + n)] = lx;
            st[2 * (h + n) + 1] = ly;
        }
    }
}

}  // namespace sparkle_rolled

struct sparkle_small {
    static constexpr const char* name = "small";
    template <std::size_t Branches, std::size_t Steps>
    static void permute(sparkle_state<Branches>& st) noexcept {
        sparkle_rolled::permute(st.data(), Branches, Steps);
    }
    template <std::size_t Branches, std::size_t Steps>
    static void permute_inline(sparkle_state<Branches>& st) noexcept {
        sparkle_rolled::permute(st.data(), Branches, Steps);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
