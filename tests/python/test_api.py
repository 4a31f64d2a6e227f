# SPDX-License-Identifier: MIT
"""The shape of lwcrypto: names, class attributes, lookups, accepted buffers and the
errors of wrong sizes and types."""

from __future__ import annotations

import array
import hashlib
import hmac
import inspect
import io
import pydoc
import re
import sys
from pathlib import Path

import numpy as np
import pytest

import lwcrypto

AEADS = [lwcrypto.aead(n) for n in lwcrypto.aead_algorithms]
HASHES = [type(lwcrypto.new(n)) for n in lwcrypto.hash_algorithms]


def sample(cls):
    """An object of an AEAD class with a nonce, a message and AD of fitting sizes."""
    return cls(bytes(range(cls.key_size))), bytes(cls.nonce_size), b"attack at dawn", b"header"


# --- names and attributes ----------------------------------------------------------------------

def registry_lists() -> dict[str, list[str]]:
    """The C++ type names of the registry's lists (include/lwc/registry.hpp), in order."""
    text = (Path(__file__).resolve().parents[2] / "include/lwc/registry.hpp").read_text()
    # Without the preprocessor lines (#if LWC_SYSTEM_ENTROPY: a host lists the masked schemes).
    text = re.sub(r"\n#[^\n]*", "", text)
    lists = dict(re.findall(r"using (aeads|hashes|xofs) = scheme_list<([^;]*)>;", text))
    return {kind: re.findall(r"\w+", names) for kind, names in lists.items()}


def test_class_names_are_the_registry_type_names() -> None:
    """The extension names each class after its C++ type, in liblwc's (the registry's)
    order: no table on the Python side."""
    lists = registry_lists()
    assert [c.__name__ for c in AEADS] == lists["aeads"]
    assert [c.__name__ for c in HASHES] == lists["hashes"]
    xofs = lwcrypto._lwcrypto.xof_classes
    assert [c.__name__ for c in xofs] == lists["xofs"]
    for cls in (*AEADS, *HASHES, *xofs):
        assert getattr(lwcrypto, cls.__name__) is cls and cls.__name__ in lwcrypto.__all__
        assert cls.__module__ == "lwcrypto" and cls.__qualname__ == cls.__name__


def test_algorithm_lists() -> None:
    assert lwcrypto.aead_algorithms == tuple(c.name for c in lwcrypto._lwcrypto.aead_classes)
    assert lwcrypto.hash_algorithms == tuple(c.name for c in lwcrypto._lwcrypto.hash_classes)
    assert lwcrypto.xof_algorithms == tuple(c.name for c in lwcrypto._lwcrypto.xof_classes)
    assert lwcrypto.algorithms == (lwcrypto.aead_algorithms + lwcrypto.hash_algorithms +
                                   lwcrypto.xof_algorithms)
    assert all(isinstance(n, str) and n == n.lower() for n in lwcrypto.algorithms)
    assert re.fullmatch(r"\d+\.\d+\.\d+", lwcrypto.__version__)


def test_module_shows_only_its_interface() -> None:
    public = {n for n in dir(lwcrypto) if not n.startswith("_")}
    assert not {"os", "re", "annotations", "TYPE_CHECKING"} & set(dir(lwcrypto))
    # cli, stream: submodules, shown once imported
    assert public - {"cli", "stream"} <= set(lwcrypto.__all__)
    assert "_time_c" not in dir(lwcrypto._lwcrypto)  # a benchmark helper, in _testing


@pytest.mark.parametrize("cls", AEADS, ids=lambda c: c.name)
def test_aead_class_attributes(cls) -> None:
    assert issubclass(cls, lwcrypto.Aead) and lwcrypto.aead(cls.name) is cls
    assert all(isinstance(getattr(cls, a), int) and getattr(cls, a) > 0
               for a in ("key_size", "nonce_size", "tag_size"))
    assert isinstance(cls.backend, str) and cls.backend
    box, nonce, msg, ad = sample(cls)
    assert box.name == cls.name and box.tag_size == cls.tag_size  # readable on objects too
    key = cls.generate_key()
    assert isinstance(key, bytes) and len(key) == cls.key_size and key != cls.generate_key()
    sealed = box.encrypt(nonce, msg, ad)
    assert isinstance(sealed, bytes) and len(sealed) == len(msg) + cls.tag_size


@pytest.mark.parametrize("cls", HASHES, ids=lambda c: c.name)
def test_hash_class_attributes(cls) -> None:
    assert issubclass(cls, lwcrypto.Hash) and type(lwcrypto.new(cls.name)) is cls
    h = cls(b"abc")
    assert h.name == cls.name and h.digest_size == cls.digest_size > 0 and h.block_size > 0
    d = h.digest()
    assert isinstance(d, bytes) and len(d) == cls.digest_size
    assert h.hexdigest() == d.hex() and cls().digest() == cls(b"").digest()
    assert cls(data=b"abc").digest() == d  # the keyword too


def test_lookups_of_unknown_names_list_the_known() -> None:
    with pytest.raises(ValueError, match="unknown AEAD 'aes'.*xoodyak"):
        lwcrypto.aead("aes")
    with pytest.raises(ValueError, match="unknown hash 'sha256'.*esch256"):
        lwcrypto.new("sha256")
    with pytest.raises(ValueError):
        lwcrypto.aead(["xoodyak"])  # type: ignore[arg-type]


def test_lookups_say_an_aead_is_not_a_hash() -> None:
    with pytest.raises(ValueError, match="^xoodyak is an AEAD, not a hash; hashes: xoodyak-hash, "):
        lwcrypto.new("xoodyak")
    with pytest.raises(ValueError, match="^esch256 is a hash, not an AEAD; AEADs: tinyjambu-128, "):
        lwcrypto.aead("ESCH256")


def test_names_in_any_case() -> None:
    """As hashlib.new("SHA256") and the CLI's -a ESCH256."""
    assert lwcrypto.aead("XOODYAK") is lwcrypto.aead("Xoodyak") is lwcrypto.XoodyakAead
    assert type(lwcrypto.new("ESCH256")) is lwcrypto.Esch256
    for name in lwcrypto.aead_algorithms:
        assert lwcrypto.aead(name.upper()).name == name
    for name in lwcrypto.hash_algorithms:
        assert lwcrypto.new(name.upper(), b"abc").digest() == lwcrypto.new(name, b"abc").digest()


def test_hashlib_keywords() -> None:
    d = lwcrypto.Esch256(b"abc").digest()
    assert lwcrypto.Esch256(string=b"abc").digest() == d
    assert lwcrypto.Esch256(b"abc", usedforsecurity=False).digest() == d
    assert lwcrypto.new("esch256", string=b"abc", usedforsecurity=True).digest() == d
    assert lwcrypto.new("esch256", data=b"abc").digest() == d
    with pytest.raises(TypeError, match="esch256: 'data' and 'string' are mutually exclusive"):
        lwcrypto.Esch256(b"abc", string=b"abc")


def test_hashlib_protocol() -> None:
    """hmac and hashlib.file_digest take a scheme class as they take hashlib.sha256."""
    mac = hmac.new(b"key", b"message", lwcrypto.Esch256)
    assert mac.digest_size == 32 and len(mac.digest()) == 32
    assert mac.hexdigest() != hmac.new(b"key2", b"message", lwcrypto.Esch256).hexdigest()
    if sys.version_info >= (3, 11):
        digest = hashlib.file_digest(io.BytesIO(b"x" * 100000), lwcrypto.Esch256)
        assert digest.digest() == lwcrypto.Esch256(b"x" * 100000).digest()


def test_wrong_argument_counts_name_the_scheme() -> None:
    with pytest.raises(TypeError, match=r"^xoodyak: XoodyakAead\(\) takes key, its only "
                                        r"argument; got 0 positional argument"):
        lwcrypto.XoodyakAead()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"^tinyjambu-128: TinyJambu128\(\) takes key.*got 2 "):
        lwcrypto.TinyJambu128(bytes(16), bytes(16))  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"^xoodyak: .*got 0 positional.* keyword\(s\) secret"):
        lwcrypto.XoodyakAead(secret=bytes(16))  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"^esch256: Esch256\(\) takes data=b'', \*, "
                                        r"usedforsecurity=True, string=None; got 2"):
        lwcrypto.Esch256(b"a", b"b")  # type: ignore[call-arg]


def test_missing_method_arguments_name_the_scheme() -> None:
    box, nonce, msg, _ = sample(lwcrypto.XoodyakAead)
    ct, _ = box.encrypt_detached(nonce, msg)
    cases = [(lambda: box.encrypt(nonce), "xoodyak", "data"),
             (lambda: box.decrypt(), "xoodyak", "nonce"),
             (lambda: box.encrypt_detached(data=msg), "xoodyak", "nonce"),
             (lambda: box.decrypt_detached(nonce, ct), "xoodyak", "tag"),
             (lambda: lwcrypto.Esch256().update(), "esch256", "data")]
    for call, scheme, what in cases:
        with pytest.raises(TypeError, match=f"^{scheme}: missing argument {what}$"):
            call()


def test_repr_names_the_scheme() -> None:
    h = lwcrypto.Esch256()
    assert re.fullmatch(r"<lwcrypto\.Esch256 hash object @ 0x[0-9a-f]+>", repr(h))
    box = lwcrypto.XoodyakAead(bytes(range(16)))
    assert re.fullmatch(r"<lwcrypto\.XoodyakAead AEAD object @ 0x[0-9a-f]+>", repr(box))
    assert "000102" not in repr(box)


def test_bases_are_abstract() -> None:
    with pytest.raises(TypeError, match="Aead is not a scheme's class.*XoodyakAead"):
        lwcrypto.Aead(bytes(16))
    with pytest.raises(TypeError, match="Hash is not a scheme's class.*Esch256"):
        lwcrypto.Hash()


def test_subclasses_of_scheme_classes() -> None:
    class Mine(lwcrypto.XoodyakAead):
        pass

    class Logged(lwcrypto.Esch256):
        def __init__(self, data=b""):
            self.calls = 1  # needs a __dict__: Logged declares no __slots__
            super().__init__(data)

    box, nonce, msg, ad = sample(lwcrypto.XoodyakAead)
    assert Mine(bytes(range(16))).encrypt(nonce, msg, ad) == box.encrypt(nonce, msg, ad)
    h = Logged(b"abc")  # its own __init__ runs: the fast construction is not inherited
    assert h.calls == 1 and h.digest() == lwcrypto.Esch256(b"abc").digest()
    assert type(h.copy()) is Logged


def test_docstrings_show_in_help() -> None:
    text = pydoc.render_doc(lwcrypto.XoodyakAead, renderer=pydoc.plaintext)
    for expected in ("'xoodyak': 16-byte key", "encrypt(self, nonce: Buffer",
                     "lwcrypto.InvalidTag", "generate_key", "wiped"):
        assert expected in text
    text = pydoc.render_doc(lwcrypto.Esch256, renderer=pydoc.plaintext)
    assert "hexdigest(self) -> str" in text and "32-byte digest" in text
    assert "InvalidTag" in pydoc.render_doc(lwcrypto, renderer=pydoc.plaintext)
    assert inspect.getdoc(lwcrypto.new) and inspect.getdoc(lwcrypto.aead)


# --- inputs -------------------------------------------------------------------------------------

def as_buffers(data: bytes) -> list:
    """data as every bytes-like kind a caller may hold."""
    words = data[: len(data) // 4 * 4]
    return [bytearray(data), memoryview(data), memoryview(b"xx" + data)[2:],
            array.array("B", data), np.frombuffer(data, dtype=np.uint8),
            np.frombuffer(data, dtype=np.uint8).copy(), np.frombuffer(words, dtype="<u4")]


def test_any_bytes_like_input() -> None:
    box, nonce, msg, ad = sample(lwcrypto.XoodyakAead)
    msg = bytes(range(64))
    sealed = box.encrypt(nonce, msg, ad)
    for buf in as_buffers(msg):
        n = len(memoryview(buf).cast("B"))
        assert box.encrypt(nonce, buf, ad) == box.encrypt(nonce, msg[:n], ad)
    for buf in as_buffers(sealed):
        if len(memoryview(buf).cast("B")) == len(sealed):
            assert box.decrypt(bytearray(nonce), buf, memoryview(ad)) == msg
    for buf in as_buffers(bytes(range(16))):
        assert lwcrypto.XoodyakAead(buf).encrypt(nonce, msg, ad) == sealed
        assert lwcrypto.Esch256(buf).digest() == lwcrypto.Esch256(bytes(memoryview(buf).cast("B"))).digest()


def test_associated_data_none_is_empty_and_keywords_work() -> None:
    box, nonce, msg, _ = sample(lwcrypto.TinyJambu128)
    sealed = box.encrypt(nonce, msg, None)
    assert sealed == box.encrypt(nonce, msg, b"") == box.encrypt(nonce, msg)
    assert box.decrypt(nonce=nonce, data=sealed, associated_data=None) == msg
    ct, tag = box.encrypt_detached(nonce=nonce, data=msg)
    assert box.decrypt_detached(nonce, ct, tag=tag) == msg


def test_non_contiguous_buffers_are_refused() -> None:
    box, nonce, msg, ad = sample(lwcrypto.XoodyakAead)
    with pytest.raises(BufferError, match="xoodyak: data must be a contiguous buffer"):
        box.encrypt(nonce, memoryview(bytes(64))[::2], ad)
    with pytest.raises(BufferError, match="esch256: data must be a contiguous buffer"):
        lwcrypto.Esch256(np.zeros(8, dtype=np.uint8)[::2])


# --- errors -------------------------------------------------------------------------------------

@pytest.mark.parametrize("cls", AEADS, ids=lambda c: c.name)
def test_wrong_sizes_name_scheme_and_sizes(cls) -> None:
    box, nonce, msg, ad = sample(cls)
    k, n, t = cls.key_size, cls.nonce_size, cls.tag_size
    cases = [
        (lambda: cls(bytes(k - 1)), f"{cls.name}: key must be {k} bytes, got {k - 1}"),
        (lambda: cls(bytes(k + 1)), f"{cls.name}: key must be {k} bytes, got {k + 1}"),
        (lambda: box.encrypt(bytes(n + 1), msg, ad), f"{cls.name}: nonce must be {n} bytes, got {n + 1}"),
        (lambda: box.decrypt(b"", bytes(64), ad), f"{cls.name}: nonce must be {n} bytes, got 0"),
        (lambda: box.encrypt_detached(bytes(n - 1), msg), f"{cls.name}: nonce must be {n} bytes, got {n - 1}"),
        (lambda: box.decrypt(nonce, bytes(t - 1), ad),
         f"{cls.name}: ciphertext must be at least {t} bytes \\(the tag\\), got {t - 1}"),
        (lambda: box.decrypt_detached(nonce, msg, bytes(t + 1)), f"{cls.name}: tag must be {t} bytes, got {t + 1}"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError, match=f"^{message}$"):
            call()


@pytest.mark.parametrize("bad", ["text", 16, None, 1.5, [0] * 16], ids=repr)
def test_wrong_types_raise_type_error(bad) -> None:
    box, nonce, msg, ad = sample(lwcrypto.XoodyakAead)
    what = f"xoodyak: .* must be a bytes-like object, not '{type(bad).__name__}'"
    for call in (lambda: lwcrypto.XoodyakAead(bad), lambda: box.encrypt(bad, msg, ad),
                 lambda: box.encrypt(nonce, bad, ad), lambda: box.decrypt(nonce, bad, ad),
                 lambda: box.decrypt_detached(nonce, msg, bad, ad)):
        with pytest.raises(TypeError, match=what):
            call()
    if bad is not None:  # None is the empty AD
        with pytest.raises(TypeError, match="associated_data must be a bytes-like object"):
            box.encrypt(nonce, msg, bad)
    with pytest.raises(TypeError, match="esch256: data must be a bytes-like object"):
        lwcrypto.Esch256(bad)
    with pytest.raises(TypeError, match="esch256: data must be a bytes-like object"):
        lwcrypto.Esch256().update(bad)
    with pytest.raises(TypeError):
        box.encrypt(nonce)  # type: ignore[call-arg]


@pytest.mark.parametrize("cls", AEADS, ids=lambda c: c.name)
def test_failed_decryption_returns_nothing(cls) -> None:
    box, nonce, msg, ad = sample(cls)
    sealed = box.encrypt(nonce, msg, ad)
    other = cls(bytes(cls.key_size))
    def changed(data: bytes, at: int) -> bytes:
        return data[:at] + bytes([data[at] ^ 0x80]) + data[at + 1:]

    for call in (lambda: other.decrypt(nonce, sealed, ad),
                 lambda: box.decrypt(nonce, sealed, ad + b"!"),
                 lambda: box.decrypt(nonce, sealed, changed(ad, 0)),
                 lambda: box.decrypt(changed(nonce, 1), sealed, ad),
                 lambda: box.decrypt(nonce, changed(sealed, 2), ad),  # the ciphertext
                 lambda: box.decrypt(nonce, changed(sealed, len(sealed) - 1), ad),  # the tag
                 lambda: box.decrypt_detached(nonce, sealed[:len(msg)], bytes(cls.tag_size), ad)):
        with pytest.raises(lwcrypto.InvalidTag, match=f"^{cls.name}: tag verification failed$"):
            call()
    assert issubclass(lwcrypto.InvalidTag, Exception) and lwcrypto.InvalidTag.__module__ == "lwcrypto"


def test_hash_objects_fork_and_continue() -> None:
    h = lwcrypto.XoodyakHash(b"ab")
    twin = h.copy()
    assert h.digest() == twin.digest() == h.digest()  # digest() does not end the hash
    h.update(b"c")
    assert h.digest() == lwcrypto.XoodyakHash(b"abc").digest() != twin.digest()
    assert twin.digest() == lwcrypto.XoodyakHash(b"ab").digest()


def test_objects_never_initialized_or_initialized_twice_are_refused() -> None:
    """Objects made by __new__ alone hold no key or state: nanobind refuses every method
    (TypeError, with a RuntimeWarning naming the uninitialized instance); a second
    __init__ is refused the same way and leaves the object as it was."""
    box, nonce, msg, ad = sample(lwcrypto.XoodyakAead)
    h = lwcrypto.Esch256(b"abc")
    with pytest.warns(RuntimeWarning, match="uninitialized instance"):
        with pytest.raises(TypeError):
            lwcrypto.Esch256.__new__(lwcrypto.Esch256).update(b"abc")
    with pytest.warns(RuntimeWarning, match="uninitialized instance"):
        with pytest.raises(TypeError):
            lwcrypto.XoodyakAead.__new__(lwcrypto.XoodyakAead).encrypt(nonce, msg)
    with pytest.warns(RuntimeWarning, match="already-initialized instance"):
        with pytest.raises(TypeError):
            h.__init__(b"other")
    with pytest.warns(RuntimeWarning, match="already-initialized instance"):
        with pytest.raises(TypeError):
            box.__init__(bytes(16))
    assert h.digest() == lwcrypto.Esch256(b"abc").digest()
    assert box.encrypt(nonce, msg, ad) == sample(lwcrypto.XoodyakAead)[0].encrypt(nonce, msg, ad)


def test_docs_list_the_attributes_each_kind_has() -> None:
    """docs/python.md names, for each kind of class, attributes its classes have (an AEAD
    has no block_size)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text()
    for kind, classes in (("an AEAD class", AEADS), ("a hash class", HASHES)):
        listed = re.search(rf"of {kind}:(.*?)(;|\.\n)", text, re.S)
        assert listed, f"docs/python.md lists no attributes of {kind}"
        names = re.findall(r"`(\w+)`", listed[1])
        assert names and all(hasattr(cls, n) for cls in classes for n in names), names
