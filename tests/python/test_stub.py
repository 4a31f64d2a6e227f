# SPDX-License-Identifier: MIT
"""What ships with the package besides the code: the type stub and py.typed (the stub the
build wrote, python/tools/gen_stub.py, is what the registry gives now), and its own README
as the index page."""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
from pathlib import Path

import lwcrypto

GENERATOR = Path(__file__).resolve().parents[2] / "python" / "tools" / "gen_stub.py"


def load_generator():
    spec = importlib.util.spec_from_file_location("gen_stub", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_installed_stub_is_the_registrys() -> None:
    installed = Path(lwcrypto.__file__).parent / "__init__.pyi"
    assert installed.read_text() == load_generator().render()


def test_no_stub_in_the_source_tree() -> None:
    """The stub is written at build time: none is kept by hand beside the sources."""
    assert not (GENERATOR.parents[1] / "lwcrypto" / "__init__.pyi").exists()


def test_stub_and_marker_are_installed() -> None:
    installed = Path(lwcrypto.__file__).parent
    assert (installed / "py.typed").is_file()
    stub = (installed / "__init__.pyi").read_text()
    tree = ast.parse(stub)
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    schemes = (*lwcrypto._lwcrypto.aead_classes, *lwcrypto._lwcrypto.hash_classes,
               *lwcrypto._lwcrypto.xof_classes)
    assert {cls.__name__ for cls in schemes} <= classes
    assert {"Aead", "Hash", "Xof", "InvalidTag"} <= classes


def test_hash_attributes_fit_hashlibs_protocol() -> None:
    """name, digest_size and block_size are plain attributes of Hash in the stub: typeshed's
    protocol of hmac.new's digestmod and hashlib.file_digest asks for them on objects, and
    pyright refuses a ClassVar there (a class attribute, such as backend, may stay one)."""
    tree = ast.parse((Path(lwcrypto.__file__).parent / "__init__.pyi").read_text())
    hash_class = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Hash")
    declared = {n.target.id: ast.unparse(n.annotation) for n in hash_class.body
                if isinstance(n, ast.AnnAssign)}
    assert declared["name"] == "str"
    assert declared["digest_size"] == declared["block_size"] == "int"
    signatures = [ast.unparse(n.args) for n in tree.body
                  if isinstance(n, ast.FunctionDef) and n.name == "new"]
    assert signatures and "usedforsecurity" in signatures[0] and "string" in signatures[0]


def test_package_has_its_own_short_readme() -> None:
    """The index page shows python/README.md, about the package, not the repository's."""
    page = importlib.metadata.metadata("lwcrypto")["Description"]
    readme = (Path(__file__).resolve().parents[2] / "python" / "README.md").read_text()
    assert page.strip() == readme.strip() and len(page) < 4000
