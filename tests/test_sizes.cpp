// SPDX-License-Identifier: MIT
// Sizes and types through the C++ API. Key, nonce and tag sizes are part of the span
// types: a wrong one does not compile, nor does a buffer that is not a contiguous range
// of std::uint8_t (checked here with concepts). The output size can only be wrong at run
// time: it throws lwc::size_error naming the scheme, the size expected and the size
// given, before anything is written. Outputs overlapping inputs other than exactly in place
// are refused the same way (issue 15), and the non-throwing forms try_encrypt/try_decrypt
// return the same refusals as lwc::error values.
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

// The type checks hold for every scheme (a failure is a compile error naming it).
template <class A>
constexpr bool sizes_are_types() {
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
    static_assert(only_byte_ranges<aead_buffer, A>);
    return true;
}
using all_aeads = registry::all_aeads;
static_assert([]<class... A>(scheme_list<A...>) {
    return (sizes_are_types<A>() && ...);
}(all_aeads{}));

// The run-time checks, through the scheme's calls and its try_ forms (compiled once, not
// once per scheme).
struct checked_calls : aead_calls {
    error (*try_encrypt)(in key, in nonce, in ad, in pt, out ct, out tag);
    error (*try_decrypt)(in key, in nonce, in ad, in ct, in tag, out pt);
};
template <class A>
checked_calls checked_calls_of() {
    using in = aead_calls::in;
    using out = aead_calls::out;
    constexpr std::size_t k = A::key_size, n = A::nonce_size, t = A::tag_size;
    return {calls_of<A>(),
            [](in key, in nonce, in ad, in pt, out ct, out tag) {
                return A::try_encrypt(exactly<k>(key), exactly<n>(nonce), ad, pt, ct,
                                      exactly<t>(tag));
            },
            [](in key, in nonce, in ad, in ct, in tag, out pt) {
                return A::try_decrypt(exactly<k>(key), exactly<n>(nonce), ad, ct,
                                      exactly<t>(tag), pt);
            }};
}
const auto every_scheme = ::testing::ValuesIn(
    each_scheme<all_aeads>([]<class A>() { return checked_calls_of<A>(); }));

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

void wrong_output_size_throws(const checked_calls& a) {
    const bytes key(a.key_size), nonce(a.nonce_size), input(20, 0x11);
    const std::string name(a.name);
    for (std::size_t given : {0, 19, 21, 100}) {
        SCOPED_TRACE(name + " output of " + std::to_string(given) + " bytes");
        bytes out(given, 0x77), tag(a.tag_size, 0x77);
        EXPECT_EQ(size_error_of([&] { a.encrypt(key, nonce, {}, input, out, tag); }),
                  name + ": ciphertext output must be 20 bytes, got " + std::to_string(given));
        EXPECT_EQ(size_error_of([&] { (void)a.decrypt(key, nonce, {}, input, tag, out); }),
                  name + ": plaintext output must be 20 bytes, got " + std::to_string(given));
        EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0x77; }))
            << "output written before the size check";
        EXPECT_TRUE(std::all_of(tag.begin(), tag.end(), [](auto b) { return b == 0x77; }));
    }
}

void try_forms_return_the_size_error(const checked_calls& a) {
    const bytes key(a.key_size), nonce(a.nonce_size), input(20, 0x11);
    bytes out(19, 0x77), tag(a.tag_size);
    const error e = a.try_encrypt(key, nonce, {}, input, out, tag);
    EXPECT_EQ(e.code, errc::size);
    EXPECT_EQ(e.scheme, a.name);
    EXPECT_EQ(e.what, "ciphertext output");
    EXPECT_EQ(e.expected, 20u);
    EXPECT_EQ(e.given, 19u);
    const error d = a.try_decrypt(key, nonce, {}, input, tag, out);
    EXPECT_EQ(d.code, errc::size);
    EXPECT_EQ(d.what, "plaintext output");
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0x77; }));
}

class SizeTest : public ::testing::TestWithParam<checked_calls> {};
INSTANTIATE_TEST_SUITE_P(Each, SizeTest, every_scheme, named_for_scheme);
TEST_P(SizeTest, WrongOutputSizeThrowsNamingSchemeAndSizes) {
    wrong_output_size_throws(GetParam());
}
TEST_P(SizeTest, TryFormsReturnTheSizeError) { try_forms_return_the_size_error(GetParam()); }

// Buffers carved out of one block of memory, so that any two of them can overlap.
struct carved {
    const aead_calls& a;
    bytes mem = bytes(1024);
    static constexpr std::size_t n = 200;  // message length
    carved(const aead_calls& calls, std::uint64_t seed) : a(calls) {
        std::mt19937_64 rng(seed);
        mem = random_bytes(rng, mem.size());
    }
    std::span<uint8_t> at(std::size_t off, std::size_t len) { return {mem.data() + off, len}; }
    std::span<uint8_t> key(std::size_t off) { return at(off, a.key_size); }
    std::span<uint8_t> nonce(std::size_t off) { return at(off, a.nonce_size); }
    std::span<uint8_t> tag(std::size_t off) { return at(off, a.tag_size); }
};

// Where each buffer starts in the block: key, nonce, ad (20 bytes), input, output, tag.
// The default layout has no overlap; each case moves one buffer onto another.
struct layout {
    std::size_t key = 0, nonce = 40, ad = 80, in = 100, out = 400, tag = 700;
};
struct overlap_case {
    const char* label;
    layout at;
    const char* what;   // the output refused
    const char* other;  // the input it overlaps
};

// Runs the case through encrypt (or decrypt) and try_encrypt (try_decrypt): both refuse
// it naming the output and the input, and nothing in memory changes.
void expect_refused(const checked_calls& a, bool decrypt, const overlap_case& c) {
    const std::string name(a.name);
    SCOPED_TRACE(name + ": " + c.label);
    carved m(a, decrypt ? 2 : 1);
    const bytes before = m.mem;
    const auto in = m.at(c.at.in, m.n), out = m.at(c.at.out, m.n);
    const auto key = m.key(c.at.key), nonce = m.nonce(c.at.nonce), ad = m.at(c.at.ad, 20),
               tag = m.tag(c.at.tag);
    const std::string expected = name + ": " + c.what + " overlaps " + c.other +
                                 " (an output may only be its input itself, exactly in place)";
    EXPECT_EQ(size_error_of([&] {
                  if (decrypt)
                      (void)a.decrypt(key, nonce, ad, in, tag, out);
                  else
                      a.encrypt(key, nonce, ad, in, out, tag);
              }),
              expected);
    const error e = decrypt ? a.try_decrypt(key, nonce, ad, in, tag, out)
                            : a.try_encrypt(key, nonce, ad, in, out, tag);
    EXPECT_EQ(e.code, errc::overlap);
    EXPECT_EQ(e.what, std::string_view(c.what));
    EXPECT_EQ(e.other, std::string_view(c.other));
    EXPECT_TRUE(m.mem == before) << "written before the overlap check";
}

void encrypt_refuses_every_overlap(const checked_calls& a) {
    const overlap_case cases[] = {
        {"ct one byte after pt", {.out = 101}, "ciphertext output", "the plaintext"},
        {"ct one byte before pt", {.ad = 500, .out = 99}, "ciphertext output", "the plaintext"},
        {"key in ct", {.key = 450}, "ciphertext output", "the key"},
        {"nonce in ct", {.nonce = 599 - a.nonce_size + 1}, "ciphertext output", "the nonce"},
        {"ad in ct", {.ad = 390}, "ciphertext output", "the associated data"},
        {"tag in ct", {.tag = 599}, "ciphertext output", "the tag output"},
        {"tag in pt", {.tag = 299}, "tag output", "the plaintext"},
        {"tag on key", {.tag = 1}, "tag output", "the key"},
    };
    for (const auto& c : cases) expect_refused(a, false, c);
}

void decrypt_refuses_every_overlap(const checked_calls& a) {
    const overlap_case cases[] = {
        {"pt one byte after ct", {.out = 101}, "plaintext output", "the ciphertext"},
        {"pt one byte before ct", {.ad = 500, .out = 99}, "plaintext output", "the ciphertext"},
        {"key in pt", {.key = 599 - a.key_size + 1}, "plaintext output", "the key"},
        {"nonce in pt", {.nonce = 400}, "plaintext output", "the nonce"},
        {"ad in pt", {.ad = 595}, "plaintext output", "the associated data"},
        {"tag in pt", {.tag = 590}, "plaintext output", "the tag"},
    };
    for (const auto& c : cases) expect_refused(a, true, c);
}

// Exactly in place, and buffers that touch without overlapping (ciphertext || tag right
// after the plaintext, as the attached-tag layout has it), work and agree.
void in_place_and_adjacent_buffers_work(const checked_calls& a) {
    carved m(a, 3);
    const bytes pt(m.mem.begin() + 100, m.mem.begin() + 300);
    // Reference: separate buffers.
    bytes ct(pt.size()), tag(a.tag_size);
    a.encrypt(m.key(0), m.nonce(40), m.at(80, 20), pt, ct, tag);
    // In place, tag right after the message, ad right before it.
    ASSERT_FALSE(a.try_encrypt(m.key(0), m.nonce(40), m.at(80, 20), m.at(100, 200),
                               m.at(100, 200), m.tag(300)));
    EXPECT_TRUE(std::equal(ct.begin(), ct.end(), m.mem.begin() + 100));
    EXPECT_TRUE(std::equal(tag.begin(), tag.end(), m.mem.begin() + 300));
    // Ciphertext right after the plaintext.
    carved m2(a, 3);
    a.encrypt(m2.key(0), m2.nonce(40), m2.at(80, 20), m2.at(100, 200), m2.at(300, 200),
              m2.tag(500));
    EXPECT_TRUE(std::equal(ct.begin(), ct.end(), m2.mem.begin() + 300));
    // Decrypt in place.
    EXPECT_TRUE(a.decrypt(m.key(0), m.nonce(40), m.at(80, 20), m.at(100, 200), m.tag(300),
                          m.at(100, 200)));
    EXPECT_TRUE(std::equal(pt.begin(), pt.end(), m.mem.begin() + 100));
    // A forged tag through try_decrypt: errc::forged, output zeroed.
    m.mem[300] ^= 1;
    bytes out(200, 0x55);
    const error e = a.try_decrypt(m.key(0), m.nonce(40), m.at(80, 20), ct, m.tag(300), out);
    EXPECT_EQ(e.code, errc::forged);
    EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](auto b) { return b == 0; }));
}

class OverlapTest : public ::testing::TestWithParam<checked_calls> {};
INSTANTIATE_TEST_SUITE_P(Each, OverlapTest, every_scheme, named_for_scheme);
TEST_P(OverlapTest, EncryptRefusesEveryOverlapButExactInPlace) {
    encrypt_refuses_every_overlap(GetParam());
}
TEST_P(OverlapTest, DecryptRefusesEveryOverlapButExactInPlace) {
    decrypt_refuses_every_overlap(GetParam());
}
TEST_P(OverlapTest, InPlaceAndAdjacentBuffersWork) { in_place_and_adjacent_buffers_work(GetParam()); }

}  // namespace
}  // namespace lwc::test
