// SPDX-License-Identifier: MIT
// lwcrypto.Xof and one class per XOF of liblwc (AsconXof128, AsconCxof128, ...), made at
// module init from the enumeration. The shape is hashlib's SHAKE (digest(n) and
// hexdigest(n), which do not consume the object) with pyca's XOFHash.squeeze(n) (a
// stream: update after it raises). The state lives in the object.
#include <new>

#include "common.hpp"

namespace lwcpy {
namespace {

struct Xof {
    const struct lwc_xof* alg;
    lwc_xof_state state;
    std::mutex lock;  // see locked() in common.hpp
    bool shared = false;
    bool squeezed = false;  // squeeze() was called: the output is a stream from here on

    // customization is checked by the caller (lwc_xof_init would refuse it too).
    Xof(const struct lwc_xof* a, const u8* z, std::size_t z_len) : alg(a) {
        checked(lwc_xof_init(alg, &state, z, z_len));
    }
    ~Xof() { (void)lwc_xof_clear(&state); }  // wipes what was absorbed
    const char* name() const { return alg->name; }
    static constexpr const char* abstract = "lwcrypto.Xof is not a scheme's class: use one "
                                            "such as lwcrypto.AsconXof128, or lwcrypto.new(name)";
    void checked(int status) const {
        if (status != LWC_OK) raise_status(name(), status);
    }
};

// A length argument: a non-negative int, errors naming the scheme.
std::size_t length_of(const Xof& x, nb::handle n, const char* method) {
    if (n.ptr() == missing) raise(PyExc_TypeError, "%s: %s() missing argument length", x.name(), method);
    if (!PyLong_Check(n.ptr()) || PyBool_Check(n.ptr()))
        raise(PyExc_TypeError, "%s: %s() length must be an int, not '%.100s'", x.name(), method,
              Py_TYPE(n.ptr())->tp_name);
    const Py_ssize_t v = PyLong_AsSsize_t(n.ptr());
    if (v == -1 && PyErr_Occurred()) throw nb::python_error();
    if (v < 0) raise(PyExc_ValueError, "%s: %s() length must be >= 0, got %zd", x.name(), method, v);
    return static_cast<std::size_t>(v);
}

void absorb(Xof& x, const input& in) {
    int rc;
    locked(x, in.size(), [&] { rc = lwc_xof_update(&x.state, in.data(), in.size()); });
    if (rc == LWC_ERR_STATE)
        raise(PyExc_ValueError, "%s: update() after squeeze(): the output stream has begun",
              x.name());
    x.checked(rc);
}

void update(Xof& x, nb::handle data) { absorb(x, input(data, x.name(), "data")); }

const struct lwc_xof* schemes[max_schemes];  // the descriptor of each slot
PyObject* no_data = nullptr;  // b'', the default of data and customization

template <std::size_t I>
void init(nb::pointer_and_handle<slot<Xof, I>> self, nb::handle data, nb::handle customization) {
    const struct lwc_xof& alg = *schemes[I];
    const input in(data, alg.name, "data");  // read first: nothing to undo if they fail
    const input z(customization, alg.name, "customization");
    if (alg.max_customization_size == 0 && z.size() > 0)
        raise(PyExc_TypeError, "%s takes no customization string", alg.name);
    if (z.size() > alg.max_customization_size)
        raise(PyExc_ValueError, "%s: customization must be at most %zu bytes, got %zu", alg.name,
              alg.max_customization_size, z.size());
    Xof* x = new (self.p) slot<Xof, I>(&alg, z.data(), z.size());
    if (in.size() > 0) absorb(*x, in);
}

template <std::size_t I>
void init_other(nb::pointer_and_handle<slot<Xof, I>> self, const nb::args& args,
                const nb::kwargs& kwargs) {
    wrong_arguments(self.h, schemes[I]->name,
                    schemes[I]->max_customization_size > 0 ? "data=b'', *, customization=b''"
                                                           : "data=b''",
                    args, kwargs);
}

constexpr const char* init_doc =
    "Starts an XOF of data (bytes-like, may be empty). customization (bytes-like, at most\n"
    "max_customization_size bytes) is taken only by the schemes that have one\n"
    "(max_customization_size > 0).";

const char* doc(const struct lwc_xof* x) {
    const nb::str custom =
        x->max_customization_size > 0
            ? nb::str(", customization string of at most {} bytes").format(x->max_customization_size)
            : nb::str("");
    return keep(nb::str("XOF {!r}: any output length, {}-byte blocks{}.\n\n"
                        "See lwcrypto.Xof for the methods.")
                    .format(x->name, x->block_size, custom));
}

// n output bytes into a new bytes object, from x's state itself (squeeze) or a copy.
nb::object output(Xof& x, std::size_t n, bool stream) {
    if (!stream && x.squeezed)
        raise(PyExc_ValueError, "%s: digest() after squeeze(): the output stream has begun "
              "(copy() before squeezing to keep both)", x.name());
    u8* out;
    nb::object result = new_bytes(n, out);
    int rc;
    if (stream) {
        x.squeezed = true;
        locked(x, n, [&] { rc = lwc_xof_squeeze(&x.state, out, n); });
    } else {
        lwc_xof_state copy;
        locked(x, n, [&] {
            rc = lwc_xof_copy(&copy, &x.state);
            if (rc == LWC_OK) rc = lwc_xof_squeeze(&copy, out, n);
            (void)lwc_xof_clear(&copy);
        });
    }
    x.checked(rc);
    return result;
}

nb::object digest(Xof& x, nb::handle n) { return output(x, length_of(x, n, "digest"), false); }
nb::object hexdigest(Xof& x, nb::handle n) { return digest(x, n).attr("hex")(); }
nb::object squeeze(Xof& x, nb::handle n) { return output(x, length_of(x, n, "squeeze"), true); }

template <class T>
nb::object copy(nb::pointer_and_handle<T> self) {
    Xof& x = *self.p;
    auto* type = reinterpret_cast<PyObject*>(Py_TYPE(self.h.ptr()));
    nb::object twin = nb::inst_alloc(nb::handle(type));
    Xof* t = new (nb::inst_ptr<Xof>(twin)) Xof(x.alg, nullptr, 0);
    nb::inst_mark_ready(twin);  // from here on its destructor runs, whatever follows
    int rc;
    locked(x, 0, [&] { rc = lwc_xof_copy(&t->state, &x.state); });
    x.checked(rc);
    t->squeezed = x.squeezed;
    return twin;
}

constexpr const char* class_doc = R"(An extendable-output function (XOF): any number of output bytes.

The base of the XOF classes (lwcrypto.AsconXof128, lwcrypto.AsconCxof128, ...;
lwcrypto.new(name, data) makes one by registry name), shaped like hashlib's SHAKE:
Cls(data=b"") starts one (Cls(data, customization=b"...") for the schemes that take a
customization string), update(data) adds to it, digest(n) / hexdigest(n) give the first
n output bytes of everything so far (the object can go on). squeeze(n) instead reads the
output as a stream, as pyca's XOFHash does: each call gives the next n bytes, and update()
and digest() are refused from then on. copy() forks the object.

Class attributes: name (registry name), digest_size (0: no fixed size), block_size (bytes:
the sponge's rate), max_customization_size (0: takes none), backend (the code path liblwc
chose for this CPU).

Any bytes-like object is accepted. Inputs and outputs of 2048 bytes or more release the
GIL; one object may be shared by threads (its calls are serialized).)";

}  // namespace

template <class Class>
void def_xof_methods(Class& cls) {
    using T = typename Class::Type;
    cls.def("update", &on<T, &update>::call, "data"_a.none() = required(),
            nb::sig("def update(self, data: Buffer) -> None"),
            "Adds data (bytes-like); ValueError after squeeze().")
        .def("digest", &on<T, &digest>::call, "length"_a.none() = required(),
             nb::sig("def digest(self, length: int) -> bytes"),
             "The first length output bytes of everything added so far (as hashlib's shake).")
        .def("hexdigest", &on<T, &hexdigest>::call, "length"_a.none() = required(),
             nb::sig("def hexdigest(self, length: int) -> str"),
             "digest(length) as a string of lower-case hex digits.")
        .def("squeeze", &on<T, &squeeze>::call, "length"_a.none() = required(),
             nb::sig("def squeeze(self, length: int) -> bytes"),
             "The next length bytes of the output stream; update() is refused afterwards.")
        .def("copy", &copy<T>, nb::sig("def copy(self) -> Self"),
             "A copy: using one does not change the other.");
}

void bind_xof(nb::module_& m) {
    nb::class_<Xof> base(m, "Xof", class_doc);
    def_xof_methods(base);
    base.def("__init__", &abstract_init<Xof>,
             nb::sig("def __init__(self, data: Buffer = b'', *, customization: Buffer = b'') "
                     "-> None"),
             init_doc)
        .def("__repr__", [](nb::handle self) { return repr(self, "xof"); });
    no_data = PyBytes_FromStringAndSize(nullptr, 0);
    if (no_data == nullptr) throw nb::python_error();
    nb::list classes;
    const std::size_t count = lwc_xof_count();
    for_slots(count, [&](auto i) {
        const struct lwc_xof* x = schemes[i] = lwc_xof_at(i);
        nb::class_<slot<Xof, i>, Xof> cls(m, class_name(LWC_CLASSES_XOFS, i, count), doc(x));
        cls.def("__init__", &init<i>, "data"_a.none() = nb::borrow(no_data), nb::kw_only(),
                "customization"_a.none() = nb::borrow(no_data),
                nb::sig("def __init__(self, data: Buffer = b'', *, customization: Buffer = b'') "
                        "-> None"),
                init_doc)
            .def("__init__", &init_other<i>);
        def_xof_methods(cls);
        classes.append(finish_class(cls, {{"name", nb::str(x->name)},
                                          {"digest_size", nb::int_(0)},
                                          {"block_size", nb::int_(x->block_size)},
                                          {"max_customization_size",
                                           nb::int_(x->max_customization_size)},
                                          {"backend", nb::str(x->backend)}}));
    });
    m.attr("xof_classes") = nb::tuple(classes);
}

}  // namespace lwcpy
