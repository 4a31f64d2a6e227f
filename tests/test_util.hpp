// SPDX-License-Identifier: MIT
// Shared by the C++ test suites: random bytes, registry -> gtest types (and the KAT
// reader they share with the fuzzers' corpus generator).
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <string_view>
#include <type_traits>

#include <lwc/registry.hpp>

#include "kat_reader.hpp"

namespace lwc::test {

// The schemes of a registry list the typed suites run: all of them, or, in the
// add-a-variant test's build (tests/variant/, LWC_TEST_ONLY = a registry name), those of
// that name, and the list's first scheme where none has it (a typed suite needs one type).
template <class List, class Kept = scheme_list<>>
struct suite_;
template <class... K>
struct suite_<scheme_list<>, scheme_list<K...>> {
    using type = scheme_list<K...>;
};
template <class S, class... Rest, class... K>
struct suite_<scheme_list<S, Rest...>, scheme_list<K...>> {
#ifdef LWC_TEST_ONLY
    static constexpr bool keep = S::name == std::string_view(LWC_TEST_ONLY);
#else
    static constexpr bool keep = true;
#endif
    using type = typename suite_<scheme_list<Rest...>,
                                 std::conditional_t<keep, scheme_list<K..., S>, scheme_list<K...>>>::type;
};
template <class List, class Kept = typename suite_<List>::type>
struct suite_or_first {
    using type = Kept;
};
template <class S, class... Rest>
struct suite_or_first<scheme_list<S, Rest...>, scheme_list<>> {
    using type = scheme_list<S>;
};
template <class List>
using suite = typename suite_or_first<List>::type;

template <class List, class = suite<List>>
struct gtest_types;
template <class List, class... S>
struct gtest_types<List, scheme_list<S...>> {
    using type = ::testing::Types<S...>;
};

inline bytes random_bytes(std::mt19937_64& rng, std::size_t n) {
    bytes b(n);
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    return b;
}

template <std::size_t N>
std::array<std::uint8_t, N> random_array(std::mt19937_64& rng) {
    std::array<std::uint8_t, N> a;
    for (auto& x : a) x = static_cast<std::uint8_t>(rng());
    return a;
}

// A scheme through function pointers to its calls, each an adaptor that gives the scheme
// its fixed-size spans: a suite written against it is compiled once rather than once per
// compiled path (the per-scheme copies of the suites' code were most of their compile
// time).
struct aead_calls {
    using in = std::span<const std::uint8_t>;
    using out = std::span<std::uint8_t>;
    std::string_view name;
    std::size_t key_size, nonce_size, tag_size;
    void (*encrypt)(in key, in nonce, in ad, in pt, out ct, out tag);
    bool (*decrypt)(in key, in nonce, in ad, in ct, in tag, out pt);
    bytes (*seal)(in key, in nonce, in ad, in pt);
    std::optional<bytes> (*open)(in key, in nonce, in ad, in sealed);
};

// s as a span of N bytes; a suite that passes another size has a bug of its own.
template <std::size_t N, class T>
std::span<T, N> exactly(std::span<T> s) {
    if (s.size() != N) throw std::logic_error("test: a fixed-size argument of the wrong size");
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
            },
            [](in key, in nonce, in ad, in pt) {
                return lwc::seal<A>(exactly<k>(key), exactly<n>(nonce), ad, pt);
            },
            [](in key, in nonce, in ad, in sealed) {
                return lwc::open<A>(exactly<k>(key), exactly<n>(nonce), ad, sealed);
            }};
}

}  // namespace lwc::test
