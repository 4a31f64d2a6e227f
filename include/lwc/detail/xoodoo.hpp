// SPDX-License-Identifier: MIT
// Xoodoo[12] (xoodoo_spec.hpp) with interchangeable backends, one file each:
//   xoodoo_portable   plain C++ on 12 scalars (any target)
//   xoodoo_avx512     a plane per 128-bit register, block loops in registers (AVX-512VL)
//   xoodoo_avx2       the same with shifts for rotations (AVX2; all three xoodoo_vector.hpp)
//   xoodoo_sse2       the same in SSE2 alone (any x86-64)
//   xoodoo_armv7m     Thumb-2 assembly, the lanes in registers (ARMv7-M and later,
//                     defined there alone, LWC_ARMV7M_ASM; the default there outside
//                     builds for size)
//   xoodoo_neon       a plane per NEON register (little-endian AArch64, the default there
//                     outside builds for size: 19 instructions a byte for Xoodyak at 1 KiB
//                     against the scalar rounds' 42, QEMU's count; not timed)
// xoodoo_default is the one the compilation target allows that measured fastest: the
// AVX-512 one wherever it was measured on a CPU with AVX-512 (docs/speed.md: 1.8x the
// portable one on an Intel Xeon (Sapphire Rapids), 1.5x on AMD Zen 4; only on AMD Zen 5
// was the portable one 5-7% faster); with AVX2 only, the AVX2 one (AMD Zen 4 at
// -march=x86-64-v3: a permutation at 1.3-1.4x the portable one's speed, gcc 12 and clang 14);
// for x86-64 without AVX2, the SSE2 one (AMD Zen 4 at -march=x86-64, gcc 12 and clang 14:
// Xoodyak at 4096 bytes 1.42-1.48x the portable one, Xoodyak-Hash 1.42-1.53x).
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>

#include "xoodoo_armv7m.hpp"
#include "xoodoo_neon.hpp"
#include "xoodoo_portable.hpp"
#include "xoodoo_vector.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// What a backend provides: the permutation, and whether it runs Cyclist's full-block
// loops itself (has_block_loops); one that says so and lacks them does not compile.
//   crypt_blocks<Decrypt>(state, in, out, blocks, cu)  keyed mode, 24-byte blocks:
//       Up (control byte cu for the first block, 0 after), out = in ^ rate, Down(P)
//   absorb_blocks(state, in, blocks)   hash mode, 16-byte blocks, each after an Up
template <class P>
concept xoodoo_backend =
    requires(xoodoo_state& s) {
        { P::name } -> std::convertible_to<std::string_view>;
        { P::has_block_loops } -> std::convertible_to<bool>;
        P::permute(s);
    } &&
    (!P::has_block_loops ||
     requires(xoodoo_state& s, const u8* in, u8* out, std::size_t blocks, u8 cu) {
         P::template crypt_blocks<false>(s, in, out, blocks, cu);
         P::template crypt_blocks<true>(s, in, out, blocks, cu);
         P::absorb_blocks(s, in, blocks);
     });

static_assert(xoodoo_backend<xoodoo_portable>);
#ifdef LWC_HAVE_XOODOO_AVX2
static_assert(xoodoo_backend<xoodoo_avx2>);
#endif
#if LWC_ARMV7M_ASM && !LWC_SMALL
static_assert(xoodoo_backend<xoodoo_armv7m>);
using xoodoo_default = xoodoo_armv7m;
#elif defined(LWC_HAVE_XOODOO_AVX512)
static_assert(xoodoo_backend<xoodoo_avx512>);
using xoodoo_default = xoodoo_avx512;
#elif defined(LWC_HAVE_XOODOO_AVX2)
using xoodoo_default = xoodoo_avx2;
#elif defined(LWC_HAVE_XOODOO_SSE2)
static_assert(xoodoo_backend<xoodoo_sse2>);
using xoodoo_default = xoodoo_sse2;
#elif defined(LWC_HAVE_XOODOO_NEON) && !LWC_SMALL
static_assert(xoodoo_backend<xoodoo_neon>);
using xoodoo_default = xoodoo_neon;
#else
using xoodoo_default = xoodoo_portable;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail
