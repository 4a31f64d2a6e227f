// SPDX-License-Identifier: MIT
// GIFT-COFB (Banik, Chakraborti, Iwata, Minematsu, Nandi, Peyrin, Sasaki, Sim, Todo;
// NIST LWC final round, specification v1.1): the COFB mode over GIFT-128.
//   GiftCofb   key 16, nonce 16, tag 16; 16-byte blocks
//
// Constant time: GIFT-128 is bitsliced (detail/gift128.hpp); the offset's doubling in
// GF(2^64) reduces by a mask made from its top bit, not a branch. Only lengths choose
// branches.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <array>
#include <span>
#include <string_view>

#include "aead.hpp"
#include "detail/gift128.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail::gift_cofb {

using gift128::block;
inline constexpr std::size_t block_size = 16;

// The offset L (the upper half of E_K(N)) times 2 and 3 in GF(2^64) with the
// polynomial x^64 + x^4 + x^3 + x + 1.
constexpr u64 times2(u64 l) noexcept { return (l << 1) ^ ((u64(0) - (l >> 63)) & 0x1b); }
constexpr u64 times3(u64 l) noexcept { return l ^ times2(l); }

// The feedback G: the halves (Y1, Y2) of Y become (Y2, Y1 <<< 1).
inline void feedback(block& y) noexcept {
    const u32 a = y[0], b = y[1];
    y[0] = y[2];
    y[1] = y[3];
    y[2] = (a << 1) | (b >> 31);
    y[3] = (b << 1) | (a >> 31);
}

// The last 0..16 bytes of AD or message as a block: a short one padded with 0x80, zeros.
inline block load_last(const u8* p, std::size_t n) noexcept {
    std::array<u8, block_size> b;
    fill_block(b, p, n);
    if (n < block_size) b[n] = 0x80;
    const block x = gift128::load_block(b.data());
    secure_zero(b);
    return x;
}

struct mode {
    static constexpr std::string_view backend = "portable";
    block y;
    gift128::key_schedule key;
    u64 offset;

    void initialize(const u8* k, const u8* nonce) noexcept {
        gift128::schedule_key(key, k);
        y = gift128::load_block(nonce);
        gift128::encrypt(y, key);
        offset = u64(y[0]) << 32 | y[1];
    }

    // Y <- G(Y) ^ X: the block X enters the state; its encryption (with the offset) is
    // done by encrypt_block once the offset is final.
    void absorb(const block& x) noexcept {
        feedback(y);
        for (int i = 0; i < 4; ++i) y[i] ^= x[i];
    }
    void encrypt_block() noexcept {
        y[0] ^= u32(offset >> 32);
        y[1] ^= u32(offset);
        gift128::encrypt(y, key);
    }

    // All AD blocks but the last, each encrypted; the last (an empty AD is one padded
    // block) absorbed and left for crypt, whose length decides its last offset factor.
    void absorb_ad(std::span<const u8> ad) noexcept {
        const u8* p = ad.data();
        std::size_t n = ad.size();
        for (; n > block_size; n -= block_size, p += block_size) {
            offset = times2(offset);
            absorb(gift128::load_block(p));
            encrypt_block();
        }
        absorb(load_last(p, n));
        offset = times3(offset);
        if (n < block_size) offset = times3(offset);  // padded (or empty) AD
    }

    // One message block of n (1..16) bytes: out = Y ^ in; returns the plaintext block
    // (padded when short), which is what enters the state in both directions.
    template <bool Decrypt>
    block crypt_block(const u8* in, u8* out, std::size_t n) const noexcept {
        if (n == block_size) {
            block m;
            for (int i = 0; i < 4; ++i) {
                const u32 x = load32_be(in + 4 * i), o = x ^ y[i];
                store32_be(out + 4 * i, o);
                m[i] = Decrypt ? o : x;
            }
            return m;
        }
        std::array<u8, block_size> ks, m;
        gift128::store_block(ks.data(), y);
        for (std::size_t i = 0; i < n; ++i) {
            const u8 x = in[i], o = u8(x ^ ks[i]);
            out[i] = o;
            ks[i] = Decrypt ? o : x;
        }
        m = ks;
        const block padded = load_last(m.data(), n);
        secure_zero(ks);
        secure_zero(m);
        return padded;
    }

    template <bool Decrypt>
    void crypt(const u8* in, u8* out, std::size_t n) noexcept {
        if (n == 0) offset = times3(times3(offset));  // no message: the last AD block's
        encrypt_block();                              // factor says so
        for (; n > block_size; n -= block_size, in += block_size, out += block_size) {
            const block m = crypt_block<Decrypt>(in, out, block_size);
            offset = times2(offset);
            absorb(m);
            encrypt_block();
        }
        if (n > 0) {
            const block m = crypt_block<Decrypt>(in, out, n);
            offset = times3(offset);
            if (n < block_size) offset = times3(offset);
            absorb(m);
            encrypt_block();
        }
    }

    void finalize(u8* tag) noexcept { gift128::store_block(tag, y); }
};

}  // namespace detail::gift_cofb

struct GiftCofb : detail::mode_aead<GiftCofb, detail::gift_cofb::mode, 16, 16, 16> {
    static constexpr std::string_view name = "gift-cofb";
};

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
