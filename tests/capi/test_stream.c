// SPDX-License-Identifier: MIT
/* The stream format through liblwc's C ABI (lwc_stream_*): every AEAD the library lists
 * round-trips through begin/push and open/pull/finish and through decrypt_range; a
 * changed chunk, a wrong key, a cut and appended data fail; the repository's vectors
 * (tests/stream/<scheme>.txt) give the same bytes.
 *
 *   lwc_capi_stream_test <tests/stream dir> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lwc.h>

#include "check.h"


#define CHUNK 64
#define MAX_PT 1024
#define MAX_STREAM (MAX_PT + 200 + (MAX_PT / CHUNK + 1) * LWC_AEAD_MAX_TAG_SIZE)

/* Seals pt with chunk size c into out; returns the stream's size (0 on an error). */
static size_t seal(const lwc_aead *alg, const uint8_t *key, const uint8_t *salt, uint32_t c,
                   const uint8_t *pt, size_t n, uint8_t *out) {
    lwc_stream_state st;
    size_t at = lwc_stream_header_size(alg), in = 0;
    if (lwc_stream_encrypt_begin(&st, alg, key, salt, c, out) != LWC_OK) return 0;
    do {
        const size_t len = n - in < c ? n - in : c;
        const int last = in + len == n;
        if (lwc_stream_encrypt_push(&st, out + at, pt + in, len, last) != LWC_OK) return 0;
        in += len;
        at += len + alg->tag_size;
        if (last) break;
    } while (1);
    lwc_stream_wipe(&st);
    return at;
}

/* Opens and pulls a whole stream of n bytes into out, reading one byte ahead as a reader of
 * a pipe would; returns the first failing status (finish's at the end). */
static int unseal(const lwc_aead *alg, const uint8_t *key, const uint8_t *s, size_t n,
                  uint8_t *out, size_t *out_len) {
    lwc_stream_state st;
    size_t h = lwc_stream_header_size(alg), at, sealed;
    uint32_t c = 0;
    int rc = lwc_stream_peek_header(s, n, NULL, &c, NULL);
    *out_len = 0;
    if (rc != LWC_OK) return rc;
    if ((rc = lwc_stream_decrypt_open(&st, alg, key, s, n < h ? n : h)) != LWC_OK) return rc;
    sealed = c + alg->tag_size;
    for (at = h; at < n || *out_len == 0; at += sealed) {
        const size_t len = n - at < sealed ? n - at : sealed;
        rc = lwc_stream_decrypt_pull(&st, out + *out_len, s + at, len, at + len == n);
        if (rc != LWC_OK) return rc;
        *out_len += len - alg->tag_size;
        if (at + len == n) break;
    }
    return lwc_stream_decrypt_finish(&st);
}

typedef struct {
    const uint8_t *data;
    size_t size;
} memory;

static int read_memory(void *ctx, uint64_t offset, uint8_t *into, size_t len) {
    const memory *m = (const memory *)ctx;
    if (offset > m->size || len > m->size - offset) return -1;
    memcpy(into, m->data + offset, len);
    return 0;
}

static void round_trips(const lwc_aead *alg) {
    static const size_t sizes[] = {0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 1000};
    uint8_t key[LWC_AEAD_MAX_KEY_SIZE], salt[LWC_STREAM_SALT_SIZE], pt[MAX_PT];
    static uint8_t s[MAX_STREAM], back[MAX_STREAM];
    size_t i, k, n, back_len;
    for (i = 0; i < sizeof key; ++i) key[i] = (uint8_t)(3 * i + 1);
    for (i = 0; i < sizeof salt; ++i) salt[i] = (uint8_t)(5 * i);
    for (i = 0; i < sizeof pt; ++i) pt[i] = (uint8_t)(7 * i + 11);
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; ++k) {
        const size_t len = sizes[k];
        snprintf(context, sizeof context, "%s, %u bytes", alg->name, (unsigned)len);
        n = seal(alg, key, salt, CHUNK, pt, len, s);
        CHECK(n == lwc_stream_sealed_size(alg, len, CHUNK));
        CHECK(unseal(alg, key, s, n, back, &back_len) == LWC_OK);
        CHECK(back_len == len && memcmp(back, pt, len) == 0);
        { /* the header names the scheme */
            char name[LWC_STREAM_MAX_NAME_SIZE + 1];
            uint32_t c = 0;
            size_t h = 0;
            CHECK(lwc_stream_peek_header(s, n, name, &c, &h) == LWC_OK);
            CHECK(strcmp(name, alg->name) == 0 && c == CHUNK && h == lwc_stream_header_size(alg));
            CHECK(lwc_stream_peek_header(s, 10, NULL, NULL, NULL) == LWC_ERR_TRUNCATED);
        }
        if (len >= 2 * CHUNK) { /* a range over a chunk boundary, through the callback */
            lwc_stream_state st;
            lwc_stream_layout l;
            uint8_t work[CHUNK + LWC_AEAD_MAX_TAG_SIZE], part[100];
            memory m;
            m.data = s;
            m.size = n;
            CHECK(lwc_stream_decrypt_open(&st, alg, key, s, lwc_stream_header_size(alg)) == LWC_OK);
            CHECK(lwc_stream_layout_for(&st, n, &l) == LWC_OK);
            CHECK(l.plaintext_size == len && l.chunk_size == CHUNK && l.tag_size == alg->tag_size);
            CHECK(lwc_stream_decrypt_range(&st, n, 30, part, sizeof part, work, sizeof work,
                                           read_memory, &m) == LWC_OK);
            CHECK(memcmp(part, pt + 30, sizeof part) == 0);
            CHECK(lwc_stream_decrypt_range(&st, n, len - 10, part, 11, work, sizeof work,
                                           read_memory, &m) == LWC_ERR_LENGTH);
            m.size = 0; /* the reader fails */
            CHECK(lwc_stream_decrypt_range(&st, n, 0, part, 10, work, sizeof work, read_memory,
                                           &m) == LWC_ERR_READ);
            s[n - 1] ^= 1; /* the last chunk changed: a range reaching it fails, zeroed */
            m.size = n;
            memset(part, 0xaa, sizeof part);
            CHECK(lwc_stream_decrypt_range(&st, n, len - 10, part, 10, work, sizeof work,
                                           read_memory, &m) == LWC_ERR_VERIFY);
            CHECK(part[0] == 0 && part[9] == 0);
            s[n - 1] ^= 1;
            /* Cut after two chunks: an empty range at the cut end verifies the final chunk
             * (a reader following a growing file is not told "nothing new"). */
            m.size = lwc_stream_header_size(alg) + 2 * (CHUNK + alg->tag_size);
            CHECK(lwc_stream_decrypt_range(&st, m.size, 2 * CHUNK, part, 0, work, sizeof work,
                                           read_memory, &m) == LWC_ERR_VERIFY);
            CHECK(lwc_stream_decrypt_range(&st, n, len, part, 0, work, sizeof work, read_memory,
                                           &m) == LWC_ERR_READ); /* it reads the final chunk */
            m.size = n;
            CHECK(lwc_stream_decrypt_range(&st, n, len, part, 0, work, sizeof work, read_memory,
                                           &m) == LWC_OK);
        }
        if (len > CHUNK) { /* tampering, truncation, appending, wrong key */
            const size_t h = lwc_stream_header_size(alg);
            s[h + 3] ^= 0x40;
            CHECK(unseal(alg, key, s, n, back, &back_len) == LWC_ERR_VERIFY);
            CHECK(back_len == 0);
            s[h + 3] ^= 0x40;
            /* cut after the first chunk: it was sealed as not final */
            CHECK(unseal(alg, key, s, h + CHUNK + alg->tag_size, back, &back_len) == LWC_ERR_VERIFY);
            s[n] = 0; /* one byte appended: the final chunk is read as not final */
            CHECK(unseal(alg, key, s, n + 1, back, &back_len) != LWC_OK);
            key[0] ^= 1;
            CHECK(unseal(alg, key, s, n, back, &back_len) == LWC_ERR_VERIFY);
            key[0] ^= 1;
        }
    }
    { /* order of calls; a finish before the final chunk; another scheme's descriptor */
        lwc_stream_state st;
        uint8_t h[200];
        lwc_stream_wipe(&st);
        CHECK(lwc_stream_encrypt_push(&st, s, pt, CHUNK, 0) == LWC_ERR_STATE);
        CHECK(lwc_stream_decrypt_finish(&st) == LWC_ERR_STATE);
        CHECK(lwc_stream_encrypt_begin(&st, alg, key, salt, 63, h) == LWC_ERR_FORMAT);
        CHECK(lwc_stream_encrypt_begin(&st, alg, key, salt, CHUNK, h) == LWC_OK);
        CHECK(lwc_stream_encrypt_push(&st, s, pt, CHUNK - 1, 0) == LWC_ERR_LENGTH);
        CHECK(lwc_stream_decrypt_open(&st, alg, key, h, lwc_stream_header_size(alg)) == LWC_OK);
        CHECK(lwc_stream_decrypt_finish(&st) == LWC_ERR_TRUNCATED);
        CHECK(lwc_stream_decrypt_open(&st, NULL, key, h, 10) == LWC_ERR_ARGUMENT);
        {
            const lwc_aead *other = lwc_aead_at(strcmp(alg->name, "xoodyak") == 0 ? 0 : 3);
            CHECK(lwc_stream_decrypt_open(&st, other, key, h, lwc_stream_header_size(alg)) ==
                  LWC_ERR_FORMAT);
        }
        { /* the derived salt: the core's (tests/test_stream.cpp has its known answers) */
            uint8_t k16[16], salt2[LWC_STREAM_SALT_SIZE], again[LWC_STREAM_SALT_SIZE];
            static const uint8_t want[4] = {0x9e, 0x3a, 0x5a, 0x4a};
            static uint8_t long_key[256];
            for (i = 0; i < sizeof k16; ++i) k16[i] = (uint8_t)i;
            CHECK(lwc_stream_derive_salt(k16, 16, 7, NULL, 0, salt2) == LWC_OK);
            CHECK(memcmp(salt2, want, sizeof want) == 0);
            CHECK(lwc_stream_derive_salt(k16, 16, 8, NULL, 0, again) == LWC_OK);
            CHECK(memcmp(salt2, again, sizeof salt2) != 0);
            CHECK(lwc_stream_derive_salt(NULL, 16, 7, NULL, 0, salt2) == LWC_ERR_ARGUMENT);
            CHECK(lwc_stream_derive_salt(k16, 16, 7, NULL, 1, salt2) == LWC_ERR_ARGUMENT);
            CHECK(lwc_stream_derive_salt(k16, 16, 7, NULL, 0, NULL) == LWC_ERR_ARGUMENT);
            CHECK(lwc_stream_derive_salt(long_key, sizeof long_key, 7, NULL, 0, salt2) ==
                  LWC_ERR_LENGTH);
        }
        h[7] = 2; /* a newer format version: said so, not "not a stream" */
        CHECK(lwc_stream_decrypt_open(&st, alg, key, h, lwc_stream_header_size(alg)) ==
              LWC_ERR_VERSION);
        CHECK(lwc_stream_peek_header(h, lwc_stream_header_size(alg), NULL, NULL, NULL) ==
              LWC_ERR_VERSION);
    }
}

/* ---------------------------------------------------------------- vectors */

static size_t parse_hex(const char *s, uint8_t *out, size_t max) {
    size_t n = 0;
    unsigned byte;
    while (n < max && sscanf(s, "%2x", &byte) == 1) {
        out[n++] = (uint8_t)byte;
        s += 2;
    }
    return n;
}

/* Every record of <dir>/<scheme>.txt: sealing Key, Salt, ChunkSize, PT gives Stream,
 * which opens to PT. Returns the number of records checked. */
static int vectors(const char *dir, const char *scheme) {
    static char line[1 << 16];
    static uint8_t key[64], salt[64], pt[1 << 14], want[1 << 15], got[1 << 15];
    size_t key_n = 0, salt_n = 0, pt_n = 0, want_n = 0, n, back_n;
    unsigned chunk = 0;
    int records = 0;
    const lwc_aead *alg = lwc_aead_find(scheme);
    FILE *in;
    snprintf(line, sizeof line, "%s/%s.txt", dir, scheme);
    in = fopen(line, "r");
    snprintf(context, sizeof context, "vectors of %s", scheme);
    CHECK(in != NULL && alg != NULL);
    if (in == NULL || alg == NULL) return 0;
    while (fgets(line, sizeof line, in) != NULL) {
        char *v = strstr(line, " = ");
        if (v == NULL) continue;
        v += 3;
        if (strncmp(line, "Key", 3) == 0) key_n = parse_hex(v, key, sizeof key);
        else if (strncmp(line, "Salt", 4) == 0) salt_n = parse_hex(v, salt, sizeof salt);
        else if (strncmp(line, "ChunkSize", 9) == 0) chunk = (unsigned)atoi(v);
        else if (strncmp(line, "PT", 2) == 0) pt_n = parse_hex(v, pt, sizeof pt);
        else if (strncmp(line, "Stream", 6) == 0) {
            want_n = parse_hex(v, want, sizeof want);
            snprintf(context, sizeof context, "%s vector %d", scheme, records);
            CHECK(key_n == alg->key_size && salt_n == LWC_STREAM_SALT_SIZE);
            n = seal(alg, key, salt, chunk, pt, pt_n, got);
            CHECK(n == want_n && memcmp(got, want, n) == 0);
            CHECK(unseal(alg, key, want, want_n, got, &back_n) == LWC_OK);
            CHECK(back_n == pt_n && memcmp(got, pt, pt_n) == 0);
            ++records;
        }
    }
    fclose(in);
    return records;
}

int main(int argc, char **argv) {
    size_t i;
    int records = 0;
    if (argc != 2) {
        fprintf(stderr, "usage: %s <tests/stream dir>\n", argv[0]);
        return 2;
    }
    for (i = 0; i < lwc_aead_count(); ++i) round_trips(lwc_aead_at(i));
    records += vectors(argv[1], "xoodyak");
    records += vectors(argv[1], "schwaemm256-128");
    records += vectors(argv[1], "tinyjambu-128");
    snprintf(context, sizeof context, "vectors");
    CHECK(records > 0);
    printf("%u AEADs, %d vectors, %d failures\n", (unsigned)lwc_aead_count(), records, failures);
    return failures == 0 ? 0 : 1;
}
