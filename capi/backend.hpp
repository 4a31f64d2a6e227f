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

// The operations behind a descriptor's impl_. The front end has checked the pointers;
// sizes and overlaps are the C++ checks (try_encrypt/try_decrypt, or the compact path
// with its refusal returned: nothing thrown across the C ABI, nothing trapped in a build
// without exceptions), which give an lwc_status.
struct aead_ops {
    // Encrypt (out: ciphertext, in: plaintext, tag written) or decrypt (out: plaintext,
    // in: ciphertext, tag verified): one function, one copy in a firmware image.
    int (*run)(bool decrypt, u8* out, const u8* in, std::size_t n, u8* tag, const u8* ad,
               std::size_t ad_len, const u8* nonce, const u8* key);
};
// On a hash object constructed at an aligned place inside a caller's lwc_hash_state.
struct hash_ops {
    void (*init)(void* object);
    void (*update)(void* object, const u8* in, std::size_t n);
    void (*final)(void* object, u8* out);  // destroys (wipes) the object
    void (*copy)(void* dst, const void* src);
};

// The batch calls, apart from the descriptors (reached through a backend's tables, so that
// a program that never calls them does not link them): the jobs whose status is LWC_OK
// (checked) run, their status set; the count of jobs not LWC_OK returned.
struct aead_batch_ops {
    std::size_t (*encrypt_many)(const u8* key, lwc_aead_job* jobs, std::size_t count);
    std::size_t (*decrypt_many)(const u8* key, lwc_aead_job* jobs, std::size_t count);
};
struct hash_batch_ops {
    std::size_t (*hash_many)(lwc_hash_job* jobs, std::size_t count);
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

// What a descriptor's impl_ points to. self is the descriptor it belongs to, so that a
// copy of a descriptor (or a zeroed one) is refused before anything runs through it,
// and the front end finds a descriptor's code without looking at any table: a firmware
// program that names one scheme (lwc_ascon_aead128) links that scheme's one-message
// calls alone (the batch and stream calls go through the tables, by index). ops NULL:
// the descriptor stands for the scheme at place index in the tables of the backend the
// process chose (the named descriptors of a liblwc with several backends).
// tag: which kind the impl is (a hash state is never taken for an XOF state).
enum : std::uint32_t { aead_tag = 0x6165u, hash_tag = 0x6861u, xof_tag = 0x786fu };
struct aead_impl {
    std::uint32_t tag;
    const lwc_aead* self;
    const aead_ops* ops;
    std::size_t index;  // its place in the registry's list (and in every backend's tables)
};
struct hash_impl {
    std::uint32_t tag;
    const hash_desc* self;
    const hash_ops* ops;
    std::size_t index;
};
struct xof_impl {
    std::uint32_t tag;
    const xof_desc* self;
    const xof_ops* ops;
    std::size_t index;
};

// Each kind of descriptor's impl and tag; impl_of(d) is d's impl (d one of the library's).
template <class Desc>
struct impl_for;
template <>
struct impl_for<lwc_aead> {
    using type = aead_impl;
    static constexpr std::uint32_t tag = aead_tag;
};
template <>
struct impl_for<hash_desc> {
    using type = hash_impl;
    static constexpr std::uint32_t tag = hash_tag;
};
template <>
struct impl_for<xof_desc> {
    using type = xof_impl;
    static constexpr std::uint32_t tag = xof_tag;
};
template <class Desc>
const typename impl_for<Desc>::type& impl_of(const Desc* d) {
    return *static_cast<const typename impl_for<Desc>::type*>(d->impl_);
}

// A check of a descriptor's address, kept beside it in a caller's hash, XOF or stream
// state, so that a state never begun (whatever bytes it holds) is refused without reading
// through the pointer it seems to hold.
inline std::uint32_t check_of(const void* alg) {
    const auto a = reinterpret_cast<std::uintptr_t>(alg);
    return static_cast<std::uint32_t>(a ^ (a >> 16 >> 16) ^ 0x6c77632du);
}

// The layout of an incremental state: this header, then the hash object at the next
// multiple of object_align. state_bytes<H> covers any 8-byte-aligned buffer.
struct state_header {
    const void* alg;  // its hash_desc or xof_desc; NULL (or foreign) when not initialized
    std::uintptr_t check;  // check_of(alg); all zero with alg NULL (no padding to clear)
};
inline constexpr std::size_t object_align = 64;
template <class H>
inline constexpr std::size_t state_bytes = sizeof(state_header) + object_align - 8 + sizeof(H);
static_assert(sizeof(state_header) % 8 == 0);

// A backend's schemes, in the registry's order (lwc_aead_at, lwc_aead_find).
struct backend {
    const char* name;  // what LWC_BACKEND names
    std::uint64_t features;  // what it is compiled for (bit i: entry i of config.hpp's list)
    std::span<const lwc_aead* const> aeads;
    std::span<const hash_desc* const> hashes;
    std::span<const xof_desc* const> xofs;
    std::span<const aead_batch_ops* const> aead_batches;  // in the order of aeads
    std::span<const hash_batch_ops* const> hash_batches;  // in the order of hashes
    std::span<const stream_ops* const> streams;           // in the order of aeads
};

// One per compiled target, defined by backend.cpp (capi/CMakeLists.txt lists them).
extern const backend portable;
#if LWC_CAPI_X86
extern const backend avx2;
extern const backend avx512;
#endif

// The backend this process uses (lwc.cpp: chosen once, on first use).
const backend& active_backend();

// One of the library's descriptors as the descriptor whose code runs (a named one of a
// liblwc with several backends: the chosen backend's), or NULL for anything else (lwc.cpp).
const lwc_aead* resolve(const lwc_aead* alg);

}  // namespace lwc_capi
