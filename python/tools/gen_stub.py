# SPDX-License-Identifier: MIT
"""Writes lwcrypto's type stub (__init__.pyi) from the package it imports. The scheme
classes exist only at run time (made by the extension from liblwc's enumeration), so type
checkers learn them here. The build runs it on the extension it has just linked
(python/CMakeLists.txt) and installs the stub with the package; nobody runs it by hand.

    python gen_stub.py OUTPUT
"""

from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path

import lwcrypto

HEADER = '''\
# SPDX-License-Identifier: MIT
# Generated at build time by python/tools/gen_stub.py from the registry: do not edit.
import sys
from collections.abc import Sequence
from typing import ClassVar, Literal, overload

if sys.version_info >= (3, 12):
    from collections.abc import Buffer
else:
    from typing_extensions import Buffer
if sys.version_info >= (3, 11):
    from typing import Self
else:
    from typing_extensions import Self

__version__: str
algorithms: tuple[str, ...]
aead_algorithms: tuple[str, ...]
hash_algorithms: tuple[str, ...]
xof_algorithms: tuple[str, ...]

class InvalidTag(Exception): ...
'''

# The descriptor's fields, class attributes of every scheme class. The hash's are declared
# as plain attributes, not ClassVar: hashlib's protocol (hmac.new's digestmod,
# hashlib.file_digest) asks objects for name, digest_size and block_size, and type
# checkers refuse a ClassVar there.
CLASS_ATTRIBUTES = {lwcrypto.Aead: ("name: ClassVar[str]", "key_size: ClassVar[int]",
                                    "nonce_size: ClassVar[int]", "tag_size: ClassVar[int]",
                                    "backend: ClassVar[str]"),
                    lwcrypto.Hash: ("name: str", "digest_size: int", "block_size: int",
                                    "backend: ClassVar[str]"),
                    lwcrypto.Xof: ("name: ClassVar[str]", "digest_size: ClassVar[int]",
                                   "block_size: ClassVar[int]",
                                   "max_customization_size: ClassVar[int]",
                                   "backend: ClassVar[str]")}


def functions() -> str:
    """aead(), and new() overloaded by name: a registry name of a hash gives a Hash, of an XOF
    an Xof (so lwcrypto.new("esch256").digest() type-checks); any other str either."""
    hashes = ", ".join(json.dumps(n) for n in lwcrypto.hash_algorithms)
    xofs = ", ".join(json.dumps(n) for n in lwcrypto.xof_algorithms)
    rest = "data: Buffer = b'', *, usedforsecurity: bool = True, string: Buffer | None = None"
    return "\n".join([
        "def aead(name: str) -> type[Aead]: ...",
        "@overload",
        f"def new(name: Literal[{hashes}], {rest}) -> Hash: ...",
        "@overload",
        f"def new(name: Literal[{xofs}], {rest}, customization: Buffer = b'') -> Xof: ...",
        "@overload",
        f"def new(name: str, {rest}, customization: Buffer = b'') -> Hash | Xof: ...",
    ])


# decrypt_many's result by strict: strict=True (the default) raises InvalidTag rather than
# return a None, so it gives list[bytes]; strict=False list[bytes | None].
STRICT = ("*, strict: bool = True) -> list[bytes | None]",
          (("*, strict: Literal[True] = True) -> list[bytes]"),
           ("*, strict: Literal[False]) -> list[bytes | None]"),
           ("*, strict: bool) -> list[bytes | None]")))


def summary(obj) -> str:
    """The first paragraph of obj's docstring (without nanobind's signature line)."""
    doc = inspect.getdoc(obj) or ""
    if doc.startswith(getattr(obj, "__name__", "?") + "("):
        doc = doc.split("\n\n", 1)[-1]
    return " ".join(doc.split("\n\n")[0].split())


def method(member) -> list[str]:
    """The stub lines of a method: nanobind's signature line."""
    if isinstance(member, classmethod):
        return ["    @classmethod", *method(member.__func__)]
    signature = member.__doc__.splitlines()[0]
    if STRICT[0] in signature:
        return [line for variant in STRICT[1]
                for line in ("    @overload", f"    def {signature.replace(STRICT[0], variant)}: ...")]
    return [f"    def {signature}: ..."]


def base_class(cls) -> list[str]:
    lines = [f"class {cls.__name__}:", f'    """{summary(cls)}"""']
    lines += [f"    {a}" for a in CLASS_ATTRIBUTES[cls]]
    for name, member in sorted(vars(cls).items()):
        if name == "__init__" or not name.startswith("_"):
            lines += method(member)
    return lines


def scheme_class(cls) -> list[str]:
    """A scheme class: its docstring, and the static methods its base lacks (the batch
    forms, which need the scheme: XoodyakAead.encrypt_many_with_keys, Esch256.hash_many)."""
    lines = [f"class {cls.__name__}({cls.__base__.__name__}):", f'    """{summary(cls)}"""']
    for name, member in sorted(vars(cls).items()):
        if not name.startswith("_") and name not in vars(cls.__base__) and callable(member):
            lines += [line for sig in method(member)
                      for line in ((["    @staticmethod"] if sig.startswith("    def") else []) + [sig])]
    return lines


def render() -> str:
    schemes = [*lwcrypto._lwcrypto.aead_classes, *lwcrypto._lwcrypto.hash_classes,
               *lwcrypto._lwcrypto.xof_classes]
    blocks = [HEADER.rstrip("\n")]
    blocks += ["\n".join(base_class(c)) for c in (lwcrypto.Aead, lwcrypto.Hash, lwcrypto.Xof)]
    blocks += ["\n".join(scheme_class(c)) for c in schemes]
    blocks.append(functions())
    blocks.append(f"__all__ = {json.dumps(sorted(lwcrypto.__all__))}")
    return "\n\n".join(blocks) + "\n"


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(render())
