// liblwc: the C ABI, generated from the C++ registry. No cryptography here: every
// call checks its arguments and goes straight to the scheme in include/lwc.
#include "lwc.h"

#include <array>
#include <cstring>
#include <memory>
#include <new>
#include <span>

#include <lwc/lwc.hpp>

namespace {

using lwc::detail::u8;

// Pointers may be NULL only when their length is 0; spans need a non-null base then.
bool bad_buffer(const void* p, std::size_t n) { return p == nullptr && n != 0; }

struct aead_impl {
    int (*encrypt)(u8*, u8*, const u8*, std::size_t, const u8*, std::size_t, const u8*,
                   const u8*);
    int (*decrypt)(u8*, const u8*, std::size_t, const u8*, const u8*, std::size_t, const u8*,
                   const u8*);
};

template <lwc::Aead A>
struct aead_ops {
    static int encrypt(u8* ct, u8* tag, const u8* pt, std::size_t n, const u8* ad,
                       std::size_t ad_len, const u8* nonce, const u8* key) {
        A::encrypt(std::span<const u8, A::key_size>(key, A::key_size),
                   std::span<const u8, A::nonce_size>(nonce, A::nonce_size),
                   std::span<const u8>(ad, ad_len), std::span<const u8>(pt, n),
                   std::span<u8>(ct, n), std::span<u8, A::tag_size>(tag, A::tag_size));
        return LWC_OK;
    }
    static int decrypt(u8* pt, const u8* ct, std::size_t n, const u8* tag, const u8* ad,
                       std::size_t ad_len, const u8* nonce, const u8* key) {
        const bool ok = A::decrypt(std::span<const u8, A::key_size>(key, A::key_size),
                                   std::span<const u8, A::nonce_size>(nonce, A::nonce_size),
                                   std::span<const u8>(ad, ad_len), std::span<const u8>(ct, n),
                                   std::span<const u8, A::tag_size>(tag, A::tag_size),
                                   std::span<u8>(pt, n));
        return ok ? LWC_OK : LWC_ERR_VERIFY;
    }
    static constexpr aead_impl impl{&encrypt, &decrypt};
};

struct hash_impl {
    void (*init)(void*);
    void (*update)(void*, const u8*, std::size_t);
    void (*final)(void*, u8*);
    void (*copy)(void*, const void*);
};

template <lwc::Hash H>
struct hash_ops {
    static void init(void* p) { new (p) H(); }
    static void update(void* p, const u8* in, std::size_t n) {
        static_cast<H*>(p)->update(std::span<const u8>(in, n));
    }
    static void final(void* p, u8* out) {
        auto* h = static_cast<H*>(p);
        h->finalize(std::span<u8, H::digest_size>(out, H::digest_size));
        h->~H();  // the destructor wipes the state
    }
    static void copy(void* dst, const void* src) { new (dst) H(*static_cast<const H*>(src)); }
    static constexpr hash_impl impl{&init, &update, &final, &copy};
};

template <class List, class Desc, class Make>
constexpr auto make_table(Make make) {
    std::array<Desc, List::size> table{};
    std::size_t i = 0;
    List::for_each([&](auto s) { table[i++] = make(s); });
    return table;
}

// The backend names the compiled path; the registry's default alias picks it.
constexpr const char* backend_name = "native";

const auto aead_table = make_table<lwc::registry::aeads, lwc_aead>([](auto s) {
    using A = typename decltype(s)::type;
    return lwc_aead{A::name.data(), A::key_size, A::nonce_size, A::tag_size, backend_name,
                    &aead_ops<A>::impl};
});

// An incremental state: which hash, then the hash object at its own alignment.
struct state_header {
    const struct lwc_hash* alg;
};

template <class H>
constexpr std::size_t state_bytes = sizeof(state_header) + 63 + sizeof(H);  // object_in aligns to 64

const auto hash_table = make_table<lwc::registry::hashes, struct lwc_hash>([](auto s) {
    using H = typename decltype(s)::type;
    static_assert(state_bytes<H> <= sizeof(lwc_hash_state));
    using desc = struct lwc_hash;
    return desc{H::name.data(), H::digest_size, H::block_size, state_bytes<H>, backend_name,
                    &hash_ops<H>::impl};
});

template <class Table>
auto find(const Table& table, const char* name) -> decltype(&table[0]) {
    if (name == nullptr) return nullptr;
    for (const auto& d : table)
        if (std::strcmp(d.name, name) == 0) return &d;
    return nullptr;
}

template <class Table>
auto at(const Table& table, std::size_t i) -> decltype(&table[0]) {
    return i < table.size() ? &table[i] : nullptr;
}

const aead_impl& impl_of(const lwc_aead* a) { return *static_cast<const aead_impl*>(a->impl_); }
const hash_impl& impl_of(const struct lwc_hash* h) { return *static_cast<const hash_impl*>(h->impl_); }

// The hash object inside a caller's state buffer, aligned up past the header.
void* object_in(lwc_hash_state* st) {
    void* p = st->opaque_ + sizeof(state_header);
    std::size_t space = sizeof(st->opaque_) - sizeof(state_header);
    return std::align(64, 1, p, space) ? p : nullptr;
}

state_header* header_of(lwc_hash_state* st) { return reinterpret_cast<state_header*>(st); }

bool is_known(const struct lwc_hash* alg) {
    for (const auto& d : hash_table)
        if (&d == alg) return true;
    return false;
}

}  // namespace

extern "C" {

const char* lwc_strerror(int status) {
    switch (status) {
    case LWC_OK: return "success";
    case LWC_ERR_VERIFY: return "tag verification failed";
    case LWC_ERR_ARGUMENT: return "invalid argument (NULL descriptor, state or buffer)";
    case LWC_ERR_LENGTH: return "length out of range";
    case LWC_ERR_STATE: return "hash state not initialized";
    default: return "unknown status";
    }
}

int lwc_abi_version(void) { return LWC_ABI_VERSION; }

size_t lwc_aead_count(void) { return aead_table.size(); }
const lwc_aead* lwc_aead_at(size_t i) { return at(aead_table, i); }
const lwc_aead* lwc_aead_find(const char* name) { return find(aead_table, name); }
size_t lwc_hash_count(void) { return hash_table.size(); }
const struct lwc_hash* lwc_hash_at(size_t i) { return at(hash_table, i); }
const struct lwc_hash* lwc_hash_find(const char* name) { return find(hash_table, name); }

int lwc_aead_encrypt(const lwc_aead* alg, uint8_t* ct, uint8_t* tag, const uint8_t* pt,
                     size_t pt_len, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
                     const uint8_t* key) {
    if (alg == nullptr || tag == nullptr || nonce == nullptr || key == nullptr ||
        bad_buffer(ct, pt_len) || bad_buffer(pt, pt_len) || bad_buffer(ad, ad_len))
        return LWC_ERR_ARGUMENT;
    return impl_of(alg).encrypt(ct, tag, pt, pt_len, ad, ad_len, nonce, key);
}

int lwc_aead_decrypt(const lwc_aead* alg, uint8_t* pt, const uint8_t* ct, size_t ct_len,
                     const uint8_t* tag, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
                     const uint8_t* key) {
    if (alg == nullptr || tag == nullptr || nonce == nullptr || key == nullptr ||
        bad_buffer(ct, ct_len) || bad_buffer(pt, ct_len) || bad_buffer(ad, ad_len))
        return LWC_ERR_ARGUMENT;
    return impl_of(alg).decrypt(pt, ct, ct_len, tag, ad, ad_len, nonce, key);
}

int lwc_aead_seal(const lwc_aead* alg, uint8_t* c, size_t* c_len, const uint8_t* m,
                  size_t m_len, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
                  const uint8_t* key) {
    if (alg == nullptr || c == nullptr) return LWC_ERR_ARGUMENT;
    if (m_len > SIZE_MAX - alg->tag_size) return LWC_ERR_LENGTH;
    const int rc = lwc_aead_encrypt(alg, c, c + m_len, m, m_len, ad, ad_len, nonce, key);
    if (rc == LWC_OK && c_len != nullptr) *c_len = m_len + alg->tag_size;
    return rc;
}

int lwc_aead_open(const lwc_aead* alg, uint8_t* m, size_t* m_len, const uint8_t* c,
                  size_t c_len, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
                  const uint8_t* key) {
    if (alg == nullptr || c == nullptr) return LWC_ERR_ARGUMENT;
    if (c_len < alg->tag_size) return LWC_ERR_LENGTH;
    const size_t n = c_len - alg->tag_size;
    const int rc = lwc_aead_decrypt(alg, m, c, n, c + n, ad, ad_len, nonce, key);
    if (m_len != nullptr) *m_len = rc == LWC_OK ? n : 0;
    return rc;
}

int lwc_hash(const struct lwc_hash* alg, uint8_t* out, const uint8_t* in, size_t in_len) {
    lwc_hash_state st;
    int rc = lwc_hash_init(alg, &st);
    if (rc == LWC_OK) rc = lwc_hash_update(&st, in, in_len);
    if (rc == LWC_OK) return lwc_hash_final(&st, out);
    return rc;
}

int lwc_hash_init(const struct lwc_hash* alg, lwc_hash_state* st) {
    if (alg == nullptr || st == nullptr || !is_known(alg)) return LWC_ERR_ARGUMENT;
    header_of(st)->alg = alg;
    impl_of(alg).init(object_in(st));
    return LWC_OK;
}

int lwc_hash_update(lwc_hash_state* st, const uint8_t* in, size_t in_len) {
    if (st == nullptr || bad_buffer(in, in_len)) return LWC_ERR_ARGUMENT;
    const struct lwc_hash* alg = header_of(st)->alg;
    if (!is_known(alg)) return LWC_ERR_STATE;
    impl_of(alg).update(object_in(st), in, in_len);
    return LWC_OK;
}

int lwc_hash_final(lwc_hash_state* st, uint8_t* out) {
    if (st == nullptr || out == nullptr) return LWC_ERR_ARGUMENT;
    const struct lwc_hash* alg = header_of(st)->alg;
    if (!is_known(alg)) return LWC_ERR_STATE;
    impl_of(alg).final(object_in(st), out);
    header_of(st)->alg = nullptr;
    return LWC_OK;
}

int lwc_hash_copy(lwc_hash_state* dst, const lwc_hash_state* src) {
    if (dst == nullptr || src == nullptr) return LWC_ERR_ARGUMENT;
    auto* s = const_cast<lwc_hash_state*>(src);
    const struct lwc_hash* alg = header_of(s)->alg;
    if (!is_known(alg)) return LWC_ERR_STATE;
    header_of(dst)->alg = alg;
    impl_of(alg).copy(object_in(dst), object_in(s));
    return LWC_OK;
}

}  // extern "C"
