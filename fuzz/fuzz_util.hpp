// SPDX-License-Identifier: MIT
// Shared by the libFuzzer targets and the seed-corpus generator: the scheme lists a
// first input byte picks from, and the one input layout every AEAD target reads
//   scheme byte | key | nonce | AD length (2 bytes, little-endian) | AD | body
// (body: ciphertext || tag for decryption, the plaintext otherwise; short fields are
// zero-padded), so that seeds made from the KATs mean the same to every target.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <tuple>
#include <vector>

#include <lwc/registry.hpp>

namespace lwc::fuzz {

using detail::u8;
using bytes = std::vector<u8>;

using registry::all_aeads;
using registry::all_hashes;

// Calls f(std::type_identity<S>{}) for scheme number `index % size` of List.
template <class List, class F>
void with_scheme(std::size_t index, F&& f) {
    std::size_t i = 0;
    List::for_each([&](auto s) {
        if (i++ == index % List::size) f(s);
    });
}

// The default scheme of the same name as V (V is another path of it).
template <class V, class List>
struct default_of;
template <class V, class... S>
struct default_of<V, scheme_list<S...>> {
    static constexpr std::size_t index = [] {
        std::size_t i = 0;
        (void)((S::name == V::name || (++i, false)) || ...);
        return i;
    }();
    static_assert(index < sizeof...(S), "a variant without a default of its name");
    using type = std::tuple_element_t<index, std::tuple<S...>>;
};

// Reads an input front to back; past the end it yields zeros and empty spans.
class reader {
public:
    reader(const u8* data, std::size_t size) : p_(data), n_(size) {}
    u8 byte() { return n_ ? (--n_, *p_++) : 0; }
    std::size_t u16() { return byte() | std::size_t(byte()) << 8; }
    std::span<const u8> take(std::size_t k) {
        k = std::min(k, n_);
        const std::span<const u8> s(p_, k);
        p_ += k;
        n_ -= k;
        return s;
    }
    template <std::size_t N>
    std::array<u8, N> array() {
        std::array<u8, N> a{};
        const auto s = take(N);
        std::copy(s.begin(), s.end(), a.begin());
        return a;
    }
    std::span<const u8> rest() { return take(n_); }

private:
    const u8* p_;
    std::size_t n_;
};

template <class A>
struct aead_input {
    std::array<u8, A::key_size> key;
    std::array<u8, A::nonce_size> nonce;
    std::span<const u8> ad, body;

    // After the scheme byte.
    explicit aead_input(reader& in)
        : key(in.template array<A::key_size>()), nonce(in.template array<A::nonce_size>()) {
        ad = in.take(in.u16());
        body = in.rest();
    }
};

// Reads an AEAD input of any compiled path of any scheme (the first byte picks it) and
// calls f(aead_input<A>).
template <class F>
void on_aead_input(const u8* data, std::size_t size, F&& f) {
    reader r(data, size);
    const u8 scheme = r.byte();
    with_scheme<all_aeads>(scheme, [&](auto s) {
        using A = typename decltype(s)::type;
        f(aead_input<A>(r));
    });
}

inline bytes encode_aead_input(u8 scheme, std::span<const u8> key, std::span<const u8> nonce,
                               std::span<const u8> ad, std::span<const u8> body) {
    bytes out{scheme};
    out.insert(out.end(), key.begin(), key.end());
    out.insert(out.end(), nonce.begin(), nonce.end());
    out.push_back(u8(ad.size()));
    out.push_back(u8(ad.size() >> 8));
    out.insert(out.end(), ad.begin(), ad.end());
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

// A failed check: abort, which libFuzzer reports as a crash with the input saved.
inline void require(bool condition) {
    if (!condition) std::abort();
}

inline bool all_zero(std::span<const u8> s) {
    return std::all_of(s.begin(), s.end(), [](u8 b) { return b == 0; });
}

template <class A>
using tag_of = std::array<u8, A::tag_size>;

}  // namespace lwc::fuzz
