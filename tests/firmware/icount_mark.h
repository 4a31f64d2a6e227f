/* SPDX-License-Identifier: MIT */
/* The marker of icount_plugin.c for programs under qemu-aarch64 (icount.cpp and
 * bench/peers/fw_driver.c): a system call no kernel has, which the plugin reports with the
 * instruction count. Under a real kernel it fails with ENOSYS and does nothing else. */
#ifndef LWC_ICOUNT_MARK_H
#define LWC_ICOUNT_MARK_H

#define ICOUNT_MARK 0x4c57

#if defined(__aarch64__) && defined(__linux__)
static inline void icount_mark(void) {
    register long number __asm__("x8") = ICOUNT_MARK;
    register long result __asm__("x0") = 0;
    __asm__ volatile("svc #0" : "+r"(result) : "r"(number) : "memory");
}
#endif
#endif
