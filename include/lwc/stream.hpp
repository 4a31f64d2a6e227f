// SPDX-License-Identifier: MIT
// The lwc stream format (docs/stream-format.md): a file or stream of any size sealed in
// chunks with any registered AEAD, in constant memory, with truncation, reordering and
// splicing detected and random access to byte ranges. The STREAM construction (Hoang,
// Reyhanitabar, Rogaway, Vizar 2015), as age and Tink use it: one key per file, derived
// with Ascon-CXOF128 from the caller's key and the header (which carries a random salt);
// chunk i sealed under the nonce N_f xor (i || last-flag).
//
// For firmware as for servers: no heap, no exceptions, caller-owned buffers, status codes.
//   encryptor<A>  begin(key, salt, chunk_size, header_out), push(chunk, sealed_out, last)
//   decryptor<A>  open(key, header), pull(sealed, out, last), finish(),
//                 layout_for(stream_size) and decrypt_chunk(i, ...) for random access
//   decrypt_range(), and encrypt() / decrypt() of whole buffers.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "aead.hpp"
#include "ascon.hpp"
#include "detail/bytes.hpp"

namespace lwc { inline namespace LWC_ISA_NS { namespace stream {

// --- the format's constants (docs/stream-format.md, "Header") ---------------------------

inline constexpr std::array<std::uint8_t, 7> magic = {'L', 'W', 'C', 'S', 'T', 'R', 'M'};
inline constexpr std::uint8_t format_version = 1;
inline constexpr std::size_t salt_size = 32;        // random, chosen per file by the writer
inline constexpr std::size_t header_tag_size = 32;  // Ascon-CXOF128 output: 128-bit collision resistance
inline constexpr std::size_t max_name_size = 64;
// Bytes of the header before the scheme's name: magic, version, chunk size, salt, name length.
inline constexpr std::size_t header_fixed_size = magic.size() + 1 + 4 + salt_size + 1;
inline constexpr std::uint32_t min_chunk_size = 64, max_chunk_size = std::uint32_t(1) << 24,
                               default_chunk_size = std::uint32_t(1) << 16;
// Per file (each file has its own key): far below the 2^50 bytes per key that NIST's call
// required every finalist to support.
inline constexpr std::uint64_t max_plaintext_size = std::uint64_t(1) << 48;

constexpr std::size_t header_size_for(std::size_t name_size) noexcept {
    return header_fixed_size + name_size + header_tag_size;
}
template <Aead A>
inline constexpr std::size_t header_size = header_size_for(std::string_view(A::name).size());

constexpr bool valid_chunk_size(std::uint64_t c) noexcept {
    return c >= min_chunk_size && c <= max_chunk_size;
}

// Size of the whole stream for pt_size bytes of plaintext: the header, then
// max(1, ceil(pt_size / chunk_size)) chunks, each with a tag. chunk_size must be valid.
template <Aead A>
constexpr std::uint64_t sealed_size(std::uint64_t pt_size, std::uint32_t chunk_size) noexcept {
    const std::uint64_t chunks = pt_size == 0 ? 1 : (pt_size + chunk_size - 1) / chunk_size;
    return header_size<A> + pt_size + chunks * A::tag_size;
}

// --- results ---------------------------------------------------------------------------

enum class status : std::uint8_t {
    ok = 0,
    not_a_stream,         // the header does not start with the magic
    unsupported_version,  // a format version this library does not know
    wrong_scheme,         // the header names another scheme (peek_header() tells which)
    bad_chunk_size,       // outside [min_chunk_size, max_chunk_size]
    header_mismatch,      // header tag does not verify: wrong key, or a changed header
    chunk_mismatch,       // a chunk does not verify: changed, moved, from another file,
                          // truncated at a chunk boundary or followed by more data
    truncated,            // the stream or a chunk is shorter than the layout allows
    empty_final_chunk,    // an empty final chunk after others (only an empty file has one)
    buffer_size,          // a caller's buffer has the wrong size
    bad_state,            // call out of order (push before begin, pull after the end/a failure)
    too_long,             // past max_plaintext_size
    bad_range,            // a range past the end of the plaintext
    read_failed,          // decrypt_range's reader reported an error
};

constexpr std::string_view message(status s) noexcept {
    switch (s) {
    case status::ok: return "ok";
    case status::not_a_stream: return "not an lwc stream (no LWCSTRM magic)";
    case status::unsupported_version: return "unsupported stream format version";
    case status::wrong_scheme: return "the stream is for another scheme";
    case status::bad_chunk_size: return "chunk size out of range (64 bytes to 16 MiB)";
    case status::header_mismatch: return "header verification failed: wrong key, or the header was changed";
    case status::chunk_mismatch: return "chunk verification failed: corrupted, reordered, truncated, or data after the end";
    case status::truncated: return "truncated stream or chunk";
    case status::empty_final_chunk: return "empty final chunk after data (not allowed)";
    case status::buffer_size: return "wrong buffer size";
    case status::bad_state: return "call out of order";
    case status::too_long: return "stream longer than the format's limit (2^48 bytes)";
    case status::bad_range: return "range past the end of the plaintext";
    case status::read_failed: return "read failed";
    }
    return "unknown status";
}

// --- the header's public fields, for faces that pick the scheme from the file ----------

struct header_info {
    status st = status::truncated;
    std::uint32_t chunk_size = 0;
    std::string_view scheme;  // points into the bytes given to peek_header()
    std::size_t size = 0;     // the whole header's size (known once the first
                              // header_fixed_size bytes are there)
};

// Reads magic, version, chunk size and scheme name from the first bytes of a stream
// (at least header_fixed_size; the name once `size` bytes are given). Verifies nothing:
// only decryptor::open() authenticates the header.
inline header_info peek_header(std::span<const std::uint8_t> h) noexcept {
    header_info info;
    if (h.size() < magic.size()) return info;
    if (!std::equal(magic.begin(), magic.end(), h.begin())) return info.st = status::not_a_stream, info;
    if (h.size() < header_fixed_size) return info;
    if (h[magic.size()] != format_version) return info.st = status::unsupported_version, info;
    info.chunk_size = detail::load32_le(h.data() + magic.size() + 1);
    const std::size_t name_size = h[header_fixed_size - 1];
    info.size = header_size_for(name_size);
    if (!valid_chunk_size(info.chunk_size)) return info.st = status::bad_chunk_size, info;
    if (name_size == 0 || name_size > max_name_size) return info.st = status::not_a_stream, info;
    if (h.size() < header_fixed_size + name_size) return info;
    info.scheme = {reinterpret_cast<const char*>(h.data() + header_fixed_size), name_size};
    // Every scheme's name is printable ASCII: a header whose name is not was not written
    // by a writer of this format (and a face must not try to decode it as text).
    for (const char c : info.scheme)
        if (static_cast<unsigned char>(c) < 0x21 || static_cast<unsigned char>(c) > 0x7e)
            return info.scheme = {}, info.st = status::not_a_stream, info;
    info.st = status::ok;
    return info;
}

// --- where each chunk lies: computable from the header and the stream's size -----------

struct layout {
    std::uint64_t header_size = 0, chunk_size = 0, tag_size = 0;
    std::uint64_t chunks = 0, plaintext_size = 0;

    constexpr std::uint64_t sealed_chunk_size() const noexcept { return chunk_size + tag_size; }
    constexpr bool is_last(std::uint64_t i) const noexcept { return i + 1 == chunks; }
    // Offset of chunk i in the stream, and its sealed size (ciphertext and tag).
    constexpr std::uint64_t offset(std::uint64_t i) const noexcept {
        return header_size + i * sealed_chunk_size();
    }
    constexpr std::uint64_t sealed_size(std::uint64_t i) const noexcept {
        return is_last(i) ? plaintext_size - i * chunk_size + tag_size : sealed_chunk_size();
    }
};

// The layout of a stream of stream_size bytes, or why no stream has that size (an
// incomplete final tag; an empty final chunk after others).
constexpr status make_layout(std::uint64_t header_size, std::uint32_t chunk_size,
                             std::uint64_t tag_size, std::uint64_t stream_size,
                             layout& out) noexcept {
    out = {header_size, chunk_size, tag_size, 0, 0};
    if (stream_size < header_size + tag_size) return status::truncated;
    const std::uint64_t body = stream_size - header_size, full = out.sealed_chunk_size();
    out.chunks = (body + full - 1) / full;
    const std::uint64_t last = body - (out.chunks - 1) * full;
    if (last < tag_size) return status::truncated;
    if (last == tag_size && out.chunks > 1) return status::empty_final_chunk;
    out.plaintext_size = body - out.chunks * tag_size;
    if (out.plaintext_size > max_plaintext_size) return status::too_long;
    return status::ok;
}

namespace detail {
using lwc::detail::u8;
using lwc::detail::u64;

// Ascon-CXOF128's customization string: "LWCSTRM/1 " and the scheme's name.
template <Aead A>
constexpr auto customization() noexcept {
    constexpr std::string_view prefix = "LWCSTRM/1 ", name = A::name;
    std::array<u8, prefix.size() + name.size()> z{};
    std::copy(prefix.begin(), prefix.end(), z.begin());
    std::copy(name.begin(), name.end(), z.begin() + prefix.size());
    return z;
}

// The per-file secrets: Ascon-CXOF128(Z = customization<A>, M = key || header without
// its tag) squeezed as header tag || file key || nonce base.
template <Aead A>
struct file_keys {
    std::array<u8, header_tag_size> header_tag;
    std::array<u8, A::key_size> key;
    std::array<u8, A::nonce_size> nonce_base;

    static_assert(A::nonce_size >= 9, "the counter and flag take 9 bytes of the nonce");

    void derive(std::span<const u8, A::key_size> user_key, std::span<const u8> header_body) noexcept {
        static constexpr auto z = customization<A>();
        AsconCxof128 x(z);
        x.update(user_key);
        x.update(header_body);
        x.squeeze(header_tag);
        x.squeeze(key);
        x.squeeze(nonce_base);
    }
    // Chunk i's nonce: the base xor (i as 8 big-endian bytes || 1 if last else 0) in its
    // last 9 bytes.
    void chunk_nonce(u64 i, bool last, std::span<u8, A::nonce_size> out) const noexcept {
        std::copy(nonce_base.begin(), nonce_base.end(), out.begin());
        for (std::size_t b = 0; b < 8; ++b) out[A::nonce_size - 2 - b] ^= u8(i >> (8 * b));
        out[A::nonce_size - 1] ^= u8(last);
    }
    void wipe() noexcept { lwc::detail::secure_zero(*this); }
    ~file_keys() { wipe(); }
};

// Writes the header's fields before its tag; returns the bytes written.
template <Aead A>
std::size_t write_header_body(std::span<const u8, salt_size> salt, std::uint32_t chunk_size,
                              u8* h) noexcept {
    constexpr std::string_view name = A::name;
    static_assert(name.size() > 0 && name.size() <= max_name_size);
    u8* p = std::copy(magic.begin(), magic.end(), h);
    *p++ = format_version;
    lwc::detail::store32_le(p, chunk_size);
    p = std::copy(salt.begin(), salt.end(), p + 4);
    *p++ = u8(name.size());
    p = std::copy(name.begin(), name.end(), p);
    return std::size_t(p - h);
}

enum class phase : std::uint8_t { idle, open, done, failed };

// What encryptor and decryptor hold: the file's secrets, the chunk counter, the phase.
// Not copyable (one copy of the keys), so neither are they; all zero once destroyed.
template <Aead A>
struct stream_state {
    file_keys<A> keys{};
    u64 next = 0;
    std::uint32_t chunk_size = 0;
    phase at = phase::idle;

    stream_state() = default;
    stream_state(const stream_state&) = delete;
    stream_state& operator=(const stream_state&) = delete;
    ~stream_state() { lwc::detail::secure_zero(*this); }

    void start(std::uint32_t c) noexcept {
        chunk_size = c;
        next = 0;
        at = phase::open;
    }
    // After the final chunk or a failure: the keys are no longer needed.
    void end(phase p) noexcept {
        at = p;
        keys.wipe();
    }
};

}  // namespace detail

// --- a salt that survives a weak random source ------------------------------------------

inline constexpr std::size_t max_salt_key_size = 255;

// The salt for a new file when the random source may be weak (a device's TRNG early after
// boot, a C caller with no source): Ascon-CXOF128 with customization "LWCSTRM/1 salt" of
//   len(key) as one byte || key || counter as 8 little-endian bytes || random
// squeezed to salt_size bytes. counter: a value the device never repeats with this key (a
// persistent counter in flash, incremented before each use); random: what the TRNG gives
// (any length, empty allowed). The salt is unique while the counter is, whatever the
// random bytes; with a fresh random part it stays unique after a counter reset too; and it
// reveals neither (it depends on the key). false for a key over max_salt_key_size bytes.
inline bool derive_salt(std::span<const std::uint8_t> key, std::uint64_t counter,
                        std::span<const std::uint8_t> random,
                        std::span<std::uint8_t, salt_size> salt) noexcept {
    if (key.size() > max_salt_key_size) return false;
    static constexpr std::string_view z = "LWCSTRM/1 salt";
    AsconCxof128 x(std::span(reinterpret_cast<const std::uint8_t*>(z.data()), z.size()));
    std::array<std::uint8_t, 8> count;
    lwc::detail::store64_le(count.data(), counter);
    const std::uint8_t key_size = std::uint8_t(key.size());
    x.update(std::span(&key_size, 1));
    x.update(key);
    x.update(count);
    x.update(random);
    x.squeeze(salt);
    return true;
}

// --- encryption ------------------------------------------------------------------------

// Seals a stream chunk by chunk. Every chunk but the last holds exactly chunk_size bytes;
// the last holds 1..chunk_size (0 only when it is the only one: an empty file). A writer
// that learns of the end only after a full chunk keeps that chunk until it knows.
template <Aead A>
class encryptor {
public:
    static constexpr std::size_t header_size = stream::header_size<A>, tag_size = A::tag_size;
    using key_span = std::span<const std::uint8_t, A::key_size>;

    // Writes the header. salt: salt_size fresh random bytes (never reused with a key).
    status begin(key_span key, std::span<const std::uint8_t, salt_size> salt,
                 std::uint32_t chunk_size, std::span<std::uint8_t, header_size> header) noexcept {
        if (!valid_chunk_size(chunk_size)) return status::bad_chunk_size;
        const std::size_t body = detail::write_header_body<A>(salt, chunk_size, header.data());
        s_.keys.derive(key, header.first(body));
        std::copy(s_.keys.header_tag.begin(), s_.keys.header_tag.end(), header.begin() + body);
        s_.start(chunk_size);
        return status::ok;
    }

    // Seals one chunk into out (chunk.size() + tag_size bytes: ciphertext || tag). out may
    // start at chunk.data() (in place; the buffer then holds tag_size more bytes).
    status push(std::span<const std::uint8_t> chunk, std::span<std::uint8_t> out, bool last) noexcept {
        if (s_.at != detail::phase::open) return status::bad_state;
        if (out.size() != chunk.size() + tag_size) return status::buffer_size;
        if (last ? chunk.size() > s_.chunk_size : chunk.size() != s_.chunk_size) return status::buffer_size;
        if (last && chunk.empty() && s_.next != 0) return status::empty_final_chunk;
        if (s_.next * s_.chunk_size + chunk.size() > max_plaintext_size) return status::too_long;
        std::array<std::uint8_t, A::nonce_size> nonce;
        s_.keys.chunk_nonce(s_.next, last, nonce);
        A::encrypt(s_.keys.key, nonce, {}, chunk, out.first(chunk.size()),
                   out.last<tag_size>());
        lwc::detail::secure_zero(nonce);
        ++s_.next;
        if (last) s_.end(detail::phase::done);
        return status::ok;
    }

    bool finished() const noexcept { return s_.at == detail::phase::done; }
    std::uint64_t chunks_sealed() const noexcept { return s_.next; }
    std::uint32_t chunk_size() const noexcept { return s_.chunk_size; }

private:
    detail::stream_state<A> s_;
};

// --- decryption ------------------------------------------------------------------------

// Opens a stream and verifies it chunk by chunk. A chunk's plaintext is written only once
// that chunk verified (a failing chunk leaves zeros); the chunks before a failure were
// released already: a consumer that needs all or nothing holds the output back (a
// temporary file) until finish() says ok.
template <Aead A>
class decryptor {
public:
    static constexpr std::size_t header_size = stream::header_size<A>, tag_size = A::tag_size;
    using key_span = std::span<const std::uint8_t, A::key_size>;

    // header: the stream's first header_size bytes. Checks its fields and its tag (so a
    // wrong key is reported here, before any chunk).
    status open(key_span key, std::span<const std::uint8_t> header) noexcept {
        s_.at = detail::phase::idle;
        const header_info info = peek_header(header);
        if (info.st != status::ok) return info.st;
        if (info.scheme != std::string_view(A::name)) return status::wrong_scheme;
        if (header.size() != header_size) return status::buffer_size;
        const std::size_t body = header_size - header_tag_size;
        s_.keys.derive(key, header.first(body));
        const bool ok = lwc::detail::declassify(lwc::detail::ct_equal(
            s_.keys.header_tag, header.subspan(body, header_tag_size)));
        if (!ok) {
            s_.end(detail::phase::idle);
            return status::header_mismatch;
        }
        s_.start(info.chunk_size);
        return status::ok;
    }

    // The next chunk in order: sealed is its ciphertext || tag, out gets its plaintext
    // (sealed.size() - tag_size bytes; out may start at sealed.data(): in place). last:
    // whether the input ends after this chunk, which the caller knows only by reading
    // ahead (read chunk_size + tag_size + 1 bytes, or to the end). Any failure ends the
    // stream: later pulls return bad_state.
    status pull(std::span<const std::uint8_t> sealed, std::span<std::uint8_t> out, bool last) noexcept {
        const status s = decrypt_chunk(s_.next, last, sealed, out);
        if (s != status::ok && s != status::buffer_size) s_.end(detail::phase::failed);
        if (s != status::ok) return s;
        ++s_.next;
        if (last) s_.end(detail::phase::done);
        return status::ok;
    }

    // At the end of the input: ok only if the final chunk was pulled and verified.
    status finish() const noexcept {
        return s_.at == detail::phase::done ? status::ok
               : s_.at == detail::phase::open ? status::truncated
                                       : status::bad_state;
    }

    // Random access (after open(), without pull()): the layout of the whole stream, from
    // its size, and chunk `index` alone (last: layout.is_last(index)). The layout verifies
    // nothing: its plaintext size is a claim until the last chunk verified as last
    // (decrypt_range does that for every range that reaches the end).
    status layout_for(std::uint64_t stream_size, layout& out) const noexcept {
        if (s_.at == detail::phase::idle) return status::bad_state;
        return make_layout(header_size, s_.chunk_size, tag_size, stream_size, out);
    }

    status decrypt_chunk(std::uint64_t index, bool last, std::span<const std::uint8_t> sealed,
                         std::span<std::uint8_t> out) const noexcept {
        if (s_.at != detail::phase::open) return status::bad_state;
        if (sealed.size() < tag_size) return status::truncated;
        const std::size_t n = sealed.size() - tag_size;
        if (out.size() != n) return status::buffer_size;
        if (n > s_.chunk_size) return status::buffer_size;
        if (!last && n != s_.chunk_size) return status::truncated;
        if (last && n == 0 && index != 0) return status::empty_final_chunk;
        if (index >= max_plaintext_size / s_.chunk_size + 1 ||
            index * s_.chunk_size + n > max_plaintext_size)
            return status::too_long;
        std::array<std::uint8_t, A::nonce_size> nonce;
        s_.keys.chunk_nonce(index, last, nonce);
        const bool ok = A::decrypt(s_.keys.key, nonce, {}, sealed.first(n),
                                   sealed.template last<tag_size>(), out);
        lwc::detail::secure_zero(nonce);
        return ok ? status::ok : status::chunk_mismatch;
    }

    std::uint64_t chunks_verified() const noexcept { return s_.next; }
    std::uint32_t chunk_size() const noexcept { return s_.chunk_size; }

private:
    detail::stream_state<A> s_;
};

// Decrypts the plaintext bytes [start, start + out.size()) of a stream of stream_size
// bytes, reading only the chunks that cover them through
//   read(std::uint64_t offset, std::span<std::uint8_t> into) -> bool (fills all of into)
// into work (at least chunk_size + tag_size bytes, wiped at the end). d must be open.
// The layout's plaintext size comes from the stream's size, which nothing authenticates
// until the final chunk verified as final: so a range that reaches the end of the
// plaintext (an empty one at the end included) also verifies the final chunk, and a cut
// file is refused (chunk_mismatch) instead of read as a shorter one. A range that ends
// before the end reads only its own chunks. All or nothing: on any failure out is zeroed.
template <Aead A, class Read>
status decrypt_range(const decryptor<A>& d, std::uint64_t stream_size, std::uint64_t start,
                     std::span<std::uint8_t> out, std::span<std::uint8_t> work, Read&& read) {
    layout l;
    status s = d.layout_for(stream_size, l);
    if (s != status::ok) return s;
    if (start > l.plaintext_size || out.size() > l.plaintext_size - start) return status::bad_range;
    if (work.size() < l.sealed_chunk_size()) return status::buffer_size;
    const std::uint64_t end = start + out.size();
    const bool to_end = end == l.plaintext_size;
    if (out.empty() && !to_end) return status::ok;
    const std::uint64_t first = std::min(start / l.chunk_size, l.chunks - 1),
                        last = to_end ? l.chunks - 1 : (end - 1) / l.chunk_size;
    for (std::uint64_t i = first; s == status::ok && i <= last; ++i) {
        const auto sealed = work.first(std::size_t(l.sealed_size(i)));
        const auto pt = sealed.first(sealed.size() - A::tag_size);
        if (!read(l.offset(i), sealed)) {
            s = status::read_failed;
            break;
        }
        s = d.decrypt_chunk(i, l.is_last(i), sealed, pt);
        const std::uint64_t at = i * l.chunk_size, from = std::max(start, at),
                            to = std::min(end, at + pt.size());
        if (s == status::ok && from < to)
            std::copy_n(pt.begin() + (from - at), to - from, out.begin() + (from - start));
    }
    lwc::detail::secure_zero(work.data(), work.size());
    if (s != status::ok) lwc::detail::secure_zero(out.data(), out.size());
    return s;
}

// --- whole buffers ---------------------------------------------------------------------

// out.size() must be sealed_size<A>(pt.size(), chunk_size).
template <Aead A>
status encrypt(std::span<const std::uint8_t, A::key_size> key,
               std::span<const std::uint8_t, salt_size> salt, std::uint32_t chunk_size,
               std::span<const std::uint8_t> pt, std::span<std::uint8_t> out) noexcept {
    if (!valid_chunk_size(chunk_size)) return status::bad_chunk_size;
    if (pt.size() > max_plaintext_size) return status::too_long;
    if (out.size() != sealed_size<A>(pt.size(), chunk_size)) return status::buffer_size;
    encryptor<A> e;
    status s = e.begin(key, salt, chunk_size, out.template first<header_size<A>>());
    std::size_t in = 0, at = header_size<A>;
    while (s == status::ok && !e.finished()) {
        const std::size_t n = std::min<std::size_t>(chunk_size, pt.size() - in);
        const bool last = in + n == pt.size();
        s = e.push(pt.subspan(in, n), out.subspan(at, n + A::tag_size), last);
        in += n;
        at += n + A::tag_size;
    }
    return s;
}

// The plaintext size of a whole stream (from its header and size; verifies nothing).
template <Aead A>
status plaintext_size(std::span<const std::uint8_t> stream, std::uint64_t& size) noexcept {
    size = 0;
    const header_info info = peek_header(stream);
    if (info.st != status::ok) return info.st;
    if (info.scheme != std::string_view(A::name)) return status::wrong_scheme;
    layout l;
    const status s = make_layout(info.size, info.chunk_size, A::tag_size, stream.size(), l);
    if (s == status::ok) size = l.plaintext_size;
    return s;
}

// out.size() must be the plaintext size (plaintext_size()). All or nothing: on any
// failure out is zeroed.
template <Aead A>
status decrypt(std::span<const std::uint8_t, A::key_size> key, std::span<const std::uint8_t> stream,
               std::span<std::uint8_t> out) noexcept {
    std::uint64_t size = 0;
    status s = plaintext_size<A>(stream, size);
    if (s == status::ok && out.size() != size) s = status::buffer_size;
    decryptor<A> d;
    if (s == status::ok) s = d.open(key, stream.first(header_size<A>));
    layout l;
    if (s == status::ok) s = d.layout_for(stream.size(), l);
    for (std::uint64_t i = 0; s == status::ok && i < l.chunks; ++i) {
        const auto sealed = stream.subspan(std::size_t(l.offset(i)), std::size_t(l.sealed_size(i)));
        s = d.pull(sealed, out.subspan(std::size_t(i * l.chunk_size), sealed.size() - A::tag_size),
                   l.is_last(i));
    }
    if (s == status::ok) s = d.finish();
    if (s != status::ok) lwc::detail::secure_zero(out.data(), out.size());
    return s;
}

// The largest encryptor/decryptor of a scheme_list, for a C ABI's static state buffer.
template <class List>
constexpr std::size_t max_state_size() noexcept {
    std::size_t m = 0;
    List::for_each([&](auto s) {
        using A = typename decltype(s)::type;
        m = std::max({m, sizeof(encryptor<A>), sizeof(decryptor<A>)});
    });
    return m;
}

}}}  // namespace lwc::inline LWC_ISA_NS::stream
#endif  // LWC_CXX20
