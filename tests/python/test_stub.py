"""The type stub and py.typed ship with the package, and the stub in the source tree is
what python/tools/gen_stub.py makes from the registry now."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import lwcrypto

GENERATOR = Path(__file__).resolve().parents[2] / "python" / "tools" / "gen_stub.py"


def load_generator():
    spec = importlib.util.spec_from_file_location("gen_stub", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_stub_is_up_to_date() -> None:
    gen = load_generator()
    assert gen.STUB.read_text() == gen.render(), \
        "the registry changed: run .venv/bin/python python/tools/gen_stub.py"


def test_stub_and_marker_are_installed() -> None:
    installed = Path(lwcrypto.__file__).parent
    assert (installed / "py.typed").is_file()
    stub = (installed / "__init__.pyi").read_text()
    tree = ast.parse(stub)
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    assert {lwcrypto._class_name(n) for n in lwcrypto.algorithms} <= classes
    assert {"Aead", "Hash", "InvalidTag"} <= classes
