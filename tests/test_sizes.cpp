// Sizes through the C++ API. Key, nonce and tag sizes are part of the span types: a
// wrong one does not compile (checked here with concepts). The output size can only be
// wrong at run time: it throws lwc::size_error naming the scheme, the size expected and
// the size given, before anything is written.
#include <algorithm>

#include "test_util.hpp"

namespace lwc::test {
namespace {

using std::uint8_t;

template <class A, std::size_t K, std::size_t N, std::size_t T>
concept encrypt_compiles = requires(std::array<uint8_t, K> key, std::array<uint8_t, N> nonce,
                                    bytes buf, std::array<uint8_t, T> tag) {
    A::encrypt(key, nonce, buf, buf, buf, tag);
};
template <class A, std::size_t K, std::size_t N, std::size_t T>
concept decrypt_compiles = requires(std::array<uint8_t, K> key, std::array<uint8_t, N> nonce,
                                    bytes buf, const std::array<uint8_t, T> tag) {
    A::decrypt(key, nonce, buf, buf, tag, buf);
};

template <class A>
class SizeTest : public ::testing::Test {};
using all_aeads = typename concat<registry::aeads, registry::aead_variants>::type;
TYPED_TEST_SUITE(SizeTest, typename gtest_types<all_aeads>::type);

TYPED_TEST(SizeTest, WrongKeyNonceOrTagSizeDoesNotCompile) {
    using A = TypeParam;
    constexpr std::size_t k = A::key_size, n = A::nonce_size, t = A::tag_size;
    static_assert(encrypt_compiles<A, k, n, t> && decrypt_compiles<A, k, n, t>);
    static_assert(!encrypt_compiles<A, k - 1, n, t> && !encrypt_compiles<A, k + 1, n, t>);
    static_assert(!encrypt_compiles<A, k, n - 1, t> && !encrypt_compiles<A, k, n + 1, t>);
    static_assert(!encrypt_compiles<A, k, n, t - 1> && !encrypt_compiles<A, k, n, t + 1>);
    static_assert(!decrypt_compiles<A, k + 1, n, t> && !decrypt_compiles<A, k, n + 1, t>);
    static_assert(!decrypt_compiles<A, k, n, t - 1> && !decrypt_compiles<A, k, n, t + 1>);
}

// The message of the error thrown by f, or "" when nothing is thrown.
template <class F>
std::string size_error_of(F f) {
    try {
        f();
    } catch (const size_error& e) {
        return e.what();
    }
    return "";
}

TYPED_TEST(SizeTest, WrongOutputSizeThrowsNamingSchemeAndSizes) {
    using A = TypeParam;
    const std::array<uint8_t, A::key_size> key{};
    const std::array<uint8_t, A::nonce_size> nonce{};
    const bytes input(20, 0x11);
    const std::string name(A::name);
    for (std::size_t given : {0, 19, 21, 100}) {
        SCOPED_TRACE(name + " output of " + std::to_string(given) + " bytes");
        bytes out(given, 0x77);
        std::array<uint8_t, A::tag_size> tag;
        tag.fill(0x77);
        EXPECT_EQ(size_error_of([&] { A::encrypt(key, nonce, {}, input, out, tag); }),
                  name + ": ciphertext output must be 20 bytes, got " + std::to_string(given));
        EXPECT_EQ(size_error_of([&] { (void)A::decrypt(key, nonce, {}, input, tag, out); }),
                  name + ": plaintext output must be 20 bytes, got " + std::to_string(given));
        EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0x77; }))
            << "output written before the size check";
        EXPECT_TRUE(std::all_of(tag.begin(), tag.end(), [](auto b) { return b == 0x77; }));
    }
}

}  // namespace
}  // namespace lwc::test
