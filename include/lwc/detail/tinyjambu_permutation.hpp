// SPDX-License-Identifier: MIT
// The TinyJambu keyed permutation with its backends, one file each:
//   tinyjambu_portable   the NLFSR clocked 37 steps at a time (any target; the default)
//   tinyjambu_small      32-bit word steps in one rolled out-of-line loop (any target;
//                        the default under LWC_SMALL, i.e. -Os: firmware, where the
//                        schemes also run the compact mode of tinyjambu.hpp)
//   tinyjambu_words      32-bit word steps, four a turn (any target; the default on
//                        other 32-bit targets, where 64-bit chunks cost two registers a value)
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
#elif UINTPTR_MAX <= 0xffffffffu  // 32-bit targets (Arm, RISC-V rv32): 32-bit words
using tinyjambu_default = tinyjambu_words;
#else
using tinyjambu_default = tinyjambu_portable;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail
