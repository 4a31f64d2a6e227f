// SPDX-License-Identifier: MIT
/* A firmware program in C over liblwc.a and lwc.h: every KAT record of every AEAD and
 * hash the library lists, encrypted, decrypted (and a forged tag refused) and hashed
 * through the C ABI, and each AEAD's refusals (an overlap, a NULL tag: LWC_ERR_ARGUMENT,
 * nothing written; exactly in place: done). Usage: capi KAT_DIR; exit status 0 when
 * everything passed. */
#include <stdio.h>
#include <string.h>

#include "../kat_reader.h"
#include "lwc.h"

static struct kat_record record;
static char line[KAT_LINE];
/* The official AEAD records hold at most 32 bytes of message and a 32-byte tag; digests
 * are at most 64 bytes (LWC_HASH_MAX_DIGEST_SIZE). Small, for the 16 KiB boards. */
static uint8_t out[2 * LWC_HASH_MAX_DIGEST_SIZE], back[2 * LWC_HASH_MAX_DIGEST_SIZE];
static int failures;

static int fail(const char *scheme, const char *what, long count) {
    printf("FAIL %s: %s (record %ld)\n", scheme, what, count);
    ++failures;
    return 0;
}

static int aead_record(const lwc_aead *a, const struct kat_record *r) {
    size_t nk, nn, np, na, nc;
    const uint8_t *key = kat_field(r, "Key", &nk), *nonce = kat_field(r, "Nonce", &nn),
                  *pt = kat_field(r, "PT", &np), *ad = kat_field(r, "AD", &na),
                  *ct = kat_field(r, "CT", &nc);
    if (!key || !nonce || !pt || !ad || !ct || nk != a->key_size || nn != a->nonce_size ||
        nc != np + a->tag_size || nc > sizeof out)
        return fail(a->name, "malformed record", r->count);
    size_t len = 0;
    if (lwc_aead_seal(a, out, &len, pt, np, ad, na, nonce, key) != LWC_OK || len != nc ||
        memcmp(out, ct, nc) != 0)
        return fail(a->name, "ciphertext differs from the known answer", r->count);
    if (lwc_aead_open(a, back, &len, ct, nc, ad, na, nonce, key) != LWC_OK || len != np ||
        memcmp(back, pt, np) != 0)
        return fail(a->name, "decryption", r->count);
    out[nc - 1] ^= 1;
    if (lwc_aead_open(a, back, &len, out, nc, ad, na, nonce, key) != LWC_ERR_VERIFY)
        return fail(a->name, "a forged tag is accepted", r->count);
    return 1;
}

/* What lwc.h refuses with LWC_ERR_ARGUMENT and nothing written, and in place, which it
 * allows. The overlaps are the backend's checks (the compact path on these builds). */
static uint8_t area[160];
static int untouched(void) {
    for (size_t i = 0; i < sizeof area; ++i)
        if (area[i] != 0x5a) return 0;
    return 1;
}
static void refusals(const lwc_aead *a) {
    static const uint8_t key[LWC_AEAD_MAX_KEY_SIZE], nonce[LWC_AEAD_MAX_NONCE_SIZE];
    uint8_t tag[LWC_AEAD_MAX_TAG_SIZE];
    memset(area, 0x5a, sizeof area);
    if (lwc_aead_encrypt(a, area + 1, tag, area, 20, NULL, 0, nonce, key) != LWC_ERR_ARGUMENT ||
        lwc_aead_encrypt(a, area, area + 10, area + 40, 20, NULL, 0, nonce, key) != LWC_ERR_ARGUMENT ||
        lwc_aead_encrypt(a, area, NULL, area + 40, 20, NULL, 0, nonce, key) != LWC_ERR_ARGUMENT ||
        lwc_aead_decrypt(a, area, area + 40, 20, area + 10, NULL, 0, nonce, key) != LWC_ERR_ARGUMENT ||
        lwc_aead_decrypt(a, area + 41, area + 40, 20, tag, NULL, 0, nonce, key) != LWC_ERR_ARGUMENT ||
        !untouched())
        fail(a->name, "an overlap or a NULL tag is not refused, or the refused call wrote", -1);
    if (lwc_aead_encrypt(a, area, tag, area, 20, NULL, 0, nonce, key) != LWC_OK ||
        lwc_aead_decrypt(a, area, area, 20, tag, NULL, 0, nonce, key) != LWC_OK || area[0] != 0x5a)
        fail(a->name, "in place is refused or wrong", -1);
}

static int hash_record(const struct lwc_hash *h, const struct kat_record *r) {
    size_t nm, nd;
    const uint8_t *msg = kat_field(r, "Msg", &nm), *md = kat_field(r, "MD", &nd);
    if (!msg || !md || nd != h->digest_size || nd > sizeof out) return fail(h->name, "malformed record", r->count);
    if (lwc_hash(h, out, msg, nm) != LWC_OK || memcmp(out, md, nd) != 0)
        return fail(h->name, "digest differs from the known answer", r->count);
    return 1;
}

/* Every record of KAT_DIR/<name>.txt through check; returns how many passed. */
static long run_kat(const char *dir, const char *name, const void *alg,
                    int (*check)(const void *, const struct kat_record *)) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s.txt", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) return fail(name, "cannot open its KAT file", -1);
    long line_no = 0, passed = 0;
    int rc;
    while ((rc = kat_next(f, &record, line, &line_no)) == 1) passed += check(alg, &record);
    fclose(f);
    if (rc < 0 || passed == 0) fail(name, "KAT file unreadable or empty", -1);
    printf("ok %-22s KAT %4ld (through liblwc)\n", name, passed);
    return passed;
}

static int check_aead(const void *a, const struct kat_record *r) { return aead_record(a, r); }
static int check_hash(const void *h, const struct kat_record *r) { return hash_record(h, r); }

int main(int argc, char **argv) {
    if (argc < 2) {
        printf("usage: capi KAT_DIR\n");
        return 2;
    }
    for (size_t i = 0; i < lwc_aead_count(); ++i) {
        run_kat(argv[1], lwc_aead_at(i)->name, lwc_aead_at(i), check_aead);
        refusals(lwc_aead_at(i));
    }
    for (size_t i = 0; i < lwc_hash_count(); ++i)
        run_kat(argv[1], lwc_hash_at(i)->name, lwc_hash_at(i), check_hash);
    printf("%s: %d failure(s)\n", failures ? "FAILED" : "PASSED", failures);
    return failures ? 1 : 0;
}
