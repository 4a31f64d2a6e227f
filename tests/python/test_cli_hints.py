# SPDX-License-Identifier: MIT
"""lwc where the input says more than the options (issue 28, item 5): decrypt takes the
scheme from a stream's header, kat says once that a file is another scheme's, hash --check
names the -a to try, and input that is not in the format asked for is an input error."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_helpers import KAT_DIR, run


@pytest.fixture
def sealed(tmp_path: Path) -> Path:
    """A message, its key (xoodyak) and its stream, in tmp_path."""
    (tmp_path / "msg").write_bytes(b"attack at dawn\n")
    assert run("keygen", "-a", "xoodyak", "-o", tmp_path / "key").returncode == 0
    r = run("encrypt", "-a", "xoodyak", "--key-file", "key", "msg", "-o", "msg.lwc",
            cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    return tmp_path


# --- decrypt: the scheme from the header ------------------------------------------------------

@pytest.mark.parametrize("extra", [[], ["--format", "stream"], ["--range", "7:"]])
def test_decrypt_takes_the_scheme_from_the_stream_header(sealed: Path, extra: list[str]) -> None:
    r = run("decrypt", "--key-file", "key", *extra, "msg.lwc", cwd=sealed)
    assert r.returncode == 0, r.stderr
    assert r.stdout == b"attack at dawn\n"[7 if extra[:1] == ["--range"] else 0:]


def test_decrypt_without_a_reads_hex_and_stdin(sealed: Path) -> None:
    r = run("encrypt", "-a", "xoodyak", "--key-file", "key", "--hex", "msg", cwd=sealed)
    r = run("decrypt", "--key-file", "key", "--hex", stdin=r.stdout, cwd=sealed)
    assert r.returncode == 0 and r.stdout == b"attack at dawn\n", r.stderr


def test_decrypt_refuses_another_a_than_the_header_naming_both(sealed: Path) -> None:
    r = run("decrypt", "-a", "ascon-aead128", "--key-file", "key", "msg.lwc", "-o", "out",
            cwd=sealed)
    assert r.returncode == 2 and not (sealed / "out").exists()
    message = r.stderr.decode()
    assert "xoodyak" in message and "ascon-aead128" in message and message.count("\n") == 1


def test_decrypt_of_a_one_shot_message_needs_a(sealed: Path) -> None:
    r = run("encrypt", "-a", "xoodyak", "--format", "oneshot", "--key-file", "key", "msg",
            "-o", "msg.one", cwd=sealed)
    assert r.returncode == 0
    r = run("decrypt", "--key-file", "key", "msg.one", cwd=sealed)
    assert r.returncode == 2 and b"-a" in r.stderr and r.stdout == b""
    r = run("decrypt", "-a", "xoodyak", "--key-file", "key", "msg.one", cwd=sealed)
    assert r.returncode == 0 and r.stdout == b"attack at dawn\n"


def test_decrypt_without_a_still_checks_the_key_size(sealed: Path) -> None:
    (sealed / "short").write_text("00" * 15)
    r = run("decrypt", "--key-file", "short", "msg.lwc", cwd=sealed)
    assert r.returncode == 2 and b"xoodyak expects 16 bytes" in r.stderr


def test_encrypt_still_needs_a(sealed: Path) -> None:
    r = run("encrypt", "--key-file", "key", "msg", cwd=sealed)
    assert r.returncode == 2 and b"-a" in r.stderr


# --- decrypt: input in another format -----------------------------------------------------------

@pytest.mark.parametrize("extra", [["--format", "stream"], ["--format", "stream", "--hex"],
                                   ["--range", "0:4"]])
def test_decrypt_of_input_that_is_not_a_stream_is_an_input_error(sealed: Path,
                                                                 extra: list[str]) -> None:
    r = run("decrypt", "-a", "xoodyak", "--key-file", "key", *extra, "msg", "-o", "out",
            cwd=sealed)
    assert r.returncode == 2, r.stderr
    assert b"not an lwc stream" in r.stderr and not (sealed / "out").exists()


def test_a_damaged_stream_still_fails_verification(sealed: Path) -> None:
    data = bytearray((sealed / "msg.lwc").read_bytes())
    data[-1] ^= 1
    (sealed / "bad.lwc").write_bytes(bytes(data))
    r = run("decrypt", "--key-file", "key", "bad.lwc", "-o", "out", cwd=sealed)
    assert r.returncode == 1 and not (sealed / "out").exists()


# --- kat: a file for another scheme ---------------------------------------------------------------

@pytest.mark.parametrize("scheme, file, expected", [
    ("xoodyak", "ascon-aead128", "-a ascon-aead128"),      # the same sizes: the first record
    ("tinyjambu-128", "xoodyak", "16-byte key, 16-byte nonce, 16-byte tag: not tinyjambu-128's"),
    ("esch256", "xoodyak-hash", "-a xoodyak-hash"),
    ("ascon-xof128", "xoodyak-xof", "-a xoodyak-xof"),
])
def test_kat_of_another_schemes_file_says_so_once(scheme: str, file: str, expected: str) -> None:
    r = run("kat", "-a", scheme, KAT_DIR / f"{file}.txt")
    assert r.returncode == 2 and r.stdout == b""
    message = r.stderr.decode()
    assert message.count("\n") == 1 and expected in message, message


# --- hash --check: the scheme of a listing without names ---------------------------------------

def test_check_of_another_schemes_listing_names_the_a_to_try(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"some file\n")
    (tmp_path / "g").write_bytes(b"another\n")
    r = run("hash", "-a", "esch256", "f", "g", cwd=tmp_path)
    (tmp_path / "E").write_bytes(r.stdout)
    r = run("hash", "-c", "E", cwd=tmp_path)
    assert r.returncode == 1 and r.stdout == b"f: FAILED\ng: FAILED\n"
    assert b"try -a esch256" in r.stderr and b"--tag" in r.stderr
    r = run("hash", "-a", "esch256", "-c", "E", cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == b""


def test_check_with_one_bad_digest_gives_no_hint(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"some file\n")
    (tmp_path / "g").write_bytes(b"another\n")
    listing = run("hash", "f", "g", cwd=tmp_path).stdout
    (tmp_path / "S").write_bytes(b"0" + listing[1:])
    r = run("hash", "-c", "S", cwd=tmp_path)
    assert r.returncode == 1 and b"hint" not in r.stderr


def test_a_tagged_listing_checks_without_a(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"some file\n")
    (tmp_path / "T").write_bytes(run("hash", "-a", "esch256", "--tag", "f", cwd=tmp_path).stdout)
    r = run("hash", "-c", "T", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout == b"f: OK\n"
    assert "--check needs no -a" in " ".join(run("hash", "--help").stdout.decode().split())
