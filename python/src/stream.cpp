// SPDX-License-Identifier: MIT
// lwcrypto._lwcrypto._stream: the stream format's chunk operations (liblwc's
// lwc_stream_*) for python/lwcrypto/stream.py, which makes the file objects. Each object
// holds one lwc_stream_state (the file's derived key), wiped when it is destroyed.
#include <nanobind/stl/string.h>

#include <cstring>
#include <string>
#include <vector>

#include "common.hpp"

namespace lwcpy {
namespace {

const lwc_aead* scheme_named(const std::string& name) {
    const lwc_aead* alg = lwc_aead_find(name.c_str());
    if (alg == nullptr) raise(PyExc_ValueError, "unknown AEAD %s", name.c_str());
    return alg;
}

// lwcrypto.stream's exceptions for a damaged or foreign input (python/lwcrypto/stream.py
// documents them): StreamError(ValueError), and under it NotAStream and
// DamagedStream(StreamError, InvalidTag).
PyObject* stream_error = nullptr;
PyObject* not_a_stream = nullptr;
PyObject* damaged_stream = nullptr;

// A status of the input, as one of those (the other statuses are the caller's errors).
// Before the header verified, a format error says the input is no stream of this
// library's; after it, any failure means the stream was damaged, cut or extended.
[[noreturn]] void raise_input(const char* scheme, int rc, bool opened) {
    const bool format = rc == LWC_ERR_FORMAT || rc == LWC_ERR_VERSION;
    if (format && !opened) raise(not_a_stream, "%s", lwc_strerror(rc));
    if (format || rc == LWC_ERR_VERIFY || rc == LWC_ERR_TRUNCATED || rc == LWC_ERR_LENGTH)
        raise(damaged_stream, "%s: %s", scheme, lwc_strerror(rc));
    raise_status(scheme, rc);
}

struct stream_base {
    const lwc_aead* alg = nullptr;
    lwc_stream_state st{};
    bool opened = false;  // a decryptor whose header verified
    ~stream_base() { lwc_stream_wipe(&st); }
    void check(int rc) const {
        if (rc != LWC_OK) raise_input(alg->name, rc, opened);
    }
};

struct Encryptor : stream_base {
    nb::bytes header;
    Encryptor(const std::string& name, nb::handle key, nb::handle salt, std::uint32_t chunk_size) {
        alg = scheme_named(name);
        const input k(key, alg->name, "key"), s(salt, alg->name, "salt");
        check_size(alg->name, "key", alg->key_size, k.size());
        check_size(alg->name, "salt", LWC_STREAM_SALT_SIZE, s.size());
        u8* h;
        nb::object out = new_bytes(lwc_stream_header_size(alg), h);
        const int rc = lwc_stream_encrypt_begin(&st, alg, k.data(), s.data(), chunk_size, h);
        if (rc != LWC_OK) raise(PyExc_ValueError, "%s: %s", alg->name, lwc_strerror(rc));
        header = nb::borrow<nb::bytes>(out);
    }
    nb::object push(nb::handle chunk, bool last) {
        const input c(chunk, alg->name, "chunk");
        u8* out;
        nb::object result = new_bytes(c.size() + alg->tag_size, out);
        int rc;
        run(c.size(), [&] { rc = lwc_stream_encrypt_push(&st, out, c.data(), c.size(), last); });
        check(rc);
        return result;
    }
};

struct Decryptor : stream_base {
    Decryptor(const std::string& name, nb::handle key, nb::handle header) {
        alg = scheme_named(name);
        const input k(key, alg->name, "key"), h(header, alg->name, "header");
        check_size(alg->name, "key", alg->key_size, k.size());
        check(lwc_stream_decrypt_open(&st, alg, k.data(), h.data(), h.size()));
        opened = true;
    }
    // The chunk's plaintext, or InvalidTag (liblwc zeroed the output; it is dropped unseen).
    nb::object pull(nb::handle sealed, bool last) {
        const input s(sealed, alg->name, "chunk");
        u8* out;
        nb::object result = new_bytes(s.size() < alg->tag_size ? 0 : s.size() - alg->tag_size, out);
        int rc;
        run(s.size(), [&] { rc = lwc_stream_decrypt_pull(&st, out, s.data(), s.size(), last); });
        check(rc);
        return result;
    }
    void finish() const { check(lwc_stream_decrypt_finish(&st)); }

    // Plaintext bytes [start, start + length) of a stream of stream_size bytes, reading
    // only the chunks that cover them: read(offset, n) returns the stream's n bytes at
    // offset. All or nothing (InvalidTag). The GIL stays held: read is Python code.
    nb::object range(std::uint64_t stream_size, std::uint64_t start, std::size_t length,
                     nb::callable read) const {
        lwc_stream_layout l{};
        check(lwc_stream_layout_for(&st, stream_size, &l));
        struct reader {
            nb::callable& fn;
            bool raised = false;
            static int call(void* ctx, uint64_t at, u8* into, std::size_t n) {
                auto* r = static_cast<reader*>(ctx);
                try {
                    const nb::object obj = r->fn(at, n);
                    const input got(obj, "stream", "read");
                    if (got.size() != n) return 1;
                    std::memcpy(into, got.data(), n);
                    return 0;
                } catch (nb::python_error& e) {
                    e.restore();
                    r->raised = true;
                    return 1;
                }
            }
        } r{read};
        std::vector<u8> work(l.chunk_size + l.tag_size);
        u8* out;
        nb::object result = new_bytes(length, out);
        const int rc = lwc_stream_decrypt_range(&st, stream_size, start, out, length, work.data(),
                                                work.size(), &reader::call, &r);
        if (r.raised) throw nb::python_error();
        check(rc);
        return result;
    }
    // (header size, chunk size, tag size, chunks, plaintext size) of a stream of this size.
    nb::tuple layout(std::uint64_t stream_size) const {
        lwc_stream_layout l{};
        check(lwc_stream_layout_for(&st, stream_size, &l));
        return nb::make_tuple(l.header_size, l.chunk_size, l.tag_size, l.chunks, l.plaintext_size);
    }
};

// (scheme name, chunk size, header size) from a header's first bytes; None for the name
// while they are too few.
nb::tuple peek_header(nb::handle data) {
    const input d(data, "stream", "header");
    char name[LWC_STREAM_MAX_NAME_SIZE + 1] = "";
    std::uint32_t chunk = 0;
    std::size_t size = 0;
    const int rc = lwc_stream_peek_header(d.data(), d.size(), name, &chunk, &size);
    if (rc == LWC_ERR_TRUNCATED) return nb::make_tuple(nb::none(), chunk, size);
    if (rc != LWC_OK) raise_input("stream", rc, false);
    return nb::make_tuple(nb::str(name), chunk, size);
}

PyObject* new_error(const char* name, const char* doc, PyObject* bases) {
    PyObject* e = PyErr_NewExceptionWithDoc(name, doc, bases, nullptr);
    if (e == nullptr) throw nb::python_error();
    return e;
}

}  // namespace

void bind_stream(nb::module_& m) {
    nb::module_ s = m.def_submodule("_stream", "Chunk operations of the stream format.");
    stream_error = new_error(
        "lwcrypto.stream.StreamError",
        "The input is not a valid lwc stream for this key and scheme: the base of every\n"
        "error a reader raises because of its input (a ValueError).",
        PyExc_ValueError);
    not_a_stream = new_error(
        "lwcrypto.stream.NotAStream",
        "The input is not an lwc stream: no LWCSTRM magic, a format version this library\n"
        "does not read (the message says so), a chunk size out of range, or a header\n"
        "that no writer of the format makes.",
        stream_error);
    const nb::object both = nb::make_tuple(nb::handle(stream_error), nb::handle(invalid_tag));
    damaged_stream = new_error(
        "lwcrypto.stream.DamagedStream",
        "The stream failed verification: a wrong key, or a header or chunk changed,\n"
        "moved, cut short or extended. Also an InvalidTag; no unverified byte was returned.",
        both.ptr());
    s.attr("StreamError") = nb::handle(stream_error);
    s.attr("NotAStream") = nb::handle(not_a_stream);
    s.attr("DamagedStream") = nb::handle(damaged_stream);
    nb::class_<Encryptor>(s, "Encryptor")
        .def(nb::init<const std::string&, nb::handle, nb::handle, std::uint32_t>(), "aead"_a,
             "key"_a, "salt"_a, "chunk_size"_a)
        .def_ro("header", &Encryptor::header)
        .def_prop_ro("tag_size", [](const Encryptor& e) { return e.alg->tag_size; })
        .def("push", &Encryptor::push, "chunk"_a, "last"_a);
    nb::class_<Decryptor>(s, "Decryptor")
        .def(nb::init<const std::string&, nb::handle, nb::handle>(), "aead"_a, "key"_a, "header"_a)
        .def_prop_ro("tag_size", [](const Decryptor& d) { return d.alg->tag_size; })
        .def("pull", &Decryptor::pull, "sealed"_a, "last"_a)
        .def("finish", &Decryptor::finish)
        .def("range", &Decryptor::range, "stream_size"_a, "start"_a, "length"_a, "read"_a)
        .def("layout", &Decryptor::layout, "stream_size"_a);
    s.def("peek_header", &peek_header, "data"_a);
    // The format's sizes come from liblwc (lwc.h), not from a copy of its layout here.
    s.def("sealed_size", [](const std::string& name, std::uint64_t size, std::uint32_t chunk_size) {
        const std::uint64_t n = lwc_stream_sealed_size(scheme_named(name), size, chunk_size);
        if (n == 0) raise(PyExc_ValueError, "%s: no stream of %llu bytes in %u-byte chunks",
                          name.c_str(), static_cast<unsigned long long>(size), chunk_size);
        return n;
    }, "aead"_a, "size"_a, "chunk_size"_a);
    s.attr("SALT_SIZE") = LWC_STREAM_SALT_SIZE;
    s.attr("DEFAULT_CHUNK_SIZE") = LWC_STREAM_DEFAULT_CHUNK_SIZE;
    s.attr("MIN_CHUNK_SIZE") = LWC_STREAM_MIN_CHUNK_SIZE;
    s.attr("MAX_CHUNK_SIZE") = LWC_STREAM_MAX_CHUNK_SIZE;
    s.attr("HEADER_FIXED_SIZE") = LWC_STREAM_HEADER_FIXED_SIZE;
}

}  // namespace lwcpy
