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
// once (all 16 in the vector form) with masks and shifts; no table, no branch and no
// memory index depends on the state or the tweakey. ShiftRows and the tweakey
// permutation move fixed bytes.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <type_traits>

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
// The byte c in every byte of a W: an unsigned integer, or a vector of u64.
template <class W>
constexpr LWC_ALWAYS_INLINE W in_every_byte(u8 c) noexcept {
    if constexpr (std::is_integral_v<W>) return W(0x0101010101010101u * c);
    else return W{} | u64(0x0101010101010101u * c);
}
// On integer words the circuit runs on the complement, where x ^= ~(a | b) is
// x ^= a & b (De Morgan): one instruction fewer a step on Arm and RISC-V, which have no
// NOR, and x86-64 without BMI1's ANDN; vectors keep the NOR (ANDN, or one VPTERNLOG).
template <class W>
constexpr LWC_ALWAYS_INLINE W nor_xor(W x, W a, W b, u8 bit) noexcept {
    if constexpr (std::is_integral_v<W>) return x ^ (a & b & in_every_byte<W>(bit));
    else return x ^ (~(a | b) & in_every_byte<W>(bit));
}
template <class W>
constexpr LWC_ALWAYS_INLINE W sbox(W x) noexcept {
    if constexpr (std::is_integral_v<W>) x = ~x;
    x = nor_xor(x, x >> 2, x >> 3, 0x11);  // round 1: bits 4 <- 7, 6 and 0 <- 3, 2
    x = nor_xor(x, x << 4, x << 5, 0x40);  // round 2: 6 <- 2, 1
    x = nor_xor(x, x << 1, x << 5, 0x20);  //          5 <- 4, 0
    x = nor_xor(x, x << 1, x >> 2, 0x02);  // round 3: 1 <- 0, 3
    x = nor_xor(x, x << 1, x << 2, 0x80);  //          7 <- 6, 5
    x = nor_xor(x, x >> 2, x >> 1, 0x08);  // round 4: 3 <- 5, 4
    x = nor_xor(x, x << 1, x >> 5, 0x04);  //          2 <- 1, 7
    if constexpr (std::is_integral_v<W>) x = ~x;
    const auto bits = [x](u8 c) { return x & in_every_byte<W>(c); };  // out (x7..x0) =
    return (bits(0x32) << 2) | (bits(0x01) << 5) | (bits(0x08) << 1) |  // (5, 4, 0, 3, 1, 6, 7, 2)
           (bits(0x40) >> 4) | (bits(0x80) >> 6) | (bits(0x04) >> 2);
}

// The specification's circuit as it reads, bit by bit, and the check that sbox computes
// it for all 256 inputs (at compile time; the specification's table begins 65 4c 6a 42).
constexpr u8 spec_sbox(u8 x) noexcept {
    constexpr int from[8] = {5, 3, 0, 4, 6, 7, 1, 2};  // new bit i: old bit from[i]
    for (int round = 0; round < 4; ++round) {
        u32 v = x;
        v ^= (~((v >> 7) | (v >> 6)) & 1) << 4;
        v ^= ~((v >> 3) | (v >> 2)) & 1;
        u32 w = v ^ ((((v >> 1) ^ (v >> 2)) & 1) * 6);  // the last: bits 1, 2 exchanged
        if (round < 3)
            for (int i = w = 0; i < 8; ++i) w |= ((v >> from[i]) & 1) << i;
        x = u8(w);
    }
    return x;
}
static_assert([] {  // every byte of a word, as 32- and 64-bit words hold them
    for (u32 i = 0; i < 256; ++i) {
        const u64 all = 0x0101010101010101u;
        if (sbox(u32(all) * i) != u32(all) * spec_sbox(u8(i))) return false;
        if (sbox(all * i) != all * spec_sbox(u8(i))) return false;
    }
    return spec_sbox(0) == 0x65 && spec_sbox(1) == 0x4c && spec_sbox(2) == 0x6a;
}());

// SubCells on the whole state: where 64-bit words are registers, two rows a word
// (the S-box is most of a round's work: a third fewer instructions a round on x86-64).
LWC_ALWAYS_INLINE void sub_cells(rows& s) noexcept {
#if UINTPTR_MAX > 0xffffffffu
    const u64 a = sbox(u64(s[0]) | u64(s[1]) << 32), b = sbox(u64(s[2]) | u64(s[3]) << 32);
    s = {u32(a), u32(a >> 32), u32(b), u32(b >> 32)};
#else
    LWC_SPEED_UNROLL(4)  // the rows in registers
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

// On 64-bit targets (not in builds for size) the rounds run on the whole state in one
// 16-byte vector (GCC's and Clang's vector extensions: SSE or AVX on x86-64, NEON on
// AArch64): the S-box circuit on all 16 cells at once, ShiftRows and the tweakey
// permutation as byte shuffles, MixColumns as row shuffles and XORs, and TK2's and TK3's
// schedules beside the state. One block is a chain of dependent steps, and the vector
// form's chain is the shorter: on AMD Zen 4 (-O3 -march=native) a block takes 450 ns
// against the 64-bit word form's 940 with gcc 12, 344 against 712 with clang 14. Not for
// gcc on x86-64 without SSSE3 (no byte shuffle, pshufb): it shuffles through the stack,
// and the word form is faster (Romulus-N 1 KiB: 57 ns/B against 135, gcc 12 -O3
// -march=x86-64, AMD Zen 4) and its frames smaller (56 bytes against 872; encrypt_pair's
// 1352 took Romulus-T's decrypt deeper than the stack wipe). Clang's shuffles there are
// fine (33 ns/B against the word form's 52).
#if UINTPTR_MAX > 0xffffffffu && !LWC_SMALL && (defined(__GNUC__) || defined(__clang__)) && \
    (!defined(__x86_64__) || defined(__SSSE3__) || defined(__clang__))
#define LWC_SKINNY_VECTOR 1
namespace vec {
typedef u64 v2 __attribute__((vector_size(16)));  // the rows, as rows holds them
typedef u32 v4 __attribute__((vector_size(16)));
typedef u8 v16 __attribute__((vector_size(16)));

inline v2 load(const rows& r) noexcept {
    v2 v;
    __builtin_memcpy(&v, r.data(), sizeof v);
    return v;
}
inline void store(rows& r, v2 v) noexcept { __builtin_memcpy(r.data(), &v, sizeof v); }

// The byte of cell i (4r + c) in a vector holding rows as words, and the cell of a byte
// (the same map): byte 4r + c little-endian, 4r + 3 - c big-endian.
constexpr int byte_of(int cell) noexcept {
    const int c = cell % 4;
    return cell - c + (std::endian::native == std::endian::little ? c : 3 - c);
}
// The byte that byte b of a shuffle's result takes: ShiftRows (cell c of row r to column
// c + r mod 4) and PT.
constexpr int shift_rows_from(int b) noexcept {
    const int cell = byte_of(b), r = cell / 4;
    return byte_of(4 * r + (cell - 4 * r - r + 4) % 4);
}
constexpr int pt_from(int b) noexcept {
    constexpr int pt[16] = {9, 15, 8, 13, 10, 14, 12, 11, 0, 1, 2, 3, 4, 5, 6, 7};
    return byte_of(pt[byte_of(b)]);
}
#define LWC_SKINNY_SHUFFLE_(x, from)                                                        \
    (v2) __builtin_shufflevector((v16)(x), (v16)(x), from(0), from(1), from(2), from(3),    \
                                 from(4), from(5), from(6), from(7), from(8), from(9),      \
                                 from(10), from(11), from(12), from(13), from(14), from(15))
LWC_ALWAYS_INLINE v2 shift_rows(v2 x) noexcept { return LWC_SKINNY_SHUFFLE_(x, shift_rows_from); }
// MixColumns: rows (a0, a1, a2, a3) to (a0 ^ a2 ^ a3, a0, a1 ^ a2, a0 ^ a2).
LWC_ALWAYS_INLINE v2 mix_columns(v2 x) noexcept {
    const v4 a = (v4)x;
    const v4 u = __builtin_shufflevector(a, a, 0, 0, 1, 0);
    const v4 v = __builtin_shufflevector(a, a, 2, 2, 2, 2) & v4{~0u, 0, ~0u, ~0u};
    const v4 w = __builtin_shufflevector(a, a, 3, 3, 3, 3) & v4{~0u, 0, 0, 0};
    return (v2)(u ^ v ^ w);
}
// PT on the cells, and the LFSRs on the first two rows (permute_tweakey, lfsr2, lfsr3;
// rows 0 and 1 are the first u64 in either byte order).
LWC_ALWAYS_INLINE v2 permute_tweakey(v2 t) noexcept { return LWC_SKINNY_SHUFFLE_(t, pt_from); }
#undef LWC_SKINNY_SHUFFLE_
LWC_ALWAYS_INLINE v2 lfsr2_rows01(v2 x) noexcept {
    const v2 y = ((x << 1) & in_every_byte<v2>(0xfe)) |
                 (((x >> 7) ^ (x >> 5)) & in_every_byte<v2>(0x01));
    return __builtin_shufflevector(y, x, 0, 3);
}
LWC_ALWAYS_INLINE v2 lfsr3_rows01(v2 x) noexcept {
    const v2 y = ((x >> 1) & in_every_byte<v2>(0x7f)) |
                 (((x << 7) ^ (x << 1)) & in_every_byte<v2>(0x80));
    return __builtin_shufflevector(y, x, 0, 3);
}

// The round tweakey of round r (rows 0 and 1 of TK1 ^ TK2 ^ TK3, the constants), and
// the step of the three schedules.
struct tweakeys {
    v2 tk1, tk2, tk3;
    LWC_ALWAYS_INLINE v2 round_key(int r) const noexcept {
        const u64 rc = round_constants[std::size_t(r)];
        return ((tk1 ^ tk2 ^ tk3) & v2{~u64(0), 0}) ^ (v2)v4{u32(rc & 0x0f), u32(rc >> 4), 0x02, 0};
    }
    LWC_ALWAYS_INLINE void next() noexcept {
        tk1 = permute_tweakey(tk1);
        tk2 = lfsr2_rows01(permute_tweakey(tk2));
        tk3 = lfsr3_rows01(permute_tweakey(tk3));
    }
};
LWC_ALWAYS_INLINE v2 round(v2 x, v2 key) noexcept {
    return mix_columns(shift_rows(sbox(x) ^ key));
}
}  // namespace vec
#endif

// Encrypts s under the tweakey (tk1, tk2, tk3). Out of line: every mode calls it from
// several places, and its copies of the tweakey die in its own frame.
#if LWC_SKINNY_VECTOR
LWC_NOINLINE inline void encrypt(rows& s, const rows& tk1, const rows& tk2,
                                 const rows& tk3) noexcept {
    vec::tweakeys k{vec::load(tk1), vec::load(tk2), vec::load(tk3)};
    vec::v2 x = vec::load(s);
    LWC_UNROLL(2)
    for (int r = 0; r < rounds; ++r) {
        x = vec::round(x, k.round_key(r));
        k.next();
    }
    vec::store(s, x);
}
#else
LWC_NOINLINE inline void encrypt(rows& s, rows tk1, rows tk2, rows tk3) noexcept {
    LWC_UNROLL(2)
    for (int r = 0; r < rounds; ++r) {
        round(s, tk1[0] ^ tk2[0] ^ tk3[0], tk1[1] ^ tk2[1] ^ tk3[1], round_constants[std::size_t(r)]);
        next_tweakeys(tk1, tk2, tk3);
    }
    secure_zero(tk2);
    secure_zero(tk3);
}
#endif

// Two blocks under tweakeys that differ in TK1 alone (Romulus-H's two halves, Romulus-T's
// keystream block and next key). One block is a chain of dependent steps; where
// registers abound (64-bit targets, not builds for size) the rounds of the two run
// interleaved, so that the chains overlap; elsewhere one after the other.
#if LWC_SKINNY_VECTOR
LWC_NOINLINE inline void encrypt_pair(rows& a, rows& b, const rows& tk1a, const rows& tk1b,
                                      const rows& tk2, const rows& tk3) noexcept {
    vec::tweakeys k{vec::load(tk1a), vec::load(tk2), vec::load(tk3)};
    vec::v2 x = vec::load(a), y = vec::load(b), tb = vec::load(tk1b);
    LWC_UNROLL(2)
    for (int r = 0; r < rounds; ++r) {
        const vec::v2 key = k.round_key(r);
        x = vec::round(x, key);
        y = vec::round(y, key ^ ((k.tk1 ^ tb) & vec::v2{~u64(0), 0}));
        k.next();
        tb = vec::permute_tweakey(tb);
    }
    vec::store(a, x);
    vec::store(b, y);
}
#else
inline void encrypt_pair(rows& a, rows& b, const rows& tk1a, const rows& tk1b, const rows& tk2,
                         const rows& tk3) noexcept {
    encrypt(a, tk1a, tk2, tk3);
    encrypt(b, tk1b, tk2, tk3);
}
#endif

// A run of calls under the same TK2 and TK3 (Romulus-N's and -M's message blocks, under
// the nonce and the key; not in builds for size, which spare the 320 bytes). Where the
// vector form runs it schedules TK2 and TK3 beside the state at next to no cost; elsewhere
// their part of every round tweakey is computed once for the run: two LFSRs and three
// permutations a round fewer for each block.
#if LWC_SKINNY_VECTOR
struct fixed_tweakeys {
    rows tk2, tk3;
};
inline void schedule_fixed(fixed_tweakeys& k, const rows& tk2, const rows& tk3) noexcept {
    k = {tk2, tk3};
}
inline void encrypt(rows& s, const rows& tk1, const fixed_tweakeys& k) noexcept {
    encrypt(s, tk1, k.tk2, k.tk3);
}
#elif !LWC_SMALL
struct fixed_tweakeys {  // round r: rows 0 and 1 of TK2 ^ TK3 in word 2r, 2r + 1
    std::array<u32, 2 * rounds> words;
};
inline void schedule_fixed(fixed_tweakeys& k, rows tk2, rows tk3) noexcept {
    rows tk1{};
    for (int r = 0; r < rounds; ++r) {
        k.words[std::size_t(2 * r)] = tk2[0] ^ tk3[0];
        k.words[std::size_t(2 * r + 1)] = tk2[1] ^ tk3[1];
        next_tweakeys(tk1, tk2, tk3);
    }
    secure_zero(tk2);
    secure_zero(tk3);
}
// On a copy of s (the compiler would keep s in memory: for all it knows a store to s
// might change k).
LWC_NOINLINE inline void encrypt(rows& s, rows tk1, const fixed_tweakeys& k) noexcept {
    rows x = s;
    LWC_UNROLL(2)
    for (int r = 0; r < rounds; ++r) {
        round(x, tk1[0] ^ k.words[std::size_t(2 * r)], tk1[1] ^ k.words[std::size_t(2 * r + 1)],
              round_constants[std::size_t(r)]);
        permute_tweakey(tk1);
    }
    s = x;
}
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail::skinny128
