// SPDX-License-Identifier: MIT
// A scheme through function pointers to its calls, each an adaptor that gives the scheme
// its fixed-size spans: a check written against it is compiled once rather than once per
// compiled path (the per-scheme copies of the checks were most of the test programs'
// compile time). Free of GoogleTest: the C++ suites (test_util.hpp), the stack checks,
// the constant-time programs (tests/ct) and the firmware runner all use it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string_view>

namespace lwc::test {

struct aead_calls {
    using in = std::span<const std::uint8_t>;
    using out = std::span<std::uint8_t>;
    std::string_view name;
    std::size_t key_size, nonce_size, tag_size;
    void (*encrypt)(in key, in nonce, in ad, in pt, out ct, out tag);
    bool (*decrypt)(in key, in nonce, in ad, in ct, in tag, out pt);
};

// s as a span of N bytes; a check that passes another size has a bug of its own.
template <std::size_t N, class T>
std::span<T, N> exactly(std::span<T> s) {
#if __cpp_exceptions
    if (s.size() != N) throw std::logic_error("test: a fixed-size argument of the wrong size");
#else
    if (s.size() != N) __builtin_trap();  // the firmware runner: no exceptions
#endif
    return std::span<T, N>(s.data(), N);
}

template <class A>
aead_calls calls_of() {
    using in = aead_calls::in;
    using out = aead_calls::out;
    constexpr std::size_t k = A::key_size, n = A::nonce_size, t = A::tag_size;
    return {A::name, k, n, t,
            [](in key, in nonce, in ad, in pt, out ct, out tag) {
                A::encrypt(exactly<k>(key), exactly<n>(nonce), ad, pt, ct, exactly<t>(tag));
            },
            [](in key, in nonce, in ad, in ct, in tag, out pt) {
                return A::decrypt(exactly<k>(key), exactly<n>(nonce), ad, ct, exactly<t>(tag), pt);
            }};
}

// A check taking calls: out of line and unspecialized (noipa under gcc, whose IPA-CP
// would otherwise clone it back per scheme with the calls inlined), so that it is
// compiled once and each call runs in a frame of its own below it.
#if defined(__clang__)
#define LWC_CHECK_ONCE [[gnu::noinline]]
#else
#define LWC_CHECK_ONCE [[gnu::noipa]]
#endif

}  // namespace lwc::test
