// SPDX-License-Identifier: MIT
// Writes the seed corpora of the fuzz targets from the official KATs (tests/kat), so
// that fuzzing starts from genuine encryptions and digests of every length the KATs
// cover: every 17th record of every file, in the layout of fuzz_util.hpp.
//   fuzz_make_corpus DIR   ->  DIR/<target>/<n> for each target
#include <filesystem>
#include <fstream>
#include <string>

#include "../tests/kat_reader.hpp"
#include "fuzz_util.hpp"

namespace fs = std::filesystem;
using namespace lwc::fuzz;

namespace {

constexpr std::size_t every = 17;

struct corpus {
    fs::path dir;
    std::size_t count = 0;
    void add(const bytes& seed) {
        std::ofstream(dir / std::to_string(count++), std::ios::binary)
            .write(reinterpret_cast<const char*>(seed.data()), std::streamsize(seed.size()));
    }
};

template <class List, class F>
void for_each_record(F f) {
    std::size_t index = 0;
    List::for_each([&](auto s) {
        using S = typename decltype(s)::type;
        const auto records = lwc::test::read_kat(S::name);
        for (std::size_t i = 0; i < records.size(); i += every) f(u8(index), records[i]);
        ++index;
    });
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: fuzz_make_corpus DIR\n");
        return 2;
    }
    auto make = [&](const char* target) {
        fs::create_directories(fs::path(argv[1]) / target);
        return corpus{fs::path(argv[1]) / target};
    };
    corpus decrypt = make("aead_decrypt"), inplace = make("aead_inplace"),
           hash = make("hash_split"), fast = make("fast_vs_portable");

    for_each_record<all_aeads>([&](u8 scheme, const lwc::test::kat_record& r) {
        const auto& [key, nonce, ad] = std::tie(r.at("Key"), r.at("Nonce"), r.at("AD"));
        decrypt.add(encode_aead_input(scheme, key, nonce, ad, r.at("CT")));
        inplace.add(encode_aead_input(scheme, key, nonce, ad, r.at("PT")));
    });
    // fast_vs_portable: even first bytes pick AEAD pairs, odd ones hash pairs.
    for_each_record<lwc::registry::aead_variants>([&](u8 pair, const lwc::test::kat_record& r) {
        fast.add(encode_aead_input(u8(2 * pair), r.at("Key"), r.at("Nonce"), r.at("AD"),
                                   r.at("PT")));
    });
    for_each_record<all_hashes>([&](u8 scheme, const lwc::test::kat_record& r) {
        bytes seed{scheme, 0};  // no splits: the whole message in one update
        seed.insert(seed.end(), r.at("Msg").begin(), r.at("Msg").end());
        hash.add(seed);
    });
    for_each_record<lwc::registry::hash_variants>([&](u8 pair, const lwc::test::kat_record& r) {
        bytes seed{u8(2 * pair + 1), 16, 0};  // updates of 17 bytes
        seed.insert(seed.end(), r.at("Msg").begin(), r.at("Msg").end());
        fast.add(seed);
    });
    std::printf("seeds: aead_decrypt %zu, aead_inplace %zu, hash_split %zu, fast_vs_portable %zu\n",
                decrypt.count, inplace.count, hash.count, fast.count);
    return 0;
}
