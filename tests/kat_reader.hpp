// SPDX-License-Identifier: MIT
// The official KAT files (tests/kat/<name>.txt) as records, for the C++ tests and the
// fuzzers' seed corpus, read by the one C reader (kat_reader.h). No test framework here:
// fuzz/ includes it too.
// LWC_KAT_DIR (a string), set by the build: tests/kat from the test program's directory.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kat_reader.h"

namespace lwc::test {

using bytes = std::vector<std::uint8_t>;

// The directory of the KAT files: $LWC_KAT_DIR where set, else LWC_KAT_DIR from the
// program's own directory (or, where /proc/self/exe is missing, from the working one, as
// ctest runs it). Relative, because a compile command holding the checkout's absolute
// path misses ccache in every other clone (make test's base_dir covers paths of -I and
// sources, not strings of -D): CI's fresh clone then compiled every suite again.
inline std::string kat_dir() {
    if (const char* dir = std::getenv("LWC_KAT_DIR")) return dir;
    std::error_code error;
    const auto program = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::string(LWC_KAT_DIR) : (program.parent_path() / LWC_KAT_DIR).string();
}

inline bytes from_hex(const std::string& hex) {
    if (hex.size() % 2) throw std::runtime_error("odd hex length: " + hex);
    bytes out(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = static_cast<std::uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
    return out;
}

// One KAT record: field name -> bytes (Count kept as bytes of its decimal text).
using kat_record = std::map<std::string, bytes>;

// Reads a file of KAT records through the C reader (kat_reader.h, linked with kat_reader.c).
inline std::vector<kat_record> read_kat_file(const std::string& path) {
    std::unique_ptr<FILE, int (*)(FILE*)> in(std::fopen(path.c_str(), "r"), std::fclose);
    if (!in) throw std::runtime_error("cannot open KAT file " + path);
    std::vector<kat_record> records;
    auto record = std::make_unique<::kat_record>();
    std::string line(KAT_LINE, '\0');
    long line_no = 0;
    int got;
    while ((got = kat_next(in.get(), record.get(), line.data(), &line_no)) == 1) {
        const std::string count = std::to_string(record->count);
        kat_record& out = records.emplace_back();
        out["Count"] = bytes(count.begin(), count.end());
        for (int i = 0; i < record->fields; ++i) {
            const auto* field = record->pool + record->field[i].offset;
            out[record->field[i].name] = bytes(field, field + record->field[i].size);
        }
    }
    if (got < 0) throw std::runtime_error(path + ": malformed at line " + std::to_string(line_no));
    return records;
}

// Reads the official KAT file of a registered scheme (tests/kat/<name>.txt).
inline std::vector<kat_record> read_kat(std::string_view scheme) {
    return read_kat_file(kat_dir() + "/" + std::string(scheme) + ".txt");
}

}  // namespace lwc::test
