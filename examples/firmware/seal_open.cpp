// SPDX-License-Identifier: MIT
// The firmware example in C++, over the headers (no exceptions, no RTTI, no heap): the same
// steps as seal_open.c with lwc::AsconAead128 and lwc::AsconHash256. A refused call returns
// an lwc::error from the try_ forms (the plain forms would trap: no exceptions here).
#include <array>
#include <cstdio>
#include <cstring>

#include <lwc/ascon.hpp>

namespace {

int failures = 0;

void step(const char* what, bool ok) {
    std::printf("%-28s %s\n", what, ok ? "ok" : "FAILED");
    failures += !ok;
}

}  // namespace

int main() {
    using A = lwc::AsconAead128;
    static constexpr std::array<std::uint8_t, A::key_size> key = {
        0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c};
    static constexpr std::array<std::uint8_t, A::nonce_size> nonce = {1};  // never twice under one key
    static const std::uint8_t ad[] = "image header v1", msg[] = "firmware image, chunk 1";
    static std::uint8_t ct[sizeof msg], opened[sizeof msg];
    std::array<std::uint8_t, A::tag_size> tag;

    A::encrypt(key, nonce, ad, msg, ct, tag);
    step("encrypt", std::memcmp(ct, msg, sizeof msg) != 0);
    step("decrypt", A::decrypt(key, nonce, ad, ct, tag, opened) &&
                        std::memcmp(opened, msg, sizeof msg) == 0);

    tag[0] ^= 0x01;  // one flipped bit
    const bool forged_opened = A::decrypt(key, nonce, ad, ct, tag, opened);
    bool zeroed = true;
    for (std::uint8_t b : opened) zeroed = zeroed && b == 0;
    step("forged copy refused", !forged_opened && zeroed);
    const lwc::error e = A::try_encrypt(key, nonce, ad, msg, std::span(ct).first(3), tag);
    step("wrong output size refused", e.code == lwc::errc::size);

    const auto digest = lwc::hash<lwc::AsconHash256>(msg);
    std::printf("ascon-hash256: ");
    for (std::uint8_t b : digest) std::printf("%02x", b);
    std::printf("\n%s\n", failures == 0 ? "all steps ok" : "FAILED");
    return failures;
}
