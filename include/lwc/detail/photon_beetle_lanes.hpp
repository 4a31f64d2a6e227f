// SPDX-License-Identifier: MIT
// Photon-Beetle (AEAD[32], AEAD[128], Hash[32]) on W messages at once, one per 32-bit
// lane: vector i holds row i of the 8 x 8 cell state of every message (the row word of
// photon256_portable.hpp: cell j at bits 4j..4j+3, i.e. bytes 4i..4i+3 of the byte
// state, little-endian), so the rate is rows 0 (4 bytes) or 0..3 (16 bytes).
//
// PHOTON-256, two forms of the same rounds:
//   shuffle form (AVX2, or AVX-512BW at 16 lanes): each row split into its even and
//     odd cells, one cell per byte (16 vectors). ShiftRows is a byte rotation in each
//     lane (one vpshufb, or none), and SubCells and MixColumnSerial fuse into table
//     look-ups: output rows 2q and 2q + 1 of a column are sum_k T_qk[x_k], T_qk[x] =
//     M[2q][k] S(x) | M[2q + 1][k] S(x) << 4, so one vpshufb gives two products and a
//     round is 64 look-ups, 56 XORs and 24 operations that split the nibbles again
//     (on Zen 3: about 560 TSC ticks for 8 permutations with gcc 12, 480 with clang 14,
//     against 910 for one of photon256_portable: 13x per message);
//   SWAR form (any other width or target, pure vector extensions): photon256_portable's
//     round on row vectors (the S-box circuit, rotations, Horner with a multiply by 2).
// Constant time: vpshufb selects bytes of a register (the 16-byte table is an operand
// held in a register), so the secret index never forms a memory address; the tables'
// own addresses are fixed. No branch depends on lane data.
//
// Mixed lengths: a lane whose AD or message has ended keeps its state (blend) while the
// others go on; the special cases of the mode (empty AD, empty message, a short last
// block: padding and domain constants) come from lengths alone, as per-lane constants.
// A group of W costs as much as its longest job: a permutation per block of it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <utility>

#include "../photon_beetle.hpp"
#include "batch_lanes.hpp"
#include "photon256_portable.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::batch {

template <std::size_t W>
struct photon256_lanes {
    using V = vec<W>;
    static constexpr int cells = photon256::cells;

#if LWC_HAS(__AVX512BW__)
    static constexpr bool has_shuffle = sizeof(V) == 32 || sizeof(V) == 64;
#elif LWC_HAS(__AVX2__)
    static constexpr bool has_shuffle = sizeof(V) == 32;
#else
    static constexpr bool has_shuffle = false;
#endif

    template <std::size_t... I, class F>
    LWC_ALWAYS_INLINE static void unroll(std::index_sequence<I...>, F&& f) noexcept {
        (f(std::integral_constant<int, int(I)>{}), ...);
    }
    // Rotation right by R bits (any multiple of 4, 0 and 32 included).
    template <int R>
    LWC_ALWAYS_INLINE static V rot(V x) noexcept {
        if constexpr (R % 32 == 0) return x;
        else return rotr<R % 32>(x);
    }

    // SWAR form: photon256_portable's round, a row per vector.
    static void permute_swar(V (&s)[cells]) noexcept {
        const V bit0 = splat<W>(0x11111111), bit3 = splat<W>(0x88888888);
        for (int r = 0; r < photon256::rounds; ++r) {
            V t[cells];
            unroll(std::make_index_sequence<cells>(), [&](auto i) {
                t[i] = rot<4 * i>(photon256::sub_cells(s[i] ^ photon256::round_constant(r, i), bit0));
            });
            unroll(std::make_index_sequence<cells>(), [&](auto i) {
                constexpr auto rows = std::make_index_sequence<cells>();
                V acc = photon256::select_rows<i, 3>(t, rows);
                acc = photon256::mul2(acc, bit3) ^ photon256::select_rows<i, 2>(t, rows);
                acc = photon256::mul2(acc, bit3) ^ photon256::select_rows<i, 1>(t, rows);
                s[i] = photon256::mul2(acc, bit3) ^ photon256::select_rows<i, 0>(t, rows);
            });
        }
    }

    // Shuffle form. T_qk (above) as 16 bytes repeated over 64, for q = 0..3, k = 0..7.
    using table = std::array<u32, 16>;
    static constexpr std::array<table, 4 * cells> make_tables() {
        std::array<table, 4 * cells> t{};
        for (int q = 0; q < 4; ++q)
            for (int k = 0; k < cells; ++k)
                for (int x = 0; x < 16; ++x) {
                    const u32 b = photon256::sub_mix_pair(q, k, x);
                    for (int rep = 0; rep < 4; ++rep) t[cells * q + k][4 * rep + x / 4] |= b << (8 * (x % 4));
                }
        return t;
    }
    alignas(64) static constexpr std::array<table, 4 * cells> tables = make_tables();
    // AddConstant of round r for rows 2q, 2q + 1 as added to the look-ups' sum for them
    // (cell 0 in byte 0, low and high nibble); round 12: none.
    static constexpr std::array<std::array<u32, 4>, photon256::rounds + 1> make_round_pairs() {
        std::array<std::array<u32, 4>, photon256::rounds + 1> t{};
        for (int r = 0; r < photon256::rounds; ++r)
            for (int q = 0; q < 4; ++q)
                t[r][q] = photon256::round_constant(r, 2 * q) | photon256::round_constant(r, 2 * q + 1) << 4;
        return t;
    }
    static constexpr auto round_pairs = make_round_pairs();

    // Byte b of every lane of t at the position the low 4 bits of byte b of x give
    // (x's bytes are below 16): vpshufb, t in a register.
    LWC_ALWAYS_INLINE static V look_up(const table& t, [[maybe_unused]] V x) noexcept {
        V v;
        std::memcpy(&v, t.data(), sizeof v);
#if LWC_HAS(__AVX512BW__)
        if constexpr (sizeof(V) == 64) return (V)_mm512_shuffle_epi8((__m512i)v, (__m512i)x);
        else
#endif
#if LWC_HAS(__AVX2__)
        if constexpr (sizeof(V) == 32) return (V)_mm256_shuffle_epi8((__m256i)v, (__m256i)x);
        else
#endif
        {
            static_assert(W == 0, "no vpshufb for this width (only has_shuffle calls it)");
            return v;
        }
    }

    static void permute_shuffle(V (&s)[cells]) noexcept {
        const V low = splat<W>(0x0f0f0f0f);
        V e[cells], o[cells];  // cells 0, 2, 4, 6 and 1, 3, 5, 7 of each row, a byte each
        for (int i = 0; i < cells; ++i) {
            e[i] = (s[i] & low) ^ photon256::round_constant(0, i);
            o[i] = (s[i] >> 4) & low;
        }
        for (int r = 0; r < photon256::rounds; ++r) {
            V acc[2][4];  // output rows 2q (low nibbles), 2q + 1 (high), even and odd cells
            unroll(std::make_index_sequence<cells>(), [&](auto k) {
                // ShiftRows: row k moves left by k cells (new cell j = old cell j + k).
                V x[2];
                if constexpr (k % 2 == 0) {
                    x[0] = rot<8 * (k / 2)>(e[k]);
                    x[1] = rot<8 * (k / 2)>(o[k]);
                } else {
                    x[0] = rot<8 * (k / 2)>(o[k]);
                    x[1] = rot<8 * (k / 2 + 1)>(e[k]);
                }
                for (int q = 0; q < 4; ++q)
                    for (int h = 0; h < 2; ++h) {
                        const V y = look_up(tables[cells * q + k], x[h]);
                        acc[h][q] = k == 0 ? y : acc[h][q] ^ y;
#if LWC_HAS(__AVX2__)
                        // Keeps the sums in this order: gcc would do all 64 look-ups first
                        // and spill them (10% slower).
                        asm("" : "+x"(acc[h][q]));
#endif
                    }
            });
            for (int q = 0; q < 4; ++q) {
                acc[0][q] ^= round_pairs[r + 1][q];  // the next round's AddConstant
                for (int h = 0; h < 2; ++h) {
                    V* out = h == 0 ? e : o;
                    out[2 * q] = acc[h][q] & low;
                    out[2 * q + 1] = (acc[h][q] >> 4) & low;
                }
            }
        }
        for (int i = 0; i < cells; ++i) s[i] = e[i] | o[i] << 4;
        secure_zero(e);
        secure_zero(o);
    }

    LWC_ALWAYS_INLINE static void permute(V (&s)[cells]) noexcept {
        if constexpr (has_shuffle) permute_shuffle(s);
        else permute_swar(s);
    }

    // Adds the domain constant c(l) (0..7, 0: none) to the top 3 bits of lane l's state.
    template <class F>
    LWC_ALWAYS_INLINE static void add_domain(V (&s)[cells], F&& c) noexcept {
        s[cells - 1] ^= per_lane<W>([&](std::size_t l) { return u32(c(l)) << 29; });
    }
    // Adds a block x of `at` to the rate, and the padding byte 0x01 after the bytes of
    // the lanes at a short block.
    template <std::size_t Bytes>
    LWC_ALWAYS_INLINE static void add_block(V (&s)[cells], const block_pos<W, Bytes>& at,
                                            const V (&x)[Bytes / 4]) noexcept {
        for (std::size_t i = 0; i < Bytes / 4; ++i) s[i] ^= x[i];
        if (std::none_of(at.count, at.count + W, [&](std::size_t n) { return n % Bytes; })) return;
        V pad[Bytes / 4];
        pad_words<W, Bytes / 4>(pad, at, [&](std::size_t l) { return at.partial(l); }, 0x01);
        for (std::size_t i = 0; i < Bytes / 4; ++i) s[i] ^= pad[i];
    }
    // s = t in the lanes that have a block at `at`; the others keep s.
    template <std::size_t Bytes>
    LWC_ALWAYS_INLINE static void update(V (&s)[cells], const V (&t)[cells],
                                         const block_pos<W, Bytes>& at) noexcept {
        const bool all = std::all_of(at.count, at.count + W, [&](std::size_t n) { return n; });
        const V active = all ? ~V{} : lanes_where<W>([&](std::size_t l) { return at.count[l] != 0; });
        for (int i = 0; i < cells; ++i) s[i] = blend(active, t[i], s[i]);
    }
    // The first count bytes of each lane's x (all of them in a full block).
    template <std::size_t Bytes>
    LWC_ALWAYS_INLINE static void mask_block(V (&x)[Bytes / 4], const block_pos<W, Bytes>& at) noexcept {
        if (std::all_of(at.count, at.count + W, [&](std::size_t n) { return n == Bytes; })) return;
        V mask[Bytes / 4];
        byte_masks<W, Bytes / 4>(mask, at);
        for (std::size_t i = 0; i < Bytes / 4; ++i) x[i] &= mask[i];
    }
};

// Photon-Beetle-AEAD with a rate of R bytes (4 or 16).
template <std::size_t R, std::size_t W>
struct photon_beetle_lanes : photon256_lanes<W> {
    using base = photon256_lanes<W>;
    using V = vec<W>;
    static constexpr std::size_t words = R / 4;

    // Beetle's shuffle of the rate (photon_beetle::shuffle): S2 || (S1 >>> 1).
    LWC_ALWAYS_INLINE static void key_stream(V (&ks)[words], const V (&s)[8]) noexcept {
        if constexpr (R == 16) {
            ks[0] = s[2], ks[1] = s[3];
            ks[2] = shr_pair<1>(s[0], s[1]), ks[3] = shr_pair<1>(s[1], s[0]);
        } else {
            ks[0] = (s[0] >> 16) | ((s[0] << 15) & 0x7fff0000) | (s[0] << 31);
        }
    }

    template <bool Decrypt>
    static void run(const lane_job* j) noexcept {
        namespace pb = photon_beetle;
        V s[8], nonce[4], key[4];  // the state: nonce || key
        load_lanes<W, 4>(nonce, [&](std::size_t l) { return j[l].nonce; });
        load_lanes<W, 4>(key, [&](std::size_t l) { return j[l].key; });
        for (std::size_t i = 0; i < 4; ++i) s[i] = nonce[i], s[4 + i] = key[i];
        std::size_t ad_len[W], len[W];
        for (std::size_t l = 0; l < W; ++l) ad_len[l] = j[l].ad_len, len[l] = j[l].len;
        for (std::size_t off = 0, n = max_len(ad_len); off < n; off += R) {
            const block_pos<W, R> at(ad_len, off);
            V t[8], x[words];
            std::copy_n(s, 8, t);
            base::permute(t);
            load_block<W, words>(x, at, [&](std::size_t l) { return j[l].ad; }, off);
            base::add_block(t, at, x);
            base::update(s, t, at);
        }
        base::add_domain(s, [&](std::size_t l) {
            return ad_len[l] ? pb::ad_domain(len[l] != 0, ad_len[l] % R == 0) : 0;
        });
        for (std::size_t off = 0, n = max_len(len); off < n; off += R) {
            const block_pos<W, R> at(len, off);
            V t[8], x[words], ks[words], y[words];
            std::copy_n(s, 8, t);
            base::permute(t);
            key_stream(ks, t);
            load_block<W, words>(x, at, [&](std::size_t l) { return j[l].in; }, off);
            for (std::size_t i = 0; i < words; ++i) y[i] = x[i] ^ ks[i];
            base::mask_block(y, at);
            base::add_block(t, at, Decrypt ? y : x);
            store_block<W, words>(y, at, [&](std::size_t l) { return j[l].out; }, off);
            base::update(s, t, at);
        }
        base::add_domain(s, [&](std::size_t l) {
            return len[l] ? pb::msg_domain(ad_len[l] != 0, len[l] % R == 0) : ad_len[l] ? 0 : 1;
        });
        base::permute(s);
        const V tag[4] = {s[0], s[1], s[2], s[3]};
        store_lanes<W, 4>(tag, [&](std::size_t l) { return j[l].tag; });
        secure_zero(s);
        secure_zero(key);
    }
};

// Photon-Beetle-Hash[32]: the first 16 bytes are the initial state (a shorter message
// padded), the rest absorbed 4 bytes per permutation (the last block 1..4 bytes); the
// domain constant (photon_beetle::hash_core::finalize) 1 for a message of 0..15 bytes or
// a full last block of 4, else 2; then two squeezes of 16 bytes.
template <std::size_t W>
struct photon_beetle_hash_lanes : photon256_lanes<W> {
    using base = photon256_lanes<W>;
    using V = vec<W>;

    static void run(const lane_job* j) noexcept {
        V s[8] = {}, x[4];
        std::size_t len[W];
        for (std::size_t l = 0; l < W; ++l) len[l] = j[l].len;
        const block_pos<W, 16> first(len, 0);
        load_block<W, 4>(x, first, [&](std::size_t l) { return j[l].in; }, 0);
        base::add_block(s, first, x);
        for (std::size_t off = 16, n = max_len(len); off < n; off += 4) {
            const block_pos<W, 4> at(len, off);
            V t[8], m[1];
            std::copy_n(s, 8, t);
            base::permute(t);
            load_block<W, 1>(m, at, [&](std::size_t l) { return j[l].in; }, off);
            base::add_block(t, at, m);
            base::update(s, t, at);
        }
        base::add_domain(s, [&](std::size_t l) {
            return len[l] <= 16 ? (len[l] < 16 ? 1 : 2) : (len[l] - 16) % 4 == 0 ? 1 : 2;
        });
        V d[8];
        base::permute(s);
        std::copy_n(s, 4, d);
        base::permute(s);
        std::copy_n(s, 4, d + 4);
        store_lanes<W, 8>(d, [&](std::size_t l) { return j[l].tag; });
        secure_zero(s);
        secure_zero(x);
    }
};

// The schemes this file has lane code for (batch.hpp: lanes_for).
template <std::size_t W> photon_beetle_lanes<4, W> lanes_of(std::type_identity<PhotonBeetleAead32>);
template <std::size_t W> photon_beetle_lanes<16, W> lanes_of(std::type_identity<PhotonBeetleAead128>);
template <std::size_t W> photon_beetle_hash_lanes<W> lanes_of(std::type_identity<PhotonBeetleHash>);

}}}  // namespace lwc::inline LWC_ISA_NS::detail::batch
