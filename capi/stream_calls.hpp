// SPDX-License-Identifier: MIT
// Internal to liblwc: the stream format's operations on one scheme (lwc::stream's
// encryptor and decryptor inside a caller's lwc_stream_state), for backend.cpp, which
// compiles them once per backend so that the chunks run that backend's code, and the
// status mapping that stream.cpp shares. Include after <lwc/stream.hpp>, in one
// translation unit per ISA namespace.
#pragma once

#include <algorithm>
#include <cstdint>
#include <new>

#include "backend.hpp"

namespace lwc_capi::streams {
namespace {

namespace ls = lwc::stream;

// Where the encryptor or decryptor lies in the state (lwc_stream_state): after stream.cpp's
// head (the descriptor and the role).
constexpr std::size_t object_offset = 16;

int to_lwc(ls::status s) {
    switch (s) {
    case ls::status::ok: return LWC_OK;
    case ls::status::header_mismatch:
    case ls::status::chunk_mismatch: return LWC_ERR_VERIFY;
    case ls::status::unsupported_version: return LWC_ERR_VERSION;
    case ls::status::not_a_stream:
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

template <lwc::Aead A>
struct calls {
    using E = ls::encryptor<A>;
    using D = ls::decryptor<A>;
    static_assert(alignof(E) <= 8 && alignof(D) <= 8 &&
                  object_offset + std::max(sizeof(E), sizeof(D)) <= sizeof(lwc_stream_state));
    static auto key_of(const u8* k) { return std::span<const u8, A::key_size>(k, A::key_size); }

    static std::uint64_t sealed_size(std::uint64_t n, std::uint32_t c) {
        return ls::valid_chunk_size(c) && n <= ls::max_plaintext_size ? ls::sealed_size<A>(n, c) : 0;
    }
    static int begin(void* o, const u8* key, const u8* salt, std::uint32_t c, u8* header) {
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
    static int layout(const void* o, std::uint64_t size, lwc_stream_layout* out) {
        ls::layout l;
        const ls::status s = static_cast<const D*>(o)->layout_for(size, l);
        *out = {l.header_size, l.chunk_size, l.tag_size, l.chunks, l.plaintext_size};
        return to_lwc(s);
    }
    static int range(const void* o, std::uint64_t size, std::uint64_t start, u8* out, std::size_t n, u8* work,
                     std::size_t work_n, lwc_stream_read_fn read, void* ctx) {
        return to_lwc(ls::decrypt_range(*static_cast<const D*>(o), size, start, {out, n},
                                        {work, work_n}, [&](std::uint64_t at, std::span<u8> into) {
                                            return read(ctx, at, into.data(), into.size()) == 0;
                                        }));
    }
    static constexpr lwc_capi::stream_ops ops{E::header_size, A::tag_size, &sealed_size, &begin, &push,
                                    &open, &pull, &finish, &layout, &range};
};

}  // namespace
}  // namespace lwc_capi::streams
