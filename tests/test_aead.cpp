// SPDX-License-Identifier: MIT
// Generic AEAD suites: every registered scheme and every compiled path of it. Each test
// is a function of the scheme's calls (sealing_calls, test_util.hpp), compiled once.
#include <algorithm>
#include <numeric>

#include "test_util.hpp"

namespace lwc::test {
namespace {

using span = std::span<const std::uint8_t>;

void official_known_answers(const sealing_calls& a) {
    const auto records = read_kat(a.name);
    ASSERT_EQ(records.size(), 1089u) << a.name;
    for (const auto& r : records) {
        SCOPED_TRACE(std::string(a.name) + " Count = " +
                     std::string(r.at("Count").begin(), r.at("Count").end()));
        const bytes &key = r.at("Key"), &nonce = r.at("Nonce"), &pt = r.at("PT"),
                    &ad = r.at("AD"), &expected = r.at("CT");
        ASSERT_EQ(key.size(), a.key_size);
        ASSERT_EQ(nonce.size(), a.nonce_size);
        ASSERT_EQ(expected.size(), pt.size() + a.tag_size);

        ASSERT_EQ(a.seal(key, nonce, ad, pt), expected);

        bytes back(pt.size(), 0xaa);
        const span ct = span(expected).first(pt.size()), tag = span(expected).subspan(pt.size());
        ASSERT_TRUE(a.decrypt(key, nonce, ad, ct, tag, back));
        ASSERT_EQ(back, pt);

        bytes bad = expected;
        bad.back() ^= 0x01;
        ASSERT_FALSE(a.decrypt(key, nonce, ad, span(bad).first(pt.size()),
                               span(bad).subspan(pt.size()), back));
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

void round_trip_in_and_out_of_place(const aead_calls& a) {
    std::mt19937_64 rng{0x1c0ffee + a.key_size};
    const auto lengths = test_lengths();
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        // Every PT length against a varying AD length, and every AD length against a
        // varying PT length.
        for (auto [pt_len, ad_len] : {std::pair{lengths[i], lengths[(i * 7 + 3) % lengths.size()]},
                                      std::pair{lengths[(i * 11 + 5) % lengths.size()], lengths[i]}}) {
            SCOPED_TRACE(std::string(a.name) + " pt " + std::to_string(pt_len) + " ad " +
                         std::to_string(ad_len));
            const bytes key = random_bytes(rng, a.key_size);
            const bytes nonce = random_bytes(rng, a.nonce_size);
            const bytes ad = random_bytes(rng, ad_len), pt = random_bytes(rng, pt_len);

            bytes ct(pt_len), tag(a.tag_size);
            a.encrypt(key, nonce, ad, pt, ct, tag);
            if (pt_len >= 16) {
                ASSERT_NE(ct, pt);  // a cipher that leaves the plaintext alone fails here
            }

            bytes inplace = pt, tag2(a.tag_size);  // in place: the same ciphertext and tag
            a.encrypt(key, nonce, ad, inplace, inplace, tag2);
            ASSERT_EQ(inplace, ct);
            ASSERT_EQ(tag2, tag);

            bytes out(pt_len);
            ASSERT_TRUE(a.decrypt(key, nonce, ad, ct, tag, out));
            ASSERT_EQ(out, pt);
            ASSERT_TRUE(a.decrypt(key, nonce, ad, inplace, tag, inplace));  // in place
            ASSERT_EQ(inplace, pt);
        }
    }
}

void every_flipped_bit_is_rejected_and_output_zeroed(const sealing_calls& a) {
    std::mt19937_64 rng{0x1c0ffee + a.key_size};
    for (std::size_t pt_len : {0u, 1u, 33u}) {
        bytes key = random_bytes(rng, a.key_size), nonce = random_bytes(rng, a.nonce_size);
        bytes ad = random_bytes(rng, 19);
        const bytes pt = random_bytes(rng, pt_len);
        bytes ct(pt_len), tag(a.tag_size);
        a.encrypt(key, nonce, ad, pt, ct, tag);

        auto expect_rejected = [&](const char* what, std::size_t bit) {
            bytes out(pt_len, 0x5a);
            ASSERT_FALSE(a.decrypt(key, nonce, ad, ct, tag, out)) << what << " bit " << bit;
            ASSERT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; }));
            bytes sealed = ct;
            sealed.insert(sealed.end(), tag.begin(), tag.end());
            ASSERT_FALSE(a.open(key, nonce, ad, sealed).has_value()) << what << " bit " << bit;
        };
        auto flip_each = [&](bytes& buf, const char* what) {
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

void output_size_mismatch_is_reported(const aead_calls& a) {
    std::mt19937_64 rng{0x1c0ffee + a.key_size};
    const bytes key = random_bytes(rng, a.key_size), nonce = random_bytes(rng, a.nonce_size);
    bytes pt(10), ct(9), tag(a.tag_size);
    try {
        a.encrypt(key, nonce, {}, pt, ct, tag);
        FAIL() << "no error for a short ciphertext buffer";
    } catch (const size_error& e) {
        EXPECT_EQ(std::string(e.what()),
                  std::string(a.name) + ": ciphertext output must be 10 bytes, got 9");
    }
    EXPECT_THROW((void)a.decrypt(key, nonce, {}, pt, tag, ct), size_error);
}

void open_rejects_input_shorter_than_tag(const sealing_calls& a) {
    std::mt19937_64 rng{0x1c0ffee + a.key_size};
    const bytes key = random_bytes(rng, a.key_size), nonce = random_bytes(rng, a.nonce_size);
    const bytes short_input(a.tag_size - 1);
    EXPECT_FALSE(a.open(key, nonce, {}, short_input).has_value());
}

class AeadTest : public ::testing::TestWithParam<sealing_calls> {};
INSTANTIATE_TEST_SUITE_P(Each, AeadTest,
                         ::testing::ValuesIn(each_scheme<registry::all_aeads>(
                             []<class S>() { return sealing_calls_of<S>(); })),
                         named_for_scheme);

TEST_P(AeadTest, OfficialKnownAnswers) { official_known_answers(GetParam()); }
TEST_P(AeadTest, RoundTripInAndOutOfPlace) { round_trip_in_and_out_of_place(GetParam()); }
TEST_P(AeadTest, EveryFlippedBitIsRejectedAndOutputZeroed) {
    every_flipped_bit_is_rejected_and_output_zeroed(GetParam());
}
TEST_P(AeadTest, OutputSizeMismatchIsReported) { output_size_mismatch_is_reported(GetParam()); }
TEST_P(AeadTest, OpenRejectsInputShorterThanTag) {
    open_rejects_input_shorter_than_tag(GetParam());
}

}  // namespace
}  // namespace lwc::test
