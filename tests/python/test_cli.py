# SPDX-License-Identifier: MIT
"""The lwc command as a whole: the console script, list, usage errors, scheme names,
write errors on stdout and closed descriptors, and the progress line. Each command has
its own file: test_cli_hash.py, test_cli_aead.py (keygen, encrypt, decrypt),
test_cli_output.py (-o and signals), test_cli_kat_bench.py."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cli_helpers import AEAD, LWC, MODULE, run, shell

import lwcrypto
from lwcrypto.cli.progress import Progress


def test_console_script_is_installed():
    assert Path(LWC[0]).is_file(), "pip install the package: it installs the lwc command"


# --- list ---------------------------------------------------------------------------------------

def backend(name: str) -> str:
    kind = lwcrypto.aead(name) if name in lwcrypto.aead_algorithms else lwcrypto.new(name)
    return kind.backend


@pytest.mark.parametrize("cmd", [LWC, MODULE], ids=["lwc", "python-m"])
def test_list_shows_every_scheme_with_kind_sizes_and_backend(cmd):
    r = run("list", cmd=cmd)
    assert r.returncode == 0 and r.stderr == b""
    lines = [" ".join(line.split()) for line in r.stdout.decode().splitlines()]
    assert lines[0] == "name kind key nonce tag digest backend"
    for name in lwcrypto.aead_algorithms:
        cls = lwcrypto.aead(name)
        assert f"{name} aead {cls.key_size} {cls.nonce_size} {cls.tag_size} {cls.backend}" \
            in lines
    for name in lwcrypto.hash_algorithms:
        h = lwcrypto.new(name)
        assert f"{name} hash {h.digest_size} {h.backend}" in lines


def test_list_json_matches_the_api():
    rows = json.loads(run("list", "--json").stdout)
    assert [r["name"] for r in rows] == list(lwcrypto.algorithms)
    for r in rows:
        assert r["backend"] == backend(r["name"])
        if r["kind"] == "aead":
            assert r["key_size"] == lwcrypto.aead(r["name"]).key_size
        elif r["kind"] == "xof":  # any output length: test_cli_xof.py
            assert r["name"] in lwcrypto.xof_algorithms
        else:
            assert r["digest_size"] == lwcrypto.new(r["name"]).digest_size


# --- usage --------------------------------------------------------------------------------------

def test_usage_errors_exit_2():
    assert run().returncode == 2
    assert run("frobnicate").returncode == 2
    assert run("--version").stdout.startswith(b"lwc ")
    assert run("hash", "--help").stdout.startswith(b"usage: lwc hash")


@pytest.mark.parametrize("args", [
    ["list", "extra"],
    ["hash", "--frobnicate", "f"],
    ["keygen", "-a", AEAD, "extra"],
    ["encrypt", "-a", AEAD, "--key-hex", "00" * 16, "a", "b"],
    ["decrypt", "-a", AEAD, "--key-hex", "00" * 16, "a", "b", "c"],
    ["kat", "-a", AEAD, "a", "b"],
    ["bench", "--json", "x"],
])
def test_extra_arguments_show_the_commands_usage(args):
    r = run(*args)
    assert r.returncode == 2 and r.stdout == b""
    err = r.stderr.decode()
    assert err.startswith(f"usage: lwc {args[0]} ") and "unrecognized arguments:" in err
    assert err.count("\n") >= 2 and err.splitlines()[-1].startswith(f"lwc {args[0]}: error:")


def test_unknown_scheme_lists_the_known_ones():
    r = run("hash", "-a", "sha1")
    assert r.returncode == 2 and r.stdout == b""
    err = r.stderr.decode()
    assert "unknown hash scheme 'sha1'" in err and all(n in err for n in lwcrypto.hash_algorithms)
    r = run("keygen", "-a", "esch256")
    assert r.returncode == 2 and all(n in r.stderr.decode() for n in lwcrypto.aead_algorithms)


@pytest.mark.parametrize("args, said", [
    (["hash", "-a", "Xoodyak"], "'Xoodyak' is an AEAD, not a hash; hash schemes: "),
    (["keygen", "-a", "ESCH256"], "'ESCH256' is a hash, not an AEAD; AEAD schemes: "),
])
def test_a_scheme_of_the_other_kind_is_named_as_such(args, said):
    r = run(*args)
    assert r.returncode == 2 and said in r.stderr.decode()


def test_scheme_names_are_case_insensitive(tmp_path):
    (tmp_path / "f").write_bytes(b"abc")
    assert run("hash", "-a", "ESCH256", "f", cwd=tmp_path).stdout == \
        run("hash", "-a", "esch256", "f", cwd=tmp_path).stdout
    key = run("keygen", "-a", "XooDyak").stdout
    assert len(bytes.fromhex(key.decode())) == lwcrypto.aead(AEAD).key_size
    r = run("kat", "-a", "TinyJambu-128", Path(__file__).parents[1] / "kat" / "tinyjambu-128.txt")
    assert r.returncode == 0 and r.stdout.startswith(b"tinyjambu-128: ")


# --- write errors and closed descriptors (one line on stderr, exit 2; a reader that left:
# quiet death by SIGPIPE, as coreutils) -----------------------------------------------------------

@pytest.mark.parametrize("command", [
    "list",
    "hash f",
    "hash --check SUMS",
    "keygen -a xoodyak",
    "encrypt -a xoodyak --key-file key f",
    "decrypt -a xoodyak --key-file key sealed",
    "kat -a esch256 kat.txt",
    "--help",
    "--version",
])
def test_a_full_disk_on_stdout_is_one_line_and_exit_2(tmp_path, command):
    prepare_files(tmp_path)
    r = shell(f'"$LWC" {command} > /dev/full', cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert r.stderr == b"lwc: cannot write stdout: No space left on device\n"


@pytest.mark.parametrize("command", ["list", "hash f", "keygen -a xoodyak",
                                     "encrypt -a xoodyak --key-file key f"])
def test_a_closed_stdout_is_one_line_and_exit_2(tmp_path, command):
    prepare_files(tmp_path)
    r = shell(f'"$LWC" {command} >&-', cwd=tmp_path)
    assert r.returncode == 2 and r.stderr == b"lwc: cannot write stdout: Bad file descriptor\n"


@pytest.mark.parametrize("command", ["hash", "hash -", "hash --check", "encrypt -a xoodyak "
                                     "--key-file key", "decrypt -a xoodyak --key-file key",
                                     "encrypt -a xoodyak --key-file - f"])
def test_a_closed_stdin_is_one_line_and_exit_2(tmp_path, command):
    prepare_files(tmp_path)
    r = shell(f'"$LWC" {command} <&-', cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr == b"lwc: cannot read stdin: Bad file descriptor\n"


def prepare_files(d: Path) -> None:
    (d / "f").write_bytes(b"message")
    (d / "key").write_text("00" * 16 + "\n")
    (d / "sealed").write_bytes(run("encrypt", "-a", AEAD, "--key-file", d / "key", d / "f")
                               .stdout)
    (d / "SUMS").write_bytes(run("hash", "f", cwd=d).stdout)
    (d / "kat.txt").write_bytes((Path(__file__).parents[1] / "kat" / "esch256.txt")
                                .read_bytes()[:2000].rsplit(b"\n\n", 1)[0] + b"\n")


@pytest.mark.parametrize("args", [["list"], ["hash", "a", "b", "c"], ["hash", "--check", "SUMS"],
                                  ["encrypt", "-a", AEAD, "--key-file", "key", "--hex", "f"]])
def test_a_reader_that_left_ends_the_command_quietly_by_sigpipe(tmp_path, args):
    for name in "abc":
        (tmp_path / name).write_bytes(name.encode())
    prepare_files(tmp_path)
    (tmp_path / "SUMS").write_bytes(run("hash", "a", "b", "c", cwd=tmp_path).stdout)
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has left before the first write
    try:
        r = subprocess.run(LWC + args, stdout=write_end, stderr=subprocess.PIPE,
                           cwd=tmp_path, timeout=60)
    finally:
        os.close(write_end)
    assert r.returncode == -signal.SIGPIPE and r.stderr == b""


# --- progress -----------------------------------------------------------------------------------

class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_on_a_terminal_only_after_the_delay():
    term = FakeTerminal()
    with Progress("hashing f", total=4 << 20, stream=term, delay=0, interval=0.01,
                  since=time.monotonic()) as p:
        p.advance(1 << 20)
        deadline = time.monotonic() + 10
        while "1 MiB/4 MiB" not in term.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
    out = term.getvalue()
    assert "hashing f" in out and "1 MiB/4 MiB" in out and out.endswith("\r\x1b[K")

    quick = FakeTerminal()
    with Progress("hashing f", stream=quick, delay=5, since=time.monotonic()):
        pass
    assert quick.getvalue() == ""


def test_progress_line_fits_the_terminal():
    p = Progress("hashing " + "long/" * 40 + "name", total=100, stream=io.StringIO())
    p.advance(50)
    line = p.line(60)
    assert len(line) == 60 and line.startswith("...") and "name [##########" in line


def test_the_package_has_no_import_cycle():
    """Each module of lwcrypto.cli imports only the modules listed before it in
    lwcrypto/cli/__init__.py's docstring."""
    import ast

    import lwcrypto.cli as package
    order = ["progress", "common", "output", "cmd_list", "cmd_hash", "cmd_keygen", "cmd_encrypt",
             "cmd_kat", "cmd_bench", "app"]
    folder = Path(package.__file__).parent
    assert sorted(p.stem for p in folder.glob("*.py")) == sorted(order + ["__init__"])
    for i, name in enumerate(order):
        tree = ast.parse((folder / f"{name}.py").read_text())
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:  # from .x / from . import x
                imported |= {node.module} if node.module else {a.name for a in node.names}
        assert imported <= set(order[:i]), (name, imported - set(order[:i]))
