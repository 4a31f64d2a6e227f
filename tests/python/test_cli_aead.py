# SPDX-License-Identifier: MIT
"""lwc keygen, encrypt and decrypt: the formats, the key sources, refusals (the stream's own
cases: test_cli_stream.py)."""

from __future__ import annotations

import os
import pty
import re
import subprocess

import pytest
from cli_helpers import AEAD, KEY_HEX_WARNING, LWC, MODULE, first_record, key_file, run  # noqa: F401

import lwcrypto
import lwcrypto.stream


# --- keygen -------------------------------------------------------------------------------------

def test_keygen_prints_fresh_hex_keys_and_writes_private_files(tmp_path):
    for name in lwcrypto.aead_algorithms:
        key = run("keygen", "-a", name).stdout
        assert len(bytes.fromhex(key.decode())) == lwcrypto.aead(name).key_size
    assert len({run("keygen", "-a", AEAD).stdout for _ in range(2)}) == 2
    assert run("keygen", "-a", AEAD, "-o", tmp_path / "k").returncode == 0
    assert (tmp_path / "k").stat().st_mode & 0o777 == 0o600


def test_keygen_replaces_a_key_file_only_with_force(tmp_path):
    path = tmp_path / "k"
    run("keygen", "-a", AEAD, "-o", path)
    old = path.read_bytes()
    r = run("keygen", "-a", AEAD, "-o", path)
    assert r.returncode == 2 and r.stderr == f"lwc: {path} exists; use --force to overwrite it\n" \
        .encode() and path.read_bytes() == old
    assert "--force" in run("keygen", "--help").stdout.decode()  # the advice can be followed
    r = run("keygen", "-a", AEAD, "-o", path, "--force")
    assert r.returncode == 0 and path.read_bytes() != old and len(path.read_bytes()) == 33
    assert path.stat().st_mode & 0o777 == 0o600


# --- encrypt, decrypt ---------------------------------------------------------------------------

def test_encrypt_matches_the_official_kat_for_every_aead():
    for name in lwcrypto.aead_algorithms:
        rec = first_record(name)
        r = run("encrypt", "--format", "oneshot", "-a", name, "--key-hex", rec["Key"], "--nonce-hex", rec["Nonce"],
                "--ad-hex", rec["AD"], stdin=bytes.fromhex(rec["PT"]))
        assert r.returncode == 0 and r.stdout == bytes.fromhex(rec["CT"]), name


def encrypt_file(tmp_path, name: str, *options, cmd=LWC):
    """(class, key, env, output) of lwc encrypt on tmp_path/msg with a fresh key."""
    cls = lwcrypto.aead(name)
    key = cls.generate_key()
    env = {**os.environ, "KEY": key.hex()}
    r = run("encrypt", *options, "-a", name, "--key-env", "KEY", "msg", "-o", f"{name}.enc",
            cmd=cmd, cwd=tmp_path, env=env)
    assert r.returncode == 0 and r.stdout == b"" and r.stderr == b""
    return cls, key, env, (tmp_path / f"{name}.enc").read_bytes()


@pytest.mark.parametrize("cmd", [LWC, MODULE], ids=["lwc", "python-m"])
def test_round_trip_every_aead_as_a_stream(tmp_path, cmd):
    message = os.urandom(1000)
    (tmp_path / "msg").write_bytes(message)
    for name in lwcrypto.aead_algorithms:
        cls, key, env, sealed = encrypt_file(tmp_path, name, cmd=cmd)
        assert sealed.startswith(lwcrypto.stream.MAGIC)
        assert len(sealed) == 77 + len(name) + len(message) + cls.tag_size  # one chunk
        assert lwcrypto.stream.decrypt(key, sealed, aead=name) == message
        r = run("decrypt", "-a", name, "--key-env", "KEY", f"{name}.enc", cmd=cmd, cwd=tmp_path,
                env=env)
        assert r.returncode == 0 and r.stdout == message


def test_round_trip_every_aead_as_one_message_with_a_random_nonce(tmp_path):
    message = os.urandom(1000)
    (tmp_path / "msg").write_bytes(message)
    for name in lwcrypto.aead_algorithms:
        cls, key, env, sealed = encrypt_file(tmp_path, name, "--format", "oneshot")
        assert len(sealed) == cls.nonce_size + len(message) + cls.tag_size  # nonce || ct || tag
        assert cls(key).decrypt(sealed[:cls.nonce_size], sealed[cls.nonce_size:], b"") == message
        # decrypt tells the one-shot format from a stream by the header, or is told
        for how in ([], ["--format", "oneshot"]):
            r = run("decrypt", *how, "-a", name, "--key-env", "KEY", f"{name}.enc",
                    cwd=tmp_path, env=env)
            assert r.returncode == 0 and r.stdout == message


def test_random_nonces_differ(key_file):
    outs = {run("encrypt", "-a", AEAD, "--key-file", key_file, stdin=b"m").stdout
            for _ in range(2)}
    assert len(outs) == 2


def test_hex_output_and_ad_file_round_trip(tmp_path, key_file):
    (tmp_path / "ad").write_bytes(b"header")
    opts = ["-a", AEAD, "--key-file", key_file, "--ad-file", tmp_path / "ad", "--hex"]
    sealed = run("encrypt", "--format", "oneshot", *opts, stdin=b"hello").stdout
    assert re.fullmatch(rb"[0-9a-f]+\n", sealed)
    assert run("decrypt", *opts, stdin=sealed).stdout == b"hello"
    r = run("decrypt", *opts[:-3], "--hex", stdin=sealed)  # the AD left out
    assert r.returncode == 1 and r.stdout == b""


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
    sealed = bytearray(run("encrypt", "--format", "oneshot", *opts, stdin=b"secret").stdout)
    assert len(sealed) == 16 + 6 + 16  # nonce 16, ct 6, tag 16
    sealed[at] ^= 0x80
    r = run("decrypt", *opts, stdin=bytes(sealed))
    assert r.returncode == 1 and r.stdout == b""
    assert r.stderr.startswith(b"lwc: verification failed: ")


def test_encrypt_refuses_raw_binary_to_a_terminal(key_file):
    for output in ([], ["-o", "/dev/stdout"]):
        leader, follower = pty.openpty()
        try:
            r = subprocess.run(LWC + ["encrypt", "-a", AEAD, "--key-file", str(key_file)]
                               + output, input=b"m", stdout=follower, stderr=subprocess.PIPE,
                               timeout=60)
        finally:
            os.close(follower)
            os.close(leader)
        assert r.returncode == 2 and b"--hex" in r.stderr


# --- key sources --------------------------------------------------------------------------------

def test_key_file_may_hold_raw_bytes(tmp_path):
    key = os.urandom(16)
    (tmp_path / "raw").write_bytes(key)
    sealed = run("encrypt", "--format", "oneshot", "-a", AEAD, "--key-file", "raw", "--nonce-hex", "00" * 16,
                 stdin=b"m", cwd=tmp_path).stdout
    assert sealed == lwcrypto.aead(AEAD)(key).encrypt(bytes(16), b"m", b"")


def expected_sealed(key: bytes) -> bytes:
    return lwcrypto.aead(AEAD)(key).encrypt(bytes(16), b"m", b"")


def test_key_from_an_environment_variable():
    key = os.urandom(16)
    env = {**os.environ, "LWC_KEY": f" {key.hex().upper()}\n"}  # as $(lwc keygen) gives, or so
    r = run("encrypt", "--format", "oneshot", "-a", AEAD, "--key-env", "LWC_KEY", "--nonce-hex", "00" * 16,
            stdin=b"m", env=env)
    assert r.returncode == 0 and r.stdout == expected_sealed(key) and r.stderr == b""


@pytest.mark.parametrize("value, error", [
    (None, "--key-env LWC_KEY: no such environment variable"),
    ("00" * 15, "wrong key size: xoodyak expects 16 bytes, $LWC_KEY gives 15"),
    ("zz" * 16, "$LWC_KEY (--key-env) is not hexadecimal"),
    ("0" * 31, "$LWC_KEY (--key-env) has an odd number of hex digits (31)"),
])
def test_key_env_errors_name_the_variable(value, error):
    env = {k: v for k, v in os.environ.items() if k != "LWC_KEY"}
    if value is not None:
        env["LWC_KEY"] = value
    r = run("encrypt", "-a", AEAD, "--key-env", "LWC_KEY", stdin=b"m", env=env)
    assert r.returncode == 2 and r.stdout == b"" and r.stderr == f"lwc: {error}\n".encode()


def test_key_file_from_an_open_descriptor(tmp_path):
    key = os.urandom(16)
    read_end, write_end = os.pipe()
    os.write(write_end, key.hex().encode() + b"\n")
    os.close(write_end)
    try:
        r = subprocess.run(LWC + ["encrypt", "--format", "oneshot", "-a", AEAD, "--key-file", f"/dev/fd/{read_end}",
                                  "--nonce-hex", "00" * 16], input=b"m", capture_output=True,
                           pass_fds=[read_end], timeout=60)
    finally:
        os.close(read_end)
    assert r.returncode == 0 and r.stdout == expected_sealed(key) and r.stderr == b""


def test_key_hex_works_with_a_warning():
    key = os.urandom(16)
    r = run("encrypt", "--format", "oneshot", "-a", AEAD, "--key-hex", key.hex(), "--nonce-hex", "00" * 16, stdin=b"m")
    assert r.returncode == 0 and r.stdout == expected_sealed(key)
    assert r.stderr.startswith(KEY_HEX_WARNING) and r.stderr.count(b"\n") == 1


def test_only_one_key_source():
    r = run("encrypt", "-a", AEAD, "--key-env", "K", "--key-hex", "00" * 16, stdin=b"m")
    assert r.returncode == 2 and b"not allowed with argument" in r.stderr


# --- bad input ----------------------------------------------------------------------------------

def test_size_and_input_errors_say_what_is_wrong(tmp_path, key_file):
    r = run("encrypt", "-a", AEAD, "--key-hex", "00" * 15, stdin=b"m")
    assert r.returncode == 2 and b"expects 16" in r.stderr and b"gives 15" in r.stderr
    r = run("encrypt", "--format", "oneshot", "-a", AEAD, "--key-file", key_file, "--nonce-hex", "00", stdin=b"m")
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
    r = run("encrypt", "--format", "oneshot", "-a", AEAD, *key, option, value, stdin=b"m")
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.splitlines()[-1] == f"lwc: {error}".encode()
    r = run("decrypt", "-a", AEAD, "--key-hex", "00" * 16, "--hex", stdin=b"0" * 65)
    assert r.returncode == 2
    assert r.stderr.splitlines()[-1] == \
        b"lwc: stdin (read as --hex) has an odd number of hex digits (65)"


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
    ["encrypt", "-a", AEAD, "--key-file", "{missing}"],
    ["encrypt", "--format", "oneshot", "-a", AEAD, "--key-file", "{key}", "--ad-file", "{missing}"],
    ["decrypt", "-a", AEAD, "--key-file", "{key}", "{dir}"],
], ids=["kat-missing", "kat-dir", "check-missing", "key-file-dir", "key-file-missing",
        "ad-file-missing", "input-dir"])
def test_unreadable_files_are_named(tmp_path, args):
    (tmp_path / "dir").mkdir()
    (tmp_path / "key").write_text("00" * 16)
    paths = {"missing": tmp_path / "missing", "dir": tmp_path / "dir", "key": tmp_path / "key"}
    r = run(*[a.format(**paths) for a in args], stdin=b"m")
    which = "missing" if "{missing}" in args else "dir"
    why = "No such file or directory" if which == "missing" else "Is a directory"
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr == f"lwc: cannot read {paths[which]}: {why}\n".encode()
