// SPDX-License-Identifier: MIT
/* A peer's encrypt + decrypt (or one-shot hash) through the SUPERCOP-style C API,
 * for bench/peers/firmware.sh:
 *   -DENC=fn -DDEC=fn -DTAG=n   an AEAD (lwc-finalists' names, ascon-c's crypto_aead_*)
 *   -DHASH=fn                   a hash (fn(out, in, inlen))
 *   neither                     the baseline, the same program without the call
 *   -DICOUNT -DNAME=\"...\"     instead: SysTick (RISC-V: mcycle) ticks of one encrypt
 *                               (no AD) or hash of 64 and 1024 bytes on QEMU with -icount
 *                               (as tests/firmware/icount.cpp; on AArch64 Linux, marks for
 *                               its plugin),
 *                               printed "NAME ticks64 ticks1024 random64",
 *                               the last the bytes lwc_random_fill gave the 64-byte call
 *                               (masked implementations draw their randomness there). */
#include <stddef.h>
#include <stdint.h>

unsigned char pool[4096]; /* every buffer, external so that no call is optimised away */

/* Two API shapes: lwc-finalists' (-DLWCF: size_t lengths, no nsec) and SUPERCOP's
 * (ascon-c: unsigned long long lengths, nsec). */
#ifdef LWCF
typedef size_t len_t;
#define NSEC_PARAM
#define NSEC_ARG
#else
typedef unsigned long long len_t;
#define NSEC_PARAM const unsigned char *nsec,
#define NSEC_ARG 0,
#endif
len_t len;

/* Random bytes for masked implementations (xorshift: the count matters here, not the
 * quality), counted. */
unsigned long lwc_random_drawn;
void lwc_random_fill(void *ctx, unsigned char *out, size_t n) {
    static uint32_t x = 0x12345678;
    (void)ctx;
    lwc_random_drawn += n;
    for (size_t i = 0; i < n; ++i) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        out[i] = (unsigned char)x;
    }
}

#if defined(ENC)
int ENC(unsigned char *c, len_t *clen, const unsigned char *m, len_t mlen,
        const unsigned char *ad, len_t adlen, NSEC_PARAM const unsigned char *npub,
        const unsigned char *k);
int DEC(unsigned char *m, len_t *mlen, NSEC_PARAM const unsigned char *c, len_t clen,
        const unsigned char *ad, len_t adlen, const unsigned char *npub,
        const unsigned char *k);
#elif defined(HASH)
int HASH(unsigned char *out, const unsigned char *in, len_t inlen);
#endif

#ifdef ICOUNT
#include <stdio.h>
#if defined(__aarch64__) && defined(__linux__)
/* Under qemu-aarch64 with tests/firmware/icount_plugin.c: the plugin prints the counts at
 * the marks, the zeros printed here are their places (firmware.sh aarch64). */
#include "icount_mark.h"
static unsigned long ticks(void (*f)(size_t), size_t n) {
    icount_mark();
    f(n);
    icount_mark();
    return 0;
}
#elif defined(__riscv)
/* The cycle counter, which QEMU derives from the virtual clock under -icount. */
static uint32_t cycles(void) {
    uint32_t c;
    __asm__ volatile(".option push\n .option arch, +zicsr\n csrr %0, mcycle\n .option pop"
                     : "=r"(c));
    return c;
}
static unsigned long ticks(void (*f)(size_t), size_t n) {
    const uint32_t a = cycles();
    f(n);
    return cycles() - a;
}
#else
static volatile uint32_t *const syst = (uint32_t *)0xE000E010;
static unsigned long ticks(void (*f)(size_t), size_t n) {
    syst[0] = 0;
    syst[1] = 0xFFFFFF;
    syst[2] = 0;
    syst[0] = 5;
    const uint32_t a = syst[2];
    f(n);
    const uint32_t b = syst[2];
    return (a - b) & 0xFFFFFF;
}
#endif
static void run(size_t n) {
#if defined(ENC)
    ENC(pool + 2048, &len, pool + 256, n, pool + 128, 0, NSEC_ARG pool + 64, pool);
#else
    HASH(pool + 192, pool + 256, n);
#endif
}
static void calibration_loop(size_t n) {
    (void)n;
    uint32_t k = 100000; /* two instructions a turn */
#if defined(__aarch64__)
    __asm__ volatile("1: subs %w0, %w0, #1\n b.ne 1b" : "+r"(k));
#elif defined(__riscv)
    __asm__ volatile("1: addi %0, %0, -1\n bnez %0, 1b" : "+r"(k));
#else
    __asm__ volatile(".syntax unified\n1: subs %0, #1\n bne 1b" : "+r"(k));
#endif
}
int main(void) {
    printf("calib %lu\n", ticks(calibration_loop, 0));
    const unsigned long t64 = ticks(run, 64), drawn = lwc_random_drawn;
    printf("%s %lu %lu %lu\n", NAME, t64, ticks(run, 1024), drawn);
    return 0;
}
#else
int main(void) {
#if defined(ENC)
    ENC(pool + 256, &len, pool + 160, 64, pool + 128, 16, NSEC_ARG pool + 64, pool);
    return DEC(pool + 384, &len, NSEC_ARG pool + 256, 64 + TAG, pool + 128, 16, pool + 64,
               pool);
#elif defined(HASH)
    return HASH(pool + 256, pool, 200);
#else
    return pool[0];
#endif
}
#endif
