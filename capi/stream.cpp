// liblwc: the stream format's C ABI (lwc_stream_*, docs/c-api.md) over lwc::stream's
// encryptor and decryptor. Compiled with the front end (any CPU of the architecture), so
// the chunks run each scheme's portable code: the state's layout does not depend on the
// backend chosen at run time.
#include "lwc.h"

#define LWC_ISA_NS capi_stream  // this unit's copy of the headers, apart from the backends'
#include <lwc/lwc.hpp>
#include <lwc/stream.hpp>

#include <array>
#include <cstring>
#include <new>

namespace {

namespace ls = lwc::stream;
using u8 = std::uint8_t;

enum class role : std::uint8_t { none, encrypting, decrypting };

// The state: this head, then the encryptor or decryptor at object_offset.
struct head {
    const lwc_aead* alg;
    role at;
};
constexpr std::size_t object_offset = 16;
static_assert(object_offset + ls::max_state_size<lwc::registry::aeads>() <= sizeof(lwc_stream_state),
              "lwc_stream_state (lwc.h) must hold every scheme's encryptor and decryptor");

int to_lwc(ls::status s) {
    switch (s) {
    case ls::status::ok: return LWC_OK;
    case ls::status::header_mismatch:
    case ls::status::chunk_mismatch: return LWC_ERR_VERIFY;
    case ls::status::not_a_stream:
    case ls::status::unsupported_version:
    case ls::status::wrong_scheme:
    case ls::status::bad_chunk_size:
    case ls::status::empty_final_chunk: return LWC_ERR_FORMAT;
    case ls::status::truncated: return LWC_ERR_TRUNCATED;
    case ls::status::bad_state: return LWC_ERR_STATE;
    case ls::status::read_failed: return LWC_ERR_READ;
    case ls::status::buffer_size:
    case ls::status::too_long:
    case ls::status::bad_range: return LWC_ERR_LENGTH;
    }
    return LWC_ERR_ARGUMENT;
}

// What a scheme's stream does, on the object inside a state.
struct stream_ops {
    std::size_t header_size, tag_size;
    uint64_t (*sealed_size)(uint64_t pt_len, uint32_t chunk_size);
    int (*begin)(void* o, const u8* key, const u8* salt, uint32_t c, u8* header);
    int (*push)(void* o, u8* out, const u8* in, std::size_t n, bool last);
    int (*open)(void* o, const u8* key, const u8* header, std::size_t n);
    int (*pull)(void* o, u8* out, const u8* in, std::size_t n, bool last);
    int (*finish)(const void* o);
    int (*layout)(const void* o, uint64_t size, lwc_stream_layout* l);
    int (*range)(const void* o, uint64_t size, uint64_t start, u8* out, std::size_t n, u8* work,
                 std::size_t work_n, lwc_stream_read_fn read, void* ctx);
};

template <lwc::Aead A>
struct calls {
    using E = ls::encryptor<A>;
    using D = ls::decryptor<A>;
    static_assert(alignof(E) <= 8 && alignof(D) <= 8 &&
                  object_offset + std::max(sizeof(E), sizeof(D)) <= sizeof(lwc_stream_state));
    static auto key_of(const u8* k) { return std::span<const u8, A::key_size>(k, A::key_size); }

    static uint64_t sealed_size(uint64_t n, uint32_t c) {
        return ls::valid_chunk_size(c) && n <= ls::max_plaintext_size ? ls::sealed_size<A>(n, c) : 0;
    }
    static int begin(void* o, const u8* key, const u8* salt, uint32_t c, u8* header) {
        E* e = new (o) E();
        return to_lwc(e->begin(key_of(key), std::span<const u8, ls::salt_size>(salt, ls::salt_size), c,
                               std::span<u8, E::header_size>(header, E::header_size)));
    }
    static int push(void* o, u8* out, const u8* in, std::size_t n, bool last) {
        if (n > SIZE_MAX - A::tag_size) return LWC_ERR_LENGTH;
        return to_lwc(static_cast<E*>(o)->push({in, n}, {out, n + A::tag_size}, last));
    }
    static int open(void* o, const u8* key, const u8* header, std::size_t n) {
        return to_lwc((new (o) D())->open(key_of(key), {header, n}));
    }
    static int pull(void* o, u8* out, const u8* in, std::size_t n, bool last) {
        return to_lwc(static_cast<D*>(o)->pull({in, n}, {out, n < A::tag_size ? 0 : n - A::tag_size}, last));
    }
    static int finish(const void* o) { return to_lwc(static_cast<const D*>(o)->finish()); }
    static int layout(const void* o, uint64_t size, lwc_stream_layout* out) {
        ls::layout l;
        const ls::status s = static_cast<const D*>(o)->layout_for(size, l);
        *out = {l.header_size, l.chunk_size, l.tag_size, l.chunks, l.plaintext_size};
        return to_lwc(s);
    }
    static int range(const void* o, uint64_t size, uint64_t start, u8* out, std::size_t n, u8* work,
                     std::size_t work_n, lwc_stream_read_fn read, void* ctx) {
        return to_lwc(ls::decrypt_range(*static_cast<const D*>(o), size, start, {out, n},
                                        {work, work_n}, [&](uint64_t at, std::span<u8> into) {
                                            return read(ctx, at, into.data(), into.size()) == 0;
                                        }));
    }
    static constexpr stream_ops ops{E::header_size, A::tag_size, &sealed_size, &begin, &push,
                                    &open, &pull, &finish, &layout, &range};
};

// In the order of the descriptor tables (both are the registry's list).
constexpr auto table = [] {
    std::array<const stream_ops*, lwc::registry::aeads::size> t{};
    std::size_t i = 0;
    lwc::registry::aeads::for_each([&](auto s) { t[i++] = &calls<typename decltype(s)::type>::ops; });
    return t;
}();

// The ops of one of the library's descriptors, or NULL.
const stream_ops* ops_for(const lwc_aead* alg) {
    if (alg == nullptr) return nullptr;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (lwc_aead_at(i) == alg) return table[i];
    return nullptr;
}

head* head_of(lwc_stream_state* st) { return reinterpret_cast<head*>(st->opaque_); }
void* object_of(lwc_stream_state* st) { return st->opaque_ + object_offset; }

// The ops of a state begun (encrypting) or opened (decrypting), or NULL.
const stream_ops* ops_in(const lwc_stream_state* st, role r) {
    if (st == nullptr) return nullptr;
    const head* h = reinterpret_cast<const head*>(st->opaque_);
    return h->at == r ? ops_for(h->alg) : nullptr;
}

// Starts a state for alg: wiped, then marked with its scheme and role.
const stream_ops* start(lwc_stream_state* st, const lwc_aead* alg, role r) {
    const stream_ops* ops = st == nullptr ? nullptr : ops_for(alg);
    if (ops == nullptr) return nullptr;
    lwc_stream_wipe(st);
    *head_of(st) = {alg, r};
    return ops;
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
