// SPDX-License-Identifier: MIT
// Wycheproof's Ascon-AEAD128 vectors (C2SP/wycheproof, tests/wycheproof/README.md): valid
// ones encrypt to their ciphertext and tag and decrypt back; invalid ones (a flipped bit
// of key, nonce, AD, ciphertext or tag) are refused with the output zeroed.
#include "test_util.hpp"

namespace lwc::test {
namespace {

TEST(Wycheproof, AsconAead128) {
    using A = AsconAead128;
    const auto records = read_kat_file(kat_dir() + "/../wycheproof/ascon-aead128.txt");
    ASSERT_EQ(records.size(), 252u);
    std::size_t valid = 0;
    for (const auto& r : records) {
        SCOPED_TRACE("tcId " + std::string(r.at("Count").begin(), r.at("Count").end()));
        const bytes &key = r.at("Key"), &nonce = r.at("Nonce"), &pt = r.at("PT"), &ad = r.at("AD"),
                    &ct = r.at("CT");
        ASSERT_EQ(ct.size(), pt.size() + A::tag_size);
        const std::span<const std::uint8_t, A::key_size> k(key.data(), A::key_size);
        const std::span<const std::uint8_t, A::nonce_size> n(nonce.data(), A::nonce_size);
        const bool expect_valid = r.at("Valid") == bytes{1};
        bytes out(pt.size(), 0xa5);
        const bool ok = A::decrypt(k, n, ad, std::span(ct).first(pt.size()),
                                   std::span<const std::uint8_t, A::tag_size>(ct.data() + pt.size(),
                                                                              A::tag_size),
                                   out);
        ASSERT_EQ(ok, expect_valid);
        if (expect_valid) {
            ++valid;
            EXPECT_EQ(out, pt);
            EXPECT_EQ(seal<A>(k, n, ad, pt), ct);
        } else {
            EXPECT_EQ(out, bytes(pt.size(), 0));
        }
    }
    EXPECT_GT(valid, 0u);
    EXPECT_LT(valid, records.size());
}

}  // namespace
}  // namespace lwc::test
