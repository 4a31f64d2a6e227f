// SPDX-License-Identifier: MIT
// Grain-128AEADv2 (NIST LWC final round): key 16, nonce 12, tag 8.
//
// After 512 initialization clocks (320 feeding the pre-output back, 64 re-introducing
// the key, 128 filling the accumulator and the shift register) every data bit takes
// two clocks: the even pre-output bit encrypts it, the odd one enters the
// authenticator's shift register. The authenticated stream is DER(|AD|) || AD ||
// plaintext || 1; only the plaintext is encrypted. The tag is the accumulator.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <span>
#include <string_view>
#include <type_traits>

#include "aead.hpp"
#include "detail/grain128.hpp"

namespace lwc { inline namespace LWC_ISA_NS {
namespace detail::grain128aead {

// The AD length in DER: one byte below 128, else 0x80 + the number of length bytes,
// then the length big-endian in as few bytes as it needs.
struct der_length {
    u8 bytes[1 + sizeof(std::size_t)];
    std::size_t size;
};
inline der_length encode_length(std::size_t n) noexcept {
    der_length d{};
    if (n < 128) {
        d.bytes[0] = u8(n);
        d.size = 1;
        return d;
    }
    std::size_t len_bytes = 0;
    for (std::size_t v = n; v != 0; v >>= 8) ++len_bytes;
    d.bytes[0] = u8(0x80 | len_bytes);
    for (std::size_t i = 0; i < len_bytes; ++i) d.bytes[len_bytes - i] = u8(n >> (8 * i));
    d.size = 1 + len_bytes;
    return d;
}

enum class use { authenticate, encrypt, decrypt };

template <grain128_backend Bits>
struct cipher {
    static constexpr std::string_view backend = Bits::name;
    typename grain128_fsr_of<Bits>::type fsr;
    u64 acc, sr;  // the authenticator: accumulator and shift register
    // Keystream made but not used yet: `left` bytes' worth of encryption bits (ks_e)
    // and authentication bits (ks_a), in their low bits. Used where one input ends
    // in the middle of a block and the next input continues the same stream.
    u64 ks_e = 0, ks_a = 0;
    std::size_t left = 0;

    void initialize(const u8* key, const u8* nonce) noexcept {
        fsr.load(key, nonce);
        const u64 k[4] = {load32_le(key), load32_le(key + 4), load32_le(key + 8),
                          load32_le(key + 12)};
        grain128_warm_up(fsr, k);
        acc = fsr.next64();
        sr = fsr.next64();
    }

    // DER(|AD|) || AD into the authenticator; their encryption bits go unused.
    void absorb_ad(std::span<const u8> ad) noexcept {
        const der_length der = encode_length(ad.size());
        process(der.bytes, nullptr, der.size, authenticate_only());
        process(ad.data(), nullptr, ad.size(), authenticate_only());
    }

    // Encrypt (Decrypt = false) or decrypt n bytes; out may be in. The authenticator
    // takes the plaintext. A build for size has one body for every use (crypt_with).
#if LWC_SMALL
    void crypt_with(const u8* in, u8* out, std::size_t n, bool decrypt) noexcept {
        process(in, out, n, decrypt ? use::decrypt : use::encrypt);
    }
#else
    template <bool Decrypt>
    void crypt(const u8* in, u8* out, std::size_t n) noexcept {
        process(in, out, n, std::integral_constant<use, Decrypt ? use::decrypt : use::encrypt>{});
    }
#endif

    // The accumulator after the padding bit 1 (the clock it takes produces an
    // encryption bit nobody uses, so it is not run).
    void finalize(u8* tag) noexcept { store64_le(tag, acc ^ sr); }

private:
    // The use as a run-time value in a build for size (one body), else a constant.
#if LWC_SMALL
    static use authenticate_only() noexcept { return use::authenticate; }
#else
    static std::integral_constant<use, use::authenticate> authenticate_only() noexcept {
        return {};
    }
#endif

    // n bytes of the authenticated stream. For encrypt and decrypt, out gets
    // in + keystream. U: use, or std::integral_constant<use, ...>.
    template <class U>
    void process(const u8* in, u8* out, std::size_t n, U u) noexcept {
        if (left > 0 && n > 0) {
            const std::size_t k = n < left ? n : left;
            crypt_partial(in, out, k, u);
            in += k;
            if (u != use::authenticate) out += k;
            n -= k;
        }
        for (; n >= 8; n -= 8) {
            crypt_block(in, out, u);
            in += 8;
            if (u != use::authenticate) out += 8;
        }
        if (n > 0) {
            refill();
            crypt_partial(in, out, n, u);
        }
    }

    // 128 clocks: 8 bytes' worth of encryption and authentication bits. Inlined into the
    // block loop: as a call, its speed varied by 9% with where the linker placed it
    // (same machine code, 0.91x after an unrelated change); inlined it measured 1.04-1.06x
    // the best placement of the call (Intel Xeon, medians of 4 interleaved runs).
    LWC_ALWAYS_INLINE void keystream(u64& e, u64& a) noexcept {
        const u64 y0 = fsr.next64(), y1 = fsr.next64();
        e = Bits::even_bits(y0) | (Bits::even_bits(y1) << 32);
        a = Bits::odd_bits(y0) | (Bits::odd_bits(y1) << 32);
    }

    void refill() noexcept {
        keystream(ks_e, ks_a);
        left = 8;
    }

    template <class U>
    void crypt_block(const u8* in, u8* out, U u) noexcept {
        u64 e, a;
        keystream(e, a);
        const u64 x = load64_le(in);
        if (u != use::authenticate) store64_le(out, x ^ e);
        Bits::authenticate64(acc, sr, u == use::decrypt ? x ^ e : x, a);
    }

    // k (< 8, <= left) bytes from the keystream made earlier.
    template <class U>
    void crypt_partial(const u8* in, u8* out, std::size_t k, U u) noexcept {
        const u64 x = load_partial_le<u64>(in, k);
        const u64 y = x ^ (ks_e & ((u64(1) << (8 * k)) - 1));
        if (u != use::authenticate) store_partial_le(out, y, k);
        Bits::authenticate_bits(acc, sr, u == use::decrypt ? y : x, ks_a, unsigned(8 * k));
        ks_e >>= 8 * k;
        ks_a >>= 8 * k;
        left -= k;
    }
};

}  // namespace detail::grain128aead

// The scheme on an explicit bit-level backend; tests run every backend.
template <detail::grain128_backend Bits>
struct BasicGrain128Aead
    : detail::mode_aead<BasicGrain128Aead<Bits>, detail::grain128aead::cipher<Bits>, 16, 12, 8> {
    static constexpr std::string_view name = "grain-128aead";
};

using Grain128Aead = BasicGrain128Aead<detail::grain128_default>;

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
