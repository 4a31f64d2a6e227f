// The TinyJambu keyed permutation P_n: a 128-bit NLFSR clocked 32 steps at a time.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "bytes.hpp"

namespace lwc::detail::tinyjambu {

using state = std::array<u32, 4>;

// 32 NLFSR steps at once: feedback bit i is s_i ^ s_{i+47} ^ ~(s_{i+70} & s_{i+85})
// ^ s_{i+91} ^ k_i, and no tap of the 32 new bits reaches into them (91 + 31 < 128),
// so a whole word is computed from the old state.
inline u32 feedback(u32 s0, u32 s1, u32 s2, u32 s3, u32 k) noexcept {
    const u32 t47 = (s1 >> 15) | (s2 << 17);
    const u32 t70 = (s2 >> 6) | (s3 << 26);
    const u32 t85 = (s2 >> 21) | (s3 << 11);
    const u32 t91 = (s2 >> 27) | (s3 << 5);
    // Terms that do not depend on the newest word s3 first: they are off the
    // critical path from one feedback word to the next.
    return (~(s0 ^ t47 ^ k) ^ t91) ^ (t70 & t85);
}

// P with Words * 32 steps; key word j is used at step word j mod KeyWords (the
// key schedule restarts at every call, as in the specification).
// Fully unrolled so that the four state words rotate through registers by name.
template <std::size_t Words, std::size_t KeyWords>
inline void permute(state& st, const std::array<u32, KeyWords>& key) noexcept {
    u32 s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((s0 = feedback(s0, s1, s2, s3, key[I % KeyWords]), std::swap(s0, s1), std::swap(s1, s2),
          std::swap(s2, s3)),
         ...);
    }(std::make_index_sequence<Words>{});
    st = {s0, s1, s2, s3};
}

}  // namespace lwc::detail::tinyjambu
