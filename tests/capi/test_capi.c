// SPDX-License-Identifier: MIT
/* liblwc from C: every official KAT record of every scheme the library lists, through
 * every entry point (attached and detached, in place, one-shot and incremental hashing),
 * then the argument, length and state checks.
 *
 *   lwc_capi_test <kat-dir> <backend>
 *
 * <backend> is the one the environment asked for (LWC_BACKEND / LWC_FORCE_PORTABLE). When
 * the library chose a slower one, this CPU lacks it: exit 77, which CTest reports as
 * skipped. Compiled as C99: this is what a C user's compiler sees of lwc.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lwc.h>

#include "check.h"
#include "../kat_reader.h"

#define MAX_FIELD 2048 /* bytes of output room; the longest KAT field is a 1024-byte message */
/* Room for any key, nonce, tag or digest (lwc.h's bounds). */
#define MAX_SIZE LWC_AEAD_MAX_KEY_SIZE
#if LWC_AEAD_MAX_NONCE_SIZE > MAX_SIZE || LWC_AEAD_MAX_TAG_SIZE > MAX_SIZE || \
    LWC_HASH_MAX_DIGEST_SIZE > MAX_SIZE
#error "MAX_SIZE must cover every bound of lwc.h"
#endif


/* ---------------------------------------------------------------- KAT files */

/* A record's fields, read by the one C reader of the tests (tests/kat_reader.h); a
 * field the record lacks is empty. */
typedef struct {
    const uint8_t *data;
    size_t len;
} field;

typedef struct {
    long count;
    field key, nonce, pt, ad, ct, msg, md, z;
} record;

static field field_of(const struct kat_record *k, const char *name) {
    static const uint8_t none[1];
    field f = {none, 0};
    const uint8_t *data = kat_field(k, name, &f.len);
    if (data != NULL) f.data = data;
    return f;
}

/* Reads the next record: 1, or 0 at the end of the file (a malformed one counts as a
 * failure). */
static int read_record(FILE *in, record *r) {
    static struct kat_record k;
    static char line[KAT_LINE];
    static long line_no;
    const int got = kat_next(in, &k, line, &line_no);
    if (got < 0) ++failures;
    if (got <= 0) {
        line_no = 0;
        return 0;
    }
    r->count = k.count;
    r->key = field_of(&k, "Key");
    r->nonce = field_of(&k, "Nonce");
    r->pt = field_of(&k, "PT");
    r->ad = field_of(&k, "AD");
    r->ct = field_of(&k, "CT");
    r->msg = field_of(&k, "Msg");
    r->md = field_of(&k, "MD");
    r->z = field_of(&k, "Z");
    return 1;
}

static FILE *open_kat(const char *dir, const char *scheme) {
    char path[1024];
    FILE *in;
    snprintf(path, sizeof path, "%s/%s.txt", dir, scheme);
    in = fopen(path, "r");
    if (in == NULL) fprintf(stderr, "cannot open %s\n", path);
    return in;
}

static int all_zero(const uint8_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n; ++i)
        if (p[i] != 0) return 0;
    return 1;
}

/* ---------------------------------------------------------------- AEAD */

static void check_aead_record(const lwc_aead *a, const record *r) {
    static uint8_t c[MAX_FIELD], m[MAX_FIELD], buf[MAX_FIELD];
    uint8_t tag[MAX_SIZE];
    const size_t n = r->pt.len;
    const uint8_t *ad = r->ad.data, *nonce = r->nonce.data, *key = r->key.data;
    size_t c_len = 0, m_len = 0;

    CHECK(r->key.len == a->key_size && r->nonce.len == a->nonce_size);
    CHECK(r->ct.len == n + a->tag_size);
    /* Attached tag, the shape of the KAT files. */
    CHECK(lwc_aead_seal(a, c, &c_len, r->pt.data, n, ad, r->ad.len, nonce, key) == LWC_OK);
    CHECK(c_len == r->ct.len && memcmp(c, r->ct.data, c_len) == 0);
    CHECK(lwc_aead_open(a, m, &m_len, r->ct.data, r->ct.len, ad, r->ad.len, nonce, key) ==
          LWC_OK);
    CHECK(m_len == n && memcmp(m, r->pt.data, n) == 0);
    /* Detached tag, in place. */
    memcpy(buf, r->pt.data, n);
    CHECK(lwc_aead_encrypt(a, buf, tag, buf, n, ad, r->ad.len, nonce, key) == LWC_OK);
    CHECK(memcmp(buf, r->ct.data, n) == 0 && memcmp(tag, r->ct.data + n, a->tag_size) == 0);
    CHECK(lwc_aead_decrypt(a, buf, buf, n, tag, ad, r->ad.len, nonce, key) == LWC_OK);
    CHECK(memcmp(buf, r->pt.data, n) == 0);
    /* A flipped tag bit: rejected, and the output holds zeros, not plaintext. */
    memcpy(c, r->ct.data, r->ct.len);
    c[r->ct.len - 1] ^= 0x80;
    memset(m, 0xA5, n);
    CHECK(lwc_aead_open(a, m, &m_len, c, r->ct.len, ad, r->ad.len, nonce, key) ==
          LWC_ERR_VERIFY);
    CHECK(m_len == 0 && all_zero(m, n));
}

static void check_aead_arguments(const lwc_aead *a) {
    uint8_t key[MAX_SIZE] = {0}, nonce[MAX_SIZE] = {0}, tag[MAX_SIZE] = {0};
    uint8_t c[2 * MAX_SIZE] = {0}, m[2 * MAX_SIZE] = {0};
    const size_t t = a->tag_size;
    size_t len = 99;
    const lwc_aead foreign = *a, zeroed = {0};

    snprintf(context, sizeof context, "%s arguments", a->name);
    /* NULL is fine with a length of 0. */
    CHECK(lwc_aead_seal(a, c, &len, NULL, 0, NULL, 0, nonce, key) == LWC_OK && len == t);
    CHECK(lwc_aead_open(a, NULL, &len, c, t, NULL, 0, nonce, key) == LWC_OK && len == 0);
    CHECK(lwc_aead_encrypt(a, NULL, tag, NULL, 0, NULL, 0, nonce, key) == LWC_OK);
    CHECK(lwc_aead_decrypt(a, NULL, NULL, 0, tag, NULL, 0, nonce, key) == LWC_OK);
    /* NULL with a nonzero length, or where a pointer is always needed. */
    CHECK(lwc_aead_seal(a, c, &len, NULL, 1, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT && len == 0);
    CHECK(lwc_aead_seal(a, c, &len, m, 1, NULL, 1, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_seal(a, NULL, &len, m, 1, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_seal(NULL, c, &len, m, 1, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_open(NULL, m, &len, c, t, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_encrypt(NULL, c, tag, m, 1, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_decrypt(NULL, m, c, 1, tag, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    /* A descriptor that is not the library's (a copy, or zeroed memory): refused, never
     * read through. */
    CHECK(lwc_aead_seal(&foreign, c, &len, m, 1, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_open(&zeroed, m, &len, c, t, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_encrypt(&zeroed, c, tag, m, 1, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_decrypt(&foreign, m, c, 1, tag, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_seal(a, c, &len, m, 1, NULL, 0, NULL, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_seal(a, c, &len, m, 1, NULL, 0, nonce, NULL) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_encrypt(a, NULL, tag, m, 1, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_encrypt(a, c, NULL, m, 1, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_decrypt(a, m, c, 1, NULL, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_decrypt(a, NULL, c, 1, tag, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_open(a, NULL, &len, c, t + 1, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_open(a, m, &len, NULL, t, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    /* Lengths out of range: a ciphertext shorter than a tag, a size that overflows. */
    CHECK(lwc_aead_open(a, m, &len, c, t - 1, NULL, 0, nonce, key) == LWC_ERR_LENGTH);
    CHECK(lwc_aead_open(a, m, &len, c, 0, NULL, 0, nonce, key) == LWC_ERR_LENGTH);
    CHECK(lwc_aead_seal(a, c, &len, m, SIZE_MAX - t + 1, NULL, 0, nonce, key) == LWC_ERR_LENGTH);
    CHECK(lwc_aead_seal(a, c, &len, m, SIZE_MAX, NULL, 0, nonce, key) == LWC_ERR_LENGTH);
    CHECK(len == 0);
}

/* One changed byte of the ciphertext, the tag, the AD or the nonce: LWC_ERR_VERIFY, a
 * count of 0, and an output of zeros (attached and detached). */
static void check_aead_tampering(const lwc_aead *a) {
    enum { N = 40 };
    uint8_t key[MAX_SIZE], nonce[MAX_SIZE], ad[N], msg[N], sealed[N + MAX_SIZE], out[N];
    uint8_t *const parts[] = {sealed, sealed + N, ad, nonce};
    static const char *const names[] = {"ciphertext", "tag", "AD", "nonce"};
    size_t i, len;

    for (i = 0; i < MAX_SIZE; ++i) key[i] = (uint8_t)i, nonce[i] = (uint8_t)(3 * i);
    for (i = 0; i < N; ++i) ad[i] = (uint8_t)(5 * i), msg[i] = (uint8_t)(7 * i + 1);
    CHECK(lwc_aead_seal(a, sealed, &len, msg, N, ad, N, nonce, key) == LWC_OK);
    for (i = 0; i < sizeof parts / sizeof parts[0]; ++i) {
        snprintf(context, sizeof context, "%s with a changed %s", a->name, names[i]);
        parts[i][1] ^= 0x10;
        memset(out, 0xA5, N);
        len = 99;
        CHECK(lwc_aead_open(a, out, &len, sealed, N + a->tag_size, ad, N, nonce, key) ==
              LWC_ERR_VERIFY);
        CHECK(len == 0 && all_zero(out, N));
        memset(out, 0xA5, N);
        CHECK(lwc_aead_decrypt(a, out, sealed, N, sealed + N, ad, N, nonce, key) ==
              LWC_ERR_VERIFY);
        CHECK(all_zero(out, N));
        parts[i][1] ^= 0x10;
    }
    snprintf(context, sizeof context, "%s unchanged", a->name);
    CHECK(lwc_aead_open(a, out, &len, sealed, N + a->tag_size, ad, N, nonce, key) == LWC_OK);
    CHECK(len == N && memcmp(out, msg, N) == 0);
}

/* Outputs that partly overlap an input or another output: refused with
 * LWC_ERR_ARGUMENT and nothing written (the case: sealing big into big + 1
 * gave a tag over data it had itself changed). Exactly in place and merely adjacent
 * buffers still work. */
static void check_aead_overlap(const lwc_aead *a) {
    enum { N = 200, ROOM = 2 * (N + MAX_SIZE) };
    static uint8_t big[ROOM], msg[N], copy[ROOM];
    uint8_t key[MAX_SIZE] = {1}, nonce[MAX_SIZE] = {2}, tag[MAX_SIZE], c[N + MAX_SIZE];
    const size_t t = a->tag_size;
    size_t i, len;
    const ptrdiff_t shifts[] = {1, -1, 7, (ptrdiff_t)N - 1};

    snprintf(context, sizeof context, "%s overlapping buffers", a->name);
    for (i = 0; i < N; ++i) msg[i] = (uint8_t)(i * 13 + 5);
    CHECK(lwc_aead_seal(a, c, &len, msg, N, msg, 10, nonce, key) == LWC_OK);
    for (i = 0; i < sizeof shifts / sizeof shifts[0]; ++i) {
        uint8_t *const m = big + MAX_SIZE, *const out = m + shifts[i];
        memcpy(m, msg, N);
        memcpy(copy, big, ROOM);
        len = 99;
        CHECK(lwc_aead_seal(a, out, &len, m, N, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
        CHECK(len == 0 && memcmp(copy, big, ROOM) == 0);
        CHECK(lwc_aead_encrypt(a, out, tag, m, N, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
        memcpy(m, c, N + t);
        memcpy(copy, big, ROOM);
        CHECK(lwc_aead_open(a, out, &len, m, N + t, msg, 10, nonce, key) == LWC_ERR_ARGUMENT);
        CHECK(lwc_aead_decrypt(a, out, m, N, m + N, msg, 10, nonce, key) == LWC_ERR_ARGUMENT);
        CHECK(len == 0 && memcmp(copy, big, ROOM) == 0);
    }
    /* The tag written over the message or the AD, the ciphertext over the AD, nonce or
     * key, the plaintext over the tag, AD, nonce or key. */
    memcpy(big, msg, N);
    CHECK(lwc_aead_encrypt(a, c, big + N - 1, big, N, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_encrypt(a, c, big + 3, msg, N, big, N, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_seal(a, big, &len, msg, N, big + N, 1, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_seal(a, big, &len, msg, N, NULL, 0, big + 5, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_seal(a, big, &len, msg, N, NULL, 0, nonce, big + N) == LWC_ERR_ARGUMENT);
    memcpy(big, c, N + t);
    CHECK(lwc_aead_decrypt(a, big + N, c, N, big + N, NULL, 0, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_open(a, big, &len, c, N + t, big + 10, 1, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_open(a, big, &len, c, N + t, msg, 10, big, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_open(a, big, &len, c, N + t, msg, 10, nonce, big + 1) == LWC_ERR_ARGUMENT);
    /* Inputs may overlap each other; in place and adjacent outputs work. */
    memcpy(big, msg, N);
    CHECK(lwc_aead_seal(a, big, &len, big, N, big, 10, nonce, key) == LWC_ERR_ARGUMENT);
    CHECK(lwc_aead_seal(a, big + N + t, &len, big, N, big + 2, 10, nonce, key) == LWC_OK);
    CHECK(lwc_aead_open(a, msg, &len, big + N + t, N + t, big + 2, 10, nonce, key) == LWC_OK);
    CHECK(len == N && memcmp(msg, big, N) == 0);
    CHECK(lwc_aead_seal(a, big, &len, big, N, msg, 10, nonce, key) == LWC_OK);
    CHECK(len == N + t && memcmp(big, c, N + t) == 0);
    CHECK(lwc_aead_open(a, big, &len, big, N + t, msg, 10, nonce, key) == LWC_OK);
    CHECK(len == N && memcmp(big, msg, N) == 0);
}

/* ---------------------------------------------------------------- hash */

static void check_hash_record(const struct lwc_hash *h, const record *r) {
    uint8_t out[MAX_SIZE], forked[MAX_SIZE];
    const uint8_t *msg = r->msg.data;
    const size_t len = r->msg.len;
    size_t pos = 0, step = 0, fork_at = 0;
    lwc_hash_state st, fork;

    CHECK(r->md.len == h->digest_size);
    CHECK(lwc_hash(h, out, msg, len) == LWC_OK && memcmp(out, r->md.data, r->md.len) == 0);
    /* Incremental, in pieces of 0, 1, 2, ..., block_size + 1 bytes; forked half-way. */
    CHECK(lwc_hash_init(h, &st) == LWC_OK);
    while (pos < len) {
        const size_t take = step < len - pos ? step : len - pos;
        if (fork_at == 0 && pos >= len / 2) {
            CHECK(lwc_hash_copy(&fork, &st) == LWC_OK);
            fork_at = pos + 1; /* + 1: 0 means "not forked yet" */
        }
        CHECK(lwc_hash_update(&st, msg + pos, take) == LWC_OK);
        pos += take;
        step = (step + 1) % (h->block_size + 2);
    }
    CHECK(lwc_hash_final(&st, out) == LWC_OK && memcmp(out, r->md.data, r->md.len) == 0);
    if (fork_at != 0) {
        CHECK(lwc_hash_update(&fork, msg + fork_at - 1, len - (fork_at - 1)) == LWC_OK);
        CHECK(lwc_hash_final(&fork, forked) == LWC_OK);
        CHECK(memcmp(forked, r->md.data, r->md.len) == 0);
    }
}

static void check_hash_arguments(const struct lwc_hash *h) {
    uint8_t out[MAX_SIZE], again[MAX_SIZE], in[3] = {1, 2, 3};
    lwc_hash_state st, other;
    struct lwc_hash foreign = *h;
    lwc_hash_state *small;

    snprintf(context, sizeof context, "%s arguments", h->name);
    CHECK(h->state_size > 0 && h->state_size <= sizeof(lwc_hash_state));
    CHECK(lwc_hash(h, out, NULL, 0) == LWC_OK);
    CHECK(lwc_hash(h, out, NULL, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash(h, out, NULL, SIZE_MAX) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash(h, NULL, in, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash(NULL, out, in, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash_init(h, NULL) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash_init(&foreign, &st) == LWC_ERR_ARGUMENT); /* not one of the library's */
    /* A state never initialized. */
    memset(&st, 0xA5, sizeof st);
    CHECK(lwc_hash_update(&st, in, 1) == LWC_ERR_STATE);
    CHECK(lwc_hash_final(&st, out) == LWC_ERR_STATE);
    CHECK(lwc_hash_copy(&other, &st) == LWC_ERR_STATE);
    /* NULL arguments on a live state, then a finalized state. */
    CHECK(lwc_hash_init(h, &st) == LWC_OK);
    CHECK(lwc_hash_update(&st, NULL, 0) == LWC_OK);
    CHECK(lwc_hash_update(&st, NULL, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash_update(NULL, in, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash_final(&st, NULL) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash_copy(NULL, &st) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash_final(&st, out) == LWC_OK);
    CHECK(lwc_hash_update(&st, in, 1) == LWC_ERR_STATE);
    CHECK(lwc_hash_final(&st, out) == LWC_ERR_STATE);
    CHECK(lwc_hash_copy(&other, &st) == LWC_ERR_STATE);
    /* A heap buffer of exactly state_size bytes serves as a state. */
    small = (lwc_hash_state *)malloc(h->state_size);
    CHECK(small != NULL);
    if (small == NULL) return;
    CHECK(lwc_hash_init(h, small) == LWC_OK && lwc_hash_update(small, in, 3) == LWC_OK);
    CHECK(lwc_hash_final(small, out) == LWC_OK);
    CHECK(lwc_hash(h, again, in, 3) == LWC_OK && memcmp(out, again, h->digest_size) == 0);
    free(small);
}

/* The digest over part of its own input, or the input or digest inside the state:
 * refused. Exactly in place (out == in) works. */
static void check_hash_overlap(const struct lwc_hash *h) {
    uint8_t buf[2 * MAX_SIZE + 1], want[MAX_SIZE], copy[sizeof buf];
    lwc_hash_state st, other;
    size_t i;

    snprintf(context, sizeof context, "%s overlapping buffers", h->name);
    for (i = 0; i < sizeof buf; ++i) buf[i] = (uint8_t)i;
    CHECK(lwc_hash(h, want, buf, sizeof buf) == LWC_OK);
    memcpy(copy, buf, sizeof buf);
    CHECK(lwc_hash(h, buf + 1, buf, sizeof buf - 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash(h, buf, buf + 1, sizeof buf - 1) == LWC_ERR_ARGUMENT);
    CHECK(memcmp(copy, buf, sizeof buf) == 0);
    CHECK(lwc_hash(h, buf, buf, sizeof buf) == LWC_OK && memcmp(buf, want, h->digest_size) == 0);
    CHECK(lwc_hash_init(h, &st) == LWC_OK);
    CHECK(lwc_hash_update(&st, (const uint8_t *)&st + 8, 8) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash_final(&st, (uint8_t *)&st + 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash_copy((lwc_hash_state *)((uint8_t *)&st + 8), &st) == LWC_ERR_ARGUMENT);
    CHECK(lwc_hash_copy(&st, &st) == LWC_OK && lwc_hash_copy(&other, &st) == LWC_OK);
    CHECK(lwc_hash_final(&st, buf) == LWC_OK && lwc_hash_final(&other, buf) == LWC_OK);
}

/* ---------------------------------------------------------------- XOF */

/* Squeezes n bytes of st into out in pieces of 0, 1, 2, ..., limit - 1 bytes. */
static void squeeze_in_pieces(lwc_xof_state *st, uint8_t *out, size_t n, size_t limit) {
    size_t pos = 0, step = 0;
    while (pos < n) {
        const size_t take = step < n - pos ? step : n - pos;
        CHECK(lwc_xof_squeeze(st, out + pos, take) == LWC_OK);
        pos += take;
        step = (step + 1) % limit;
    }
}

static void check_xof_record(const struct lwc_xof *x, const record *r) {
    static uint8_t out[MAX_FIELD], forked[MAX_FIELD];
    const uint8_t *msg = r->msg.data, *z = r->z.data;
    const size_t len = r->msg.len, n = r->md.len;
    size_t pos = 0, step = 0, fork_at = 0;
    lwc_xof_state st, fork;

    CHECK(n > 0 && r->z.len <= x->max_customization_size);
    if (r->z.len == 0)
        CHECK(lwc_xof(x, out, n, msg, len) == LWC_OK && memcmp(out, r->md.data, n) == 0);
    /* Incremental, in pieces of 0, 1, 2, ..., block_size + 1 bytes; forked half-way. */
    CHECK(lwc_xof_init(x, &st, z, r->z.len) == LWC_OK);
    while (pos < len) {
        const size_t take = step < len - pos ? step : len - pos;
        if (fork_at == 0 && pos >= len / 2) {
            CHECK(lwc_xof_copy(&fork, &st) == LWC_OK);
            fork_at = pos + 1; /* + 1: 0 means "not forked yet" */
        }
        CHECK(lwc_xof_update(&st, msg + pos, take) == LWC_OK);
        pos += take;
        step = (step + 1) % (x->block_size + 2);
    }
    /* Squeezed in pieces, forked half-way through the output too. */
    squeeze_in_pieces(&st, out, n / 2, x->block_size + 2);
    CHECK(lwc_xof_update(&st, msg, 0) == LWC_ERR_STATE); /* absorbing is over */
    squeeze_in_pieces(&st, out + n / 2, n - n / 2, 3);
    CHECK(memcmp(out, r->md.data, n) == 0);
    CHECK(lwc_xof_clear(&st) == LWC_OK);
    if (fork_at != 0) {
        CHECK(lwc_xof_update(&fork, msg + fork_at - 1, len - (fork_at - 1)) == LWC_OK);
        CHECK(lwc_xof_squeeze(&fork, forked, n) == LWC_OK);
        CHECK(memcmp(forked, r->md.data, n) == 0);
        CHECK(lwc_xof_clear(&fork) == LWC_OK);
    }
}

/* A fork taken while squeezing goes on with the same stream. */
static void check_xof_squeeze_fork(const struct lwc_xof *x) {
    uint8_t a[200], b[200], whole[300];
    lwc_xof_state st, fork;
    CHECK(lwc_xof(x, whole, sizeof whole, (const uint8_t *)"abc", 3) == LWC_OK);
    CHECK(lwc_xof_init(x, &st, NULL, 0) == LWC_OK && lwc_xof_update(&st, (const uint8_t *)"abc", 3) == LWC_OK);
    CHECK(lwc_xof_squeeze(&st, a, 100) == LWC_OK && lwc_xof_copy(&fork, &st) == LWC_OK);
    CHECK(lwc_xof_squeeze(&st, a + 100, 100) == LWC_OK);
    CHECK(lwc_xof_squeeze(&fork, b, 200) == LWC_OK);
    CHECK(memcmp(a, whole, 200) == 0 && memcmp(b, whole + 100, 200) == 0);
    CHECK(lwc_xof_clear(&st) == LWC_OK && lwc_xof_clear(&fork) == LWC_OK);
}

static void check_xof_arguments(const struct lwc_xof *x) {
    uint8_t out[64], in[3] = {1, 2, 3}, z[LWC_HASH_MAX_DIGEST_SIZE * 8];
    lwc_xof_state st, other;
    struct lwc_xof foreign = *x;
    const size_t too_long = x->max_customization_size + 1;

    snprintf(context, sizeof context, "%s arguments", x->name);
    CHECK(x->state_size > 0 && x->state_size <= sizeof(lwc_xof_state) && x->block_size > 0);
    memset(z, 0, sizeof z);
    CHECK(too_long <= sizeof z);
    CHECK(lwc_xof(x, out, 0, NULL, 0) == LWC_OK && lwc_xof(x, NULL, 0, in, 3) == LWC_OK);
    CHECK(lwc_xof(x, NULL, 1, in, 3) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof(x, out, 1, NULL, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof(NULL, out, 1, in, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof(&foreign, out, 1, in, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_init(x, NULL, NULL, 0) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_init(&foreign, &st, NULL, 0) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_init(x, &st, NULL, 1) == LWC_ERR_ARGUMENT);
    /* The longest string it takes, and one byte more (any byte for one that takes none:
     * a status of its own, whose text says so). */
    CHECK(lwc_xof_init(x, &st, z, too_long) ==
          (x->max_customization_size == 0 ? LWC_ERR_CUSTOMIZATION : LWC_ERR_LENGTH));
    if (x->max_customization_size == 0)
        CHECK(lwc_xof_init(x, &st, z, 300) == LWC_ERR_CUSTOMIZATION);
    CHECK(lwc_xof_init(x, &st, z, too_long - 1) == LWC_OK && lwc_xof_clear(&st) == LWC_OK);
    /* Never initialized or cleared: a state error. A hash state is no XOF state. */
    memset(&st, 0, sizeof st);
    CHECK(lwc_xof_update(&st, in, 1) == LWC_ERR_STATE);
    CHECK(lwc_xof_squeeze(&st, out, 1) == LWC_ERR_STATE);
    CHECK(lwc_xof_copy(&other, &st) == LWC_ERR_STATE);
    CHECK(lwc_xof_clear(&st) == LWC_OK);
    CHECK(lwc_hash_init(lwc_hash_at(0), &st) == LWC_OK);
    CHECK(lwc_xof_squeeze(&st, out, 1) == LWC_ERR_STATE && lwc_hash_final(&st, out) == LWC_OK);
    CHECK(lwc_xof_init(x, &st, NULL, 0) == LWC_OK);
    CHECK(lwc_hash_update(&st, in, 1) == LWC_ERR_STATE);
    CHECK(lwc_xof_update(&st, NULL, 0) == LWC_OK);
    CHECK(lwc_xof_update(&st, NULL, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_update(NULL, in, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_squeeze(&st, NULL, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_squeeze(NULL, out, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_copy(NULL, &st) == LWC_ERR_ARGUMENT && lwc_xof_clear(NULL) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_squeeze(&st, NULL, 0) == LWC_OK);
    CHECK(lwc_xof_update(&st, in, 1) == LWC_ERR_STATE); /* after a squeeze, even of 0 bytes */
    CHECK(lwc_xof_squeeze(&st, out, 1) == LWC_OK);
    /* Overlaps: with the state, and a one-shot output partly over its input. */
    CHECK(lwc_xof_squeeze(&st, (uint8_t *)&st + 1, 1) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_copy((lwc_xof_state *)((uint8_t *)&st + 8), &st) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_copy(&st, &st) == LWC_OK);
    CHECK(lwc_xof_clear(&st) == LWC_OK);
    CHECK(all_zero((const uint8_t *)&st + 8, x->state_size - 8)); /* wiped */
    CHECK(lwc_xof_squeeze(&st, out, 1) == LWC_ERR_STATE);
    CHECK(lwc_xof_init(x, &st, NULL, 0) == LWC_OK);
    CHECK(lwc_xof_update(&st, (const uint8_t *)&st + 8, 8) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof_clear(&st) == LWC_OK);
    if (x->max_customization_size > 0)
        CHECK(lwc_xof_init(x, &st, (const uint8_t *)&st + 8, 1) == LWC_ERR_ARGUMENT);
    memcpy(z, in, 3);
    CHECK(lwc_xof(x, out, 3, z, 3) == LWC_OK);
    CHECK(lwc_xof(x, z + 1, 3, z, 3) == LWC_ERR_ARGUMENT);
    CHECK(lwc_xof(x, z, 3, z, 3) == LWC_OK && memcmp(z, out, 3) == 0); /* in place */
}

/* ---------------------------------------------------------------- the whole library */

/* A descriptor's code path is one its backend has. */
static int path_in(const char *path, const char *backend) {
    return strcmp(path, "portable") == 0 || strcmp(path, "sse2") == 0 ||
           ((strcmp(path, "bmi2") == 0 || strcmp(path, "avx2") == 0) &&
            strcmp(backend, "portable") != 0) ||
           (strcmp(path, "avx512") == 0 && strcmp(backend, "avx512") == 0);
}

static void check_lookup(const char *backend) {
    const int codes[] = {LWC_OK, LWC_ERR_VERIFY, LWC_ERR_ARGUMENT, LWC_ERR_LENGTH, LWC_ERR_STATE,
                         LWC_ERR_FORMAT, LWC_ERR_TRUNCATED, LWC_ERR_READ, LWC_ERR_CUSTOMIZATION,
                         LWC_ERR_VERSION};
    size_t i, j;

    snprintf(context, sizeof context, "lookup");
    CHECK(lwc_abi_version() == LWC_ABI_VERSION);
    CHECK(lwc_aead_count() > 0 && lwc_hash_count() > 0);
    CHECK(lwc_aead_find("no-such-scheme") == NULL && lwc_hash_find("no-such-scheme") == NULL);
    CHECK(lwc_aead_find(NULL) == NULL && lwc_hash_find(NULL) == NULL);
    /* Names in any ASCII case; a prefix or a longer name is no match. */
    CHECK(lwc_aead_find("XOODYAK") == lwc_aead_find("xoodyak") && lwc_aead_find("XOODYAK"));
    CHECK(lwc_aead_find("Xoodyak") != NULL && lwc_hash_find("ESCH256") == lwc_hash_find("esch256"));
    CHECK(lwc_hash_find("Xoodyak-Hash") != NULL && lwc_aead_find("xoodya") == NULL);
    CHECK(lwc_aead_find("xoodyakk") == NULL && lwc_hash_find("esch256 ") == NULL);
    CHECK(lwc_aead_at(lwc_aead_count()) == NULL && lwc_hash_at(lwc_hash_count()) == NULL);
    CHECK(lwc_xof_count() > 0 && lwc_xof_at(lwc_xof_count()) == NULL);
    CHECK(lwc_xof_find("no-such-scheme") == NULL && lwc_xof_find(NULL) == NULL);
    for (i = 0; i < lwc_xof_count(); ++i) {
        const struct lwc_xof *x = lwc_xof_at(i);
        char upper[64];
        for (j = 0; x->name[j] != '\0' && j + 1 < sizeof upper; ++j)
            upper[j] = (char)(x->name[j] >= 'a' && x->name[j] <= 'z' ? x->name[j] - 32 : x->name[j]);
        upper[j] = '\0';
        CHECK(lwc_xof_find(x->name) == x && lwc_xof_find(upper) == x);
        CHECK(lwc_hash_find(x->name) == NULL && lwc_aead_find(x->name) == NULL);
        CHECK(path_in(x->backend, backend));
    }
    for (i = 0; i < lwc_aead_count(); ++i) {
        const lwc_aead *a = lwc_aead_at(i);
        CHECK(lwc_aead_find(a->name) == a && lwc_hash_find(a->name) == NULL);
        CHECK(a->key_size > 0 && a->nonce_size > 0 && a->tag_size > 0);
        CHECK(a->key_size <= LWC_AEAD_MAX_KEY_SIZE && a->nonce_size <= LWC_AEAD_MAX_NONCE_SIZE &&
              a->tag_size <= LWC_AEAD_MAX_TAG_SIZE);
        CHECK(path_in(a->backend, backend));
    }
    for (i = 0; i < lwc_hash_count(); ++i) {
        const struct lwc_hash *h = lwc_hash_at(i);
        CHECK(lwc_hash_find(h->name) == h && lwc_aead_find(h->name) == NULL);
        CHECK(h->digest_size > 0 && h->digest_size <= LWC_HASH_MAX_DIGEST_SIZE && h->block_size > 0);
        CHECK(path_in(h->backend, backend));
    }
    /* The texts name the commonest cause first: a state used after lwc_hash_final. */
    CHECK(strncmp(lwc_strerror(LWC_ERR_STATE), "state already finalized, or not initialized",
                  strlen("state already finalized, or not initialized")) == 0);
    CHECK(strcmp(lwc_strerror(LWC_ERR_CUSTOMIZATION), "this XOF takes no customization string") == 0);
    CHECK(strcmp(lwc_strerror(LWC_ERR_VERSION), "unsupported stream format version") == 0);
    for (i = 0; i < sizeof codes / sizeof codes[0]; ++i) {
        CHECK(strcmp(lwc_strerror(codes[i]), lwc_strerror(12345)) != 0);
        for (j = 0; j < i; ++j) CHECK(strcmp(lwc_strerror(codes[i]), lwc_strerror(codes[j])) != 0);
    }
}

/* Runs every record of <dir>/<name>.txt through check_record; returns the count. */
static size_t run_kat(const char *dir, const char *name, const void *alg,
                      void (*check_record)(const void *alg, const record *r)) {
    static record r;
    size_t records = 0;
    FILE *in = open_kat(dir, name);
    if (in == NULL) {
        ++failures;
        return 0;
    }
    while (read_record(in, &r)) {
        snprintf(context, sizeof context, "%s KAT Count = %ld", name, r.count);
        check_record(alg, &r);
        ++records;
    }
    fclose(in);
    CHECK(records > 0);
    return records;
}

static void aead_record(const void *alg, const record *r) { check_aead_record(alg, r); }
static void hash_record(const void *alg, const record *r) { check_hash_record(alg, r); }
static void xof_record(const void *alg, const record *r) { check_xof_record(alg, r); }

/* lwc.h's named descriptors: each is a scheme lwc_*_find finds, with its sizes, and
 * sealing through it gives what sealing through the found one gives (on x86-64, whose
 * liblwc has several backends, the named one runs the chosen backend: "auto"). */
static void check_named_aead(const lwc_aead *named) {
    const lwc_aead *found = lwc_aead_find(named->name);
    static const uint8_t key[MAX_SIZE], nonce[MAX_SIZE], msg[40] = {1, 2, 3};
    uint8_t c1[40 + MAX_SIZE], c2[40 + MAX_SIZE], m[40];
    size_t n1 = 0, n2 = 0, m_len = 0;
    snprintf(context, sizeof context, "named %s", named->name);
    CHECK(found != NULL);
    if (found == NULL) return;
    CHECK(named == found || strcmp(named->backend, "auto") == 0);
    CHECK(named->key_size == found->key_size && named->nonce_size == found->nonce_size &&
          named->tag_size == found->tag_size);
    CHECK(lwc_aead_seal(named, c1, &n1, msg, sizeof msg, msg, 3, nonce, key) == LWC_OK);
    CHECK(lwc_aead_seal(found, c2, &n2, msg, sizeof msg, msg, 3, nonce, key) == LWC_OK);
    CHECK(n1 == n2 && memcmp(c1, c2, n1) == 0);
    CHECK(lwc_aead_open(named, m, &m_len, c2, n2, msg, 3, nonce, key) == LWC_OK);
    CHECK(m_len == sizeof msg && memcmp(m, msg, m_len) == 0);
    CHECK(lwc_stream_header_size(named) == lwc_stream_header_size(found));
}

static void check_named_hash(const struct lwc_hash *named) {
    const struct lwc_hash *found = lwc_hash_find(named->name);
    uint8_t d1[MAX_SIZE], d2[MAX_SIZE];
    lwc_hash_state st;
    snprintf(context, sizeof context, "named %s", named->name);
    CHECK(found != NULL && (named == found || strcmp(named->backend, "auto") == 0));
    if (found == NULL) return;
    CHECK(named->digest_size == found->digest_size && named->state_size >= found->state_size);
    CHECK(lwc_hash(named, d1, (const uint8_t *)"abc", 3) == LWC_OK);
    CHECK(lwc_hash(found, d2, (const uint8_t *)"abc", 3) == LWC_OK);
    CHECK(memcmp(d1, d2, named->digest_size) == 0);
    CHECK(lwc_hash_init(named, &st) == LWC_OK && lwc_hash_final(&st, d2) == LWC_OK);
}

static void check_named_xof(const struct lwc_xof *named) {
    const struct lwc_xof *found = lwc_xof_find(named->name);
    uint8_t d1[50], d2[50];
    snprintf(context, sizeof context, "named %s", named->name);
    CHECK(found != NULL && (named == found || strcmp(named->backend, "auto") == 0));
    if (found == NULL) return;
    CHECK(lwc_xof(named, d1, sizeof d1, (const uint8_t *)"abc", 3) == LWC_OK);
    CHECK(lwc_xof(found, d2, sizeof d2, (const uint8_t *)"abc", 3) == LWC_OK);
    CHECK(memcmp(d1, d2, sizeof d1) == 0);
}

#define CHECK_NAMED_AEAD(id) check_named_aead(&lwc_##id);
#define CHECK_NAMED_HASH(id) check_named_hash(&lwc_##id);
#define CHECK_NAMED_XOF(id) check_named_xof(&lwc_##id);

/* Backends from slowest to fastest: choosing a slower one than asked means this CPU
 * lacks the one asked for; a faster one means the request was ignored. */
static int speed_rank(const char *backend) {
    static const char *const order[] = {"portable", "avx2", "avx512"};
    int i;
    for (i = 0; i < 3; ++i)
        if (strcmp(backend, order[i]) == 0) return i;
    return -1;
}

int main(int argc, char **argv) {
    const char *kat_dir, *wanted, *chosen;
    size_t i, records = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: %s <kat-dir> <backend>\n", argv[0]);
        return 2;
    }
    kat_dir = argv[1];
    wanted = argv[2];
    chosen = lwc_backend();
    if (strcmp(chosen, wanted) != 0) {
        const int skip = speed_rank(chosen) >= 0 && speed_rank(chosen) < speed_rank(wanted);
        printf("backend %s asked for, %s chosen: %s\n", wanted, chosen,
               skip ? "this CPU lacks it, skipped" : "FAILED");
        return skip ? 77 : 1;
    }
    check_lookup(chosen);
    LWC_AEAD_NAMES(CHECK_NAMED_AEAD)
    LWC_HASH_NAMES(CHECK_NAMED_HASH)
    LWC_XOF_NAMES(CHECK_NAMED_XOF)
    for (i = 0; i < lwc_aead_count(); ++i) {
        const lwc_aead *a = lwc_aead_at(i);
        records += run_kat(kat_dir, a->name, a, aead_record);
        check_aead_arguments(a);
        check_aead_tampering(a);
        check_aead_overlap(a);
    }
    for (i = 0; i < lwc_hash_count(); ++i) {
        const struct lwc_hash *h = lwc_hash_at(i);
        records += run_kat(kat_dir, h->name, h, hash_record);
        check_hash_arguments(h);
        check_hash_overlap(h);
    }
    for (i = 0; i < lwc_xof_count(); ++i) {
        const struct lwc_xof *x = lwc_xof_at(i);
        records += run_kat(kat_dir, x->name, x, xof_record);
        check_xof_squeeze_fork(x);
        check_xof_arguments(x);
    }
    printf("backend %s: %zu AEADs, %zu hashes, %zu XOFs, %zu KAT records: %s (%d failures)\n",
           chosen, lwc_aead_count(), lwc_hash_count(), lwc_xof_count(), records,
           failures ? "FAILED" : "ok", failures);
    return failures ? 1 : 0;
}
