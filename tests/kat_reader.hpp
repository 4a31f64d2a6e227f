// SPDX-License-Identifier: MIT
// The official KAT files (tests/kat/<name>.txt) as records, for the C++ tests and the
// fuzzers' seed corpus. No test framework here: fuzz/ includes it too.
// LWC_KAT_DIR (a string) is the directory, set by the build.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lwc::test {

using bytes = std::vector<std::uint8_t>;

inline bytes from_hex(const std::string& hex) {
    if (hex.size() % 2) throw std::runtime_error("odd hex length: " + hex);
    bytes out(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = static_cast<std::uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
    return out;
}

// One KAT record: field name -> bytes (Count kept as bytes of its decimal text).
using kat_record = std::map<std::string, bytes>;

// Reads a file of KAT records (blank-line separated "Name = hex" lines).
inline std::vector<kat_record> read_kat_file(const std::string& path) {
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

// Reads the official KAT file of a registered scheme (tests/kat/<name>.txt).
inline std::vector<kat_record> read_kat(std::string_view scheme) {
    return read_kat_file(std::string(LWC_KAT_DIR) + "/" + std::string(scheme) + ".txt");
}

}  // namespace lwc::test
