// SPDX-License-Identifier: MIT
/* Bare-metal start for the firmware examples and tests on QEMU's Cortex-M boards (and a
 * starting point for a real board's): the vector table
 * (initial stack pointer, reset, and every fault ending the run with status 99), .data
 * copied from flash and .bss cleared, newlib's semihosting streams opened, the command
 * line fetched from the host (QEMU's -semihosting-config ...,arg=prog,arg=FILE), and the
 * exit status of main() handed back to QEMU (SYS_EXIT_EXTENDED), which exits with it. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The linker script's symbols; the stack top as a function so that it fits the table
 * without converting an object pointer to a function pointer. */
extern void __stack_top(void);
extern uint32_t __data_load, __data_start, __data_end, __bss_start, __bss_end;
extern void initialise_monitor_handles(void);
extern void __libc_init_array(void);
extern int main(int argc, char **argv);

/* One semihosting call: operation in r0, parameter block in r1, result in r0. */
static int semihost(int op, void *arg) {
    register int r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;
    __asm__ __volatile__("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

enum { SYS_GET_CMDLINE = 0x15, SYS_EXIT_EXTENDED = 0x20, ADP_Stopped_ApplicationExit = 0x20026 };

static void __attribute__((noreturn)) host_exit(int status) {
    uint32_t block[2] = {ADP_Stopped_ApplicationExit, (uint32_t)status};
    for (;;) semihost(SYS_EXIT_EXTENDED, block);
}

static void fault(void) {
    static const char msg[] = "fault: the program trapped (HardFault)\n";
    fwrite(msg, 1, sizeof msg - 1, stderr);
    fflush(stderr);
    host_exit(99);
}

void _start(void);

__attribute__((section(".vectors"), used)) void (*const vector_table[16])(void) = {
    __stack_top, _start, fault, fault, fault, fault, fault, 0,
    0, 0, 0, fault, fault, 0, fault, fault,
};

enum { MAX_ARGS = 8 };
static char cmdline[256];
static char *args[MAX_ARGS + 1];

/* Splits the host's command line at spaces. */
static int get_args(void) {
    struct { char *buffer; int size; } block = {cmdline, sizeof cmdline - 1};
    if (semihost(SYS_GET_CMDLINE, &block) != 0) return 0;
    int argc = 0;
    for (char *p = cmdline; *p && argc < MAX_ARGS;) {
        while (*p == ' ') *p++ = '\0';
        if (!*p) break;
        args[argc++] = p;
        while (*p && *p != ' ') ++p;
    }
    return argc;
}

void __attribute__((noreturn)) _start(void) {
    memcpy(&__data_start, &__data_load, (size_t)((char *)&__data_end - (char *)&__data_start));
    memset(&__bss_start, 0, (size_t)((char *)&__bss_end - (char *)&__bss_start));
    initialise_monitor_handles();
    __libc_init_array();
    const int status = main(get_args(), args);
    fflush(stdout);
    fflush(stderr);
    host_exit(status);
}

/* newlib's arc4random wants getentropy at link time; nothing here calls it. */
int getentropy(void *buffer, size_t length) {
    (void)buffer;
    (void)length;
    return -1;
}

/* __libc_init_array calls _init, which the start files (left out: -nostartfiles) would
 * bring; constructors run from .init_array. */
void _init(void) {}
void _fini(void) {}
