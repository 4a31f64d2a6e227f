// SPDX-License-Identifier: MIT
// Shared by the C++ test suites: random bytes, registry -> gtest types (and the KAT
// reader they share with the fuzzers' corpus generator).
#pragma once

#include <gtest/gtest.h>

#include <random>

#include <lwc/registry.hpp>

#include "kat_reader.hpp"

namespace lwc::test {

template <class List>
struct gtest_types;
template <class... S>
struct gtest_types<scheme_list<S...>> {
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
