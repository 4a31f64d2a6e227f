// SPDX-License-Identifier: MIT
// Spongent-pi[160] and Spongent-pi[176] (Bogdanov, Knezevic, Leander, Toz, Varici,
// Verbauwhede, "SPONGENT: A Lightweight Hash Function", CHES 2011; the permutations as
// Elephant v2 uses them, Beyne, Chen, Dobraunig, Mennink, "Elephant v2", 2021): the
// state's bit j is bit j % 8 of byte j / 8, held here in three little-endian 64-bit
// words (bits above n zero).
//
// Constant time: the 4-bit S-box is a Boolean circuit run on 16 nibbles of a word at
// once (bitsliced within the word), not a table; the bit permutation is fixed shifts
// and masks (a transposition of each word, below); the round counter is public. No
// branch and no memory index depends on the state.
#pragma once

#include <array>
#include <cstddef>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// Bits (n) 160 or 176; Rounds 80 or 90; Counter the round counter's start (0x75, 0x45).
template <int Bits, int Rounds, u8 Counter>
struct spongent {
    static constexpr const char* name = "portable";
    static constexpr std::size_t size = Bits / 8;
    using state = std::array<u8, size>;
    using words = std::array<u64, 3>;

    static void permute(state& b) noexcept {
        words x{};
        for (std::size_t i = 0; i < 3; ++i) {
            const std::size_t n = size - 8 * i < 8 ? size - 8 * i : 8;
            x[i] = load_partial_le<u64>(b.data() + 8 * i, n);
        }
        for (int r = 0; r < Rounds; ++r) {
            x[0] ^= counters[r].low;
            x[top_byte / 8] ^= counters[r].high;
            for (auto& w : x) w = sbox(w);
            x = player(x);
        }
        for (std::size_t i = 0; i < 3; ++i) {
            const std::size_t n = size - 8 * i < 8 ? size - 8 * i : 8;
            store_partial_le(b.data() + 8 * i, x[i], n);
        }
        secure_zero(x);
    }

    // S = {E, D, B, 0, 2, 1, 4, F, 7, A, 8, 5, 9, C, 3, 6} on every nibble of w, as its
    // algebraic normal form, factored (bit i of a nibble is xi; checked below).
    static constexpr u64 sbox(u64 w) noexcept {
        constexpr u64 m = 0x1111111111111111;
        const u64 x0 = w, x1 = w >> 1, x2 = w >> 2, x3 = w >> 3;
        const u64 t = x1 & x2;
        const u64 y0 = x0 ^ x1 ^ t ^ x3;
        const u64 y1 = ~(x0 ^ t ^ (x3 & (x0 ^ x1 ^ x2 ^ t)));
        const u64 y2 = ~(x1 ^ x2 ^ (x3 & (x0 ^ t)));
        const u64 y3 = ~((x0 & x1) ^ x2 ^ (x3 & ((~x0 & ~x1) ^ (x0 & x2))));
        return (y0 & m) | (y1 & m) << 1 | (y2 & m) << 2 | (y3 & m) << 3;
    }

private:
    static constexpr std::size_t top_byte = size - 1;
    static constexpr int quarter = Bits / 4;  // nibbles: 40 or 44

    // The 7-bit counter LFSR, and its bits reversed in a byte (added to the top byte).
    static constexpr u8 next_counter(u8 c) noexcept {
        return u8(((c << 1) | (((c >> 6) ^ (c >> 5)) & 1)) & 0x7f);
    }
    static constexpr u8 reversed(u8 c) noexcept {
        u8 r = 0;
        for (int i = 0; i < 8; ++i) r = u8(r | ((c >> i) & 1) << (7 - i));
        return r;
    }
    // Every round's counter as added to the bottom byte and, reversed, to the top byte
    // (in its word), by the compiler; indexed by the public round number.
    struct counter {
        u64 low, high;
    };
    static constexpr std::array<counter, Rounds> counters = [] {
        std::array<counter, Rounds> t{};
        u8 c = Counter;
        for (auto& v : t) {
            v = {c, u64(reversed(c)) << (8 * (top_byte % 8))};
            c = next_counter(c);
        }
        return t;
    }();

    // Swaps the bits of x in mask with those d places above them.
    static constexpr u64 delta_swap(u64 x, u64 mask, int d) noexcept {
        const u64 t = ((x >> d) ^ x) & mask;
        return x ^ t ^ (t << d);
    }

    // Bit 4i + b of w to bit 16b + i (i = 0..15, b = 0..3): the b-th bits of the 16
    // nibbles gathered into the b-th 16-bit quarter. On the bit index (i3 i2 i1 i0 b1 b0)
    // this is a rotation by two places, made of four exchanges of two index bits:
    // bits 0 and 4, then 0 and 2 (a 3-cycle), bits 1 and 5, then 1 and 3.
    static constexpr u64 transpose(u64 w) noexcept {
        w = delta_swap(w, 0x0000AAAA0000AAAA, 15);
        w = delta_swap(w, 0x0A0A0A0A0A0A0A0A, 3);
        w = delta_swap(w, 0x00000000CCCCCCCC, 30);
        return delta_swap(w, 0x00CC00CC00CC00CC, 6);
    }

    // pLayer: bit j goes to j * n/4 mod (n - 1), bit n - 1 stays. For j = 4s + b (bit b
    // of nibble s) that is s + (n/4) b, since n = 1 mod n - 1: the b-th bits of all
    // nibbles, in order, become the output's b-th quarter. So each word is transposed
    // (above), and its four 16-bit pieces go to the four quarters, laid end to end
    // (all offsets are public).
    static constexpr words player(const words& x) noexcept {
        const u64 t0 = transpose(x[0]), t1 = transpose(x[1]), t2 = transpose(x[2]);
        words y{};
        for (int b = 0; b < 4; ++b) {
            const int at = 16 * b;
            // (The S-box turned word 2's unused nibbles into garbage: masked off here.)
            const u64 q = ((t0 >> at & 0xFFFF) | (t1 >> at & 0xFFFF) << 16 |
                           (t2 >> at & 0xFFFF) << 32) & ((u64(1) << quarter) - 1);
            const int to = quarter * b, word = to / 64, shift = to % 64;
            y[word] |= q << shift;
            if (shift + quarter > 64) y[word + 1] |= q >> (64 - shift);
        }
        return y;
    }

    // The transposition against its definition, bit by bit, on a few patterns.
    static constexpr bool transposes(u64 w) noexcept {
        const u64 t = transpose(w);
        for (int i = 0; i < 16; ++i)
            for (int b = 0; b < 4; ++b)
                if ((t >> (16 * b + i) & 1) != (w >> (4 * i + b) & 1)) return false;
        return true;
    }
    static_assert(transposes(0x0123456789ABCDEF) && transposes(0xF0E1D2C3B4A59687) &&
                  transposes(0x8000000000000001) && transposes(0x5555AAAA3333CCCC));

    // The circuit is the S-box: all 16 nibble values at once.
    static_assert(sbox(0xFEDCBA9876543210) == 0x63C958A7F4120BDE);
};

using spongent_pi160 = spongent<160, 80, 0x75>;
using spongent_pi176 = spongent<176, 90, 0x45>;

}}}  // namespace lwc::inline LWC_ISA_NS::detail
