// SPDX-License-Identifier: MIT
// What the AEAD and hash bindings share: argument views, output allocation, errors,
// running without the GIL. Every call is meant to cost little beyond the scheme
// itself: exact bytes are read in place, the result is the only allocation.
#pragma once

#include <nanobind/nanobind.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <type_traits>
#include <utility>

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

// A batch method's sequence argument as a list; TypeError "<scheme>: <what> must be a
// sequence of bytes-like objects" for anything else, bytes and bytearray included (a
// sequence of ints, not of messages).
nb::list sequence_arg(nb::handle seq, const char* scheme, const char* what);

// Raises the Python error for a status of liblwc other than LWC_OK.
[[noreturn]] void raise_status(const char* scheme, int status);

// lwcrypto.InvalidTag, created by the module at import.
extern PyObject* invalid_tag;

// The default of the methods' required arguments, so that a call without one reaches the
// method (an input of it says "<scheme>: missing argument <what>") instead of failing
// nanobind's dispatch with a message that names no scheme. Created at import.
extern PyObject* missing;
inline nb::object required() { return nb::borrow(missing); }

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

// Runs f on the state of o (a Hash or Xof: members lock and shared; called with the GIL
// held), without the GIL from gil_threshold bytes on. Such a call sets o.shared first
// (with the GIL), and from then on every use of the state takes the lock; until then the
// GIL alone keeps the state to one thread, as in hashlib. A thread that finds the lock
// taken waits for it without the GIL, so that other Python threads go on meanwhile.
template <class T, class F>
void locked(T& o, std::size_t bytes, F&& f) {
    if (bytes >= gil_threshold) {
        o.shared = true;
        nb::gil_scoped_release unlocked;
        std::lock_guard guard(o.lock);
        f();
        return;
    }
    if (!o.shared) return f();
    if (!o.lock.try_lock()) {
        nb::gil_scoped_release unlocked;
        o.lock.lock();
    }
    std::lock_guard guard(o.lock, std::adopt_lock);
    f();
}

// Zeroes memory in a way the compiler keeps although the object dies right after.
void wipe(void* p, std::size_t n) noexcept;

// The scheme classes. nanobind binds one C++ type per Python class, so the class of the
// scheme at index I of liblwc's enumeration is the type slot<Base, I>: its __init__
// knows its descriptor at compile time (no look-up per construction), and nanobind
// constructs it on its direct path. Its methods are the base's.
inline constexpr std::size_t max_schemes = 32;  // per kind; module init says if exceeded

template <class Base, std::size_t I>
struct slot : Base {
    using Base::Base;
};

// F (a function whose first parameter is a Base& or const Base&) as a function of T&, a
// scheme's slot type. The methods are bound on every scheme class with these: nanobind
// then finds self's C++ type equal to the method's (its fast check), where a method of
// the base would need a look-up of the base's type and a subtype test on every call.
template <class T, auto F, class Sig = decltype(F)>
struct on;
template <class T, auto F, class R, class Self, class... A>
struct on<T, F, R (*)(Self&, A...)> {
    using Target = std::conditional_t<std::is_const_v<Self>, const T, T>;
    static R call(Target& self, A... args) { return F(self, std::forward<A>(args)...); }
};

// f(std::integral_constant<std::size_t, I>{}) for every I < n.
template <class F>
void for_slots(std::size_t n, F&& f) {
    if (n > max_schemes) raise(PyExc_ImportError, "liblwc has %zu schemes of a kind, the "
                               "extension room for %zu: raise max_schemes", n, max_schemes);
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((I < n ? f(std::integral_constant<std::size_t, I>{}) : void()), ...);
    }(std::make_index_sequence<max_schemes>{});
}

// __init__ of the bases Aead and Hash, which are abstract: only the scheme classes (and
// their subclasses) make objects.
template <class Base>
void abstract_init(Base*, const nb::args&, const nb::kwargs&) {
    raise(PyExc_TypeError, "%s", Base::abstract);
}

// The Python class name of the scheme at index i: the C++ type name from the registry
// (LWC_CLASSES_AEADS / LWC_CLASSES_HASHES, read from include/lwc/registry.hpp by
// python/CMakeLists.txt).
const char* class_name(const char* list, std::size_t i, std::size_t count);

// A string that lives as long as the process (class names and docs given to nanobind).
const char* keep(const nb::str& s);

// A scheme class made from its descriptor, finished: __module__ "lwcrypto" and the
// descriptor's fields as class attributes.
nb::handle finish_class(nb::handle cls,
                        std::initializer_list<std::pair<const char*, nb::object>> fields);

// TypeError for a call with other arguments than a scheme class's __init__ takes.
[[noreturn]] void wrong_arguments(nb::handle self, const char* scheme, const char* expected,
                                  const nb::args& args, const nb::kwargs& kwargs);

// A repr naming the object's class (the scheme's or a user's subclass): <lwcrypto.X kind
// object @ 0x...>.
nb::str repr(nb::handle self, const char* kind);

void bind_aead(nb::module_& m);
void bind_hash(nb::module_& m);
void bind_xof(nb::module_& m);
void bind_stream(nb::module_& m);  // stream.cpp

}  // namespace lwcpy
