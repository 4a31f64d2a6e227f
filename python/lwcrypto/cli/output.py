# SPDX-License-Identifier: MIT
"""Where -o sends a command's output, by the kind of target (docs/cli.md says the same):

- none or '-': stdout.
- /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: that open descriptor, as the
  shell's `>&N` (a file it is open on keeps its open mode: `>>` appends).
- a device, FIFO or socket, also through a symbolic link: opened and written, as the
  shell's `>` does. Nothing is replaced, so no --force is needed.
- a directory: refused.
- a regular file, also through a symbolic link (the file it names is written): the output
  goes to a temporary file in that directory, renamed onto the file only once complete,
  so the file appears whole or not at all. An existing file is replaced only with --force
  and keeps its permissions (and its owner and group where the user may set them); other
  hard links to it keep the old content. A new file is created 0600 when it holds a
  secret (plaintext, a key), else 0666 minus the umask.

A temporary file is removed whatever ends the command: an error, or SIGINT, SIGTERM or
SIGHUP (app.main calls remove_temporaries before it dies by the signal).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import stat
import sys
import tempfile
from dataclasses import dataclass
from errno import EBADF, EISDIR, ENOENT, ENOTDIR
from collections.abc import Iterable
from typing import BinaryIO

from .common import CHUNK, CliError, os_error
from .progress import Progress

# The signals that end the command after removing its temporary files (see app.main).
ENDING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

_temporaries: set[str] = set()

# Names of open descriptors: written as they are open, never replaced.
_STD_PATHS = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
_FD_PATH = re.compile(rf"/dev/fd/(\d+)|/proc/(?:self|thread-self|{os.getpid()})/fd/(\d+)")


def add_arguments(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("-o", "--output", metavar="FILE",
                   help=f"write {what} to FILE instead of stdout (docs/cli.md: what -o does "
                        "with each kind of file)")
    p.add_argument("-f", "--force", action="store_true",
                   help="replace FILE if it is an existing regular file")


@dataclass(frozen=True)
class Target:
    """Where the output goes: exactly one of fd (an open descriptor), device (a path that
    is no regular file, written through) and file (a regular file, written atomically)."""
    name: str  # as the user wrote it, for messages
    fd: int | None = None
    device: str | None = None
    file: str | None = None
    existing: os.stat_result | None = None  # the regular file replaced


def descriptor_of(path: str) -> int | None:
    """The descriptor that a path such as /dev/stdout or /dev/fd/3 names, else None."""
    p = os.path.normpath(os.path.abspath(path))
    m = _FD_PATH.fullmatch(p)
    return _STD_PATHS.get(p, int(m[1] or m[2]) if m else None)


def target(path: str | None, force: bool) -> Target:
    """Where `path` sends the output; a CliError when it cannot be written or may not be
    replaced. Called before any work (so a refusal costs nothing) and again to write."""
    if path in (None, "-"):
        return Target("stdout", fd=1)
    fd = descriptor_of(path)
    if fd is not None:
        return Target(path, fd=fd)
    try:
        st: os.stat_result | None = os.stat(path)  # through symbolic links
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise os_error(f"cannot write {path}", e) from None
    if path.endswith("/") or (st is not None and stat.S_ISDIR(st.st_mode)):
        raise CliError(f"cannot write {path}: {os.strerror(EISDIR)}", errno=EISDIR)
    if st is not None and not stat.S_ISREG(st.st_mode):
        return Target(path, device=path)
    if st is not None and not force:
        raise CliError(f"{path} exists; use --force to overwrite it")
    return Target(path, file=os.path.realpath(path), existing=st)


def write_output(path: str | None, parts: Iterable[bytes], force: bool,
                 private: bool = False, label: str | None = None,
                 total: int | None = None) -> None:
    """Write `parts` where `path` says (see the module's docstring). `private`: the output
    is a secret, and a new file for it is its owner's alone. `parts` may be a generator
    (a stream, written as it comes): an exception from it leaves no regular file behind,
    while a descriptor or device has the parts before it. `label` and `total` (bytes)
    describe the progress line."""
    t = target(path, force)
    if t.file is not None:
        write_file(t, parts, force, private, label, total)
        return
    try:
        if t.fd is not None:
            if t.fd < 3 and (sys.stdin, sys.stdout, sys.stderr)[t.fd] is None:
                raise OSError(EBADF, os.strerror(EBADF))  # closed when the command started
            if t.fd == 1:
                sys.stdout.flush()  # what the command printed before comes first
            fd = os.dup(t.fd)
        else:  # neither created nor truncated: a device or FIFO has no content to replace
            fd = os.open(t.device, os.O_WRONLY | os.O_NOCTTY)
        with open(fd, "wb") as f:
            write_parts(f, parts, t.name, label, total)
    except BrokenPipeError:
        raise  # the reader left: main ends the command as SIGPIPE would
    except OSError as e:
        raise os_error(f"cannot write {t.name}", e) from None


def write_parts(f: BinaryIO, parts: Iterable[bytes], name: str, label: str | None = None,
                total: int | None = None) -> None:
    if total is None and isinstance(parts, (list, tuple)):
        total = sum(len(p) for p in parts)
    with Progress(label or f"writing {name}", total) as progress:
        for part in parts:
            view = memoryview(part)
            for i in range(0, len(view), CHUNK):
                progress.advance(f.write(view[i:i + CHUNK]) or 0)


def write_file(t: Target, parts: Iterable[bytes], force: bool, private: bool,
               label: str | None = None, total: int | None = None) -> None:
    """All or nothing: a temporary file beside the target, renamed onto it when complete."""
    directory, base = os.path.split(t.file)
    with signals_held():  # a signal now would find the file made but not yet listed
        try:
            fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{base}.")
        except OSError as e:  # why the file's directory refuses a new file, if it exists
            how = "" if e.errno in (ENOENT, ENOTDIR) else f" (a temporary file in {directory})"
            raise os_error(f"cannot write {t.name}{how}", e) from None
        _temporaries.add(tmp)
    try:
        with open(fd, "wb") as f:
            write_parts(f, parts, t.name, label, total)
            set_permissions(f.fileno(), t.existing, private)
        install(tmp, t.file, force)
    except FileExistsError:
        raise CliError(f"{t.name} exists; use --force to overwrite it") from None
    except OSError as e:
        raise os_error(f"cannot write {t.name}", e) from None
    finally:
        remove_temporaries()


def set_permissions(fd: int, existing: os.stat_result | None, private: bool) -> None:
    """A replaced file's permission bits, owner and group, as far as the user may set
    them; a new file's: 0600 for a secret, else 0666 minus the umask."""
    if existing is None:
        os.fchmod(fd, 0o600 if private else 0o666 & ~umask())
        return
    mode = stat.S_IMODE(existing.st_mode) & 0o777
    st = os.fstat(fd)
    if (st.st_uid, st.st_gid) != (existing.st_uid, existing.st_gid):
        try:
            os.fchown(fd, existing.st_uid, existing.st_gid)
        except PermissionError:
            try:
                os.fchown(fd, -1, existing.st_gid)
            except PermissionError:
                mode &= ~0o070  # the file's group is now the user's: it gets no access
    os.fchmod(fd, mode)


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def install(tmp: str, path: str, force: bool) -> None:
    if force:
        os.replace(tmp, path)
        return
    try:
        os.link(tmp, path)  # never replaces a file that appeared meanwhile
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links
        if os.path.lexists(path):
            raise FileExistsError(path) from None
        os.replace(tmp, path)


def remove_temporaries() -> None:
    with signals_held():
        for tmp in list(_temporaries):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            _temporaries.discard(tmp)


@contextlib.contextmanager
def signals_held():
    """The ending signals wait (their handlers run after the block)."""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, ENDING_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
