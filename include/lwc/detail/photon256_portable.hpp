// SPDX-License-Identifier: MIT
// PHOTON-256, portable backend: plain integer operations on the cells where the byte
// order puts them (eight 4-bit cells per 32-bit row, cell j at bits 4j..4j+3, two rows
// per 64-bit word), no tables indexed by the state, no branches on it.
//   SubCells         the S-box as a 14-operation Boolean circuit, run on 16 cells at once
//                    with bit a of every cell shifted down to bit 0;
//   ShiftRows        a rotation of each row word;
//   MixColumnSerial  out_i = sum_j 2^j U_ij, U_ij the XOR of the rows k whose coefficient
//                    M[i][k] has bit j set (chosen at compile time), summed by Horner's
//                    rule with a SWAR multiplication by 2 on two output rows at once.
#pragma once

#include <array>
#include <bit>
#include <type_traits>
#include <utility>

#include "photon256_spec.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {
namespace photon256 {

using row_words = std::array<u32, cells>;
using pair_words = std::array<u64, cells / 2>;  // word q: rows 2q (low half), 2q + 1

inline constexpr u64 cell_bit0 = 0x1111111111111111, cell_bit3 = 0x8888888888888888;

// AddConstant for round r: the constants of cells (2q, 0) and (2q + 1, 0) in word q.
constexpr std::array<pair_words, rounds> make_round_constant_words() {
    std::array<pair_words, rounds> t{};
    for (int r = 0; r < rounds; ++r)
        for (int q = 0; q < cells / 2; ++q)
            t[r][q] = round_constant(r, 2 * q) | u64(round_constant(r, 2 * q + 1)) << 32;
    return t;
}
inline constexpr std::array<pair_words, rounds> round_constant_words =
    make_round_constant_words();

// The S-box on every cell: the circuit works on bit 0 of each cell, b_a holding bit a.
// T: any unsigned integer or vector of them (the lane code's generic path), bit0: bit 0
// of every cell.
template <class T>
constexpr T sub_cells(T x, T bit0) {
    const T b0 = x, b1 = x >> 1, b2 = x >> 2, b3 = x >> 3;
    T t1 = b1 ^ b2;
    const T t3 = b3 ^ (b2 & t1);
    const T y0 = b0 ^ t3;
    T t2 = (t1 & t3) ^ b2;
    t1 ^= y0;
    const T y1 = t1 ^ (b0 | t2);
    t2 ^= ~b0;
    const T y3 = y1 ^ t2;
    const T y2 = t3 ^ (t2 | t1);
    return (y0 & bit0) | (y1 & bit0) << 1 | (y2 & bit0) << 2 | (y3 & bit0) << 3;
}
constexpr u64 sub_cells(u64 x) { return sub_cells(x, cell_bit0); }

// Every cell times x in GF(2^4): shift left, and x^4 = x + 1 for the bit shifted out
// (bit3: bit 3 of every cell).
template <class T>
constexpr T mul2(T x, T bit3) {
    const T top = x & bit3;
    return ((x ^ top) << 1) ^ (top >> 3) ^ (top >> 2);
}
constexpr u64 mul2(u64 x) { return mul2(x, cell_bit3); }

// U_ij: the XOR of the rows k with bit J of M[I][k] set.
// Rows: 8 row words of any word type (u32 here, vectors in the lane code).
template <int I, int J, class Rows, std::size_t... K>
LWC_ALWAYS_INLINE auto select_rows(const Rows& r, std::index_sequence<K...>) noexcept {
    using T = std::remove_cvref_t<decltype(r[0])>;
    return ((((mix_matrix[I][K] >> J) & 1) ? r[K] : T{}) ^ ...);
}
template <int I, int J>
LWC_ALWAYS_INLINE u64 select_pair(const row_words& r) noexcept {
    constexpr auto rows = std::make_index_sequence<cells>();
    return select_rows<I, J>(r, rows) | u64(select_rows<I + 1, J>(r, rows)) << 32;
}

// Output rows 2Q and 2Q + 1 of MixColumnSerial.
template <int Q>
LWC_ALWAYS_INLINE u64 mix_pair(const row_words& r) noexcept {
    constexpr int i = 2 * Q;
    u64 acc = select_pair<i, 3>(r);
    acc = mul2(acc) ^ select_pair<i, 2>(r);
    acc = mul2(acc) ^ select_pair<i, 1>(r);
    return mul2(acc) ^ select_pair<i, 0>(r);
}

LWC_ALWAYS_INLINE void portable_round(pair_words& w, int r) noexcept {
    row_words rows;
    for (int q = 0; q < cells / 2; ++q) {
        const u64 x = sub_cells(w[q] ^ round_constant_words[r][q]);
        // ShiftRows: row i rotated by i cells (4i bits).
        rows[2 * q] = std::rotr(u32(x), 8 * q);
        rows[2 * q + 1] = std::rotr(u32(x >> 32), 8 * q + 4);
    }
    w = {mix_pair<0>(rows), mix_pair<1>(rows), mix_pair<2>(rows), mix_pair<3>(rows)};
}

}  // namespace photon256

struct photon256_portable {
    static constexpr const char* name = "portable";
    using state = std::array<u8, 32>;

    static state load(const u8* in) noexcept {
        state s;
        for (std::size_t i = 0; i < s.size(); ++i) s[i] = in[i];
        return s;
    }
    static void store(const state& s, u8* out) noexcept {
        for (std::size_t i = 0; i < s.size(); ++i) out[i] = s[i];
    }

    // The first N bytes (the rate), N = 4 or 16.
    template <std::size_t N>
    static void add_rate(state& s, const photon256::rate_words& w) noexcept {
        static_assert(N == 4 || N == 16);
        if constexpr (N == 4) {
            store32_le(s.data(), load32_le(s.data()) ^ u32(w[0]));
        } else {
            store64_le(s.data(), load64_le(s.data()) ^ w[0]);
            store64_le(s.data() + 8, load64_le(s.data() + 8) ^ w[1]);
        }
    }
    template <std::size_t N>
    static photon256::rate_words extract_rate(const state& s) noexcept {
        static_assert(N == 4 || N == 16);
        if constexpr (N == 4) return {load32_le(s.data()), 0};
        else return {load64_le(s.data()), load64_le(s.data() + 8)};
    }

    static void permute(state& s) noexcept {
        photon256::pair_words w;
        for (int q = 0; q < 4; ++q) w[q] = load64_le(s.data() + 8 * q);
        for (int r = 0; r < photon256::rounds; ++r) photon256::portable_round(w, r);
        for (int q = 0; q < 4; ++q) store64_le(s.data() + 8 * q, w[q]);
        secure_zero(w);
    }
};

}}}  // namespace lwc::inline LWC_ISA_NS::detail
