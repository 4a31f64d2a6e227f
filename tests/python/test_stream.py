# SPDX-License-Identifier: MIT
"""lwcrypto.stream: the stream format as file objects and bytes helpers."""
import gc
import io
import os
import pathlib
import subprocess
import sys

import pytest

import lwcrypto
from lwcrypto import stream

VECTORS = pathlib.Path(__file__).resolve().parents[1] / "stream"
KEY = bytes(range(16))
SIZES = [0, 1, 63, 64, 65, 64 * 3, 1000]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["xoodyak", "tinyjambu-128", "schwaemm256-128", "ascon-aead128"])
def test_round_trip(name, size):
    data = bytes(i % 251 for i in range(size))
    sealed = stream.encrypt(name, KEY, data, chunk_size=64)
    assert sealed.startswith(stream.MAGIC)
    assert stream.decrypt(KEY, sealed) == data
    with stream.open(io.BytesIO(sealed), "rb", key=KEY) as r:
        assert b"".join(iter(lambda: r.read(17), b"")) == data


@pytest.mark.parametrize("name", lwcrypto.aead_algorithms)
def test_every_aead_through_file_objects(name):
    cls = lwcrypto.aead(name)
    key = bytes(range(cls.key_size))
    f = io.BytesIO()
    with stream.open(f, "wb", aead=cls, key=key, chunk_size=100) as w:
        for part in (b"a" * 7, b"b" * 300, b"c" * 93):
            w.write(part)
    with stream.open(io.BytesIO(f.getvalue()), "rb", key=key, aead=name) as r:
        assert r.read() == b"a" * 7 + b"b" * 300 + b"c" * 93


def sealed_sample():
    return stream.encrypt("xoodyak", KEY, bytes(300), chunk_size=64)


def test_tampered_chunk_raises_and_returns_nothing_of_it():
    s = bytearray(sealed_sample())
    s[84 + 64 + 16 + 5] ^= 1  # second chunk
    r = stream.open(io.BytesIO(bytes(s)), "rb", key=KEY)
    assert r.read(64) == bytes(64)  # the first chunk verified
    with pytest.raises(lwcrypto.InvalidTag):
        r.read(64)


@pytest.mark.parametrize("cut", [84 + 80, 84 + 80 * 2, 84 + 80 * 2 + 3, 84 + 4 * 80 + 2, 84 + 10, 30])
def test_truncation(cut):
    """Cut anywhere (at a chunk boundary, inside a chunk, inside the final tag, inside the
    header): DamagedStream, which is an InvalidTag and a StreamError (issue 29)."""
    with pytest.raises(stream.DamagedStream) as e:
        stream.decrypt(KEY, sealed_sample()[:cut])
    assert isinstance(e.value, lwcrypto.InvalidTag) and isinstance(e.value, stream.StreamError)


def test_one_exception_family_for_input_that_is_no_valid_stream():
    s = sealed_sample()
    version2 = s[:7] + b"\x02" + s[8:]
    with pytest.raises(stream.NotAStream, match="^unsupported stream format version$"):
        stream.decrypt(KEY, version2)
    with pytest.raises(stream.NotAStream, match="no LWCSTRM magic"):
        stream.decrypt(KEY, b"X" + s[1:])
    chunk0 = s[:8] + bytes(4) + s[12:]
    with pytest.raises(stream.NotAStream):
        stream.decrypt(KEY, chunk0)
    with pytest.raises(stream.SchemeMismatch):
        stream.decrypt(KEY, s, aead="tinyjambu-128")
    for bad in (s + b"\0", s[:-1], s[:100] + bytes([s[100] ^ 1]) + s[101:]):
        with pytest.raises(stream.DamagedStream):
            stream.decrypt(KEY, bad)
    with pytest.raises(stream.DamagedStream):
        stream.decrypt(bytes(16), s)
    for cls in (stream.NotAStream, stream.SchemeMismatch, stream.DamagedStream):
        assert issubclass(cls, stream.StreamError) and issubclass(cls, ValueError)


def test_a_range_at_the_end_of_a_cut_file_verifies_the_final_chunk():
    """A reader that asks for "everything after offset N" of a file cut at N is told it was
    cut, not "nothing new"; and a genuine header with 16 random bytes is no empty file."""
    s = stream.encrypt("xoodyak", KEY, bytes(1000), chunk_size=64)
    cut = io.BytesIO(s[:84 + 5 * 80])
    for start in (320, 1000, 1 << 40):
        with pytest.raises(stream.DamagedStream):
            stream.decrypt_range(KEY, cut, start, 1 << 63)
        with pytest.raises(stream.DamagedStream):
            list(stream.iter_decrypt_range(KEY, cut, start, 1 << 63))
    assert stream.decrypt_range(KEY, cut, 10, 100) == bytes(90)  # before the end: its chunks only
    noise = io.BytesIO(s[:84] + os.urandom(16))
    with pytest.raises(stream.DamagedStream):
        stream.decrypt_range(KEY, noise, 0, 1 << 63)
    assert stream.decrypt_range(KEY, io.BytesIO(s), 1000, 1 << 63) == b""  # intact: verified


def test_iter_decrypt_range_gives_the_range_one_chunk_at_a_time():
    data = os.urandom(1000)
    f = io.BytesIO(stream.encrypt("xoodyak", KEY, data, chunk_size=64))
    for start, end in [(0, 1000), (5, 700), (64, 128), (999, 5000), (30, 31)]:
        parts = list(stream.iter_decrypt_range(KEY, f, start, end))
        assert b"".join(parts) == data[start:end] == stream.decrypt_range(KEY, f, start, end)
        assert all(0 < len(p) <= 64 for p in parts)
    bad = bytearray(f.getvalue())
    bad[84 + 3 * 80 + 1] ^= 1  # chunk 3
    got = []
    with pytest.raises(stream.DamagedStream):
        for part in stream.iter_decrypt_range(KEY, io.BytesIO(bytes(bad)), 0, 1000):
            got.append(part)
    assert b"".join(got) == data[:192]  # the three verified chunks before it


def test_appended_data_and_wrong_key():
    with pytest.raises(lwcrypto.InvalidTag):
        stream.decrypt(KEY, sealed_sample() + b"\0")
    with pytest.raises(lwcrypto.InvalidTag):
        stream.decrypt(bytes(16), sealed_sample())
    with pytest.raises(ValueError):
        stream.decrypt(KEY, sealed_sample(), aead="tinyjambu-128")
    with pytest.raises(ValueError):
        stream.decrypt(KEY, b"nonce and ciphertext, no magic")


def test_failed_write_leaves_no_final_chunk():
    f = io.BytesIO()
    with pytest.raises(KeyError):
        with stream.open(f, "wb", aead="xoodyak", key=KEY, chunk_size=64) as w:
            w.write(bytes(100))
            raise KeyError
    with pytest.raises(lwcrypto.InvalidTag):
        stream.decrypt(KEY, f.getvalue())


def test_an_abandoned_writer_does_not_seal_its_stream():
    """Only close() (or leaving a with block without an exception) ends a stream: a writer
    dropped unclosed leaves a stream that fails verification (issue 29)."""
    f = io.BytesIO()
    w = stream.open(f, "wb", aead="xoodyak", key=KEY, chunk_size=64)
    w.write(bytes(1000))
    del w
    gc.collect()
    with pytest.raises((lwcrypto.InvalidTag, RuntimeError, ValueError)):
        stream.decrypt(KEY, f.getvalue())


def test_a_writer_alive_at_exit_does_not_seal_its_stream(tmp_path):
    path = tmp_path / "s.lwc"
    program = ("import lwcrypto.stream as s, sys\n"
               f"f = open({str(path)!r}, 'wb')\n"
               "w = s.open(f, 'wb', aead='xoodyak', key=bytes(16), chunk_size=64)\n"
               "w.write(bytes(1000))\n"
               "f.flush()\n")
    subprocess.run([sys.executable, "-c", program], check=True)
    assert len(path.read_bytes()) > 0
    with pytest.raises((lwcrypto.InvalidTag, RuntimeError, ValueError)):
        stream.decrypt(bytes(16), path.read_bytes())


def test_a_scheme_name_that_is_not_ascii_is_not_a_stream():
    """Not a conversion error from the extension: the header is refused (issue 29)."""
    s = bytearray(stream.encrypt("xoodyak", KEY, bytes(100), 64))
    s[45] = 0xFF  # the scheme name's first byte
    with pytest.raises(stream.NotAStream, match="not an lwc stream"):
        stream.decrypt(KEY, bytes(s))


def records(path):
    rec = {}
    for line in path.read_text().splitlines():
        if " = " in line:
            k, v = line.split(" = ", 1)
            rec[k] = v.strip()
            if k == "Stream":
                yield rec
                rec = {}


@pytest.mark.parametrize("path", sorted(VECTORS.glob("*.txt")), ids=lambda p: p.stem)
def test_spec_vectors_decrypt(path):
    n = 0
    for rec in records(path):
        key, pt = bytes.fromhex(rec["Key"]), bytes.fromhex(rec["PT"])
        assert stream.decrypt(key, bytes.fromhex(rec["Stream"]), aead=path.stem) == pt
        n += 1
    assert n > 0


@pytest.mark.parametrize("name", ["xoodyak", "schwaemm256-128", "ascon-aead128"])
def test_iterators_equal_the_bytes_helpers(name):
    data = bytes(i % 251 for i in range(5000))
    parts = list(stream.iter_encrypt(name, KEY, io.BytesIO(data), chunk_size=1024))
    assert len(parts) == 1 + 5  # the header, then 4 full chunks and the final one
    sealed = b"".join(parts)
    assert stream.decrypt(KEY, sealed) == data
    chunks = list(stream.iter_decrypt(KEY, io.BytesIO(sealed)))
    assert [len(c) for c in chunks] == [1024] * 4 + [904] and b"".join(chunks) == data
    empty = b"".join(stream.iter_encrypt(name, KEY, io.BytesIO(b"")))
    assert stream.decrypt(KEY, empty) == b""


class CountingReader(io.BytesIO):
    """A file that counts the bytes read from it."""

    def __init__(self, data):
        super().__init__(data)
        self.bytes_read = 0

    def read(self, n=-1):
        out = super().read(n)
        self.bytes_read += len(out)
        return out


def test_range_reads_only_the_chunks_that_cover_it():
    chunk = 4096
    data = bytes(i % 251 for i in range(256 * chunk))
    f = CountingReader(stream.encrypt("xoodyak", KEY, data, chunk_size=chunk))
    sealed_chunk = chunk + lwcrypto.XoodyakAead.tag_size
    header = 77 + len("xoodyak")
    for start in (100 * chunk - 512, 100 * chunk + 7, len(data) - 1024):  # across a boundary, inside
        f.bytes_read = 0
        assert stream.decrypt_range(KEY, f, start, start + 1024) == data[start:start + 1024]
        assert f.bytes_read <= header + 2 * sealed_chunk
    assert stream.decrypt_range(KEY, f, 10, 5) == b""
    assert stream.decrypt_range(KEY, f, len(data) - 3, 1 << 40) == data[-3:]
    with pytest.raises(ValueError, match="must not be negative"):
        stream.decrypt_range(KEY, f, -1, 5)
    bad = bytearray(f.getvalue())
    bad[header + 100 * sealed_chunk + 5] ^= 1  # chunk 100
    with pytest.raises(lwcrypto.InvalidTag):
        stream.decrypt_range(KEY, io.BytesIO(bad), 100 * chunk - 512, 100 * chunk + 512)
    assert stream.decrypt_range(KEY, io.BytesIO(bad), 0, 100) == data[:100]  # chunk 0 is fine


def test_a_stream_of_another_scheme_is_named():
    sealed = stream.encrypt("ascon-aead128", KEY, b"m")
    with pytest.raises(stream.SchemeMismatch, match="for ascon-aead128, not xoodyak"):
        stream.decrypt(KEY, sealed, aead="xoodyak")
