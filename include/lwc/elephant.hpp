// SPDX-License-Identifier: MIT
// Elephant v2 (NIST LWC final round; Beyne, Chen, Dobraunig, Mennink, "Elephant v2",
// 2021): a nonce-based encrypt-then-MAC over one cryptographic permutation, with masks
// derived from the key by an LFSR on bytes.
//   ElephantDumbo      Spongent-pi[160], block 20 bytes, key 16, nonce 12, tag 8
//   ElephantJumbo      Spongent-pi[176], block 22 bytes, key 16, nonce 12, tag 8
//   ElephantDelirium   Keccak-f[200],    block 25 bytes, key 16, nonce 12, tag 16
// The masks: L = P(K || 0), mask_i = phi^i(L); the message is encrypted by counter mode
// with mask_i ^ mask_{i+1}, the ciphertext authenticated with mask_i ^ mask_{i+2}, the
// associated data (after the nonce) with mask_j alone.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <array>
#include <bit>
#include <span>
#include <string_view>
#include <type_traits>

#include "aead.hpp"
#include "detail/keccak_small.hpp"
#include "detail/spongent.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail::elephant {

// Keccak-f[200] on the 25-byte block (its lanes are the bytes themselves), with P holding
// the lanes as bytes or repeated in words (keccak_small.hpp), then loaded and stored.
template <class P>
struct keccak_f200_with {
    static constexpr const char* name = P::name;
    static constexpr std::size_t size = 25;
    using state = std::array<u8, size>;
    static void permute(state& s) noexcept {
        if constexpr (std::is_same_v<typename P::state, state>) {
            P::template permute<18>(s);
        } else {
            typename P::state w;
            for (std::size_t i = 0; i < size; ++i) w[i] = P::load_lane(&s[i]);
            P::template permute<18>(w);
            for (std::size_t i = 0; i < size; ++i) P::store_lane(&s[i], w[i]);
        }
    }
};
using keccak_f200 = keccak_f200_with<keccak_p200_default>;

// The LFSRs phi: the block moves down a byte, and the new last byte is this feedback
// of the old bytes (specification, sections 2.3-2.5). Shifts, rotations and XOR only:
// the masks are key-derived.
struct dumbo_lfsr {
    static u8 feedback(const u8* x) noexcept {
        return u8(std::rotl(x[0], 3) ^ (x[3] << 7) ^ (x[13] >> 7));
    }
};
struct jumbo_lfsr {
    static u8 feedback(const u8* x) noexcept {
        return u8(std::rotl(x[0], 1) ^ (x[3] << 7) ^ (x[19] >> 7));
    }
};
struct delirium_lfsr {
    static u8 feedback(const u8* x) noexcept {
        return u8(std::rotl(x[0], 1) ^ std::rotl(x[2], 1) ^ (x[13] << 1));
    }
};

template <class P, class Lfsr, std::size_t Tag>
struct mode {
    static constexpr std::string_view backend = P::name;
    static constexpr std::size_t size = P::size, key_size = 16, nonce_size = 12;
    using block = std::array<u8, size>;

    block key_mask{};  // L = P(K || 0): mask_0
    block sum{};       // the tag before its last permutation
    const u8* nonce = nullptr;

    // The blocks' byte loops unrolled: gcc 12 -O3 -march=x86-64 vectorized them as
    // loops (16 bytes and a remainder) and gave Delirium's kernel a 1,632-byte frame, its
    // deepest byte 1,928 below the caller where the stack wipe clears 2,048. Unrolled:
    // 560, at most 1,089 deep (gcc 12 and clang 14, x86-64 to v4), and Delirium 6-8%
    // faster (AMD Zen 4). Rolled under LWC_SMALL (about 4 KB less at RV32 -O2).
    static void xor_into(block& a, const block& b) noexcept {
        LWC_SPEED_UNROLL(32)
        for (std::size_t i = 0; i < size; ++i) a[i] ^= b[i];
    }
    // mask_{i+1} from mask_i.
    static void step(block& m) noexcept {
        const u8 f = Lfsr::feedback(m.data());
        LWC_SPEED_UNROLL(32)
        for (std::size_t i = 0; i + 1 < size; ++i) m[i] = m[i + 1];
        m[size - 1] = f;
    }
    // P(x ^ m) ^ m.
    static block masked(block x, const block& m) noexcept {
        xor_into(x, m);
        P::permute(x);
        xor_into(x, m);
        return x;
    }
    // n bytes of p, then 0x01 when n < size, then zeros.
    static block padded(const u8* p, std::size_t n) noexcept {
        block b{};
        copy_bytes(b.data(), p, n);
        if (n < size) b[n] = 0x01;
        return b;
    }

    void initialize(const u8* key, const u8* n) noexcept {
        nonce = n;
        key_mask = {};
        copy_bytes(key_mask.data(), key, key_size);
        P::permute(key_mask);
    }

    // N || AD, padded, in blocks (always at least one padding byte): block 0 starts the
    // sum as it is, block j >= 1 is added through P masked with mask_j.
    void absorb_ad(std::span<const u8> ad) noexcept {
        block first{};
        copy_bytes(first.data(), nonce, nonce_size);
        const std::size_t head = ad.size() < size - nonce_size ? ad.size() : size - nonce_size;
        copy_bytes(first.data() + nonce_size, ad.data(), head);
        if (nonce_size + head < size) first[nonce_size + head] = 0x01;
        sum = first;
        if (nonce_size + ad.size() < size) return;
        // The rest of the AD from byte head on: whole blocks, then a padded one (maybe
        // the padding alone).
        block m = key_mask;
        for (std::size_t at = head;; at += size) {
            const std::size_t n = ad.size() - at < size ? ad.size() - at : size;
            step(m);
            xor_into(sum, masked(padded(ad.data() + at, n), m));
            if (n < size) break;
        }
    }

    // Block i of the message (1..size bytes) by the key stream P(N || 0 ^ mask_i ^
    // mask_{i+1}) ^ mask_i ^ mask_{i+1}, and block i of the ciphertext (0..size bytes,
    // padded; one more block of padding alone after a whole last block, or for an empty
    // message) into the sum through P masked with mask_i ^ mask_{i+2}. out may be in:
    // each block of ciphertext is taken before its output is written.
    template <bool Decrypt>
    void crypt(const u8* in, u8* out, std::size_t n) noexcept {
        block a = key_mask, b = a, c;
        step(b);
        c = b;
        step(c);
        for (std::size_t at = 0;; at += size) {
            const std::size_t len = n - at < size ? n - at : size;
            block ab = a, ac = a;
            xor_into(ab, b);
            xor_into(ac, c);
            block ct{};
            if (len > 0) {
                const block ks = masked(padded_nonce(), ab);
                for (std::size_t i = 0; i < len; ++i) {
                    const u8 x = in[at + i], y = u8(x ^ ks[i]);
                    ct[i] = Decrypt ? x : y;
                    out[at + i] = y;
                }
            }
            if (len < size) ct[len] = 0x01;
            xor_into(sum, masked(ct, ac));
            if (len < size) break;
            a = b;
            b = c;
            step(c);
        }
    }

    block padded_nonce() const noexcept {
        block b{};
        copy_bytes(b.data(), nonce, nonce_size);
        return b;
    }

    // T = P(sum ^ L) ^ L, truncated.
    void finalize(u8* tag) noexcept {
        const block t = masked(sum, key_mask);
        copy_bytes(tag, t.data(), Tag);
    }
};

// The variants' modes: the permutation, the LFSR, the tag size.
template <class P>
using dumbo = mode<P, dumbo_lfsr, 8>;
template <class P>
using jumbo = mode<P, jumbo_lfsr, 8>;
template <class P>
using delirium = mode<P, delirium_lfsr, 16>;

}  // namespace detail::elephant

template <class Perm>
struct BasicElephantDumbo
    : detail::mode_aead<BasicElephantDumbo<Perm>, detail::elephant::dumbo<Perm>, 16, 12, 8> {
    static constexpr std::string_view name = "elephant-dumbo";
};

template <class Perm>
struct BasicElephantJumbo
    : detail::mode_aead<BasicElephantJumbo<Perm>, detail::elephant::jumbo<Perm>, 16, 12, 8> {
    static constexpr std::string_view name = "elephant-jumbo";
};

template <class Perm>
struct BasicElephantDelirium
    : detail::mode_aead<BasicElephantDelirium<Perm>, detail::elephant::delirium<Perm>, 16, 12, 16> {
    static constexpr std::string_view name = "elephant-delirium";
};

using ElephantDumbo = BasicElephantDumbo<detail::spongent_pi160>;
using ElephantJumbo = BasicElephantJumbo<detail::spongent_pi176>;
using ElephantDelirium = BasicElephantDelirium<detail::elephant::keccak_f200>;

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
