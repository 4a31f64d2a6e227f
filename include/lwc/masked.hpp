// SPDX-License-Identifier: MIT
// Masked Ascon-AEAD128: the same ciphertexts and tags as lwc::AsconAead128 (NIST
// SP 800-232), computed on a state split into Shares random shares (2 or 3), against
// power analysis (docs/masking.md).
//
//   lwc::masked::random_source rng{my_trng_fill, my_trng};   // fresh random bytes
//   lwc::masked::AsconAead128<2> aead(rng);
//   aead.set_key(key);                 // the key is kept in shares from here on
//   aead.encrypt(nonce, ad, pt, ct, tag);
//   bool ok = aead.decrypt(nonce, ad, ct, tag, pt);   // false: pt all zero
//
// What runs on shares: the key (split by set_key, its shares refreshed on every call),
// the whole state from initialization to the tag, and the tag check of decrypt (a masked
// comparison whose one unmasked value is the verdict). What does not: the ciphertext and
// the tag of encrypt, which are outputs, and the key while set_key splits it.
//
// Randomness: every AND of the S-box takes Shares(Shares - 1)/2 fresh 64-bit words, five
// ANDs a round; random_bytes() gives a call's total. A firmware passes its TRNG; tests
// pass a deterministic generator (the ciphertexts do not depend on it).
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <span>
#include <string_view>
#if LWC_SYSTEM_ENTROPY  // getentropy: unistd.h (glibc, the BSDs), sys/random.h (macOS)
#include <unistd.h>
#if __has_include(<sys/random.h>)
#include <sys/random.h>
#endif
#endif

#include "aead.hpp"
#include "ascon.hpp"
#include "detail/ascon_masked.hpp"
#include "error.hpp"
#include "xof.hpp"

namespace lwc { inline namespace LWC_ISA_NS {

template <int Shares>
struct BasicAsconAead128Masked;

namespace masked {

// A source of fresh random bytes: fill(ctx, out, n) writes n of them to out.
struct random_source {
    void (*fill)(void* ctx, std::uint8_t* out, std::size_t n) = nullptr;
    void* ctx = nullptr;
};

template <int Shares>
class AsconAead128 {
    static_assert(Shares == 2 || Shares == 3, "2 or 3 shares");
    using u8 = detail::u8;
    using u64 = detail::u64;
    using lane = detail::masked::lane<Shares>;
    static constexpr int pair_words = detail::masked::words_per_and<Shares>;

public:
    static constexpr std::size_t key_size = 16, nonce_size = 16, tag_size = 16;
    static constexpr std::string_view name =
        Shares == 2 ? "ascon-aead128-masked2" : "ascon-aead128-masked3";

    explicit AsconAead128(random_source rng) noexcept : rng_(rng) {}
    AsconAead128(const AsconAead128&) = delete;
    AsconAead128& operator=(const AsconAead128&) = delete;
    ~AsconAead128() { detail::secure_zero(key_); }

    // Splits the key into shares: share 0 is the key XOR the others, which are random.
    void set_key(std::span<const u8, key_size> key) noexcept {
        for (int h = 0; h < 2; ++h) {
            u64 r[Shares - 1];
            random(r, sizeof r);
            key_[h].v[0] = detail::load64_le(key.data() + 8 * h);
            for (int i = 1; i < Shares; ++i) {
                key_[h].v[i] = r[i - 1];
                key_[h].v[0] ^= r[i - 1];
            }
            detail::secure_zero(r);
        }
    }

    // ct.size() must equal pt.size(); ct may be pt (in place). Refused (size_error, or
    // without exceptions fail()) before anything is written.
    void encrypt(std::span<const u8, nonce_size> nonce, std::span<const u8> ad,
                 std::span<const u8> pt, std::span<u8> ct, std::span<u8, tag_size> tag) {
        if (const error e = detail::check_call(name, false, {}, nonce, ad, pt, ct, tag)) detail::fail(e);
        run<false>(nonce.data(), ad, pt.data(), ct.data(), pt.size(), tag.data());
        detail::wipe_stack();
    }

    // Returns false when the tag does not verify; pt is then all zero.
    [[nodiscard]] bool decrypt(std::span<const u8, nonce_size> nonce, std::span<const u8> ad,
                               std::span<const u8> ct, std::span<const u8, tag_size> tag,
                               std::span<u8> pt) {
        if (const error e = detail::check_call(name, true, {}, nonce, ad, ct, pt, tag)) detail::fail(e);
        u8 received[tag_size];
        detail::copy_bytes(received, tag.data(), tag_size);
        const bool ok = run<true>(nonce.data(), ad, ct.data(), pt.data(), ct.size(), received);
        if (!ok) detail::secure_zero(pt.data(), pt.size());
        detail::wipe_stack();
        return ok;
    }

    // The random bytes one call takes for ad_size bytes of associated data and
    // message_size of message (decrypt adds the tag check's).
    static constexpr std::size_t random_bytes(std::size_t ad_size, std::size_t message_size,
                                              bool decrypt = false) noexcept {
        const std::size_t rounds =
            12 + (ad_size > 0 ? 8 * (ad_size / 16 + 1) : 0) + 8 * (message_size / 16) + 12;
        return rounds * detail::masked::random_bytes_per_round<Shares> +
               (2 + 3) * (Shares - 1) * sizeof(u64) +  // key refresh, IV and nonce
               (decrypt ? tag_check_ands * pair_words * sizeof(u64) : 0);
    }

private:
    friend struct BasicAsconAead128Masked<Shares>;
    static constexpr int tag_check_ands = 7;  // one AND of the two lanes, six folds
    random_source rng_;
    lane key_[2] = {};

    void random(void* out, std::size_t n) noexcept { rng_.fill(rng_.ctx, static_cast<u8*>(out), n); }

    void permute(lane (&s)[5], int rounds) noexcept {
        detail::masked::permute<Shares>(s, rounds, rng_.fill, rng_.ctx);
    }

    // New shares of the same key for every call: the key plus shares of zero (share i
    // r_i, share 0 all of them), added share by share.
    void refresh_key() noexcept {
        lane z[2] = {shared_public(0), shared_public(0)};
        detail::masked::xor_lanes(key_, z, 2);
        detail::secure_zero(z);
    }

    // A public word (the IV, the nonce) as a lane of fresh shares, share 0 being the word
    // XOR the others. Public words alone would make the first round compute values of
    // public data only: harmless, but indistinguishable from a leak in the leakage test,
    // which could then not cover the whole permutation.
    lane shared_public(u64 w) noexcept {
        u64 r[Shares - 1];
        random(r, sizeof r);
        lane z;
        z.v[0] = w;
        for (int i = 1; i < Shares; ++i) {
            z.v[i] = r[i - 1];
            z.v[0] ^= r[i - 1];
        }
        detail::secure_zero(r);
        return z;
    }

    // SP 800-232, section 4, on shares: initialization, associated data, message (in to
    // out; encrypt when !Decrypt), finalization. Encryption writes the tag; decryption
    // checks the tag at `tag` and returns whether it verified. Out of line: the shares it
    // leaves on the stack lie below the caller's frame, where wipe_stack() clears them.
    template <bool Decrypt>
    LWC_NOINLINE bool run(const u8* nonce, std::span<const u8> ad, const u8* in, u8* out, std::size_t n,
             u8* tag) noexcept {
        namespace da = detail::ascon;
        refresh_key();
        lane s[5] = {shared_public(da::iv_aead128), {}, {},
                     shared_public(detail::load64_le(nonce)),
                     shared_public(detail::load64_le(nonce + 8))};
        add_key(s, 1);
        permute(s, 12);
        add_key(s, 3);
        if (!ad.empty()) {
            const u8* p = ad.data();
            std::size_t m = ad.size();
            for (; m >= 16; m -= 16, p += 16) {
                s[0].v[0] ^= detail::load64_le(p);
                s[1].v[0] ^= detail::load64_le(p + 8);
                permute(s, 8);
            }
            u64 w0, w1;
            da::aead_sponge<detail::ascon_portable>::load_last(p, m, w0, w1);
            s[0].v[0] ^= w0;
            s[1].v[0] ^= w1;
            permute(s, 8);
        }
        s[4].v[0] ^= da::domain_separator;
        for (; n >= 16; n -= 16, in += 16, out += 16) {
            crypt_lane<Decrypt>(s[0], in, out, 8);
            crypt_lane<Decrypt>(s[1], in + 8, out + 8, 8);
            permute(s, 8);
        }
        crypt_lane<Decrypt>(s[0], in, out, n < 8 ? n : 8);  // in is null for n = 0
        if (n > 8) crypt_lane<Decrypt>(s[1], in + 8, out + 8, n - 8);
        s[n < 8 ? 0 : 1].v[0] ^= da::pad(n % 8);
        add_key(s, 2);
        permute(s, 12);
        add_key(s, 3);
        bool ok = true;
        if constexpr (Decrypt) {
            ok = tag_matches(s, tag);
        } else {
            detail::store64_le(tag, detail::masked::unmask_with(0, s[3]));
            detail::store64_le(tag + 8, detail::masked::unmask_with(0, s[4]));
        }
        detail::secure_zero(s);
        return ok;
    }

    void add_key(lane (&s)[5], int at) const noexcept { detail::masked::xor_lanes(&s[at], key_, 2); }

    // k (0..8) bytes of a rate lane: out = in ^ lane (unmasked share by share onto the
    // input), and the lane takes the ciphertext: the plaintext added to share 0.
    template <bool Decrypt>
    static void crypt_lane(lane& x, const u8* in, u8* out, std::size_t k) noexcept {
        if (k == 0) return;
        const u64 w = detail::load_partial_le<u64>(in, k);
        const u64 y = detail::masked::unmask_with(w, x);
        detail::store_partial_le(out, y, k);
        const u64 keep = k == 8 ? ~u64(0) : (u64(1) << (8 * k)) - 1;
        x.v[0] ^= (Decrypt ? y : w) & keep;  // the plaintext's k bytes
    }

    // The tag check on shares (detail::masked::tag_bit): only its verdict is unmasked.
    bool tag_matches(const lane (&s)[5], const u8* tag) noexcept {
        u64 r[tag_check_ands * pair_words];
        random(r, sizeof r);
        const u64 bit = detail::masked::tag_bit<Shares>(&s[3], tag, r);
        detail::secure_zero(r);
        return detail::declassify(bit == 1);
    }
};

}  // namespace masked

#if LWC_SYSTEM_ENTROPY
// The registry's form (ascon-aead128-masked2 and -masked3 by name in the C ABI, Python,
// the CLI and the stream): the static interface of every AEAD, the key split into fresh
// shares on each call, the masks from Ascon-XOF128 seeded per call with 32 bytes of the
// system's entropy (one getentropy call, where a call takes thousands of mask bytes).
// The same ciphertexts and tags as the object. The masking claim of docs/masking.md is
// the object's, on the cores and flags it names; on a host this form is masked C.
namespace detail::masked {
class seeded_masks {
public:
    seeded_masks() noexcept {
        u8 seed[32];
        // Fails only without a kernel source (Linux before 3.17): no masks, no call.
        if (getentropy(seed, sizeof seed) != 0) __builtin_trap();
        // A process's first getentropy call goes through the dynamic linker (lazy
        // binding), whose frame saves the vector registers, whatever the caller left in
        // them: 3.7 KB below the caller with AVX-512, deeper than the wipe after the
        // kernel reaches (tests/test_hygiene.cpp, StackDepth, found it). Cleared here,
        // before anything secret is computed.
        wipe_deep_stack();
        xof_.update(seed);
        secure_zero(seed);
    }
    lwc::masked::random_source source() noexcept { return {&fill, this}; }

private:
    AsconXof128 xof_;  // wiped by its destructor
    static void fill(void* self, u8* out, std::size_t n) noexcept {
        static_cast<seeded_masks*>(self)->xof_.squeeze({out, n});
    }
};
}  // namespace detail::masked

template <int Shares>
struct BasicAsconAead128Masked
    : detail::aead_base<BasicAsconAead128Masked<Shares>, 16, 16, 16> {
    static constexpr std::string_view name = masked::AsconAead128<Shares>::name;
    static constexpr std::string_view backend = "portable";  // masked C on every host
    // Decryption checks the received tag on shares (the object's check), not against an
    // unmasked computed tag: the kernel finds the received tag in its tag buffer, leaves
    // it there when it verified and changes a bit when not, so that aead_base's comparison
    // gives the masked check's verdict.
    static constexpr bool decrypt_reads_tag = true;

    template <bool Decrypt>
    static void run(const detail::u8* key, const detail::u8* nonce, std::span<const detail::u8> ad,
                    const detail::u8* in, detail::u8* out, std::size_t n, detail::u8* tag) noexcept {
        detail::masked::seeded_masks masks;
        masked::AsconAead128<Shares> aead(masks.source());
        aead.set_key(std::span<const detail::u8, 16>(key, 16));
        const bool ok = aead.template run<Decrypt>(nonce, ad, in, out, n, tag);
        if constexpr (Decrypt) tag[0] ^= detail::u8(!ok);
    }
};
using AsconAead128Masked2 = BasicAsconAead128Masked<2>;
using AsconAead128Masked3 = BasicAsconAead128Masked<3>;
#endif

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
