// SPDX-License-Identifier: MIT
// The PHOTON-256 permutation as the Photon-Beetle final-round specification defines it,
// in the form every backend (photon256_portable.hpp, _avx2.hpp, _avx512.hpp) builds its
// constants from.
//
// The state is an 8 x 8 matrix of 4-bit cells. Cell (row i, column j) is nibble 8i + j
// of the 32-byte state, low nibble first: cell 2k is the low half of byte k, cell 2k + 1
// the high half. Each of the 12 rounds applies
//   AddConstant      cell (i, 0) ^= round_constant(r, i)
//   SubCells         every cell through the 4-bit S-box (the PRESENT S-box)
//   ShiftRows        row i rotated left by i cells: cell (i, j) <- cell (i, j + i)
//   MixColumnSerial  every column multiplied by the 8 x 8 matrix mix_matrix over GF(2^4)
#pragma once

#include <array>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::photon256 {

inline constexpr int rounds = 12;

// The rate (the first N = 4 or 16 bytes of the state) as two little-endian 64-bit
// words, the unused high part zero: the form in which a backend hands it to the mode.
using rate_words = std::array<u64, 2>;
inline constexpr int cells = 8;  // rows, and columns

inline constexpr std::array<u8, 16> sbox = {0xc, 0x5, 0x6, 0xb, 0x9, 0x0, 0xa, 0xd,
                                            0x3, 0xe, 0xf, 0x8, 0x4, 0x7, 0x1, 0x2};

// The round constant of round r in row i: a 4-bit LFSR sequence for the rounds,
// XORed with a fixed constant per row.
inline constexpr std::array<u8, rounds> rc = {1, 3, 7, 14, 13, 11, 6, 12, 9, 2, 5, 10};
inline constexpr std::array<u8, cells> ic = {0, 1, 3, 7, 15, 14, 12, 8};
constexpr u8 round_constant(int r, int i) { return rc[r] ^ ic[i]; }

// Multiplication in GF(2^4) = GF(2)[x] / (x^4 + x + 1).
constexpr u8 gf16_mul(u8 a, u8 b) {
    u8 product = 0;
    for (int bit = 0; bit < 4; ++bit) {
        if ((b >> bit) & 1) product ^= a;
        a = u8(((a << 1) & 0xf) ^ ((a >> 3) * 0x3));
    }
    return product;
}

// MixColumnSerial is the serial matrix A (shift the column up by one cell and put
// z . column in the last cell) applied 8 times; its rows are z A^0, z A^1, ..., z A^7.
using matrix = std::array<std::array<u8, cells>, cells>;
constexpr matrix make_mix_matrix() {
    constexpr std::array<u8, cells> z = {2, 4, 2, 11, 2, 8, 5, 6};
    matrix m{};
    m[0] = z;
    for (int i = 1; i < cells; ++i) {
        // row_i = row_{i-1} A: A moves coefficient k+1 to k and adds z multiples of the last.
        for (int k = 0; k < cells; ++k) {
            const u8 shifted = k == 0 ? 0 : m[i - 1][k - 1];
            m[i][k] = shifted ^ gf16_mul(m[i - 1][cells - 1], z[k]);
        }
    }
    return m;
}
inline constexpr matrix mix_matrix = make_mix_matrix();
static_assert(mix_matrix[1] == std::array<u8, cells>{12, 9, 8, 13, 7, 7, 5, 2});
static_assert(mix_matrix[7] == std::array<u8, cells>{15, 1, 13, 10, 5, 10, 2, 3});

// SubCells and MixColumnSerial fused for the table look-ups of the shuffle code: the
// contribution of input cell value x in row k to output rows 2q (low nibble) and 2q + 1
// (high nibble) of its column.
constexpr u8 sub_mix_pair(int q, int k, int x) {
    const u8 y = sbox[x];
    return u8(gf16_mul(mix_matrix[2 * q][k], y) | gf16_mul(mix_matrix[2 * q + 1][k], y) << 4);
}

}}}  // namespace lwc::inline LWC_ISA_NS::detail::photon256
