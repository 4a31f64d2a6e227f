// SPDX-License-Identifier: MIT
#include "kat_reader.h"

#include <stdlib.h>
#include <string.h>

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/* Adds "name = value" to the record; 0 on success. */
static int add_field(struct kat_record *r, const char *name, size_t name_len, const char *hex) {
    if (name_len == 5 && memcmp(name, "Count", 5) == 0) {
        r->count = strtol(hex, NULL, 10);
        return 0;
    }
    if (r->fields == KAT_MAX_FIELDS || name_len >= sizeof r->field[0].name) return -1;
    size_t offset = 0;
    if (r->fields > 0)
        offset = r->field[r->fields - 1].offset + r->field[r->fields - 1].size;
    size_t n = strlen(hex);
    if (n % 2 != 0 || offset + n / 2 > KAT_POOL) return -1;
    for (size_t i = 0; i < n / 2; ++i) {
        int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        r->pool[offset + i] = (uint8_t)(hi << 4 | lo);
    }
    memcpy(r->field[r->fields].name, name, name_len);
    r->field[r->fields].name[name_len] = '\0';
    r->field[r->fields].offset = offset;
    r->field[r->fields].size = n / 2;
    r->fields++;
    return 0;
}

int kat_next(FILE *file, struct kat_record *r, char *line, long *line_no) {
    r->count = -1;
    r->fields = 0;
    while (fgets(line, KAT_LINE, file)) {
        ++*line_no;
        size_t n = strlen(line);
        if (n == KAT_LINE - 1 && line[n - 1] != '\n') goto malformed; /* too long */
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' '))
            line[--n] = '\0';
        const char *eq = line[0] == '#' ? NULL : strchr(line, '=');
        if (!eq) {
            if (r->fields > 0) return 1; /* a blank line ends a record */
            continue;
        }
        size_t name_len = (size_t)(eq - line);
        while (name_len > 0 && line[name_len - 1] == ' ') --name_len;
        const char *value = eq + 1;
        while (*value == ' ') ++value;
        if (add_field(r, line, name_len, value) != 0) goto malformed;
    }
    if (ferror(file)) {
        fprintf(stderr, "KAT file: read error after line %ld\n", *line_no);
        return -1;
    }
    return r->fields > 0 ? 1 : 0;
malformed:
    fprintf(stderr, "KAT file: malformed line %ld\n", *line_no);
    return -1;
}

const uint8_t *kat_field(const struct kat_record *r, const char *name, size_t *size) {
    for (int i = 0; i < r->fields; ++i)
        if (strcmp(r->field[i].name, name) == 0) {
            *size = r->field[i].size;
            return r->pool + r->field[i].offset;
        }
    return NULL;
}
