// SPDX-License-Identifier: MIT
// liblwc: the stream format's C ABI (lwc_stream_*, docs/c-api.md): the checks of the
// arguments and of a state's role, then the scheme's operations of the process's backend
// (backend.cpp compiles lwc::stream's encryptor and decryptor for each, stream_calls.hpp),
// so that the chunks run the same code as lwc_aead_encrypt. Compiled with the front end
// (any CPU of the architecture).
#include "lwc.h"

#define LWC_ISA_NS capi_stream  // this unit's copy of the headers, apart from the backends'
#include <lwc/lwc.hpp>
#include <lwc/stream.hpp>

#include <cstdint>
#include <cstring>

#include "backend.hpp"
#include "stream_calls.hpp"

namespace {

using lwc_capi::stream_ops;
using lwc_capi::streams::object_offset;
using lwc_capi::streams::to_lwc;
namespace ls = lwc::stream;
using u8 = std::uint8_t;

enum class role : std::uint8_t { none, encrypting, decrypting };

// The state: this head, then the encryptor or decryptor at object_offset; check is
// check_of(alg) (backend.hpp).
struct head {
    const lwc_aead* alg;
    std::uint32_t check;
    role at;
};
static_assert(sizeof(head) <= object_offset);

// The stream operations of a resolved descriptor (NULL: none).
const stream_ops* ops_of(const lwc_aead* resolved) {
    return resolved == nullptr ? nullptr
                               : lwc_capi::active_backend().streams[lwc_capi::impl_of(resolved).index];
}
// The stream operations of one of the library's descriptors, or NULL.
const stream_ops* ops_for(const lwc_aead* alg) { return ops_of(lwc_capi::resolve(alg)); }

head* head_of(lwc_stream_state* st) { return reinterpret_cast<head*>(st->opaque_); }
void* object_of(lwc_stream_state* st) { return st->opaque_ + object_offset; }

// The ops of a state begun (encrypting) or opened (decrypting), or NULL.
const stream_ops* ops_in(const lwc_stream_state* st, role r) {
    if (st == nullptr) return nullptr;
    const head* h = reinterpret_cast<const head*>(st->opaque_);
    return h->at == r && h->check == lwc_capi::check_of(h->alg) ? ops_for(h->alg) : nullptr;
}

// Starts a state for alg: wiped, then marked with its (resolved) scheme and role.
const stream_ops* start(lwc_stream_state* st, const lwc_aead* alg, role r) {
    if (st == nullptr || (alg = lwc_capi::resolve(alg)) == nullptr) return nullptr;
    lwc_stream_wipe(st);
    *head_of(st) = {alg, lwc_capi::check_of(alg), r};
    return ops_of(alg);
}

}  // namespace

extern "C" {

size_t lwc_stream_header_size(const lwc_aead* alg) {
    const stream_ops* ops = ops_for(alg);
    return ops == nullptr ? 0 : ops->header_size;
}

uint64_t lwc_stream_sealed_size(const lwc_aead* alg, uint64_t pt_len, uint32_t chunk_size) {
    const stream_ops* ops = ops_for(alg);
    return ops == nullptr ? 0 : ops->sealed_size(pt_len, chunk_size);
}

int lwc_stream_derive_salt(const uint8_t* key, size_t key_len, uint64_t counter,
                           const uint8_t* random, size_t random_len, uint8_t* salt) {
    if ((key == nullptr && key_len != 0) || (random == nullptr && random_len != 0) || salt == nullptr)
        return LWC_ERR_ARGUMENT;
    return ls::derive_salt({key, key_len}, counter, {random, random_len},
                           std::span<u8, ls::salt_size>(salt, ls::salt_size))
               ? LWC_OK
               : LWC_ERR_LENGTH;
}

int lwc_stream_encrypt_begin(lwc_stream_state* st, const lwc_aead* alg, const uint8_t* key,
                             const uint8_t* salt, uint32_t chunk_size, uint8_t* header) {
    if (key == nullptr || salt == nullptr || header == nullptr) return LWC_ERR_ARGUMENT;
    const stream_ops* ops = start(st, alg, role::encrypting);
    if (ops == nullptr) return LWC_ERR_ARGUMENT;
    const int rc = ops->begin(object_of(st), key, salt, chunk_size, header);
    if (rc != LWC_OK) lwc_stream_wipe(st);
    return rc;
}

int lwc_stream_encrypt_push(lwc_stream_state* st, uint8_t* out, const uint8_t* chunk, size_t len,
                            int last) {
    const stream_ops* ops = ops_in(st, role::encrypting);
    if (ops == nullptr) return st == nullptr ? LWC_ERR_ARGUMENT : LWC_ERR_STATE;
    if (out == nullptr || (chunk == nullptr && len != 0)) return LWC_ERR_ARGUMENT;
    return ops->push(object_of(st), out, chunk, len, last != 0);
}

int lwc_stream_peek_header(const uint8_t* header, size_t len, char* name, uint32_t* chunk_size,
                           size_t* header_size) {
    if (header == nullptr && len != 0) return LWC_ERR_ARGUMENT;
    const ls::header_info info = ls::peek_header({header, len});
    if (header_size != nullptr) *header_size = info.size;
    if (chunk_size != nullptr) *chunk_size = info.chunk_size;
    if (name != nullptr) {
        std::memcpy(name, info.scheme.data(), info.scheme.size());
        name[info.scheme.size()] = '\0';
    }
    return to_lwc(info.st);
}

int lwc_stream_decrypt_open(lwc_stream_state* st, const lwc_aead* alg, const uint8_t* key,
                            const uint8_t* header, size_t len) {
    if (key == nullptr || (header == nullptr && len != 0)) return LWC_ERR_ARGUMENT;
    const stream_ops* ops = start(st, alg, role::decrypting);
    if (ops == nullptr) return LWC_ERR_ARGUMENT;
    return ops->open(object_of(st), key, header, len);
}

int lwc_stream_decrypt_pull(lwc_stream_state* st, uint8_t* out, const uint8_t* sealed, size_t len,
                            int last) {
    const stream_ops* ops = ops_in(st, role::decrypting);
    if (ops == nullptr) return st == nullptr ? LWC_ERR_ARGUMENT : LWC_ERR_STATE;
    if (sealed == nullptr || (out == nullptr && len > ops->tag_size)) return LWC_ERR_ARGUMENT;
    return ops->pull(object_of(st), out, sealed, len, last != 0);
}

int lwc_stream_decrypt_finish(const lwc_stream_state* st) {
    const stream_ops* ops = ops_in(st, role::decrypting);
    if (ops == nullptr) return st == nullptr ? LWC_ERR_ARGUMENT : LWC_ERR_STATE;
    return ops->finish(st->opaque_ + object_offset);
}

int lwc_stream_layout_for(const lwc_stream_state* st, uint64_t stream_size,
                          lwc_stream_layout* layout) {
    const stream_ops* ops = ops_in(st, role::decrypting);
    if (ops == nullptr) return st == nullptr ? LWC_ERR_ARGUMENT : LWC_ERR_STATE;
    if (layout == nullptr) return LWC_ERR_ARGUMENT;
    return ops->layout(st->opaque_ + object_offset, stream_size, layout);
}

int lwc_stream_decrypt_range(const lwc_stream_state* st, uint64_t stream_size, uint64_t start,
                             uint8_t* out, size_t len, uint8_t* work, size_t work_len,
                             lwc_stream_read_fn read, void* context) {
    const stream_ops* ops = ops_in(st, role::decrypting);
    if (ops == nullptr) return st == nullptr ? LWC_ERR_ARGUMENT : LWC_ERR_STATE;
    if (read == nullptr || (out == nullptr && len != 0) || work == nullptr) return LWC_ERR_ARGUMENT;
    return ops->range(st->opaque_ + object_offset, stream_size, start, out, len, work, work_len,
                      read, context);
}

void lwc_stream_wipe(lwc_stream_state* st) {
    if (st != nullptr) lwc::detail::secure_zero(st->opaque_, sizeof st->opaque_);
}

}  // extern "C"
