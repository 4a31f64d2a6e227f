// SPDX-License-Identifier: MIT
// Generic hash suites: every registered hash and every compiled path of it.
#include "test_util.hpp"

namespace lwc::test {
namespace {

template <class H>
class HashTest : public ::testing::Test {
protected:
    std::mt19937_64 rng{0xba5eba11 + H::digest_size};
};

using all_hashes = registry::all_hashes;
TYPED_TEST_SUITE(HashTest, typename gtest_types<all_hashes>::type);

TYPED_TEST(HashTest, OfficialKnownAnswers) {
    using H = TypeParam;
    const auto records = read_kat(H::name);
    ASSERT_EQ(records.size(), 1025u) << H::name;
    for (const auto& r : records) {
        SCOPED_TRACE(std::string(H::name) + " Count = " +
                     std::string(r.at("Count").begin(), r.at("Count").end()));
        const auto d = hash<H>(r.at("Msg"));
        ASSERT_EQ(bytes(d.begin(), d.end()), r.at("MD"));
    }
}

TYPED_TEST(HashTest, IncrementalEqualsOneShot) {
    using H = TypeParam;
    for (std::size_t len : {0u, 1u, 15u, 16u, 17u, 47u, 48u, 200u, 1000u, 4099u, 20000u}) {
        const bytes msg = random_bytes(this->rng, len);
        const auto expected = hash<H>(msg);
        for (int trial = 0; trial < 20; ++trial) {
            H h;
            std::size_t pos = 0;
            while (pos < len) {
                // Mix empty, 1-byte, block-sized and random updates.
                std::size_t step;
                switch (this->rng() % 4) {
                    case 0: step = 0; break;
                    case 1: step = 1; break;
                    case 2: step = H::block_size; break;
                    default: step = this->rng() % (2 * H::block_size + 3);
                }
                step = std::min(step, len - pos);
                h.update(std::span(msg).subspan(pos, step));
                pos += step;
            }
            ASSERT_EQ(h.finalize(), expected) << "len " << len << " trial " << trial;
        }
    }
}

TYPED_TEST(HashTest, CopyMidStreamAndFinalizeDoesNotConsume) {
    using H = TypeParam;
    const bytes a = random_bytes(this->rng, 37), b = random_bytes(this->rng, 50);
    bytes ab = a;
    ab.insert(ab.end(), b.begin(), b.end());

    H h;
    h.update(a);
    H copy = h;
    const auto da = h.finalize();
    EXPECT_EQ(da, hash<H>(a));
    EXPECT_EQ(h.finalize(), da);  // finalize is repeatable
    h.update(b);                  // and the stream goes on after it
    EXPECT_EQ(h.finalize(), hash<H>(ab));
    copy.update(b);
    EXPECT_EQ(copy.finalize(), hash<H>(ab));
    copy.reset();
    EXPECT_EQ(copy.finalize(), hash<H>({}));
}

TYPED_TEST(HashTest, DistinctInputsGiveDistinctDigests) {
    using H = TypeParam;
    // Padding must separate a message from the same message plus a zero byte.
    bytes m;
    auto prev = hash<H>(m);
    for (int i = 0; i < 3 * int(H::block_size); ++i) {
        m.push_back(0);
        const auto d = hash<H>(m);
        ASSERT_NE(d, prev) << "length " << m.size();
        prev = d;
    }
}

}  // namespace
}  // namespace lwc::test
