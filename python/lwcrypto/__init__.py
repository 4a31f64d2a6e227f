"""lwcrypto: the NIST Lightweight Cryptography finalists for Python.

TinyJambu, Photon-Beetle, Grain-128AEADv2, Xoodyak and Sparkle (Schwaemm, Esch), from
the C++ core through liblwc. One class per scheme of the registry is made at import.

AEADs, shaped like pyca/cryptography's::

    key = lwcrypto.XoodyakAead.generate_key()
    box = lwcrypto.XoodyakAead(key)
    sealed = box.encrypt(nonce, b"message", b"header")   # ciphertext || tag
    box.decrypt(nonce, sealed, b"header")                # or raises lwcrypto.InvalidTag

Hashes, shaped like hashlib's::

    lwcrypto.Esch256(b"abc").hexdigest()
    h = lwcrypto.new("xoodyak-hash"); h.update(b"ab"); h.update(b"c"); h.digest()

algorithms, aead_algorithms and hash_algorithms list the registry names;
aead(name) and new(name, data) find a scheme by name.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from . import _lwcrypto
from ._lwcrypto import Aead, Hash, InvalidTag, __version__

if TYPE_CHECKING:
    from collections.abc import Buffer

Aead.__module__ = Hash.__module__ = __name__

# Class names from registry names (DESIGN.md's table): words capitalized, "_" between two
# numbers ("schwaemm256-128" -> Schwaemm256_128, "grain-128aead" -> Grain128Aead).
_WORDS = {"tinyjambu": "TinyJambu"}  # capitals inside a word, which no rule can guess
_NAMES = {"xoodyak": "XoodyakAead"}  # the bare name is the AEAD: the class says so


def _class_name(name: str) -> str:
    if name in _NAMES:
        return _NAMES[name]
    out = ""
    for part in name.split("-"):
        if out[-1:].isdigit() and part[:1].isdigit():
            out += "_"
        out += re.sub(r"[a-z]+", lambda m: _WORDS.get(m[0], m[0].capitalize()), part)
    return out


def _generate_key(cls) -> bytes:
    """A new random key: key_size bytes from os.urandom."""
    return os.urandom(cls.key_size)


Aead.generate_key = classmethod(_generate_key)


def _aead_doc(d: dict) -> str:
    return (f"AEAD {d['name']!r}: {d['key_size']}-byte key, {d['nonce_size']}-byte nonce, "
            f"{d['tag_size']}-byte tag.\n\nSee lwcrypto.Aead for the methods.")


def _hash_doc(d: dict) -> str:
    return (f"Hash {d['name']!r}: {d['digest_size']}-byte digest, "
            f"{d['block_size']}-byte blocks.\n\nSee lwcrypto.Hash for the methods.")


def _derive(base: type, descriptor: dict, doc: str, add) -> type:
    """The class of one scheme: a subclass of base with the descriptor's fields as class
    attributes, which add() makes stand for that scheme in the extension."""
    name = _class_name(descriptor["name"])
    cls = type(name, (base,), {"__slots__": (), "__module__": __name__, "__qualname__": name,
                               "__doc__": doc, **descriptor})
    add(cls, descriptor["name"])
    return cls


_aeads = {d["name"]: _derive(Aead, d, _aead_doc(d), _lwcrypto._add_aead_class)
          for d in _lwcrypto.aead_descriptors()}
_hashes = {d["name"]: _derive(Hash, d, _hash_doc(d), _lwcrypto._add_hash_class)
           for d in _lwcrypto.hash_descriptors()}
globals().update({cls.__name__: cls for cls in (*_aeads.values(), *_hashes.values())})

aead_algorithms: tuple[str, ...] = tuple(_aeads)
hash_algorithms: tuple[str, ...] = tuple(_hashes)
algorithms: tuple[str, ...] = aead_algorithms + hash_algorithms


def _lookup(table: dict, kind: str, name: str):
    try:
        return table[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown {kind} {name!r}; known: {', '.join(table)}") from None


def aead(name: str) -> type[Aead]:
    """The AEAD class of a registry name: aead("xoodyak") is XoodyakAead.

    ValueError, listing the known names, for an unknown name."""
    return _lookup(_aeads, "AEAD", name)


def new(name: str, data: Buffer = b"") -> Hash:
    """A new hash object of a registry name, as hashlib.new: new("esch256", b"abc").

    ValueError, listing the known names, for an unknown name."""
    return _lookup(_hashes, "hash", name)(data)


__all__ = ["Aead", "Hash", "InvalidTag", "__version__", "aead", "new", "algorithms",
           "aead_algorithms", "hash_algorithms",
           *(cls.__name__ for cls in (*_aeads.values(), *_hashes.values()))]
