// SPDX-License-Identifier: MIT
// Spongent-pi[160] and Spongent-pi[176] (Bogdanov, Knezevic, Leander, Toz, Varici,
// Verbauwhede, "SPONGENT: A Lightweight Hash Function", CHES 2011; the permutations as
// Elephant v2 uses them, Beyne, Chen, Dobraunig, Mennink, "Elephant v2", 2021): the
// state's bit j is bit j % 8 of byte j / 8, held here in little-endian words of the
// target's width (spongent_word: three of 64 bits, or five or six of 32 bits on 32-bit
// cores, where each 64-bit operation takes two or more; bits above n zero).
//
// Constant time: the 4-bit S-box is a Boolean circuit run on 16 nibbles of a word at
// once (bitsliced within the word), not a table; the bit permutation is fixed shifts
// and masks (a transposition of each word, below); the round counter is public. No
// branch and no memory index depends on the state.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// The word the permutation works on: the target's register width (QEMU's count on
// Cortex-M4 at -O2: Elephant-Dumbo 2,686 instructions a byte at 1 KiB on 32-bit words,
// 5,246 on 64-bit ones).
#if UINTPTR_MAX > 0xffffffffu
using spongent_word = u64;
#else
using spongent_word = u32;
#endif

// Bits (n) 160 or 176; Rounds 80 or 90; Counter the round counter's start (0x75, 0x45).
template <int Bits, int Rounds, u8 Counter, class Word = spongent_word>
struct spongent {
    static constexpr const char* name = sizeof(Word) == 8 ? "portable" : "words";
    static constexpr std::size_t size = Bits / 8;
    using state = std::array<u8, size>;
    static constexpr int word_bits = 8 * sizeof(Word);
    static constexpr std::size_t word_count = (Bits + word_bits - 1) / word_bits;
    using words = std::array<Word, word_count>;

    static void permute(state& b) noexcept {
        words x{};
        for (std::size_t i = 0; i < word_count; ++i)
            x[i] = load_partial_le<Word>(b.data() + sizeof(Word) * i, bytes_of(i));
        for (int r = 0; r < Rounds; ++r) {
            x[0] ^= counters[r].low;
            x[top_byte / sizeof(Word)] ^= counters[r].high;
            for (auto& w : x) w = sbox(w);
            x = player(x);
        }
        for (std::size_t i = 0; i < word_count; ++i)
            store_partial_le(b.data() + sizeof(Word) * i, x[i], bytes_of(i));
        secure_zero(x);
    }

    // S = {E, D, B, 0, 2, 1, 4, F, 7, A, 8, 5, 9, C, 3, 6} on every nibble of w, as its
    // algebraic normal form, factored (bit i of a nibble is xi; checked below).
    static constexpr Word sbox(Word w) noexcept {
        constexpr Word m = Word(~Word(0) / 15);  // bit 0 of every nibble
        const Word x0 = w, x1 = w >> 1, x2 = w >> 2, x3 = w >> 3;
        const Word t = x1 & x2;
        const Word y0 = x0 ^ x1 ^ t ^ x3;
        const Word y1 = Word(~(x0 ^ t ^ (x3 & (x0 ^ x1 ^ x2 ^ t))));
        const Word y2 = Word(~(x1 ^ x2 ^ (x3 & (x0 ^ t))));
        const Word y3 = Word(~((x0 & x1) ^ x2 ^ (x3 & ((~x0 & ~x1) ^ (x0 & x2)))));
        return Word((y0 & m) | (y1 & m) << 1 | (y2 & m) << 2 | (y3 & m) << 3);
    }

private:
    // The state's bytes in word i (the top word may hold fewer).
    static constexpr std::size_t bytes_of(std::size_t i) noexcept {
        return size - sizeof(Word) * i < sizeof(Word) ? size - sizeof(Word) * i : sizeof(Word);
    }
    static constexpr std::size_t top_byte = size - 1;
    static constexpr int quarter = Bits / 4;  // nibbles: 40 or 44
    static constexpr int piece = word_bits / 4;  // a word's nibbles

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
        Word low, high;
    };
    static constexpr std::array<counter, Rounds> counters = [] {
        std::array<counter, Rounds> t{};
        u8 c = Counter;
        for (auto& v : t) {
            v = {c, Word(Word(reversed(c)) << (8 * (top_byte % sizeof(Word))))};
            c = next_counter(c);
        }
        return t;
    }();

    // Bit 4i + b of w to bit piece * b + i: the b-th bits of the word's nibbles gathered
    // into its b-th quarter. On the bit index (i.. b1 b0) a rotation by two places, made
    // of four exchanges of two index bits (swap_bits, bytes.hpp).
    static constexpr Word transpose(Word w) noexcept {
        if constexpr (word_bits == 64) {  // bits 0 and 4, then 0 and 2, 1 and 5, 1 and 3
            w = swap_bits(w, Word(0x0000AAAA0000AAAA), 15);
            w = swap_bits(w, Word(0x0A0A0A0A0A0A0A0A), 3);
            w = swap_bits(w, Word(0x00000000CCCCCCCC), 30);
            return swap_bits(w, Word(0x00CC00CC00CC00CC), 6);
        } else {  // bits 0 and 1, then 0 and 2, 1 and 3, 2 and 4
            w = swap_bits(w, Word(0x22222222), 1);
            w = swap_bits(w, Word(0x0A0A0A0A), 3);
            w = swap_bits(w, Word(0x00CC00CC), 6);
            return swap_bits(w, Word(0x0000F0F0), 12);
        }
    }

    // pLayer: bit j goes to j * n/4 mod (n - 1), bit n - 1 stays. For j = 4s + b (bit b
    // of nibble s) that is s + (n/4) b, since n = 1 mod n - 1: the b-th bits of all
    // nibbles, in order, become the output's b-th quarter. So each word is transposed
    // (above), and its four quarters go to the four quarters of the output, each after
    // those of the words below it (all offsets are public).
    static constexpr words player(const words& x) noexcept {
        words y{};
        [&]<std::size_t... W>(std::index_sequence<W...>) {
            (place_quarters<W>(y, transpose(x[W])), ...);
        }(std::make_index_sequence<word_count>{});
        return y;
    }

    // Word W's transposed quarters t into the output's quarters: all offsets constants
    // (also in builds for size, whose rolled loops ran Elephant-Jumbo 1.5x longer).
    template <std::size_t W>
    static constexpr LWC_ALWAYS_INLINE void place_quarters(words& y, Word t) noexcept {
        // The nibbles word W holds (the S-box turned the top word's unused ones into
        // garbage: masked off here).
        constexpr int n = Bits - word_bits * int(W) < word_bits ? (Bits - word_bits * int(W)) / 4
                                                                : piece;
        [&]<int... B>(std::integer_sequence<int, B...>) {
            (place<n, quarter * B + piece * int(W)>(y, Word(t >> (piece * B))), ...);
        }(std::make_integer_sequence<int, 4>{});
    }
    // The low N bits of q to output bit At onwards.
    template <int N, int At>
    static constexpr LWC_ALWAYS_INLINE void place(words& y, Word q) noexcept {
        constexpr int word = At / word_bits, shift = At % word_bits;
        q &= Word((Word(1) << N) - 1);
        y[word] |= Word(q << shift);
        if constexpr (shift + N > word_bits) y[word + 1] |= Word(q >> (word_bits - shift));
    }

    // The transposition against its definition, bit by bit, on a few patterns.
    static constexpr bool transposes(Word w) noexcept {
        const Word t = transpose(w);
        for (int i = 0; i < piece; ++i)
            for (int b = 0; b < 4; ++b)
                if ((t >> (piece * b + i) & 1) != (w >> (4 * i + b) & 1)) return false;
        return true;
    }
    static_assert(transposes(Word(0x0123456789ABCDEF)) && transposes(Word(0xF0E1D2C3B4A59687)) &&
                  transposes(Word(0x8000000000000001)) && transposes(Word(0x5555AAAA3333CCCC)) &&
                  transposes(Word(0x89ABCDEF01234567)));

    // The circuit is the S-box: all 16 nibble values at once.
    static_assert(Word(sbox(Word(0xFEDCBA9876543210))) == Word(0x63C958A7F4120BDE));
};

using spongent_pi160 = spongent<160, 80, 0x75>;
using spongent_pi176 = spongent<176, 90, 0x45>;
// The 32-bit form by name, which the registry lists so that 64-bit hosts test it too (the
// 64-bit form is theirs; the firmware runner for Cortex-M0+ has no room for it as well).
using spongent_pi160_words = spongent<160, 80, 0x75, u32>;
using spongent_pi176_words = spongent<176, 90, 0x45, u32>;

}}}  // namespace lwc::inline LWC_ISA_NS::detail
