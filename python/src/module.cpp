// SPDX-License-Identifier: MIT
// lwcrypto._lwcrypto: the bases Aead and Hash and a class per scheme of liblwc's
// enumeration (aead.cpp, hash.cpp), made at import; lwcrypto/__init__.py re-exports them.
// No scheme is named here: the class names come from the registry (python/CMakeLists.txt).
#include <chrono>
#include <cstring>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include <nanobind/stl/string.h>

#include "common.hpp"

namespace lwcpy {

PyObject* invalid_tag = nullptr;
PyObject* missing = nullptr;

input::input(nb::handle obj, const char* scheme, const char* what) {
    PyObject* o = obj.ptr();
    if (PyBytes_CheckExact(o)) {
        data_ = reinterpret_cast<const u8*>(PyBytes_AS_STRING(o));
        size_ = static_cast<std::size_t>(PyBytes_GET_SIZE(o));
        return;
    }
    if (o == missing) raise(PyExc_TypeError, "%s: missing argument %s", scheme, what);
    if (!PyObject_CheckBuffer(o))
        raise(PyExc_TypeError, "%s: %s must be a bytes-like object, not '%.100s'", scheme, what,
              Py_TYPE(o)->tp_name);
    if (PyObject_GetBuffer(o, &view_, PyBUF_SIMPLE) != 0) {  // a strided view, typically
        const nb::python_error cause;  // takes the exporter's error (its type varies)
        raise(PyExc_BufferError, "%s: %s must be a contiguous buffer (%S)", scheme, what,
              cause.value().ptr());
    }
    held_ = true;
    data_ = static_cast<const u8*>(view_.buf);
    size_ = static_cast<std::size_t>(view_.len);
}

nb::object new_bytes(std::size_t n, u8*& out) {
    PyObject* b = PyBytes_FromStringAndSize(nullptr, static_cast<Py_ssize_t>(n));
    if (b == nullptr) throw nb::python_error();
    out = reinterpret_cast<u8*>(PyBytes_AS_STRING(b));
    return nb::steal(b);
}

void check_size(const char* scheme, const char* what, std::size_t expected, std::size_t got) {
    if (got != expected)
        raise(PyExc_ValueError, "%s: %s must be %zu bytes, got %zu", scheme, what, expected, got);
}

nb::list sequence_arg(nb::handle seq, const char* scheme, const char* what) {
    if (!PySequence_Check(seq.ptr()) || nb::isinstance<nb::bytes>(seq) ||
        nb::isinstance<nb::bytearray>(seq))
        raise(PyExc_TypeError, "%s: %s must be a sequence of bytes-like objects", scheme, what);
    return nb::list(seq);
}

void raise_status(const char* scheme, int status) {
    raise(status == LWC_ERR_VERIFY ? invalid_tag : PyExc_RuntimeError, "%s: %s", scheme,
          lwc_strerror(status));
}

void wipe(void* p, std::size_t n) noexcept {
#if defined(__GNUC__) || defined(__clang__)
    std::memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");  // the stores count: memory is read here
#else
    auto* v = static_cast<volatile unsigned char*>(p);
    while (n-- > 0) *v++ = 0;
#endif
}

const char* keep(const nb::str& s) {
    static std::deque<std::string> kept;  // a deque never moves what it holds
    return kept.emplace_back(s.c_str()).c_str();
}

const char* class_name(const char* list, std::size_t i, std::size_t count) {
    std::vector<std::string_view> names;
    for (std::string_view rest = list; !rest.empty();) {
        const std::size_t comma = rest.find(',');
        names.push_back(rest.substr(0, comma));
        rest = comma == rest.npos ? std::string_view() : rest.substr(comma + 1);
    }
    if (names.size() != count)  // python/CMakeLists.txt read registry.hpp wrongly
        raise(PyExc_ImportError, "lwcrypto: %zu class names from the registry (%s), %zu schemes "
              "in liblwc", names.size(), list, count);
    return keep(nb::str(names[i].data(), names[i].size()));
}

nb::handle finish_class(nb::handle cls,
                        std::initializer_list<std::pair<const char*, nb::object>> fields) {
    cls.attr("__module__") = "lwcrypto";
    for (const auto& [name, value] : fields) cls.attr(name) = value;
    return cls;
}

[[noreturn]] void wrong_arguments(nb::handle self, const char* scheme, const char* expected,
                                  const nb::args& args, const nb::kwargs& kwargs) {
    const nb::str keywords(nb::str(", ").attr("join")(kwargs.attr("keys")()));
    raise(PyExc_TypeError, "%s: %s() takes %s; got %zu positional argument(s)%s%s", scheme,
          Py_TYPE(self.ptr())->tp_name, expected, args.size(),
          kwargs.size() > 0 ? " and the keyword(s) " : "",
          kwargs.size() > 0 ? keywords.c_str() : "");
}

nb::str repr(nb::handle self, const char* kind) {
    const nb::handle type = nb::handle(reinterpret_cast<PyObject*>(Py_TYPE(self.ptr())));
    return nb::str("<{}.{} {} object @ {:#x}>")
        .format(type.attr("__module__"), type.attr("__qualname__"), kind,
                reinterpret_cast<std::uintptr_t>(self.ptr()));
}

namespace {

// Seconds per call of liblwc doing the work of one Python call (fixed key and nonce,
// msg_len bytes of message, ad_len of AD), the baseline of the overhead benchmark.
// op: "encrypt" or "decrypt" (AEAD), "hash" (one-shot).
double time_c(const std::string& op, const std::string& name, std::size_t msg_len,
              std::size_t ad_len, std::size_t iters) {
    const lwc_aead* aead = lwc_aead_find(name.c_str());
    const struct lwc_hash* hash = lwc_hash_find(name.c_str());
    const bool known = op == "hash" ? hash != nullptr
                                    : aead != nullptr && (op == "encrypt" || op == "decrypt");
    if (!known || iters == 0)
        raise(PyExc_ValueError, "no operation %s for %s, %zu times", op.c_str(), name.c_str(), iters);
    const std::size_t out_len = msg_len + (hash != nullptr ? hash->digest_size : aead->tag_size);
    const std::size_t key_len = aead != nullptr ? aead->key_size : 0;
    const std::size_t nonce_len = aead != nullptr ? aead->nonce_size : 0;
    std::vector<u8> key(key_len, 1), nonce(nonce_len, 2), msg(msg_len, 3), ad(ad_len, 4),
        out(out_len);
    u8* tag = out.data() + msg_len;
    int status = LWC_OK;  // stays LWC_OK when every call succeeds (LWC_OK is 0)
    if (op == "decrypt")  // a valid ciphertext and tag to open
        status |= lwc_aead_encrypt(aead, msg.data(), tag, msg.data(), msg_len, ad.data(), ad_len,
                                   nonce.data(), key.data());
    const int kind = op == "encrypt" ? 0 : op == "decrypt" ? 1 : 2;
    std::chrono::duration<double> took{};
    {  // the loop alone without the GIL
        nb::gil_scoped_release unlocked;
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < iters; ++i) {
            if (kind == 0)
                status |= lwc_aead_encrypt(aead, out.data(), tag, msg.data(), msg_len, ad.data(),
                                           ad_len, nonce.data(), key.data());
            else if (kind == 1)
                status |= lwc_aead_decrypt(aead, out.data(), msg.data(), msg_len, tag, ad.data(),
                                           ad_len, nonce.data(), key.data());
            else
                status |= lwc_hash(hash, out.data(), msg.data(), msg_len);
        }
        took = std::chrono::steady_clock::now() - start;
    }
    if (status != LWC_OK) raise_status(name.c_str(), status);
    return took.count() / static_cast<double>(iters);
}

}  // namespace
}  // namespace lwcpy

NB_MODULE(_lwcrypto, m) {
    using namespace lwcpy;
    m.doc() = "The compiled core of lwcrypto (use the lwcrypto package, not this module).";
    m.attr("__version__") = LWC_VERSION;
    invalid_tag = PyErr_NewExceptionWithDoc(
        "lwcrypto.InvalidTag",
        "Raised by decrypt when the tag does not verify: the key, nonce or associated data\n"
        "differ from encryption, or the ciphertext or tag were changed. No plaintext is\n"
        "returned.",
        nullptr, nullptr);
    if (invalid_tag == nullptr) throw nb::python_error();
    m.attr("InvalidTag") = nb::handle(invalid_tag);
    missing = PyObject_CallNoArgs(reinterpret_cast<PyObject*>(&PyBaseObject_Type));
    if (missing == nullptr) throw nb::python_error();
    bind_aead(m);
    bind_hash(m);
    bind_xof(m);
    bind_stream(m);
    // For tests/python/bench_overhead.py only: not part of lwcrypto's interface.
    nb::module_ testing = m.def_submodule("_testing", "Helpers of lwcrypto's own benchmarks.");
    testing.def("time_c", &time_c, "op"_a, "name"_a, "msg_len"_a, "ad_len"_a, "iters"_a,
                "Seconds per call of liblwc doing the work of one Python call.");
}
