// SPDX-License-Identifier: MIT
// Instructions per byte of every scheme on QEMU's boards, a proxy for speed (QEMU models
// no pipeline or memory timing), for tests/firmware/icount.sh: one encrypt (no associated
// data) or hash of 64 and of 1024 bytes, timed while QEMU runs with -icount (a fixed
// virtual time per instruction): on Cortex-M with SysTick on the processor clock, on
// RISC-V with the mcycle counter (QEMU derives it from the virtual clock under -icount);
// on AArch64 Linux under qemu-aarch64, counted exactly by icount_plugin.c.
// Prints "name ticks64 ticks1024" per scheme after "calib ticks" for a loop of 200000
// instructions, from which the script converts ticks to instructions.
#include <cstdint>
#include <cstdio>

#include <lwc/registry.hpp>

using lwc::detail::u8;
static u8 pool[4096];  // key, nonce, tag, message and output, external to the calls

#if defined(__aarch64__) && defined(__linux__)
#include "icount_mark.h"

// Under qemu-aarch64 with icount_plugin.so, which prints the count at each mark: the
// script pairs the marks with the zeros printed here.
static unsigned long ticks(void (*f)()) {
    icount_mark();
    f();
    icount_mark();
    return 0;
}
#elif defined(__riscv)
static std::uint32_t cycles() {
    std::uint32_t c;
    // Zicsr for this one instruction: the firmware's -march=rv32imac does not name it.
    __asm__ volatile(".option push\n .option arch, +zicsr\n csrr %0, mcycle\n .option pop"
                     : "=r"(c));
    return c;
}

// Counter ticks spent in f.
static unsigned long ticks(void (*f)()) {
    const std::uint32_t a = cycles();
    f();
    return cycles() - a;
}
#else
static volatile std::uint32_t* const syst = reinterpret_cast<std::uint32_t*>(0xE000E010);

// SysTick ticks (24-bit down-counter) spent in f.
static unsigned long ticks(void (*f)()) {
    syst[0] = 0;           // CSR: off
    syst[1] = 0xFFFFFF;    // RVR: the longest period
    syst[2] = 0;           // CVR: restart
    syst[0] = 5;           // CSR: on, processor clock
    const std::uint32_t a = syst[2];
    f();
    const std::uint32_t b = syst[2];
    return (a - b) & 0xFFFFFF;
}
#endif

template <class A, std::size_t N>
void encrypt() {
    A::encrypt(std::span<const u8, A::key_size>(pool, A::key_size),
               std::span<const u8, A::nonce_size>(pool + 64, A::nonce_size), {pool + 128, 0},
               {pool + 256, N}, {pool + 2048, N},
               std::span<u8, A::tag_size>(pool + 192, A::tag_size));
}
template <class H, std::size_t N>
void hash() {
    H h;
    h.update({pool + 256, N});
    h.finalize(std::span<u8, H::digest_size>(pool + 192, H::digest_size));
}
static void calibration_loop() {
    std::uint32_t n = 100000;  // two instructions a turn
#if defined(__aarch64__)
    __asm__ volatile("1: subs %w0, %w0, #1\n b.ne 1b" : "+r"(n));
#elif defined(__riscv)
    __asm__ volatile("1: addi %0, %0, -1\n bnez %0, 1b" : "+r"(n));
#else
    __asm__ volatile(".syntax unified\n1: subs %0, %0, #1\n bne 1b" : "+r"(n));
#endif
}

int main() {
    std::printf("calib %lu\n", ticks(calibration_loop));
    lwc::registry::aeads::for_each([](auto t) {
        using A = typename decltype(t)::type;
        std::printf("%s %lu %lu\n", A::name.data(), ticks(encrypt<A, 64>), ticks(encrypt<A, 1024>));
    });
    lwc::registry::hashes::for_each([](auto t) {
        using H = typename decltype(t)::type;
        std::printf("%s %lu %lu\n", H::name.data(), ticks(hash<H, 64>), ticks(hash<H, 1024>));
    });
    return 0;
}
