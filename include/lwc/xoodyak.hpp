// SPDX-License-Identifier: MIT
// Xoodyak (NIST LWC final round): the Cyclist mode on Xoodoo[12].
//   XoodyakAead  key 16, nonce 16 (passed as the key ID, as in the final-round
//                submission), tag 16
//   XoodyakHash  digest 32
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <span>
#include <string_view>

#include "aead.hpp"
#include "detail/xoodoo.hpp"
#include "hash.hpp"
#include "xof.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail::xoodyak {

// Byte-level access to the lanes of the state (byte i is byte i % 4 of lane i / 4).
inline void add_byte(xoodoo_state& s, std::size_t offset, u8 b) noexcept {
    s[offset / 4] ^= u32(b) << (8 * (offset % 4));
}
inline void add_bytes(xoodoo_state& s, const u8* p, std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) s[i / 4] ^= load32_le(p + i);
    if (i < n) s[i / 4] ^= load_partial_le<u32>(p + i, n - i);
}
inline void extract_bytes(const xoodoo_state& s, u8* p, std::size_t n) noexcept {
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) store32_le(p + i, s[i / 4]);
    if (i < n) store_partial_le(p + i, s[i / 4], n - i);
}

inline constexpr std::size_t hash_rate = 16, keyed_absorb_rate = 44, keyed_squeeze_rate = 24;
inline constexpr std::size_t control_byte = 47;  // where Cyclist puts its domain bytes
inline constexpr u8 cd_absorb_key = 0x02, cd_absorb = 0x03, cu_crypt = 0x80, cu_squeeze = 0x40;

// Cyclist in keyed mode, with exactly the calls the AEAD makes.
template <xoodoo_backend Perm>
struct keyed {
    static constexpr std::string_view backend = Perm::name;
    static constexpr std::size_t wipe_depth = shallow_wipe_depth;
    xoodoo_state s{};

    // Down(K || ID || enc8(|ID|), 0x02) from the initial, "up" phase.
    void initialize(const u8* key, const u8* nonce) noexcept {
        add_bytes(s, key, 16);
        s[4] ^= load32_le(nonce);
        s[5] ^= load32_le(nonce + 4);
        s[6] ^= load32_le(nonce + 8);
        s[7] ^= load32_le(nonce + 12);
        add_byte(s, 32, 16);
        add_byte(s, 33, 0x01);
        add_byte(s, control_byte, cd_absorb_key);
    }

    // Absorb(AD): blocks of 44 bytes (one empty block for empty AD), each after an Up.
    void absorb_ad(std::span<const u8> ad) noexcept {
        const u8* p = ad.data();
        std::size_t n = ad.size();
        u8 cd = cd_absorb;
        do {
            const std::size_t len = n < keyed_absorb_rate ? n : keyed_absorb_rate;
            Perm::permute(s);
            add_bytes(s, p, len);
            add_byte(s, len, 0x01);
            add_byte(s, control_byte, cd);
            cd = 0;
            p += len;
            n -= len;
        } while (n > 0);
    }

    // Encrypt/Decrypt: per 24-byte block Up(0x80 first, then 0) and Down(P). Either
    // way the rate bytes end up holding the ciphertext. out may be in.
    template <bool Decrypt>
    void crypt(const u8* in, u8* out, std::size_t n) noexcept {
        u8 cu = cu_crypt;
        std::size_t full = n / keyed_squeeze_rate;
        if constexpr (Perm::has_block_loops) {
            if (full > 0) {
                Perm::template crypt_blocks<Decrypt>(s, in, out, full, cu);
                cu = 0;
                in += full * keyed_squeeze_rate;
                out += full * keyed_squeeze_rate;
                full = 0;
            }
        }
        for (; full > 0; --full, in += keyed_squeeze_rate, out += keyed_squeeze_rate) {
            up(cu);
            cu = 0;
            // Not crypt_partial(in, out, 24): gcc 12 -O2 kept that loop rolled (one more
            // instruction a byte on RV32, Cortex-M4 and AArch64, icount.sh, 1024 B).
            for (std::size_t i = 0; i < 6; ++i) {
                const u32 x = load32_le(in + 4 * i);
                const u32 y = s[i] ^ x;
                s[i] = Decrypt ? x : y;
                store32_le(out + 4 * i, y);
            }
            add_byte(s, keyed_squeeze_rate, 0x01);
        }
        // The last, partial block; for an empty message the one empty block.
        const std::size_t rest = n % keyed_squeeze_rate;
        if (rest > 0 || n == 0) {
            up(cu);
            crypt_partial<Decrypt>(in, out, rest);
            add_byte(s, rest, 0x01);
        }
    }

    void up(u8 cu) noexcept {
        add_byte(s, control_byte, cu);
        Perm::permute(s);
    }

    // Whole words as in crypt, then the last 1-3 bytes as a part word: a byte loop took
    // 2-4% of a 64-byte call (whose last 16 bytes come here; AMD Zen 4, portable Xoodoo).
    template <bool Decrypt>
    void crypt_partial(const u8* in, u8* out, std::size_t len) noexcept {
        std::size_t i = 0;
        for (; i + 4 <= len; i += 4) {
            const u32 x = load32_le(in + i);
            const u32 y = s[i / 4] ^ x;
            s[i / 4] = Decrypt ? x : y;
            store32_le(out + i, y);
        }
        if (i < len) {
            const std::size_t k = len - i;  // 1..3
            const u32 x = load_partial_le<u32>(in + i, k), y = s[i / 4] ^ x;
            // The state's low k bytes become the ciphertext: x's when encrypting,
            // y's (the plaintext, x ^ state) masked to them when decrypting.
            s[i / 4] ^= Decrypt ? y & ((u32(1) << (8 * k)) - 1) : x;
            store_partial_le(out + i, y, k);
        }
    }

    void finalize(u8* tag) noexcept {
        add_byte(s, control_byte, cu_squeeze);
        Perm::permute(s);
        extract_bytes(s, tag, 16);
    }
};

// Cyclist in hash mode: Down(block, 0x01 for the first) with an Up between blocks,
// then two 16-byte squeezes separated by Down(empty).
template <xoodoo_backend Perm>
struct hash_core {
    static constexpr std::string_view backend = Perm::name;
    static constexpr std::size_t wipe_depth = shallow_wipe_depth;
    static constexpr std::size_t rate = hash_rate, squeeze_rate = hash_rate, digest_size = 32;
    // No initializers: all zero is the start, which block_buffer (and value-
    // initialisation, Core{}) gives without a memset call in a build for size.
    xoodoo_state s;
    bool started;

    void down(const u8* block, std::size_t len) noexcept {
        if (started) Perm::permute(s);
        add_bytes(s, block, len);
        add_byte(s, len, 0x01);
        if (!started) add_byte(s, control_byte, 0x01);
        started = true;
    }
    void absorb_block(const u8* block) noexcept { down(block, rate); }
    void absorb_blocks(const u8* blocks, std::size_t count) noexcept {
        if constexpr (Perm::has_block_loops) {
            if (!started && count > 0) {
                down(blocks, rate);
                blocks += rate;
                --count;
            }
            Perm::absorb_blocks(s, blocks, count);
        } else {
            for (; count > 0; --count, blocks += rate) down(blocks, rate);
        }
    }
    void absorb_last(std::span<const u8> last) noexcept { down(last.data(), last.size()); }
    // Squeeze: an Up, then 16 bytes; a Down(empty) before every Up but the first.
    void squeeze_block(u8* out, bool first) noexcept {
        if (!first) add_byte(s, 0, 0x01);
        Perm::permute(s);
        extract_bytes(s, out, 16);
    }
    // The hash: the first 32 bytes of the XOF.
    void finalize(std::span<const u8> last, u8* digest) noexcept {
        absorb_last(last);
        squeeze_block(digest, true);
        squeeze_block(digest + 16, false);
    }
};

}  // namespace detail::xoodyak

// The schemes on an explicit permutation backend; tests run every backend.
template <detail::xoodoo_backend Perm>
struct BasicXoodyakAead
    : detail::mode_aead<BasicXoodyakAead<Perm>, detail::xoodyak::keyed<Perm>, 16, 16, 16> {
    static constexpr std::string_view name = "xoodyak";
};
template <detail::xoodoo_backend Perm>
class BasicXoodyakHash : public detail::buffered_hash<detail::xoodyak::hash_core<Perm>> {
public:
    static constexpr std::string_view name = "xoodyak-hash";
};

// Xoodyak's hash mode with any output length; its first 32 bytes are XoodyakHash's.
template <detail::xoodoo_backend Perm>
class BasicXoodyakXof : public detail::buffered_xof<detail::xoodyak::hash_core<Perm>> {
public:
    static constexpr std::string_view name = "xoodyak-xof";
};

using XoodyakAead = BasicXoodyakAead<detail::xoodoo_default>;
using XoodyakHash = BasicXoodyakHash<detail::xoodoo_default>;
using XoodyakXof = BasicXoodyakXof<detail::xoodoo_default>;

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
