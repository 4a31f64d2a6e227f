// SPDX-License-Identifier: MIT
/* The batch calls of liblwc's C ABI (lwc_aead_encrypt_many, lwc_aead_decrypt_many,
 * lwc_hash_many) against the single-message calls, for every AEAD and hash the library
 * lists, on the backend the process chose (CTest runs it once per backend): jobs of mixed
 * lengths (0..300 bytes and a few KiB; more jobs than two lane groups, with a short tail),
 * each its own key, or one key for all; forged tags in some jobs (those zeroed, the others
 * untouched); in place; a job with a NULL nonce refused alone.
 *
 *   lwc_capi_batch_test */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lwc.h>

#include "check.h"


#define JOBS 37
#define MAX_LEN 3000

static uint32_t rng = 12345;
static uint8_t next_byte(void) {
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return (uint8_t)rng;
}
static void fill(uint8_t *p, size_t n) {
    while (n--) *p++ = next_byte();
}
static size_t job_len(size_t i) { return i % 9 == 8 ? 1000 + i * 50 : (i * 37) % 301; }

static uint8_t keys[JOBS][LWC_AEAD_MAX_KEY_SIZE], nonces[JOBS][LWC_AEAD_MAX_NONCE_SIZE];
static uint8_t ads[JOBS][40], pts[JOBS][MAX_LEN], cts[JOBS][MAX_LEN], outs[JOBS][MAX_LEN];
static uint8_t tags[JOBS][LWC_AEAD_MAX_TAG_SIZE], want_tags[JOBS][LWC_AEAD_MAX_TAG_SIZE];
static uint8_t want_cts[JOBS][MAX_LEN];
static lwc_aead_job jobs[JOBS];

static int all_zero(const uint8_t *p, size_t n) {
    while (n--)
        if (*p++ != 0) return 0;
    return 1;
}

static void check_aead(const lwc_aead *a, int one_key) {
    const uint8_t *shared = one_key ? keys[0] : NULL;
    size_t i, bad;
    snprintf(context, sizeof context, "%s (%s)", a->name, one_key ? "one key" : "a key per job");
    for (i = 0; i < JOBS; ++i) {
        const size_t len = job_len(i), ad_len = i % 5 * 8;
        fill(keys[i], a->key_size);
        fill(nonces[i], a->nonce_size);
        fill(ads[i], ad_len);
        fill(pts[i], len);
        CHECK(lwc_aead_encrypt(a, want_cts[i], want_tags[i], pts[i], len, ads[i], ad_len,
                               nonces[i], one_key ? keys[0] : keys[i]) == LWC_OK);
        jobs[i] = (lwc_aead_job){keys[i], nonces[i], ads[i], ad_len, pts[i], len, cts[i], tags[i], -99};
    }
    CHECK(lwc_aead_encrypt_many(a, shared, jobs, JOBS) == 0);
    for (i = 0; i < JOBS; ++i) {
        CHECK(jobs[i].status == LWC_OK);
        CHECK(memcmp(cts[i], want_cts[i], jobs[i].len) == 0);
        CHECK(memcmp(tags[i], want_tags[i], a->tag_size) == 0);
    }
    /* Decrypt with every fourth tag forged: those zeroed and LWC_ERR_VERIFY. */
    for (i = 0; i < JOBS; ++i) {
        if (i % 4 == 1) tags[i][i % a->tag_size] ^= 0x40;
        memset(outs[i], 0xee, jobs[i].len);
        jobs[i].in = cts[i];
        jobs[i].out = outs[i];
    }
    bad = lwc_aead_decrypt_many(a, shared, jobs, JOBS);
    CHECK(bad == (JOBS + 2) / 4);
    for (i = 0; i < JOBS; ++i) {
        if (i % 4 == 1) {
            CHECK(jobs[i].status == LWC_ERR_VERIFY);
            CHECK(all_zero(outs[i], jobs[i].len));
            tags[i][i % a->tag_size] ^= 0x40;
        } else {
            CHECK(jobs[i].status == LWC_OK);
            CHECK(memcmp(outs[i], pts[i], jobs[i].len) == 0);
        }
    }
    /* In place, with one job refused (NULL nonce): it alone fails, its output zeroed. */
    for (i = 0; i < JOBS; ++i) {
        memcpy(outs[i], cts[i], jobs[i].len);
        jobs[i].in = jobs[i].out = outs[i];
    }
    jobs[3].nonce = NULL;
    CHECK(lwc_aead_decrypt_many(a, shared, jobs, JOBS) == 1);
    for (i = 0; i < JOBS; ++i) {
        if (i == 3) {
            CHECK(jobs[i].status == LWC_ERR_ARGUMENT && all_zero(outs[i], jobs[i].len));
        } else {
            CHECK(jobs[i].status == LWC_OK && memcmp(outs[i], pts[i], jobs[i].len) == 0);
        }
    }
    CHECK(lwc_aead_encrypt_many(a, shared, jobs, 0) == 0);
    CHECK(lwc_aead_encrypt_many(NULL, shared, jobs, JOBS) == (size_t)-1);
    CHECK(lwc_aead_decrypt_many(a, shared, NULL, 2) == (size_t)-1);
}

static void check_hash(const struct lwc_hash *h) {
    static uint8_t digests[JOBS][LWC_HASH_MAX_DIGEST_SIZE], want[LWC_HASH_MAX_DIGEST_SIZE];
    lwc_hash_job hj[JOBS];
    size_t i;
    snprintf(context, sizeof context, "%s", h->name);
    for (i = 0; i < JOBS; ++i) {
        fill(pts[i], job_len(i));
        hj[i] = (lwc_hash_job){pts[i], job_len(i), digests[i], -99};
    }
    hj[5].out = NULL;
    CHECK(lwc_hash_many(h, hj, JOBS) == 1);
    for (i = 0; i < JOBS; ++i) {
        if (i == 5) {
            CHECK(hj[i].status == LWC_ERR_ARGUMENT);
            continue;
        }
        CHECK(hj[i].status == LWC_OK);
        CHECK(lwc_hash(h, want, pts[i], job_len(i)) == LWC_OK);
        CHECK(memcmp(digests[i], want, h->digest_size) == 0);
    }
}

int main(void) {
    size_t i;
    for (i = 0; i < lwc_aead_count(); ++i) {
        check_aead(lwc_aead_at(i), 0);
        check_aead(lwc_aead_at(i), 1);
    }
    for (i = 0; i < lwc_hash_count(); ++i) check_hash(lwc_hash_at(i));
    printf("backend %s: %zu AEADs, %zu hashes in batches: %s (%d failures)\n", lwc_backend(),
           lwc_aead_count(), lwc_hash_count(), failures ? "FAILED" : "ok", failures);
    return failures ? 1 : 0;
}
