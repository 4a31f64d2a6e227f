// SPDX-License-Identifier: MIT
// Xoodyak (Cyclist on Xoodoo[12]) on W messages at once, one per 32-bit lane: Xoodoo
// x W, lane l of every vector belonging to message l. Mixed lengths: a lane whose AD
// or message has ended keeps its state (blend); a group costs its longest message.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>

#include "../xoodyak.hpp"
#include "batch_lanes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::batch {

template <std::size_t W>
struct xoodyak_lanes {
    using V = vec<W>;
    static constexpr const std::array<u32, 12>& rc = xoodoo_round_constants;
    static constexpr std::size_t ad_rate = 44, crypt_rate = 24;
    // Cyclist's control bytes (xoodyak.hpp), in the word that holds byte 47.
    static_assert(xoodyak::control_byte == 4 * 11 + 3);
    static constexpr u32 cd_absorb_key = xoodyak::cd_absorb_key, cd_absorb = xoodyak::cd_absorb,
                         cu_crypt = xoodyak::cu_crypt, cu_squeeze = xoodyak::cu_squeeze;

    template <int R>
    LWC_ALWAYS_INLINE static V rotl(V x) noexcept {
        return rotr<32 - R>(x);
    }

    // Lane x of plane y is s[x + 4y].
    static void permute(V (&s)[12]) noexcept {
        for (std::size_t r = 0; r < 12; ++r) {
            V e[4];
            for (std::size_t x = 0; x < 4; ++x) {
                const V p = s[(x + 3) % 4] ^ s[4 + (x + 3) % 4] ^ s[8 + (x + 3) % 4];
                e[x] = rotl<5>(p) ^ rotl<14>(p);
            }
            V a[4], b[4], c[4];
            for (std::size_t x = 0; x < 4; ++x) {
                a[x] = s[x] ^ e[x];
                b[x] = s[4 + (x + 3) % 4] ^ e[(x + 3) % 4];  // rho-west: plane 1 by a lane
                c[x] = rotl<11>(s[8 + x] ^ e[x]);
            }
            a[0] ^= rc[r];
            for (std::size_t x = 0; x < 4; ++x) {  // chi, then rho-east
                const V a2 = a[x] ^ (~b[x] & c[x]), b2 = b[x] ^ (~c[x] & a[x]),
                        c2 = c[x] ^ (~a[x] & b[x]);
                s[x] = a2;
                s[4 + x] = rotl<1>(b2);
                s[8 + (x + 2) % 4] = rotl<8>(c2);
            }
        }
    }

    // The byte b at lane l's position pos(l) (0..47), for the lanes where pos(l) < 48.
    template <class F>
    LWC_ALWAYS_INLINE static void add_byte_at(V (&s)[12], u32 b, F&& pos) noexcept {
        alignas(64) u32 t[12][W] = {};
        for (std::size_t l = 0; l < W; ++l) {
            const std::size_t p = pos(l);
            if (p < 48) t[p / 4][l] = b << (8 * (p % 4));
        }
        for (std::size_t i = 0; i < 12; ++i) {
            V v;
            std::memcpy(&v, t[i], sizeof v);
            s[i] ^= v;
        }
    }

    template <bool Decrypt>
    static void run(const lane_job* j) noexcept {
        constexpr std::size_t none = 48;
        V s[12] = {}, key[4], nonce[4];
        load_lanes<W, 4>(key, [&](std::size_t l) { return j[l].key; });
        load_lanes<W, 4>(nonce, [&](std::size_t l) { return j[l].nonce; });
        for (std::size_t i = 0; i < 4; ++i) s[i] = key[i], s[4 + i] = nonce[i];
        s[8] ^= 16 | 0x01 << 8;  // enc8(|ID|) and the padding after K || ID || |ID|
        s[11] ^= cd_absorb_key << 24;
        std::size_t ad_len[W], len[W], ad_blocks[W], blocks[W], most_ad = 0, most = 0;
        for (std::size_t l = 0; l < W; ++l) {
            ad_len[l] = j[l].ad_len, len[l] = j[l].len;
            ad_blocks[l] = ad_len[l] ? (ad_len[l] + ad_rate - 1) / ad_rate : 1;
            blocks[l] = len[l] ? (len[l] + crypt_rate - 1) / crypt_rate : 1;
            most_ad = std::max(most_ad, ad_blocks[l]);
            most = std::max(most, blocks[l]);
        }
        // Absorb(AD): per block Up, then Down(block || 0x01, 0x03 for the first).
        for (std::size_t b = 0; b < most_ad; ++b) {
            const block_pos<W, ad_rate> at(ad_len, b * ad_rate);
            const V active = lanes_where<W>([&](std::size_t l) { return b < ad_blocks[l]; });
            V t[12], m[11];
            for (std::size_t i = 0; i < 12; ++i) t[i] = s[i];
            permute(t);
            load_block<W, 11>(m, at, [&](std::size_t l) { return j[l].ad; }, b * ad_rate);
            for (std::size_t i = 0; i < 11; ++i) t[i] ^= m[i];
            add_byte_at(t, 0x01, [&](std::size_t l) { return b < ad_blocks[l] ? at.count[l] : none; });
            if (b == 0) t[11] ^= cd_absorb << 24;
            for (std::size_t i = 0; i < 12; ++i) s[i] = blend(active, t[i], s[i]);
        }
        // Crypt: per block Up(0x80 for the first), output = input ^ state, Down(plaintext
        // || 0x01): the rate bytes become the ciphertext either way.
        for (std::size_t b = 0; b < most; ++b) {
            const std::size_t off = b * crypt_rate;
            const block_pos<W, crypt_rate> at(len, off);
            const V active = lanes_where<W>([&](std::size_t l) { return b < blocks[l]; });
            V t[12], x[6], mask[6], y[6];
            for (std::size_t i = 0; i < 12; ++i) t[i] = s[i];
            if (b == 0) t[11] ^= cu_crypt << 24;
            permute(t);
            load_block<W, 6>(x, at, [&](std::size_t l) { return j[l].in; }, off);
            byte_masks<W, 6>(mask, at);
            for (std::size_t i = 0; i < 6; ++i) {
                y[i] = (t[i] ^ x[i]) & mask[i];
                t[i] ^= Decrypt ? y[i] : x[i];
            }
            store_block<W, 6>(y, at, [&](std::size_t l) { return j[l].out; }, off);
            add_byte_at(t, 0x01, [&](std::size_t l) { return b < blocks[l] ? at.count[l] : none; });
            for (std::size_t i = 0; i < 12; ++i) s[i] = blend(active, t[i], s[i]);
        }
        s[11] ^= cu_squeeze << 24;
        permute(s);
        const V tag[4] = {s[0], s[1], s[2], s[3]};
        store_lanes<W, 4>(tag, [&](std::size_t l) { return j[l].tag; });
        secure_zero(s);
        secure_zero(key);
    }
};

// Xoodyak hash (Cyclist hash mode): per 16-byte block Down(block || 0x01, 0x01 for the
// first) with an Up before every block but the first; an empty message is one empty
// block. Then two 16-byte squeezes with Down(empty) between.
template <std::size_t W>
struct xoodyak_hash_lanes : xoodyak_lanes<W> {
    using base = xoodyak_lanes<W>;
    using V = vec<W>;

    static void run(const lane_job* j) noexcept {
        V s[12] = {};
        std::size_t len[W], blocks[W], most = 0;
        for (std::size_t l = 0; l < W; ++l) {
            len[l] = j[l].len;
            blocks[l] = len[l] ? (len[l] + 15) / 16 : 1;
            most = std::max(most, blocks[l]);
        }
        for (std::size_t b = 0; b < most; ++b) {
            const block_pos<W, 16> at(len, 16 * b);
            const V active = lanes_where<W>([&](std::size_t l) { return b < blocks[l]; });
            V t[12], m[4];
            for (std::size_t i = 0; i < 12; ++i) t[i] = s[i];
            if (b > 0) base::permute(t);
            load_block<W, 4>(m, at, [&](std::size_t l) { return j[l].in; }, 16 * b);
            for (std::size_t i = 0; i < 4; ++i) t[i] ^= m[i];
            base::add_byte_at(t, 0x01,
                              [&](std::size_t l) { return b < blocks[l] ? at.count[l] : 48; });
            if (b == 0) t[11] ^= u32(0x01) << 24;
            for (std::size_t i = 0; i < 12; ++i) s[i] = blend(active, t[i], s[i]);
        }
        V d[8];
        base::permute(s);
        for (std::size_t i = 0; i < 4; ++i) d[i] = s[i];
        s[0] ^= 0x01;
        base::permute(s);
        for (std::size_t i = 0; i < 4; ++i) d[4 + i] = s[i];
        store_lanes<W, 8>(d, [&](std::size_t l) { return j[l].tag; });
        secure_zero(s);
    }
};

// The schemes this file has lane code for (batch.hpp: lanes_for).
template <std::size_t W> xoodyak_lanes<W> lanes_of(std::type_identity<XoodyakAead>);
template <std::size_t W> xoodyak_hash_lanes<W> lanes_of(std::type_identity<XoodyakHash>);

}}}  // namespace lwc::inline LWC_ISA_NS::detail::batch
