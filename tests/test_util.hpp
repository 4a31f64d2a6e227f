// SPDX-License-Identifier: MIT
// Shared by the C++ test suites: random bytes, registry -> gtest types (and the KAT
// reader they share with the fuzzers' corpus generator).
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <optional>
#include <ostream>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <lwc/registry.hpp>

#include "aead_calls.hpp"
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

// With the one-shot calls, which only the AEAD suites use (a suite that does not
// instantiate lwc::seal and lwc::open compiles a copy of each scheme less).
struct sealing_calls : aead_calls {
    bytes (*seal)(in key, in nonce, in ad, in pt);
    std::optional<bytes> (*open)(in key, in nonce, in ad, in sealed);
};

template <class A>
sealing_calls sealing_calls_of() {
    using in = aead_calls::in;
    constexpr std::size_t k = A::key_size, n = A::nonce_size;
    return {calls_of<A>(),
            [](in key, in nonce, in ad, in pt) {
                return lwc::seal<A>(exactly<k>(key), exactly<n>(nonce), ad, pt);
            },
            [](in key, in nonce, in ad, in sealed) {
                return lwc::open<A>(exactly<k>(key), exactly<n>(nonce), ad, sealed);
            }};
}

// A value-parameterized suite over schemes: its values are make.template operator()<S>()
// for each scheme S of List (a generic lambda, []<class S>() { ... }), so that gtest's
// value-parameterized machinery is compiled once per suite rather than its typed one once
// per scheme. Its tests are named for the scheme, numbered (a scheme's compiled paths
// share its name), and a failure prints the name.
template <class Make, class... S>
auto each_scheme_(scheme_list<S...>, Make make) {
    return std::vector{make.template operator()<S>()...};
}
template <class List, class Make>
auto each_scheme(Make make) {
    return each_scheme_(suite<List>{}, make);
}
inline std::string scheme_test_name(std::size_t index, std::string_view scheme) {
    std::string name = std::to_string(index) + "_" + std::string(scheme);
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}
inline std::ostream& operator<<(std::ostream& os, const aead_calls& a) { return os << a.name; }
struct named_for_scheme_t {
    template <class Calls>
    std::string operator()(const ::testing::TestParamInfo<Calls>& info) const {
        return scheme_test_name(info.index, info.param.name);
    }
};
inline constexpr named_for_scheme_t named_for_scheme{};

// A suite whose body is a template of the scheme (it needs the scheme's types, or runs
// the scheme's call in the frame it inspects): the body as a value, Body<S>::run.
struct scheme_case {
    std::string_view name;
    void (*run)();
};
inline std::ostream& operator<<(std::ostream& os, const scheme_case& c) { return os << c.name; }
template <template <class> class Body, class List>
std::vector<scheme_case> each_case() {
    return each_scheme<List>([]<class S>() { return scheme_case{S::name, &Body<S>::run}; });
}
#define LWC_EACH_SCHEME(Suite, Body, List)                                                 \
    INSTANTIATE_TEST_SUITE_P(Each, Suite, ::testing::ValuesIn(each_case<Body, List>()), \
                             named_for_scheme)

}  // namespace lwc::test
