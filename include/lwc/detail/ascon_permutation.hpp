// SPDX-License-Identifier: MIT
// Ascon-p (NIST SP 800-232) with its backends, one file each:
//   ascon_portable   five 64-bit lanes in registers (any target; 64-bit targets run it
//                    at the speed of the best published code, see docs/speed.md)
//   ascon_small      the same rounds in one rolled out-of-line loop (any target; the
//                    default under LWC_SMALL, i.e. -Os: firmware)
//   ascon_bi32       bit-interleaved lanes, a 32-bit word per half (any target; the
//                    default on other 32-bit Arm outside builds for size)
//   ascon_bi32_armv7m  ascon_bi32 with its rounds in Thumb-2 assembly (ARMv7-M and
//                    later, little-endian: defined there alone, LWC_ARMV7M_ASM; the
//                    default there outside builds for size)
//   ascon_x86_64     ascon_portable with its round in x86-64 assembly, scheduled for the
//                    core (BMI1 and BMI2: defined there alone, LWC_ASCON_X86_64_ASM; the
//                    default there outside builds for size)
//   ascon_rv32       ascon_portable with its round in RV32I assembly, the lanes in 32-bit
//                    halves (32-bit RISC-V: defined there alone, LWC_ASCON_RV32_ASM; the
//                    default there outside builds for size)
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>
#include <string_view>

#include "ascon_armv7m.hpp"
#include "ascon_bi32.hpp"
#include "ascon_portable.hpp"
#include "ascon_rv32.hpp"
#include "ascon_small.hpp"
#include "ascon_x86_64.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace detail {

// What a backend provides: Ascon-p[12] and Ascon-p[8] (the rounds the modes use).
template <class P>
concept ascon_backend = requires(ascon_state& s) {
    { P::name } -> std::convertible_to<std::string_view>;
    P::template permute<12>(s);
    P::template permute<8>(s);
};

static_assert(ascon_backend<ascon_portable> && ascon_backend<ascon_small> &&
              ascon_backend<ascon_bi32>);
#if LWC_ASCON_X86_64_ASM
static_assert(ascon_backend<ascon_x86_64>);
#endif
#if LWC_ASCON_RV32_ASM
static_assert(ascon_backend<ascon_rv32>);
#endif
#if LWC_SMALL
using ascon_default = ascon_small;
#elif LWC_ARMV7M_ASM
using ascon_default = ascon_bi32_armv7m;
#elif LWC_ASCON_X86_64_ASM
using ascon_default = ascon_x86_64;
#elif LWC_ASCON_RV32_ASM
using ascon_default = ascon_rv32;
#elif defined(__arm__)  // 32-bit Arm, where a rotation folds into the XOR that takes it
// (Ascon-AEAD128 on Cortex-M4, -O2, 1 KiB: 55 instructions a byte against 67; on RISC-V
// rv32imac, without a rotate instruction, the interleaving gained nothing: 105 against
// ascon_portable's 78, since ascon_rv32's 68)
using ascon_default = ascon_bi32;
#else
using ascon_default = ascon_portable;
#endif

// Whether backend P holds lanes bit-interleaved (ascon_bi32, and its assembly rounds
// ascon_bi32_armv7m) rather than as they are.
template <class P>
inline constexpr bool interleaved_lanes = std::is_base_of_v<ascon_bi32, P>;

// A lane's value as backend P holds it in its state (lane_in) and back (lane_out): the
// modes add and read every lane through these, the identity but for ascon_bi32, where
// each is one out-of-line copy at run time (inlined at the modes' twenty-odd sites, the
// conversions made Ascon-AEAD128 9.4 KB at -O2 on Cortex-M4, out of line 5.6 KB, for one
// instruction a byte more at 1 KiB: 55 against 54).
template <class P>
constexpr u64 lane_in(u64 x) noexcept {
    if constexpr (interleaved_lanes<P>)
        return std::is_constant_evaluated() ? interleave(x) : ascon_bi32::lane_in(x);
    else return x;
}
template <class P>
constexpr u64 lane_out(u64 x) noexcept {
    if constexpr (interleaved_lanes<P>) return ascon_bi32::lane_out(x);
    else return x;
}
// lane_in(u64(v) << 8 * byte), inline (ISAP's re-keying adds a byte for every key bit).
template <class P>
constexpr u64 lane_in_byte(u8 v, int byte) noexcept {
    if constexpr (interleaved_lanes<P>) return interleave_byte(v, byte);
    else return u64(v) << 8 * byte;
}

}}}  // namespace lwc::inline LWC_ISA_NS::detail
