// SPDX-License-Identifier: MIT
// TinyJambu-128/192/256 on W messages at once, one per 32-bit lane: the NLFSR in the
// specification's 32-bit word steps (a word of 32 new bits needs taps at least 37 bits
// back, so a lane computes it in one go), the mode as in the specification.
// Mixed lengths: a lane whose AD or message ended keeps its state (blend) while the
// others go on, so a group of W costs as much as its longest message.
#pragma once

#include <cstddef>
#include <utility>

#include "../tinyjambu.hpp"
#include "batch_lanes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::batch {

template <std::size_t KeyWords, std::size_t W>
struct tinyjambu_lanes {
    using V = vec<W>;
    static constexpr std::size_t lanes = W;
    static constexpr std::size_t small_words = 20;                                   // P_640
    static constexpr std::size_t large_words = (1024 + 64 * (KeyWords - 4)) / 32;  // P_1024..1280
    static constexpr u32 frame_nonce = tinyjambu::frame_nonce, frame_ad = tinyjambu::frame_ad,
                         frame_msg = tinyjambu::frame_msg, frame_final = tinyjambu::frame_final;

    // Step I of the NLFSR, on the state array read from word I mod 4 on (so that no
    // words move): 32 new bits replace the oldest word. nk: the complemented key.
    template <std::size_t I>
    LWC_ALWAYS_INLINE static void step(V (&s)[4], const V (&nk)[KeyWords]) noexcept {
        V& a = s[I % 4];
        const V b = s[(I + 1) % 4], c = s[(I + 2) % 4], d = s[(I + 3) % 4];
        const V t47 = shr_pair<15>(b, c), t70 = shr_pair<6>(c, d);
        const V t85 = shr_pair<21>(c, d), t91 = shr_pair<27>(c, d);
        a ^= t47 ^ t91 ^ (t70 & t85) ^ nk[I % KeyWords];
    }
    // Words is a multiple of 4, so the words end where they started.
    template <std::size_t Words>
    LWC_ALWAYS_INLINE static void permute(V (&s)[4], const V (&nk)[KeyWords]) noexcept {
        [&]<std::size_t... I>(std::index_sequence<I...>) {
            (step<I>(s, nk), ...);
        }(std::make_index_sequence<Words>{});
    }

    // One 4-byte block of AD (Msg = false) or message in every lane that has one.
    template <bool Msg, bool Decrypt>
    LWC_ALWAYS_INLINE static void block(V (&s)[4], const V (&nk)[KeyWords], const lane_job* j,
                                        const std::size_t (&len)[W], std::size_t off) noexcept {
        const block_pos<W, 4> at(len, off);
        V x[1], mask[1];
        load_block<W, 1>(x, at, [&](std::size_t l) { return Msg ? j[l].in : j[l].ad; }, off);
        byte_masks<W, 1>(mask, at);
        const V active = lanes_where<W>([&](std::size_t l) { return at.count[l] != 0; });
        const V partial = per_lane<W>([&](std::size_t l) {
            return at.partial(l) ? u32(at.count[l]) : u32(0);
        });
        V t[4] = {s[0], s[1] ^ (Msg ? frame_msg : frame_ad), s[2], s[3]};
        if constexpr (Msg) {
            permute<large_words>(t, nk);
            const V y[1] = {(t[2] ^ x[0]) & mask[0]};
            t[3] ^= Decrypt ? y[0] : x[0];
            store_block<W, 1>(y, at, [&](std::size_t l) { return j[l].out; }, off);
        } else {
            permute<small_words>(t, nk);
            t[3] ^= x[0];
        }
        t[1] ^= partial;
        for (std::size_t i = 0; i < 4; ++i) s[i] = blend(active, t[i], s[i]);
    }

    template <bool Decrypt>
    static void run(const lane_job* j) noexcept {
        V nk[KeyWords], nonce[3], s[4] = {}, tag[2];
        load_lanes<W, KeyWords>(nk, [&](std::size_t l) { return j[l].key; });
        for (auto& k : nk) k = ~k;
        load_lanes<W, 3>(nonce, [&](std::size_t l) { return j[l].nonce; });
        permute<large_words>(s, nk);
        for (std::size_t i = 0; i < 3; ++i) {
            s[1] ^= frame_nonce;
            permute<small_words>(s, nk);
            s[3] ^= nonce[i];
        }
        std::size_t ad_len[W], len[W];
        for (std::size_t l = 0; l < W; ++l) ad_len[l] = j[l].ad_len, len[l] = j[l].len;
        for (std::size_t off = 0, n = max_len(ad_len); off < n; off += 4)
            block<false, Decrypt>(s, nk, j, ad_len, off);
        for (std::size_t off = 0, n = max_len(len); off < n; off += 4)
            block<true, Decrypt>(s, nk, j, len, off);
        s[1] ^= frame_final;
        permute<large_words>(s, nk);
        tag[0] = s[2];
        s[1] ^= frame_final;
        permute<small_words>(s, nk);
        tag[1] = s[2];
        store_lanes<W, 2>(tag, [&](std::size_t l) { return j[l].tag; });
        secure_zero(nk);
        secure_zero(s);
    }
};

// The schemes this file has lane code for (batch.hpp: lanes_for).
template <std::size_t W> tinyjambu_lanes<4, W> lanes_of(std::type_identity<TinyJambu128>);
template <std::size_t W> tinyjambu_lanes<6, W> lanes_of(std::type_identity<TinyJambu192>);
template <std::size_t W> tinyjambu_lanes<8, W> lanes_of(std::type_identity<TinyJambu256>);

}}}  // namespace lwc::inline LWC_ISA_NS::detail::batch
