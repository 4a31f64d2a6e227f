"""lwcrypto.stream: the stream format as file objects and bytes helpers."""
import io
import pathlib

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


@pytest.mark.parametrize("cut", [84 + 80, 84 + 80 * 2, 84 + 80 * 2 + 3])
def test_truncation(cut):
    with pytest.raises((lwcrypto.InvalidTag, RuntimeError)):
        stream.decrypt(KEY, sealed_sample()[:cut])


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
