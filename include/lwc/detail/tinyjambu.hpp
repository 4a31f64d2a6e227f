// The TinyJambu keyed permutation with its backends, one file each (only the portable
// one today):
//   tinyjambu_portable   the NLFSR clocked 37 steps at a time (any target)
#pragma once

#include <concepts>
#include <string_view>

#include "tinyjambu_portable.hpp"

namespace lwc::inline LWC_ISA_NS::detail {

// What a backend provides: its key form for a key of KeyWords words and permutations of
// up to MaxWords * 32 steps, and P_{32 Words} with it (inlined into the mode's loops).
template <class P>
concept tinyjambu_backend = requires(tinyjambu::state& s, const u8* key) {
    { P::name } -> std::convertible_to<std::string_view>;
    { P::template load_key<4, 32>(key) } -> std::same_as<typename P::template key_schedule<4, 32>>;
    P::template permute<20>(s, P::template load_key<4, 32>(key));
    P::template permute<32>(s, P::template load_key<4, 32>(key));
};

static_assert(tinyjambu_backend<tinyjambu_portable>);
using tinyjambu_default = tinyjambu_portable;

}  // namespace lwc::detail
