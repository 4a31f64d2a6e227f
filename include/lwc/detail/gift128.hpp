// SPDX-License-Identifier: MIT
// GIFT-128 (Banik et al., CHES 2017) in the bitsliced form GIFT-COFB specifies (GIFT-COFB
// v1.1, NIST LWC final round, section 2.2): the block as four 32-bit words S0..S3, read
// big-endian from its 16 bytes, where word i holds bit i of every 4-bit S-box cell (the
// cell j in bit positions 4j..4j+3 of the specification's order becomes bit j of each
// word). The key as four big-endian 32-bit words (its eight 16-bit words in pairs).
//
// Constant time: the S-box is its Boolean circuit on all 32 cells at once, the bit
// permutation a fixed sequence of shifts and masks; no branch or memory index depends on
// the key or the block.
#pragma once

#include <array>
#include <cstddef>

#include "bytes.hpp"
#include "lfsr6.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::gift128 {

using block = std::array<u32, 4>;
using key_words = std::array<u32, 4>;
inline constexpr int rounds = 40;

inline constexpr std::array<u8, rounds> round_constants = lfsr6_round_constants<rounds>();

inline block load_block(const u8* p) noexcept {
    return {load32_be(p), load32_be(p + 4), load32_be(p + 8), load32_be(p + 12)};
}
inline void store_block(u8* p, const block& b) noexcept {
    for (int i = 0; i < 4; ++i) store32_be(p + 4 * i, b[i]);
}
inline key_words load_key(const u8* k) noexcept { return load_block(k); }

// Exchanges the bits selected by mask with those shift places above them (in each
// 32-bit half of a u64 as well: no mask bit reaches across).
template <class W>
constexpr LWC_ALWAYS_INLINE W swap_bits(W x, W mask, int shift) noexcept {
    const W t = ((x >> shift) ^ x) & mask;
    return x ^ t ^ (t << shift);
}

constexpr LWC_ALWAYS_INLINE u32 byte_reverse(u32 x) noexcept {
    return (x << 24) | ((x << 8) & 0x00ff0000) | ((x >> 8) & 0x0000ff00) | (x >> 24);
}

// Bit 4b + i of each 32-bit word to bit 8i + b: the bit position's index bits
// (b2 b1 b0 i1 i0) rotated to (i1 i0 b2 b1 b0), as four exchanges of two index bits each
// (0-2, 1-3, 2-4, 3-4). W = u64: two words at once.
template <class W>
constexpr LWC_ALWAYS_INLINE W group_by_slice(W x) noexcept {
    x = swap_bits(x, W(0x0a0a0a0a0a0a0a0au), 3);
    x = swap_bits(x, W(0x00cc00cc00cc00ccu), 6);
    x = swap_bits(x, W(0x0000f0f00000f0f0u), 12);
    return swap_bits(x, W(0x0000ff000000ff00u), 8);
}

// PermBits on word W (0..3): bit 4b + i to bit b + 8 * ((W - i) mod 4). Grouped by i,
// the groups are byte i; reversing the bytes puts group i at byte 3 - i, and a rotation
// by W + 1 bytes at byte W - i.
template <int W>
constexpr LWC_ALWAYS_INLINE u32 place_slices(u32 grouped) noexcept {
    return rotl32(byte_reverse(grouped), (8 * (W + 1)) & 31);
}
template <int W>
constexpr LWC_ALWAYS_INLINE u32 permute_word(u32 x) noexcept {
    return place_slices<W>(group_by_slice(x));
}

// PermBits on the state: where 64-bit words are registers, the grouping two words at
// once (most of a round's work).
LWC_ALWAYS_INLINE void permute_bits(block& s) noexcept {
#if UINTPTR_MAX > 0xffffffffu
    const u64 a = group_by_slice(u64(s[0]) | u64(s[1]) << 32);
    const u64 b = group_by_slice(u64(s[2]) | u64(s[3]) << 32);
    s = {place_slices<0>(u32(a)), place_slices<1>(u32(a >> 32)), place_slices<2>(u32(b)),
         place_slices<3>(u32(b >> 32))};
#else
    s = {permute_word<0>(s[0]), permute_word<1>(s[1]), permute_word<2>(s[2]),
         permute_word<3>(s[3])};
#endif
}

// The S-box on 32 cells: bit i of every cell in word i.
LWC_ALWAYS_INLINE void sub_cells(block& s) noexcept {
    s[1] ^= s[0] & s[2];
    s[0] ^= s[1] & s[3];
    s[2] ^= s[0] | s[1];
    s[3] ^= s[2];
    s[1] ^= s[3];
    s[3] = ~s[3];
    s[2] ^= s[0] & s[1];
    const u32 t = s[0];
    s[0] = s[3];
    s[3] = t;
}

// The key state's update: its eight 16-bit words shift by two, the last two rotated.
LWC_ALWAYS_INLINE void next_key(key_words& k) noexcept {
    const u32 w6 = k[3] >> 16, w7 = k[3] & 0xffff;
    const u32 t6 = ((w6 >> 2) | (w6 << 14)) & 0xffff, t7 = ((w7 >> 12) | (w7 << 4)) & 0xffff;
    k[3] = k[2];
    k[2] = k[1];
    k[1] = k[0];
    k[0] = (t6 << 16) | t7;
}

// One round: S-box, PermBits, round key (key words 1 and 3) and constant.
LWC_ALWAYS_INLINE void round(block& s, key_words& k, int r) noexcept {
    sub_cells(s);
    permute_bits(s);
    s[2] ^= k[1];
    s[1] ^= k[3];
    s[3] ^= 0x80000000u ^ round_constants[std::size_t(r)];
    next_key(k);
}

// Encrypts s in place under the key words. Out of line: called once a block from
// several places of the mode.
LWC_NOINLINE inline void encrypt(block& s, const key_words& key) noexcept {
    key_words k = key;
    LWC_UNROLL(4)
    for (int r = 0; r < rounds; ++r) round(s, k, r);
    secure_zero(k);
}

}}}  // namespace lwc::inline LWC_ISA_NS::detail::gift128
