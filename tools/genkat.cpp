// SPDX-License-Identifier: MIT
// lwc_genkat: a known-answer-test file in NIST LWC's format for any scheme of the
// registry, as the submissions' genkat_aead.c and genkat_hash.c write it: so that a new
// scheme or variant starts its tests from a generated file, checked against an
// independent reference (the add-a-scheme checklist, docs/architecture.md).
//   lwc_genkat [--sp800-232] NAME [MD_BYTES]
// to stdout; MD_BYTES: an XOF's output length (default 32). AEAD: every message and AD
// length 0..32 (1089 records: Count, Key, Nonce, PT, AD, CT = ciphertext || tag); hash
// and XOF: every message length 0..1024 (Count, Msg, MD). Key, nonce, message and AD are
// the bytes 00 01 02 ... as in NIST's programs; with --sp800-232 the AEAD's nonce, message
// and AD start at 0x10, 0x20 and 0x30, as in the Ascon designers' SP 800-232 files.
// tests/CMakeLists.txt checks the output against every official file of tests/kat/.
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include <lwc/registry.hpp>

namespace {

using bytes = std::vector<std::uint8_t>;

bytes counting(std::size_t n, std::uint8_t from = 0) {
    bytes b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = std::uint8_t(from + i);
    return b;
}

// The first byte of the AEAD's nonce, message and AD.
struct aead_inputs {
    std::uint8_t nonce = 0, pt = 0, ad = 0;
};

void field(const char* name, const std::uint8_t* p, std::size_t n) {
    std::printf("%s = ", name);
    for (std::size_t i = 0; i < n; ++i) std::printf("%02X", p[i]);
    std::printf("\n");
}

template <class A>
void aead_kat(aead_inputs from) {
    const bytes key = counting(A::key_size), nonce = counting(A::nonce_size, from.nonce);
    int count = 0;
    for (std::size_t m = 0; m <= 32; ++m)
        for (std::size_t a = 0; a <= 32; ++a) {
            const bytes pt = counting(m, from.pt), ad = counting(a, from.ad);
            bytes ct(m + A::tag_size);
            A::encrypt(std::span<const std::uint8_t, A::key_size>(key.data(), A::key_size),
                       std::span<const std::uint8_t, A::nonce_size>(nonce.data(), A::nonce_size), ad,
                       pt, std::span(ct).first(m),
                       std::span<std::uint8_t, A::tag_size>(ct.data() + m, A::tag_size));
            std::printf("Count = %d\n", ++count);
            field("Key", key.data(), key.size());
            field("Nonce", nonce.data(), nonce.size());
            field("PT", pt.data(), pt.size());
            field("AD", ad.data(), ad.size());
            field("CT", ct.data(), ct.size());
            std::printf("\n");
        }
}

// digest(msg) -> bytes, for every message length 0..1024.
template <class Digest>
void hash_kat(Digest&& digest) {
    for (std::size_t m = 0; m <= 1024; ++m) {
        const bytes msg = counting(m), md = digest(msg);
        std::printf("Count = %d\n", int(m) + 1);
        field("Msg", msg.data(), msg.size());
        field("MD", md.data(), md.size());
        std::printf("\n");
    }
}

}  // namespace

int main(int argc, char** argv) {
    aead_inputs from;
    if (argc > 1 && std::string_view(argv[1]) == "--sp800-232") {
        from = {0x10, 0x20, 0x30};
        --argc, ++argv;
    }
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: lwc_genkat [--sp800-232] NAME [MD_BYTES]   (NAME: a "
                             "registry name, lwc list)\n");
        return 2;
    }
    const std::string_view name = argv[1];
    const std::size_t md_bytes = argc > 2 ? std::size_t(std::strtoul(argv[2], nullptr, 10)) : 32;
    bool found = false;
    lwc::registry::aeads::for_each([&](auto s) {
        using A = typename decltype(s)::type;
        if (A::name == name) found = true, aead_kat<A>(from);
    });
    lwc::registry::hashes::for_each([&](auto s) {
        using H = typename decltype(s)::type;
        if (H::name == name) {
            found = true;
            hash_kat([](const bytes& msg) {
                H h;
                h.update(msg);
                const auto d = h.finalize();
                return bytes(d.begin(), d.end());
            });
        }
    });
    lwc::registry::xofs::for_each([&](auto s) {
        using X = typename decltype(s)::type;
        if (X::name == name) {
            found = true;
            hash_kat([&](const bytes& msg) {
                X x;
                x.update(msg);
                bytes md(md_bytes);
                x.squeeze(md);
                return md;
            });
        }
    });
    if (!found) {
        std::fprintf(stderr, "lwc_genkat: %s: no scheme of that name in the registry (lwc list)\n",
                     argv[1]);
        return 2;
    }
    return 0;
}
