# SPDX-License-Identifier: MIT
"""lwc with the XOFs: lwc list, lwc hash --length / --customization-hex, lwc kat on XOF
and CXOF files. Every XOF of the registry, none named but in the error cases' own file."""

from __future__ import annotations

import json

import pytest
from cli_helpers import KAT_DIR, first_record, run

import lwcrypto
from lwcrypto.cli.cmd_hash import DEFAULT_XOF_LENGTH

XOFS = lwcrypto.xof_algorithms
CUSTOMIZED = [n for n in XOFS if lwcrypto.new(n).max_customization_size > 0]
PLAIN = [n for n in XOFS if lwcrypto.new(n).max_customization_size == 0]
HASH = lwcrypto.hash_algorithms[0]


def test_list_shows_the_xofs():
    rows = {r["name"]: r for r in json.loads(run("list", "--json").stdout)}
    table = run("list").stdout.decode()
    for name in XOFS:
        assert rows[name]["kind"] == "xof" and "digest_size" not in rows[name]
        assert rows[name]["max_customization_size"] == lwcrypto.new(name).max_customization_size
        line = next(line for line in table.splitlines() if line.startswith(name + " "))
        assert line.split()[1:3] == ["xof", "any"]


@pytest.mark.parametrize("name", XOFS)
def test_hash_with_an_xof(tmp_path, name):
    (tmp_path / "m").write_bytes(b"abc")
    r = run("hash", "-a", name, "m", cwd=tmp_path)
    want = lwcrypto.new(name, b"abc").hexdigest(DEFAULT_XOF_LENGTH)
    assert r.returncode == 0 and r.stdout == f"{want}  m\n".encode()
    r = run("hash", "-a", name.upper(), "--length", "100", "--tag", "m", cwd=tmp_path)
    want = lwcrypto.new(name, b"abc").hexdigest(100)
    assert r.stdout == f"{name.upper()} (m) = {want}\n".encode()
    # --check takes the length from the listed digest
    (tmp_path / "sums").write_bytes(r.stdout)
    r = run("hash", "-c", "sums", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout == b"m: OK\n"
    (tmp_path / "m").write_bytes(b"abd")
    assert run("hash", "-c", "sums", cwd=tmp_path).returncode == 1
    r = run("hash", "-a", name, "--length", "0", "m", cwd=tmp_path)
    assert r.returncode == 2 and b"--length must be at least 1" in r.stderr


@pytest.mark.parametrize("name", CUSTOMIZED)
def test_hash_customization(tmp_path, name):
    record = first_record(name)
    assert "Z" in record
    (tmp_path / "m").write_bytes(bytes.fromhex(record["Msg"]))
    md = record["MD"].lower()
    r = run("hash", "-a", name, "--length", len(md) // 2, "--customization-hex", record["Z"], "m",
            cwd=tmp_path)
    assert r.returncode == 0 and r.stdout == f"{md}  m\n".encode()
    limit = lwcrypto.new(name).max_customization_size
    r = run("hash", "-a", name, "--customization-hex", "00" * (limit + 1), "m", cwd=tmp_path)
    assert r.returncode == 2 and f"at most {limit} bytes, got {limit + 1}".encode() in r.stderr


@pytest.mark.parametrize("name", PLAIN)
def test_customization_refused_where_none(name):
    r = run("hash", "-a", name, "--customization-hex", "00", stdin=b"abc")
    assert r.returncode == 2 and f"{name} takes no customization".encode() in r.stderr


def test_length_of_a_fixed_hash():
    """--length is accepted for a fixed-size hash only when equal to its digest size."""
    size = lwcrypto.new(HASH).digest_size
    r = run("hash", "-a", HASH, "--length", size, stdin=b"abc")
    assert r.returncode == 0 and r.stdout.split()[0].decode() == lwcrypto.new(HASH, b"abc").hexdigest()
    r = run("hash", "-a", HASH, "--length", size + 1, stdin=b"abc")
    assert r.returncode == 2 and f"fixed {size}-byte digest, got {size + 1}".encode() in r.stderr
    r = run("hash", "-a", HASH, "--customization-hex", "00", stdin=b"abc")
    assert r.returncode == 2 and b"takes no customization" in r.stderr


@pytest.mark.parametrize("name", XOFS)
def test_kat_reads_xof_files(name):
    r = run("kat", "-a", name, KAT_DIR / f"{name}.txt")
    assert r.returncode == 0 and r.stdout.decode().endswith(" passed, 0 failed\n")


@pytest.mark.parametrize("name", XOFS)
def test_kat_reports_a_wrong_record(tmp_path, name):
    text = (KAT_DIR / f"{name}.txt").read_text().split("\n\n")[0].strip()
    md = text.splitlines()[-1]
    assert md.startswith("MD = ")
    flipped = md[:-1] + ("0" if md[-1] != "0" else "1")
    (tmp_path / "k.txt").write_text(text.replace(md, flipped) + "\n")
    r = run("kat", "-a", name, tmp_path / "k.txt")
    assert r.returncode == 1 and b"MD differs" in r.stdout and b"0 passed, 1 failed" in r.stdout
