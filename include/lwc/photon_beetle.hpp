// SPDX-License-Identifier: MIT
// Photon-Beetle (NIST LWC final round): the Beetle mode on the PHOTON-256 permutation.
//   PhotonBeetleAead32    Photon-Beetle-AEAD[32]:  rate 4 bytes,  key 16, nonce 16, tag 16
//   PhotonBeetleAead128   Photon-Beetle-AEAD[128]: rate 16 bytes, key 16, nonce 16, tag 16
//   PhotonBeetleHash      Photon-Beetle-Hash[32]: digest 32 (first 16 bytes absorbed at
//                         once, then 4 bytes per permutation)
//
// Constant time: where the table-based Photon-Beetle code indexes S-box and GF(2^4)
// tables with the state, PHOTON-256 here has no memory index and no branch that depends
// on the state: the S-box is a Boolean circuit run on 16 cells at once and the GF(2^4)
// products are shifts and XORs (portable), or the S-box and the products are 16-byte
// tables held in vector registers and read by register shuffles (vpshufb; AVX2), or the
// S-box is such a table and the products GF(2) bit-matrix multiplications
// (vgf2p8affineqb; AVX-512 VBMI + GFNI). Only lengths, which are public, choose branches.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <array>
#include <bit>
#include <cstring>
#include <span>
#include <string_view>

#include "aead.hpp"
#include "detail/photon256.hpp"
#include "hash.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail::photon_beetle {

using u16 = std::uint16_t;

inline constexpr std::size_t state_size = 32;
inline constexpr std::array<u8, state_size> zero_state{};

// Byte-level changes outside the rate (initial hash block, padding of the initial
// block, domain constants): once per message, so through the byte form of the state.
template <class P>
void add_bytes(typename P::state& s, std::size_t offset, const u8* p, std::size_t n) noexcept {
    std::array<u8, state_size> b;
    P::store(s, b.data());
    for (std::size_t i = 0; i < n; ++i) b[offset + i] ^= p[i];
    s = P::load(b.data());
    secure_zero(b);
}

// Domain separation: the constant c in the three most significant bits of the state.
template <class P>
void add_domain(typename P::state& s, u8 c) noexcept {
    const u8 v = u8(c << 5);
    add_bytes<P>(s, state_size - 1, &v, 1);
}

// The constants the specification's selectConst picks: after the associated data by
// whether a message follows and whether the last AD block is full, after the message by
// whether there was AD and whether the last message block is full.
constexpr u8 ad_domain(bool has_msg, bool full) {
    return has_msg ? (full ? 1 : 2) : (full ? 3 : 4);
}
constexpr u8 msg_domain(bool has_ad, bool full) {
    return has_ad ? (full ? 1 : 2) : (full ? 5 : 6);
}

using photon256::rate_words;

// A full block of R bytes as rate words, and back.
template <std::size_t R>
rate_words load_block(const u8* p) noexcept {
    if constexpr (R == 16) return {load64_le(p), load64_le(p + 8)};
    else return {load32_le(p), 0};
}
template <std::size_t R>
void store_block(u8* p, const rate_words& w) noexcept {
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(p, w.data(), R);  // byte stores of words get vectorised badly (GCC 12)
    } else if constexpr (R == 16) {
        store64_le(p, w[0]);
        store64_le(p + 8, w[1]);
    } else {
        store32_le(p, u32(w[0]));
    }
}

// A short block (n < R bytes) padded with 0x01 and zeros.
template <std::size_t R>
rate_words load_padded(const u8* p, std::size_t n) noexcept {
    std::array<u8, R> block{};
    for (std::size_t i = 0; i < R && i < n; ++i) block[i] = p[i];
    block[n] = 0x01;
    return load_block<R>(block.data());
}

constexpr rate_words operator^(const rate_words& a, const rate_words& b) {
    return {a[0] ^ b[0], a[1] ^ b[1]};
}

// Beetle's shuffle of the rate S = S1 || S2 (two halves): S2 || (S1 >>> 1), S1 read as a
// little-endian integer.
template <std::size_t R>
rate_words shuffle(const rate_words& s) noexcept {
    if constexpr (R == 16) {
        return {s[1], std::rotr(s[0], 1)};
    } else {
        static_assert(R == 4);
        const auto s1 = u16(s[0]), s2 = u16(s[0] >> 16);
        return {s2 | u64(std::rotr(s1, 1)) << 16, 0};
    }
}

// The sponge on a PHOTON-256 backend P with rate R bytes.
template <class P, std::size_t R>
struct duplex {
    typename P::state s;

    // Permute, then add a block of 1..R bytes (a short one padded).
    void absorb(const u8* p, std::size_t n) noexcept {
        P::permute(s);
        P::template add_rate<R>(s, n == R ? load_block<R>(p) : load_padded<R>(p, n));
    }

    // Permute, then the key stream of Beetle's rho: the shuffled rate.
    rate_words key_stream() noexcept {
        P::permute(s);
        return shuffle<R>(P::template extract_rate<R>(s));
    }

    // The first 16 bytes of the state after a permutation (the tag, half a digest).
    void squeeze(u8* out) noexcept {
        P::permute(s);
        store_block<16>(out, P::template extract_rate<16>(s));
    }
};

// The Beetle AEAD mode: the steps every family names alike (detail::aead_mode). The
// domain constant after the AD depends on whether a message follows, so absorb_ad
// notes what crypt needs to add it.
template <photon256_backend P, std::size_t R>
struct beetle {
    static constexpr std::string_view backend = P::name;
    static constexpr std::size_t wipe_depth = shallow_wipe_depth;
    duplex<P, R> d;
    bool has_ad = false, ad_full = false, has_msg = false;

    void initialize(const u8* key, const u8* nonce) noexcept {
        std::array<u8, state_size> init;  // nonce || key
        for (std::size_t i = 0; i < 16; ++i) {
            init[i] = nonce[i];
            init[16 + i] = key[i];
        }
        d.s = P::load(init.data());
        secure_zero(init);
    }

    // The specification's HASH on nonempty AD: every block, the last one 1..R bytes.
    void absorb_ad(std::span<const u8> ad) noexcept {
        has_ad = !ad.empty();
        if (!has_ad) return;
        ad_full = ad.size() % R == 0;
        const u8* p = ad.data();
        std::size_t n = ad.size();
        for (; n > R; p += R, n -= R) d.absorb(p, R);
        d.absorb(p, n);
    }

    // The AD's domain constant, then the specification's ENCorDEC on a nonempty message
    // and its domain constant.
    template <bool Decrypt>
    void crypt(const u8* in, u8* out, std::size_t n) noexcept {
        has_msg = n != 0;
        if (has_ad) add_domain<P>(d.s, ad_domain(has_msg, ad_full));
        if (!has_msg) return;
        for (; n > R; in += R, out += R, n -= R) crypt_block<Decrypt>(in, out);
        crypt_partial<Decrypt>(in, out, n);
        add_domain<P>(d.s, msg_domain(has_ad, n == R));
    }

    // rho (encrypt) or its inverse (decrypt) on a full block: out = in ^ key stream, and
    // the plaintext is added to the rate. out may be in.
    template <bool Decrypt>
    void crypt_block(const u8* in, u8* out) noexcept {
        const rate_words x = load_block<R>(in), y = x ^ d.key_stream();
        P::template add_rate<R>(d.s, Decrypt ? y : x);
        store_block<R>(out, y);
    }

    // The same on the last block, 1..R bytes: a short plaintext block is padded.
    template <bool Decrypt>
    void crypt_partial(const u8* in, u8* out, std::size_t n) noexcept {
        std::array<u8, R> ks, pt{};
        store_block<R>(ks.data(), d.key_stream());
        for (std::size_t i = 0; i < R && i < n; ++i) {
            const u8 x = in[i], y = x ^ ks[i];
            pt[i] = Decrypt ? y : x;
            out[i] = y;
        }
        if (n < R) pt[n] = 0x01;
        P::template add_rate<R>(d.s, load_block<R>(pt.data()));
    }

    void finalize(u8* tag) noexcept {
        if (!has_ad && !has_msg) add_domain<P>(d.s, 1);
        d.squeeze(tag);
    }
};

// Photon-Beetle-Hash[32]. A message of up to 16 bytes is the initial state (padded and
// domain-separated), and the digest comes without absorbing; a longer one has its first 16
// bytes as the initial state and the rest absorbed 4 bytes per permutation.
template <photon256_backend P>
struct hash_core {
    static constexpr std::string_view backend = P::name;
    static constexpr std::size_t wipe_depth = shallow_wipe_depth;
    static constexpr std::size_t rate = 4, digest_size = 32, initial_blocks = 16 / rate;
    duplex<P, rate> d{P::load(zero_state.data())};
    std::size_t absorbed = 0;  // blocks absorbed so far, counted up to initial_blocks

    void absorb_block(const u8* block) noexcept {
        if (absorbed < initial_blocks) {
            add_bytes<P>(d.s, rate * absorbed++, block, rate);
        } else {
            d.absorb(block, rate);
        }
    }

    void absorb_blocks(const u8* blocks, std::size_t count) noexcept {
        for (; count > 0; --count, blocks += rate) absorb_block(blocks);
    }

    void finalize(std::span<const u8> last, u8* digest) noexcept {
        if (absorbed < initial_blocks) {
            const std::size_t len = rate * absorbed + last.size();  // 0..16
            add_bytes<P>(d.s, rate * absorbed, last.data(), last.size());
            const u8 pad = 0x01;
            if (len > 0 && len < 16) add_bytes<P>(d.s, len, &pad, 1);
            add_domain<P>(d.s, len < 16 ? 1 : 2);
        } else {
            d.absorb(last.data(), last.size());
            add_domain<P>(d.s, last.size() == rate ? 1 : 2);
        }
        d.squeeze(digest);
        d.squeeze(digest + 16);
    }
};

}  // namespace detail::photon_beetle

// The schemes on an explicit PHOTON-256 backend; tests run every backend.
template <detail::photon256_backend Perm>
struct BasicPhotonBeetleAead32
    : detail::mode_aead<BasicPhotonBeetleAead32<Perm>, detail::photon_beetle::beetle<Perm, 4>, 16,
                        16, 16> {
    static constexpr std::string_view name = "photon-beetle-aead-32";
};
template <detail::photon256_backend Perm>
struct BasicPhotonBeetleAead128
    : detail::mode_aead<BasicPhotonBeetleAead128<Perm>, detail::photon_beetle::beetle<Perm, 16>,
                        16, 16, 16> {
    static constexpr std::string_view name = "photon-beetle-aead-128";
};
template <detail::photon256_backend Perm>
class BasicPhotonBeetleHash
    : public detail::buffered_hash<detail::photon_beetle::hash_core<Perm>> {
public:
    static constexpr std::string_view name = "photon-beetle-hash";
};

using PhotonBeetleAead32 = BasicPhotonBeetleAead32<detail::photon256_default>;
using PhotonBeetleAead128 = BasicPhotonBeetleAead128<detail::photon256_default>;
using PhotonBeetleHash = BasicPhotonBeetleHash<detail::photon256_default>;

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
