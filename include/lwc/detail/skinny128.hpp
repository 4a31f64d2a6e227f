// SPDX-License-Identifier: MIT
// SKINNY-128-384+ (Beierle, Jean, Koelbl, Leander, Moradi, Peyrin, Sasaki, Sasdrich, Sim,
// CRYPTO 2016; the 40-round "+" version of Romulus v1.3, NIST LWC final round): the
// tweakable block cipher of Romulus. The 4x4 byte state and each 16-byte tweakey word
// TK1, TK2, TK3 as four 32-bit rows, row r holding bytes 4r..4r+3 little-endian (byte
// 4r + c, the cell of column c, in bits 8c..8c+7), so that ShiftRows is a rotation of
// each row and MixColumns XORs of whole rows.
//
// Constant time: the 8-bit S-box is its NOR/XOR circuit (the specification's four
// rounds of two NOR-XORs and a bit permutation) run on the cells of one or two rows at
// once with masks and shifts; no table, no branch and no memory index depends on the
// state or the tweakey. The tweakey permutation moves fixed bytes.
#pragma once

#include <array>
#include <cstddef>

#include "bytes.hpp"
#include "lfsr6.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::skinny128 {

using rows = std::array<u32, 4>;  // a state or one tweakey word
inline constexpr int rounds = 40;

inline rows load_rows(const u8* p) noexcept {
    return {load32_le(p), load32_le(p + 4), load32_le(p + 8), load32_le(p + 12)};
}
inline void store_rows(u8* p, const rows& r) noexcept {
    for (int i = 0; i < 4; ++i) store32_le(p + 4 * i, r[i]);
}

inline constexpr std::array<u8, rounds> round_constants = lfsr6_round_constants<rounds>();

// The S-box on every byte of a word W (u32: a row; u64: two rows). The specification's
// circuit, bit i of a byte called x_i, is four times x4 ^= ~(x7 | x6), x0 ^= ~(x3 | x2),
// with the bit permutation (x7..x0) <- (x2, x1, x7, x6, x4, x0, x3, x5) after each of the
// first three and x1, x2 exchanged after the last. Here the bits stay where they are:
// each NOR-XOR acts on the positions the permutations would have brought its bits to,
// and one permutation, the four composed, ends it (the same function, checked on all
// 256 bytes; a quarter fewer operations).
template <class W>
constexpr LWC_ALWAYS_INLINE W nor_xor(W x, W a, W b, u8 bit) noexcept {
    return x ^ (~(a | b) & (W(0x0101010101010101u) * bit));
}
template <class W>
constexpr LWC_ALWAYS_INLINE W sbox(W x) noexcept {
    x = nor_xor(x, x >> 2, x >> 3, 0x11);  // round 1: bits 4 <- 7, 6 and 0 <- 3, 2
    x = nor_xor(x, x << 4, x << 5, 0x40);  // round 2: 6 <- 2, 1
    x = nor_xor(x, x << 1, x << 5, 0x20);  //          5 <- 4, 0
    x = nor_xor(x, x << 1, x >> 2, 0x02);  // round 3: 1 <- 0, 3
    x = nor_xor(x, x << 1, x << 2, 0x80);  //          7 <- 6, 5
    x = nor_xor(x, x >> 2, x >> 1, 0x08);  // round 4: 3 <- 5, 4
    x = nor_xor(x, x << 1, x >> 5, 0x04);  //          2 <- 1, 7
    constexpr W r = W(0x0101010101010101u);  // out (x7..x0) = (5, 4, 0, 3, 1, 6, 7, 2)
    return ((x & (r * 0x32)) << 2) | ((x & (r * 0x01)) << 5) | ((x & (r * 0x08)) << 1) |
           ((x & (r * 0x40)) >> 4) | ((x & (r * 0x80)) >> 6) | ((x & (r * 0x04)) >> 2);
}

// SubCells on the whole state: where 64-bit words are registers, two rows a word
// (the S-box is most of a round's work: a third fewer instructions a round on x86-64).
LWC_ALWAYS_INLINE void sub_cells(rows& s) noexcept {
#if UINTPTR_MAX > 0xffffffffu
    const u64 a = sbox(u64(s[0]) | u64(s[1]) << 32), b = sbox(u64(s[2]) | u64(s[3]) << 32);
    s = {u32(a), u32(a >> 32), u32(b), u32(b >> 32)};
#else
    for (auto& r : s) r = sbox(r);
#endif
}

// The tweakey cell permutation PT = (9, 15, 8, 13, 10, 14, 12, 11, 0, .., 7) on rows:
// the first two rows move down, the new first two take bytes of the old last two.
LWC_ALWAYS_INLINE void permute_tweakey(rows& t) noexcept {
    const u32 r2 = t[2], r3 = t[3];
    t[2] = t[0];
    t[3] = t[1];
    t[0] = ((r2 >> 8) & 0x000000ffu) | ((r3 >> 16) & 0x0000ff00u) | ((r2 << 16) & 0x00ff0000u) |
           ((r3 << 16) & 0xff000000u);
    t[1] = ((r2 >> 16) & 0x000000ffu) | ((r3 >> 8) & 0x0000ff00u) | ((r3 << 16) & 0x00ff0000u) |
           (r2 & 0xff000000u);
}
// The LFSRs on each byte of the first two rows: TK2 (x7..x0) <- (x6..x0, x7 ^ x5),
// TK3 (x7..x0) <- (x0 ^ x6, x7..x1).
constexpr LWC_ALWAYS_INLINE u32 lfsr2(u32 x) noexcept {
    return ((x << 1) & 0xfefefefeu) | (((x >> 7) ^ (x >> 5)) & 0x01010101u);
}
constexpr LWC_ALWAYS_INLINE u32 lfsr3(u32 x) noexcept {
    return ((x >> 1) & 0x7f7f7f7fu) | (((x << 7) ^ (x << 1)) & 0x80808080u);
}

// One round with the round tweakey (k0, k1) for the first two rows.
LWC_ALWAYS_INLINE void round(rows& s, u32 k0, u32 k1, u32 rc) noexcept {
    sub_cells(s);
    s[0] ^= (rc & 0x0f) ^ k0;
    s[1] ^= (rc >> 4) ^ k1;
    s[2] ^= 0x02;
    s[1] = rotl32(s[1], 8);  // ShiftRows: row r moves r cells right
    s[2] = rotl32(s[2], 16);
    s[3] = rotl32(s[3], 24);
    s[1] ^= s[2];  // MixColumns
    s[2] ^= s[0];
    s[3] ^= s[2];
    const u32 t = s[3];
    s[3] = s[2];
    s[2] = s[1];
    s[1] = s[0];
    s[0] = t;
}

// The tweakey schedule's step for each of TK1, TK2, TK3.
LWC_ALWAYS_INLINE void next_tweakeys(rows& tk1, rows& tk2, rows& tk3) noexcept {
    permute_tweakey(tk1);
    permute_tweakey(tk2);
    permute_tweakey(tk3);
    tk2[0] = lfsr2(tk2[0]);
    tk2[1] = lfsr2(tk2[1]);
    tk3[0] = lfsr3(tk3[0]);
    tk3[1] = lfsr3(tk3[1]);
}

// Encrypts s under the tweakey (tk1, tk2, tk3). Out of line: every mode calls it from
// several places, and its copies of the tweakey die in its own frame.
LWC_NOINLINE inline void encrypt(rows& s, rows tk1, rows tk2, rows tk3) noexcept {
    LWC_UNROLL(2)
    for (int r = 0; r < rounds; ++r) {
        round(s, tk1[0] ^ tk2[0] ^ tk3[0], tk1[1] ^ tk2[1] ^ tk3[1], round_constants[std::size_t(r)]);
        next_tweakeys(tk1, tk2, tk3);
    }
    secure_zero(tk2);
    secure_zero(tk3);
}

// Two blocks under tweakeys that differ in TK1 alone (Romulus-H's two halves, Romulus-T's
// keystream block and next key). One block is a chain of dependent steps (the S-box's
// above all); where registers abound (64-bit targets, not builds for size) the rounds of
// the two run interleaved, so that the chains overlap; elsewhere one after the other.
#if UINTPTR_MAX > 0xffffffffu && !LWC_SMALL
LWC_NOINLINE inline void encrypt_pair(rows& a, rows& b, rows tk1a, rows tk1b, rows tk2,
                                      rows tk3) noexcept {
    LWC_UNROLL(2)
    for (int r = 0; r < rounds; ++r) {
        const u32 k0 = tk2[0] ^ tk3[0], k1 = tk2[1] ^ tk3[1], rc = round_constants[std::size_t(r)];
        round(a, tk1a[0] ^ k0, tk1a[1] ^ k1, rc);
        round(b, tk1b[0] ^ k0, tk1b[1] ^ k1, rc);
        permute_tweakey(tk1b);
        next_tweakeys(tk1a, tk2, tk3);
    }
    secure_zero(tk2);
    secure_zero(tk3);
}
#else
inline void encrypt_pair(rows& a, rows& b, const rows& tk1a, const rows& tk1b, const rows& tk2,
                         const rows& tk3) noexcept {
    encrypt(a, tk1a, tk2, tk3);
    encrypt(b, tk1b, tk2, tk3);
}
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail::skinny128
