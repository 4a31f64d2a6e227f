// SPDX-License-Identifier: MIT
// lwcrypto's C++20 headers from PlatformIO: seal and open with Ascon-AEAD128, refuse a
// forged copy, hash with Ascon-Hash256. No exceptions, no heap: try_ forms and spans.
#include <Arduino.h>

#include <array>
#include <cstdint>

#include <lwc/lwc.hpp>

static void print_hex(const char* label, std::span<const std::uint8_t> bytes) {
    Serial.print(label);
    for (auto b : bytes) {
        if (b < 16) Serial.print('0');
        Serial.print(b, HEX);
    }
    Serial.println();
}

void setup() {
    Serial.begin(115200);
    using A = lwc::AsconAead128;
    std::array<std::uint8_t, A::key_size> key{};      // from a key store in a real program
    std::array<std::uint8_t, A::nonce_size> nonce{};  // never reused with the same key
    const std::array<std::uint8_t, 14> msg{'A', 't', 't', 'a', 'c', 'k', ' ', 'a', 't', ' ', 'd', 'a', 'w', 'n'};
    std::array<std::uint8_t, msg.size()> ct{}, back{};
    std::array<std::uint8_t, A::tag_size> tag{};

    lwc::error e = A::try_encrypt(key, nonce, {}, msg, ct, tag);
    print_hex("ct:  ", ct);
    print_hex("tag: ", tag);
    e = A::try_decrypt(key, nonce, {}, ct, tag, back);
    Serial.println(e ? "open: FAILED" : "open: ok");
    ct[0] ^= 1;
    e = A::try_decrypt(key, nonce, {}, ct, tag, back);
    Serial.println(e.code == lwc::errc::forged ? "forged: refused" : "forged: ACCEPTED");
    print_hex("ascon-hash256: ", lwc::hash<lwc::AsconHash256>(msg));
}

void loop() {}
