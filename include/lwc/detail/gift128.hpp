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
#include <utility>

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


// Fixsliced GIFT-128 (Adomnicai, Najm, Peyrin, "Fixslicing: a new GIFT representation",
// TCHES 2020/3), derived here for GIFT-COFB's representation: word 3 (the round
// constant's) stays where it is, and word W moves by P3^-1 P_W instead of P_W. After r
// rounds all four words hold their bits in one order, sigma_r = P3^-r (so the S-box still
// finds a cell's four bits at one position), and P3 has order 5: after every fifth round
// the order is the specification's again.
// A round's moves (sigma_{r+1} P_W sigma_r^-1, for r mod 5 = 0..4) are rotations of
// nibbles, 16-bit halves, pairs, bytes and words, a few operations each where PermBits
// takes some forty; the round keys and constants are put in sigma_{r+1}'s order before.
// Not in builds for size: the round keys are 320 bytes and the code larger.
#if !LWC_SMALL
namespace fixsliced {

// The bits of every group of Bits bits (4, 8, 16 or 32) rotated right by K.
template <int Bits, int K>
constexpr LWC_ALWAYS_INLINE u32 group_ror(u32 x) noexcept {
    constexpr u32 low = [] {  // the bits of a group that move down
        u32 m = (u32(1) << (Bits - K)) - 1;
        for (int b = Bits; b < 32; b *= 2) m |= m << b;
        return m;
    }();
    return ((x >> K) & low) | ((x << (Bits - K)) & ~low);
}

// The moves of round r mod 5 = J on words 0..2 (word 3 keeps its place).
template <int J>
LWC_ALWAYS_INLINE void move_slices(block& s) noexcept {
    if constexpr (J == 0) {
        s[0] = group_ror<4, 1>(s[0]), s[1] = group_ror<4, 2>(s[1]), s[2] = group_ror<4, 3>(s[2]);
    } else if constexpr (J == 1) {
        s[0] = group_ror<16, 4>(s[0]), s[1] = group_ror<16, 8>(s[1]);
        s[2] = group_ror<16, 12>(s[2]);
    } else if constexpr (J == 2) {  // pairs exchanged: in the low half, all, the high half
        s[0] = rotr32(swap_bits(s[0], u32(0x00005555), 1), 16);
        s[1] = swap_bits(s[1], u32(0x55555555), 1);
        s[2] = rotr32(swap_bits(s[2], u32(0x55550000), 1), 16);
    } else if constexpr (J == 3) {
        s[0] = group_ror<8, 6>(s[0]), s[1] = group_ror<8, 4>(s[1]), s[2] = group_ror<8, 2>(s[2]);
    } else {
        s[0] = rotr32(s[0], 24), s[1] = rotr32(s[1], 16), s[2] = rotr32(s[2], 8);
    }
}

// sigma_K (K = 1..4): the bit at position y to position rotl5(y, 2K) ^ c_K (P3 maps the
// five bits of a position affinely). The rotation as four exchanges of two position
// bits, then each complemented position bit as an exchange of neighbouring blocks.
template <int K>
constexpr LWC_ALWAYS_INLINE u32 sigma(u32 x) noexcept {
    // Position bits (4..0) rotated left by 2K, then complemented where c_K has a one.
    if constexpr (K == 1) {  // c = 00011
        x = swap_bits(x, u32(0x00aa00aa), 7), x = swap_bits(x, u32(0x0000cccc), 14);
        x = swap_bits(x, u32(0x00f000f0), 4), x = swap_bits(x, u32(0x0000ff00), 8);
        return group_ror<4, 2>(group_ror<2, 1>(x));
    } else if constexpr (K == 2) {  // c = 01111
        x = swap_bits(x, u32(0x22222222), 1), x = swap_bits(x, u32(0x0c0c0c0c), 2);
        x = swap_bits(x, u32(0x00f000f0), 4), x = swap_bits(x, u32(0x0000ff00), 8);
        return group_ror<16, 8>(group_ror<8, 4>(group_ror<4, 2>(group_ror<2, 1>(x))));
    } else if constexpr (K == 3) {  // c = 11110
        x = swap_bits(x, u32(0x0000aaaa), 15), x = swap_bits(x, u32(0x0000cccc), 14);
        x = swap_bits(x, u32(0x0000f0f0), 12), x = swap_bits(x, u32(0x0000ff00), 8);
        return rotr32(group_ror<16, 8>(group_ror<8, 4>(group_ror<4, 2>(x))), 16);
    } else {  // c = 11000
        x = swap_bits(x, u32(0x0a0a0a0a), 3), x = swap_bits(x, u32(0x00cc00cc), 6);
        x = swap_bits(x, u32(0x0000f0f0), 12), x = swap_bits(x, u32(0x0000ff00), 8);
        return rotr32(group_ror<16, 8>(x), 16);
    }
}
// In round r's order: sigma_{r mod 5 + 1}, the identity for the fifth.
template <int J>
constexpr LWC_ALWAYS_INLINE u32 in_round_order(u32 x) noexcept {
    if constexpr (J == 4) return x;
    else return sigma<J + 1>(x);
}

// Word 3's constant of every round, in its round's order.
inline constexpr std::array<u32, rounds> round_constant_words = [] {
    std::array<u32, rounds> c{};
    for (int r = 0; r < rounds; ++r) {
        const u32 x = 0x80000000u ^ round_constants[std::size_t(r)];
        const int j = r % 5;
        c[std::size_t(r)] = j == 0 ? in_round_order<0>(x) : j == 1 ? in_round_order<1>(x)
                          : j == 2 ? in_round_order<2>(x) : j == 3 ? in_round_order<3>(x) : x;
    }
    return c;
}();

// The round keys of all 40 rounds, each in its round's order, grouped by r mod 5 = J:
// round 5q + J adds words 16J + 2q to word 2 and 16J + 2q + 1 to word 1.
using round_keys = std::array<u32, 2 * rounds>;

// Ten updates of the key state take its words 1 and 3 (the round key) to words 3 and 1,
// the 16-bit halves rotated: round r + 10's key words are rho^3 of round r's word 3 and
// rho^2 of its word 1, where rho rotates the high half right by 2 and the low by 12.
constexpr u32 rotate_halves(u32 x, int n) noexcept {
    const auto ror16 = [](u32 h, int k) { return ((h >> k) | (h << ((16 - k) & 15))) & 0xffff; };
    return ror16(x >> 16, 2 * n % 16) << 16 | ror16(x & 0xffff, 12 * n % 16);
}

// A bit permutation as its classes of bits that one rotation moves: bit i of mask[c]
// goes to bit (i - rot[c]) mod 32.
struct bit_rotations {
    std::array<u32, 32> mask{};
    std::array<int, 32> rot{};
    std::size_t count = 0;
};

// rho^N in round order J (in_round_order<J> rho^N in_round_order<J>^-1), worked out
// bit by bit at compile time: 2 to 6 rotated classes, 4-17 operations where reordering a
// word of the key costs some forty (sigma).
template <int J, int N>
inline constexpr bit_rotations rotate_halves_in_order = [] {
    bit_rotations m;
    for (int i = 0; i < 32; ++i) {
        const u32 from = in_round_order<J>(u32(1) << i);
        const u32 to = in_round_order<J>(rotate_halves(u32(1) << i, N));
        int p = 0, q = 0;
        while (from >> p != 1) ++p;
        while (to >> q != 1) ++q;
        std::size_t c = 0;
        while (c < m.count && m.rot[c] != (p - q + 32) % 32) ++c;
        m.rot[c] = (p - q + 32) % 32;
        m.count += c == m.count;
        m.mask[c] |= from;
    }
    return m;
}();

template <int J, int N>
LWC_ALWAYS_INLINE u32 advance_key(u32 x) noexcept {
    constexpr bit_rotations m = rotate_halves_in_order<J, N>;
    return [&]<std::size_t... C>(std::index_sequence<C...>) {
        return (rotr32(x & m.mask[C], m.rot[C]) | ...);
    }(std::make_index_sequence<m.count>{});
}

// Group J's words: rounds J and 5 + J reordered (sigma), the later rounds' derived from
// those ten rounds back.
template <int J>
LWC_ALWAYS_INLINE void order_keys(u32* group) noexcept {
    for (int i = 0; i < 4; ++i) group[i] = in_round_order<J>(group[i]);
    for (int q = 2; q < rounds / 5; ++q) {
        group[2 * q] = advance_key<J, 3>(group[2 * q - 3]);
        group[2 * q + 1] = advance_key<J, 2>(group[2 * q - 4]);
    }
}

inline void expand(round_keys& rk, const key_words& key) noexcept {
    key_words k = key;
    for (int r = 0; r < 10; ++r) {
        u32* w = &rk[std::size_t(16 * (r % 5) + 2 * (r / 5))];
        w[0] = k[1];
        w[1] = k[3];
        next_key(k);
    }
    secure_zero(k);
    order_keys<0>(&rk[0]);
    order_keys<1>(&rk[16]);
    order_keys<2>(&rk[32]);
    order_keys<3>(&rk[48]);
    order_keys<4>(&rk[64]);
}

// sub_cells with a shorter chain of dependent steps (7 against 10; one block is a chain
// of them): its last AND, s0' & (s1' ^ s3 ^ s2'), rewritten by s0' & s2' = s0' & ~s2
// (s2' = s2 ^ (s0' | s1')) as (s0' & (s1' ^ s3)) ^ (s0' & ~s2). Six more operations,
// which cores that issue one at a time pay for: those (32-bit) keep sub_cells.
LWC_ALWAYS_INLINE void sub_cells_shallow(block& s) noexcept {
#if UINTPTR_MAX > 0xffffffffu
    const u32 s1 = s[1] ^ (s[0] & s[2]);
    const u32 s0 = s[0] ^ (s1 & s[3]);
    const u32 s2 = s[2] ^ (s0 | s1);
    const u32 t = s1 ^ s[3];
    s[1] = t ^ s2;
    s[0] = ~(s[3] ^ s2);
    s[2] = s2 ^ (s0 & t) ^ (s0 & ~s[2]);
    s[3] = s0;
#else
    sub_cells(s);
#endif
}

// Round 5q + J.
template <int J>
LWC_ALWAYS_INLINE void round(block& s, const round_keys& rk, int q) noexcept {
    sub_cells_shallow(s);
    move_slices<J>(s);
    s[2] ^= rk[std::size_t(16 * J + 2 * q)];
    s[1] ^= rk[std::size_t(16 * J + 2 * q + 1)];
    s[3] ^= round_constant_words[std::size_t(5 * q + J)];
#if defined(__clang__)
    // Clang packs the three words' moves into vector registers, a longer chain (210
    // against 165 ns a block on AMD Zen 4); the barriers keep them in general registers.
    // GCC keeps them there without, and is slower with them (8%).
    for (u32& w : s) w = value_barrier(w);
#endif
}

// On a copy of the block: the round keys are words too, and a store to the caller's block
// might change them as far as the compiler knows (it kept the block in memory).
LWC_NOINLINE inline void encrypt(block& b, const round_keys& rk) noexcept {
    block s = b;
    for (int q = 0; q < rounds / 5; ++q) {
        round<0>(s, rk, q);
        round<1>(s, rk, q);
        round<2>(s, rk, q);
        round<3>(s, rk, q);
        round<4>(s, rk, q);
    }
    b = s;
}

}  // namespace fixsliced
#endif

// What a mode keeps of the key, and the encryption under it: the fixsliced round keys,
// or in builds for size the key itself (the compact rounds derive theirs as they go).
#if LWC_SMALL
using key_schedule = key_words;
inline void schedule_key(key_schedule& ks, const u8* k) noexcept { ks = load_key(k); }
#else
using key_schedule = fixsliced::round_keys;
inline void schedule_key(key_schedule& ks, const u8* k) noexcept {
    key_words w = load_key(k);
    fixsliced::expand(ks, w);
    secure_zero(w);
}
using fixsliced::encrypt;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail::gift128
