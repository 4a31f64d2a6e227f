// SPDX-License-Identifier: MIT
// The SPARKLE permutations with their backends, one file each:
//   sparkle_portable   Alzette on scalars, branches unrolled (any target)
//   sparkle_vector     one branch a vector lane: sparkle_avx2 (AVX2) and sparkle_avx512
//                      (AVX-512F + VL on the same 256-bit vectors)
//   sparkle_sse2       one branch a lane, each half of the branches in a 128-bit register
//                      (six and eight branches; any x86-64), four on sparkle_portable
//   sparkle_small      one rolled out-of-line loop for every branch and step count
//                      (any target; the default of every scheme under LWC_SMALL, i.e. -Os)
//   sparkle_neon       six and eight branches on NEON (AArch64, little-endian: the default
//                      there outside builds for size), four on sparkle_portable
//   sparkle_armv7m     every branch count in Thumb-2 assembly (ARMv7-M and later,
//                      defined there alone, LWC_ARMV7M_ASM; the default there outside
//                      builds for size)
// sparkle_default is the vector one where the target has it: at 4096 bytes AVX-512 ran
// 1.2x (six branches) to 1.55x (eight branches) the portable one on an Intel Xeon, AVX2
// 1.3x to 1.9x on an AMD EPYC (Zen 3) (docs/speed.md, the "lwcrypto (portable)" rows;
// bench/peers); SSE2 where the target has no AVX2 (AMD Zen 4 at -march=x86-64, gcc 12 and
// clang 14: SPARKLE384 1.1-1.2x and SPARKLE512 1.4x the portable one, the permutation
// alone). sparkle_default_for<Branches> is what the schemes take: the scalar code for
// four branches, and for six on x86 without AVX-512 but on AMD cores' targets (below).
// On CPUs whose vector integer operations take two cycles (AMD Zen 5) an earlier vector
// form measured slower than the portable code: build with LWC_SPARKLE_PORTABLE defined
// there.
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>
#include <type_traits>

#include "sparkle_armv7m.hpp"
#include "sparkle_neon.hpp"
#include "sparkle_portable.hpp"
#include "sparkle_small.hpp"
#include "sparkle_sse2.hpp"
#include "sparkle_vector.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

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

static_assert(sparkle_backend<sparkle_portable> && sparkle_backend<sparkle_small>);
#if LWC_SMALL
using sparkle_default = sparkle_small;
#elif LWC_ARMV7M_ASM
static_assert(sparkle_backend<sparkle_armv7m>);
using sparkle_default = sparkle_armv7m;
#elif defined(LWC_HAVE_SPARKLE_AVX512) && !defined(LWC_SPARKLE_PORTABLE)
static_assert(sparkle_backend<sparkle_avx512>);
using sparkle_default = sparkle_avx512;
#elif defined(LWC_HAVE_SPARKLE_AVX2) && !defined(LWC_SPARKLE_PORTABLE)
static_assert(sparkle_backend<sparkle_avx2>);
using sparkle_default = sparkle_avx2;
#elif defined(LWC_HAVE_SPARKLE_SSE2) && !defined(LWC_SPARKLE_PORTABLE)
static_assert(sparkle_backend<sparkle_sse2>);
using sparkle_default = sparkle_sse2;
#elif defined(LWC_HAVE_SPARKLE_NEON) && !defined(LWC_SPARKLE_PORTABLE)
static_assert(sparkle_backend<sparkle_neon>);
using sparkle_default = sparkle_neon;
#else
using sparkle_default = sparkle_portable;
#endif
// Four branches (SPARKLE256, Schwaemm128-128) stay on the scalar code where the default
// is a vector one: their step is short enough that it measured faster (1.08x).
// Six branches (SPARKLE384) too on x86 without AVX-512, unless the target is an AMD
// core's (SSE4a): the SSE2 and AVX2 code is bound by the latency of a step, the scalar
// code by throughput, and which is lower depends on the core. On an Intel Xeon (Sapphire
// Rapids class) the scalar code ran 1.08-1.27x the vector code at x86-64 and x86-64-v3,
// level with the fastest peer (0.93-1.12x), the vector code 0.79-0.96x; on AMD Zen 4 the
// vector code led the peers by 1.11-1.40x, the scalar code by 1.02-1.12x
// (bench/results/2026-11-30-intel-xeon-targets-peers.md). A build for a generic target
// runs on both: the scalar code is behind on neither.
#if defined(__x86_64__) && !defined(LWC_HAVE_SPARKLE_AVX512) && !LWC_HAS(__SSE4A__)
inline constexpr bool sparkle_six_scalar = true;
#else
inline constexpr bool sparkle_six_scalar = false;
#endif
template <std::size_t Branches>
using sparkle_default_for =
    std::conditional_t<(Branches == 4 || (Branches == 6 && sparkle_six_scalar)) &&
                           !LWC_SMALL && !LWC_ARMV7M_ASM,
                       sparkle_portable, sparkle_default>;

}}}  // namespace lwc::inline LWC_ISA_NS::detail
