// SPDX-License-Identifier: MIT
// Masked Ascon-AEAD128 (lwc/masked.hpp), 2 and 3 shares: every official Ascon-AEAD128
// KAT record; the same output as lwc::AsconAead128 over many lengths, in place and out
// of place, whatever the randomness; every flipped bit refused with the output zeroed;
// the randomness a call takes is random_bytes(); and the key's shares change on every
// call while their XOR stays the key.
#include <algorithm>
#include <cstring>

#include <lwc/masked.hpp>

#include "test_util.hpp"

namespace lwc::test {
namespace {

// A deterministic source (the ciphertexts do not depend on it) that counts its bytes.
struct counting_rng {
    std::mt19937_64 gen{7};
    std::size_t bytes = 0;
    static void fill(void* ctx, std::uint8_t* out, std::size_t n) {
        auto* self = static_cast<counting_rng*>(ctx);
        for (std::size_t i = 0; i < n; ++i) out[i] = std::uint8_t(self->gen());
        self->bytes += n;
    }
    masked::random_source source() { return {&counting_rng::fill, this}; }
};

template <class M>
class MaskedAscon : public ::testing::Test {};
using shares = ::testing::Types<masked::AsconAead128<2>, masked::AsconAead128<3>>;
TYPED_TEST_SUITE(MaskedAscon, shares);

using key_span = std::span<const std::uint8_t, 16>;

TYPED_TEST(MaskedAscon, OfficialKnownAnswers) {
    const auto records = read_kat("ascon-aead128");
    ASSERT_EQ(records.size(), 1089u);
    counting_rng rng;
    TypeParam m(rng.source());
    for (const auto& r : records) {
        SCOPED_TRACE("Count = " + std::string(r.at("Count").begin(), r.at("Count").end()));
        const bytes &key = r.at("Key"), &nonce = r.at("Nonce"), &pt = r.at("PT"),
                    &ad = r.at("AD"), &expected = r.at("CT");
        m.set_key(key_span(key.data(), 16));
        const key_span n(nonce.data(), 16);
        bytes ct(pt.size());
        std::array<std::uint8_t, 16> tag;
        m.encrypt(n, ad, pt, ct, tag);
        ct.insert(ct.end(), tag.begin(), tag.end());
        ASSERT_EQ(ct, expected);
        bytes back(pt.size(), 0xaa);
        ASSERT_TRUE(m.decrypt(n, ad, std::span(expected).first(pt.size()), tag, back));
        ASSERT_EQ(back, pt);
    }
}

TYPED_TEST(MaskedAscon, MatchesUnmaskedInAndOutOfPlace) {
    std::mt19937_64 gen(3);
    counting_rng rng;
    TypeParam m(rng.source());
    for (std::size_t len = 0; len <= 300; len += 1 + len / 16) {
        const bytes key = random_bytes(gen, 16), nonce = random_bytes(gen, 16),
                    ad = random_bytes(gen, len % 37), pt = random_bytes(gen, len);
        const key_span k(key.data(), 16), n(nonce.data(), 16);
        bytes want(len);
        std::array<std::uint8_t, 16> want_tag, tag;
        AsconAead128::encrypt(k, n, ad, pt, want, want_tag);
        m.set_key(k);
        bytes buf = pt;  // in place
        m.encrypt(n, ad, buf, buf, tag);
        ASSERT_EQ(buf, want) << len;
        ASSERT_EQ(tag, want_tag) << len;
        bytes back(len);
        ASSERT_TRUE(m.decrypt(n, ad, buf, tag, back));
        ASSERT_EQ(back, pt);
        ASSERT_TRUE(m.decrypt(n, ad, buf, tag, buf));  // in place
        ASSERT_EQ(buf, pt);
    }
}

TYPED_TEST(MaskedAscon, EveryFlippedBitIsRefusedAndOutputZeroed) {
    std::mt19937_64 gen(5);
    counting_rng rng;
    TypeParam m(rng.source());
    const bytes key = random_bytes(gen, 16), nonce = random_bytes(gen, 16),
                ad = random_bytes(gen, 5), pt = random_bytes(gen, 21);
    m.set_key(key_span(key.data(), 16));
    bytes ct(pt.size());
    std::array<std::uint8_t, 16> tag;
    m.encrypt(key_span(nonce.data(), 16), ad, pt, ct, tag);
    auto refused = [&](bytes n, bytes a, bytes c, std::array<std::uint8_t, 16> t) {
        bytes out(c.size(), 0xaa);
        const bool ok = m.decrypt(key_span(n.data(), 16), a, c, t, out);
        return !ok && std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; });
    };
    for (std::size_t bit = 0; bit < 8 * 16; ++bit) {
        bytes n = nonce;
        n[bit / 8] ^= std::uint8_t(1u << bit % 8);
        EXPECT_TRUE(refused(n, ad, ct, tag)) << "nonce bit " << bit;
        auto t = tag;
        t[bit / 8] ^= std::uint8_t(1u << bit % 8);
        EXPECT_TRUE(refused(nonce, ad, ct, t)) << "tag bit " << bit;
    }
    for (std::size_t bit = 0; bit < 8 * ad.size(); ++bit) {
        bytes a = ad;
        a[bit / 8] ^= std::uint8_t(1u << bit % 8);
        EXPECT_TRUE(refused(nonce, a, ct, tag)) << "AD bit " << bit;
    }
    for (std::size_t bit = 0; bit < 8 * ct.size(); ++bit) {
        bytes c = ct;
        c[bit / 8] ^= std::uint8_t(1u << bit % 8);
        EXPECT_TRUE(refused(nonce, ad, c, tag)) << "ciphertext bit " << bit;
    }
    bytes other_key = key;
    other_key[3] ^= 0x10;
    m.set_key(key_span(other_key.data(), 16));
    EXPECT_TRUE(refused(nonce, ad, ct, tag)) << "another key";
}

TYPED_TEST(MaskedAscon, TakesTheRandomBytesItDocuments) {
    std::mt19937_64 gen(9);
    for (std::size_t ad_len : {0, 1, 16, 40})
        for (std::size_t len : {0, 7, 16, 33}) {
            counting_rng rng;
            TypeParam m(rng.source());
            const bytes key = random_bytes(gen, 16), nonce = random_bytes(gen, 16),
                        ad = random_bytes(gen, ad_len), pt = random_bytes(gen, len);
            m.set_key(key_span(key.data(), 16));
            const std::size_t after_key = rng.bytes;
            bytes ct(len);
            std::array<std::uint8_t, 16> tag;
            m.encrypt(key_span(nonce.data(), 16), ad, pt, ct, tag);
            EXPECT_EQ(rng.bytes - after_key, TypeParam::random_bytes(ad_len, len));
            const std::size_t before = rng.bytes;
            ASSERT_TRUE(m.decrypt(key_span(nonce.data(), 16), ad, ct, tag, ct));
            EXPECT_EQ(rng.bytes - before, TypeParam::random_bytes(ad_len, len, true));
        }
}

// The object's key shares, read through its bytes: they change on every call, and
// their XOR is the key.
TYPED_TEST(MaskedAscon, KeySharesAreRefreshedOnEveryCall) {
    constexpr int n = sizeof(TypeParam) / 8 - 2;  // the two random_source words first
    static_assert(n == 2 * (TypeParam::name.back() - '0'));
    std::mt19937_64 gen(11);
    counting_rng rng;
    TypeParam m(rng.source());
    const bytes key = random_bytes(gen, 16), nonce = random_bytes(gen, 16);
    m.set_key(key_span(key.data(), 16));
    auto key_shares = [&] {
        std::array<std::uint64_t, n> w;
        std::memcpy(w.data(), reinterpret_cast<const char*>(&m) + 16, sizeof w);
        return w;
    };
    auto before = key_shares();
    for (int call = 0; call < 3; ++call) {
        std::array<std::uint8_t, 16> tag;
        m.encrypt(key_span(nonce.data(), 16), {}, {}, {}, tag);
        const auto now = key_shares();
        for (int i = 0; i < n; ++i) EXPECT_NE(now[i], before[i]) << "share word " << i;
        for (int h = 0; h < 2; ++h) {
            std::uint64_t x = 0, k;
            for (int i = 0; i < n / 2; ++i) x ^= now[h * n / 2 + i];
            std::memcpy(&k, key.data() + 8 * h, 8);  // little-endian host
            EXPECT_EQ(x, k) << "key word " << h;
        }
        before = now;
    }
}

}  // namespace
}  // namespace lwc::test
