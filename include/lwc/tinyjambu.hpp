// SPDX-License-Identifier: MIT
// TinyJambu-128/192/256 v2 (NIST LWC final round): key 16/24/32 bytes, nonce 12, tag 8.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <array>
#include <span>
#include <string_view>
#include <type_traits>

#include "aead.hpp"
#include "detail/tinyjambu_permutation.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail::tinyjambu {

// Frame bits XORed into state bits 36..38 before each permutation call.
inline constexpr u32 frame_nonce = 0x10, frame_ad = 0x30, frame_msg = 0x50, frame_final = 0x70;

// KeyWords: 4, 6 or 8. The small permutation is P_640 for every key size, the large
// one P_1024, P_1152, P_1280 (final-round parameters).
template <tinyjambu_backend P, std::size_t KeyWords>
struct mode {
    static constexpr std::string_view backend = P::name;
    static constexpr std::size_t small_words = 640 / 32;
    static constexpr std::size_t large_words = (1024 + 128 * (KeyWords - 4) / 2) / 32;
    using key_schedule = typename P::template key_schedule<KeyWords, large_words>;

    key_schedule k;
    state s;

    LWC_ALWAYS_INLINE static void small(state& st, const key_schedule& key) noexcept {
        P::template permute<small_words>(st, key);
    }
    LWC_ALWAYS_INLINE static void large(state& st, const key_schedule& key) noexcept {
        P::template permute<large_words>(st, key);
    }

    void initialize(const u8* key, const u8* nonce) noexcept {
        k = P::template load_key<KeyWords, large_words>(key);
        s = {};
        large(s, k);
        for (std::size_t i = 0; i < 3; ++i) {
            s[1] ^= frame_nonce;
            small(s, k);
            s[3] ^= load32_le(nonce + 4 * i);
        }
    }

    void absorb_ad(std::span<const u8> ad) noexcept {
        const u8* p = ad.data();
        std::size_t n = ad.size();
        for (; n >= 4; p += 4, n -= 4) {
            s[1] ^= frame_ad;
            small(s, k);
            s[3] ^= load32_le(p);
        }
        if (n > 0) {
            s[1] ^= frame_ad;
            small(s, k);
            s[3] ^= load_partial_le<u32>(p, n);
            s[1] ^= u32(n);
        }
    }

    // Encrypt (Decrypt = false) or decrypt one stream; out may be in.
    // The loop works on a copy st of the state: a variable whose address is never
    // taken stays in registers, where the member (wiped later) does not.
    template <bool Decrypt>
    void crypt(const u8* in, u8* out, std::size_t n) noexcept {
        state st = s;
        for (; n >= 4; in += 4, out += 4, n -= 4) {
            st[1] ^= frame_msg;
            large(st, k);
            const u32 x = load32_le(in);
            const u32 y = st[2] ^ x;
            st[3] ^= Decrypt ? y : x;
            store32_le(out, y);
        }
        if (n > 0) {
            st[1] ^= frame_msg;
            large(st, k);
            const u32 x = load_partial_le<u32>(in, n);
            const u32 mask = (u32(1) << (8 * n)) - 1;
            const u32 y = (st[2] ^ x) & mask;
            st[3] ^= Decrypt ? y : x;
            store_partial_le(out, y, n);
            st[1] ^= u32(n);
        }
        s = st;
    }

    void finalize(u8* tag) noexcept {
        s[1] ^= frame_final;
        large(s, k);
        store32_le(tag, s[2]);
        s[1] ^= frame_final;
        small(s, k);
        store32_le(tag + 4, s[2]);
    }
};

// The compact mode (with the tinyjambu_small backend: firmware): every step of the mode
// (the initial permutation, nonce, associated data, message, both tag words) is one
// call of duplex(), a word at a time: frame bits, P_n, then the input word (zero
// without one) into the state and, with an output, the key stream XOR the input out.
// One out-of-line body for every key size and direction.
struct compact_state {
    state s;
    u32 nk[8];  // the complemented key words
    u32 key_words;
    u8 zeros[4];  // the input of the steps that have none (the first permutation, the tag)
};

// step: the frame bits | the permutation's word steps << 8 | 1 << 16 to decrypt.
// in: n bytes; out: n bytes, or nullptr for none.
LWC_NOINLINE inline void duplex(compact_state& c, u32 step, const u8* in, u8* out,
                                std::size_t n) noexcept {
    while (n != 0) {
        const std::size_t m = n < 4 ? n : 4;
        c.s[1] ^= step & 0xff;
        word_steps(c.s, c.nk, c.key_words, (step >> 8) & 0xff);
        u32 x = 0, y = 0;
        for (std::size_t i = 0; i < m; ++i) {
            const u32 b = in[i];  // in place: in[i] is read before out[i] is written
            const u32 z = u8(c.s[2] >> (8 * i)) ^ b;
            if (out) out[i] = u8(z);
            x |= b << (8 * i);
            y |= z << (8 * i);
        }
        c.s[3] ^= step >> 16 ? y : x;
        c.s[1] ^= u32(m) & 3;  // a partial word's length (4 & 3 = 0: none for a full one)
        in += m;
        if (out) out += m;
        n -= m;
    }
}

template <std::size_t KeyWords>
struct compact_mode {
    static constexpr std::string_view backend = tinyjambu_small::name;
    static constexpr u32 small = (640 / 32) << 8;
    static constexpr u32 large = ((1024 + 128 * (KeyWords - 4) / 2) / 32) << 8;

    compact_state c;

    void initialize(const u8* key, const u8* nonce) noexcept {
        secure_zero(c);  // a call, where "= {}" is a memset call (-Os)
        for (std::size_t i = 0; i < KeyWords; ++i) c.nk[i] = ~load32_le(key + 4 * i);
        c.key_words = KeyWords;
        duplex(c, large, c.zeros, nullptr, 4);  // no frame, no input: P_large alone
        duplex(c, small | frame_nonce, nonce, nullptr, 12);
    }
    void absorb_ad(std::span<const u8> ad) noexcept {
        duplex(c, small | frame_ad, ad.data(), nullptr, ad.size());
    }
    void crypt_with(const u8* in, u8* out, std::size_t n, bool decrypt) noexcept {
        duplex(c, large | frame_msg | u32(decrypt) << 16, in, out, n);
    }
    void finalize(u8* tag) noexcept {
        duplex(c, large | frame_final, c.zeros, tag, 4);
        duplex(c, small | frame_final, c.zeros, tag + 4, 4);
    }
};

template <class P, std::size_t KeyWords>
using mode_for = std::conditional_t<std::is_same_v<P, tinyjambu_small>, compact_mode<KeyWords>,
                                    mode<P, KeyWords>>;

}  // namespace detail::tinyjambu

// The schemes on an explicit permutation backend; tests run every backend.
template <detail::tinyjambu_backend P>
struct BasicTinyJambu128 : detail::mode_aead<BasicTinyJambu128<P>, detail::tinyjambu::mode_for<P, 4>,
                                             16, 12, 8> {
    static constexpr std::string_view name = "tinyjambu-128";
};
template <detail::tinyjambu_backend P>
struct BasicTinyJambu192 : detail::mode_aead<BasicTinyJambu192<P>, detail::tinyjambu::mode_for<P, 6>,
                                             24, 12, 8> {
    static constexpr std::string_view name = "tinyjambu-192";
};
template <detail::tinyjambu_backend P>
struct BasicTinyJambu256 : detail::mode_aead<BasicTinyJambu256<P>, detail::tinyjambu::mode_for<P, 8>,
                                             32, 12, 8> {
    static constexpr std::string_view name = "tinyjambu-256";
};

using TinyJambu128 = BasicTinyJambu128<detail::tinyjambu_default>;
using TinyJambu192 = BasicTinyJambu192<detail::tinyjambu_default>;
using TinyJambu256 = BasicTinyJambu256<detail::tinyjambu_default>;

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
