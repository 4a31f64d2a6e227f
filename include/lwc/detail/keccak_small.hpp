// SPDX-License-Identifier: MIT
// Keccak-p[b, nr] for the small widths b = 200 and 400 (FIPS 202, section 3; The Keccak
// reference 3.0): 25 lanes of 8 or 16 bits, in the order x + 5y, each lane holding its
// bytes little-endian as FIPS 202's byte string does.
//   keccak_p200   Keccak-f[200]: 18 rounds (Elephant-Delirium)
//   keccak_p400   Keccak-p[400, nr]: the last nr of Keccak-f[400]'s 20 rounds (ISAP-K)
//   keccak_p200_repeated, keccak_p400_repeated: the same with each lane repeated across a
//                 32-bit word (see keccak_p; the default on AArch64, see below)
// Every step is XOR, AND, NOT and rotations by public amounts: no table is indexed and
// no branch taken by the state, so it runs in constant time on any target.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <string_view>

#include "bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// Lane is u8 (b = 200) or u16 (b = 400). Word holds a lane: the lane itself, or a u32
// holding the lane repeated across it, so that rotating the word rotates every copy of
// the lane alike (its bits repeat with the lane's width): one instruction, where a narrow
// rotation takes three on cores without 8- and 16-bit rotations (AArch64, which even
// folds the 32-bit one into an EOR's operand). The copies need no other care: XOR, AND
// and NOT act on each bit alone, and a lane is read from the word's low bits.
template <class Lane, class Word = Lane>
struct keccak_p {
    static constexpr const char* name = sizeof(Word) == sizeof(Lane) ? "portable" : "repeated";
    using lane = Word;  // what the state holds per lane
    using state = std::array<Word, 25>;
    static constexpr std::size_t lane_bytes = sizeof(Lane);
    static constexpr int width = 8 * sizeof(Lane);

    // The lane in every copy: shifts and ORs rather than a multiply by 0x01010101 or
    // 0x10001 (whose time some cores' multipliers make depend on the operands).
    LWC_ALWAYS_INLINE static constexpr Word repeat(Lane v) noexcept {
        Word x = v;
        for (int w = width; w < 8 * int(sizeof(Word)); w *= 2) x = Word(x | x << w);
        return x;
    }
    // 12 + 2 log2(width) rounds make Keccak-f[b].
    static constexpr int total_rounds = width == 8 ? 18 : 20;

    // Always inlined, as the round's array accesses are raw: unoptimized builds (the
    // sanitizer tree's -O0) run it a dozen times faster than with a call per lane.
    LWC_ALWAYS_INLINE static constexpr Word rotl(Word x, int r) noexcept {
        r %= width;
        if constexpr (sizeof(Word) == sizeof(Lane))
            return Word((x << r) | (x >> ((width - r) % width)));
        else
            return std::rotl(x, r);
    }

    // On x86-64 a round goes by output rows (the five lanes pi brings to a row, then its
    // chi), with the rounds unrolled, so that few values are live at once: clang 14 ran
    // Keccak-p[400, 16] in 671 cycles instead of 1,340 (AMD Zen 4, x86-64-v3; gcc 12 about
    // 800 either way; XKCP's unrolled code, which ISAP-K's NIST package has, 667). Elsewhere
    // by input lanes, rolled, which QEMU counted fewer instructions of than a near form of
    // the row order (its rows written to a separate array): on Cortex-M at -Os 10%, on
    // Cortex-M0+ at -O2 6%, for Elephant-Delirium on AArch64 6%.
#if defined(__x86_64__) && !LWC_SMALL
    static constexpr bool by_rows = true;
#define LWC_KECCAK_ROUNDS_UNROLL LWC_UNROLL(20)
#else
    static constexpr bool by_rows = false;
#define LWC_KECCAK_ROUNDS_UNROLL
#endif

    // Keccak-p[b, Rounds]: rounds total_rounds - Rounds .. total_rounds - 1.
    template <int Rounds>
    static LWC_SPEED_INLINE void permute(state& a) noexcept {
        static_assert(Rounds >= 1 && Rounds <= total_rounds);
        LWC_KECCAK_ROUNDS_UNROLL
        for (int i = total_rounds - Rounds; i < total_rounds; ++i)
            round(a, repeat(Lane(round_constant[i])));
    }
#undef LWC_KECCAK_ROUNDS_UNROLL

    // A lane from its bytes in a byte string, and back; byte v at byte pos of a lane.
    static Word load_lane(const u8* p) noexcept {
        return repeat(load_partial_le<Lane>(p, sizeof(Lane)));
    }
    static void store_lane(u8* p, Word v) noexcept { store_partial_le(p, Lane(v), sizeof(Lane)); }
    static Word byte_in_lane(u8 v, std::size_t pos) noexcept {
        return repeat(Lane(Lane(v) << (8 * pos)));
    }

private:
    // The round constants of Keccak-f[1600]; the narrow permutations take their low
    // width bits (FIPS 202 defines RC by bit positions 2^j - 1, j <= log2(width)).
    static constexpr u64 round_constant[20] = {
        0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
        0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
        0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
        0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
        0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A};
    // rho's offsets by lane x + 5y (taken modulo the width by rotl).
    static constexpr u8 rho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                   25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};
    // pi's destination of lane x + 5y: y + 5 ((2x + 3y) mod 5). The indices of the round
    // come from tables and doubled arrays, not from "mod 5": where the loops stay rolled
    // (-Os) a core without a divider (Cortex-M0+) would call the C library's division some
    // 85 times a round, most of the round's time.
    static constexpr u8 pi_to[25] = {0,  10, 20, 5,  15, 16, 1,  11, 21, 6,  7,  17, 2,
                                     12, 22, 23, 8,  18, 3,  13, 14, 24, 9,  19, 4};
    // The lane pi brings to lane x + 5y: lane (x + 3y) mod 5 + 5x.
    static constexpr u8 pi_from[25] = {0,  6,  12, 18, 24, 3,  9,  10, 16, 22, 1,  7, 13,
                                       19, 20, 4,  5,  11, 17, 23, 2,  8,  14, 15, 21};
    static_assert([] {
        for (int i = 0; i < 25; ++i)
            if (pi_to[pi_from[i]] != i || pi_from[i] != (i % 5 + 3 * (i / 5)) % 5 + 5 * (i % 5))
                return false;
        return true;
    }());

    // One round: theta, rho and pi together, chi, iota.
    // The loops unrolled when optimizing for speed: every index and rotation amount is
    // then a constant and the lanes stay in registers (five times faster on x86-64).
    static LWC_SPEED_INLINE void round(state& st, Word rc) noexcept {
        Word* a = st.data();
        Word c[10], b[25];  // c[x + 5] = c[x]
        LWC_UNROLL(5)
        for (int x = 0; x < 5; ++x)
            c[x] = c[x + 5] = Word(a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20]);
        if constexpr (by_rows) {
            Word d[5];
            LWC_UNROLL(5)
            for (int x = 0; x < 5; ++x) d[x] = Word(c[x + 4] ^ rotl(c[x + 1], 1));
            LWC_UNROLL(5)
            for (int y = 0; y < 25; y += 5) {
                LWC_UNROLL(5)
                for (int x = 0; x < 5; ++x) {
                    const int from = pi_from[y + x];
                    b[y + x] = rotl(Word(a[from] ^ d[from - 5 * x]), rho[from]);
                }
                chi_row(b + y, b + y);
            }
            LWC_UNROLL(25)
            for (int i = 0; i < 25; ++i) a[i] = b[i];
        } else {
            LWC_UNROLL(5)
            for (int x = 0; x < 5; ++x) {
                const Word d = Word(c[x + 4] ^ rotl(c[x + 1], 1));
                LWC_UNROLL(5)
                for (int y = 0; y < 25; y += 5)
                    b[pi_to[x + y]] = rotl(Word(a[x + y] ^ d), rho[x + y]);
            }
            LWC_UNROLL(5)
            for (int y = 0; y < 25; y += 5) chi_row(b + y, a + y);
        }
        a[0] ^= rc;
    }

    // chi on the row at in, to out (the same row or another).
    static LWC_SPEED_INLINE void chi_row(const Word* in, Word* out) noexcept {
        Word row[7];  // row[x + 5] = row[x]
        LWC_UNROLL(5)
        for (int x = 0; x < 5; ++x) row[x] = in[x];
        row[5] = row[0];
        row[6] = row[1];
        LWC_UNROLL(5)
        for (int x = 0; x < 5; ++x) out[x] = Word(row[x] ^ (~row[x + 1] & row[x + 2]));
    }
};

using keccak_p200 = keccak_p<u8>;
using keccak_p400 = keccak_p<std::uint16_t>;
using keccak_p200_repeated = keccak_p<u8, u32>;
using keccak_p400_repeated = keccak_p<std::uint16_t, u32>;

// The schemes' default per target, by measurement: on AArch64 the repeated lanes (QEMU's
// count at -O2, 1 KiB: ISAP-K-128A 291 instructions a byte instead of 460, ISAP-K-128 794
// instead of 1283, Elephant-Delirium 343 instead of 424), and on 32-bit Arm outside builds
// for size (Cortex-M4, where a rotation folds into an operand, -O2: 383 instead of 584,
// 1076 instead of 1594, 408 instead of 510; Cortex-M0+: 628, 1754, 639 instead of 734,
// 2060, 686); on x86-64 the lanes themselves (gcc 12 -O3, AMD Zen 4: the repeated form ran
// ISAP-K-128 at 15-20 MB/s against 26-29 at 4 KiB, in one run of both), and on other
// targets, where nobody measured it (builds for size keep the smaller state).
#if defined(__aarch64__) || (defined(__arm__) && !LWC_SMALL)
using keccak_p200_default = keccak_p200_repeated;
using keccak_p400_default = keccak_p400_repeated;
#else
using keccak_p200_default = keccak_p200;
using keccak_p400_default = keccak_p400;
#endif

}}}  // namespace lwc::inline LWC_ISA_NS::detail
