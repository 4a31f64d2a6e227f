// SPDX-License-Identifier: MIT
/* liblwc from C: encrypt and decrypt a message with an AEAD chosen by name, then hash
 * it in one call and in pieces. Build: cc demo_c.c $(pkg-config --cflags --libs lwc)
 * Usage: lwc_demo_c [aead-name [hash-name]]   (default: xoodyak, esch256) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lwc.h>

static void print_hex(const char *label, const uint8_t *p, size_t n) {
    size_t i;
    printf("%-8s", label);
    for (i = 0; i < n; ++i) printf("%02x", p[i]);
    printf("\n");
}

/* A lwc call that failed: say why and stop. */
static void check(int status, const char *what) {
    if (status == LWC_OK) return;
    fprintf(stderr, "%s: %s\n", what, lwc_strerror(status));
    exit(1);
}

int main(int argc, char **argv) {
    const char *aead_name = argc > 1 ? argv[1] : "xoodyak";
    const char *hash_name = argc > 2 ? argv[2] : "esch256";
    const lwc_aead *aead = lwc_aead_find(aead_name);
    const struct lwc_hash *hash = lwc_hash_find(hash_name);
    static const char text[] = "lightweight crypto for small devices";
    static const char header[] = "header v1";
    const uint8_t *msg = (const uint8_t *)text, *ad = (const uint8_t *)header;
    const size_t msg_len = sizeof text - 1, ad_len = sizeof header - 1;
    uint8_t key[LWC_AEAD_MAX_KEY_SIZE] = {0}, nonce[LWC_AEAD_MAX_NONCE_SIZE] = {0};
    uint8_t sealed[sizeof text + LWC_AEAD_MAX_TAG_SIZE], opened[sizeof text];
    uint8_t digest[LWC_HASH_MAX_DIGEST_SIZE];
    size_t sealed_len, opened_len, i;
    lwc_hash_state state;

    if (aead == NULL || hash == NULL) {
        fprintf(stderr, "unknown scheme; AEADs:");
        for (i = 0; i < lwc_aead_count(); ++i) fprintf(stderr, " %s", lwc_aead_at(i)->name);
        fprintf(stderr, "; hashes:");
        for (i = 0; i < lwc_hash_count(); ++i) fprintf(stderr, " %s", lwc_hash_at(i)->name);
        fprintf(stderr, "\n");
        return 2;
    }
    /* A real key comes from a key store or a CSPRNG; a nonce is never reused with a key. */
    for (i = 0; i < aead->key_size; ++i) key[i] = (uint8_t)i;
    for (i = 0; i < aead->nonce_size; ++i) nonce[i] = (uint8_t)(0xA0 + i);

    /* sealed = ciphertext || tag: msg_len + tag_size bytes. */
    check(lwc_aead_seal(aead, sealed, &sealed_len, msg, msg_len, ad, ad_len, nonce, key),
          "seal");
    printf("%s (%s backend): key %zu, nonce %zu, tag %zu bytes\n", aead->name, aead->backend,
           aead->key_size, aead->nonce_size, aead->tag_size);
    print_hex("sealed", sealed, sealed_len);
    check(lwc_aead_open(aead, opened, &opened_len, sealed, sealed_len, ad, ad_len, nonce, key),
          "open");
    printf("%-8s%.*s\n", "opened", (int)opened_len, (const char *)opened);

    /* A forged message is refused, and nothing of it is released. */
    sealed[0] ^= 1;
    printf("%-8s%s\n", "forged",
           lwc_strerror(lwc_aead_open(aead, opened, &opened_len, sealed, sealed_len, ad, ad_len,
                                      nonce, key)));

    /* Hashing: one call, or a caller-owned state fed in pieces. */
    check(lwc_hash(hash, digest, msg, msg_len), "hash");
    printf("%s (%s backend): digest %zu bytes\n", hash->name, hash->backend, hash->digest_size);
    print_hex("digest", digest, hash->digest_size);
    check(lwc_hash_init(hash, &state), "hash_init");
    check(lwc_hash_update(&state, msg, 11), "hash_update");
    check(lwc_hash_update(&state, msg + 11, msg_len - 11), "hash_update");
    check(lwc_hash_final(&state, digest), "hash_final");
    print_hex("pieces", digest, hash->digest_size);
    return 0;
}
