# SPDX-License-Identifier: MIT
"""lwcrypto: the NIST Lightweight Cryptography finalists for Python.

Ascon as standardized in NIST SP 800-232 (Ascon-AEAD128, Ascon-Hash256, Ascon-XOF128,
Ascon-CXOF128), TinyJambu, Photon-Beetle, Grain-128AEADv2, Xoodyak (AEAD, hash, XOF),
Sparkle (Schwaemm, Esch, XOEsch), Elephant, GIFT-COFB, ISAP and Romulus (AEADs and
Romulus-H), from the C++ core through liblwc. The extension makes
one class per scheme of the registry: AEADs, hashes and extendable-output functions (XOFs).

AEADs, shaped like pyca/cryptography's::

    key = lwcrypto.XoodyakAead.generate_key()
    box = lwcrypto.XoodyakAead(key)
    sealed = box.encrypt(nonce, b"message", b"header")   # ciphertext || tag
    box.decrypt(nonce, sealed, b"header")                # or raises lwcrypto.InvalidTag

Hashes, shaped like hashlib's::

    lwcrypto.Esch256(b"abc").hexdigest()
    h = lwcrypto.new("xoodyak-hash"); h.update(b"ab"); h.update(b"c"); h.digest()

Extendable-output functions (XOFs), shaped like hashlib's SHAKE::

    lwcrypto.AsconXof128(b"abc").hexdigest(64)          # any length
    x = lwcrypto.AsconCxof128(b"abc", customization=b"app v1")
    x.squeeze(16); x.squeeze(16)                         # a stream, as pyca's XOFHash

algorithms, aead_algorithms, hash_algorithms and xof_algorithms list the registry names;
aead(name) and new(name, data) find a scheme by name (in any case, as hashlib does).
"""

from . import _lwcrypto
from ._lwcrypto import Aead, Hash, InvalidTag, Xof, __version__

Aead.__module__ = Hash.__module__ = Xof.__module__ = __name__

# The scheme classes, made by the extension from liblwc's enumeration; registry names.
_aeads = {cls.name: cls for cls in _lwcrypto.aead_classes}
_hashes = {cls.name: cls for cls in _lwcrypto.hash_classes}
_xofs = {cls.name: cls for cls in _lwcrypto.xof_classes}
_classes = (*_aeads.values(), *_hashes.values(), *_xofs.values())
globals().update({cls.__name__: cls for cls in _classes})

aead_algorithms = tuple(_aeads)
hash_algorithms = tuple(_hashes)
xof_algorithms = tuple(_xofs)
algorithms = aead_algorithms + hash_algorithms + xof_algorithms


_KINDS = {"AEAD": (_aeads, "an AEAD", "AEADs"), "hash": (_hashes, "a hash", "hashes"),
          "XOF": (_xofs, "an XOF", "XOFs")}


def _lookup(kind, name):
    """The class of a registry name, in any case; ValueError saying what the name is."""
    table, _, plural = _KINDS[kind]
    key = name.lower() if isinstance(name, str) else None  # None: in no table
    if key in table:
        return table[key]
    for other, (other_table, article, _) in _KINDS.items():
        if other != kind and key in other_table:
            raise ValueError(f"{key} is {article}, not {_KINDS[kind][1]}; "
                             f"{plural}: {', '.join(table)}")
    raise ValueError(f"unknown {kind} {name!r}; known: {', '.join(table)}")


def aead(name):
    """The AEAD class of a registry name (any case): aead("xoodyak") is XoodyakAead.

    ValueError, listing the known names, for an unknown name or a hash's."""
    return _lookup("AEAD", name)


def new(name, data=b"", *, usedforsecurity=True, string=None, customization=b""):
    """A new hash or XOF object of a registry name (any case), as hashlib.new:
    new("esch256", b"abc"), new("ascon-xof128", b"abc").digest(100).

    customization is for the XOFs that take one (ascon-cxof128). ValueError, listing the
    known names, for an unknown name or an AEAD's."""
    key = name.lower() if isinstance(name, str) else None
    if key in _xofs:
        if string is not None:
            data = string
        if _xofs[key].max_customization_size == 0 and not customization:
            return _xofs[key](data)  # the class says what it takes
        return _xofs[key](data, customization=customization)
    if customization:
        raise TypeError(f"{name} takes no customization string (a hash, not an XOF)")
    return _lookup("hash", name)(data, usedforsecurity=usedforsecurity, string=string)


__all__ = ["Aead", "Hash", "InvalidTag", "Xof", "__version__", "aead", "new", "algorithms",
           "aead_algorithms", "hash_algorithms", "xof_algorithms",
           *(cls.__name__ for cls in _classes)]
