// SPDX-License-Identifier: MIT
// The over-the-air update case of the stream format (docs/stream-format.md) on the board:
// an image sealed in 512-byte chunks is decrypted and verified chunk by chunk as it is read
// (here from a host file through semihosting, as a device reads flash or a radio), in
// place in one chunk buffer. Per AEAD it prints the RAM that takes: the decryptor (the
// stream's derived key and counters), the one buffer, and the peak stack of a chunk's
// verification (painting, the scheme's state included); and it checks every byte.
//   lwc_fw_stream FILE [IMAGE_BYTES]   FILE: scratch, written (the sealed image) then read;
//                                      IMAGE_BYTES: default 1 MiB
#include <cstdio>
#include <cstdlib>

#include <lwc/registry.hpp>
#include <lwc/stream.hpp>

#include "stack_paint.hpp"

#if LWC_EXCEPTIONS || defined(__GXX_RTTI)
#error "built as firmware: -fno-exceptions -fno-rtti"
#endif

namespace {

namespace ls = lwc::stream;
using u8 = std::uint8_t;
constexpr std::uint32_t chunk_size = 512;
constexpr std::size_t max_tag_size = 32;

// One sealed chunk (or the header), decrypted in place: shared by every scheme, so that the
// M0+ board's 16 KiB of RAM hold the program.
u8 chunk_buf[chunk_size + max_tag_size];

// Byte i of the image, the same for the writer and the checker.
u8 image_byte(std::size_t i) { return u8((i * 2654435761u) >> 13); }

template <class A>
struct device {
    static inline const u8 key[A::key_size] = {7, 1, 2, 3};
    static inline ls::decryptor<A>* decryptor;  // verify()'s (no static object: no destructor)
    static_assert(A::tag_size <= max_tag_size);
    static constexpr std::size_t buf_size = chunk_size + A::tag_size;  // what it uses of chunk_buf
    static inline u8* const buf = chunk_buf;
    static inline std::size_t len;                   // of the chunk in buf
    static inline bool last;
    static inline ls::status status;

    static typename ls::decryptor<A>::key_span key_span() { return key; }
    static void pull() {
        status = decryptor->pull({buf, len}, {buf, len - A::tag_size}, last);
    }
};

// The build server's side: the image sealed into path.
template <class A>
bool seal(const char* path, std::size_t size) {
    using D = device<A>;
    // The salt from a counter the device never repeats (here the firmware's image version,
    // kept in flash) and whatever its TRNG gave (QEMU has none: a fixed value), so that a
    // weak random source cannot repeat it (docs/stream-format.md, "The salt").
    static constexpr std::uint64_t image_version = 42;
    static const u8 trng_output[16] = {0x5e, 0xed};
    u8 salt[ls::salt_size];
    if (!ls::derive_salt(D::key_span(), image_version, trng_output, salt)) return false;
    constexpr std::size_t header_size = ls::encryptor<A>::header_size;
    static_assert(header_size <= D::buf_size);
    ls::encryptor<A> e;
    std::FILE* f = std::fopen(path, "wb");
    if (f == nullptr) return false;
    bool ok = e.begin(D::key_span(), salt, chunk_size, std::span<u8, header_size>(D::buf, header_size)) ==
                  ls::status::ok &&
              std::fwrite(D::buf, 1, header_size, f) == header_size;
    for (std::size_t at = 0; ok;) {
        const std::size_t n = size - at < chunk_size ? size - at : chunk_size;
        for (std::size_t i = 0; i < n; ++i) D::buf[i] = image_byte(at + i);
        at += n;
        const bool last = at == size;
        ok = e.push({D::buf, n}, {D::buf, n + A::tag_size}, last) == ls::status::ok &&
             std::fwrite(D::buf, 1, n + A::tag_size, f) == n + A::tag_size;
        if (last) break;
    }
    return std::fclose(f) == 0 && ok;
}

// The device's side: returns the peak stack of a chunk's verification, or 0 on a failure.
template <class A>
std::size_t verify(const char* path, std::size_t size) {
    using D = device<A>;
    std::FILE* f = std::fopen(path, "rb");
    if (f == nullptr) return 0;
    constexpr std::size_t header_size = ls::decryptor<A>::header_size;
    ls::decryptor<A> decryptor;
    D::decryptor = &decryptor;
    ls::layout l{};
    bool ok = std::fread(D::buf, 1, header_size, f) == header_size &&
              decryptor.open(D::key_span(), {D::buf, header_size}) == ls::status::ok &&
              decryptor.layout_for(ls::sealed_size<A>(size, chunk_size), l) == ls::status::ok;
    std::size_t peak = 0;
    for (std::uint64_t i = 0; ok && i < l.chunks; ++i) {
        D::last = i + 1 == l.chunks;
        D::len = D::last ? std::size_t(l.plaintext_size - i * chunk_size) + A::tag_size
                         : chunk_size + A::tag_size;
        ok = std::fread(D::buf, 1, D::len, f) == D::len;
        if (!ok) break;
        const stack_use use = measure(&D::pull);
        peak = use.total > peak ? use.total : peak;
        ok = D::status == ls::status::ok;
        for (std::size_t k = 0; ok && k < D::len - A::tag_size; ++k)
            ok = D::buf[k] == image_byte(std::size_t(i) * chunk_size + k);
    }
    ok = ok && decryptor.finish() == ls::status::ok && std::fgetc(f) == EOF;
    std::fclose(f);
    return ok ? peak : 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::printf("usage: %s FILE [IMAGE_BYTES]\n", argc > 0 ? argv[0] : "stream");
        return 2;
    }
    const std::size_t size = argc > 2 ? std::size_t(std::atol(argv[2])) : std::size_t(1) << 20;
    int failures = 0;
    lwc::registry::aeads::for_each([&](auto s) {
        using A = typename decltype(s)::type;
        const std::size_t stack = seal<A>(argv[1], size) ? verify<A>(argv[1], size) : 0;
        const std::size_t state = sizeof(ls::decryptor<A>), buffer = device<A>::buf_size;
        if (stack == 0) {
            ++failures;
            std::printf("FAIL %s: the sealed image did not decrypt to itself\n", A::name.data());
            return;
        }
        // %lu: newlib's small printf has no %zu.
        std::printf("ok %-24s %lu bytes in %u-byte chunks: decryptor %lu + buffer %lu + "
                    "stack %lu = %lu bytes of RAM\n",
                    A::name.data(), (unsigned long)size, unsigned(chunk_size),
                    (unsigned long)state, (unsigned long)buffer, (unsigned long)stack,
                    (unsigned long)(state + buffer + stack));
    });
    std::remove(argv[1]);
    std::printf("%s: %d failure(s)\n", failures ? "FAILED" : "PASSED", failures);
    return failures ? 1 : 0;
}
