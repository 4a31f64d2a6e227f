// SPDX-License-Identifier: MIT
/* One benchmark/KAT driver for every implementation in the peer comparison.
 * It is linked with one glue file (glue_*.c/cpp) that adapts an implementation's API
 * to the two calls below, so every contender, lwcrypto included, is timed by the same
 * code through one out-of-line call per message.
 *
 *   driver kat FILE                 checks every record of an official KAT file
 *   driver bench SECONDS LEN...     one sample per LEN: MB/s of message, per-thread CPU
 *
 * Built with -DLWCB_HASH for a hash, without it for an AEAD (32 bytes of AD). */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* c receives ciphertext || tag. */
int bench_aead(unsigned char *c, const unsigned char *m, size_t mlen, const unsigned char *ad,
               size_t adlen, const unsigned char *npub, const unsigned char *k);
int bench_hash(unsigned char *out, const unsigned char *in, size_t inlen);

enum { MAX_FIELD = 4096, MAX_TAG = 64, AD_SIZE = 32 };

static int run_once(unsigned char *out, const unsigned char *in, size_t n,
                    const unsigned char *ad, size_t adlen, const unsigned char *nonce,
                    const unsigned char *key) {
#ifdef LWCB_HASH
    (void)ad, (void)adlen, (void)nonce, (void)key;
    return bench_hash(out, in, n);
#else
    return bench_aead(out, in, n, ad, adlen, nonce, key);
#endif
}

/* ---- KAT check ---- */

typedef struct {
    unsigned char b[MAX_FIELD];
    size_t n;
} field;

static int unhex(field *f, const char *s) {
    f->n = 0;
    while (s[0] && s[1] && s[0] != '\n' && s[0] != '\r') {
        unsigned v;
        if (f->n == MAX_FIELD || sscanf(s, "%2x", &v) != 1) return 0;
        f->b[f->n++] = (unsigned char)v;
        s += 2;
    }
    return 1;
}

static int check_kat(const char *path) {
    FILE *fp = fopen(path, "r");
    if (!fp) {
        perror(path);
        return 2;
    }
    static field key, nonce, pt, ad, want;
    static unsigned char got[MAX_FIELD + MAX_TAG];
    static char line[2 * MAX_FIELD + 64];
    long count = 0, records = 0, failed = 0;
    while (fgets(line, sizeof line, fp)) {
        char name[16];
        int off = 0;
        if (sscanf(line, "%15s =%n", name, &off) != 1 || off == 0) continue;
        const char *val = line + off;
        while (*val == ' ') ++val;
        field *f = !strcmp(name, "Key") ? &key : !strcmp(name, "Nonce") ? &nonce
                 : !strcmp(name, "PT") || !strcmp(name, "Msg") ? &pt : !strcmp(name, "AD") ? &ad
                 : !strcmp(name, "CT") || !strcmp(name, "MD") ? &want : NULL;
        if (!strcmp(name, "Count")) count = strtol(val, NULL, 10);
        if (!f) continue;
        if (!unhex(f, val)) {
            fprintf(stderr, "%s: record %ld: bad field %s\n", path, count, name);
            return 2;
        }
        if (f != &want) continue;
        memset(got, 0, sizeof got);
        ++records;
        if (run_once(got, pt.b, pt.n, ad.b, ad.n, nonce.b, key.b) != 0 ||
            memcmp(got, want.b, want.n) != 0) {
            if (failed++ < 3) fprintf(stderr, "%s: record %ld differs\n", path, count);
        }
    }
    fclose(fp);
    printf("%ld records, %ld failed\n", records, failed);
    return failed || records == 0 ? 1 : 0;
}

/* ---- timing ---- */

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Seconds of CPU time for `iters` calls on an n-byte message. */
static double time_calls(long iters, unsigned char *out, const unsigned char *in, size_t n) {
    static const unsigned char key[64] = {1}, nonce[64] = {2}, ad[AD_SIZE] = {3};
    const double t0 = cpu_seconds();
    for (long i = 0; i < iters; ++i) run_once(out, in, n, ad, AD_SIZE, nonce, key);
    return cpu_seconds() - t0;
}

/* MB/s of message: calibrated on a short run, then one run of about `seconds`. */
static double sample(size_t n, double seconds) {
    unsigned char *in = calloc(n + 1, 1), *out = calloc(n + MAX_TAG, 1);
    if (!in || !out) exit(2);
    memset(in, 4, n);
    long iters = 1;
    double t;
    while ((t = time_calls(iters, out, in, n)) < 0.01) iters *= 2;
    iters = (long)((double)iters * seconds / t) + 1;
    t = time_calls(iters, out, in, n);
    free(in);
    free(out);
    return (double)iters * (double)n / t / 1e6;
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "kat")) return check_kat(argv[2]);
    if (argc >= 4 && !strcmp(argv[1], "bench")) {
        const double seconds = atof(argv[2]);
        for (int i = 3; i < argc; ++i) {
            const size_t n = (size_t)strtoul(argv[i], NULL, 10);
            printf("%zu %.2f\n", n, sample(n, seconds));
        }
        return 0;
    }
    fprintf(stderr, "usage: %s kat FILE | bench SECONDS LEN...\n", argv[0]);
    return 2;
}
