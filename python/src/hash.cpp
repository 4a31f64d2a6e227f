// lwcrypto.Hash: the one binding behind every hash class, shaped like hashlib's objects.
// lwcrypto/__init__.py derives a class per scheme and registers it here (_add_hash_class).
// The state lives in the object (liblwc's caller-allocated state).
#include <mutex>
#include <new>

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

    explicit Hash(const struct lwc_hash* a) : alg(a) { lwc_hash_init(alg, &state); }
    ~Hash() { wipe(&state, alg->state_size); }  // the state holds what was hashed
    const char* name() const { return alg->name; }
};

// Runs f on h's state (called with the GIL held), without the GIL from gil_threshold
// bytes on. A thread that finds the lock taken waits for it without the GIL, so that
// other Python threads go on meanwhile.
template <class F>
void locked(Hash& h, std::size_t bytes, F&& f) {
    if (bytes >= gil_threshold) {
        h.shared = true;
        nb::gil_scoped_release unlocked;
        std::lock_guard guard(h.lock);
        f();
        return;
    }
    if (!h.shared) return f();
    if (!h.lock.try_lock()) {
        nb::gil_scoped_release unlocked;
        h.lock.lock();
    }
    std::lock_guard guard(h.lock, std::adopt_lock);
    f();
}

void absorb(Hash& h, const input& in) {
    locked(h, in.size(), [&] { lwc_hash_update(&h.state, in.data(), in.size()); });
}

void update(Hash& h, nb::handle data) { absorb(h, input(data, h.name(), "data")); }

scheme_classes<struct lwc_hash> classes("hash", "Esch256", &lwc_hash_find);

void add_class(nb::handle cls, const char* name) { classes.add(cls, name); }

void init(nb::pointer_and_handle<Hash> self, nb::handle data) {
    const struct lwc_hash& alg = classes.of(self.h);
    const input in(data, alg.name, "data");  // read first: nothing to undo if it fails
    Hash* h = new (self.p) Hash(&alg);
    if (in.size() > 0) absorb(*h, in);
}

// The digest of what was hashed so far, into out; the object goes on accepting updates.
void finish_copy(Hash& h, u8* out) {
    lwc_hash_state copy;
    locked(h, 0, [&] { lwc_hash_copy(&copy, &h.state); });
    lwc_hash_final(&copy, out);  // wipes the copy
}

nb::object digest(Hash& h) {
    u8* out;
    nb::object result = new_bytes(h.alg->digest_size, out);
    finish_copy(h, out);
    return result;
}

nb::object hexdigest(Hash& h) {
    u8 d[sizeof(lwc_hash_state)];  // room for any digest
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
nb::object copy(nb::pointer_and_handle<Hash> self) {
    Hash& h = *self.p;
    auto* type = reinterpret_cast<PyObject*>(Py_TYPE(self.h.ptr()));
    nb::object twin = nb::inst_alloc(nb::handle(type));
    Hash* t = new (nb::inst_ptr<Hash>(twin)) Hash(h.alg);
    locked(h, 0, [&] { lwc_hash_copy(&t->state, &h.state); });
    nb::inst_mark_ready(twin);
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

void bind_hash(nb::module_& m) {
    nb::class_<Hash>(m, "Hash", class_doc)
        .def("__init__", &init, "data"_a.none() = nb::bytes("", 0),
             nb::sig("def __init__(self, data: Buffer = b'') -> None"),
             "Starts a hash of data (bytes-like, may be empty).")
        .def("update", &update, "data"_a.none(), nb::sig("def update(self, data: Buffer) -> None"),
             "Adds data (bytes-like) to the hash.")
        .def("digest", &digest, nb::sig("def digest(self) -> bytes"),
             "The digest (digest_size bytes) of everything added so far.")
        .def("hexdigest", &hexdigest, nb::sig("def hexdigest(self) -> str"),
             "digest() as a string of lower-case hex digits.")
        .def("copy", &copy, nb::sig("def copy(self) -> Self"),
             "A copy of this hash: updating one does not change the other.");
    m.def("_add_hash_class", &add_class, "cls"_a, "name"_a);
}

}  // namespace lwcpy
