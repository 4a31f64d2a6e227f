// SPDX-License-Identifier: MIT
// One translation unit of the ISA test, compiled several times with different target
// flags (tests/isa/CMakeLists.txt) and linked into one program: every scheme of the
// registry is instantiated here, under the inline namespace the flags give.
// LWC_ISA_UNIT names the unit's entry point.
#include <lwc/registry.hpp>

#include "unit.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace test {

// Header-style code: inline, and the same tokens in every unit. Were the units' names
// the same, the program would keep one copy and every unit would get its answer.
[[gnu::noinline]] inline std::uint64_t features_of_this_copy() { return detail::isa::compiled; }

// A digest of every scheme's output on one input (each on its default path for the
// unit's flags): equal in every unit.
inline std::uint64_t run_every_scheme() {
    std::array<std::uint8_t, 100> msg{};
    for (std::size_t i = 0; i < msg.size(); ++i) msg[i] = std::uint8_t(i);
    std::uint64_t digest = 0;
    auto mix = [&](std::span<const std::uint8_t> out) {
        for (auto b : out) digest = digest * 1099511628211u ^ b;
    };
    registry::aeads::for_each([&](auto s) {
        using A = typename decltype(s)::type;
        std::array<std::uint8_t, A::key_size> key{};
        std::array<std::uint8_t, A::nonce_size> nonce{};
        std::array<std::uint8_t, A::tag_size> tag;
        std::array<std::uint8_t, 100> ct;
        A::encrypt(key, nonce, std::span(msg).first(7), msg, ct, tag);
        mix(ct);
        mix(tag);
    });
    registry::hashes::for_each([&](auto s) { mix(hash<typename decltype(s)::type>(msg)); });
    return digest;
}

}}}  // namespace lwc::inline LWC_ISA_NS::test

constinit const lwc_isa_unit_info LWC_ISA_UNIT_INFO = {
    lwc::detail::isa::compiled, lwc::XoodyakAead::backend.data(),
    lwc::Grain128Aead::backend.data(), lwc::Esch384::backend.data()};

lwc_isa_unit_report LWC_ISA_UNIT() {
    namespace t = lwc::test;
    return {t::features_of_this_copy(), t::run_every_scheme()};
}
