# SPDX-License-Identifier: MIT
"""lwc encrypt and decrypt on the stream format (the default): chunking, the detection of
damaged streams, what is written when one fails, --range, --hex, constant memory."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from cli_helpers import AEAD, LWC, run

import lwcrypto
import lwcrypto.stream

KEY = bytes(range(16))
ENV = {**os.environ, "LWC_KEY": KEY.hex()}
OPTS = ["-a", AEAD, "--key-env", "LWC_KEY"]
TAG = lwcrypto.aead(AEAD).tag_size
HEADER = 77 + len(AEAD)


def encrypt(*extra, stdin: bytes = b"", cwd=None):
    return run("encrypt", *OPTS, *extra, stdin=stdin, cwd=cwd, env=ENV)


def decrypt(*extra, stdin: bytes = b"", cwd=None):
    return run("decrypt", *OPTS, *extra, stdin=stdin, cwd=cwd, env=ENV)


@pytest.mark.parametrize("size", [0, 1, 63, 64, 65, 128, 1000])
def test_chunks_and_round_trip_through_pipes(size):
    message = os.urandom(size)
    r = encrypt("--chunk-size", "64", stdin=message)
    assert r.returncode == 0 and r.stderr == b""
    chunks = max(1, -(-size // 64))
    assert len(r.stdout) == HEADER + size + chunks * TAG
    assert lwcrypto.stream.decrypt(KEY, r.stdout) == message
    back = decrypt(stdin=r.stdout)
    assert back.returncode == 0 and back.stdout == message


def test_chunk_size_suffixes_and_the_default():
    for text, size in [("64", 64), ("1k", 1024), ("4K", 4096), ("1M", 1 << 20)]:
        r = encrypt("--chunk-size", text, stdin=b"x")
        assert r.returncode == 0 and int.from_bytes(r.stdout[8:12], "little") == size, text
    r = encrypt(stdin=b"x")
    assert int.from_bytes(r.stdout[8:12], "little") == lwcrypto.stream.DEFAULT_CHUNK_SIZE == 65536


@pytest.mark.parametrize("text, error", [
    ("63", "63: a chunk holds 64 to 16777216 bytes (16M), not 63"),
    ("17M", "17M: a chunk holds 64 to 16777216 bytes (16M), not 17825792"),
    ("abc", "'abc': a number of bytes, with K or M for KiB or MiB"),
])
def test_a_bad_chunk_size_is_named(text, error):
    r = encrypt("--chunk-size", text, stdin=b"x")
    assert r.returncode == 2 and r.stdout == b"" and error.encode() in r.stderr


@pytest.mark.parametrize("option, value", [("--ad-hex", "01"), ("--nonce-hex", "00" * 16)])
def test_options_of_one_message_are_refused_for_a_stream(option, value):
    r = encrypt(option, value, stdin=b"x")
    assert r.returncode == 2 and r.stdout == b""
    assert f"lwc: {option}: the stream format has no associated data".encode() in r.stderr
    assert b"--format oneshot" in r.stderr
    r = encrypt("--format", "oneshot", "--chunk-size", "1k", stdin=b"x")
    assert r.returncode == 2 and b"only a stream has chunks" in r.stderr


def sealed_stream(size: int = 1000, chunk: int = 64) -> bytes:
    return lwcrypto.stream.encrypt(AEAD, KEY, os.urandom(size), chunk)


@pytest.mark.parametrize("damage", ["cut at a chunk boundary", "cut inside a chunk",
                                    "chunk removed", "chunks swapped", "bytes appended",
                                    "header changed", "tag flipped"])
def test_a_damaged_stream_writes_no_file_and_exits_1(tmp_path, damage):
    s = sealed_stream()
    body, step = s[HEADER:], 64 + TAG
    chunks = [body[i:i + step] for i in range(0, len(body), step)]
    damaged = {
        "cut at a chunk boundary": lambda: s[:HEADER + 3 * step],
        "cut inside a chunk": lambda: s[:HEADER + 3 * step + 10],
        "chunk removed": lambda: s[:HEADER] + b"".join(chunks[:2] + chunks[3:]),
        "chunks swapped": lambda: s[:HEADER] + b"".join([chunks[1], chunks[0]] + chunks[2:]),
        "bytes appended": lambda: s + b"\0",
        "header changed": lambda: s[:20] + bytes([s[20] ^ 1]) + s[21:],
        "tag flipped": lambda: s[:-1] + bytes([s[-1] ^ 1]),
    }[damage]()
    (tmp_path / "bad").write_bytes(damaged)
    (tmp_path / "out").write_bytes(b"kept")
    r = decrypt("bad", "-o", "out", "--force", cwd=tmp_path)
    assert r.returncode == 1 and b"nothing written" in r.stderr
    assert b"verification failed" in r.stderr or b"truncated" in r.stderr
    assert (tmp_path / "out").read_bytes() == b"kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad", "out"]  # no temporary file


def test_on_stdout_the_verified_chunks_before_a_failure_are_written_and_said():
    message = os.urandom(1000)
    s = lwcrypto.stream.encrypt(AEAD, KEY, message, 64)
    cut = s[:HEADER + 5 * (64 + TAG)]  # five whole chunks, the rest missing
    r = decrypt(stdin=cut)
    assert r.returncode == 1
    assert r.stdout == message[:4 * 64]  # the fifth, taken for the final one, fails
    assert b"the chunks before the failing one were written to stdout" in r.stderr


def test_hex_streams_round_trip_with_any_line_breaks():
    message = os.urandom(3000)
    r = encrypt("--hex", "--chunk-size", "256", stdin=message)
    assert r.returncode == 0 and r.stdout.endswith(b"\n") and r.stdout.count(b"\n") == 1
    assert bytes.fromhex(r.stdout.decode()).startswith(lwcrypto.stream.MAGIC)
    wrapped = b"\n".join(r.stdout[i:i + 64] for i in range(0, len(r.stdout), 64))
    # Whitespace before the hex too, as anywhere else in hex input (issue 29).
    for text in (r.stdout, wrapped, r.stdout.upper(), b"\n" + r.stdout, b" \t\n " + wrapped):
        back = decrypt("--hex", stdin=text)
        assert back.returncode == 0 and back.stdout == message


def test_range_reads_the_slice_a_python_user_would_expect(tmp_path):
    message = os.urandom(5000)
    (tmp_path / "s").write_bytes(lwcrypto.stream.encrypt(AEAD, KEY, message, 256))
    for start, end in [(0, 1), (255, 257), (1000, 3000), (4990, 5000), (4990, 9999), (0, 5000),
                       (5000, 6000), (7, 7)]:
        r = decrypt("--range", f"{start}:{end}", "s", cwd=tmp_path)
        assert r.returncode == 0 and r.stdout == message[start:end], (start, end)
    assert decrypt("--range", "4000:", "s", cwd=tmp_path).stdout == message[4000:]
    assert decrypt("--range", ":100", "s", cwd=tmp_path).stdout == message[:100]


def test_range_is_refused_where_it_cannot_work(tmp_path):
    s = sealed_stream()
    (tmp_path / "s").write_bytes(s)
    r = decrypt("--range", "0:10", stdin=s)
    assert r.returncode == 2 and b"--range reads a stream from a file" in r.stderr
    r = decrypt("--range", "10", "s", cwd=tmp_path)
    assert r.returncode == 2 and b"START:END" in r.stderr
    damaged = bytearray(s)
    damaged[HEADER + 2] ^= 1  # in chunk 0
    (tmp_path / "bad").write_bytes(damaged)
    assert decrypt("--range", "100:200", "bad", cwd=tmp_path).returncode == 0  # chunk 0 unread
    r = decrypt("--range", "0:200", "bad", cwd=tmp_path)
    assert r.returncode == 1 and r.stdout == b"" and b"verification failed" in r.stderr


def test_a_range_reaching_the_end_of_a_cut_file_fails(tmp_path):
    """Issue 29: "everything after offset N" of a file cut at N is a failure, not nothing."""
    s = lwcrypto.stream.encrypt(AEAD, KEY, os.urandom(1000), 64)
    (tmp_path / "cut").write_bytes(s[:HEADER + 5 * (64 + TAG)])
    (tmp_path / "noise").write_bytes(s[:HEADER] + os.urandom(16))
    for args in (["--range", "320:", "cut"], ["--range", "5000:", "cut"], ["--range", "0:", "noise"]):
        r = decrypt(*args, cwd=tmp_path)
        assert r.returncode == 1 and r.stdout == b"" and b"verification failed" in r.stderr, args
        assert b"nothing written" in r.stderr, args


@pytest.mark.parametrize("name, make", [
    ("header only", lambda s: s[:HEADER]),
    ("a tag cut short", lambda s: s[:HEADER + TAG - 3]),
    ("chunk size 0", lambda s: s[:8] + bytes(4) + s[12:]),
    ("version 2", lambda s: s[:7] + b"\x02" + s[8:]),
])
def test_a_malformed_or_cut_stream_exits_1_in_every_mode(tmp_path, name, make):
    """decrypt and decrypt --range agree: exit 1, "nothing written" (issue 29)."""
    (tmp_path / "s").write_bytes(make(sealed_stream()))
    for extra in ([], ["--range", "0:"], ["--range", "10:20"]):
        r = decrypt(*extra, "-o", "out", "s", cwd=tmp_path)
        assert r.returncode == 1 and b"nothing written" in r.stderr, (name, extra, r.stderr)
        assert not (tmp_path / "out").exists()
        if name == "version 2":
            assert b"unsupported stream format version" in r.stderr


def test_a_range_takes_constant_memory(tmp_path):
    """A genuine header before a sparse 1 GiB hole: --range 0: verifies and writes chunk by
    chunk (it held the whole range before: 845 MiB), and fails at the hole."""
    path = tmp_path / "h"
    path.write_bytes(sealed_stream())
    os.truncate(path, 1 << 30)
    code = ("import resource, subprocess, sys\n"
            "r = subprocess.run(sys.argv[1:], capture_output=True)\n"
            "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    r = subprocess.run([sys.executable, "-c", code, *LWC, "decrypt", *OPTS, "--range", "0:",
                        "-o", str(tmp_path / "out"), str(path)], capture_output=True, env=ENV,
                       timeout=300)
    status, peak_kib = map(int, r.stdout.split())
    assert status == 1 and peak_kib < 100 * 1024, (status, peak_kib)
    assert not (tmp_path / "out").exists()


def test_input_without_the_magic_is_read_whole_only_up_to_a_bound(tmp_path):
    """A stream whose first byte was damaged is no longer read whole as a one-shot message
    (1.56 GiB for a 512 MiB file): over 16 MiB, decrypt refuses and names --format oneshot."""
    big = tmp_path / "big"
    with big.open("wb") as f:
        f.truncate((16 << 20) + 1)
    r = decrypt("big", cwd=tmp_path)
    assert r.returncode == 1 and b"--format oneshot" in r.stderr and b"16 MiB" in r.stderr
    r = decrypt("--format", "oneshot", "big", cwd=tmp_path)  # read whole: the tag fails
    assert r.returncode == 1 and b"verification failed" in r.stderr
    small = tmp_path / "small"
    small.write_bytes(bytes(1 << 20))
    r = decrypt("small", cwd=tmp_path)  # read as a one-shot message
    assert r.returncode == 1 and b"verification failed" in r.stderr


def test_decrypt_names_the_scheme_of_another_stream():
    s = lwcrypto.stream.encrypt("ascon-aead128", KEY, b"m")
    r = decrypt(stdin=s)
    assert r.returncode == 2 and b"the stream is for ascon-aead128, not xoodyak" in r.stderr


PEAK_RSS = """
import resource, subprocess, sys
size, command = int(sys.argv[1]), sys.argv[2:]
p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
block = bytes(1 << 20)
for _ in range(size >> 20):
    p.stdin.write(block)
p.stdin.close()
assert p.wait() == 0
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)  # KiB
"""


def test_encrypting_a_pipe_takes_constant_memory():
    """256 MiB through a pipe: the peak resident set stays that of a small input."""
    def peak(size):
        r = subprocess.run([sys.executable, "-c", PEAK_RSS, str(size), *LWC, "encrypt", *OPTS],
                           capture_output=True, env=ENV, timeout=300)
        assert r.returncode == 0, r.stderr
        return int(r.stdout)
    small, large = peak(1 << 20), peak(256 << 20)
    assert large < small + 16 * 1024, (small, large)  # KiB
