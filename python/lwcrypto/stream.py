# SPDX-License-Identifier: MIT
"""The lwc stream format (docs/stream-format.md) as Python file objects.

    with lwcrypto.stream.open(f, "wb", aead="xoodyak", key=key) as w:
        w.write(data)                      # any sizes; one chunk is held back
    with lwcrypto.stream.open(f, "rb", key=key) as r:
        data = r.read()                    # verified chunk by chunk, InvalidTag otherwise

    for part in lwcrypto.stream.iter_encrypt("xoodyak", key, src):   # header, then chunks
        dst.write(part)
    for plain in lwcrypto.stream.iter_decrypt(key, src):             # verified chunks
        dst.write(plain)
    part = lwcrypto.stream.decrypt_range(key, f, start, end)         # random access
    for plain in lwcrypto.stream.iter_decrypt_range(key, f, start, end):  # in constant memory
        dst.write(plain)

A reader returns only verified bytes: a chunk that fails raises DamagedStream (an
InvalidTag) and none of it is returned; at the end of the input the stream is checked to
have ended with its final chunk (a cut at a chunk boundary raises DamagedStream too). The
bytes returned before a failure were verified, but the whole file was not: keep them back
until read() returned b"" (the end, all verified) when all or nothing matters.

Every error a reader raises because of its input is a StreamError (a ValueError):
    NotAStream       no LWCSTRM magic, a format version this library does not read, a
                     chunk size out of range, a header no writer makes
    SchemeMismatch   the header names another scheme than the aead= given
    DamagedStream    also an InvalidTag: a wrong key, or a header or chunk changed, moved,
                     cut short (anywhere, a tag included) or extended
"""
from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Literal, Protocol, Union, overload

from ._lwcrypto import InvalidTag, _stream  # type: ignore[import-not-found, unused-ignore]

if TYPE_CHECKING:  # the extension's classes (python/src/stream.cpp), as type checkers see them
    from . import InvalidTag as _InvalidTag

    class StreamError(ValueError):
        """The input is not a valid lwc stream for this key and scheme."""

    class NotAStream(StreamError):
        """No LWCSTRM magic, an unknown format version, a header no writer makes."""

    class DamagedStream(StreamError, _InvalidTag):
        """A wrong key, or a header or chunk changed, moved, cut short or extended."""
else:
    StreamError, NotAStream, DamagedStream = (_stream.StreamError, _stream.NotAStream,
                                              _stream.DamagedStream)

if TYPE_CHECKING:  # the types of the signatures below (names for type checkers only)
    from types import TracebackType

    from typing_extensions import Buffer

    from . import Aead

    class Readable(Protocol):
        """A binary file object read by a reader: read(n), readinto(b) where it has one."""
        def read(self, n: int, /) -> bytes: ...

    class Writable(Protocol):
        """A binary file object a writer writes to."""
        def write(self, b: bytes, /) -> object: ...

    class Seekable(Readable, Protocol):
        """A binary file with random access (decrypt_range)."""
        def seek(self, offset: int, whence: int = ..., /) -> int: ...

    # An AEAD scheme: its registry name ("xoodyak"), its class or an object of it.
    AeadLike = Union[str, type[Aead], Aead]

__all__ = ["open", "encrypt", "decrypt", "iter_encrypt", "iter_decrypt", "decrypt_range",
           "iter_decrypt_range", "InvalidTag", "StreamError", "NotAStream", "DamagedStream",
           "SchemeMismatch", "MAGIC", "DEFAULT_CHUNK_SIZE", "MIN_CHUNK_SIZE", "MAX_CHUNK_SIZE"]

MAGIC = b"LWCSTRM"
DEFAULT_CHUNK_SIZE = _stream.DEFAULT_CHUNK_SIZE
MIN_CHUNK_SIZE, MAX_CHUNK_SIZE = _stream.MIN_CHUNK_SIZE, _stream.MAX_CHUNK_SIZE
_HEADER_FIXED_SIZE = _stream.HEADER_FIXED_SIZE


def _readinto_exactly(f: Readable, view: memoryview) -> int:
    """Fills view from f, short only at its end (f.read where f has no readinto)."""
    got = 0
    readinto = getattr(f, "readinto", None)
    while got < len(view):
        if readinto is not None:
            n = readinto(view[got:])
        else:
            part = f.read(len(view) - got)
            n = len(part)
            view[got:got + n] = part
        if not n:
            break
        got += n
    return got


class SchemeMismatch(StreamError):
    """The stream's header names another scheme than the reader was given."""


def _scheme_name(aead: AeadLike) -> str:
    """A registry name from a name, an AEAD class or an AEAD object."""
    return aead if isinstance(aead, str) else aead.name


def _read_exactly(f: Readable, n: int) -> bytes:
    """n bytes from f, fewer only at its end (a pipe may return less per read)."""
    parts, got = [], 0
    while got < n:
        part = f.read(n - got)
        if not part:
            break
        parts.append(part)
        got += len(part)
    return b"".join(parts)


class StreamWriter(io.RawIOBase):
    """Seals what is written into fileobj; close() writes the final chunk."""

    def __init__(self, fileobj: Writable, aead: AeadLike, key: Buffer,
                 chunk_size: int = DEFAULT_CHUNK_SIZE) -> None:
        self._f = fileobj
        self._e: Any = _stream.Encryptor(_scheme_name(aead), key, os.urandom(_stream.SALT_SIZE),
                                    chunk_size)
        self._chunk = chunk_size
        self._buf = bytearray()
        self._f.write(self._e.header)

    def writable(self) -> bool:
        return True

    def write(self, b: Buffer) -> int:
        if self.closed or self._e is None:
            raise ValueError("write to a closed stream")
        data = memoryview(b).cast("B")  # a count of bytes, whatever the buffer's items
        self._buf += data
        # A chunk goes out only once more data follows it: the final one may be full.
        while len(self._buf) > self._chunk:
            self._f.write(self._e.push(self._buf[: self._chunk], False))
            del self._buf[: self._chunk]
        return len(data)

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is not None:  # an error while writing: no final chunk seals a partial file
            self._e = None
        return super().__exit__(kind, value, tb)

    def __del__(self) -> None:
        # A writer never closed (dropped by the garbage collector, alive at interpreter
        # exit, an error path outside `with`) must not end its stream: io's finalizer
        # would call close(), whose final chunk would seal a partial file as complete.
        # Dropping the state first leaves a stream that fails verification.
        self._e = None
        super().__del__()

    def close(self) -> None:
        if not self.closed and self._e is not None:
            self._f.write(self._e.push(bytes(self._buf), True))
            self._e = None
        self._buf.clear()
        super().close()


def _open_header(fileobj: Readable, key: Buffer,
                 aead: AeadLike | None) -> tuple[Any, str, int]:
    """(Decryptor, scheme name, chunk size) from the header at fileobj's position (read
    past it); aead, when given, must be the header's scheme."""
    head = _read_exactly(fileobj, _HEADER_FIXED_SIZE)
    if not head.startswith(MAGIC[: len(head)]) or len(head) < len(MAGIC):
        raise NotAStream("not an lwc stream (no LWCSTRM magic)")
    name, chunk, size = _stream.peek_header(head)
    head += _read_exactly(fileobj, max(size - len(head), 0))
    name, chunk, size = _stream.peek_header(head)
    if name is None or len(head) < size:
        raise DamagedStream("truncated lwc stream header")
    if aead is not None and _scheme_name(aead).lower() != name:
        raise SchemeMismatch(f"the stream is for {name}, not {_scheme_name(aead)}")
    return _stream.Decryptor(name, key, head), name, chunk


class StreamReader(io.RawIOBase):
    """Reads and verifies a stream from fileobj; the scheme comes from the header
    (aead, when given, must match it)."""

    def __init__(self, fileobj: Readable, key: Buffer, aead: AeadLike | None = None) -> None:
        self._f = fileobj
        self._d, self.scheme, self.chunk_size = _open_header(fileobj, key, aead)
        self._sealed = self.chunk_size + self._d.tag_size
        self._buf = memoryview(bytearray(self._sealed + 1))
        self._ahead = b""  # the byte read past the previous chunk
        self._plain: bytes = b""
        self._pos = 0
        self._done = False

    def readable(self) -> bool:
        return True

    def _next_chunk(self) -> None:
        # The sealed chunk and the byte after it (is this the final chunk?) into one buffer,
        # handed to the extension as a view: no copy of the chunk on the way.
        view = self._buf
        have = len(self._ahead)
        view[:have] = self._ahead
        got = have + _readinto_exactly(self._f, view[have:])
        last = got <= self._sealed
        self._ahead = b"" if last else bytes(view[self._sealed:got])
        self._plain = self._d.pull(view[: min(got, self._sealed)], last)
        self._pos = 0
        if last:
            self._d.finish()
            self._done = True

    def readinto(self, b: Buffer) -> int:
        while self._pos == len(self._plain) and not self._done:
            self._next_chunk()
        out = memoryview(b).cast("B")
        n = min(len(out), len(self._plain) - self._pos)
        out[:n] = self._plain[self._pos : self._pos + n]
        self._pos += n
        return n

    def chunks(self) -> Iterator[bytes]:
        """The rest of the plaintext, one verified chunk at a time (do not mix with read)."""
        while not self._done:
            self._next_chunk()
            self._pos = len(self._plain)
            yield self._plain

    def finish(self) -> None:
        """Reads to the end; raises InvalidTag unless every chunk verified."""
        while not self._done:
            self._next_chunk()


@overload
def open(fileobj: Writable, mode: Literal["wb"], *, key: Buffer, aead: AeadLike,
         chunk_size: int = DEFAULT_CHUNK_SIZE) -> StreamWriter: ...
@overload
def open(fileobj: Readable, mode: Literal["rb"] = "rb", *, key: Buffer,
         aead: AeadLike | None = None, chunk_size: int = DEFAULT_CHUNK_SIZE) -> io.BufferedReader: ...
def open(fileobj: Readable | Writable, mode: str = "rb", *, key: Buffer,
         aead: AeadLike | None = None,
         chunk_size: int = DEFAULT_CHUNK_SIZE) -> StreamWriter | io.BufferedReader:
    """A writer ("wb": aead required) or a buffered reader ("rb") on a binary file object."""
    if mode == "wb":
        if aead is None:
            raise ValueError("writing a stream needs aead=")
        return StreamWriter(fileobj, aead, key, chunk_size)  # type: ignore[arg-type]
    if mode == "rb":
        return io.BufferedReader(StreamReader(fileobj, key, aead),  # type: ignore[arg-type]
                                 buffer_size=chunk_size)
    raise ValueError(f"mode must be 'rb' or 'wb', not {mode!r}")


def encrypt(aead: AeadLike, key: Buffer, data: Buffer,
            chunk_size: int = DEFAULT_CHUNK_SIZE) -> bytes:
    """The stream of data, sealed with aead under key (a fresh random salt)."""
    out = io.BytesIO()
    with StreamWriter(out, aead, key, chunk_size) as w:
        w.write(data)
        w.close()
        return out.getvalue()


def decrypt(key: Buffer, data: Buffer, aead: AeadLike | None = None) -> bytes:
    """The plaintext of a whole stream; InvalidTag unless every chunk verified."""
    r = StreamReader(io.BytesIO(data), key, aead)
    return r.readall()


def iter_encrypt(aead: AeadLike, key: Buffer, fileobj: Readable,
                 chunk_size: int = DEFAULT_CHUNK_SIZE) -> Iterator[bytes]:
    """The stream of fileobj's bytes (read to its end), as its header and then one sealed
    chunk at a time: constant memory for any size, a pipe as well as a file."""
    e = _stream.Encryptor(_scheme_name(aead), key, os.urandom(_stream.SALT_SIZE), chunk_size)
    yield e.header
    chunk = _read_exactly(fileobj, chunk_size)
    while True:
        # A chunk is sealed only once the next one is read: the final one may be full.
        following = _read_exactly(fileobj, chunk_size)
        yield e.push(chunk, not following)
        if not following:
            return
        chunk = following


def iter_decrypt(key: Buffer, fileobj: Readable, aead: AeadLike | None = None) -> Iterator[bytes]:
    """The plaintext of the stream in fileobj, one verified chunk at a time. A failure
    raises InvalidTag, after the chunks before it were returned (all verified, but the
    file as a whole was not until the generator ended)."""
    return StreamReader(fileobj, key, aead).chunks()


def _open_range(key: Buffer, fileobj: Seekable, start: int, end: int,
                aead: AeadLike | None) -> tuple[Any, int, int, int, Callable[[int, int], bytes]]:
    """(decryptor, stream size, start, end clamped as a slice's, read(offset, n))."""
    if start < 0 or end < 0:
        raise ValueError(f"range {start}:{end}: offsets must not be negative")
    fileobj.seek(0)
    d, _, _ = _open_header(fileobj, key, aead)
    size = fileobj.seek(0, io.SEEK_END)
    plaintext_size = d.layout(size)[4]
    start = min(start, plaintext_size)
    end = max(start, min(end, plaintext_size))

    def read(offset: int, n: int) -> bytes:
        fileobj.seek(offset)
        return _read_exactly(fileobj, n)

    return d, size, start, end, read


def decrypt_range(key: Buffer, fileobj: Seekable, start: int, end: int,
                  aead: AeadLike | None = None) -> bytes:
    """Plaintext bytes [start, end) of the stream in fileobj (seekable: a file), as a
    slice is (clamped to the plaintext's size), reading and verifying only the chunks
    that cover them. All or nothing: DamagedStream if one of them fails.

    The plaintext's size comes from the file's size, which only the final chunk proves:
    a range that reaches the end (an empty one at or past it included) also verifies the
    final chunk, so a file cut short is refused rather than read as a shorter one."""
    d, size, start, end, read = _open_range(key, fileobj, start, end, aead)
    part: bytes = d.range(size, start, end - start, read)
    return part


def iter_decrypt_range(key: Buffer, fileobj: Seekable, start: int, end: int,
                       aead: AeadLike | None = None) -> Iterator[bytes]:
    """decrypt_range one chunk at a time, in constant memory: each part is verified before
    it is returned; a failure raises DamagedStream after the parts before it (verified,
    the range as a whole not)."""
    d, size, start, end, read = _open_range(key, fileobj, start, end, aead)  # errors: now
    chunk = d.layout(size)[1]

    def parts(at: int) -> Iterator[bytes]:
        while True:
            stop = min(end, (at // chunk + 1) * chunk)
            part: bytes = d.range(size, at, stop - at, read)  # empty at the end: verifies it
            if part:
                yield part
            at = stop
            if at >= end:
                return

    return parts(start)
