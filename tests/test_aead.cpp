// SPDX-License-Identifier: MIT
// Generic AEAD suites: every registered scheme and every compiled path of it.
#include <algorithm>
#include <numeric>

#include "test_util.hpp"

namespace lwc::test {
namespace {

template <class A>
class AeadTest : public ::testing::Test {
protected:
    using key_t = std::array<std::uint8_t, A::key_size>;
    using nonce_t = std::array<std::uint8_t, A::nonce_size>;
    using tag_t = std::array<std::uint8_t, A::tag_size>;

    std::mt19937_64 rng{0x1c0ffee + A::key_size};

    static tag_t encrypt(const key_t& k, const nonce_t& n, const bytes& ad, const bytes& pt,
                         bytes& ct) {
        ct.resize(pt.size());
        tag_t tag;
        A::encrypt(k, n, ad, pt, ct, tag);
        return tag;
    }
};

using all_aeads = registry::all_aeads;
TYPED_TEST_SUITE(AeadTest, typename gtest_types<all_aeads>::type);

TYPED_TEST(AeadTest, OfficialKnownAnswers) {
    using A = TypeParam;
    const auto records = read_kat(A::name);
    ASSERT_EQ(records.size(), 1089u) << A::name;
    for (const auto& r : records) {
        SCOPED_TRACE(std::string(A::name) + " Count = " +
                     std::string(r.at("Count").begin(), r.at("Count").end()));
        const bytes &key = r.at("Key"), &nonce = r.at("Nonce"), &pt = r.at("PT"),
                    &ad = r.at("AD"), &expected = r.at("CT");
        ASSERT_EQ(key.size(), A::key_size);
        ASSERT_EQ(nonce.size(), A::nonce_size);
        ASSERT_EQ(expected.size(), pt.size() + A::tag_size);
        const std::span<const std::uint8_t, A::key_size> k(key.data(), A::key_size);
        const std::span<const std::uint8_t, A::nonce_size> n(nonce.data(), A::nonce_size);

        bytes sealed = seal<A>(k, n, ad, pt);
        ASSERT_EQ(sealed, expected);

        bytes back(pt.size(), 0xaa);
        const std::span<const std::uint8_t, A::tag_size> tag(expected.data() + pt.size(),
                                                              A::tag_size);
        ASSERT_TRUE(A::decrypt(k, n, ad, std::span(expected).first(pt.size()), tag, back));
        ASSERT_EQ(back, pt);

        bytes bad = expected;
        bad.back() ^= 0x01;
        const std::span<const std::uint8_t, A::tag_size> bad_tag(bad.data() + pt.size(),
                                                                  A::tag_size);
        ASSERT_FALSE(A::decrypt(k, n, ad, std::span(bad).first(pt.size()), bad_tag, back));
        ASSERT_TRUE(std::all_of(back.begin(), back.end(), [](auto b) { return b == 0; }));
    }
}

// Lengths 0..300 (every one) and a spread up to 64 KiB.
std::vector<std::size_t> test_lengths() {
    std::vector<std::size_t> v(301);
    std::iota(v.begin(), v.end(), 0);
    for (std::size_t n : {511, 512, 513, 1000, 1023, 1024, 1025, 4095, 4096, 4097, 10007, 16384,
                          32771, 65535, 65536})
        v.push_back(n);
    return v;
}

TYPED_TEST(AeadTest, RoundTripInAndOutOfPlace) {
    using A = TypeParam;
    const auto lengths = test_lengths();
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        // Every PT length against a varying AD length, and every AD length against a
        // varying PT length.
        for (auto [pt_len, ad_len] : {std::pair{lengths[i], lengths[(i * 7 + 3) % lengths.size()]},
                                      std::pair{lengths[(i * 11 + 5) % lengths.size()], lengths[i]}}) {
            SCOPED_TRACE(std::string(A::name) + " pt " + std::to_string(pt_len) + " ad " +
                         std::to_string(ad_len));
            const auto key = random_array<A::key_size>(this->rng);
            const auto nonce = random_array<A::nonce_size>(this->rng);
            const bytes ad = random_bytes(this->rng, ad_len), pt = random_bytes(this->rng, pt_len);

            bytes ct;
            const auto tag = this->encrypt(key, nonce, ad, pt, ct);
            if (pt_len >= 16) {
                ASSERT_NE(ct, pt);  // a cipher that leaves the plaintext alone fails here
            }

            bytes inplace = pt;  // encrypt in place gives the same ciphertext and tag
            typename TestFixture::tag_t tag2;
            A::encrypt(key, nonce, ad, inplace, inplace, tag2);
            ASSERT_EQ(inplace, ct);
            ASSERT_EQ(tag2, tag);

            bytes out(pt_len);
            ASSERT_TRUE(A::decrypt(key, nonce, ad, ct, tag, out));
            ASSERT_EQ(out, pt);
            ASSERT_TRUE(A::decrypt(key, nonce, ad, inplace, tag, inplace));  // in place
            ASSERT_EQ(inplace, pt);
        }
    }
}

TYPED_TEST(AeadTest, EveryFlippedBitIsRejectedAndOutputZeroed) {
    using A = TypeParam;
    for (std::size_t pt_len : {0u, 1u, 33u}) {
        auto key = random_array<A::key_size>(this->rng);
        auto nonce = random_array<A::nonce_size>(this->rng);
        bytes ad = random_bytes(this->rng, 19);
        const bytes pt = random_bytes(this->rng, pt_len);
        bytes ct;
        auto tag = this->encrypt(key, nonce, ad, pt, ct);

        auto expect_rejected = [&](const char* what, std::size_t bit) {
            bytes out(pt_len, 0x5a);
            ASSERT_FALSE(A::decrypt(key, nonce, ad, ct, tag, out)) << what << " bit " << bit;
            ASSERT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; }));
            bytes sealed = ct;
            sealed.insert(sealed.end(), tag.begin(), tag.end());
            ASSERT_FALSE(open<A>(key, nonce, ad, sealed).has_value()) << what << " bit " << bit;
        };
        auto flip_each = [&](auto& buf, const char* what) {
            for (std::size_t bit = 0; bit < 8 * buf.size(); ++bit) {
                buf[bit / 8] ^= std::uint8_t(1u << (bit % 8));
                expect_rejected(what, bit);
                buf[bit / 8] ^= std::uint8_t(1u << (bit % 8));
            }
        };
        flip_each(key, "key");
        flip_each(nonce, "nonce");
        flip_each(ad, "ad");
        flip_each(ct, "ciphertext");
        flip_each(tag, "tag");
        ad.push_back(0);  // a longer AD, truncated AD
        expect_rejected("ad+1", 0);
        ad.pop_back();
        ad.pop_back();
        expect_rejected("ad-1", 0);
    }
}

TYPED_TEST(AeadTest, OutputSizeMismatchIsReported) {
    using A = TypeParam;
    const auto key = random_array<A::key_size>(this->rng);
    const auto nonce = random_array<A::nonce_size>(this->rng);
    bytes pt(10), ct(9);
    typename TestFixture::tag_t tag{};
    try {
        A::encrypt(key, nonce, {}, pt, ct, tag);
        FAIL() << "no error for a short ciphertext buffer";
    } catch (const size_error& e) {
        EXPECT_EQ(std::string(e.what()),
                  std::string(A::name) + ": ciphertext output must be 10 bytes, got 9");
    }
    EXPECT_THROW((void)A::decrypt(key, nonce, {}, pt, tag, ct), size_error);
}

TYPED_TEST(AeadTest, OpenRejectsInputShorterThanTag) {
    using A = TypeParam;
    const auto key = random_array<A::key_size>(this->rng);
    const auto nonce = random_array<A::nonce_size>(this->rng);
    const bytes short_input(A::tag_size - 1);
    EXPECT_FALSE(open<A>(key, nonce, {}, short_input).has_value());
}

}  // namespace
}  // namespace lwc::test
