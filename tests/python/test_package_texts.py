# SPDX-License-Identifier: MIT
"""What the package says about itself follows the registry: the summary (`pip show`),
python/README.md and the module docstring (`help(lwcrypto)`) name every family of scheme,
and docs/python.md's listing examples are lwcrypto's own; pyca's generate_key(bit_length)
gets one clear TypeError; and building the package shows its progress."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import pytest

import lwcrypto

ROOT = Path(__file__).resolve().parents[2]


def families() -> set[str]:
    """The families of the registry's schemes: a name's leading letters (esch256 -> esch,
    photon-beetle-hash -> photon, xoesch384 -> xoesch)."""
    return {re.match(r"[a-z]+", name).group(0) for name in lwcrypto.algorithms}


# The summary is one line: Sparkle's members (Schwaemm, Esch, XOEsch) go by the family's name.
GROUPS = {"schwaemm": "sparkle", "esch": "sparkle", "xoesch": "sparkle"}


def missing(text: str, names: set[str]) -> set[str]:
    return {n for n in names if n not in text.lower()}


def test_the_summary_names_every_family() -> None:
    summary = importlib.metadata.metadata("lwcrypto")["Summary"]
    assert not missing(summary, {GROUPS.get(f, f) for f in families()}), summary
    assert "xof" in summary.lower() and "hash" in summary.lower()


@pytest.mark.parametrize("where", ["python/README.md", "the module docstring"])
def test_readme_and_docstring_name_every_family(where: str) -> None:
    text = lwcrypto.__doc__ if where != "python/README.md" else (ROOT / where).read_text()
    assert not missing(text, families()), where
    assert "XOF" in text
    # The classes it lists as examples exist.
    listed = set(re.findall(r"`([A-Z]\w+)`", text)) - {"InvalidTag"}
    assert listed <= set(lwcrypto.__all__), listed - set(lwcrypto.__all__)


def test_docs_listing_examples_are_the_registrys() -> None:
    """`lwcrypto.algorithms  # ('a', ..., 'z')` and the like in docs/python.md: the names
    before '...' begin the tuple, those after it end it."""
    text = (ROOT / "docs/python.md").read_text()
    found = re.findall(r"lwcrypto\.(\w*algorithms)\s+# \((.*?)\)", text)
    assert {"algorithms", "xof_algorithms"} <= {name for name, _ in found}
    for name, example in found:
        actual = getattr(lwcrypto, name)
        parts = [p.strip() for p in example.split("...")]
        head = [ast.literal_eval(n.strip()) for n in parts[0].split(",") if n.strip()]
        tail = [ast.literal_eval(n.strip()) for n in parts[-1].split(",") if n.strip()] \
            if len(parts) > 1 else []
        assert list(actual[:len(head)]) == head, (name, example, actual)
        assert not tail or list(actual[-len(tail):]) == tail, (name, example, actual)


@pytest.mark.parametrize("call", ["generate_key(128)", "generate_key(bit_length=128)"])
def test_generate_key_with_a_size_names_the_right_call(call: str) -> None:
    with pytest.raises(TypeError) as e:
        eval(f"lwcrypto.XoodyakAead.{call}")
    message = str(e.value)
    assert message.startswith("xoodyak: ") and "XoodyakAead.generate_key()" in message
    assert "16 bytes" in message and "nanobind" not in message and "\n" not in message


def test_pip_install_shows_the_build() -> None:
    """pip shows a build's output only with -v (pip install -v .): the build prints its
    steps then (scikit-build-core's log, CMake's, every compile command), and make
    python-install passes -v. docs/python.md says so."""
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r"^build\.verbose\s*=\s*true", pyproject, re.M)
    assert re.search(r'^logging\.level\s*=\s*"INFO"', pyproject, re.M)
    plan = subprocess.run(["make", "-n", "-B", "-C", str(ROOT), "python-install"],
                          capture_output=True, text=True, timeout=60).stdout
    line = next(line for line in plan.splitlines() if "--no-build-isolation" in line)
    assert " -v " in line and " -q " not in line, line
    assert "pip install -v ." in (ROOT / "docs/python.md").read_text()
