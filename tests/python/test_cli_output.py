# SPDX-License-Identifier: MIT
"""Where lwc's -o writes, by the kind of target (docs/cli.md's table), and that nothing
partial is left behind whatever ends the command, SIGTERM and SIGHUP included."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from cli_helpers import AEAD, run, shell

import lwcrypto
import lwcrypto.stream

KEY = bytes(range(16))
# One message with a fixed nonce: the expected output is known.
NONCE = ["--format", "oneshot", "--nonce-hex", "00" * 16]
ENV = {**os.environ, "LWC_KEY": KEY.hex()}


def sealed(message: bytes) -> bytes:
    return lwcrypto.aead(AEAD)(KEY).encrypt(bytes(16), message, b"")


def encrypt(out, *extra, message: bytes = b"message", cwd=None, env=None):
    return run("encrypt", "-a", AEAD, "--key-env", "LWC_KEY", *NONCE, "-o", out, *extra,
               stdin=message, cwd=cwd, env=env or ENV)


def decrypt(out, *extra, message: bytes = b"message", cwd=None):
    return run("decrypt", "-a", AEAD, "--key-env", "LWC_KEY", *NONCE, "-o", out, *extra,
               stdin=sealed(message), cwd=cwd, env=ENV)


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(".")]


# --- regular files ------------------------------------------------------------------------------

def test_new_files_plaintext_and_keys_0600_ciphertext_by_the_umask(tmp_path):
    assert encrypt(tmp_path / "c").returncode == 0
    assert decrypt(tmp_path / "p").returncode == 0
    assert run("keygen", "-a", AEAD, "-o", tmp_path / "k").returncode == 0
    assert (tmp_path / "c").read_bytes() == sealed(b"message")
    assert (tmp_path / "p").read_bytes() == b"message"
    umask = os.umask(0)
    os.umask(umask)
    modes = {name: (tmp_path / name).stat().st_mode & 0o777 for name in "cpk"}
    assert modes == {"c": 0o666 & ~umask, "p": 0o600, "k": 0o600}
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o604])
@pytest.mark.parametrize("write", [encrypt, decrypt], ids=["encrypt", "decrypt"])
def test_a_replaced_file_keeps_its_mode(tmp_path, write, mode):
    out = tmp_path / "out"
    out.write_bytes(b"old")
    out.chmod(mode)
    r = write(out)
    assert r.returncode == 2 and b"exists; use --force" in r.stderr and out.read_bytes() == b"old"
    assert write(out, "--force").returncode == 0
    assert out.read_bytes() != b"old" and out.stat().st_mode & 0o777 == mode
    assert leftovers(tmp_path) == []


def test_a_symlink_is_followed(tmp_path):
    (tmp_path / "real").write_bytes(b"old")
    (tmp_path / "link").symlink_to("real")
    r = encrypt(tmp_path / "link")
    assert r.returncode == 2 and b"exists; use --force" in r.stderr
    assert encrypt(tmp_path / "link", "--force").returncode == 0
    assert (tmp_path / "link").is_symlink() and os.readlink(tmp_path / "link") == "real"
    assert (tmp_path / "real").read_bytes() == sealed(b"message")
    (tmp_path / "sub").mkdir()
    (tmp_path / "dangling").symlink_to("sub/new")  # names a file yet to be made: made there
    assert encrypt(tmp_path / "dangling").returncode == 0
    assert (tmp_path / "sub" / "new").read_bytes() == sealed(b"message")
    assert (tmp_path / "dangling").is_symlink()
    assert leftovers(tmp_path) == [] and leftovers(tmp_path / "sub") == []


@pytest.mark.parametrize("name", ["dir", "dir/", "missing/", "link-to-dir"])
def test_a_directory_is_refused(tmp_path, name):
    (tmp_path / "dir").mkdir()
    (tmp_path / "link-to-dir").symlink_to("dir")
    r = encrypt(name, "--force", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr == f"lwc: cannot write {name}: Is a directory\n".encode()
    assert os.listdir(tmp_path / "dir") == []


def test_a_missing_directory_is_named(tmp_path):
    r = encrypt("no/such/dir/out", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr == b"lwc: cannot write no/such/dir/out: No such file or directory\n"


# --- what is not a regular file: written through, without --force -------------------------------

def read_fifo(path: Path, into: list) -> threading.Thread:
    def reader():
        with open(path, "rb") as f:
            into.append(f.read())
    t = threading.Thread(target=reader, daemon=True)
    t.start()
    return t


@pytest.mark.parametrize("force", [[], ["--force"]], ids=["", "force"])
@pytest.mark.parametrize("via_link", [False, True], ids=["fifo", "link-to-fifo"])
def test_a_fifo_is_written_through(tmp_path, force, via_link):
    os.mkfifo(tmp_path / "fifo")
    if via_link:
        (tmp_path / "link").symlink_to("fifo")
    got: list[bytes] = []
    reader = read_fifo(tmp_path / "fifo", got)
    r = encrypt(tmp_path / ("link" if via_link else "fifo"), *force)
    reader.join(30)
    assert r.returncode == 0 and r.stderr == b"" and got == [sealed(b"message")]
    assert stat.S_ISFIFO(os.lstat(tmp_path / "fifo").st_mode)
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="mknod needs root")
@pytest.mark.parametrize("force", [[], ["--force"]], ids=["", "force"])
def test_a_device_made_with_mknod_stays_a_device(tmp_path, force):
    device = tmp_path / "mynull"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # what /dev/null is
    except PermissionError:
        pytest.skip("no CAP_MKNOD here")
    assert decrypt(device, *force).returncode == 0
    assert stat.S_ISCHR(os.lstat(device).st_mode) and os.lstat(device).st_rdev == \
        os.makedev(1, 3)
    assert leftovers(tmp_path) == []


def test_dev_null_works_without_force_and_stays():
    # Never with --force on the system's /dev/null: a regression would replace it, as root,
    # for the whole machine. --force on a device is tested on a node made with mknod above.
    before = os.stat("/dev/null")
    r = decrypt("/dev/null")
    assert r.returncode == 0 and r.stderr == b""
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_dev_stdout_is_stdout_whatever_it_is(tmp_path):
    r = encrypt("/dev/stdout")  # a pipe
    assert r.returncode == 0 and r.stdout == sealed(b"message")
    script = (f'"$LWC" decrypt -a {AEAD} --key-env LWC_KEY --nonce-hex {"00" * 16} '
              f'-o /dev/stdout')
    (tmp_path / "sealed").write_bytes(sealed(b"message"))
    (tmp_path / "out").write_bytes(b"old content that is longer\n")
    r = shell(f"{script} < sealed > out", cwd=tmp_path, LWC_KEY=KEY.hex())  # a regular file
    assert r.returncode == 0 and r.stderr == b"" and (tmp_path / "out").read_bytes() == b"message"
    r = shell(f"{script} < sealed >> out", cwd=tmp_path, LWC_KEY=KEY.hex())  # appended to
    assert r.returncode == 0 and (tmp_path / "out").read_bytes() == b"messagemessage"
    r = shell(f"{script} < sealed 2>&1 >&- | cat", cwd=tmp_path, LWC_KEY=KEY.hex())  # closed
    assert r.stdout == b"lwc: cannot write /dev/stdout: Bad file descriptor\n"


def test_dev_fd_n_writes_to_that_descriptor(tmp_path):
    read_end, write_end = os.pipe()
    try:
        r = subprocess.run(
            [sys.executable, "-m", "lwcrypto", "encrypt", "-a", AEAD, "--key-env", "LWC_KEY",
             *NONCE, "-o", f"/dev/fd/{write_end}"], input=b"message", capture_output=True,
            pass_fds=[write_end], env=ENV, timeout=60)
        os.close(write_end)
        with open(read_end, "rb") as f:
            got = f.read()
    finally:
        for fd in (read_end, write_end):
            try:
                os.close(fd)
            except OSError:
                pass
    assert r.returncode == 0 and got == sealed(b"message")


def test_a_full_device_is_one_line_and_exit_2():
    r = decrypt("/dev/full")
    assert r.returncode == 2
    assert r.stderr == b"lwc: cannot write /dev/full: No space left on device\n"


# --- signals: SIGTERM and SIGHUP clean up as SIGINT does ----------------------------------------

# lwc's own main, with a hook that sends a signal to the command once the first MiB of
# its output is in the temporary file, and says whether that file was there then.
SIGNAL_DURING_WRITE = """
import os, signal, sys
from lwcrypto.cli import app, output
folder, signum = sys.argv[1], int(sys.argv[2])
class SignalMidway(output.Progress):
    def advance(self, n=1):
        super().advance(n)
        if self.done - n < 1 << 20 <= self.done:
            temporary = [n for n in os.listdir(folder) if n.startswith(".out.")]
            print("temporary file:", temporary, file=sys.stderr, flush=True)
            os.kill(os.getpid(), signum)
output.Progress = SignalMidway
sys.exit(app.main(sys.argv[3:]))
"""


def signalled_write(tmp_path: Path, signum: int, ignored: bool = False):
    message = os.urandom(8 << 20)  # eight 1 MiB writes
    (tmp_path / "msg").write_bytes(message)
    r = subprocess.run(
        [sys.executable, "-c", SIGNAL_DURING_WRITE, str(tmp_path), str(int(signum)),
         "encrypt", "-a", AEAD, "--key-env", "LWC_KEY", "msg", "-o", "out"],
        capture_output=True, cwd=tmp_path, env=ENV, timeout=60,
        # The signal's disposition set either way: a test run under nohup would otherwise
        # hand the command an ignored SIGHUP, which it rightly keeps ignored.
        preexec_fn=lambda: signal.signal(signum, signal.SIG_IGN if ignored else signal.SIG_DFL))
    return r, message


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT],
                         ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_during_a_large_write_leaves_no_temporary_file(tmp_path, signum):
    r, _ = signalled_write(tmp_path, signum)
    assert b"temporary file: ['.out." in r.stderr  # the signal came while it was there
    assert r.returncode == -signum  # the command died by it, as Unix tools do
    assert sorted(os.listdir(tmp_path)) == ["msg"]


def test_an_ignored_sighup_stays_ignored(tmp_path):
    """nohup lwc ...: the hang-up does not stop the command."""
    r, message = signalled_write(tmp_path, signal.SIGHUP, ignored=True)
    assert r.returncode == 0 and leftovers(tmp_path) == []
    assert lwcrypto.stream.decrypt(KEY, (tmp_path / "out").read_bytes()) == message
