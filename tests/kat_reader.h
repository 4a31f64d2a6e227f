// SPDX-License-Identifier: MIT
/* The one reader of the official KAT files (tests/kat/<scheme>.txt) for C and C++: plain
 * C with fixed buffers, no allocation beyond the FILE, no exceptions, small enough for a
 * board with 16 KiB of RAM. Every C and C++ test reads KAT files through it: the firmware
 * runners, the C ABI's tests, and (through kat_reader.hpp) the GoogleTest suites and the
 * fuzzers' corpus. Python has its own, lwcrypto.cli.cmd_kat.read_kat. */
#ifndef LWC_TESTS_KAT_READER_H
#define LWC_TESTS_KAT_READER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { KAT_MAX_FIELDS = 8, KAT_POOL = 1536, KAT_LINE = 2 * 1024 + 64 };

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
 * (lines starting with '#' are comments)
 * (too long, bad hex, too many or too large fields), reported on stderr with its
 * line number. line must have KAT_LINE bytes; *line_no counts the lines read. */
int kat_next(FILE *file, struct kat_record *record, char *line, long *line_no);

/* The field's bytes and size (*size), or NULL when the record has no such field. */
const uint8_t *kat_field(const struct kat_record *record, const char *name, size_t *size);

#ifdef __cplusplus
}
#endif

#endif
