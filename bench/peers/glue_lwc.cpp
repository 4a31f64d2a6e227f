// SPDX-License-Identifier: MIT
// Glue for lwcrypto through its public API only: the scheme is picked by its registry
// name (NAME) from a registry list (LIST: aeads, hashes, or a list of other compiled
// paths such as aead_variants), so the harness follows the registry.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <lwc/lwc.hpp>

namespace {

using list = lwc::registry::LIST;

#ifdef LWCB_HASH
using fn_t = int (*)(unsigned char*, const unsigned char*, std::size_t);

template <class H>
int run(unsigned char* out, const unsigned char* in, std::size_t inlen) {
    const auto d = lwc::hash<H>(std::span<const std::uint8_t>(in, inlen));
    std::copy(d.begin(), d.end(), out);
    return 0;
}
#else
using fn_t = int (*)(unsigned char*, const unsigned char*, std::size_t, const unsigned char*,
                     std::size_t, const unsigned char*, const unsigned char*);

template <class A>
int run(unsigned char* c, const unsigned char* m, std::size_t mlen, const unsigned char* ad,
        std::size_t adlen, const unsigned char* npub, const unsigned char* k) {
    A::encrypt(std::span<const std::uint8_t, A::key_size>(k, A::key_size),
               std::span<const std::uint8_t, A::nonce_size>(npub, A::nonce_size),
               std::span<const std::uint8_t>(ad, adlen), std::span<const std::uint8_t>(m, mlen),
               std::span<std::uint8_t>(c, mlen),
               std::span<std::uint8_t, A::tag_size>(c + mlen, A::tag_size));
    return 0;
}
#endif

// The scheme named NAME in the list, chosen at compile time. A list of variants holds
// several paths of a scheme: the plain C++ one (backend "portable") where there is one,
// which the report calls "lwcrypto (portable)", else the last (until 2026-11-30 always the
// last: Sparkle's and Grain's compact code, sparkle_small and grain128_words).
constexpr fn_t pick() {
    fn_t f = nullptr;
    bool portable = false;
    list::for_each([&](auto s) {
        using S = typename decltype(s)::type;
        if constexpr (S::name == std::string_view(NAME)) {
            if (!portable) f = &run<S>;
            portable = portable || S::backend == std::string_view("portable");
        }
    });
    return f;
}

constexpr fn_t chosen = pick();
static_assert(chosen != nullptr, "NAME is not in the registry list LIST");

}  // namespace

#ifdef LWCB_HASH
extern "C" int bench_hash(unsigned char* out, const unsigned char* in, std::size_t inlen) {
    return chosen(out, in, inlen);
}
#else
extern "C" int bench_aead(unsigned char* c, const unsigned char* m, std::size_t mlen,
                          const unsigned char* ad, std::size_t adlen, const unsigned char* npub,
                          const unsigned char* k) {
    return chosen(c, m, mlen, ad, adlen, npub, k);
}
#endif
