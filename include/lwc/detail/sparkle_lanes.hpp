// SPDX-License-Identifier: MIT
// The Sparkle family (Schwaemm AEADs, Esch hashes) on W messages at once, one per
// 32-bit lane: Alzette is 32-bit add-rotate-xor, the same instructions in lanes.
// Mixed lengths: a lane whose phase has ended keeps its state (blend). The big
// permutation is the slim one followed by more steps, so every active lane runs the
// slim steps and only the lanes at the last block of a phase the extra ones.
#pragma once

#include <array>
#include <cstddef>

#include "../sparkle.hpp"
#include "batch_lanes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::batch {

template <std::size_t Branches, std::size_t W>
struct sparkle_lanes {
    using V = vec<W>;
    static constexpr std::size_t words = 2 * Branches;
    static constexpr const std::array<u32, 8>& c = sparkle_constants;

    LWC_ALWAYS_INLINE static V ell(V x) noexcept { return rotr<16>(x ^ (x << 16)); }

    LWC_ALWAYS_INLINE static void alzette(V& x, V& y, u32 k) noexcept {
        x += rotr<31>(y); y ^= rotr<24>(x); x ^= k;
        x += rotr<17>(y); y ^= rotr<17>(x); x ^= k;
        x += y;           y ^= rotr<31>(x); x ^= k;
        x += rotr<24>(y); y ^= rotr<16>(x); x ^= k;
    }

    // Steps From .. To - 1 on the state in specification order (x0 y0 x1 y1 ...).
    static void steps(V (&st)[words], std::size_t from, std::size_t to) noexcept {
        constexpr std::size_t h = Branches / 2;
        V x[Branches], y[Branches];
        for (std::size_t j = 0; j < Branches; ++j) x[j] = st[2 * j], y[j] = st[2 * j + 1];
        for (std::size_t s = from; s < to; ++s) {
            y[0] ^= c[s % 8];
            y[1] ^= u32(s);
            for (std::size_t j = 0; j < Branches; ++j) alzette(x[j], y[j], c[j]);
            V tx = x[0], ty = y[0];
            for (std::size_t i = 1; i < h; ++i) tx ^= x[i], ty ^= y[i];
            tx = ell(tx);
            ty = ell(ty);
            V nx[Branches], ny[Branches];
            for (std::size_t i = 0; i < h; ++i) {
                nx[i] = x[h + (i + 1) % h] ^ x[(i + 1) % h] ^ ty;
                ny[i] = y[h + (i + 1) % h] ^ y[(i + 1) % h] ^ tx;
                nx[h + i] = x[i];
                ny[h + i] = y[i];
            }
            for (std::size_t j = 0; j < Branches; ++j) x[j] = nx[j], y[j] = ny[j];
        }
        for (std::size_t j = 0; j < Branches; ++j) st[2 * j] = x[j], st[2 * j + 1] = y[j];
    }

    // The step shared by every sponge phase, for the lanes at block `at`: t = st with
    // the block absorbed (by the caller's f), then the slim steps for the active lanes
    // and the rest of the big ones for the lanes at their last block.
    template <std::size_t Slim, std::size_t Big, class F>
    LWC_ALWAYS_INLINE static void phase_block(V (&st)[words], V active, V last, bool any_last,
                                              F&& absorb) noexcept {
        V t[words];
        for (std::size_t i = 0; i < words; ++i) t[i] = st[i];
        absorb(t);
        steps(t, 0, Slim);
        for (std::size_t i = 0; i < words; ++i) st[i] = blend(active, t[i], st[i]);
        if (!any_last) return;
        for (std::size_t i = 0; i < words; ++i) t[i] = st[i];
        steps(t, Slim, Big);
        for (std::size_t i = 0; i < words; ++i) st[i] = blend(last, t[i], st[i]);
    }
};

// Schwaemm with Branches branches, a rate of Rate words, slim/big step counts.
template <std::size_t Branches, std::size_t Rate, std::size_t Slim, std::size_t Big, std::size_t W>
struct schwaemm_lanes : sparkle_lanes<Branches, W> {
    using base = sparkle_lanes<Branches, W>;
    using V = vec<W>;
    static constexpr std::size_t words = base::words, cap = words - Rate, rate_bytes = 4 * Rate;
    static constexpr u32 ad_padded = sparkle::schwaemm_domain(cap, false, false),
                         ad_full = sparkle::schwaemm_domain(cap, false, true),
                         msg_padded = sparkle::schwaemm_domain(cap, true, false),
                         msg_full = sparkle::schwaemm_domain(cap, true, true);

    // rho1 and the rate whitening (see sparkle.hpp).
    LWC_ALWAYS_INLINE static void absorb(V (&st)[words], const V (&m)[Rate]) noexcept {
        constexpr std::size_t h = Rate / 2;
        V t[Rate];
        for (std::size_t k = 0; k < h; ++k) {
            t[k] = st[h + k];
            t[h + k] = st[h + k] ^ st[k];
        }
        for (std::size_t k = 0; k < Rate; ++k) st[k] = t[k] ^ m[k] ^ st[Rate + k % cap];
    }

    // One block of AD (Msg = false) or message in every lane that has one.
    template <bool Msg, bool Decrypt>
    LWC_ALWAYS_INLINE static void block(V (&st)[words], const lane_job* j,
                                        const std::size_t (&len)[W], std::size_t off) noexcept {
        const block_pos<W, rate_bytes> at(len, off);
        bool any_last = false;
        for (std::size_t l = 0; l < W; ++l) any_last |= at.count[l] && len[l] - off <= rate_bytes;
        const V active = lanes_where<W>([&](std::size_t l) { return at.count[l] != 0; });
        const V last = lanes_where<W>(
            [&](std::size_t l) { return at.count[l] && len[l] - off <= rate_bytes; });
        const V domain = per_lane<W>([&](std::size_t l) {
            const u32 full = Msg ? msg_full : ad_full, padded = Msg ? msg_padded : ad_padded;
            return at.count[l] && len[l] - off <= rate_bytes ? (at.full(l) ? full : padded) : 0;
        });
        V m[Rate], pad[Rate];
        load_block<W, Rate>(m, at, [&](std::size_t l) { return Msg ? j[l].in : j[l].ad; }, off);
        pad_words<W, Rate>(pad, at, [&](std::size_t l) { return at.partial(l); });
        if constexpr (Msg) {
            // rho2: out = in ^ rate; the plaintext (in or out, cut to its bytes) is absorbed.
            V out[Rate], mask[Rate];
            byte_masks<W, Rate>(mask, at);
            for (std::size_t k = 0; k < Rate; ++k) out[k] = (m[k] ^ st[k]) & mask[k];
            store_block<W, Rate>(out, at, [&](std::size_t l) { return j[l].out; }, off);
            if constexpr (Decrypt)
                for (std::size_t k = 0; k < Rate; ++k) m[k] = out[k];
        }
        for (std::size_t k = 0; k < Rate; ++k) m[k] |= pad[k];
        base::template phase_block<Slim, Big>(st, active, last, any_last, [&](V(&t)[words]) {
            t[words - 1] ^= domain;
            absorb(t, m);
        });
    }

    template <bool Decrypt>
    static void run(const lane_job* j) noexcept {
        V st[words], nonce[Rate], key[cap];
        load_lanes<W, Rate>(nonce, [&](std::size_t l) { return j[l].nonce; });
        load_lanes<W, cap>(key, [&](std::size_t l) { return j[l].key; });
        for (std::size_t k = 0; k < Rate; ++k) st[k] = nonce[k];
        for (std::size_t k = 0; k < cap; ++k) st[Rate + k] = key[k];
        base::steps(st, 0, Big);
        std::size_t ad_len[W], len[W];
        for (std::size_t l = 0; l < W; ++l) ad_len[l] = j[l].ad_len, len[l] = j[l].len;
        for (std::size_t off = 0, n = max_len(ad_len); off < n; off += rate_bytes)
            block<false, Decrypt>(st, j, ad_len, off);
        for (std::size_t off = 0, n = max_len(len); off < n; off += rate_bytes)
            block<true, Decrypt>(st, j, len, off);
        for (std::size_t k = 0; k < cap; ++k) key[k] ^= st[Rate + k];
        store_lanes<W, cap>(key, [&](std::size_t l) { return j[l].tag; });
        secure_zero(st);
        secure_zero(key);
    }
};

// Esch: 16-byte blocks injected into the left half; an empty message is one padded block.
template <std::size_t Branches, std::size_t Slim, std::size_t Big, std::size_t Digest,
          std::size_t W>
struct esch_lanes : sparkle_lanes<Branches, W> {
    using base = sparkle_lanes<Branches, W>;
    using V = vec<W>;
    static constexpr std::size_t words = base::words;
    static constexpr u32 last_padded = u32(sparkle::esch_padded) << 24,
                         last_full = u32(sparkle::esch_full) << 24;

    LWC_ALWAYS_INLINE static void inject(V (&st)[words], const V (&m)[4]) noexcept {
        const V tx = base::ell(m[0] ^ m[2]), ty = base::ell(m[1] ^ m[3]);
        st[0] ^= m[0] ^ ty;
        st[1] ^= m[1] ^ tx;
        st[2] ^= m[2] ^ ty;
        st[3] ^= m[3] ^ tx;
        for (std::size_t k = 2; k < Branches / 2; ++k) {
            st[2 * k] ^= ty;
            st[2 * k + 1] ^= tx;
        }
    }

    static void run(const lane_job* j) noexcept {
        V st[words] = {};
        std::size_t len[W], blocks[W], most = 0;
        for (std::size_t l = 0; l < W; ++l) {
            len[l] = j[l].len;
            blocks[l] = len[l] ? (len[l] + 15) / 16 : 1;
            most = std::max(most, blocks[l]);
        }
        for (std::size_t b = 0; b < most; ++b) {
            const block_pos<W, 16> at(len, 16 * b);
            bool any_last = false;
            for (std::size_t l = 0; l < W; ++l) any_last |= b + 1 == blocks[l];
            const V active = lanes_where<W>([&](std::size_t l) { return b < blocks[l]; });
            const V last = lanes_where<W>([&](std::size_t l) { return b + 1 == blocks[l]; });
            const V domain = per_lane<W>([&](std::size_t l) {
                return b + 1 == blocks[l] ? (at.full(l) ? last_full : last_padded) : 0;
            });
            V m[4], pad[4];
            load_block<W, 4>(m, at, [&](std::size_t l) { return j[l].in; }, 16 * b);
            pad_words<W, 4>(pad, at, [&](std::size_t l) { return b + 1 == blocks[l] && !at.full(l); });
            for (std::size_t k = 0; k < 4; ++k) m[k] |= pad[k];
            base::template phase_block<Slim, Big>(st, active, last, any_last, [&](V(&t)[words]) {
                t[Branches - 1] ^= domain;
                inject(t, m);
            });
        }
        V d[Digest / 4];
        for (std::size_t off = 0;; off += 4) {
            for (std::size_t k = 0; k < 4; ++k) d[off + k] = st[k];
            if (off + 4 == Digest / 4) break;
            base::steps(st, 0, Slim);
        }
        store_lanes<W, Digest / 4>(d, [&](std::size_t l) { return j[l].tag; });
        secure_zero(st);
    }
};

// The schemes this file has lane code for (batch.hpp: lanes_for).
template <std::size_t W> schwaemm_lanes<4, 4, 7, 10, W> lanes_of(std::type_identity<Schwaemm128_128>);
template <std::size_t W> schwaemm_lanes<6, 6, 7, 11, W> lanes_of(std::type_identity<Schwaemm192_192>);
template <std::size_t W> schwaemm_lanes<6, 8, 7, 11, W> lanes_of(std::type_identity<Schwaemm256_128>);
template <std::size_t W> schwaemm_lanes<8, 8, 8, 12, W> lanes_of(std::type_identity<Schwaemm256_256>);
template <std::size_t W> esch_lanes<6, 7, 11, 32, W> lanes_of(std::type_identity<Esch256>);
template <std::size_t W> esch_lanes<8, 8, 12, 48, W> lanes_of(std::type_identity<Esch384>);

}}}  // namespace lwc::inline LWC_ISA_NS::detail::batch
