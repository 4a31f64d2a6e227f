// SPDX-License-Identifier: MIT
// Masked Ascon (lwc/masked.hpp) in the static form the generic checks take, so that the
// firmware runner and the stack hygiene tests check it as they check every scheme:
// A::encrypt(key, nonce, ad, pt, ct, tag) makes an object, sets the key and encrypts; its
// random bytes come from Fill; Ascon-AEAD128's known answers apply (kat_name).
#pragma once

#include <lwc/ascon.hpp>
#include <lwc/masked.hpp>

namespace lwc::test {

template <int Shares, void (*Fill)(void*, std::uint8_t*, std::size_t)>
struct masked_ascon {
    using M = masked::AsconAead128<Shares>;
    using u8 = std::uint8_t;
    static constexpr std::size_t key_size = M::key_size, nonce_size = M::nonce_size,
                                 tag_size = M::tag_size;
    static constexpr std::string_view name = M::name, kat_name = AsconAead128::name;

    static void encrypt(std::span<const u8, key_size> key, std::span<const u8, nonce_size> nonce,
                        std::span<const u8> ad, std::span<const u8> pt, std::span<u8> ct,
                        std::span<u8, tag_size> tag) {
        M m({Fill, nullptr});
        m.set_key(key);
        m.encrypt(nonce, ad, pt, ct, tag);
    }
    static bool decrypt(std::span<const u8, key_size> key, std::span<const u8, nonce_size> nonce,
                        std::span<const u8> ad, std::span<const u8> ct,
                        std::span<const u8, tag_size> tag, std::span<u8> pt) {
        M m({Fill, nullptr});
        m.set_key(key);
        return m.decrypt(nonce, ad, ct, tag, pt);
    }
};

}  // namespace lwc::test
