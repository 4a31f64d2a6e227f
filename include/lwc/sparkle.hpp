// SPDX-License-Identifier: MIT
// The Sparkle family (NIST LWC final round, v1.2): the hash functions Esch and the
// AEAD schemes Schwaemm, all sponges on the SPARKLE permutations.
//   Esch256          digest 32   SPARKLE384, rate 16 bytes, 7/11 steps
//   Esch384          digest 48   SPARKLE512, rate 16 bytes, 8/12 steps
//   Schwaemm128_128  key 16, nonce 16, tag 16   SPARKLE256, rate 16, 7/10 steps
//   Schwaemm192_192  key 24, nonce 24, tag 24   SPARKLE384, rate 24, 7/11 steps
//   Schwaemm256_128  key 16, nonce 32, tag 16   SPARKLE384, rate 32, 7/11 steps
//   Schwaemm256_256  key 32, nonce 32, tag 32   SPARKLE512, rate 32, 8/12 steps
// Every Schwaemm instance has nonce size = rate and key size = tag size = capacity.
// Blocks are read as little-endian words and padded with 0x80 then zeros; the
// last block of a phase gets a domain constant in the last state word and the
// "big" permutation, every other block the "slim" one.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <algorithm>
#include <array>
#include <span>
#include <string_view>
#include <type_traits>

#include "aead.hpp"
#include "detail/sparkle_permutation.hpp"
#include "hash.hpp"
#include "xof.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail::sparkle {

// Schwaemm's domain constants, added to the last state word before the last block of a
// phase (AD or message, padded or full), for a capacity of cap_words words; Esch's
// (Esch256/384; XOEsch has its own pair).
constexpr u32 schwaemm_domain(std::size_t cap_words, bool msg, bool full) noexcept {
    return ((u32(msg) << 1 | u32(full)) ^ (1u << (cap_words / 2))) << 24;
}
inline constexpr u8 esch_padded = 1, esch_full = 2;

// Schwaemm with Branches branches, a rate of RateWords words, and the slim/big
// step counts. The loops over full blocks copy the state into a local variable and
// inline the slim permutation, so that the state stays in registers from block to
// block; the one-off big permutations are calls.
template <sparkle_backend P, std::size_t Branches, std::size_t RateWords, std::size_t Slim,
          std::size_t Big>
struct schwaemm_sponge {
    static constexpr std::string_view backend = P::name;
    static constexpr std::size_t wipe_depth = shallow_wipe_depth;
    static constexpr std::size_t words = 2 * Branches;
    static constexpr std::size_t rate = RateWords, capacity = words - RateWords;
    static constexpr std::size_t rate_bytes = 4 * rate, key_bytes = 4 * capacity;
    // Domain constants, added to the last state word before the last block of a
    // phase: AD or message, padded or full.
    static constexpr u32 ad_padded = schwaemm_domain(capacity, false, false),
                         ad_full = schwaemm_domain(capacity, false, true),
                         msg_padded = schwaemm_domain(capacity, true, false),
                         msg_full = schwaemm_domain(capacity, true, true);

    using state = sparkle_state<Branches>;
    using block = std::array<u32, rate>;
    state s{};
    const u8* key = nullptr;  // for finalize

    LWC_ALWAYS_INLINE static void slim(state& st) noexcept {
        P::template permute_inline<Branches, Slim>(st);
    }
    void big() noexcept { P::template permute<Branches, Big>(s); }

    static block load_block(const u8* p) noexcept {
        block m;
        for (std::size_t k = 0; k < rate; ++k) m[k] = load32_le(p + 4 * k);
        return m;
    }
    // A short last block (len < rate_bytes), padded with 0x80 and zeros.
    static block load_padded(const u8* p, std::size_t len) noexcept {
        std::array<u8, rate_bytes> buf;
        fill_block(buf, p, len);
        buf[len] = 0x80;
        const block m = load_block(buf.data());
        secure_zero(buf);
        return m;
    }

    // Nonce into the rate, key into the capacity, then the big permutation.
    void initialize(const u8* key_in, const u8* nonce) noexcept {
        key = key_in;
        for (std::size_t k = 0; k < rate; ++k) s[k] = load32_le(nonce + 4 * k);
        for (std::size_t k = 0; k < capacity; ++k) s[rate + k] = load32_le(key + 4 * k);
        big();
    }

    // rho1 and rate whitening W on words: the rate halves go through a Feistel swap
    // (left' = right, right' = right ^ left), the block is added, then every rate
    // word is masked with a capacity word (word k with capacity word k mod c).
    static void absorb(state& st, const block& m) noexcept {
        constexpr std::size_t h = rate / 2;
        block t;
        for (std::size_t k = 0; k < h; ++k) {
            t[k] = st[h + k];
            t[h + k] = st[h + k] ^ st[k];
        }
        for (std::size_t k = 0; k < rate; ++k) st[k] = t[k] ^ m[k] ^ st[rate + k % capacity];
    }

    // Empty AD and an empty message skip their phase entirely (no padded block).
#if LWC_SMALL
    // A build for size has one body for both phases (phase() below): the associated
    // data is a message phase whose output is dropped and whose plaintext is the input.
    void absorb_ad(std::span<const u8> ad) noexcept {
        phase(ad.data(), nullptr, ad.size(), ad_full, ad_padded, false);
    }
    void crypt_with(const u8* in, u8* out, std::size_t n, bool decrypt) noexcept {
        phase(in, out, n, msg_full, msg_padded, decrypt);
    }
    LWC_NOINLINE void phase(const u8* in, u8* out, std::size_t n, u32 full_mark, u32 padded_mark,
                            bool decrypt) noexcept {
        run_phase(in, out, n, full_mark, padded_mark, decrypt);
    }
#else
    void absorb_ad(std::span<const u8> ad) noexcept {
        if (ad.empty()) return;
        const u8* p = ad.data();
        std::size_t n = ad.size();
        state st = s;
        for (; n > rate_bytes; p += rate_bytes, n -= rate_bytes) {
            absorb(st, load_block(p));
            slim(st);
        }
        s = st;
        const bool full = n == rate_bytes;
        s[words - 1] ^= full ? ad_full : ad_padded;
        absorb(s, full ? load_block(p) : load_padded(p, n));
        big();
    }
#endif

    // rho2 (out = in ^ rate) and rho1 on the plaintext, which is the input when
    // encrypting and the output when decrypting. out may be in.
    // decrypt: a bool, or std::bool_constant when optimizing for speed (see crypt);
    // with a bool (the compact phase()) out may be nullptr: associated data.
    template <class Direction>
    static constexpr bool may_drop = std::is_same_v<Direction, bool>;

    template <class Direction>
    static void crypt_block(state& st, const u8* in, u8* out, Direction decrypt) noexcept {
        const block a = load_block(in);
        block p;
        for (std::size_t k = 0; k < rate; ++k) {
            const u32 b = a[k] ^ st[k];
            if (!may_drop<Direction> || out) store32_le(out + 4 * k, b);
            p[k] = decrypt ? b : a[k];
        }
        absorb(st, p);
    }

    // The short last block: rho2 on zero-padded bytes, then the plaintext (input
    // or output) padded with 0x80 is absorbed. Both are read before out is written.
    template <class Direction>
    void crypt_partial(const u8* in, u8* out, std::size_t len, Direction decrypt) noexcept {
        std::array<u8, rate_bytes> a, b;
        fill_block(a, in, len);
        for (std::size_t k = 0; k < rate; ++k)
            store32_le(b.data() + 4 * k, load32_le(a.data() + 4 * k) ^ s[k]);
        if (!may_drop<Direction> || out) copy_bytes(out, b.data(), len);
        absorb(s, load_padded(decrypt ? b.data() : a.data(), len));
        secure_zero(a);
        secure_zero(b);
    }

#if !LWC_SMALL
    template <bool Decrypt>
    void crypt(const u8* in, u8* out, std::size_t n) noexcept {
        run_phase(in, out, n, msg_full, msg_padded, std::bool_constant<Decrypt>{});
    }
#endif

    // A message phase (or, compact, the associated data: out nullptr): full blocks
    // with the state in a local variable, then the last block, marked, and the big
    // permutation. An empty phase is skipped entirely (no padded block).
    template <class Direction>
    LWC_ALWAYS_INLINE void run_phase(const u8* in, u8* out, std::size_t n, u32 full_mark,
                                     u32 padded_mark, Direction decrypt) noexcept {
        if (n == 0) return;
        state st = s;
        for (; n > rate_bytes; in += rate_bytes, n -= rate_bytes) {
            crypt_block(st, in, out, decrypt);
            slim(st);
            if (!may_drop<Direction> || out) out += rate_bytes;
        }
        s = st;
        const bool full = n == rate_bytes;
        s[words - 1] ^= full ? full_mark : padded_mark;
        if (full)
            crypt_block(s, in, out, decrypt);
        else
            crypt_partial(in, out, n, decrypt);
        big();
    }

    // The key is added to the capacity, which is the tag.
    void finalize(u8* tag) noexcept {
        for (std::size_t k = 0; k < capacity; ++k)
            store32_le(tag + 4 * k, s[rate + k] ^ load32_le(key + 4 * k));
    }
};

// Esch: 16-byte blocks injected through a Feistel function into the left half of
// the state; the digest is squeezed 16 bytes at a time with slim permutations.
// Esch and the XOEsch XOFs differ only in the constants that mark the last block (and
// in how much they squeeze): Padded and Full, added to the last word of the left half
// as its most significant byte.
template <sparkle_backend P, std::size_t Branches, std::size_t Slim, std::size_t Big,
          std::size_t Digest, u8 Padded = esch_padded, u8 Full = esch_full>
struct esch_core {
    static constexpr std::string_view backend = P::name;
    static constexpr std::size_t wipe_depth = shallow_wipe_depth;
    static constexpr std::size_t rate = 16, squeeze_rate = 16, digest_size = Digest;
    static constexpr u32 last_padded = u32(Padded) << 24, last_full = u32(Full) << 24;
    sparkle_state<Branches> s;  // zeroed by its owner (block_buffer, or value-initialised)

    // M3: the block (m0 m1 m2 m3, as x0 y0 x1 y1) goes into the left half
    // (Branches/2 branches) with ell of its x and y parities crossed over.
    static void inject(sparkle_state<Branches>& st, const u8* block) noexcept {
        const u32 m0 = load32_le(block), m1 = load32_le(block + 4);
        const u32 m2 = load32_le(block + 8), m3 = load32_le(block + 12);
        const u32 tx = sparkle_ell(m0 ^ m2), ty = sparkle_ell(m1 ^ m3);
        st[0] ^= m0 ^ ty;
        st[1] ^= m1 ^ tx;
        st[2] ^= m2 ^ ty;
        st[3] ^= m3 ^ tx;
        for (std::size_t j = 2; j < Branches / 2; ++j) {
            st[2 * j] ^= ty;
            st[2 * j + 1] ^= tx;
        }
    }

    void absorb_block(const u8* block) noexcept { absorb_blocks(block, 1); }

    // The state is copied into a local variable and the slim permutation inlined,
    // so that the state stays in registers from block to block. (Not in a build for
    // size, where the permutation is a call on memory anyway.)
    void absorb_blocks(const u8* blocks, std::size_t count) noexcept {
        sparkle_state<Branches> local;
        sparkle_state<Branches>& st = LWC_SMALL ? s : (local = s);
        for (std::size_t i = 0; i < count; ++i) {
            inject(st, blocks + i * rate);
            P::template permute_inline<Branches, Slim>(st);
        }
        if constexpr (!LWC_SMALL) s = st;
    }

    // The last block (0..16 bytes), padded with 0x80 unless full, then the big
    // permutation: the absorbing phase ends.
    void absorb_last(std::span<const u8> last) noexcept {
        const bool full = last.size() == rate;
        s[Branches - 1] ^= full ? last_full : last_padded;
        std::array<u8, rate> buf;
        fill_block(buf, last.data(), last.size());
        if (!full) buf[last.size()] = 0x80;
        inject(s, buf.data());
        secure_zero(buf);
        P::template permute<Branches, Big>(s);
    }

    // 16 bytes of output a block, a slim permutation between blocks.
    void squeeze_block(u8* out, bool first) noexcept {
        if (!first) P::template permute<Branches, Slim>(s);
        for (std::size_t k = 0; k < 4; ++k) store32_le(out + 4 * k, s[k]);
    }

    void finalize(std::span<const u8> last, u8* digest) noexcept {
        absorb_last(last);
        for (std::size_t off = 0; off < Digest; off += rate) squeeze_block(digest + off, off == 0);
    }
};

template <class Self, class Sponge>
using schwaemm = mode_aead<Self, Sponge, Sponge::key_bytes, Sponge::rate_bytes, Sponge::key_bytes>;

}  // namespace detail::sparkle

// The schemes on an explicit permutation backend; tests run every backend.
template <detail::sparkle_backend P>
struct BasicSchwaemm128_128
    : detail::sparkle::schwaemm<BasicSchwaemm128_128<P>, detail::sparkle::schwaemm_sponge<P, 4, 4, 7, 10>> {
    static constexpr std::string_view name = "schwaemm128-128";
};
template <detail::sparkle_backend P>
struct BasicSchwaemm192_192
    : detail::sparkle::schwaemm<BasicSchwaemm192_192<P>, detail::sparkle::schwaemm_sponge<P, 6, 6, 7, 11>> {
    static constexpr std::string_view name = "schwaemm192-192";
};
template <detail::sparkle_backend P>
struct BasicSchwaemm256_128
    : detail::sparkle::schwaemm<BasicSchwaemm256_128<P>, detail::sparkle::schwaemm_sponge<P, 6, 8, 7, 11>> {
    static constexpr std::string_view name = "schwaemm256-128";
};
template <detail::sparkle_backend P>
struct BasicSchwaemm256_256
    : detail::sparkle::schwaemm<BasicSchwaemm256_256<P>, detail::sparkle::schwaemm_sponge<P, 8, 8, 8, 12>> {
    static constexpr std::string_view name = "schwaemm256-256";
};
template <detail::sparkle_backend P>
class BasicEsch256 : public detail::buffered_hash<detail::sparkle::esch_core<P, 6, 7, 11, 32>> {
public:
    static constexpr std::string_view name = "esch256";
};
template <detail::sparkle_backend P>
class BasicEsch384 : public detail::buffered_hash<detail::sparkle::esch_core<P, 8, 8, 12, 48>> {
public:
    static constexpr std::string_view name = "esch384";
};

// XOEsch256 and XOEsch384: Esch with other last-block constants (5 padded, 6 full) and
// any output length. Not among NIST's final-round KATs: tests/kat/xoesch*.txt are
// rweather/lwc-finalists' vectors (tests/kat/README.md).
template <detail::sparkle_backend P>
class BasicXOEsch256 : public detail::buffered_xof<detail::sparkle::esch_core<P, 6, 7, 11, 0, 5, 6>> {
public:
    static constexpr std::string_view name = "xoesch256";
};
template <detail::sparkle_backend P>
class BasicXOEsch384 : public detail::buffered_xof<detail::sparkle::esch_core<P, 8, 8, 12, 0, 5, 6>> {
public:
    static constexpr std::string_view name = "xoesch384";
};

using Schwaemm128_128 = BasicSchwaemm128_128<detail::sparkle_default_for<4>>;
using Schwaemm192_192 = BasicSchwaemm192_192<detail::sparkle_default_for<6>>;
using Schwaemm256_128 = BasicSchwaemm256_128<detail::sparkle_default_for<6>>;
using Schwaemm256_256 = BasicSchwaemm256_256<detail::sparkle_default_for<8>>;
using Esch256 = BasicEsch256<detail::sparkle_default_for<6>>;
using Esch384 = BasicEsch384<detail::sparkle_default_for<8>>;
using XOEsch256 = BasicXOEsch256<detail::sparkle_default_for<6>>;
using XOEsch384 = BasicXOEsch384<detail::sparkle_default_for<8>>;

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
