// SPDX-License-Identifier: MIT
// Internal to liblwc: the registry compiled for one target (a backend), as the
// descriptor tables the ABI functions in lwc.cpp hand out. backend.cpp is compiled
// once per target with that target's flags; lwc.cpp, compiled for any CPU of the
// architecture, checks arguments and picks one backend per process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "lwc.h"

namespace lwc_capi {

using u8 = std::uint8_t;
using hash_desc = struct lwc_hash;  // the name lwc_hash alone is the one-shot function
using xof_desc = struct lwc_xof;    // likewise lwc_xof

// The operations behind a descriptor's impl_. Arguments are already checked; the C++
// checks run again (try_encrypt/try_decrypt: nothing thrown across the C ABI, nothing
// trapped in a build without exceptions) and give an lwc_status.
struct aead_ops {
    int (*encrypt)(u8* ct, u8* tag, const u8* pt, std::size_t n, const u8* ad,
                   std::size_t ad_len, const u8* nonce, const u8* key);
    int (*decrypt)(u8* pt, const u8* ct, std::size_t n, const u8* tag, const u8* ad,
                   std::size_t ad_len, const u8* nonce, const u8* key);
    // The jobs whose status is LWC_OK (checked): run, their status set; the count of jobs
    // not LWC_OK returned.
    std::size_t (*encrypt_many)(const u8* key, lwc_aead_job* jobs, std::size_t count);
    std::size_t (*decrypt_many)(const u8* key, lwc_aead_job* jobs, std::size_t count);
};

// On a hash object constructed at an aligned place inside a caller's lwc_hash_state.
struct hash_ops {
    void (*init)(void* object);
    void (*update)(void* object, const u8* in, std::size_t n);
    void (*final)(void* object, u8* out);  // destroys (wipes) the object
    void (*copy)(void* dst, const void* src);
    std::size_t (*hash_many)(lwc_hash_job* jobs, std::size_t count);  // as encrypt_many
};

// On an XOF object inside a caller's lwc_xof_state. init's customization is already
// checked against the descriptor's max_customization_size.
struct xof_ops {
    void (*init)(void* object, const u8* z, std::size_t z_len);
    bool (*update)(void* object, const u8* in, std::size_t n);  // false once squeezing
    void (*squeeze)(void* object, u8* out, std::size_t n);
    void (*copy)(void* dst, const void* src);
    void (*destroy)(void* object);  // wipes
};

// A scheme's stream format (lwc_stream_*) on the encryptor or decryptor inside a caller's
// lwc_stream_state (capi/stream_calls.hpp). Each backend has its own, so that the chunks
// run the backend's code; a state is begun and used under the one backend of the process.
struct stream_ops {
    std::size_t header_size, tag_size;
    std::uint64_t (*sealed_size)(std::uint64_t pt_len, std::uint32_t chunk_size);
    int (*begin)(void* o, const u8* key, const u8* salt, std::uint32_t c, u8* header);
    int (*push)(void* o, u8* out, const u8* in, std::size_t n, bool last);
    int (*open)(void* o, const u8* key, const u8* header, std::size_t n);
    int (*pull)(void* o, u8* out, const u8* in, std::size_t n, bool last);
    int (*finish)(const void* o);
    int (*layout)(const void* o, std::uint64_t size, lwc_stream_layout* l);
    int (*range)(const void* o, std::uint64_t size, std::uint64_t start, u8* out, std::size_t n,
                 u8* work, std::size_t work_n, lwc_stream_read_fn read, void* ctx);
};

// The layout of an incremental state: this header, then the hash object at the next
// multiple of object_align. state_bytes<H> covers any 8-byte-aligned buffer.
struct state_header {
    const void* alg;  // its hash_desc or xof_desc; NULL (or foreign) when not initialized
};
inline constexpr std::size_t object_align = 64;
template <class H>
inline constexpr std::size_t state_bytes = sizeof(state_header) + object_align - 8 + sizeof(H);

struct backend {
    const char* name;  // what LWC_BACKEND names
    std::uint64_t features;  // what it is compiled for (bit i: entry i of config.hpp's list)
    std::span<const lwc_aead> aeads;
    std::span<const hash_desc> hashes;
    std::span<const xof_desc> xofs;
    std::span<const stream_ops> streams;  // in the order of aeads
};

// One per compiled target, defined by backend.cpp (capi/CMakeLists.txt lists them).
extern const backend portable;
#if LWC_CAPI_X86
extern const backend avx2;
extern const backend avx512;
#endif

// The backend this process uses (lwc.cpp: chosen once, on first use).
const backend& active_backend();

}  // namespace lwc_capi
