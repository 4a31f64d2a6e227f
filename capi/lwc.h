/* liblwc: the C ABI of lwcrypto, the NIST Lightweight Cryptography finalists.
 *
 * C99, no C++ in this header. Every scheme of the C++ registry is reachable by name
 * (lwc_aead_find / lwc_hash_find) or by enumeration (lwc_aead_count / lwc_aead_at).
 * Descriptors are owned by the library and live for the whole process; new fields
 * are only ever appended, so a descriptor is always used through a pointer.
 *
 * Every function returns an lwc_status (0 on success, negative on error) and never
 * crashes on bad arguments: a NULL pointer is accepted only with a length of 0, and a
 * descriptor must be one the library returned (a copy of one is refused).
 * A decryption that fails verification leaves its plaintext output zeroed.
 * Names are matched without regard to ASCII case ("XOODYAK" finds "xoodyak").
 *
 * Overlapping buffers: an output may be exactly its input (the same pointer: in place),
 * and share no byte with any other argument. Precisely:
 *   - lwc_aead_encrypt / lwc_aead_decrypt: ct == pt, or the two disjoint; the tag, the
 *     AD, the nonce and the key disjoint from the output(s) (the AD may overlap the
 *     input, nonce or key: inputs are only read);
 *   - lwc_aead_seal / lwc_aead_open: c == m (the tag then follows the message in the
 *     same buffer), or the two disjoint; AD, nonce and key disjoint from the output;
 *   - lwc_hash: out == in, or the two disjoint;
 *   - lwc_hash_update / lwc_hash_final: in / out disjoint from the state;
 *     lwc_hash_copy: dst == src (nothing to do) or the two states disjoint.
 * Any other overlap (e.g. c == m + 1) returns LWC_ERR_ARGUMENT and writes nothing.
 *
 * Threads: every function may run in any number of threads at once; descriptors are
 * immutable, a hash state is used by one thread at a time.
 * Dispatch: the library holds every scheme compiled for several targets ("portable",
 * and on x86-64 "avx2" and "avx512") and uses, for the whole process, the fastest one
 * the CPU supports; lwc_backend() names it, and descriptor->backend the code path each
 * scheme runs in it ("portable", "bmi2", "avx512"). LWC_FORCE_PORTABLE=1 or
 * LWC_BACKEND=<name> in the environment (read once, on first use) asks for another; a
 * name that is no backend, or one this CPU cannot run, is reported in one line on stderr
 * and the fastest backend the CPU runs is used.
 */
#ifndef LWC_H
#define LWC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(LWC_BUILDING_LIBRARY) && !defined(LWC_STATIC)
#define LWC_API __declspec(dllexport)
#elif defined(_WIN32) && !defined(LWC_STATIC)
#define LWC_API __declspec(dllimport)
#elif defined(__GNUC__)
#define LWC_API __attribute__((visibility("default")))
#else
#define LWC_API
#endif

/* A status that must be checked (a failed lwc_aead_open leaves no plaintext): compilers
 * that can warn when it is ignored do. Define LWC_NODISCARD empty to turn it off. */
#ifndef LWC_NODISCARD
#if defined(__GNUC__) || defined(__clang__)
#define LWC_NODISCARD __attribute__((warn_unused_result))
#else
#define LWC_NODISCARD
#endif
#endif

/* Upper bounds on the sizes of every scheme the library has or will have within this ABI
 * version (checked against the registry when the library is built), for buffers on the
 * stack: uint8_t tag[LWC_AEAD_MAX_TAG_SIZE]. The exact sizes are the descriptor's. */
#define LWC_AEAD_MAX_KEY_SIZE 64
#define LWC_AEAD_MAX_NONCE_SIZE 64
#define LWC_AEAD_MAX_TAG_SIZE 64
#define LWC_HASH_MAX_DIGEST_SIZE 64

/* The ABI version this header describes; lwc_abi_version() gives the library's. */
#define LWC_ABI_VERSION 1

typedef enum lwc_status {
    LWC_OK = 0,
    LWC_ERR_VERIFY = -1,    /* the tag did not verify; the plaintext output is zeroed */
    LWC_ERR_ARGUMENT = -2,  /* a NULL (or not the library's) descriptor, a NULL state or
                               output, NULL with a nonzero length, or an output that
                               overlaps another argument (other than exactly in place) */
    LWC_ERR_LENGTH = -3,    /* a length out of range (ciphertext shorter than a tag, overflow) */
    LWC_ERR_STATE = -4,     /* a hash or XOF state that was not initialized (or already
                               finalized), an XOF update after a squeeze, or a stream call
                               out of order */
    LWC_ERR_FORMAT = -5,    /* not an lwc stream, an unknown version, another scheme, a chunk
                               size out of range, an empty final chunk after data */
    LWC_ERR_TRUNCATED = -6, /* a stream or chunk shorter than its layout (or no final chunk) */
    LWC_ERR_READ = -7       /* lwc_stream_decrypt_range's read callback failed */
} lwc_status;

/* A short English description of a status ("tag verification failed", ...). */
LWC_API const char *lwc_strerror(int status);
LWC_API int lwc_abi_version(void);
/* The target chosen for this process: "portable", "avx2" or "avx512". */
LWC_API const char *lwc_backend(void);

/* ---------------------------------------------------------------- AEAD */

typedef struct lwc_aead {
    const char *name;      /* registry name, e.g. "xoodyak" */
    size_t key_size;
    size_t nonce_size;
    size_t tag_size;
    const char *backend;   /* the code path it runs: "portable", "bmi2", "avx512" */
    const void *impl_;     /* private */
} lwc_aead;

LWC_API size_t lwc_aead_count(void);
LWC_API const lwc_aead *lwc_aead_at(size_t index);        /* NULL past the end */
LWC_API const lwc_aead *lwc_aead_find(const char *name);  /* any case; NULL when unknown */

/* Detached tag: ct has pt_len bytes, tag has alg->tag_size bytes. */
LWC_API LWC_NODISCARD int lwc_aead_encrypt(const lwc_aead *alg, uint8_t *ct, uint8_t *tag,
                             const uint8_t *pt, size_t pt_len,
                             const uint8_t *ad, size_t ad_len,
                             const uint8_t *nonce, const uint8_t *key);
LWC_API LWC_NODISCARD int lwc_aead_decrypt(const lwc_aead *alg, uint8_t *pt,
                             const uint8_t *ct, size_t ct_len, const uint8_t *tag,
                             const uint8_t *ad, size_t ad_len,
                             const uint8_t *nonce, const uint8_t *key);

/* Attached tag, the SUPERCOP/NIST shape: c = ciphertext || tag.
 * seal writes m_len + tag_size bytes to c and that count to *c_len (c_len may be NULL);
 * open writes c_len - tag_size bytes to m and that count to *m_len (m_len may be NULL).
 * On an error the count is 0 (and a failed open leaves m zeroed). */
LWC_API LWC_NODISCARD int lwc_aead_seal(const lwc_aead *alg, uint8_t *c, size_t *c_len,
                          const uint8_t *m, size_t m_len,
                          const uint8_t *ad, size_t ad_len,
                          const uint8_t *nonce, const uint8_t *key);
LWC_API LWC_NODISCARD int lwc_aead_open(const lwc_aead *alg, uint8_t *m, size_t *m_len,
                          const uint8_t *c, size_t c_len,
                          const uint8_t *ad, size_t ad_len,
                          const uint8_t *nonce, const uint8_t *key);

/* ---------------------------------------------------------------- hash */

/* The descriptor is `struct lwc_hash` (no typedef: lwc_hash is the one-shot function,
 * as with POSIX's struct stat and stat()). */
struct lwc_hash {
    const char *name;      /* registry name, e.g. "esch256" */
    size_t digest_size;
    size_t block_size;     /* the rate: input is absorbed this many bytes at a time */
    size_t state_size;     /* bytes an incremental state needs; <= sizeof(lwc_hash_state) */
    const char *backend;
    const void *impl_;     /* private */
};

/* Caller-allocated incremental state, large enough for every hash. Opaque: use it
 * only through the functions below (copy with lwc_hash_copy, not memcpy: the library
 * aligns its object inside the buffer). A buffer of alg->state_size bytes with
 * 8-byte alignment (malloc's) may be used in its place. */
typedef union lwc_hash_state {
    unsigned char opaque_[640];
    uint64_t align_;
} lwc_hash_state;

LWC_API size_t lwc_hash_count(void);
LWC_API const struct lwc_hash *lwc_hash_at(size_t index);
LWC_API const struct lwc_hash *lwc_hash_find(const char *name);  /* any case; NULL when unknown */

LWC_API LWC_NODISCARD int lwc_hash(const struct lwc_hash *alg, uint8_t *out, const uint8_t *in, size_t in_len);

LWC_API LWC_NODISCARD int lwc_hash_init(const struct lwc_hash *alg, lwc_hash_state *state);
LWC_API LWC_NODISCARD int lwc_hash_update(lwc_hash_state *state, const uint8_t *in, size_t in_len);
/* Writes alg->digest_size bytes and wipes the state (init it again to reuse it). */
LWC_API LWC_NODISCARD int lwc_hash_final(lwc_hash_state *state, uint8_t *out);
/* dst becomes an independent copy of an initialized src (a fork of the running hash). */
LWC_API LWC_NODISCARD int lwc_hash_copy(lwc_hash_state *dst, const lwc_hash_state *src);

    LWC_ERR_STATE = -4,     /* a hash or XOF state that was not initialized (or already
                               finalized), an XOF update after a squeeze, or a stream call
                               out of order */
    LWC_ERR_FORMAT = -5,    /* not an lwc stream, an unknown version, another scheme, a chunk
                               size out of range, an empty final chunk after data */
    LWC_ERR_TRUNCATED = -6, /* a stream or chunk shorter than its layout (or no final chunk) */
    LWC_ERR_READ = -7       /* lwc_stream_decrypt_range's read callback failed */

#ifdef __cplusplus
}
#endif

#endif /* LWC_H */
