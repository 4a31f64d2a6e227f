// SPDX-License-Identifier: MIT
// A C++ program built against an installed lwc: the header-only library encrypts and
// hashes, liblwc (the C ABI) decrypts and hashes; both must agree byte for byte.
#include <cstdio>
#include <string_view>
#include <vector>

#include <lwc.h>
#include <lwc/lwc.hpp>

int main() {
    using A = lwc::XoodyakAead;
    using H = lwc::Esch256;
    const std::array<std::uint8_t, A::key_size> key{1};
    const std::array<std::uint8_t, A::nonce_size> nonce{2};
    constexpr std::string_view text = "hello from C++";
    const std::span<const std::uint8_t> msg(reinterpret_cast<const std::uint8_t*>(text.data()),
                                            text.size());

    const std::vector<std::uint8_t> sealed = lwc::seal<A>(key, nonce, {}, msg);
    std::vector<std::uint8_t> back(msg.size());
    std::size_t back_len = 0;
    const lwc_aead* aead = lwc_aead_find(A::name.data());
    if (aead == nullptr ||
        lwc_aead_open(aead, back.data(), &back_len, sealed.data(), sealed.size(), nullptr, 0,
                      nonce.data(), key.data()) != LWC_OK ||
        !std::equal(back.begin(), back.end(), msg.begin(), msg.end()))
        return 1;

    std::array<std::uint8_t, H::digest_size> digest{};
    if (lwc_hash(lwc_hash_find(H::name.data()), digest.data(), msg.data(), msg.size()) != LWC_OK ||
        digest != lwc::hash<H>(msg))
        return 1;
    std::printf("C++: header-only %s and liblwc (%s backend) agree; %s agrees\n", A::name.data(),
                aead->backend, H::name.data());
    return 0;
}
