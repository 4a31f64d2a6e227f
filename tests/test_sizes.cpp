// Sizes and types through the C++ API. Key, nonce and tag sizes are part of the span
// types: a wrong one does not compile, nor does a buffer that is not a contiguous range
// of std::uint8_t (checked here with concepts). The output size can only be wrong at run
// time: it throws lwc::size_error naming the scheme, the size expected and the size
// given, before anything is written.
#include <algorithm>
#include <deque>
#include <list>
#include <string>

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

// The attached-tag helpers, with a key of K and a nonce of N bytes.
template <class A, std::size_t K, std::size_t N>
concept seal_open_compile = requires(std::array<uint8_t, K> key, std::array<uint8_t, N> nonce,
                                     bytes buf) {
    seal<A>(key, nonce, buf, buf);
    open<A>(key, nonce, buf, buf);
};
// A key held as Key; message and AD buffers held as Buf.
template <class A, class Key>
concept key_accepted = requires(Key key, std::array<uint8_t, A::nonce_size> nonce, bytes buf,
                                std::array<uint8_t, A::tag_size> tag) {
    A::encrypt(key, nonce, buf, buf, buf, tag);
};
template <class A, class Buf>
concept buffer_accepted = requires(std::array<uint8_t, A::key_size> key,
                                   std::array<uint8_t, A::nonce_size> nonce, const Buf in,
                                   bytes out, std::array<uint8_t, A::tag_size> tag) {
    A::encrypt(key, nonce, in, in, out, tag);
    open<A>(key, nonce, in, in);
};
template <class H, class Buf>
concept hash_accepts = requires(H h, const Buf in) {
    h.update(in);
    hash<H>(in);
};

// Text, wider elements and non-contiguous containers: none converts to a byte span.
template <template <class, class> class Accepted, class S>
constexpr bool only_byte_ranges =
    Accepted<S, bytes>::value && Accepted<S, std::array<uint8_t, 5>>::value &&
    Accepted<S, std::span<const uint8_t>>::value && !Accepted<S, std::string>::value &&
    !Accepted<S, std::vector<char>>::value && !Accepted<S, std::vector<int>>::value &&
    !Accepted<S, std::vector<std::byte>>::value && !Accepted<S, std::deque<uint8_t>>::value &&
    !Accepted<S, std::list<uint8_t>>::value && !Accepted<S, const uint8_t*>::value;
template <class A, class Buf>
struct aead_buffer : std::bool_constant<buffer_accepted<A, Buf>> {};
template <class H, class Buf>
struct hash_buffer : std::bool_constant<hash_accepts<H, Buf>> {};

static_assert([] {
    bool ok = true;
    registry::hashes::for_each(
        [&](auto s) { ok = ok && only_byte_ranges<hash_buffer, typename decltype(s)::type>; });
    return ok;
}());

template <class A>
class SizeTest : public ::testing::Test {};
using all_aeads = registry::all_aeads;
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
    static_assert(seal_open_compile<A, k, n> && !seal_open_compile<A, k + 1, n> &&
                  !seal_open_compile<A, k, n - 1>);
    // A key of unknown size (a vector, a dynamic span, a pointer) must be given a size
    // first: std::span<const std::uint8_t, key_size>(p, key_size).
    static_assert(key_accepted<A, std::span<const uint8_t, k>>);
    static_assert(!key_accepted<A, bytes> && !key_accepted<A, std::span<const uint8_t>> &&
                  !key_accepted<A, const uint8_t*> && !key_accepted<A, std::array<char, k>>);
}

TYPED_TEST(SizeTest, NonByteOrNonContiguousBuffersDoNotCompile) {
    static_assert(only_byte_ranges<aead_buffer, TypeParam>);
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
