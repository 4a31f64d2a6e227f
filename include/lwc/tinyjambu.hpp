// TinyJambu-128/192/256 v2 (NIST LWC final round): key 16/24/32 bytes, nonce 12, tag 8.
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "aead.hpp"
#include "detail/tinyjambu_permutation.hpp"

namespace lwc::inline LWC_ISA_NS {
namespace detail::tinyjambu {

// Frame bits XORed into state bits 36..38 before each permutation call.
inline constexpr u32 frame_nonce = 0x10, frame_ad = 0x30, frame_msg = 0x50, frame_final = 0x70;

// KeyWords: 4, 6 or 8. The small permutation is P_640 for every key size, the large
// one P_1024, P_1152, P_1280 (final-round parameters).
template <std::size_t KeyWords>
struct mode {
    static constexpr std::size_t small_words = 640 / 32;
    static constexpr std::size_t large_words = (1024 + 128 * (KeyWords - 4) / 2) / 32;
    using key_chunks = std::array<u64, chunk_count<large_words>>;

    LWC_ALWAYS_INLINE static void small(state& s, const key_chunks& k) noexcept {
        permute<small_words>(s, k);
    }
    LWC_ALWAYS_INLINE static void large(state& s, const key_chunks& k) noexcept {
        permute<large_words>(s, k);
    }

    // The permutation takes the complemented key bits of each chunk (see next_chunk()).
    static key_chunks load_key(const u8* key) noexcept {
        std::array<u32, KeyWords> nk;
        for (std::size_t i = 0; i < KeyWords; ++i) nk[i] = ~load32_le(key + 4 * i);
        const key_chunks k = chunk_keys<chunk_count<large_words>>(nk);
        secure_zero(nk);
        return k;
    }

    static state initialize(const key_chunks& k, const u8* nonce) noexcept {
        state s{};
        large(s, k);
        for (std::size_t i = 0; i < 3; ++i) {
            s[1] ^= frame_nonce;
            small(s, k);
            s[3] ^= load32_le(nonce + 4 * i);
        }
        return s;
    }

    static void absorb_ad(state& s, const key_chunks& k, std::span<const u8> ad) noexcept {
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
    // The loop works on a copy s of the caller's state: a variable whose address is
    // never taken stays in registers, where the caller's (wiped later) does not.
    template <bool Decrypt>
    static void crypt(state& st, const key_chunks& k, const u8* in, u8* out,
                      std::size_t n) noexcept {
        state s = st;
        for (; n >= 4; in += 4, out += 4, n -= 4) {
            s[1] ^= frame_msg;
            large(s, k);
            const u32 x = load32_le(in);
            const u32 y = s[2] ^ x;
            s[3] ^= Decrypt ? y : x;
            store32_le(out, y);
        }
        if (n > 0) {
            s[1] ^= frame_msg;
            large(s, k);
            const u32 x = load_partial_le<u32>(in, n);
            const u32 mask = (u32(1) << (8 * n)) - 1;
            const u32 y = (s[2] ^ x) & mask;
            s[3] ^= Decrypt ? y : x;
            store_partial_le(out, y, n);
            s[1] ^= u32(n);
        }
        st = s;
    }

    static void finalize(state& s, const key_chunks& k, u8* tag) noexcept {
        s[1] ^= frame_final;
        large(s, k);
        store32_le(tag, s[2]);
        s[1] ^= frame_final;
        small(s, k);
        store32_le(tag + 4, s[2]);
    }

    template <bool Decrypt>
    static void run(const u8* key, const u8* nonce, std::span<const u8> ad, const u8* in, u8* out,
                    std::size_t n, u8* tag) noexcept {
        key_chunks k = load_key(key);
        state s = initialize(k, nonce);
        absorb_ad(s, k, ad);
        crypt<Decrypt>(s, k, in, out, n);
        finalize(s, k, tag);
        secure_zero(k);
        secure_zero(s);
    }
};

template <class Self, std::size_t KeyWords>
struct aead : aead_base<Self, 4 * KeyWords, 12, 8> {
    static constexpr std::string_view backend = "portable";
    template <bool Decrypt>
    static void run(const u8* key, const u8* nonce, std::span<const u8> ad, const u8* in, u8* out,
                    std::size_t n, u8* tag) noexcept {
        mode<KeyWords>::template run<Decrypt>(key, nonce, ad, in, out, n, tag);
    }
};

}  // namespace detail::tinyjambu

struct TinyJambu128 : detail::tinyjambu::aead<TinyJambu128, 4> {
    static constexpr std::string_view name = "tinyjambu-128";
};
struct TinyJambu192 : detail::tinyjambu::aead<TinyJambu192, 6> {
    static constexpr std::string_view name = "tinyjambu-192";
};
struct TinyJambu256 : detail::tinyjambu::aead<TinyJambu256, 8> {
    static constexpr std::string_view name = "tinyjambu-256";
};

}  // namespace lwc
