// SPDX-License-Identifier: MIT
// Peak stack by painting, for the firmware test programs (runner.cpp, stream_main.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <lwc/detail/bytes.hpp>

namespace {

// Peak stack by painting: paint() fills the region below the caller's frame, the
// operation runs from the same frame, scan() finds how deep it wrote. `total` is the
// deepest byte written (the kernel and detail::wipe_stack's own clearing); `kernel` the
// deepest byte that is neither paint nor zero, i.e. what the scheme's code left (or
// would leave, without the wipe). kernel < total means the wipe covered the kernel.
#ifndef LWC_RUNNER_PAINT
#define LWC_RUNNER_PAINT 4096
#endif
constexpr std::size_t paint_size = LWC_RUNNER_PAINT;
// Where detail::wipe_stack_area clears without calling memset, nothing it does lands
// below its area. Not in a sanitizer build, whose frames are several times deeper than
// the wipe (it is not covered there).
#if defined(__SANITIZE_ADDRESS__)
#define LWC_PAINT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LWC_PAINT_ASAN 1
#endif
#endif
#ifdef LWC_PAINT_ASAN
constexpr bool wipe_is_call_free = false;
#else
constexpr bool wipe_is_call_free = lwc::detail::stack_wipe_is_call_free;
#endif
constexpr std::uint8_t paint_byte = 0xa5;
struct stack_use {
    std::size_t total = 0, kernel = 0;
};

// paint() covers more than scan() reads: their frames may differ by a few saved registers.
[[gnu::noinline]] void paint() {
    std::uint8_t area[paint_size + 256];
    std::memset(area, paint_byte, sizeof area);
    __asm__ __volatile__("" : : "r"(area) : "memory");
}
[[gnu::noinline]] stack_use scan() {
    std::uint8_t area[paint_size];
    __asm__ __volatile__("" : : "r"(area) : "memory");
    stack_use use;
    for (std::size_t i = 0; i < paint_size; ++i) {
        if (use.total == 0 && area[i] != paint_byte) use.total = paint_size - i;
        if (area[i] != paint_byte && area[i] != 0) {
            use.kernel = paint_size - i;
            break;
        }
    }
    return use;
}
[[gnu::noinline]] stack_use measure(void (*op)()) {
    paint();
    op();
    return scan();
}

}  // namespace
