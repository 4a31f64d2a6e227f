# SPDX-License-Identifier: MIT
"""lwc kat (NIST LWC known-answer-test files) and lwc bench."""

from __future__ import annotations

import json
import os
import re

import pytest
from cli_helpers import AEAD, KAT_DIR, run

import lwcrypto

# --- kat ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", lwcrypto.algorithms)
def test_official_kat_passes(name):
    r = run("kat", "-a", name, KAT_DIR / f"{name}.txt")
    assert r.returncode == 0, r.stdout[-500:]
    assert re.fullmatch(rf"{name}: [1-9]\d* passed, 0 failed\n", r.stdout.decode())


@pytest.mark.parametrize("name, field", [("tinyjambu-128", "CT"), ("esch256", "MD")])
def test_kat_with_a_corrupted_record_fails(tmp_path, name, field):
    text = (KAT_DIR / f"{name}.txt").read_text()
    # Flip the first hex digit of the field in record Count = 7.
    start = text.index(f"{field} = ", text.index("Count = 7\n")) + len(field) + 3
    digit = "1" if text[start] == "0" else "0"
    (tmp_path / "kat.txt").write_text(text[:start] + digit + text[start + 1:])
    r = run("kat", "-a", name, tmp_path / "kat.txt")
    out = r.stdout.decode()
    assert r.returncode == 1
    assert "Count = 7 " in out and out.count("FAILED") == 1
    assert re.search(r"\d+ passed, 1 failed\n$", out)


def test_malformed_kat_names_the_line(tmp_path):
    (tmp_path / "kat.txt").write_text("Count = 1\nKey = 00\nNonce = 00\nPT = \nAD = \nCT = 00\n"
                                      "\nCount = 2\nKey = XYZ\n")
    r = run("kat", "-a", AEAD, tmp_path / "kat.txt")
    assert r.returncode == 2 and b"kat.txt:2" in r.stderr  # a 1-byte key for xoodyak
    (tmp_path / "kat.txt").write_text("Count = 1\nMsg = \nMD = 00\n")
    r = run("kat", "-a", AEAD, tmp_path / "kat.txt")
    assert r.returncode == 2 and b"kat.txt:2" in r.stderr
    r = run("kat", "-a", "esch384", KAT_DIR / "esch256.txt")  # another scheme's file
    assert r.returncode == 2 and b"esch256.txt:3" in r.stderr and r.stdout == b""


@pytest.mark.parametrize("content, error", [
    (b"", "kat.txt: no KAT records"),
    (b"\n\n", "kat.txt: no KAT records"),
    (b"Count = 1\nKey = 00\n", "kat.txt:1: record lacks Nonce, PT, AD, CT"),
    (b"Count = 1\nCount = 2\n", "kat.txt:2: a second Count in one record"),
    (b"Count = one\n", "kat.txt:1: Count is not a decimal number"),
    (b"Count = 1\nKey = 0\n", "kat.txt:2: Key has an odd number of hex digits (1)"),
    (b"Count = 1\nNonce = 0g\n", "kat.txt:2: Nonce is not hexadecimal"),
    (b"Count = 1\nTag = 00\n", "kat.txt:2: expected one of Count, Key, Nonce, PT, AD, CT "
                                "('NAME = value') in an AEAD KAT, got 'Tag = 00'"),
    (b"\x7fELF\x02\x01\x00\xff\n", "kat.txt:1: expected one of Count, Key, Nonce, PT, AD, CT"),
])
def test_malformed_kat_files_exit_2_naming_file_and_line(tmp_path, content, error):
    (tmp_path / "kat.txt").write_bytes(content)
    r = run("kat", "-a", AEAD, "kat.txt", cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.startswith(f"lwc: {error}".encode())


# --- bench --------------------------------------------------------------------------------------

QUICK = ["bench", "-a", AEAD, "--sizes", "64", "--time", "0.01"]


def test_bench_json_covers_schemes_sizes_and_references():
    r = run("bench", "-a", AEAD, "esch256", "--sizes", "64", "1K", "--time", "0.01", "--json")
    assert r.returncode == 0
    results = json.loads(r.stdout)["results"]
    measured = {(x["scheme"], x["size"]) for x in results if x["mb_per_s"] > 0}
    assert {(AEAD, 64), (AEAD, 1024), ("esch256", 64), ("esch256", 1024)} <= measured
    try:
        import cryptography  # noqa: F401
        assert {("aes-128-gcm", 64), ("chacha20-poly1305", 1024)} <= measured
    except ImportError:
        assert b"cryptography is not installed" in r.stderr


def hidden(tmp_path, *modules: str) -> dict:
    """An environment in which importing `modules` fails, as after a plain pip install."""
    for module in modules:
        (tmp_path / module).mkdir()
        (tmp_path / module / "__init__.py").write_text("raise ImportError('hidden for a test')\n")
    return {**os.environ, "PYTHONPATH": str(tmp_path)}


def test_bench_batch_rows_beside_the_single_message_rows():
    r = run("bench", "-a", AEAD, "esch256", "--sizes", "64", "--time", "0.01", "--batch", "16",
            "--json")
    assert r.returncode == 0
    rows = {(x["scheme"], x["implementation"]) for x in json.loads(r.stdout)["results"]
            if x["mb_per_s"] > 0}
    assert {(AEAD, "lwcrypto"), (AEAD, "batch of 16"), ("esch256", "lwcrypto"),
            ("esch256", "batch of 16")} <= rows
    r = run("bench", "-a", AEAD, "--batch", "0")
    assert r.returncode == 2 and b"'0' is not a number of messages from 1 to 65536" in r.stderr


def test_bench_without_cryptography_still_runs(tmp_path):
    r = run(*QUICK, env=hidden(tmp_path, "cryptography"))
    assert r.returncode == 0 and b"cryptography is not installed" in r.stderr
    assert AEAD.encode() in r.stdout and b"aes-128-gcm" not in r.stdout


def test_bench_plot_without_matplotlib_runs_and_says_it_skipped_the_plot(tmp_path):
    r = run(*QUICK, "--plot", tmp_path / "b.png", env=hidden(tmp_path, "matplotlib"))
    assert r.returncode == 0 and AEAD.encode() in r.stdout
    assert b"lwc: --plot skipped: matplotlib is not installed" in r.stderr
    assert not (tmp_path / "b.png").exists()


def test_bench_plot(tmp_path):
    pytest.importorskip("matplotlib")
    r = run("bench", "-a", AEAD, "--sizes", "64", "256", "--time", "0.01", "--plot",
            tmp_path / "b.png")
    assert r.returncode == 0
    assert (tmp_path / "b.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("option, value, error", [
    ("--time", "-1", "'-1' is not a number of seconds over 0 and at most 3600"),
    ("--time", "0", "'0' is not a number of seconds"),
    ("--time", "nan", "'nan' is not a number of seconds"),
    ("--time", "inf", "'inf' is not a number of seconds"),
    ("--time", "1e9", "'1e9' is not a number of seconds"),
    ("--time", "soon", "'soon' is not a number of seconds"),
    ("--sizes", "0", "'0' is not a size from 1 byte to 1G"),
    ("--sizes", "2G", "'2G' is not a size from 1 byte to 1G"),
    ("--sizes", "-5", "'-5' is not a size"),
    ("--sizes", "1T", "'1T' is not a size"),
])
def test_bench_refuses_nonsense_values(option, value, error):
    r = run("bench", "-a", AEAD, f"{option}={value}")
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.startswith(b"usage: lwc bench") and error.encode() in r.stderr
