// SPDX-License-Identifier: MIT
// Shared by the C++ test suites: random bytes, registry -> gtest types (and the KAT
// reader they share with the fuzzers' corpus generator).
#pragma once

#include <gtest/gtest.h>

#include <random>
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

}  // namespace lwc::test
