// What the AEAD and hash bindings share: argument views, output allocation, errors,
// running without the GIL. Every call is meant to cost little beyond the scheme
// itself: exact bytes are read in place, the result is the only allocation.
#pragma once

#include <nanobind/nanobind.h>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "lwc.h"

namespace lwcpy {

namespace nb = nanobind;
using namespace nanobind::literals;
using u8 = std::uint8_t;

// Inputs of this many bytes or more are processed with the GIL released, as hashlib
// does: below it, releasing and taking back the GIL costs more than it frees.
inline constexpr std::size_t gil_threshold = 2048;

// A read-only view of a bytes-like argument. Exact bytes are read in place (immutable,
// and the caller's reference keeps them alive); anything else goes through the buffer
// protocol, whose export pins the memory (a bytearray cannot be resized, a numpy
// array not freed) until the view is released, with or without the GIL.
class input {
public:
    // scheme and what name the argument in error messages.
    input(nb::handle obj, const char* scheme, const char* what);
    // None reads as empty (associated data).
    static input optional(nb::handle obj, const char* scheme, const char* what) {
        return obj.is_none() ? input() : input(obj, scheme, what);
    }
    input(input&& o) noexcept : data_(o.data_), size_(o.size_), held_(std::exchange(o.held_, false)),
                                view_(o.view_) {}
    input(const input&) = delete;
    input& operator=(const input&) = delete;
    input& operator=(input&&) = delete;
    ~input() {
        if (held_) PyBuffer_Release(&view_);
    }

    const u8* data() const { return data_; }
    std::size_t size() const { return size_; }

private:
    input() = default;
    const u8* data_ = nullptr;
    std::size_t size_ = 0;
    bool held_ = false;
    Py_buffer view_{};
};

// A new bytes object of n bytes, written by the caller through out.
nb::object new_bytes(std::size_t n, u8*& out);

// Sets a Python exception from a printf-style message and unwinds to nanobind.
template <class... Args>
[[noreturn]] void raise(PyObject* type, const char* format, Args... args) {
    PyErr_Format(type, format, args...);
    throw nb::python_error();
}

// ValueError "<scheme>: <what> must be <expected> bytes, got <got>" unless got == expected.
void check_size(const char* scheme, const char* what, std::size_t expected, std::size_t got);

// Raises the Python error for a status of liblwc other than LWC_OK.
[[noreturn]] void raise_status(const char* scheme, int status);

// lwcrypto.InvalidTag, created by the module at import.
extern PyObject* invalid_tag;

// Runs f, without the GIL when the call processes at least gil_threshold bytes.
template <class F>
void run(std::size_t bytes, F&& f) {
    if (bytes >= gil_threshold) {
        nb::gil_scoped_release unlocked;
        f();
    } else {
        f();
    }
}

// Zeroes memory in a way the compiler keeps although the object dies right after.
void wipe(void* p, std::size_t n) noexcept;

// The classes lwcrypto/__init__.py derives from Aead or Hash, one per scheme, each with
// the liblwc descriptor it stands for. An object finds its descriptor through the MRO of
// its class, so that a user's subclass of a scheme class works too.
template <class Desc>
class scheme_classes {
public:
    // kind ("AEAD", "hash") and example (a class name) are for error messages.
    scheme_classes(const char* kind, const char* example, const Desc* (*find)(const char*))
        : kind_(kind), example_(example), find_(find) {}

    // Makes cls the class of the scheme with that registry name.
    const Desc& add(nb::handle cls, const char* name) {
        const Desc* d = find_(name);
        if (d == nullptr) raise(PyExc_ValueError, "unknown %s %s", kind_, name);
        entries_.emplace_back(cls.inc_ref().ptr(), d);  // the classes live as long as the module
        derived_constructor(cls);
        return *d;
    }

    // The descriptor of self's scheme; TypeError for an object of none (the abstract base).
    const Desc& of(nb::handle self) const {
        PyObject* mro = Py_TYPE(self.ptr())->tp_mro;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(mro); ++i)
            for (const auto& [cls, d] : entries_)
                if (cls == PyTuple_GET_ITEM(mro, i)) return *d;
        raise(PyExc_TypeError, "%.100s is not a scheme's class: use one such as lwcrypto.%s",
              Py_TYPE(self.ptr())->tp_name, example_);
    }

private:
    // nanobind builds objects of Python subclasses through the generic type call (with
    // an argument tuple and an __init__ look-up), since a subclass may override __init__.
    // The scheme classes keep their base's, so they may take the base's direct path.
    // (tp_vectorcall is not inherited: a user's subclass gets the generic call again.)
    static void derived_constructor(nb::handle cls) {
        auto* t = reinterpret_cast<PyTypeObject*>(cls.ptr());
        t->tp_vectorcall = t->tp_base->tp_vectorcall;
    }

    const char* kind_;
    const char* example_;
    const Desc* (*find_)(const char*);
    std::vector<std::pair<PyObject*, const Desc*>> entries_;
};

void bind_aead(nb::module_& m);
void bind_hash(nb::module_& m);

}  // namespace lwcpy
