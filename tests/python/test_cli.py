"""The lwc command, run as users run it: the installed console script (and python -m lwcrypto)
in a subprocess, checked for its output, its exit status (0 ok, 1 verification failed,
2 usage or input error) and for leaving nothing behind on failure."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import lwcrypto
from lwcrypto import cli

KAT_DIR = Path(__file__).resolve().parents[1] / "kat"
LWC = [str(Path(sys.executable).with_name("lwc"))]
MODULE = [sys.executable, "-m", "lwcrypto"]
AEAD = "xoodyak"


def run(*args, stdin: bytes = b"", cmd=LWC, cwd=None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd + [str(a) for a in args], input=stdin, capture_output=True,
                          cwd=cwd, env=env, timeout=120)


def first_record(name: str) -> dict:
    """The first record of a scheme's official KAT file, values as hex strings."""
    text = (KAT_DIR / f"{name}.txt").read_text().split("\n\n")[0]
    return dict(re.findall(r"^(\w+) = ?(\w*)$", text, re.M))


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    path = tmp_path / "key"
    assert run("keygen", "-a", AEAD, "-o", path).returncode == 0
    return path


def test_console_script_is_installed():
    assert Path(LWC[0]).is_file(), "pip install the package: it installs the lwc command"


# --- list, usage ------------------------------------------------------------------------------

@pytest.mark.parametrize("cmd", [LWC, MODULE], ids=["lwc", "python-m"])
def test_list_shows_every_scheme_with_kind_and_sizes(cmd):
    r = run("list", cmd=cmd)
    assert r.returncode == 0 and r.stderr == b""
    lines = r.stdout.decode().splitlines()
    for name in lwcrypto.aead_algorithms:
        cls = lwcrypto.aead(name)
        assert f"{name} aead {cls.key_size} {cls.nonce_size} {cls.tag_size}" in \
            [" ".join(line.split()) for line in lines]
    for name in lwcrypto.hash_algorithms:
        assert f"{name} hash {lwcrypto.new(name).digest_size}" in \
            [" ".join(line.split()) for line in lines]


def test_list_json_matches_the_api():
    rows = json.loads(run("list", "--json").stdout)
    assert [r["name"] for r in rows] == list(lwcrypto.algorithms)
    for r in rows:
        if r["kind"] == "aead":
            assert r["key_size"] == lwcrypto.aead(r["name"]).key_size
        else:
            assert r["digest_size"] == lwcrypto.new(r["name"]).digest_size


def test_usage_errors_exit_2():
    assert run().returncode == 2
    assert run("frobnicate").returncode == 2
    assert run("--version").stdout.startswith(b"lwc ")


def test_unknown_scheme_lists_the_known_ones():
    r = run("hash", "-a", "sha1")
    assert r.returncode == 2 and r.stdout == b""
    err = r.stderr.decode()
    assert "sha1" in err and all(name in err for name in lwcrypto.hash_algorithms)
    r = run("hash", "-a", AEAD)
    assert r.returncode == 2 and "AEAD" in r.stderr.decode()
    r = run("keygen", "-a", "esch256")
    assert r.returncode == 2 and all(n in r.stderr.decode() for n in lwcrypto.aead_algorithms)


# --- hash -------------------------------------------------------------------------------------

def test_hash_matches_the_official_kat_for_every_hash(tmp_path):
    for name in lwcrypto.hash_algorithms:
        record = first_record(name)
        (tmp_path / "m").write_bytes(bytes.fromhex(record["Msg"]))
        r = run("hash", "-a", name, "m", cwd=tmp_path)
        assert r.returncode == 0 and r.stdout == f"{record['MD'].lower()}  m\n".encode()


def test_hash_default_scheme_stdin_and_dash(tmp_path):
    data = b"abc" * 1000
    (tmp_path / "f").write_bytes(data)
    expected = lwcrypto.new(cli.DEFAULT_HASH, data).hexdigest()
    r = run("hash", "f", "-", stdin=data, cwd=tmp_path)
    assert r.stdout.decode() == f"{expected}  f\n{expected}  -\n"
    assert run("hash", stdin=data).stdout.decode() == f"{expected}  -\n"


def test_hash_streams_files_larger_than_a_chunk(tmp_path):
    data = os.urandom(2 * cli.CHUNK + 12345)
    (tmp_path / "big").write_bytes(data)
    r = run("hash", "-a", "esch256", "big", cwd=tmp_path)
    assert r.stdout.split()[0].decode() == lwcrypto.new("esch256", data).hexdigest()
    assert r.stderr == b""  # no progress indicator when stderr is not a terminal


def test_hash_unreadable_file_is_named_and_the_others_still_hashed(tmp_path):
    (tmp_path / "ok").write_bytes(b"x")
    r = run("hash", "missing", "ok", cwd=tmp_path)
    assert r.returncode == 2
    assert b"missing" in r.stderr and r.stdout.endswith(b"  ok\n")


def test_hash_check_round_trip(tmp_path):
    names = ["a", "with space", "back\\slash", "new\nline"]
    for i, name in enumerate(names):
        (tmp_path / name).write_bytes(b"content %d" % i)
    listing = run("hash", "-a", "esch384", *names, cwd=tmp_path).stdout
    (tmp_path / "SUMS").write_bytes(listing)
    r = run("hash", "-a", "esch384", "--check", "SUMS", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.count(b": OK\n") == len(names)

    (tmp_path / "a").write_bytes(b"changed")
    os.remove(tmp_path / "with space")
    r = run("hash", "-a", "esch384", "-c", "SUMS", cwd=tmp_path)
    assert r.returncode == 1
    assert b"a: FAILED\n" in r.stdout and b"with space: FAILED open or read\n" in r.stdout
    assert r.stdout.count(b": OK\n") == 2
    assert run("hash", "-a", "esch384", "-c", "-", "--quiet", stdin=listing,
               cwd=tmp_path).stdout.count(b"OK") == 0


def test_hash_check_rejects_a_malformed_listing(tmp_path):
    (tmp_path / "SUMS").write_text("0" * 64 + "  a\nnot a digest line\n")
    r = run("hash", "--check", "SUMS", cwd=tmp_path)
    assert r.returncode == 2 and b"SUMS:2" in r.stderr and r.stdout == b""
    r = run("hash", "-a", "esch384", "--check", "SUMS", cwd=tmp_path)  # 64 digits, not 96
    assert r.returncode == 2 and b"SUMS:1" in r.stderr


# --- keygen, encrypt, decrypt -----------------------------------------------------------------

def test_keygen_prints_fresh_hex_keys_and_writes_private_files(tmp_path):
    for name in lwcrypto.aead_algorithms:
        key = run("keygen", "-a", name).stdout
        assert len(bytes.fromhex(key.decode())) == lwcrypto.aead(name).key_size
    assert len({run("keygen", "-a", AEAD).stdout for _ in range(2)}) == 2
    assert run("keygen", "-a", AEAD, "-o", tmp_path / "k").returncode == 0
    assert (tmp_path / "k").stat().st_mode & 0o777 == 0o600
    r = run("keygen", "-a", AEAD, "-o", tmp_path / "k")
    assert r.returncode == 2 and b"exists" in r.stderr


def test_encrypt_matches_the_official_kat_for_every_aead():
    for name in lwcrypto.aead_algorithms:
        rec = first_record(name)
        r = run("encrypt", "-a", name, "--key-hex", rec["Key"], "--nonce-hex", rec["Nonce"],
                "--ad-hex", rec["AD"], stdin=bytes.fromhex(rec["PT"]))
        assert r.returncode == 0 and r.stdout == bytes.fromhex(rec["CT"]), name


@pytest.mark.parametrize("cmd", [LWC, MODULE], ids=["lwc", "python-m"])
def test_round_trip_every_aead_with_a_random_nonce(tmp_path, cmd):
    message = os.urandom(1000)
    (tmp_path / "msg").write_bytes(message)
    for name in lwcrypto.aead_algorithms:
        cls = lwcrypto.aead(name)
        key = cls.generate_key().hex()
        r = run("encrypt", "-a", name, "--key-hex", key, "msg", "-o", f"{name}.enc",
                cmd=cmd, cwd=tmp_path)
        assert r.returncode == 0 and r.stdout == b""
        sealed = (tmp_path / f"{name}.enc").read_bytes()
        assert len(sealed) == cls.nonce_size + len(message) + cls.tag_size  # nonce || ct || tag
        assert cls(bytes.fromhex(key)).decrypt(sealed[:cls.nonce_size], sealed[cls.nonce_size:],
                                               b"") == message
        r = run("decrypt", "-a", name, "--key-hex", key, f"{name}.enc", cmd=cmd, cwd=tmp_path)
        assert r.returncode == 0 and r.stdout == message


def test_random_nonces_differ(key_file):
    outs = {run("encrypt", "-a", AEAD, "--key-file", key_file, stdin=b"m").stdout
            for _ in range(2)}
    assert len(outs) == 2


def test_hex_output_and_ad_file_round_trip(tmp_path, key_file):
    (tmp_path / "ad").write_bytes(b"header")
    opts = ["-a", AEAD, "--key-file", key_file, "--ad-file", tmp_path / "ad", "--hex"]
    sealed = run("encrypt", *opts, stdin=b"hello").stdout
    assert re.fullmatch(rb"[0-9a-f]+\n", sealed)
    assert run("decrypt", *opts, stdin=sealed).stdout == b"hello"
    r = run("decrypt", *opts[:-3], "--hex", stdin=sealed)  # the AD left out
    assert r.returncode == 1 and r.stdout == b""


def test_key_file_may_hold_raw_bytes(tmp_path):
    key = os.urandom(16)
    (tmp_path / "raw").write_bytes(key)
    sealed = run("encrypt", "-a", AEAD, "--key-file", "raw", "--nonce-hex", "00" * 16,
                 stdin=b"m", cwd=tmp_path).stdout
    assert sealed == lwcrypto.aead(AEAD)(key).encrypt(bytes(16), b"m", b"")


def test_failed_decryption_writes_nothing_and_exits_1(tmp_path, key_file):
    opts = ["-a", AEAD, "--key-file", key_file]
    sealed = bytearray(run("encrypt", *opts, stdin=b"secret" * 100).stdout)
    sealed[-1] ^= 1
    (tmp_path / "bad").write_bytes(sealed)
    r = run("decrypt", *opts, "bad", cwd=tmp_path)
    assert r.returncode == 1 and r.stdout == b"" and b"verification failed" in r.stderr
    r = run("decrypt", *opts, "bad", "-o", "out", cwd=tmp_path)
    assert r.returncode == 1 and not (tmp_path / "out").exists()
    (tmp_path / "out").write_bytes(b"kept")
    r = run("decrypt", *opts, "bad", "-o", "out", "--force", cwd=tmp_path)
    assert r.returncode == 1 and (tmp_path / "out").read_bytes() == b"kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad", "key", "out"]  # no temp file


@pytest.mark.parametrize("part, at", [("nonce", 0), ("ciphertext", 16), ("tag", -1)])
def test_any_changed_part_is_refused(tmp_path, key_file, part, at):
    opts = ["-a", AEAD, "--key-file", key_file]
    sealed = bytearray(run("encrypt", *opts, stdin=b"secret").stdout)  # nonce 16, ct 6, tag 16
    sealed[at] ^= 0x80
    r = run("decrypt", *opts, stdin=bytes(sealed))
    assert r.returncode == 1 and r.stdout == b""
    assert r.stderr.startswith(b"lwc: verification failed: ")


def test_existing_output_is_kept_without_force(tmp_path, key_file):
    (tmp_path / "out").write_bytes(b"kept")
    opts = ["-a", AEAD, "--key-file", key_file, "-o", "out"]
    r = run("encrypt", *opts, stdin=b"m", cwd=tmp_path)
    assert r.returncode == 2 and b"--force" in r.stderr
    assert (tmp_path / "out").read_bytes() == b"kept"
    assert run("encrypt", *opts, "--force", stdin=b"m", cwd=tmp_path).returncode == 0
    assert run("decrypt", *opts[:-2], "out", stdin=b"m", cwd=tmp_path).stdout == b"m"
    r = run("decrypt", *opts, "out", cwd=tmp_path)  # refused before decrypting
    assert r.returncode == 2 and r.stderr == b"lwc: out exists; use --force to overwrite it\n"
    r = run("encrypt", *opts[:-1], "no/such/dir/out", stdin=b"m", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr == b"lwc: cannot write no/such/dir/out: No such file or directory\n"


def test_size_and_input_errors_say_what_is_wrong(tmp_path, key_file):
    r = run("encrypt", "-a", AEAD, "--key-hex", "00" * 15, stdin=b"m")
    assert r.returncode == 2 and b"expects 16" in r.stderr and b"gives 15" in r.stderr
    r = run("encrypt", "-a", AEAD, "--key-file", key_file, "--nonce-hex", "00", stdin=b"m")
    assert r.returncode == 2 and b"nonce" in r.stderr and b"gives 1" in r.stderr
    r = run("encrypt", "-a", AEAD, "--key-hex", "zz", stdin=b"m")
    assert r.returncode == 2 and b"--key-hex" in r.stderr
    r = run("encrypt", "-a", AEAD, "--key-file", tmp_path / "nokey", stdin=b"m")
    assert r.returncode == 2 and b"nokey" in r.stderr
    r = run("encrypt", "-a", AEAD, "--key-file", key_file, tmp_path / "nomsg")
    assert r.returncode == 2 and b"nomsg" in r.stderr and r.stdout == b""
    r = run("decrypt", "-a", AEAD, "--key-file", key_file, stdin=b"short")
    assert r.returncode == 2 and b"too short" in r.stderr
    r = run("decrypt", "-a", AEAD, "--key-file", key_file, "--hex", stdin=b"not hex")
    assert r.returncode == 2 and r.stdout == b""
    r = run("encrypt", "-a", AEAD, stdin=b"m")  # no key
    assert r.returncode == 2
    r = run("encrypt", "-a", AEAD, "--key-file", "-", stdin=b"00" * 16)  # stdin twice
    assert r.returncode == 2 and b"stdin" in r.stderr


@pytest.mark.parametrize("option, value, error", [
    ("--key-hex", "abc", "--key-hex has an odd number of hex digits (3)"),
    ("--key-hex", "00" * 15 + "zz", "--key-hex is not hexadecimal"),
    ("--nonce-hex", "0" * 31, "--nonce-hex has an odd number of hex digits (31)"),
    ("--ad-hex", "0x01", "--ad-hex is not hexadecimal"),
])
def test_wrong_hex_is_named(option, value, error):
    key = [] if option == "--key-hex" else ["--key-hex", "00" * 16]
    r = run("encrypt", "-a", AEAD, *key, option, value, stdin=b"m")
    assert r.returncode == 2 and r.stdout == b"" and r.stderr == f"lwc: {error}\n".encode()
    r = run("decrypt", "-a", AEAD, "--key-hex", "00" * 16, "--hex", stdin=b"0" * 65)
    assert r.returncode == 2
    assert r.stderr == b"lwc: stdin (read as --hex) has an odd number of hex digits (65)\n"


def test_key_file_of_the_wrong_size_or_content(tmp_path):
    (tmp_path / "text").write_bytes(b"not a key\n")
    r = run("encrypt", "-a", AEAD, "--key-file", "text", stdin=b"m", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr == b"lwc: text: neither a key of 16 raw bytes nor hex\n"
    (tmp_path / "long").write_text("00" * 32 + "\n")  # a 32-byte key, for another scheme
    r = run("encrypt", "-a", AEAD, "--key-file", "long", stdin=b"m", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr == b"lwc: wrong key size: xoodyak expects 16 bytes, long gives 32\n"


@pytest.mark.parametrize("args", [
    ["kat", "-a", AEAD, "{missing}"],
    ["kat", "-a", AEAD, "{dir}"],
    ["hash", "--check", "{missing}"],
    ["encrypt", "-a", AEAD, "--key-file", "{dir}"],
    ["encrypt", "-a", AEAD, "--key-hex", "00" * 16, "--ad-file", "{missing}"],
    ["decrypt", "-a", AEAD, "--key-hex", "00" * 16, "{dir}"],
], ids=["kat-missing", "kat-dir", "check-missing", "key-file-dir", "ad-file-missing",
        "input-dir"])
def test_unreadable_files_are_named(tmp_path, args):
    (tmp_path / "dir").mkdir()
    paths = {"missing": tmp_path / "missing", "dir": tmp_path / "dir"}
    r = run(*[a.format(**paths) for a in args], stdin=b"m")
    which = "missing" if "{missing}" in args else "dir"
    why = "No such file or directory" if which == "missing" else "Is a directory"
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr == f"lwc: cannot read {paths[which]}: {why}\n".encode()


def test_encrypt_refuses_raw_binary_to_a_terminal(key_file):
    leader, follower = pty.openpty()
    try:
        r = subprocess.run(LWC + ["encrypt", "-a", AEAD, "--key-file", str(key_file)],
                           input=b"m", stdout=follower, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(follower)
        os.close(leader)
    assert r.returncode == 2 and b"--hex" in r.stderr


# --- kat --------------------------------------------------------------------------------------

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


# --- bench, progress --------------------------------------------------------------------------

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


def test_bench_without_cryptography_still_runs(tmp_path):
    blocker = tmp_path / "cryptography"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('hidden for this test')\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    r = run("bench", "-a", AEAD, "--sizes", "64", "--time", "0.01", env=env)
    assert r.returncode == 0 and b"cryptography is not installed" in r.stderr
    assert AEAD.encode() in r.stdout and b"aes-128-gcm" not in r.stdout


def test_bench_plot(tmp_path):
    pytest.importorskip("matplotlib")
    r = run("bench", "-a", AEAD, "--sizes", "64", "256", "--time", "0.01", "--plot",
            tmp_path / "b.png")
    assert r.returncode == 0
    assert (tmp_path / "b.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_on_a_terminal_only_after_the_delay():
    term = FakeTerminal()
    with cli.Progress("hashing f", total=4 << 20, stream=term, delay=0, interval=0.01,
                      since=time.monotonic()) as p:
        p.advance(1 << 20)
        deadline = time.monotonic() + 10
        while "1 MiB/4 MiB" not in term.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
    out = term.getvalue()
    assert "hashing f" in out and "1 MiB/4 MiB" in out and out.endswith("\r\x1b[K")

    quick = FakeTerminal()
    with cli.Progress("hashing f", stream=quick, delay=5, since=time.monotonic()):
        pass
    assert quick.getvalue() == ""


def test_progress_line_fits_the_terminal():
    p = cli.Progress("hashing " + "long/" * 40 + "name", total=100, stream=io.StringIO())
    p.advance(50)
    line = p.line(60)
    assert len(line) == 60 and line.startswith("...") and "name [##########" in line
