// SPDX-License-Identifier: MIT
// liblwc: the C ABI. No cryptography here: every call checks its arguments and goes
// through the descriptor to the registry compiled for the chosen backend (backend.cpp).
// This file is compiled for any CPU of the architecture: it runs before the choice.
#include "lwc.h"

#include <lwc/detail/bytes.hpp>
#include <lwc/detail/cpu_features.hpp>

#include <cstdint>
#include <cstring>
#if LWC_CAPI_X86  // several backends: the override below reads the environment, writes stderr
#include <cstdio>
#include <cstdlib>
#endif
#include <initializer_list>
#include <iterator>
#include <memory>

#include "backend.hpp"

namespace {

using namespace lwc_capi;

// ------------------------------------------------------------ choosing a backend

// Fastest first; the portable backend runs everywhere.
constexpr const backend* backends[] = {
#if LWC_CAPI_X86
    &avx512,
    &avx2,
#endif
    &portable,
};

// A backend runs here when this CPU (and the OS) has every feature it was compiled for:
// the features come from the list in config.hpp on both sides (backend.cpp reports
// what its flags turned on, cpu_features() reads the same entries' CPUID bits), so the
// check cannot miss one the flags added.
bool runs_here(const backend& b) {
    static const std::uint64_t cpu = lwc::detail::isa::cpu_features();
    return (b.features & ~cpu) == 0;
}

const backend& best_backend() {
    for (const backend* b : backends)
        if (runs_here(*b)) return *b;
    return portable;
}

#if LWC_CAPI_X86
// LWC_FORCE_PORTABLE=1 asks for the portable backend, LWC_BACKEND=<name> for any one
// (tests run every backend this way). A request that cannot be honoured (a name that is
// no backend, or one this CPU cannot run) is not an error that stops the program, since
// the variable is a testing and diagnosis switch and every backend computes the same
// results: liblwc says so in one line on stderr, naming the backends it has, and uses the
// best one this CPU runs. (Silently ignoring a misspelt name hid the mistake.)
const backend& choose_backend() {
    const char* force = std::getenv("LWC_FORCE_PORTABLE");
    if (force != nullptr && *force != '\0' && std::strcmp(force, "0") != 0) return portable;
    const char* wanted = std::getenv("LWC_BACKEND");
    if (wanted == nullptr || *wanted == '\0') return best_backend();
    const backend& best = best_backend();
    for (const backend* b : backends)
        if (std::strcmp(wanted, b->name) == 0) {
            if (runs_here(*b)) return *b;
            std::fprintf(stderr, "lwc: LWC_BACKEND=%s: this CPU cannot run it; using %s\n",
                         wanted, best.name);
            return best;
        }
    std::fprintf(stderr, "lwc: LWC_BACKEND=%s is not a backend (", wanted);
    for (const backend* b : backends)
        std::fprintf(stderr, "%s%s", b->name, b == backends[std::size(backends) - 1] ? "" : ", ");
    std::fprintf(stderr, "); using %s\n", best.name);
    return best;
}
#else
// One backend (every build but x86-64's, firmware included): nothing to choose, so
// liblwc reads no environment and links no stdio (a firmware image with liblwc.a needs
// neither getenv nor a C library's stdio, nor the heap they bring).
const backend& choose_backend() { return best_backend(); }
#endif

// Chosen once per process, on first use (thread-safe static initialization).
const backend& active() {
    static const backend& chosen = choose_backend();
    return chosen;
}

// ------------------------------------------------------------ descriptors

// Whether two names are equal without regard to ASCII case (no locale: "I" is "i" in
// every language setting). Registry names are lower case.
bool same_name(const char* a, const char* b) {
    const auto lower = [](unsigned char c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; };
    for (; lower(*a) == lower(*b); ++a, ++b)
        if (*a == '\0') return true;
    return false;
}

template <class Desc>
const Desc* find(std::span<const Desc* const> table, const char* name) {
    if (name == nullptr) return nullptr;
    for (const Desc* d : table)
        if (same_name(d->name, name)) return d;
    return nullptr;
}

template <class Desc>
const Desc* at(std::span<const Desc* const> table, std::size_t i) {
    return i < table.size() ? table[i] : nullptr;
}

// The active backend's table of each kind of descriptor.
std::span<const lwc_aead* const> table_of(const lwc_aead*) { return active().aeads; }
std::span<const hash_desc* const> table_of(const hash_desc*) { return active().hashes; }
std::span<const xof_desc* const> table_of(const xof_desc*) { return active().xofs; }

// One of the library's descriptors as the one whose code runs, or NULL: NULL, a zeroed
// descriptor, a copy or another kind's descriptor is refused before any code runs
// through it (its impl is not of its kind, or does not point back at it). No table is
// read, except to resolve a named descriptor of a liblwc with several backends to the
// chosen backend's.
template <class Desc>
const Desc* resolved(const Desc* d) {
    if (d == nullptr || d->impl_ == nullptr) return nullptr;
    const auto& impl = impl_of(d);
    if (impl.tag != impl_for<Desc>::tag || impl.self != d) return nullptr;
#if LWC_CAPI_X86
    if (impl.ops == nullptr) return table_of(d)[impl.index];
#endif
    return d;
}

template <class Desc>
const auto& ops_of(const Desc* d) {
    return *impl_of(d).ops;
}

// A pointer may be NULL only when its length is 0.
bool bad_buffer(const void* p, std::size_t n) { return p == nullptr && n != 0; }

// n bytes at p; the arguments one overlap check compares.
struct bytes_at {
    const void* p;
    std::size_t n;
};

// Whether a and b share a byte: the headers' check (overflow-safe for any length).
bool overlap(bytes_at a, bytes_at b) { return lwc::detail::overlap_bytes(a.p, a.n, b.p, b.n); }

// Whether out shares a byte with any of others: an output is written while the inputs
// are still read (and tags, keys and nonces are read after the first output bytes), so
// a partly overlapping input would be changed under the scheme's feet.
bool overlaps_any(bytes_at out, std::initializer_list<bytes_at> others) {
    for (const bytes_at& o : others)
        if (overlap(out, o)) return true;
    return false;
}

// An output that is exactly its input (in place) is fine, one that overlaps it otherwise
// is not.
bool bad_alias(bytes_at out, bytes_at in) { return out.p != in.p && overlap(out, in); }

// The pointers of one encryption or decryption: tag, nonce and key never NULL, the
// others NULL only when empty. The one-message calls check no more here: the backend
// checks sizes and overlaps (the C++ checks, one copy in a firmware image).
bool pointers_ok(const uint8_t* tag, const uint8_t* nonce, const uint8_t* key, const uint8_t* out,
                 const uint8_t* in, size_t n, const uint8_t* ad, size_t ad_len) {
    return tag != nullptr && nonce != nullptr && key != nullptr && !bad_buffer(out, n) &&
           !bad_buffer(in, n) && !bad_buffer(ad, ad_len);
}

// lwc_aead_encrypt and lwc_aead_decrypt, one body: the descriptor and the pointers checked
// here, sizes and overlaps by the backend.
int run_aead(const lwc_aead* alg, bool decrypt, uint8_t* out, const uint8_t* in, size_t n,
             const uint8_t* tag, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
             const uint8_t* key) {
    if ((alg = resolved(alg)) == nullptr || !pointers_ok(tag, nonce, key, out, in, n, ad, ad_len))
        return LWC_ERR_ARGUMENT;
    return ops_of(alg).run(decrypt, out, in, n, const_cast<uint8_t*>(tag), ad, ad_len, nonce, key);
}

// The arguments of one job of a batch (alg listed): the checks of lwc.h, here, before the
// backend runs the checked jobs together.
bool encrypt_args_ok(const lwc_aead* alg, const uint8_t* ct, const uint8_t* tag,
                     const uint8_t* pt, size_t pt_len, const uint8_t* ad, size_t ad_len,
                     const uint8_t* nonce, const uint8_t* key) {
    if (!pointers_ok(tag, nonce, key, ct, pt, pt_len, ad, ad_len)) return false;
    const bytes_at out{ct, pt_len}, t{tag, alg->tag_size}, a{ad, ad_len},
        n{nonce, alg->nonce_size}, k{key, alg->key_size};
    return !bad_alias(out, {pt, pt_len}) && !overlaps_any(out, {t, a, n, k}) &&
           !overlaps_any(t, {{pt, pt_len}, a, n, k});
}
bool decrypt_args_ok(const lwc_aead* alg, const uint8_t* pt, const uint8_t* ct, size_t ct_len,
                     const uint8_t* tag, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
                     const uint8_t* key) {
    if (!pointers_ok(tag, nonce, key, pt, ct, ct_len, ad, ad_len)) return false;
    const bytes_at out{pt, ct_len};
    return !bad_alias(out, {ct, ct_len}) &&
           !overlaps_any(out, {{tag, alg->tag_size}, {ad, ad_len}, {nonce, alg->nonce_size},
                               {key, alg->key_size}});
}

// ------------------------------------------------------------ hash states

state_header* header_of(lwc_hash_state* st) { return reinterpret_cast<state_header*>(st); }

// A state's header names its descriptor and holds its check (check_of); NULL: the state
// ended, its header zeroed with the rest.
void mark(lwc_hash_state* st, const void* alg) {
    *header_of(st) = alg == nullptr ? state_header{} : state_header{alg, check_of(alg)};
}

// The hash object inside a caller's state: the first object_align boundary past the
// header. The same buffer always gives the same place.
// (By hand rather than std::align, which libc++ does not define in its headers.)
void* object_in(lwc_hash_state* st) {
    unsigned char* p = st->opaque_ + sizeof(state_header);
    return p + (object_align - reinterpret_cast<std::uintptr_t>(p) % object_align) % object_align;
}


// The descriptor an initialized state belongs to, or NULL: a state never initialized
// (or finalized since) holds no pointer into the table.
// A hash state is never taken for an XOF state, nor the other way round: each check
// looks in its own table.
template <class Desc = hash_desc>
const Desc* alg_of(lwc_hash_state* st) {
    const state_header& h = *header_of(st);
    if (h.alg == nullptr || h.check != check_of(h.alg)) return nullptr;
    const Desc* alg = static_cast<const Desc*>(h.alg);
    return resolved(alg) == alg ? alg : nullptr;
}

// lwc_hash_copy and lwc_xof_copy: dst becomes a copy of an initialized src of kind Desc.
template <class Desc>
int copy_state(lwc_hash_state* dst, const lwc_hash_state* src) {
    if (dst == nullptr || src == nullptr) return LWC_ERR_ARGUMENT;
    auto* s = const_cast<lwc_hash_state*>(src);  // object_in needs no write access
    const Desc* alg = alg_of<Desc>(s);
    if (alg == nullptr) return LWC_ERR_STATE;
    if (dst == src) return LWC_OK;
    if (overlap({dst, alg->state_size}, {src, alg->state_size})) return LWC_ERR_ARGUMENT;
    mark(dst, alg);
    ops_of(alg).copy(object_in(dst), object_in(s));
    return LWC_OK;
}

}  // namespace

const lwc_capi::backend& lwc_capi::active_backend() { return active(); }
const lwc_aead* lwc_capi::resolve(const lwc_aead* alg) { return resolved(alg); }

extern "C" {

const char* lwc_strerror(int status) {
    switch (status) {
    case LWC_OK: return "success";
    case LWC_ERR_VERIFY: return "tag verification failed";
    case LWC_ERR_ARGUMENT:
        return "invalid argument (a NULL pointer, an unknown descriptor or overlapping buffers)";
    case LWC_ERR_LENGTH: return "length out of range";
    case LWC_ERR_STATE:
        // The commonest cause first: a call after lwc_hash_final (or lwc_xof_clear).
        return "state already finalized, or not initialized (or an XOF update after a squeeze, "
               "or a stream call out of order)";
    case LWC_ERR_FORMAT:
        return "not an lwc stream of this scheme (magic, scheme or chunk size)";
    case LWC_ERR_TRUNCATED: return "truncated stream or chunk";
    case LWC_ERR_READ: return "read failed";
    case LWC_ERR_CUSTOMIZATION: return "this XOF takes no customization string";
    case LWC_ERR_VERSION: return "unsupported stream format version";
    default: return "unknown status";
    }
}

int lwc_abi_version(void) { return LWC_ABI_VERSION; }
const char* lwc_backend(void) { return active().name; }

size_t lwc_aead_count(void) { return active().aeads.size(); }
const lwc_aead* lwc_aead_at(size_t i) { return at(active().aeads, i); }
const lwc_aead* lwc_aead_find(const char* name) { return find(active().aeads, name); }
size_t lwc_xof_count(void) { return active().xofs.size(); }
const struct lwc_xof* lwc_xof_at(size_t i) { return at(active().xofs, i); }
const struct lwc_xof* lwc_xof_find(const char* name) { return find(active().xofs, name); }
size_t lwc_hash_count(void) { return active().hashes.size(); }
const struct lwc_hash* lwc_hash_at(size_t i) { return at(active().hashes, i); }
const struct lwc_hash* lwc_hash_find(const char* name) { return find(active().hashes, name); }

int lwc_aead_encrypt(const lwc_aead* alg, uint8_t* ct, uint8_t* tag, const uint8_t* pt,
                     size_t pt_len, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
                     const uint8_t* key) {
    return run_aead(alg, false, ct, pt, pt_len, tag, ad, ad_len, nonce, key);
}

int lwc_aead_decrypt(const lwc_aead* alg, uint8_t* pt, const uint8_t* ct, size_t ct_len,
                     const uint8_t* tag, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
                     const uint8_t* key) {
    return run_aead(alg, true, pt, ct, ct_len, tag, ad, ad_len, nonce, key);
}

// Batches: every job checked as the single-message call checks its arguments (status
// LWC_ERR_ARGUMENT, not run; a decrypt job's output zeroed where it is a valid buffer),
// the rest run by the backend in one call.
size_t lwc_aead_encrypt_many(const lwc_aead* alg, const uint8_t* key, lwc_aead_job* jobs,
                             size_t count) {
    if ((alg = resolved(alg)) == nullptr || bad_buffer(jobs, count)) return SIZE_MAX;
    for (size_t i = 0; i < count; ++i) {
        lwc_aead_job& j = jobs[i];
        j.status = encrypt_args_ok(alg, j.out, j.tag, j.in, j.len, j.ad, j.ad_len, j.nonce,
                                   key != nullptr ? key : j.key)
                       ? LWC_OK
                       : LWC_ERR_ARGUMENT;
    }
    return active().aead_batches[impl_of(alg).index]->encrypt_many(key, jobs, count);
}

size_t lwc_aead_decrypt_many(const lwc_aead* alg, const uint8_t* key, lwc_aead_job* jobs,
                             size_t count) {
    if ((alg = resolved(alg)) == nullptr || bad_buffer(jobs, count)) return SIZE_MAX;
    for (size_t i = 0; i < count; ++i) {
        lwc_aead_job& j = jobs[i];
        const bool ok = decrypt_args_ok(alg, j.out, j.in, j.len, j.tag, j.ad, j.ad_len, j.nonce,
                                        key != nullptr ? key : j.key);
        j.status = ok ? LWC_OK : LWC_ERR_ARGUMENT;
        if (!ok && j.out != nullptr && !overlap({j.out, j.len}, {&j, sizeof j}))
            std::memset(j.out, 0, j.len);
    }
    return active().aead_batches[impl_of(alg).index]->decrypt_many(key, jobs, count);
}

size_t lwc_hash_many(const struct lwc_hash* alg, lwc_hash_job* jobs, size_t count) {
    if ((alg = resolved(alg)) == nullptr || bad_buffer(jobs, count)) return SIZE_MAX;
    for (size_t i = 0; i < count; ++i) {
        lwc_hash_job& j = jobs[i];
        j.status = j.out != nullptr && !bad_buffer(j.in, j.len) &&
                           !bad_alias({j.out, alg->digest_size}, {j.in, j.len})
                       ? LWC_OK
                       : LWC_ERR_ARGUMENT;
    }
    return active().hash_batches[impl_of(alg).index]->hash_many(jobs, count);
}

int lwc_aead_seal(const lwc_aead* alg, uint8_t* c, size_t* c_len, const uint8_t* m,
                  size_t m_len, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
                  const uint8_t* key) {
    if ((alg = resolved(alg)) == nullptr || c == nullptr) return LWC_ERR_ARGUMENT;
    if (m_len > SIZE_MAX - alg->tag_size) return LWC_ERR_LENGTH;
    const int rc = lwc_aead_encrypt(alg, c, c + m_len, m, m_len, ad, ad_len, nonce, key);
    if (c_len != nullptr) *c_len = rc == LWC_OK ? m_len + alg->tag_size : 0;
    return rc;
}

int lwc_aead_open(const lwc_aead* alg, uint8_t* m, size_t* m_len, const uint8_t* c,
                  size_t c_len, const uint8_t* ad, size_t ad_len, const uint8_t* nonce,
                  const uint8_t* key) {
    if (m_len != nullptr) *m_len = 0;
    if ((alg = resolved(alg)) == nullptr || c == nullptr) return LWC_ERR_ARGUMENT;
    if (c_len < alg->tag_size) return LWC_ERR_LENGTH;
    const size_t n = c_len - alg->tag_size;
    const int rc = lwc_aead_decrypt(alg, m, c, n, c + n, ad, ad_len, nonce, key);
    if (rc == LWC_OK && m_len != nullptr) *m_len = n;
    return rc;
}

int lwc_hash(const struct lwc_hash* alg, uint8_t* out, const uint8_t* in, size_t in_len) {
    if (out == nullptr || bad_buffer(in, in_len) || (alg = resolved(alg)) == nullptr ||
        bad_alias({out, alg->digest_size}, {in, in_len}))
        return LWC_ERR_ARGUMENT;
    lwc_hash_state st;
    int rc = lwc_hash_init(alg, &st);
    if (rc == LWC_OK) rc = lwc_hash_update(&st, in, in_len);
    if (rc == LWC_OK) rc = lwc_hash_final(&st, out);
    return rc;
}

int lwc_hash_init(const struct lwc_hash* alg, lwc_hash_state* st) {
    if (st == nullptr || (alg = resolved(alg)) == nullptr) return LWC_ERR_ARGUMENT;
    mark(st, alg);
    ops_of(alg).init(object_in(st));
    return LWC_OK;
}

int lwc_hash_update(lwc_hash_state* st, const uint8_t* in, size_t in_len) {
    if (st == nullptr || bad_buffer(in, in_len)) return LWC_ERR_ARGUMENT;
    const hash_desc* alg = alg_of(st);
    if (alg == nullptr) return LWC_ERR_STATE;
    if (overlap({in, in_len}, {st, alg->state_size})) return LWC_ERR_ARGUMENT;
    ops_of(alg).update(object_in(st), in, in_len);
    return LWC_OK;
}

int lwc_hash_final(lwc_hash_state* st, uint8_t* out) {
    if (st == nullptr || out == nullptr) return LWC_ERR_ARGUMENT;
    const hash_desc* alg = alg_of(st);
    if (alg == nullptr) return LWC_ERR_STATE;
    if (overlap({out, alg->digest_size}, {st, alg->state_size})) return LWC_ERR_ARGUMENT;
    ops_of(alg).final(object_in(st), out);
    mark(st, nullptr);
    return LWC_OK;
}

int lwc_hash_copy(lwc_hash_state* dst, const lwc_hash_state* src) {
    return copy_state<hash_desc>(dst, src);
}

// ------------------------------------------------------------ XOF

int lwc_xof(const struct lwc_xof* alg, uint8_t* out, size_t out_len, const uint8_t* in,
            size_t in_len) {
    if (bad_buffer(out, out_len) || bad_buffer(in, in_len) || (alg = resolved(alg)) == nullptr ||
        bad_alias({out, out_len}, {in, in_len}))
        return LWC_ERR_ARGUMENT;
    lwc_xof_state st;
    int rc = lwc_xof_init(alg, &st, nullptr, 0);
    if (rc == LWC_OK) rc = lwc_xof_update(&st, in, in_len);
    if (rc == LWC_OK) rc = lwc_xof_squeeze(&st, out, out_len);
    lwc_xof_clear(&st);
    return rc;
}

int lwc_xof_init(const struct lwc_xof* alg, lwc_xof_state* st, const uint8_t* z, size_t z_len) {
    if (st == nullptr || (alg = resolved(alg)) == nullptr || bad_buffer(z, z_len)) return LWC_ERR_ARGUMENT;
    if (z_len > 0 && alg->max_customization_size == 0) return LWC_ERR_CUSTOMIZATION;
    if (z_len > alg->max_customization_size) return LWC_ERR_LENGTH;
    if (overlap({z, z_len}, {st, alg->state_size})) return LWC_ERR_ARGUMENT;
    mark(st, alg);
    ops_of(alg).init(object_in(st), z, z_len);
    return LWC_OK;
}

int lwc_xof_update(lwc_xof_state* st, const uint8_t* in, size_t in_len) {
    if (st == nullptr || bad_buffer(in, in_len)) return LWC_ERR_ARGUMENT;
    const xof_desc* alg = alg_of<xof_desc>(st);
    if (alg == nullptr) return LWC_ERR_STATE;
    if (overlap({in, in_len}, {st, alg->state_size})) return LWC_ERR_ARGUMENT;
    return ops_of(alg).update(object_in(st), in, in_len) ? LWC_OK : LWC_ERR_STATE;
}

int lwc_xof_squeeze(lwc_xof_state* st, uint8_t* out, size_t n) {
    if (st == nullptr || bad_buffer(out, n)) return LWC_ERR_ARGUMENT;
    const xof_desc* alg = alg_of<xof_desc>(st);
    if (alg == nullptr) return LWC_ERR_STATE;
    if (overlap({out, n}, {st, alg->state_size})) return LWC_ERR_ARGUMENT;
    ops_of(alg).squeeze(object_in(st), out, n);
    return LWC_OK;
}

int lwc_xof_copy(lwc_xof_state* dst, const lwc_xof_state* src) {
    return copy_state<xof_desc>(dst, src);
}

int lwc_xof_clear(lwc_xof_state* st) {
    if (st == nullptr) return LWC_ERR_ARGUMENT;
    const xof_desc* alg = alg_of<xof_desc>(st);
    if (alg == nullptr) return LWC_OK;
    ops_of(alg).destroy(object_in(st));
    mark(st, nullptr);
    return LWC_OK;
}

}  // extern "C"
