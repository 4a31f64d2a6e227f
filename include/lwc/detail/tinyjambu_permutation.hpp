// SPDX-License-Identifier: MIT
// The TinyJambu keyed permutation with its backends, one file each:
//   tinyjambu_portable   the NLFSR clocked 37 steps at a time (the default on x86-64 etc.)
//   tinyjambu_small      32-bit word steps in one rolled out-of-line loop (the default under
//                        LWC_SMALL, i.e. -Os: firmware, with the compact mode of tinyjambu.hpp)
//   tinyjambu_words      32-bit word steps, four a turn: the default on 32-bit targets (64-bit
//                        chunks cost two registers a value) and AArch64 (EXTR: a tap in one
//                        instruction; QEMU counts 80/87/98 a byte at 1 KiB, chunks 125/142/152)
//   tinyjambu_words_armv7m  its word steps in Thumb-2 assembly (ARMv7-M and later:
//                        defined there alone, LWC_ARMV7M_ASM; the default there outside
//                        builds for size)
#pragma once

#include <concepts>
#include <cstdint>
#include <string_view>

#include "tinyjambu_armv7m.hpp"
#include "tinyjambu_portable.hpp"
#include "tinyjambu_small.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// What a backend provides: its key form for a key of KeyWords words and permutations of
// up to MaxWords * 32 steps, and P_{32 Words} with it (inlined into the mode's loops).
template <class P>
concept tinyjambu_backend = requires(tinyjambu::state& s, const u8* key) {
    { P::name } -> std::convertible_to<std::string_view>;
    { P::template load_key<4, 32>(key) } -> std::same_as<typename P::template key_schedule<4, 32>>;
    P::template permute<20>(s, P::template load_key<4, 32>(key));
    P::template permute<32>(s, P::template load_key<4, 32>(key));
};

static_assert(tinyjambu_backend<tinyjambu_portable> && tinyjambu_backend<tinyjambu_small> &&
              tinyjambu_backend<tinyjambu_words>);
#if LWC_SMALL
using tinyjambu_default = tinyjambu_small;
#elif LWC_ARMV7M_ASM
using tinyjambu_default = tinyjambu_words_armv7m;
#elif UINTPTR_MAX <= 0xffffffffu || defined(__aarch64__)  // 32-bit targets, AArch64: words
using tinyjambu_default = tinyjambu_words;
#else
using tinyjambu_default = tinyjambu_portable;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail
