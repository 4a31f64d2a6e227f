"""The lwc stream format (docs/stream-format.md) as Python file objects.

    with lwcrypto.stream.open(f, "wb", aead="xoodyak", key=key) as w:
        w.write(data)                      # any sizes; one chunk is held back
    with lwcrypto.stream.open(f, "rb", key=key) as r:
        data = r.read()                    # verified chunk by chunk, InvalidTag otherwise

A reader returns only verified bytes: a chunk that fails raises InvalidTag and none of it
is returned; at the end of the input the stream is checked to have ended with its final
chunk (a cut at a chunk boundary raises InvalidTag too). The bytes returned before a
failure were verified, but the whole file was not: keep them back until read() returned
b"" (the end, all verified) when all or nothing matters.
"""
import io
import os

from ._lwcrypto import InvalidTag, _stream

__all__ = ["open", "encrypt", "decrypt", "InvalidTag", "MAGIC", "DEFAULT_CHUNK_SIZE"]

MAGIC = b"LWCSTRM"
DEFAULT_CHUNK_SIZE = _stream.DEFAULT_CHUNK_SIZE
_HEADER_FIXED_SIZE = 45


def _scheme_name(aead):
    """A registry name from a name, an AEAD class or an AEAD object."""
    return aead if isinstance(aead, str) else aead.name


def _read_exactly(f, n):
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

    def __init__(self, fileobj, aead, key, chunk_size=DEFAULT_CHUNK_SIZE):
        self._f = fileobj
        self._e = _stream.Encryptor(_scheme_name(aead), key, os.urandom(_stream.SALT_SIZE),
                                    chunk_size)
        self._chunk = chunk_size
        self._buf = bytearray()
        self._f.write(self._e.header)

    def writable(self):
        return True

    def write(self, b):
        if self.closed:
            raise ValueError("write to a closed stream")
        self._buf += b
        # A chunk goes out only once more data follows it: the final one may be full.
        while len(self._buf) > self._chunk:
            self._f.write(self._e.push(self._buf[: self._chunk], False))
            del self._buf[: self._chunk]
        return len(b)

    def __exit__(self, kind, value, tb):
        if kind is not None:  # an error while writing: no final chunk seals a partial file
            self._e = None
        return super().__exit__(kind, value, tb)

    def close(self):
        if not self.closed and self._e is not None:
            self._f.write(self._e.push(bytes(self._buf), True))
            self._e = None
        self._buf.clear()
        super().close()


class StreamReader(io.RawIOBase):
    """Reads and verifies a stream from fileobj; the scheme comes from the header
    (aead, when given, must match it)."""

    def __init__(self, fileobj, key, aead=None):
        self._f = fileobj
        head = _read_exactly(fileobj, _HEADER_FIXED_SIZE)
        if not head.startswith(MAGIC[: len(head)]) or len(head) < len(MAGIC):
            raise ValueError("not an lwc stream (no LWCSTRM magic)")
        name, chunk, size = _stream.peek_header(head)
        head += _read_exactly(fileobj, max(size - len(head), 0))
        name, chunk, size = _stream.peek_header(head)
        if name is None or len(head) < size:
            raise ValueError("truncated lwc stream header")
        if aead is not None and _scheme_name(aead).lower() != name:
            raise ValueError(f"the stream is for {name}, not {_scheme_name(aead)}")
        self.scheme, self.chunk_size = name, chunk
        self._d = _stream.Decryptor(name, key, head)
        self._sealed = chunk + self._d.tag_size
        self._ahead = b""  # the byte read past the previous chunk
        self._plain = b""
        self._pos = 0
        self._done = False

    def readable(self):
        return True

    def _next_chunk(self):
        data = self._ahead + _read_exactly(self._f, self._sealed + 1 - len(self._ahead))
        last = len(data) <= self._sealed
        self._ahead = b"" if last else data[self._sealed:]
        self._plain = self._d.pull(data[: self._sealed], last)
        self._pos = 0
        if last:
            self._d.finish()
            self._done = True

    def readinto(self, b):
        while self._pos == len(self._plain) and not self._done:
            self._next_chunk()
        n = min(len(b), len(self._plain) - self._pos)
        b[:n] = self._plain[self._pos : self._pos + n]
        self._pos += n
        return n

    def finish(self):
        """Reads to the end; raises InvalidTag unless every chunk verified."""
        while not self._done:
            self._next_chunk()


def open(fileobj, mode="rb", *, key, aead=None, chunk_size=DEFAULT_CHUNK_SIZE):
    """A writer ("wb": aead required) or a buffered reader ("rb") on a binary file object."""
    if mode == "wb":
        if aead is None:
            raise ValueError("writing a stream needs aead=")
        return StreamWriter(fileobj, aead, key, chunk_size)
    if mode == "rb":
        return io.BufferedReader(StreamReader(fileobj, key, aead), buffer_size=chunk_size)
    raise ValueError(f"mode must be 'rb' or 'wb', not {mode!r}")


def encrypt(aead, key, data, chunk_size=DEFAULT_CHUNK_SIZE):
    """The stream of data, sealed with aead under key (a fresh random salt)."""
    out = io.BytesIO()
    with StreamWriter(out, aead, key, chunk_size) as w:
        w.write(data)
        w.close()
        return out.getvalue()


def decrypt(key, data, aead=None):
    """The plaintext of a whole stream; InvalidTag unless every chunk verified."""
    r = StreamReader(io.BytesIO(data), key, aead)
    return r.readall()
