// SPDX-License-Identifier: MIT
// Romulus v1.3 (Guo, Iwata, Khairallah, Minematsu, Peyrin; NIST LWC final round), all on
// SKINNY-128-384+ (detail/skinny128.hpp), key, nonce and tag 16 bytes:
//   RomulusN   nonce-based AEAD: a rolling 16-byte state, AD two blocks a call
//   RomulusM   misuse-resistant AEAD: MAC over AD and plaintext, the tag the IV of the
//              encryption (two passes)
//   RomulusT   leakage-resilient AEAD: a key per block derived from the key and nonce,
//              the tag from a Romulus-H hash of AD, ciphertext, nonce and counter
//   RomulusH   hash, digest 32: Hirose's double-block compression, 32-byte blocks
// The tweakey of each call: TK1 = a 56-bit LFSR block counter, a domain byte, zeros
// (Romulus-H: the chaining half g); TK2 = a block of AD or the nonce (Romulus-H and -T:
// message or zero); TK3 = the key (Romulus-T's message phase: the block key Z).
//
// Constant time: SKINNY's S-box is its Boolean circuit on four cells a word; the state
// feedback G is shifts and masks; the counters and domains depend on lengths only. Only
// lengths choose branches.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <array>
#include <span>
#include <string_view>

#include "aead.hpp"
#include "detail/skinny128.hpp"
#include "hash.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail::romulus {

using skinny128::rows;
inline constexpr std::size_t block_size = 16;

// The block counter: x times the counter in GF(2^56) (x^56 + x^7 + x^4 + x^2 + 1), its
// 7 bytes little-endian. A public value (the block index).
constexpr u64 next_count(u64 c) noexcept {
    return ((c << 1) & 0x00ffffffffffffffu) ^ ((u64(0) - (c >> 55)) & 0x95);
}
// TK1: the counter's 7 bytes, the domain byte, 8 zero bytes.
constexpr rows tk1_of(u64 count, u8 domain) noexcept {
    return {u32(count), u32(count >> 32) | u32(domain) << 24, 0, 0};
}

// A short block (n < 16 bytes): zeros after it and n in its last byte; a full one as is.
inline rows load_padded(const u8* p, std::size_t n) noexcept {
    if (n == block_size) return skinny128::load_rows(p);
    std::array<u8, block_size> b;
    fill_block(b, p, n);
    b[block_size - 1] = u8(n);
    const rows r = skinny128::load_rows(b.data());
    secure_zero(b);
    return r;
}

inline void add(rows& s, const rows& x) noexcept {
    for (int i = 0; i < 4; ++i) s[i] ^= x[i];
}

// G on every byte of the state: (x7..x0) <- (x7 ^ x0, x7, x6, .., x1).
constexpr u32 g_word(u32 x) noexcept {
    return ((x >> 1) & 0x7f7f7f7fu) ^ (x & 0x80808080u) ^ ((x << 7) & 0x80808080u);
}
inline rows g_of(const rows& s) noexcept { return {g_word(s[0]), g_word(s[1]), g_word(s[2]), g_word(s[3])}; }

// rho on n (1..16) bytes: out = G(S) ^ in; S ^= the plaintext, padded when short.
template <bool Decrypt>
void rho(rows& s, const u8* in, u8* out, std::size_t n) noexcept {
    const rows g = g_of(s);
    if (n == block_size) {
        for (int i = 0; i < 4; ++i) {
            const u32 x = load32_le(in + 4 * i), o = x ^ g[i];
            store32_le(out + 4 * i, o);
            s[i] ^= Decrypt ? o : x;
        }
        return;
    }
    std::array<u8, block_size> ks;
    skinny128::store_rows(ks.data(), g);
    for (std::size_t i = 0; i < n; ++i) {
        const u8 x = in[i], o = u8(x ^ ks[i]);
        out[i] = o;
        ks[i] = Decrypt ? o : x;
    }
    add(s, load_padded(ks.data(), n));
    secure_zero(ks);
}

// The state's final G as the tag.
inline void store_tag(u8* tag, const rows& s) noexcept { skinny128::store_rows(tag, g_of(s)); }

// The counter and tweakey of the N and M modes' calls; outside builds for size, the
// schedule of (nonce, key), the TK2 and TK3 of most calls.
struct tweak_state {
    rows s{}, key, nonce;
    u64 count = 1;
#if !LWC_SMALL
    skinny128::fixed_tweakeys nonce_key;
#endif

    void start(const u8* k, const u8* n) noexcept {
        key = skinny128::load_rows(k);
        nonce = skinny128::load_rows(n);
#if !LWC_SMALL
        skinny128::schedule_fixed(nonce_key, nonce, key);
#endif
        s = {};
        count = 1;
    }
    void step() noexcept { count = next_count(count); }
    void encrypt(u8 domain, const rows& tk2) noexcept {
        skinny128::encrypt(s, tk1_of(count, domain), tk2, key);
    }
    void encrypt_under_nonce(u8 domain) noexcept {
#if LWC_SMALL
        encrypt(domain, nonce);
#else
        skinny128::encrypt(s, tk1_of(count, domain), nonce_key);
#endif
    }
};

// The MAC of Romulus-N's AD and of Romulus-M's AD then message: pairs of blocks, the
// first added to the state, the second the TK2 of a call, the counter stepping once a
// block. Each call of add_pairs takes all pairs but the last (n > 32) and returns the
// rest (0..32 bytes).
inline std::size_t add_pairs(tweak_state& t, const u8*& p, std::size_t n, u8 domain) noexcept {
    for (; n > 2 * block_size; n -= 2 * block_size, p += 2 * block_size) {
        t.step();
        add(t.s, skinny128::load_rows(p));
        t.encrypt(domain, skinny128::load_rows(p + block_size));
        t.step();
    }
    return n;
}
// The last pair when it has a second block (17..32 bytes).
inline void add_last_pair(tweak_state& t, const u8* p, std::size_t n, u8 domain) noexcept {
    t.step();
    add(t.s, skinny128::load_rows(p));
    t.encrypt(domain, load_padded(p + block_size, n - block_size));
}

// Romulus-N (specification 1.3, section 3.2).
struct n_mode {
    static constexpr std::string_view backend = "portable";
    tweak_state t;

    void initialize(const u8* key, const u8* nonce) noexcept { t.start(key, nonce); }

    void absorb_ad(std::span<const u8> ad) noexcept {
        const u8* p = ad.data();
        std::size_t n = add_pairs(t, p, ad.size(), 0x08);
        const u8 domain = n % block_size == 0 && n > 0 ? 0x18 : 0x1a;  // full last block?
        if (n > block_size) {
            add_last_pair(t, p, n, 0x08);
            t.step();
        } else {
            t.step();
            add(t.s, load_padded(p, n));  // (no AD: a zero block, nothing to add)
        }
        t.encrypt_under_nonce(domain);
    }

    template <bool Decrypt>
    void crypt(const u8* in, u8* out, std::size_t n) noexcept {
        t.count = 1;
        for (; n > block_size; n -= block_size, in += block_size, out += block_size) {
            rho<Decrypt>(t.s, in, out, block_size);
            t.step();
            t.encrypt_under_nonce(0x04);
        }
        t.step();
        if (n > 0) rho<Decrypt>(t.s, in, out, n);
        t.encrypt_under_nonce(n == block_size ? 0x14 : 0x15);
    }

    void finalize(u8* tag) noexcept { store_tag(tag, t.s); }
};

// Romulus-M (section 3.3): the final MAC call's domain from the lengths, whether each
// of AD and message ends with a full pair, an odd block or a partial one.
constexpr u8 m_final_domain(std::size_t ad, std::size_t msg) noexcept {
    u8 d = 0x30;
    const std::size_t a = ad % 32, m = msg % 32;
    if (ad == 0 || (a > 0 && a < 16)) d ^= 0x02;
    else if (a == 0) d ^= 0x08;
    else if (a > 16) d ^= 0x0a;
    if (msg == 0 || (m > 0 && m < 16)) d ^= 0x01;
    else if (m == 0) d ^= 0x04;
    else if (m > 16) d ^= 0x05;
    return d;
}

// The MAC over AD then message, one stream of pairs (an odd AD block pairs with the
// first message block).
inline void m_mac(tweak_state& t, std::span<const u8> ad, const u8* m, std::size_t mn) noexcept {
    const u8* p = ad.data();
    std::size_t n = add_pairs(t, p, ad.size(), 0x28);
    if (n > block_size) {
        add_last_pair(t, p, n, 0x28);
        t.step();
    } else {
        t.step();
        add(t.s, load_padded(p, n));
        const std::size_t take = mn < block_size ? mn : block_size;
        t.encrypt(0x2c, load_padded(m, take));
        if (mn > block_size) t.step();
        m += take;
        mn -= take;
    }
    mn = add_pairs(t, m, mn, 0x2c);
    if (mn > block_size) add_last_pair(t, m, mn, 0x2c);
    else if (mn > 0) add(t.s, load_padded(m, mn));
}

struct m_kernel {
    template <bool Decrypt>
    static void run(const u8* key, const u8* nonce, std::span<const u8> ad, const u8* in,
                    u8* out, std::size_t n, u8* tag) noexcept {
        tweak_state t;
        t.start(key, nonce);
        if constexpr (Decrypt) {
            // The received tag (in tag on entry) is the IV; the MAC runs on the plaintext.
            t.s = skinny128::load_rows(tag);
            encrypt_message<true>(t, in, out, n);
            t.start(key, nonce);
            m_mac(t, ad, out, n);
        } else {
            m_mac(t, ad, in, n);
        }
        const u8 domain = m_final_domain(ad.size(), n);
        t.step();
        t.encrypt_under_nonce(domain);
        store_tag(tag, t.s);
        if constexpr (!Decrypt) {
            t.s = skinny128::load_rows(tag);
            encrypt_message<false>(t, in, out, n);
        }
        secure_zero(t);
    }

    // The OFB-like pass from the IV: E, then rho, the counter stepping after each block.
    template <bool Decrypt>
    static void encrypt_message(tweak_state& t, const u8* in, u8* out, std::size_t n) noexcept {
        t.count = 1;
        for (; n > 0; in += block_size, out += block_size) {
            const std::size_t take = n < block_size ? n : block_size;
            t.encrypt_under_nonce(0x24);
            rho<Decrypt>(t.s, in, out, take);
            t.step();
            n -= take;
        }
    }
};

// Hirose's compression (Romulus-H, section 3.5): with TK = (g, block), h' = E(h) ^ h and
// g' = E(h ^ 1) ^ h ^ 1.
struct hirose {
    rows h, g;  // no initializers: all zero is the start (hash.hpp's start())

    void compress(const u8* block) noexcept {
        const rows tk2 = skinny128::load_rows(block), tk3 = skinny128::load_rows(block + 16);
        rows h1 = h, h2 = h;
        h2[0] ^= 1;
        skinny128::encrypt_pair(h1, h2, g, g, tk2, tk3);
        for (int i = 0; i < 4; ++i) {
            g[i] = h2[i] ^ h[i];
            h[i] ^= h1[i];
        }
        g[0] ^= 1;
    }
    // The last 0..31 bytes: zeros, their count in the last byte, the domain bit in h.
    void compress_last(const u8* p, std::size_t n) noexcept {
        std::array<u8, 32> b;
        fill_block(b, p, n);
        b[31] = u8(n);
        h[0] ^= 2;
        compress(b.data());
        secure_zero(b);
    }
    void store(u8* out) const noexcept {
        skinny128::store_rows(out, h);
        skinny128::store_rows(out + 16, g);
    }
};

struct hash_core : hirose {
    static constexpr std::size_t rate = 32, digest_size = 32;
    static constexpr std::string_view backend = "portable";
    static constexpr std::size_t wipe_depth = shallow_wipe_depth;

    void absorb_block(const u8* block) noexcept { compress(block); }
    void absorb_blocks(const u8* blocks, std::size_t count) noexcept {
        for (; count > 0; --count, blocks += rate) compress(blocks);
    }
    // last: 0..32 bytes; a full block is followed by a block of padding alone.
    void finalize(std::span<const u8> last, u8* digest) noexcept {
        std::size_t n = last.size();
        if (n == rate) {
            compress(last.data());
            n = 0;
        }
        compress_last(last.data(), n);
        store(digest);
    }
};

// Romulus-T (section 3.4). The tag hashes ipad(A) || ipad(C) || N || counter, where
// ipad pads a short last block (zeros, its length in the last byte) and follows a
// whole last block by a zero block; the input thus comes in 16-byte halves, paired here.
struct t_hasher : hirose {
    std::array<u8, 32> buf;
    std::size_t used = 0;

    t_hasher() noexcept : hirose{{}, {}}, buf{} {}
    void half(const u8* p) noexcept {
        copy_bytes(buf.data() + used, p, block_size);
        used += block_size;
        if (used == 32) {
            compress(buf.data());
            used = 0;
        }
    }
    void padded(const u8* p, std::size_t n) noexcept {
        for (; n >= block_size; n -= block_size, p += block_size) half(p);
        std::array<u8, block_size> b;
        fill_block(b, p, n);
        b[block_size - 1] = u8(n);
        half(b.data());
        secure_zero(b);
    }
    void finish(const u8* nonce, u64 count, u8* out) noexcept {
        half(nonce);
        for (int i = 0; i < 7; ++i) buf[used + std::size_t(i)] = u8(count >> (8 * i));
        compress_last(buf.data(), used + 7);
        store(out);
        secure_zero(buf);
    }
};

struct t_kernel {
    // The keystream: Z = E_K(N) under domain 66 and counter 0; each block E_Z(N) under
    // domain 64, and E_Z(N) under 65 the next Z when a block follows.
    static u64 crypt(const u8* key, const u8* nonce, const u8* in, u8* out, std::size_t n) noexcept {
        const rows zero{}, nblock = skinny128::load_rows(nonce);
        rows z = nblock;
        skinny128::encrypt(z, tk1_of(0, 66), zero, skinny128::load_rows(key));
        u64 count = 1;
        for (; n > 0; in += block_size, out += block_size) {
            const std::size_t take = n < block_size ? n : block_size;
            rows s = nblock;
            n -= take;
            if (n > 0) {  // the next key too, under the same Z
                rows next = nblock;
                skinny128::encrypt_pair(s, next, tk1_of(count, 64), tk1_of(count, 65), zero, z);
                z = next;
                secure_zero(next);
            } else {
                skinny128::encrypt(s, tk1_of(count, 64), zero, z);
            }
            std::array<u8, block_size> ks;
            skinny128::store_rows(ks.data(), s);
            for (std::size_t i = 0; i < take; ++i) out[i] = u8(in[i] ^ ks[i]);
            secure_zero(ks);
            secure_zero(s);
            count = next_count(count);
        }
        secure_zero(z);
        return count;
    }

    static void tag_of(const u8* key, const u8* nonce, std::span<const u8> ad, const u8* ct,
                       std::size_t n, u64 count, u8* tag) noexcept {
        t_hasher hs;
        if (!ad.empty()) hs.padded(ad.data(), ad.size());
        if (n > 0) hs.padded(ct, n);
        u8 lr[32];
        hs.finish(nonce, count, lr);
        rows h = skinny128::load_rows(lr);
        skinny128::encrypt(h, tk1_of(0, 68), skinny128::load_rows(lr + 16), skinny128::load_rows(key));
        skinny128::store_rows(tag, h);
        secure_zero(lr, sizeof lr);
        secure_zero(h);
        secure_zero(hs);
    }

    template <bool Decrypt>
    static void run(const u8* key, const u8* nonce, std::span<const u8> ad, const u8* in,
                    u8* out, std::size_t n, u8* tag) noexcept {
        u64 count = 1;
        for (std::size_t i = 0; i < n; i += block_size) count = next_count(count);
        if constexpr (Decrypt) tag_of(key, nonce, ad, in, n, count, tag);  // before out
        crypt(key, nonce, in, out, n);                                      // may overwrite in
        if constexpr (!Decrypt) tag_of(key, nonce, ad, out, n, count, tag);
    }
};

}  // namespace detail::romulus

struct RomulusN : detail::mode_aead<RomulusN, detail::romulus::n_mode, 16, 16, 16> {
    static constexpr std::string_view name = "romulus-n";
};

// Two passes: the kernel is the whole message at once (no mode object).
struct RomulusM : detail::aead_base<RomulusM, 16, 16, 16> {
    static constexpr std::string_view name = "romulus-m";
    static constexpr std::string_view backend = "portable";
    static constexpr bool decrypt_reads_tag = true;  // the tag is the IV (aead_base)
    template <bool Decrypt>
    static void run(const std::uint8_t* key, const std::uint8_t* nonce,
                    std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
                    std::size_t n, std::uint8_t* tag) noexcept {
        detail::romulus::m_kernel::run<Decrypt>(key, nonce, ad, in, out, n, tag);
    }
};

struct RomulusT : detail::aead_base<RomulusT, 16, 16, 16> {
    static constexpr std::string_view name = "romulus-t";
    static constexpr std::string_view backend = "portable";
    template <bool Decrypt>
    static void run(const std::uint8_t* key, const std::uint8_t* nonce,
                    std::span<const std::uint8_t> ad, const std::uint8_t* in, std::uint8_t* out,
                    std::size_t n, std::uint8_t* tag) noexcept {
        detail::romulus::t_kernel::run<Decrypt>(key, nonce, ad, in, out, n, tag);
    }
};

class RomulusH : public detail::buffered_hash<detail::romulus::hash_core> {
public:
    static constexpr std::string_view name = "romulus-h";
};

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
