// SPDX-License-Identifier: MIT
// What a checked entry point refuses, and how: lwc::error (returned by the try_* forms),
// lwc::size_error (thrown where exceptions are on), LWC_ON_ERROR and a trap where not.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "detail/bytes.hpp"

// Whether the checked entry points throw: follows the compiler's switch (-fno-exceptions
// turns it off); a program may define it (0 or 1) before including.
#ifndef LWC_EXCEPTIONS
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#define LWC_EXCEPTIONS 1
#else
#define LWC_EXCEPTIONS 0
#endif
#endif

#if LWC_EXCEPTIONS
#include <stdexcept>
#include <string>
#endif

namespace lwc { inline namespace LWC_ISA_NS {

// What a checked entry point refused, for the caller to act on: no allocation, no text
// to build (firmware prints the fields or nothing). Key, nonce and tag sizes are part of
// the span types and checked by the compiler; what remains is run-time:
//   size     the output's size differs from the input's: what must be expected bytes, got given
//   overlap  an output overlaps an input (what overlaps other) other than exactly in place
//   forged   try_decrypt only: the tag does not verify (the plaintext output is all zero)
//   too_long an input longer than the scheme allows: what must be at most expected bytes
//            (Ascon-CXOF128's customization string)
enum class errc : std::uint8_t { ok = 0, size, overlap, forged, too_long };

struct error {
    errc code = errc::ok;
    std::string_view scheme;  // registry name
    std::string_view what;    // the output refused ("ciphertext output", ...)
    std::string_view other;   // overlap: the input it overlaps ("the key", ...)
    std::size_t expected = 0, given = 0;  // size: the sizes
    constexpr explicit operator bool() const noexcept { return code != errc::ok; }
};

#if LWC_EXCEPTIONS
// Thrown by encrypt/decrypt for a size or an overlap refused (error says which), before
// anything is written; and by a constructor given an input that is too long.
class size_error : public std::invalid_argument {
public:
    explicit size_error(const error& e) : std::invalid_argument(message(e)), error_(e) {}
    const error& info() const noexcept { return error_; }

private:
    static std::string message(const error& e) {
        std::string m(e.scheme);
        m += ": ";
        m += e.what;
        if (e.code == errc::overlap) {
            m += " overlaps ";
            m += e.other;
            m += " (an output may only be its input itself, exactly in place)";
        } else {
            m += e.code == errc::too_long ? " must be at most " : " must be ";
            m += std::to_string(e.expected) + " bytes, got " + std::to_string(e.given);
        }
        return m;
    }
    error error_;
};
#endif

}}  // namespace lwc::inline LWC_ISA_NS

// Without exceptions, encrypt/decrypt hand a refused call to the function named by
// LWC_ON_ERROR (void f(const lwc::error&), defined by the program, the same in every
// translation unit), then trap if it returns; with no handler they trap at once
// (__builtin_trap: a HardFault on Cortex-M). Nothing is written in either case.
// try_encrypt/try_decrypt return the error instead, in every build.
#if !LWC_EXCEPTIONS && defined(LWC_ON_ERROR)
void LWC_ON_ERROR(const lwc::error&);
#endif

namespace lwc { inline namespace LWC_ISA_NS {

namespace detail {

// Whether a refused call ends in a trap with nothing to hand the error to: then
// encrypt/decrypt need no error object at all.
#if !LWC_EXCEPTIONS && !defined(LWC_ON_ERROR)
inline constexpr bool refusals_trap = true;
#else
inline constexpr bool refusals_trap = false;
#endif

[[noreturn]] inline void trap() noexcept {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_trap();
#else
    std::abort();
#endif
}

[[noreturn]] inline void fail(const error& e) {
#if LWC_EXCEPTIONS
    throw size_error(e);
#else
#ifdef LWC_ON_ERROR
    ::LWC_ON_ERROR(e);
#else
    (void)e;
#endif
    trap();
#endif
}

}  // namespace detail

}}  // namespace lwc::inline LWC_ISA_NS
#endif  // LWC_CXX20
