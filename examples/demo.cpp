// SPDX-License-Identifier: MIT
// For every registered scheme: encrypt and decrypt (or hash) a sample, print hex.
#include <cstdio>
#include <string_view>
#include <vector>

#include <lwc/lwc.hpp>

namespace {

std::string hex(std::span<const std::uint8_t> b) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string s;
    for (auto x : b) s += {digits[x >> 4], digits[x & 15]};
    return s;
}

template <std::size_t N>
std::array<std::uint8_t, N> counting_bytes() {
    std::array<std::uint8_t, N> a;
    for (std::size_t i = 0; i < N; ++i) a[i] = static_cast<std::uint8_t>(i);
    return a;
}

}  // namespace

int main() {
    constexpr std::string_view message = "lightweight crypto for small devices";
    constexpr std::string_view header = "header v1";
    const std::span<const std::uint8_t> pt(reinterpret_cast<const std::uint8_t*>(message.data()),
                                           message.size());
    const std::span<const std::uint8_t> ad(reinterpret_cast<const std::uint8_t*>(header.data()),
                                           header.size());
    int failures = 0;

    lwc::registry::aeads::for_each([&](auto s) {
        using A = typename decltype(s)::type;
        const auto key = counting_bytes<A::key_size>();
        const auto nonce = counting_bytes<A::nonce_size>();
        std::vector<std::uint8_t> ct(pt.size()), back(pt.size());
        std::array<std::uint8_t, A::tag_size> tag;
        A::encrypt(key, nonce, ad, pt, ct, tag);
        const bool ok = A::decrypt(key, nonce, ad, ct, tag, back);
        failures += !ok || !std::equal(back.begin(), back.end(), pt.begin());
        std::printf("%-16s key %s\n%-16s ct  %s\n%-16s tag %s  decrypt: %s\n", A::name.data(),
                    hex(key).c_str(), "", hex(ct).c_str(), "", hex(tag).c_str(),
                    ok ? "ok" : "FAILED");
    });
    lwc::registry::hashes::for_each([&](auto s) {
        using H = typename decltype(s)::type;
        std::printf("%-16s %s\n", H::name.data(), hex(lwc::hash<H>(pt)).c_str());
    });
    return failures == 0 ? 0 : 1;
}
