// SPDX-License-Identifier: MIT
/* A streaming reader of the official KAT files (tests/kat/<scheme>.txt) in plain C with
 * fixed buffers: no allocation beyond the FILE, no exceptions, small enough for a board
 * with 16 KiB of RAM. Shared by the C++ runner (bare metal, qemu-user, the host build
 * without exceptions) and the C program that links liblwc. */
#ifndef LWC_FIRMWARE_KAT_H
#define LWC_FIRMWARE_KAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { KAT_MAX_FIELDS = 8, KAT_POOL = 1280, KAT_LINE = 2 * 1024 + 64 };

/* One record: fields by name ("Key", "Nonce", "PT", "AD", "CT", "Msg", "MD"); Count
 * is kept as a number. The bytes of every field live in pool. */
struct kat_record {
    long count;
    int fields;
    struct {
        char name[8];
        size_t offset, size;
    } field[KAT_MAX_FIELDS];
    uint8_t pool[KAT_POOL];
};

/* Reads the next record: 1, or 0 at the end of the file, or -1 on a malformed line
 * (too long, bad hex, too many or too large fields), reported on stderr with its
 * line number. line must have KAT_LINE bytes; *line_no counts the lines read. */
int kat_next(FILE *file, struct kat_record *record, char *line, long *line_no);

/* The field's bytes and size (*size), or NULL when the record has no such field. */
const uint8_t *kat_field(const struct kat_record *record, const char *name, size_t *size);

#ifdef __cplusplus
}
#endif

#endif
