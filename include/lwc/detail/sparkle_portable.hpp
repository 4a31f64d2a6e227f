// SPDX-License-Identifier: MIT
// The SPARKLE permutations (sparkle_spec.hpp), portable backend.
//
// One step: add the step constants to y0 and y1, run the ARX-box Alzette on every
// branch with its own constant, then the linear layer (a Feistel round with the
// function ell, and a rotation of the branches). Only additions, rotations and
// XORs on words: constant time by construction.
//
// Speed: the permutation runs on local variables, Alzette is unrolled over the
// branches with the branch constants as immediates, and the branch rotation of the
// linear layer is a renaming of variables. Two forms of the same steps:
//   permute          a loop over the steps, out of line: compact, for the one-off
//                    calls of a message (initialization, last blocks, squeezing)
//   permute_inline   every step unrolled and inlined into the caller: for the loops
//                    over full blocks, which keep the state in registers throughout
// Unrolling everything made short messages up to 1.3x slower (the code of a scheme
// no longer fits the micro-op cache) for a few percent on long ones; looping
// everywhere cost about 5% on long messages.
//
// This code is throughput-bound (every branch's Alzette in scalar ALU operations); the
// AVX-512 backend (sparkle_avx512.hpp, one branch a lane) is bound by one Alzette's
// latency instead, and is the default for six and eight branches where the target has
// it. Four branches stay here everywhere (sparkle.hpp says why).
#pragma once

#include <array>
#include <cstddef>
#include <utility>  // index_sequence

#include "sparkle_spec.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// Loops over branches are fold expressions over a compile-time index pack, so that
// the state stays in registers (no lambdas or loops for the optimiser to give up on).
struct sparkle_portable {
    static constexpr const char* name = "portable";
    // Steps: 7/10 (4 branches), 7/11 (6), 8/12 (8) in Esch and Schwaemm.
    template <std::size_t Branches, std::size_t Steps>
    static void permute(sparkle_state<Branches>& st) noexcept {
        static_assert(Branches == 4 || Branches == 6 || Branches == 8);
        words<Branches> x, y;
        load(st, x, y, std::make_index_sequence<Branches>{});
        for (index s = 0; s < Steps; ++s) step(x, y, s, std::make_index_sequence<Branches>{});
        store(st, x, y, std::make_index_sequence<Branches>{});
    }

    // The same steps, unrolled (step constants as immediates too) and inlined into
    // the caller, so that a caller's local state stays in registers.
    template <std::size_t Branches, std::size_t Steps>
    LWC_ALWAYS_INLINE static void permute_inline(sparkle_state<Branches>& st) noexcept {
        static_assert(Branches == 4 || Branches == 6 || Branches == 8);
        words<Branches> x, y;
        load(st, x, y, std::make_index_sequence<Branches>{});
        unrolled(x, y, std::make_index_sequence<Steps>{});
        store(st, x, y, std::make_index_sequence<Branches>{});
    }

private:
    using index = std::size_t;
    template <index Branches>
    using words = std::array<u32, Branches>;

    template <index Branches, index... J>
    LWC_ALWAYS_INLINE static void load(const sparkle_state<Branches>& st,
                                       words<Branches>& x, words<Branches>& y,
                                       std::index_sequence<J...>) noexcept {
        ((x[J] = st[2 * J], y[J] = st[2 * J + 1]), ...);
    }
    template <index Branches, index... J>
    LWC_ALWAYS_INLINE static void store(sparkle_state<Branches>& st,
                                        const words<Branches>& x, const words<Branches>& y,
                                        std::index_sequence<J...>) noexcept {
        ((st[2 * J] = x[J], st[2 * J + 1] = y[J]), ...);
    }
    template <index Branches, index... S>
    LWC_ALWAYS_INLINE static void unrolled(words<Branches>& x, words<Branches>& y,
                                           std::index_sequence<S...>) noexcept {
        (step(x, y, S, std::make_index_sequence<Branches>{}), ...);
    }

    // Alzette: four rounds of add-rotate-xor on one branch, with the branch constant.
    LWC_ALWAYS_INLINE static void alzette(u32& x, u32& y, u32 c) noexcept {
#if defined(__arm__)
        // In a register: as an immediate, each x ^= c is up to four EORs on 32-bit Arm
        // (an immediate there is 8 bits rotated), 12 more instructions per Alzette.
        c = value_barrier(c);
#endif
        x += rotr32(y, 31); y ^= rotr32(x, 24); x ^= c;
        x += rotr32(y, 17); y ^= rotr32(x, 17); x ^= c;
        x += y;             y ^= rotr32(x, 31); x ^= c;
        x += rotr32(y, 24); y ^= rotr32(x, 16); x ^= c;
    }

    template <index Branches, index... J>
    LWC_ALWAYS_INLINE static void step(words<Branches>& x, words<Branches>& y, index s,
                                       std::index_sequence<J...>) noexcept {
        y[0] ^= sparkle_constants[s % 8];
        y[1] ^= u32(s);
        (alzette(x[J], y[J], sparkle_constants[J]), ...);
        linear_layer(x, y, std::make_index_sequence<Branches / 2>{});
    }

    // Feistel round: the right half absorbs ell(xor of the left half's x words) into
    // its y words, and likewise with x and y exchanged. Then the new left half is the
    // right half rotated by one branch, the new right half is the old left half.
    template <index Branches, index... I>
    LWC_ALWAYS_INLINE static void linear_layer(words<Branches>& x, words<Branches>& y,
                                               std::index_sequence<I...>) noexcept {
        constexpr index h = Branches / 2;
        const u32 tx = sparkle_ell((x[I] ^ ...)), ty = sparkle_ell((y[I] ^ ...));
        x = {(x[h + (I + 1) % h] ^ x[(I + 1) % h] ^ ty)..., x[I]...};
        y = {(y[h + (I + 1) % h] ^ y[(I + 1) % h] ^ tx)..., y[I]...};
    }
};

// The entry points of a vector backend of six and eight branches (Self::run, which the
// backend makes visible to this base), four branches delegated to sparkle_portable,
// where sparkle_default_for takes them anyway: sparkle_neon, sparkle_sse2.
template <class Self>
struct sparkle_wide_backend {
    template <std::size_t Branches, std::size_t Steps>
    static void permute(sparkle_state<Branches>& st) noexcept {
        if constexpr (Branches == 4) sparkle_portable::permute<Branches, Steps>(st);
        else Self::template run<Branches, Steps>(st);
    }
    template <std::size_t Branches, std::size_t Steps>
    LWC_ALWAYS_INLINE static void permute_inline(sparkle_state<Branches>& st) noexcept {
        if constexpr (Branches == 4) sparkle_portable::permute_inline<Branches, Steps>(st);
        else Self::template run<Branches, Steps>(st);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
