# SPDX-License-Identifier: MIT
"""Tools can read the headers (issue 30): universal ctags finds the definition of every
public name of include/lwc/*.hpp, which it did not for 28 of 46 headers while they
opened their namespaces as `namespace lwc::inline LWC_ISA_NS {`. The names are found here
independently of ctags: every class, struct and alias at the start of a line of the
public headers (not include/lwc/detail/). Concepts are left out: the universal-ctags of
Debian 12 (5.9) has no C++20 parser for them."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

INCLUDE = Path(__file__).resolve().parents[2] / "include"
DECLARATION = re.compile(r"^(?:class|struct|using)\s+([A-Za-z_]\w*)\b(?!;)", re.M)


def public_names() -> dict[str, str]:
    """{name: header} of the declarations at line starts of the public headers."""
    names = {}
    for header in sorted((INCLUDE / "lwc").glob("*.hpp")):
        for name in DECLARATION.findall(header.read_text()):
            names.setdefault(name, header.name)
    return names


def ctags_names() -> set[str]:
    ctags = shutil.which("ctags")
    if ctags is None:
        pytest.fail("ctags is not installed: make deps (universal-ctags)")
    version = subprocess.run([ctags, "--version"], capture_output=True, text=True).stdout
    if "Universal Ctags" not in version:
        pytest.fail(f"{ctags} is not universal-ctags: {version.splitlines()[:1]}")
    out = subprocess.run([ctags, "-x", "--languages=C++", "--kinds-C++=+p", "-R", str(INCLUDE)],
                         capture_output=True, text=True, check=True).stdout
    return {line.split()[0] for line in out.splitlines() if line.strip()}


def test_ctags_finds_every_public_name() -> None:
    names = public_names()
    assert len(names) > 60 and "AsconAead128" in names and "decryptor" in names
    found = ctags_names()
    missing = {name: header for name, header in names.items() if name not in found}
    assert not missing, f"ctags finds no definition of: {missing}"


def test_header_file_names_are_unique() -> None:
    """detail/ascon.hpp beside ascon.hpp made 'go to file' ambiguous (issue 30)."""
    seen: dict[str, Path] = {}
    for header in INCLUDE.rglob("*.hpp"):
        assert header.name not in seen, f"{header} and {seen[header.name]}"
        seen[header.name] = header
