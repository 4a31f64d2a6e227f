# SPDX-License-Identifier: MIT
"""The Python snippets of the docs type-check against the installed package: every
```python block of README.md, docs/python.md and python/README.md goes through
`mypy --strict` and pyright, each as a file of its own (so each block is a complete
program). Neither tool is skipped: both come with pyproject's dependency group dev
(`make venv`; pyright with node from PyPI, `pyright[nodejs]`), and a missing one fails.

Also the typing of what the snippets cannot show alone: new() by name returns Hash or Xof,
decrypt_many(strict=True) gives list[bytes], and lwcrypto.stream is fully annotated."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ("README.md", "docs/python.md", "python/README.md")
BIN = Path(sys.executable).parent


def snippets() -> list[tuple[str, str]]:
    """(id, code) of every ```python block of the docs, id 'FILE:LINE' (the line of its
    ```python)."""
    found = []
    for doc in DOCS:
        text = (ROOT / doc).read_text()
        for m in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
            found.append((f"{doc}:{text.count(chr(10), 0, m.start()) + 1}", m.group(1)))
    return found


def module_name(where: str) -> str:
    """A file name for a snippet: docs/python.md:74 -> docs_python_md_74.py."""
    return re.sub(r"\W", "_", where) + ".py"


def tool(name: str) -> str:
    """The tool beside this interpreter (the venv's), else on PATH; fails when missing."""
    path = BIN / name if (BIN / name).exists() else shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed: make venv (pyproject's dependency group dev)")
    return str(path)


def write_snippets(tmp_path: Path, items: list[tuple[str, str]]) -> dict[str, str]:
    """One module per snippet in tmp_path, its first line a comment in place of the
    ```python line (so line N of the file is line N of the block); {file name: id}."""
    names = {}
    for where, code in items:
        name = module_name(where)
        (tmp_path / name).write_text(f"# {where}\n{code}")
        names[name] = where
    return names


def doc_lines(text: str, tmp_path: Path, names: dict[str, str]) -> str:
    """The checkers' output with each snippet's file:line as the doc's file:line."""
    def replace(m: re.Match[str]) -> str:
        where = names[m.group(1)]
        if ":" not in where:  # not a doc's snippet
            return m.group(0)
        doc, fence = where.rsplit(":", 1)
        return f"{doc}:{int(fence) + int(m.group(2)) - 1}" if m.group(2) else doc
    text = text.replace(str(tmp_path) + os.sep, "")
    pattern = "|".join(re.escape(n) for n in names)
    return re.sub(rf"({pattern})(?::(\d+))?", replace, text)


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1", MYPY_CACHE_DIR=str(cwd / ".mypy"),
               NO_COLOR="1")
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def check(tmp_path: Path, items: list[tuple[str, str]]) -> None:
    names = write_snippets(tmp_path, items)
    files = sorted(names)
    mypy = run([tool("mypy"), "--strict", "--python-executable", sys.executable,
                "--no-error-summary", *files], tmp_path)
    pyright = run([tool("pyright"), "--pythonpath", sys.executable, *files], tmp_path)
    report = []
    for name, result in (("mypy --strict", mypy), ("pyright", pyright)):
        if result.returncode != 0:
            text = doc_lines(result.stdout + result.stderr, tmp_path, names)
            report.append(f"{name} (exit {result.returncode}):\n{text}")
    assert not report, "\n".join(report)


def test_the_docs_have_python_snippets() -> None:
    found = {where.split(":")[0] for where, _ in snippets()}
    assert found == set(DOCS), found


def test_doc_snippets_type_check(tmp_path: Path) -> None:
    check(tmp_path, snippets())


TYPED_USES = '''\
import io
import lwcrypto
from lwcrypto import stream
from typing_extensions import assert_type

h = lwcrypto.new("xoodyak-hash", b"abc")
assert_type(h, lwcrypto.Hash)
assert_type(h.digest(), bytes)
x = lwcrypto.new("ascon-cxof128", b"abc", customization=b"z")
assert_type(x, lwcrypto.Xof)
assert_type(x.digest(10), bytes)

box = lwcrypto.XoodyakAead(bytes(16))
nonces, sealed = [bytes(16)], [bytes(16)]
assert_type(box.decrypt_many(nonces, sealed), list[bytes])
assert_type(box.decrypt_many(nonces, sealed, strict=True), list[bytes])
assert_type(box.decrypt_many(nonces, sealed, [None], strict=False), list[bytes | None])
assert_type(lwcrypto.XoodyakAead.decrypt_many_with_keys([bytes(16)], nonces, sealed),
            list[bytes])
assert_type(lwcrypto.XoodyakAead.decrypt_many_with_keys([bytes(16)], nonces, sealed,
                                                        strict=False), list[bytes | None])

key = bytes(16)
assert_type(stream.encrypt("xoodyak", key, b"data"), bytes)
assert_type(stream.encrypt(lwcrypto.XoodyakAead, key, b"data", chunk_size=64), bytes)
assert_type(stream.decrypt(key, b"", aead=box), bytes)
f = io.BytesIO()
with stream.open(f, "wb", aead="xoodyak", key=key) as w:
    assert_type(w, stream.StreamWriter)
    w.write(b"abc")
with stream.open(f, "rb", key=key) as r:
    assert_type(r, io.BufferedReader)
for part in stream.iter_encrypt("xoodyak", key, f):
    assert_type(part, bytes)
for plain in stream.iter_decrypt(key, f):
    assert_type(plain, bytes)
assert_type(stream.decrypt_range(key, f, 0, 10), bytes)


def unknown(name: str, flag: bool) -> None:
    """Values known only at run time: either type."""
    assert_type(lwcrypto.new(name), lwcrypto.Hash | lwcrypto.Xof)
    assert_type(box.decrypt_many(nonces, sealed, strict=flag), list[bytes | None])
'''

WRONG_USES = '''\
import lwcrypto.stream
lwcrypto.new("xoodyak-hash").squeeze(3)               # a hash has no squeeze
lwcrypto.new("ascon-xof128").digest()                 # an XOF's digest needs its length
lwcrypto.XoodyakAead(bytes(16)).decrypt_many([b""], [b""])[0].hex()
lwcrypto.stream.encrypt("xoodyak", "not bytes", b"")  # a key is bytes
'''


def test_typed_uses(tmp_path: Path) -> None:
    """new() by literal name, decrypt_many by strict, and lwcrypto.stream have exact types."""
    check(tmp_path, [("typed uses", TYPED_USES)])


def test_wrong_uses_are_refused(tmp_path: Path) -> None:
    """The checkers find the mistakes the precise types exist for (the last line is fine:
    strict decrypt_many gives bytes, never None)."""
    names = write_snippets(tmp_path, [("wrong uses", WRONG_USES)])
    mypy = run([tool("mypy"), "--strict", "--python-executable", sys.executable, *names],
               tmp_path)
    lines = {int(m.group(1)) - 1 for m in re.finditer(r":(\d+): error", mypy.stdout)}
    assert lines == {2, 3, 5}, mypy.stdout
