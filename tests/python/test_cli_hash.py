# SPDX-License-Identifier: MIT
"""lwc hash: digests in sha256sum's formats, and --check with sha256sum's options."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_helpers import AEAD, first_record, run

import lwcrypto
from lwcrypto.cli.cmd_hash import DEFAULT_HASH
from lwcrypto.cli.common import CHUNK


def test_hash_matches_the_official_kat_for_every_hash(tmp_path):
    for name in lwcrypto.hash_algorithms:
        record = first_record(name)
        (tmp_path / "m").write_bytes(bytes.fromhex(record["Msg"]))
        r = run("hash", "-a", name, "m", cwd=tmp_path)
        assert r.returncode == 0 and r.stdout == f"{record['MD'].lower()}  m\n".encode()


def test_hash_default_scheme_stdin_and_dash(tmp_path):
    data = b"abc" * 1000
    (tmp_path / "f").write_bytes(data)
    expected = lwcrypto.new(DEFAULT_HASH, data).hexdigest()
    r = run("hash", "f", "-", stdin=data, cwd=tmp_path)
    assert r.stdout.decode() == f"{expected}  f\n{expected}  -\n"
    assert run("hash", stdin=data).stdout.decode() == f"{expected}  -\n"


def test_hash_streams_files_larger_than_a_chunk(tmp_path):
    data = os.urandom(2 * CHUNK + 12345)
    (tmp_path / "big").write_bytes(data)
    r = run("hash", "-a", "esch256", "big", cwd=tmp_path)
    assert r.stdout.split()[0].decode() == lwcrypto.new("esch256", data).hexdigest()
    assert r.stderr == b""  # no progress indicator when stderr is not a terminal


def test_hash_unreadable_file_is_named_and_the_others_still_hashed(tmp_path):
    (tmp_path / "ok").write_bytes(b"x")
    r = run("hash", "missing", "ok", cwd=tmp_path)
    assert r.returncode == 2
    assert b"missing" in r.stderr and r.stdout.endswith(b"  ok\n")


def test_tag_prints_bsd_lines(tmp_path):
    (tmp_path / "f").write_bytes(b"abc")
    (tmp_path / "new\nline").write_bytes(b"abc")
    r = run("hash", "--tag", "-a", "esch256", "f", "new\nline", cwd=tmp_path)
    digest = lwcrypto.new("esch256", b"abc").hexdigest().encode()
    assert r.returncode == 0
    assert r.stdout == b"ESCH256 (f) = " + digest + b"\n\\ESCH256 (new\\nline) = " + digest + b"\n"


NAMES = ["a", "with space", "back\\slash", "new\nline", "*star", "(paren) = x"]


@pytest.fixture
def files(tmp_path: Path) -> Path:
    for i, name in enumerate(NAMES):
        (tmp_path / name).write_bytes(b"content %d" % i)
    return tmp_path


@pytest.mark.parametrize("tag", [[], ["--tag"]], ids=["gnu", "bsd"])
def test_check_round_trip(files, tag):
    listing = run("hash", "-a", "esch384", *tag, *NAMES, cwd=files).stdout
    (files / "SUMS").write_bytes(listing)
    r = run("hash", "-a", "esch384", "--check", "SUMS", cwd=files)
    assert r.returncode == 0 and r.stdout.count(b": OK\n") == len(NAMES) and r.stderr == b""

    (files / "a").write_bytes(b"changed")
    os.remove(files / "with space")
    r = run("hash", "-a", "esch384", "-c", "SUMS", cwd=files)
    assert r.returncode == 1
    assert b"a: FAILED\n" in r.stdout and b"with space: FAILED open or read\n" in r.stdout
    assert r.stdout.count(b": OK\n") == len(NAMES) - 2
    assert r.stderr.endswith(b"lwc: WARNING: 1 listed file could not be read\n"
                             b"lwc: WARNING: 1 computed checksum did NOT match\n")
    r = run("hash", "-a", "esch384", "-c", "-", "--quiet", stdin=listing, cwd=files)
    assert r.returncode == 1 and b"OK" not in r.stdout and b"a: FAILED\n" in r.stdout


def test_check_takes_several_listings_and_stdin_by_default(files):
    for name in ("a", "with space"):
        (files / f"{name}.sum").write_bytes(run("hash", name, cwd=files).stdout)
    r = run("hash", "-c", "a.sum", "with space.sum", cwd=files)
    assert r.returncode == 0 and r.stdout == b"a: OK\nwith space: OK\n"
    r = run("hash", "-c", stdin=(files / "a.sum").read_bytes(), cwd=files)
    assert r.returncode == 0 and r.stdout == b"a: OK\n"


def digest_of(name: str, data: bytes) -> str:
    return lwcrypto.new(name, data).hexdigest()


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """A listing with good lines in every accepted form around improperly formatted ones."""
    for name in "abcdef":
        (tmp_path / name).write_bytes(name.encode())
    d = {name: digest_of(DEFAULT_HASH, name.encode()) for name in "abcdef"}
    (tmp_path / "SUMS").write_text(
        f"{d['a']}  a\n"                      # two spaces: sha256sum's text mode
        "not a digest line\n"                  # line 2: improperly formatted
        f"{d['b']} *b\n"                       # sha256sum's binary mode
        f"{d['c']} c\n"                        # one space
        f"{d['d']}\td\n"                       # a tab
        "\n# a comment\n"                      # skipped
        f"{d['e'].upper()}  e\r\n"             # upper case digest, CRLF line end
        f"XOODYAK-HASH (f) = {d['f']}\n"       # BSD tag
        f"ESCH256 (a) = {digest_of('esch256', b'a')}\n"   # another scheme, named by its tag
        f"{d['a'][:-2]}  a\n"                  # line 11: a digest too short
        f"XOODYAK (a) = {d['a']}\n")           # line 12: an AEAD is no hash
    return tmp_path


def test_check_goes_on_past_improperly_formatted_lines(mixed):
    r = run("hash", "-c", "SUMS", cwd=mixed)
    assert r.returncode == 0, r.stderr
    assert r.stdout == b"a: OK\nb: OK\nc: OK\nd: OK\ne: OK\nf: OK\na: OK\n"
    assert r.stderr == b"lwc: WARNING: 3 lines are improperly formatted\n"


def test_check_warn_names_each_improperly_formatted_line(mixed):
    r = run("hash", "-c", "--warn", "SUMS", cwd=mixed)
    assert r.returncode == 0
    assert r.stderr.decode().splitlines() == [
        "lwc: SUMS:2: improperly formatted line: neither 'DIGEST  FILE' nor "
        "'NAME (FILE) = DIGEST'",
        f"lwc: SUMS:11: improperly formatted line: a digest of 62 hex digits; {DEFAULT_HASH} "
        "gives 64 (choose the scheme with -a)",  # no scheme gives 62
        "lwc: SUMS:12: improperly formatted line: 'XOODYAK' is an AEAD, not a hash",
        "lwc: WARNING: 3 lines are improperly formatted"]


def test_check_strict_fails_on_improperly_formatted_lines(mixed):
    r = run("hash", "-c", "--strict", "SUMS", cwd=mixed)
    assert r.returncode == 1 and r.stdout.count(b": OK\n") == 7


def test_check_status_prints_nothing(mixed):
    r = run("hash", "-c", "--status", "SUMS", cwd=mixed)
    assert (r.returncode, r.stdout, r.stderr) == (0, b"", b"")
    (mixed / "b").write_bytes(b"changed")
    r = run("hash", "-c", "--status", "SUMS", cwd=mixed)
    assert (r.returncode, r.stdout, r.stderr) == (1, b"", b"")


def test_check_ignore_missing(mixed):
    os.remove(mixed / "c")
    r = run("hash", "-c", "SUMS", cwd=mixed)
    assert r.returncode == 1 and b"c: FAILED open or read\n" in r.stdout
    r = run("hash", "-c", "--ignore-missing", "SUMS", cwd=mixed)
    assert r.returncode == 0 and r.stdout == b"a: OK\nb: OK\nd: OK\ne: OK\nf: OK\na: OK\n"
    assert r.stderr == b"lwc: WARNING: 3 lines are improperly formatted\n"
    for name in "abdef":
        os.remove(mixed / name)
    r = run("hash", "-c", "--ignore-missing", "SUMS", cwd=mixed)
    assert r.returncode == 1 and r.stdout == b""
    assert r.stderr.endswith(b"lwc: SUMS: no file was verified\n")


def test_check_of_a_listing_without_any_good_line_exits_2(tmp_path):
    (tmp_path / "SUMS").write_text("0" * 64 + "  a\nnot a digest line\n")
    r = run("hash", "-a", "esch384", "--check", "SUMS", cwd=tmp_path)  # 64 digits, not 96
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr == (b"lwc: SUMS: no properly formatted digest lines (line 1: a digest of 64 "
                        b"hex digits; esch384 gives 96 (xoodyak-hash, esch256, photon-beetle-hash, "
                        b"ascon-hash256, romulus-h give 64: -a xoodyak-hash))\n")
    (tmp_path / "empty").write_text("")
    r = run("hash", "--check", "empty", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr == b"lwc: empty: no properly formatted digest lines\n"


@pytest.mark.parametrize("args, error", [
    (["--tag", "-c"], "--tag is meaningless with --check"),
    (["--quiet"], "--quiet is meaningful only with --check"),
    (["--status"], "--status is meaningful only with --check"),
    (["--strict"], "--strict is meaningful only with --check"),
    (["-w"], "--warn is meaningful only with --check"),
    (["--ignore-missing"], "--ignore-missing is meaningful only with --check"),
])
def test_check_options_out_of_place_are_usage_errors(args, error):
    r = run("hash", *args, stdin=b"")
    assert r.returncode == 2 and r.stderr.decode().startswith(f"lwc: {error}")


def test_hash_of_an_aead_name_is_refused():
    r = run("hash", "-a", AEAD)
    assert r.returncode == 2 and b"'xoodyak' is an AEAD, not a hash" in r.stderr
