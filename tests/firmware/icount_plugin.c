/* SPDX-License-Identifier: MIT */
/* A QEMU TCG plugin for user-mode emulation (qemu-aarch64 -plugin icount_plugin.so): counts
 * the guest's executed instructions and, at each system call numbered ICOUNT_MARK
 * (icount_mark.h), prints "mark <instructions so far>" on standard error. A program's two
 * marks around a call give the call's instructions exactly, where Cortex-M and RISC-V runs
 * convert a timer's ticks (icount.sh). QEMU does not install its plugin header; the few
 * declarations of its C API (version 1, QEMU 7.2) are written out here. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "icount_mark.h"

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
enum { QEMU_PLUGIN_INLINE_ADD_U64 = 0 };
typedef void (*tb_trans_cb)(qemu_plugin_id_t, struct qemu_plugin_tb *);
typedef void (*syscall_cb)(qemu_plugin_id_t, unsigned int, int64_t, uint64_t, uint64_t, uint64_t,
                           uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, tb_trans_cb cb);
void qemu_plugin_register_vcpu_syscall_cb(qemu_plugin_id_t id, syscall_cb cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, int op, void *ptr,
                                              uint64_t imm);

#define EXPORT __attribute__((visibility("default")))
EXPORT int qemu_plugin_version = 1;

static uint64_t executed;

/* Each translated block adds its length when it runs: a block ends at a branch or a
 * system call, so at a mark the count holds every instruction up to the svc. */
static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
    (void)id;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &executed,
                                             qemu_plugin_tb_n_insns(tb));
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1,
                       uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                       uint64_t a7, uint64_t a8) {
    (void)id, (void)vcpu, (void)a1, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7,
        (void)a8;
    if (num == ICOUNT_MARK) fprintf(stderr, "mark %llu\n", (unsigned long long)executed);
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const void *info, int argc, char **argv) {
    (void)info, (void)argc, (void)argv;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
    return 0;
}
