// SPDX-License-Identifier: MIT
// lwcrypto.Hash and one class per hash of liblwc (Esch256, XoodyakHash, ...), made at
// module init from the enumeration, shaped like hashlib's objects. The state lives in the
// object (liblwc's caller-allocated state).
#include <new>

#include <vector>

#include "common.hpp"

namespace lwcpy {
namespace {

struct Hash {
    const struct lwc_hash* alg;
    lwc_hash_state state;
    // An update of gil_threshold bytes or more runs without the GIL, holding `lock`; it
    // sets `shared` first (with the GIL), and from then on every use of the state takes
    // the lock. Until then the GIL alone keeps the state to one thread, as in hashlib.
    std::mutex lock;
    bool shared = false;

    explicit Hash(const struct lwc_hash* a) : alg(a) { checked(lwc_hash_init(alg, &state)); }
    ~Hash() { wipe(&state, alg->state_size); }  // the state holds what was hashed
    const char* name() const { return alg->name; }
    static constexpr const char* abstract = "lwcrypto.Hash is not a scheme's class: use one "
                                            "such as lwcrypto.Esch256, or lwcrypto.new(name)";
    // liblwc refuses only misuse (a NULL or overlapping buffer), which this file never
    // commits: a failure here is a bug, reported rather than ignored.
    void checked(int status) const {
        if (status != LWC_OK) raise_status(name(), status);
    }
};

void absorb(Hash& h, const input& in) {
    int rc;
    locked(h, in.size(), [&] { rc = lwc_hash_update(&h.state, in.data(), in.size()); });
    h.checked(rc);
}

void update(Hash& h, nb::handle data) { absorb(h, input(data, h.name(), "data")); }

const struct lwc_hash* schemes[max_schemes];  // the descriptor of each slot

// Cls.hash_many(messages): the digest of each, in one call into liblwc (lwc_hash_many:
// vector lanes where the scheme has them), the GIL released.
constexpr const char* hash_many_doc =
    "The digest of each message, in one call (liblwc's lwc_hash_many: 8 or 16 messages at a\n"
    "time in vector lanes where the scheme has lane code), the GIL released.";

template <std::size_t I>
nb::list hash_many(nb::handle messages) {
    const struct lwc_hash* h = schemes[I];
    const nb::list list = sequence_arg(messages, h->name, "messages");
    std::vector<input> ins;
    std::vector<lwc_hash_job> jobs(list.size());
    nb::list out;
    std::size_t total = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        ins.emplace_back(list[i], h->name, "message");
        u8* d;
        out.append(new_bytes(h->digest_size, d));
        jobs[i] = lwc_hash_job{ins.back().data(), ins.back().size(), d, 0};
        total += ins.back().size();
    }
    std::size_t failed;
    run(total, [&] { failed = lwc_hash_many(h, jobs.data(), jobs.size()); });
    if (failed != 0) raise_status(h->name, LWC_ERR_ARGUMENT);
    return out;
}

// hashlib's signature: data (or its older name, string), and usedforsecurity, which
// changes nothing here.
// (b'', the default of data: kept for the process, as the module's classes are.)
PyObject* no_data = nullptr;

template <std::size_t I>
void init(nb::pointer_and_handle<slot<Hash, I>> self, nb::handle data, nb::handle,
          nb::handle string) {
    const struct lwc_hash& alg = *schemes[I];
    if (!string.is_none()) {
        if (data.ptr() != no_data)
            raise(PyExc_TypeError, "%s: 'data' and 'string' are mutually exclusive", alg.name);
        data = string;
    }
    const input in(data, alg.name, "data");  // read first: nothing to undo if it fails
    Hash* h = new (self.p) slot<Hash, I>(&alg);
    if (in.size() > 0) absorb(*h, in);
}

template <std::size_t I>
void init_other(nb::pointer_and_handle<slot<Hash, I>> self, const nb::args& args,
                const nb::kwargs& kwargs) {
    wrong_arguments(self.h, schemes[I]->name,
                    "data=b'', *, usedforsecurity=True, string=None", args, kwargs);
}

constexpr const char* init_doc =
    "Starts a hash of data (bytes-like, may be empty). As in hashlib, string is\n"
    "another name for data, and usedforsecurity is accepted (and changes nothing).";

const char* doc(const struct lwc_hash* h) {
    return keep(nb::str("Hash {!r}: {}-byte digest, {}-byte blocks.\n\n"
                        "See lwcrypto.Hash for the methods.")
                    .format(h->name, h->digest_size, h->block_size));
}

// The digest of what was hashed so far, into out; the object goes on accepting updates.
void finish_copy(Hash& h, u8* out) {
    lwc_hash_state copy;
    int rc;
    locked(h, 0, [&] { rc = lwc_hash_copy(&copy, &h.state); });
    h.checked(rc);
    h.checked(lwc_hash_final(&copy, out));  // wipes the copy
}

nb::object digest(Hash& h) {
    u8* out;
    nb::object result = new_bytes(h.alg->digest_size, out);
    finish_copy(h, out);
    return result;
}

nb::object hexdigest(Hash& h) {
    u8 d[LWC_HASH_MAX_DIGEST_SIZE];
    finish_copy(h, d);
    const std::size_t n = h.alg->digest_size;
    PyObject* s = PyUnicode_New(static_cast<Py_ssize_t>(2 * n), 127);
    if (s == nullptr) throw nb::python_error();
    auto* hex = static_cast<Py_UCS1*>(PyUnicode_1BYTE_DATA(s));
    for (std::size_t i = 0; i < n; ++i) {  // the digest is public: a table look-up is fine
        hex[2 * i] = "0123456789abcdef"[d[i] >> 4];
        hex[2 * i + 1] = "0123456789abcdef"[d[i] & 15];
    }
    return nb::steal(s);
}

// A new object of the same class with the same state: both go on independently.
template <class T>
nb::object copy(nb::pointer_and_handle<T> self) {
    Hash& h = *self.p;
    auto* type = reinterpret_cast<PyObject*>(Py_TYPE(self.h.ptr()));
    nb::object twin = nb::inst_alloc(nb::handle(type));
    // A Hash in the storage of the twin's slot type, which adds nothing to it.
    Hash* t = new (nb::inst_ptr<Hash>(twin)) Hash(h.alg);
    nb::inst_mark_ready(twin);  // from here on its destructor runs, whatever follows
    int rc;
    locked(h, 0, [&] { rc = lwc_hash_copy(&t->state, &h.state); });
    h.checked(rc);
    return twin;
}

constexpr const char* class_doc = R"(A hash, shaped like hashlib's objects.

The base of the hash classes (lwcrypto.Esch256, lwcrypto.XoodyakHash, ...;
lwcrypto.new(name, data) makes one by registry name). Cls(data=b"") starts a hash,
update(data) adds to it, digest() / hexdigest() give the digest of everything so far
(the object can go on), copy() forks it.

Class attributes: name (registry name), digest_size, block_size (bytes: the sponge's
rate), backend (the code path liblwc chose for this CPU).

Any bytes-like object is accepted. Updates of 2048 bytes or more release the GIL; one
object may be shared by threads (its updates are serialized).)";

}  // namespace

// The methods, on the base (for help() and the stub) and on every scheme class (what runs).
template <class Class>
void def_methods(Class& cls) {
    using T = typename Class::Type;
    cls
        .def("update", &on<T, &update>::call, "data"_a.none() = required(),
             nb::sig("def update(self, data: Buffer) -> None"),
             "Adds data (bytes-like) to the hash.")
        .def("digest", &on<T, &digest>::call, nb::sig("def digest(self) -> bytes"),
             "The digest (digest_size bytes) of everything added so far.")
        .def("hexdigest", &on<T, &hexdigest>::call, nb::sig("def hexdigest(self) -> str"),
             "digest() as a string of lower-case hex digits.")
        .def("copy", &copy<T>, nb::sig("def copy(self) -> Self"),
             "A copy of this hash: updating one does not change the other.");
}

void bind_hash(nb::module_& m) {
    nb::class_<Hash> base(m, "Hash", class_doc);
    def_methods(base);
    base.def("__init__", &abstract_init<Hash>,
             nb::sig("def __init__(self, data: Buffer = b'', *, usedforsecurity: bool = True, "
                     "string: Buffer | None = None) -> None"),
             init_doc)
        .def("__repr__", [](nb::handle self) { return repr(self, "hash"); });
    no_data = PyBytes_FromStringAndSize(nullptr, 0);
    if (no_data == nullptr) throw nb::python_error();
    nb::list classes;
    const std::size_t count = lwc_hash_count();
    for_slots(count, [&](auto i) {
        const struct lwc_hash* h = schemes[i] = lwc_hash_at(i);
        nb::class_<slot<Hash, i>, Hash> cls(m, class_name(LWC_CLASSES_HASHES, i, count), doc(h));
        cls.def("__init__", &init<i>, "data"_a.none() = nb::borrow(no_data), nb::kw_only(),
                "usedforsecurity"_a = true, "string"_a.none() = nb::none(),
                nb::sig("def __init__(self, data: Buffer = b'', *, usedforsecurity: bool = True, "
                        "string: Buffer | None = None) -> None"),
                init_doc)
            .def("__init__", &init_other<i>);
        def_methods(cls);
        cls.def_static("hash_many", &hash_many<i>, "messages"_a,
                       nb::sig("def hash_many(messages: Sequence[Buffer]) -> list[bytes]"),
                       hash_many_doc);
        classes.append(finish_class(cls, {{"name", nb::str(h->name)},
                                          {"digest_size", nb::int_(h->digest_size)},
                                          {"block_size", nb::int_(h->block_size)},
                                          {"backend", nb::str(h->backend)}}));
    });
    m.attr("hash_classes") = nb::tuple(classes);
}

}  // namespace lwcpy
