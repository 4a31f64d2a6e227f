// SPDX-License-Identifier: MIT
// lwcrypto.Aead and one class per AEAD of liblwc (XoodyakAead, TinyJambu128, ...), made at
// module init from the enumeration. An object keeps liblwc's descriptor and a copy of
// the key, wiped when the object is destroyed.
#include <cstring>
#include <new>
#include <vector>

#include "common.hpp"

namespace lwcpy {
namespace {

struct Aead {
    const lwc_aead* alg;
    u8 key[LWC_AEAD_MAX_KEY_SIZE];

    Aead(const lwc_aead* a, const u8* k) : alg(a) { std::memcpy(key, k, a->key_size); }
    Aead(const Aead&) = delete;
    Aead& operator=(const Aead&) = delete;
    ~Aead() { wipe(key, sizeof key); }
    const char* name() const { return alg->name; }
    static constexpr const char* abstract = "lwcrypto.Aead is not a scheme's class: use one "
                                            "such as lwcrypto.XoodyakAead, or lwcrypto.aead(name)";
};

// The arguments every operation takes, read and checked against the scheme.
struct message {
    input nonce, data, ad;
    message(const Aead& a, nb::handle nonce_, nb::handle data_, nb::handle ad_)
        : nonce(nonce_, a.name(), "nonce"), data(data_, a.name(), "data"),
          ad(input::optional(ad_, a.name(), "associated_data")) {
        check_size(a.name(), "nonce", a.alg->nonce_size, nonce.size());
    }
};

const lwc_aead* schemes[max_schemes];  // the descriptor of each slot, set at module init

template <std::size_t I>
void init(nb::pointer_and_handle<slot<Aead, I>> self, nb::handle key) {
    const lwc_aead& alg = *schemes[I];
    const input k(key, alg.name, "key");
    check_size(alg.name, "key", alg.key_size, k.size());
    new (self.p) slot<Aead, I>(&alg, k.data());
}

template <std::size_t I>
void init_other(nb::pointer_and_handle<slot<Aead, I>> self, const nb::args& args,
                const nb::kwargs& kwargs) {
    wrong_arguments(self.h, schemes[I]->name, "key, its only argument", args, kwargs);
}

void seal(const Aead& a, const message& m, u8* ct, u8* tag) {
    int rc;
    run(m.data.size() + m.ad.size(), [&] {
        rc = lwc_aead_encrypt(a.alg, ct, tag, m.data.data(), m.data.size(), m.ad.data(),
                              m.ad.size(), m.nonce.data(), a.key);
    });
    if (rc != LWC_OK) raise_status(a.name(), rc);
}

// The plaintext of the n bytes at ct, or InvalidTag: liblwc zeroes the output of a
// failed check, and that bytes object is dropped unseen.
nb::object open(const Aead& a, const message& m, const u8* ct, std::size_t n, const u8* tag) {
    u8* pt;
    nb::object result = new_bytes(n, pt);
    int rc;
    run(n + m.ad.size(), [&] {
        rc = lwc_aead_decrypt(a.alg, pt, ct, n, tag, m.ad.data(), m.ad.size(), m.nonce.data(),
                              a.key);
    });
    if (rc != LWC_OK) raise_status(a.name(), rc);
    return result;
}

nb::object encrypt(const Aead& a, nb::handle nonce, nb::handle data, nb::handle ad) {
    const message m(a, nonce, data, ad);
    u8* out;
    nb::object result = new_bytes(m.data.size() + a.alg->tag_size, out);
    seal(a, m, out, out + m.data.size());
    return result;
}

nb::object decrypt(const Aead& a, nb::handle nonce, nb::handle data, nb::handle ad) {
    const message m(a, nonce, data, ad);
    const std::size_t t = a.alg->tag_size;
    if (m.data.size() < t)
        raise(PyExc_ValueError, "%s: ciphertext must be at least %zu bytes (the tag), got %zu",
              a.name(), t, m.data.size());
    const std::size_t n = m.data.size() - t;
    return open(a, m, m.data.data(), n, m.data.data() + n);
}

nb::object encrypt_detached(const Aead& a, nb::handle nonce, nb::handle data, nb::handle ad) {
    const message m(a, nonce, data, ad);
    u8 *ct, *tag;
    nb::object ct_obj = new_bytes(m.data.size(), ct), tag_obj = new_bytes(a.alg->tag_size, tag);
    seal(a, m, ct, tag);
    return nb::make_tuple(ct_obj, tag_obj);
}

nb::object decrypt_detached(const Aead& a, nb::handle nonce, nb::handle data, nb::handle tag,
                            nb::handle ad) {
    const message m(a, nonce, data, ad);
    const input t(tag, a.name(), "tag");
    check_size(a.name(), "tag", a.alg->tag_size, t.size());
    return open(a, m, m.data.data(), m.data.size(), t.data());
}

constexpr const char* batch_doc =
    "Many messages in one call (liblwc's lwc_aead_*_many: 8 or 16 at a time in vector lanes\n"
    "where the scheme has lane code), the GIL released: nonces[i], datas[i] and\n"
    "associated_data[i] (associated_data None: none for any) for message i, this object's key\n"
    "for all. encrypt_many returns the list of ciphertext || tag; decrypt_many the list of\n"
    "plaintexts, and when a tag does not verify raises lwcrypto.InvalidTag whose .failed lists\n"
    "the positions (strict=False: None at those positions instead). Never unverified plaintext.";

// --- batches (lwc_aead_encrypt_many / decrypt_many): one call, the GIL released ---------

// The jobs of one batch call: every argument read and checked first (a wrong size names
// the position), each output allocated, then one call into liblwc without the GIL.
struct batch {
    const lwc_aead* alg;
    std::vector<input> keys, nonces, datas, ads;
    std::vector<lwc_aead_job> jobs;
    std::vector<nb::object> outs;

    batch(const lwc_aead* a, nb::handle key_seq, nb::handle nonce_seq, nb::handle data_seq,
          nb::handle ad_seq, bool decrypting)
        : alg(a) {
        const nb::list nonces_l = sequence_arg(nonce_seq, a->name, "nonces"),
                       datas_l = sequence_arg(data_seq, a->name, "datas");
        const std::size_t n = nonces_l.size();
        same_count(datas_l.size(), n, "datas");
        const bool has_ad = !ad_seq.is_none(), has_keys = !key_seq.is_none();
        nb::list ads_l, keys_l;
        if (has_ad) same_count((ads_l = sequence_arg(ad_seq, a->name, "associated_data")).size(), n, "associated_data");
        if (has_keys) same_count((keys_l = sequence_arg(key_seq, a->name, "keys")).size(), n, "keys");
        const std::size_t t = a->tag_size;
        for (std::size_t i = 0; i < n; ++i) {
            nonces.emplace_back(nonces_l[i], a->name, "nonce");
            check_at(i, "nonce", a->nonce_size, nonces.back().size());
            datas.emplace_back(datas_l[i], a->name, "data");
            ads.push_back(input::optional(has_ad ? nb::handle(ads_l[i]) : nb::none(), a->name,
                                          "associated_data"));
            if (has_keys) {
                keys.emplace_back(keys_l[i], a->name, "key");
                check_at(i, "key", a->key_size, keys.back().size());
            }
            const std::size_t size = datas.back().size();
            if (decrypting && size < t)
                raise(PyExc_ValueError, "%s: data[%zu] must be at least %zu bytes (the tag), got %zu",
                      a->name, i, t, size);
        }
        jobs.resize(n);
        outs.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t len = decrypting ? datas[i].size() - t : datas[i].size();
            u8* out;
            outs.push_back(new_bytes(decrypting ? len : len + t, out));
            const u8* in = datas[i].data();
            jobs[i] = lwc_aead_job{has_keys ? keys[i].data() : nullptr, nonces[i].data(),
                                   ads[i].data(), ads[i].size(), in, len, out,
                                   decrypting ? const_cast<u8*>(in + len) : out + len, 0};
        }
    }
    void same_count(std::size_t got, std::size_t want, const char* what) const {
        if (got != want)
            raise(PyExc_ValueError, "%s: %zu nonces but %zu %s", alg->name, want, got, what);
    }
    void check_at(std::size_t i, const char* what, std::size_t expected, std::size_t got) const {
        if (got != expected)
            raise(PyExc_ValueError, "%s: %s[%zu] must be %zu bytes, got %zu", alg->name, what, i,
                  expected, got);
    }
    std::size_t bytes() const {
        std::size_t total = 0;
        for (const lwc_aead_job& j : jobs) total += j.len + j.ad_len;
        return total;
    }
};

nb::list encrypt_batch(const lwc_aead* alg, const u8* key, nb::handle keys, nb::handle nonces,
                       nb::handle datas, nb::handle ads) {
    batch b(alg, keys, nonces, datas, ads, false);
    std::size_t failed;
    run(b.bytes(), [&] { failed = lwc_aead_encrypt_many(alg, key, b.jobs.data(), b.jobs.size()); });
    if (failed != 0) raise_status(alg->name, LWC_ERR_ARGUMENT);
    nb::list out;
    for (nb::object& o : b.outs) out.append(o);
    return out;
}

// strict: InvalidTag (its .failed the positions) when any tag fails; else None there.
nb::list decrypt_batch(const lwc_aead* alg, const u8* key, nb::handle keys, nb::handle nonces,
                       nb::handle datas, nb::handle ads, bool strict) {
    batch b(alg, keys, nonces, datas, ads, true);
    std::size_t failed;
    run(b.bytes(), [&] { failed = lwc_aead_decrypt_many(alg, key, b.jobs.data(), b.jobs.size()); });
    nb::list out, bad;
    for (std::size_t i = 0; i < b.jobs.size(); ++i) {
        if (b.jobs[i].status == LWC_OK) {
            out.append(b.outs[i]);
        } else if (b.jobs[i].status == LWC_ERR_VERIFY) {
            out.append(nb::none());  // its zeroed bytes are dropped unseen
            bad.append(i);
        } else {
            raise_status(alg->name, b.jobs[i].status);
        }
    }
    if (failed != 0 && strict) {
        nb::object e = nb::handle(invalid_tag)(
            nb::str("{}: {} of {} tags did not verify, at positions {}")
                .format(alg->name, nb::len(bad), b.jobs.size(), bad));
        nb::setattr(e, "failed", bad);
        PyErr_SetObject(invalid_tag, e.ptr());
        throw nb::python_error();
    }
    return out;
}

nb::list encrypt_many(const Aead& a, nb::handle nonces, nb::handle datas, nb::handle ads) {
    return encrypt_batch(a.alg, a.key, nb::none(), nonces, datas, ads);
}
nb::list decrypt_many(const Aead& a, nb::handle nonces, nb::handle datas, nb::handle ads,
                      bool strict) {
    return decrypt_batch(a.alg, a.key, nb::none(), nonces, datas, ads, strict);
}

// The class-level form, a key per job: Cls.encrypt_many_with_keys(keys, nonces, datas, ...).
template <std::size_t I>
nb::list encrypt_with_keys(nb::handle keys, nb::handle nonces, nb::handle datas, nb::handle ads) {
    if (keys.is_none()) raise(PyExc_TypeError, "%s: keys must be a sequence", schemes[I]->name);
    return encrypt_batch(schemes[I], nullptr, keys, nonces, datas, ads);
}
template <std::size_t I>
nb::list decrypt_with_keys(nb::handle keys, nb::handle nonces, nb::handle datas, nb::handle ads,
                           bool strict) {
    if (keys.is_none()) raise(PyExc_TypeError, "%s: keys must be a sequence", schemes[I]->name);
    return decrypt_batch(schemes[I], nullptr, keys, nonces, datas, ads, strict);
}

constexpr const char* init_doc =
    "Keeps a copy of key (key_size bytes), wiped when the object is destroyed.\n"
    "ValueError for a key of another size, TypeError for a non-bytes-like one.";

// Cls.generate_key() takes nothing: the scheme fixes the key size. pyca's habit,
// AESGCM.generate_key(bit_length=128), gets one TypeError naming the right call, not
// nanobind's list of supported signatures.
nb::object generate_key(nb::handle cls, const nb::args& args, const nb::kwargs& kwargs) {
    if (args.size() != 0 || kwargs.size() != 0) {
        const nb::str qualname(cls.attr("__qualname__"));
        const nb::str keywords(nb::str(", ").attr("join")(kwargs.attr("keys")()));
        if (!nb::hasattr(cls, "key_size"))
            raise(PyExc_TypeError, "%s.generate_key() takes no arguments; call it on a scheme's "
                  "class: lwcrypto.XoodyakAead.generate_key()", qualname.c_str());
        const std::size_t size = nb::cast<std::size_t>(cls.attr("key_size"));
        raise(PyExc_TypeError,
              "%s: %s.generate_key() takes no arguments (the scheme fixes the key size: %zu "
              "bytes, %zu bits); call %s.generate_key(); got %zu positional argument(s)%s%s",
              nb::str(cls.attr("name")).c_str(), qualname.c_str(), size, 8 * size,
              qualname.c_str(), args.size(), kwargs.size() > 0 ? " and the keyword(s) " : "",
              kwargs.size() > 0 ? keywords.c_str() : "");
    }
    return nb::module_::import_("os").attr("urandom")(cls.attr("key_size"));
}

const char* doc(const lwc_aead* a) {
    return keep(nb::str("AEAD {!r}: {}-byte key, {}-byte nonce, {}-byte tag.\n\n"
                        "See lwcrypto.Aead for the methods.")
                    .format(a->name, a->key_size, a->nonce_size, a->tag_size));
}

constexpr const char* class_doc = R"(Authenticated encryption with associated data (AEAD).

The base of the AEAD classes (lwcrypto.XoodyakAead, lwcrypto.TinyJambu128, ...;
lwcrypto.aead(name) finds one by registry name). Shaped like pyca/cryptography's AEAD
classes: Cls(key), Cls.generate_key(), encrypt(nonce, data, associated_data) returning
ciphertext || tag, decrypt(...) raising lwcrypto.InvalidTag.

Class attributes: name (registry name), key_size, nonce_size, tag_size (bytes), backend
(the code path liblwc chose for this CPU).

Any bytes-like object is accepted (bytes, bytearray, memoryview, array, numpy arrays).
A nonce must never be used twice with one key. Calls on 2048 bytes or more release the
GIL, so threads encrypt in parallel. The object keeps a copy of the key, wiped when the
object is destroyed.)";

}  // namespace

// The methods, on the base (for help() and the stub) and on every scheme class (what runs).
template <class Class>
void def_methods(Class& cls) {
    using T = typename Class::Type;
    // Every argument accepts None in the dispatch, so that a wrong type gets this module's
    // TypeError naming the scheme and the argument rather than nanobind's generic one.
    cls
        .def("encrypt", &on<T, &encrypt>::call,
             "nonce"_a.none() = required(), "data"_a.none() = required(),
             "associated_data"_a.none() = nb::none(),
             nb::sig("def encrypt(self, nonce: Buffer, data: Buffer, "
                     "associated_data: Buffer | None = None) -> bytes"),
             "Encrypts data and authenticates it with associated_data (None: empty);\n"
             "returns ciphertext || tag (len(data) + tag_size bytes).\n"
             "The nonce (nonce_size bytes) must never repeat under one key.")
        .def("decrypt", &on<T, &decrypt>::call,
             "nonce"_a.none() = required(), "data"_a.none() = required(),
             "associated_data"_a.none() = nb::none(),
             nb::sig("def decrypt(self, nonce: Buffer, data: Buffer, "
                     "associated_data: Buffer | None = None) -> bytes"),
             "Checks and decrypts data = ciphertext || tag; returns the plaintext.\n"
             "Raises lwcrypto.InvalidTag, returning nothing, when the tag does not verify;\n"
             "ValueError when data is shorter than a tag.")
        .def("encrypt_detached", &on<T, &encrypt_detached>::call,
             "nonce"_a.none() = required(), "data"_a.none() = required(),
             "associated_data"_a.none() = nb::none(),
             nb::sig("def encrypt_detached(self, nonce: Buffer, data: Buffer, "
                     "associated_data: Buffer | None = None) -> tuple[bytes, bytes]"),
             "Like encrypt, with the tag apart: returns (ciphertext, tag), the ciphertext as\n"
             "long as data.")
        .def("decrypt_detached", &on<T, &decrypt_detached>::call,
             "nonce"_a.none() = required(), "data"_a.none() = required(),
             "tag"_a.none() = required(), "associated_data"_a.none() = nb::none(),
             nb::sig("def decrypt_detached(self, nonce: Buffer, data: Buffer, tag: Buffer, "
                     "associated_data: Buffer | None = None) -> bytes"),
             "Like decrypt, with the tag apart (tag_size bytes): returns the plaintext or\n"
             "raises lwcrypto.InvalidTag.")
        .def("encrypt_many", &on<T, &encrypt_many>::call, "nonces"_a, "datas"_a,
             "associated_data"_a.none() = nb::none(),
             nb::sig("def encrypt_many(self, nonces: Sequence[Buffer], datas: Sequence[Buffer], "
                     "associated_data: Sequence[Buffer | None] | None = None) -> list[bytes]"),
             batch_doc)
        .def("decrypt_many", &on<T, &decrypt_many>::call, "nonces"_a, "datas"_a,
             "associated_data"_a.none() = nb::none(), nb::kw_only(), "strict"_a = true,
             nb::sig("def decrypt_many(self, nonces: Sequence[Buffer], datas: Sequence[Buffer], "
                     "associated_data: Sequence[Buffer | None] | None = None, *, "
                     "strict: bool = True) -> list[bytes | None]"),
             batch_doc);
}

// The class-level batch form (a key per job), on every scheme class.
template <std::size_t I, class Class>
void def_batch_with_keys(Class& cls) {
    cls.def_static("encrypt_many_with_keys", &encrypt_with_keys<I>, "keys"_a, "nonces"_a, "datas"_a,
                   "associated_data"_a.none() = nb::none(),
                   nb::sig("def encrypt_many_with_keys(keys: Sequence[Buffer], "
                           "nonces: Sequence[Buffer], datas: Sequence[Buffer], "
                           "associated_data: Sequence[Buffer | None] | None = None) -> list[bytes]"),
                   "encrypt_many with a key per message (keys[i] for datas[i]).")
        .def_static("decrypt_many_with_keys", &decrypt_with_keys<I>, "keys"_a, "nonces"_a,
                    "datas"_a, "associated_data"_a.none() = nb::none(), nb::kw_only(),
                    "strict"_a = true,
                    nb::sig("def decrypt_many_with_keys(keys: Sequence[Buffer], "
                            "nonces: Sequence[Buffer], datas: Sequence[Buffer], "
                            "associated_data: Sequence[Buffer | None] | None = None, *, "
                            "strict: bool = True) -> list[bytes | None]"),
                    "decrypt_many with a key per message (keys[i] for datas[i]).");
}

void bind_aead(nb::module_& m) {
    nb::class_<Aead> base(m, "Aead", class_doc);
    def_methods(base);
    base.def("__init__", &abstract_init<Aead>, nb::sig("def __init__(self, key: Buffer) -> None"),
             init_doc)
        .def("__repr__", [](nb::handle self) { return repr(self, "AEAD"); });
    base.attr("generate_key") = nb::steal(PyClassMethod_New(
        nb::cpp_function(&generate_key, nb::sig("def generate_key(cls) -> bytes"),
                         "A new random key: key_size bytes from os.urandom.").ptr()));
    nb::list classes;
    const std::size_t count = lwc_aead_count();
    for_slots(count, [&](auto i) {
        const lwc_aead* a = schemes[i] = lwc_aead_at(i);
        nb::class_<slot<Aead, i>, Aead> cls(m, class_name(LWC_CLASSES_AEADS, i, count), doc(a));
        cls.def("__init__", &init<i>, "key"_a.none(),
                nb::sig("def __init__(self, key: Buffer) -> None"), init_doc)
            .def("__init__", &init_other<i>);
        def_methods(cls);
        def_batch_with_keys<i>(cls);
        classes.append(finish_class(cls, {{"name", nb::str(a->name)},
                                          {"key_size", nb::int_(a->key_size)},
                                          {"nonce_size", nb::int_(a->nonce_size)},
                                          {"tag_size", nb::int_(a->tag_size)},
                                          {"backend", nb::str(a->backend)}}));
    });
    m.attr("aead_classes") = nb::tuple(classes);
}

}  // namespace lwcpy
