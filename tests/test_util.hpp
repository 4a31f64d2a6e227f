// Shared by the C++ test suites: KAT reading, random bytes, registry -> gtest types.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <lwc/registry.hpp>

namespace lwc::test {

using bytes = std::vector<std::uint8_t>;

template <class List>
struct gtest_types;
template <class... S>
struct gtest_types<scheme_list<S...>> {
    using type = ::testing::Types<S...>;
};
template <class... L>
struct concat;
template <class... A, class... B>
struct concat<scheme_list<A...>, scheme_list<B...>> {
    using type = scheme_list<A..., B...>;
};

inline bytes from_hex(const std::string& hex) {
    if (hex.size() % 2) throw std::runtime_error("odd hex length: " + hex);
    bytes out(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = static_cast<std::uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
    return out;
}

// One KAT record: field name -> bytes (Count kept as bytes of its decimal text).
using kat_record = std::map<std::string, bytes>;

// Reads the official KAT file of a registered scheme (tests/kat/<name>.txt).
inline std::vector<kat_record> read_kat(std::string_view scheme) {
    const std::string path = std::string(LWC_KAT_DIR) + "/" + std::string(scheme) + ".txt";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open KAT file " + path);
    std::vector<kat_record> records;
    kat_record cur;
    std::string line;
    auto flush = [&] {
        if (!cur.empty()) records.push_back(std::move(cur));
        cur.clear();
    };
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto eq = line.find(" = ");
        if (eq == std::string::npos) {
            flush();
            continue;
        }
        const std::string key = line.substr(0, eq), value = line.substr(eq + 3);
        cur[key] = key == "Count" ? bytes(value.begin(), value.end()) : from_hex(value);
    }
    flush();
    return records;
}

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
