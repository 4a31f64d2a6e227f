// SPDX-License-Identifier: MIT
// Ascon-AEAD128 and Ascon-Hash256 (SP 800-232) on W messages at once, one per 64-bit
// lane: Ascon-p x W, lane l of every vector belonging to message l (W = 8 with AVX2, four
// messages a register; W = 16 with AVX-512, eight a register, the rotations vprolq).
// Mixed lengths as in the other lane files: a lane whose AD or message has ended keeps
// its state (blend), so a group costs its longest message.
#pragma once

#include <cstddef>
#include <cstring>

#include "../ascon.hpp"
#include "batch_lanes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail::batch {

template <std::size_t W>
struct ascon_lanes {
    // The lanes in G groups of a register each (n lanes): every 64-bit word of the W
    // states is G registers, and each step runs over the groups, whose chains are
    // independent (a vector wider than a register would change the calling convention).
    static constexpr std::size_t n = W < register64_lanes ? W : register64_lanes, G = W / n;
    using V = vec64<n>;
    using X = V[G];             // one word of every lane
    using P = ascon_portable;  // its S-box and round constants

    template <int R>
    LWC_ALWAYS_INLINE static V rotr(V x) noexcept {
        return (x >> R) | (x << (64 - R));
    }

    // Ascon-p[Rounds] on every lane: the portable rounds (their S-box is written for any
    // word type) with the linear layer on vectors.
    template <int Rounds>
    LWC_ALWAYS_INLINE static void permute(X (&s)[5]) noexcept {
        for (std::size_t g = 0; g < G; ++g) s[2][g] ^= P::constant(12 - Rounds);
        for (int i = 12 - Rounds; i < 12; ++i)
            for (std::size_t g = 0; g < G; ++g) {
                V x0 = s[0][g], x1 = s[1][g], x2 = s[2][g], x3 = s[3][g], x4 = s[4][g];
                P::sbox(x0, x1, x2, x3, x4);
                s[0][g] = x0 ^ rotr<19>(x0) ^ rotr<28>(x0);
                s[1][g] = x1 ^ rotr<61>(x1) ^ rotr<39>(x1);
                s[2][g] = x2 ^ P::end_of_round(i) ^ (rotr<1>(x2) ^ rotr<6>(x2));
                s[3][g] = x3 ^ rotr<10>(x3) ^ rotr<17>(x3);
                s[4][g] = x4 ^ rotr<7>(x4) ^ rotr<41>(x4);
            }
    }

    static void copy(X (&to)[5], const X (&from)[5]) noexcept { std::memcpy(to, from, sizeof to); }
    // to = m ? a : b, lane by lane.
    static void select(X (&to)[5], const X& m, const X (&a)[5]) noexcept {
        for (std::size_t i = 0; i < 5; ++i)
            for (std::size_t g = 0; g < G; ++g) to[i][g] = blend(m[g], a[i][g], to[i][g]);
    }
    // t[l] in lane l.
    LWC_ALWAYS_INLINE static void from_lanes(X& v, const u64 (&t)[W]) noexcept {
        std::memcpy(&v, t, sizeof v);
    }
    // All ones in the lanes where c(l) holds.
    template <class F>
    LWC_ALWAYS_INLINE static void where(X& v, F&& c) noexcept {
        alignas(64) u64 t[W];
        for (std::size_t l = 0; l < W; ++l) t[l] = c(l) ? ~u64(0) : u64(0);
        from_lanes(v, t);
    }

    // Words little-endian words of lane l's block at p(l) + off: its count bytes (at),
    // zero padded, the pad bit after them in the lanes where pads(l) holds; mask gets
    // the bytes each lane has.
    template <std::size_t Words, class Ptr, class Pads>
    LWC_ALWAYS_INLINE static void load_block(X (&v)[Words], X (&mask)[Words], X (&pad)[Words],
                                             const block_pos<W, 8 * Words>& at, Ptr&& p,
                                             std::size_t off, Pads&& pads) noexcept {
        alignas(64) u64 t[3][Words][W];
        for (std::size_t l = 0; l < W; ++l) {
            const std::size_t c = at.count[l];
            u8 buf[8 * Words] = {};
            if (c) std::memcpy(buf, p(l) + off, c);
            for (std::size_t i = 0; i < Words; ++i) {
                const std::size_t k = c > 8 * i ? std::min<std::size_t>(c - 8 * i, 8) : 0;
                t[0][i][l] = load64_le(buf + 8 * i);
                t[1][i][l] = k == 8 ? ~u64(0) : (u64(1) << (8 * k)) - 1;
                t[2][i][l] = pads(l) && c / 8 == i ? ascon::pad(c % 8) : 0;
            }
        }
        for (std::size_t i = 0; i < Words; ++i) {
            from_lanes(v[i], t[0][i]);
            from_lanes(mask[i], t[1][i]);
            from_lanes(pad[i], t[2][i]);
        }
    }
    // Lane l's 8 * Words bytes at p(l) + off as words.
    template <std::size_t Words, class Ptr>
    LWC_ALWAYS_INLINE static void load_words(X (&v)[Words], Ptr&& p, std::size_t off = 0) noexcept {
        alignas(64) u64 t[Words][W];
        for (std::size_t l = 0; l < W; ++l)
            for (std::size_t i = 0; i < Words; ++i) t[i][l] = load64_le(p(l) + off + 8 * i);
        for (std::size_t i = 0; i < Words; ++i) from_lanes(v[i], t[i]);
    }
    // The first count(l) bytes of lane l's words to p(l) + off.
    template <std::size_t Words, class Ptr, class Count>
    LWC_ALWAYS_INLINE static void store_words(const X (&v)[Words], Ptr&& p, std::size_t off,
                                              Count&& count) noexcept {
        alignas(64) u64 t[Words][W];
        std::memcpy(t, v, sizeof t);
        for (std::size_t l = 0; l < W; ++l) {
            u8 buf[8 * Words];
            for (std::size_t i = 0; i < Words; ++i) store64_le(buf + 8 * i, t[i][l]);
            if (count(l)) std::memcpy(p(l) + off, buf, count(l));
        }
    }

    static constexpr std::size_t rate = 16;  // Ascon-AEAD128's

    template <bool Decrypt>
    static void run(const lane_job* j) noexcept {
        X s[5], key[2], nonce[2];
        load_words<2>(key, [&](std::size_t l) { return j[l].key; });
        load_words<2>(nonce, [&](std::size_t l) { return j[l].nonce; });
        for (std::size_t g = 0; g < G; ++g) {
            s[0][g] = V{} + ascon::iv_aead128, s[1][g] = key[0][g], s[2][g] = key[1][g];
            s[3][g] = nonce[0][g], s[4][g] = nonce[1][g];
        }
        permute<12>(s);
        for (std::size_t g = 0; g < G; ++g) s[3][g] ^= key[0][g], s[4][g] ^= key[1][g];
        // Lane l's AD: ad_len / 16 full blocks and a padded last one (none when empty),
        // Ascon-p[8] after each; its message: len / 16 full blocks with Ascon-p[8] after
        // each, then the padded last block (0..15 bytes) with none.
        // Up to the first lane's last block every lane has a full block: those blocks go
        // in place, without masks or selection (most of a group of similar lengths).
        std::size_t ad_len[W], len[W], most_ad = 0, most = 0, all_ad = ~std::size_t(0),
                                                             all = ~std::size_t(0);
        for (std::size_t l = 0; l < W; ++l) {
            ad_len[l] = j[l].ad_len, len[l] = j[l].len;
            most_ad = std::max(most_ad, ad_len[l] ? ad_len[l] / rate + 1 : 0);
            most = std::max(most, len[l] / rate + 1);
            all_ad = std::min(all_ad, ad_len[l] / rate);
            all = std::min(all, len[l] / rate);
        }
        for (std::size_t b = 0; b < all_ad; ++b) {
            X m[2];
            load_words<2>(m, [&](std::size_t l) { return j[l].ad; }, b * rate);
            for (std::size_t i = 0; i < 2; ++i)
                for (std::size_t g = 0; g < G; ++g) s[i][g] ^= m[i][g];
            permute<8>(s);
        }
        for (std::size_t b = all_ad; b < most_ad; ++b) {
            const block_pos<W, rate> at(ad_len, b * rate);
            const auto last = [&](std::size_t l) { return ad_len[l] && b == ad_len[l] / rate; };
            X active, t[5], m[2], mask[2], pad[2];
            where(active, [&](std::size_t l) { return ad_len[l] && b <= ad_len[l] / rate; });
            copy(t, s);
            load_block<2>(m, mask, pad, at, [&](std::size_t l) { return j[l].ad; }, b * rate, last);
            for (std::size_t i = 0; i < 2; ++i)
                for (std::size_t g = 0; g < G; ++g) t[i][g] ^= m[i][g] ^ pad[i][g];
            permute<8>(t);
            select(s, active, t);
        }
        for (std::size_t g = 0; g < G; ++g) s[4][g] ^= ascon::domain_separator;
        for (std::size_t b = 0; b < all; ++b) {
            const std::size_t off = b * rate;
            X x[2], y[2];
            load_words<2>(x, [&](std::size_t l) { return j[l].in; }, off);
            for (std::size_t i = 0; i < 2; ++i)
                for (std::size_t g = 0; g < G; ++g) {
                    y[i][g] = s[i][g] ^ x[i][g];
                    s[i][g] = Decrypt ? x[i][g] : y[i][g];
                }
            store_words<2>(y, [&](std::size_t l) { return j[l].out; }, off,
                           [](std::size_t) { return rate; });
            permute<8>(s);
        }
        for (std::size_t b = all; b < most; ++b) {
            const std::size_t off = b * rate;
            const block_pos<W, rate> at(len, off);
            const auto last = [&](std::size_t l) { return b == len[l] / rate; };
            X full, ends, t[5], p[5], x[2], mask[2], pad[2], y[2];
            where(full, [&](std::size_t l) { return b < len[l] / rate; });
            where(ends, last);
            copy(t, s);
            load_block<2>(x, mask, pad, at, [&](std::size_t l) { return j[l].in; }, off, last);
            for (std::size_t i = 0; i < 2; ++i)
                for (std::size_t g = 0; g < G; ++g) {
                    y[i][g] = (t[i][g] ^ x[i][g]) & mask[i][g];
                    t[i][g] ^= (Decrypt ? y[i][g] : x[i][g]) ^ pad[i][g];
                }
            store_words<2>(y, [&](std::size_t l) { return j[l].out; }, off,
                           [&](std::size_t l) { return at.count[l]; });
            select(s, ends, t);  // a lane's last block: no permutation after it
            if (b < most - 1) {  // some lane has a full block here
                copy(p, t);
                permute<8>(p);
                select(s, full, p);
            }
        }
        for (std::size_t g = 0; g < G; ++g) s[2][g] ^= key[0][g], s[3][g] ^= key[1][g];
        permute<12>(s);
        X tag[2];
        for (std::size_t g = 0; g < G; ++g) tag[0][g] = s[3][g] ^ key[0][g], tag[1][g] = s[4][g] ^ key[1][g];
        store_words<2>(tag, [&](std::size_t l) { return j[l].tag; }, 0,
                       [](std::size_t) { return rate; });
        secure_zero(s);
        secure_zero(key);
    }
};

// Ascon-Hash256: from the precomputed initial state, per 8-byte block the block added
// and Ascon-p[12], the last block padded (a full message ends with a block of padding
// alone); then four 8-byte squeezes with Ascon-p[12] between.
template <std::size_t W>
struct ascon_hash_lanes : ascon_lanes<W> {
    using base = ascon_lanes<W>;
    using typename base::X;
    static constexpr std::size_t G = base::G;

    static void run(const lane_job* j) noexcept {
        using sponge = ascon::sponge<ascon_portable, ascon::iv_hash256, 32>;
        X s[5];
        for (std::size_t i = 0; i < 5; ++i)
            for (std::size_t g = 0; g < G; ++g) s[i][g] = typename base::V{} + sponge::initial[i];
        std::size_t len[W], most = 0;
        for (std::size_t l = 0; l < W; ++l) {
            len[l] = j[l].len;
            most = std::max(most, len[l] / 8 + 1);
        }
        for (std::size_t b = 0; b < most; ++b) {
            const block_pos<W, 8> at(len, 8 * b);
            const auto last = [&](std::size_t l) { return b == len[l] / 8; };
            X active, t[5], m[1], mask[1], pad[1];
            base::where(active, [&](std::size_t l) { return b <= len[l] / 8; });
            base::copy(t, s);
            base::template load_block<1>(m, mask, pad, at, [&](std::size_t l) { return j[l].in; },
                                         8 * b, last);
            for (std::size_t g = 0; g < G; ++g) t[0][g] ^= m[0][g] ^ pad[0][g];
            base::template permute<12>(t);
            base::select(s, active, t);
        }
        X d[4];
        for (std::size_t i = 0; i < 4; ++i) {
            if (i > 0) base::template permute<12>(s);
            std::memcpy(&d[i], &s[0], sizeof d[i]);
        }
        base::template store_words<4>(d, [&](std::size_t l) { return j[l].tag; }, 0,
                                      [](std::size_t) { return std::size_t(32); });
        secure_zero(s);
    }
};

// The schemes this file has lane code for (batch.hpp: lanes_for).
template <std::size_t W> ascon_lanes<W> lanes_of(std::type_identity<AsconAead128>);
template <std::size_t W> ascon_hash_lanes<W> lanes_of(std::type_identity<AsconHash256>);

}}}  // namespace lwc::inline LWC_ISA_NS::detail::batch
