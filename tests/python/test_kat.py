# SPDX-License-Identifier: MIT
"""The official NIST LWC known-answer tests of every registered scheme, through Python
(the same tests/kat files the C++ tests read)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import lwcrypto
from lwcrypto.cli.cmd_kat import read_kat

KAT_DIR = Path(__file__).resolve().parents[1] / "kat"


def records(name: str) -> list[dict[str, bytes]]:
    """The records of tests/kat/<name>.txt (Count dropped), read by the one Python KAT
    reader, `lwc kat`'s (the C and C++ tests have theirs)."""
    kind = ("aead" if name in lwcrypto.aead_algorithms else
            "hash" if name in lwcrypto.hash_algorithms else "xof")
    return [{k: v for k, v in record.items() if k != "Count"}
            for record, _ in read_kat(str(KAT_DIR / f"{name}.txt"), kind)]


@pytest.mark.parametrize("name", lwcrypto.aead_algorithms)
def test_aead_kat(name: str) -> None:
    cls = lwcrypto.aead(name)
    kats = records(name)
    assert len(kats) == 1089  # 33 message lengths x 33 AD lengths
    for r in kats:
        box = cls(r["Key"])
        assert box.encrypt(r["Nonce"], r["PT"], r["AD"]) == r["CT"]
        assert box.decrypt(r["Nonce"], r["CT"], r["AD"]) == r["PT"]
        ct, tag = box.encrypt_detached(r["Nonce"], r["PT"], r["AD"])
        assert ct + tag == r["CT"]
        assert box.decrypt_detached(r["Nonce"], ct, tag, r["AD"]) == r["PT"]
        forged = bytearray(r["CT"])
        forged[-1] ^= 1
        with pytest.raises(lwcrypto.InvalidTag):
            box.decrypt(r["Nonce"], forged, r["AD"])


@pytest.mark.parametrize("name", lwcrypto.hash_algorithms)
def test_hash_kat(name: str) -> None:
    kats = records(name)
    assert len(kats) == 1025  # messages of 0..1024 bytes
    for r in kats:
        assert lwcrypto.new(name, r["Msg"]).digest() == r["MD"]


@pytest.mark.parametrize("name", lwcrypto.xof_algorithms)
def test_xof_kat(name: str) -> None:
    """XOF files: Msg and MD (the output length is MD's); CXOF files: Z too."""
    kats = records(name)
    assert len(kats) > 0
    cls = lwcrypto.new(name).__class__
    for r in kats:
        n = len(r["MD"])
        assert n > 0
        z = {"customization": r["Z"]} if "Z" in r else {}
        assert cls(r["Msg"], **z).digest(n) == r["MD"]
        x = cls(**z)
        x.update(r["Msg"])
        assert x.squeeze(n // 3) + x.squeeze(n - n // 3) == r["MD"]


def test_every_scheme_has_a_kat_file() -> None:
    assert sorted(p.stem for p in KAT_DIR.glob("*.txt")) == sorted(lwcrypto.algorithms)


# Asks liblwc for a backend (LWC_BACKEND, read once per process) and runs the KATs above.
ON_BACKEND = """
import sys, lwcrypto, test_kat
# The code paths the schemes run (descriptor->backend) tell which backend liblwc took.
paths = {lwcrypto.aead(n).backend for n in lwcrypto.aead_algorithms}
if paths != {"portable": {"portable", "sse2"}, "avx2": {"portable", "bmi2", "avx2"},
             "avx512": {"portable", "bmi2", "avx512"}}[sys.argv[1]]:
    sys.exit(3)  # this CPU cannot run it: liblwc took another
for name in lwcrypto.aead_algorithms:
    test_kat.test_aead_kat(name)
for name in lwcrypto.hash_algorithms:
    test_kat.test_hash_kat(name)
for name in lwcrypto.xof_algorithms:
    test_kat.test_xof_kat(name)
"""


@pytest.mark.parametrize("backend", ["portable", "avx2", "avx512"])
def test_kats_on_every_backend(backend: str) -> None:
    """liblwc's run-time dispatch serves Python: every compiled path passes, not only the
    one this CPU gets by default."""
    run = subprocess.run([sys.executable, "-c", ON_BACKEND, backend], capture_output=True,
                         text=True, cwd=Path(__file__).parent,
                         env={**os.environ, "LWC_BACKEND": backend}, timeout=300)
    if run.returncode == 3:
        pytest.skip(f"this CPU has no {backend} path")
    assert run.returncode == 0, run.stderr
