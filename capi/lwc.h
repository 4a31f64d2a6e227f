// SPDX-License-Identifier: MIT
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
/* lwc_hash and lwc_xof name both a struct and a function (C's separate tag namespace, as
 * struct stat and stat()). In C++ that is legal too, but g++ -Wshadow says the function
 * "hides the constructor" of the struct: the two declarations are bracketed by these so
 * that a C++ program built with -Wshadow includes this header without a warning. */
#if defined(__cplusplus) && defined(__GNUC__)
#define LWC_SAME_NAME_BEGIN_ _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wshadow\"")
#define LWC_SAME_NAME_END_ _Pragma("GCC diagnostic pop")
#else
#define LWC_SAME_NAME_BEGIN_
#define LWC_SAME_NAME_END_
#endif

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
    LWC_ERR_STATE = -4,     /* a hash or XOF state already finalized (or cleared) or never
                               initialized, an XOF update after a squeeze, or a stream call
                               out of order */
    LWC_ERR_FORMAT = -5,    /* not an lwc stream, another scheme, a chunk size out of range,
                               an empty final chunk after data */
    LWC_ERR_TRUNCATED = -6, /* a stream or chunk shorter than its layout (or no final chunk) */
    LWC_ERR_READ = -7,      /* lwc_stream_decrypt_range's read callback failed */
    LWC_ERR_CUSTOMIZATION = -8, /* a customization string given to an XOF that takes none
                               (max_customization_size 0); a longer one than a CXOF takes
                               is LWC_ERR_LENGTH */
    LWC_ERR_VERSION = -9    /* an lwc stream of a format version this library does not read
                               (a newer writer's) */
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

/* Every scheme by name, one descriptor each: lwc_ + the registry name with '-' as '_'
 * (lwc_ascon_aead128, lwc_tinyjambu_128, ...; the hashes and XOFs below likewise). A
 * program that names its schemes this way links those schemes alone (liblwc.a compiled
 * with -ffunction-sections -fdata-sections, as the toolchain files do, and the program
 * linked with --gc-sections), where lwc_aead_at and lwc_aead_find link every scheme.
 * lwc_aead_find("ascon-aead128") is &lwc_ascon_aead128, except in a liblwc with several
 * backends (x86-64): there the named descriptor runs the backend chosen at run time, its
 * backend field reads "auto" (and a hash's or XOF's state_size is sizeof(lwc_hash_state)),
 * and lwc_aead_find gives that backend's own descriptor. */
#define LWC_AEAD_NAMES(X) X(tinyjambu_128) X(tinyjambu_192) X(tinyjambu_256) X(xoodyak) \
    X(grain_128aead) X(schwaemm128_128) X(schwaemm192_192) X(schwaemm256_128) \
    X(schwaemm256_256) X(photon_beetle_aead_32) X(photon_beetle_aead_128) X(ascon_aead128) \
    X(elephant_dumbo) X(elephant_jumbo) X(elephant_delirium) X(gift_cofb) X(isap_a_128a) \
    X(isap_a_128) X(isap_k_128a) X(isap_k_128) X(romulus_n) X(romulus_m) X(romulus_t) \
    LWC_MASKED_AEAD_NAMES_(X)
/* Masked Ascon-AEAD128 (2 and 3 shares, the masks from the system's entropy; docs/masking.md)
 * where the system has entropy: the systems of LWC_SYSTEM_ENTROPY in
 * include/lwc/detail/config.hpp (a firmware uses the C++ object with its TRNG). */
#if defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || \
    defined(__NetBSD__)
#define LWC_MASKED_AEAD_NAMES_(X) X(ascon_aead128_masked2) X(ascon_aead128_masked3)
#else
#define LWC_MASKED_AEAD_NAMES_(X)
#endif
#define LWC_DECLARE_AEAD_(id) LWC_API extern const lwc_aead lwc_##id;
LWC_AEAD_NAMES(LWC_DECLARE_AEAD_)

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

/* Many messages in one call (docs/batch.md): where the scheme has lane code the jobs run
 * 8 (AVX2) or 16 (AVX-512) at a time, one per 32-bit vector lane; elsewhere one by one.
 * Each job has its own nonce, AD, input and output (out == in: in place), and its own key
 * unless the call's key is not NULL (one key for every job, the gateway case). Each job's
 * status: LWC_OK; LWC_ERR_VERIFY (decrypt: the tag did not verify, out zeroed, the other
 * jobs untouched); LWC_ERR_ARGUMENT (what lwc_aead_encrypt/decrypt would refuse: the job
 * is not run, a decrypt job's out zeroed). Returns how many jobs are not LWC_OK, or
 * SIZE_MAX when alg is not one of the library's descriptors or jobs is NULL. Whether a
 * job verified is the only value that depends on secret data in time. */
typedef struct lwc_aead_job {
    const uint8_t *key;     /* alg->key_size bytes (ignored when the call gives a key) */
    const uint8_t *nonce;   /* alg->nonce_size bytes */
    const uint8_t *ad;
    size_t ad_len;
    const uint8_t *in;      /* the plaintext (encrypt) or ciphertext (decrypt) */
    size_t len;
    uint8_t *out;           /* len bytes */
    uint8_t *tag;           /* alg->tag_size bytes: written by encrypt, read by decrypt */
    int status;             /* set by the call */
} lwc_aead_job;

LWC_API size_t lwc_aead_encrypt_many(const lwc_aead *alg, const uint8_t *key,
                                     lwc_aead_job *jobs, size_t count);
LWC_API size_t lwc_aead_decrypt_many(const lwc_aead *alg, const uint8_t *key,
                                     lwc_aead_job *jobs, size_t count);

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

/* Every hash by name (as LWC_AEAD_NAMES): lwc_ascon_hash256, lwc_xoodyak_hash, ... */
#define LWC_HASH_NAMES(X) X(xoodyak_hash) X(esch256) X(esch384) X(photon_beetle_hash) \
    X(ascon_hash256) X(romulus_h)
#define LWC_DECLARE_HASH_(id) LWC_API extern const struct lwc_hash lwc_##id;
LWC_HASH_NAMES(LWC_DECLARE_HASH_)

LWC_SAME_NAME_BEGIN_
LWC_API LWC_NODISCARD int lwc_hash(const struct lwc_hash *alg, uint8_t *out, const uint8_t *in, size_t in_len);
LWC_SAME_NAME_END_

LWC_API LWC_NODISCARD int lwc_hash_init(const struct lwc_hash *alg, lwc_hash_state *state);
LWC_API LWC_NODISCARD int lwc_hash_update(lwc_hash_state *state, const uint8_t *in, size_t in_len);
/* Writes alg->digest_size bytes and wipes the state (init it again to reuse it). */
LWC_API LWC_NODISCARD int lwc_hash_final(lwc_hash_state *state, uint8_t *out);
/* dst becomes an independent copy of an initialized src (a fork of the running hash). */
LWC_API LWC_NODISCARD int lwc_hash_copy(lwc_hash_state *dst, const lwc_hash_state *src);

/* Many one-shot hashes in one call, as lwc_aead_encrypt_many: out gets alg->digest_size
 * bytes; status LWC_OK or LWC_ERR_ARGUMENT (out NULL, in NULL with len > 0, out overlapping
 * in other than exactly). Returns how many jobs are not LWC_OK, or SIZE_MAX. */
typedef struct lwc_hash_job {
    const uint8_t *in;
    size_t len;
    uint8_t *out;
    int status;
} lwc_hash_job;

LWC_API size_t lwc_hash_many(const struct lwc_hash *alg, lwc_hash_job *jobs, size_t count);

/* ---------------------------------------------------------------- XOF */

/* Extendable output (any number of output bytes): update any number of times, then
 * squeeze any number of times, any lengths; the squeezed bytes are one stream (squeezing
 * a then b bytes gives what one squeeze of a + b bytes gives). The descriptor is
 * `struct lwc_xof` (lwc_xof is the one-shot function). Overlaps: lwc_xof's out == in or
 * the two disjoint; the customization, the input and the output of the incremental calls
 * disjoint from the state; lwc_xof_copy as lwc_hash_copy. */
struct lwc_xof {
    const char *name;                 /* registry name, e.g. "ascon-xof128" */
    size_t block_size;                /* the rate: input is absorbed this many bytes at a time */
    size_t max_customization_size;    /* longest customization string; 0 = takes none */
    size_t state_size;                /* bytes an incremental state needs; <= sizeof(lwc_xof_state) */
    const char *backend;
    const void *impl_;                /* private */
};

/* The same storage as a hash state (and the same rules: opaque, copy with lwc_xof_copy). */
typedef lwc_hash_state lwc_xof_state;

LWC_API size_t lwc_xof_count(void);
LWC_API const struct lwc_xof *lwc_xof_at(size_t index);         /* NULL past the end */
LWC_API const struct lwc_xof *lwc_xof_find(const char *name);   /* any case; NULL when unknown */

/* Every XOF by name (as LWC_AEAD_NAMES): lwc_ascon_xof128, lwc_ascon_cxof128, ... */
#define LWC_XOF_NAMES(X) X(ascon_xof128) X(ascon_cxof128) X(xoodyak_xof) X(xoesch256) \
    X(xoesch384)
#define LWC_DECLARE_XOF_(id) LWC_API extern const struct lwc_xof lwc_##id;
LWC_XOF_NAMES(LWC_DECLARE_XOF_)

/* One shot, no customization: out_len bytes of output for in. */
LWC_SAME_NAME_BEGIN_
LWC_API LWC_NODISCARD int lwc_xof(const struct lwc_xof *alg, uint8_t *out, size_t out_len,
                                  const uint8_t *in, size_t in_len);
LWC_SAME_NAME_END_

/* customization: at most alg->max_customization_size bytes (LWC_ERR_LENGTH beyond; for a
 * scheme that takes none, any nonzero length is LWC_ERR_CUSTOMIZATION); NULL with a length
 * of 0 = none. */
LWC_API LWC_NODISCARD int lwc_xof_init(const struct lwc_xof *alg, lwc_xof_state *state,
                                       const uint8_t *customization, size_t customization_len);
/* LWC_ERR_STATE once the state has squeezed (nothing absorbed). */
LWC_API LWC_NODISCARD int lwc_xof_update(lwc_xof_state *state, const uint8_t *in, size_t in_len);
/* The next n bytes of output; any number of times. */
LWC_API LWC_NODISCARD int lwc_xof_squeeze(lwc_xof_state *state, uint8_t *out, size_t n);
/* dst becomes an independent copy of an initialized src (absorbing or squeezing). */
LWC_API LWC_NODISCARD int lwc_xof_copy(lwc_xof_state *dst, const lwc_xof_state *src);
/* Wipes an initialized state (init it again to reuse it); a state not initialized is
 * left as it is (LWC_OK). */
LWC_API int lwc_xof_clear(lwc_xof_state *state);

/* ---------------------------------------------------------------- streams */

/* The lwc stream format (docs/stream-format.md): any size of data sealed in chunks with
 * any AEAD, in constant memory, truncation and reordering detected, random access.
 * One caller-placed state per stream, opaque; lwc_stream_wipe zeroes it (the library
 * also wipes the keys after the final chunk or a failure). The chunks run the code of the
 * backend the process chose, as lwc_aead_encrypt does. */
#define LWC_STREAM_SALT_SIZE 32
#define LWC_STREAM_MIN_CHUNK_SIZE 64
#define LWC_STREAM_MAX_CHUNK_SIZE 16777216
#define LWC_STREAM_DEFAULT_CHUNK_SIZE 65536
#define LWC_STREAM_MAX_NAME_SIZE 64
/* Bytes of a header before the scheme's name: enough to learn the whole header's size. */
#define LWC_STREAM_HEADER_FIXED_SIZE 45

typedef union lwc_stream_state {
    unsigned char opaque_[512];
    uint64_t align_;
} lwc_stream_state;

/* Where the chunks of a stream lie (from its header and size). */
typedef struct lwc_stream_layout {
    uint64_t header_size, chunk_size, tag_size, chunks, plaintext_size;
} lwc_stream_layout;

/* The header's size for alg (0 for a NULL or foreign descriptor). */
LWC_API size_t lwc_stream_header_size(const lwc_aead *alg);
/* Stream size for pt_len bytes of plaintext (0 for a bad descriptor or chunk size). */
LWC_API uint64_t lwc_stream_sealed_size(const lwc_aead *alg, uint64_t pt_len, uint32_t chunk_size);

/* A salt that stays unique under a weak random source (docs/stream-format.md, "The salt"):
 * Ascon-CXOF128("LWCSTRM/1 salt"; len(key) || key || counter, 8 bytes little-endian ||
 * random). counter: never repeated with this key (a persistent counter); random: the
 * TRNG's bytes (random_len may be 0). LWC_ERR_LENGTH for a key over 255 bytes. */
LWC_API LWC_NODISCARD int lwc_stream_derive_salt(const uint8_t *key, size_t key_len,
                                   uint64_t counter, const uint8_t *random, size_t random_len,
                                   uint8_t salt[LWC_STREAM_SALT_SIZE]);
/* Writes the header (lwc_stream_header_size(alg) bytes). salt: LWC_STREAM_SALT_SIZE bytes
 * never used with this key before: fresh random bytes, or lwc_stream_derive_salt's. */
LWC_API LWC_NODISCARD int lwc_stream_encrypt_begin(lwc_stream_state *state, const lwc_aead *alg,
                                     const uint8_t *key, const uint8_t *salt,
                                     uint32_t chunk_size, uint8_t *header);
/* Seals one chunk: out gets len + tag_size bytes (ciphertext || tag); out == chunk is in
 * place. Every chunk but the last holds exactly chunk_size bytes; the last 1..chunk_size
 * (0 only when it is the only one). */
LWC_API LWC_NODISCARD int lwc_stream_encrypt_push(lwc_stream_state *state, uint8_t *out,
                                    const uint8_t *chunk, size_t len, int last);

/* Reads the header's public fields from its first len bytes (at least
 * LWC_STREAM_HEADER_FIXED_SIZE; the name once *header_size bytes are given). Verifies
 * nothing. name gets the scheme's NUL-terminated name (LWC_STREAM_MAX_NAME_SIZE + 1 bytes);
 * any output may be NULL. LWC_ERR_TRUNCATED: give more bytes (*header_size, when not 0). */
LWC_API LWC_NODISCARD int lwc_stream_peek_header(const uint8_t *header, size_t len, char *name,
                                   uint32_t *chunk_size, size_t *header_size);

/* Opens a stream with its whole header (checks the fields and the header tag: a wrong
 * key gives LWC_ERR_VERIFY here). */
LWC_API LWC_NODISCARD int lwc_stream_decrypt_open(lwc_stream_state *state, const lwc_aead *alg,
                                    const uint8_t *key, const uint8_t *header, size_t len);
/* The next chunk: sealed (len bytes: ciphertext || tag) to out (len - tag_size bytes;
 * out == sealed is in place). last: whether the input ends after this chunk (read one
 * byte ahead to know). Written only once verified; a failure ends the stream. */
LWC_API LWC_NODISCARD int lwc_stream_decrypt_pull(lwc_stream_state *state, uint8_t *out,
                                    const uint8_t *sealed, size_t len, int last);
/* At the end of the input: LWC_OK only if the final chunk was pulled and verified. */
LWC_API LWC_NODISCARD int lwc_stream_decrypt_finish(const lwc_stream_state *state);

/* After open: the layout of a stream of stream_size bytes. */
LWC_API LWC_NODISCARD int lwc_stream_layout_for(const lwc_stream_state *state,
                                  uint64_t stream_size, lwc_stream_layout *layout);
/* Reads len bytes at offset of the stream into `into`; returns 0 on success. */
typedef int (*lwc_stream_read_fn)(void *context, uint64_t offset, uint8_t *into, size_t len);
/* After open (and no pull): plaintext bytes [start, start + len) of a stream of stream_size
 * bytes, reading only the chunks that cover them through read. work: at least chunk_size
 * + tag_size bytes (wiped at the end). All or nothing: on failure out is zeroed. */
LWC_API LWC_NODISCARD int lwc_stream_decrypt_range(const lwc_stream_state *state,
                                     uint64_t stream_size, uint64_t start, uint8_t *out,
                                     size_t len, uint8_t *work, size_t work_len,
                                     lwc_stream_read_fn read, void *context);

/* Zeroes a state (any time; it must be begun or opened again to be used). */
LWC_API void lwc_stream_wipe(lwc_stream_state *state);

#ifdef __cplusplus
}
#endif

#endif /* LWC_H */
