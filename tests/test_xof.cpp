// SPDX-License-Identifier: MIT
// Generic XOF suites: every registered XOF (lwc::registry::xofs).
#include "test_util.hpp"

namespace lwc::test {
namespace {

template <class X>
class XofTest : public ::testing::Test {
protected:
    std::mt19937_64 rng{0x0f0f0f + X::block_size};
};

TYPED_TEST_SUITE(XofTest, typename gtest_types<registry::all_xofs>::type);

template <class X>
constexpr bool customizable = requires { X::max_customization_size; };

// An XOF object for a KAT record: with its customization string Z where the scheme
// takes one.
template <class X>
X make_xof(const kat_record& r) {
    if constexpr (customizable<X>)
        return X(r.at("Z"));
    else
        return X();
}

template <class X>
bytes squeeze_all(X x, std::size_t n) {
    bytes out(n);
    x.squeeze(out);
    return out;
}

// Every XOF has a file in tests/kat (Xoodyak's XOF: its hash's official digests, the
// first 32 bytes of the XOF; tests/kat/README.md).
TYPED_TEST(XofTest, KnownAnswers) {
    using X = TypeParam;
    const auto records = read_kat(X::name);
    ASSERT_GE(records.size(), 1025u) << X::name;
    for (const auto& r : records) {
        SCOPED_TRACE(std::string(X::name) + " Count = " +
                     std::string(r.at("Count").begin(), r.at("Count").end()));
        X x = make_xof<X>(r);
        ASSERT_TRUE(x.update(r.at("Msg")));
        ASSERT_EQ(squeeze_all(x, r.at("MD").size()), r.at("MD"));
    }
}

// Squeezes of any lengths are one output stream; updates of any lengths are one input.
TYPED_TEST(XofTest, SplitUpdatesAndSqueezesEqualOneShot) {
    using X = TypeParam;
    for (std::size_t len : {0u, 1u, 7u, 8u, 9u, 16u, 17u, 100u, 1000u, 4099u}) {
        const bytes msg = random_bytes(this->rng, len);
        bytes expected(300);
        xof<X>(msg, expected);
        for (int trial = 0; trial < 10; ++trial) {
            X x;
            for (std::size_t pos = 0; pos < len;) {
                const std::size_t step = std::min<std::size_t>(this->rng() % 20, len - pos);
                x.update(std::span(msg).subspan(pos, step));
                pos += step;
            }
            bytes out(expected.size());
            for (std::size_t pos = 0; pos < out.size();) {
                const std::size_t step = std::min<std::size_t>(this->rng() % 40, out.size() - pos);
                x.squeeze(std::span(out).subspan(pos, step));
                pos += step;
            }
            ASSERT_EQ(out, expected) << "len " << len << " trial " << trial;
        }
    }
}

// A copy continues on its own: squeezing one does not advance the other.
TYPED_TEST(XofTest, CopyContinuesOnItsOwn) {
    using X = TypeParam;
    const bytes msg = random_bytes(this->rng, 50);
    bytes whole(64);
    xof<X>(msg, whole);
    X x;
    x.update(msg);
    bytes first(10);
    x.squeeze(first);
    X fork = x;
    bytes rest_a(54), rest_b(54);
    x.squeeze(rest_a);
    fork.squeeze(rest_b);
    EXPECT_EQ(rest_a, rest_b);
    first.insert(first.end(), rest_a.begin(), rest_a.end());
    EXPECT_EQ(first, whole);
    x.reset();
    EXPECT_FALSE(x.squeezing());
    bytes empty(16), expected(16);
    x.squeeze(empty);
    xof<X>({}, expected);
    EXPECT_EQ(empty, expected);
}

// After the first squeeze more input would not be covered by the output: refused.
TYPED_TEST(XofTest, UpdateAfterSqueezeIsRefused) {
    using X = TypeParam;
    X x;
    ASSERT_TRUE(x.update(bytes{1, 2, 3}));
    bytes a(5);
    x.squeeze(a);
    EXPECT_FALSE(x.update(bytes{4}));
    X y;
    ASSERT_TRUE(y.update(bytes{1, 2, 3}));
    bytes b(10);
    y.squeeze(b);
    x.squeeze(std::span(a).first(5));
    EXPECT_EQ(bytes(b.begin() + 5, b.end()), a);  // the refused byte changed nothing
}

// The first 32 bytes of Xoodyak's XOF are Xoodyak-Hash's digest (so the hash's official
// KATs check them); the output goes on from there.
TEST(XoodyakXof, ExtendsTheHash) {
    std::mt19937_64 rng(7);
    for (std::size_t len : {0u, 1u, 15u, 16u, 17u, 100u, 1000u}) {
        const bytes msg = random_bytes(rng, len);
        bytes out(100);
        xof<XoodyakXof>(msg, out);
        const auto d = hash<XoodyakHash>(msg);
        EXPECT_EQ(bytes(out.begin(), out.begin() + 32), bytes(d.begin(), d.end())) << len;
        bytes longer(200);
        xof<XoodyakXof>(msg, longer);
        EXPECT_EQ(bytes(longer.begin(), longer.begin() + 100), out) << len;
    }
}

TEST(AsconCxof128, CustomizationLongerThan256BytesIsRefused) {
    const bytes z256(256, 7), z257(257, 7);
    EXPECT_NO_THROW(AsconCxof128{z256});
    EXPECT_THROW(AsconCxof128{z257}, size_error);
    // The customization string separates outputs, its length included.
    bytes a(32), b(32), c(32);
    AsconCxof128(bytes{}).squeeze(a);
    AsconCxof128(bytes{0}).squeeze(b);
    AsconXof128().squeeze(c);
    EXPECT_NE(a, b);
    EXPECT_NE(a, c);
    // reset() keeps the customization string.
    AsconCxof128 x(bytes{0});
    x.squeeze(a);
    x.reset();
    x.squeeze(c);
    EXPECT_EQ(b, c);
}

}  // namespace
}  // namespace lwc::test
