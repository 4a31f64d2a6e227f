# SPDX-License-Identifier: MIT
"""The XOF classes (hashlib's SHAKE shape, pyca's squeeze): every one liblwc enumerates,
through the properties the KATs (test_kat.py) do not reach."""

from __future__ import annotations

import threading

import pytest

import lwcrypto

XOFS = list(lwcrypto._lwcrypto.xof_classes)
CUSTOMIZED = [c for c in XOFS if c.max_customization_size > 0]
PLAIN = [c for c in XOFS if c.max_customization_size == 0]
MSG = bytes(range(256)) * 3


def test_enumeration() -> None:
    assert lwcrypto.xof_algorithms and len(XOFS) == len(lwcrypto.xof_algorithms)
    for cls in XOFS:
        assert issubclass(cls, lwcrypto.Xof) and getattr(lwcrypto, cls.__name__) is cls
        assert cls.digest_size == 0 and cls.block_size > 0 and cls.backend
        assert type(lwcrypto.new(cls.name)) is cls and type(lwcrypto.new(cls.name.upper())) is cls
    with pytest.raises(TypeError, match="not a scheme's class"):
        lwcrypto.Xof()


@pytest.mark.parametrize("cls", XOFS, ids=lambda c: c.name)
def test_digest_is_a_prefix_and_does_not_consume(cls) -> None:
    x = cls(MSG)
    long = x.digest(300)
    for n in (0, 1, 15, 16, 17, 64, 299):
        assert x.digest(n) == long[:n]
    assert x.hexdigest(40) == long[:40].hex()
    x.update(b"more")  # digest() did not end absorbing
    assert x.digest(32) == cls(MSG + b"more").digest(32) != long[:32]
    assert lwcrypto.new(cls.name, MSG).digest(300) == long


@pytest.mark.parametrize("cls", XOFS, ids=lambda c: c.name)
def test_squeeze_splits_and_update_after(cls) -> None:
    want = cls(MSG).digest(500)
    b = cls.block_size
    for sizes in ([500], [0, 1, 2, 3, 494], [b - 1, 1, b + 1, 500 - 2 * b - 1], [7] * 71 + [3]):
        assert sum(sizes) == 500
        x = cls()
        for i in range(0, len(MSG), 37):
            x.update(memoryview(MSG)[i:i + 37])
        assert b"".join(x.squeeze(n) for n in sizes) == want
        with pytest.raises(ValueError, match=f"{cls.name}: update\\(\\) after squeeze"):
            x.update(b"x")
        with pytest.raises(ValueError, match="digest\\(\\) after squeeze"):
            x.digest(1)


@pytest.mark.parametrize("cls", XOFS, ids=lambda c: c.name)
def test_copy_is_independent(cls) -> None:
    x = cls(b"abc")
    y = x.copy()
    assert type(y) is cls
    y.update(b"def")
    assert x.digest(40) == cls(b"abc").digest(40) and y.digest(40) == cls(b"abcdef").digest(40)
    head = x.squeeze(10)  # a copy of a squeezing object continues its stream
    z = x.copy()
    assert z.squeeze(30) == x.squeeze(30) == cls(b"abc").digest(40)[10:]
    assert head == cls(b"abc").digest(10)


@pytest.mark.parametrize("cls", XOFS, ids=lambda c: c.name)
def test_errors_name_the_scheme(cls) -> None:
    x = cls()
    with pytest.raises(ValueError, match=f"{cls.name}: .*>= 0"):
        x.digest(-1)
    with pytest.raises(TypeError, match=f"{cls.name}: .*int"):
        x.squeeze(1.5)
    with pytest.raises(TypeError, match=f"{cls.name}: .*missing"):
        x.digest()
    with pytest.raises(TypeError, match=f"{cls.name}: data must be a bytes-like"):
        x.update("text")
    with pytest.raises(TypeError, match=cls.name):
        cls(b"", b"positional")


@pytest.mark.parametrize("cls", PLAIN, ids=lambda c: c.name)
def test_customization_refused_where_none(cls) -> None:
    with pytest.raises(TypeError, match=f"{cls.name} takes no customization"):
        cls(b"abc", customization=b"z")
    assert cls(customization=b"").digest(8) == cls().digest(8)


@pytest.mark.parametrize("cls", CUSTOMIZED, ids=lambda c: c.name)
def test_customization(cls) -> None:
    longest = bytes(cls.max_customization_size)
    assert cls(b"m", customization=longest).digest(16) != cls(b"m").digest(16)
    assert cls(b"m", customization=b"a").digest(16) != cls(b"m", customization=b"b").digest(16)
    assert lwcrypto.new(cls.name, b"m", customization=b"a").digest(16) == \
        cls(b"m", customization=bytearray(b"a")).digest(16)
    x = cls(customization=b"app")
    y = x.copy()  # the copy keeps the customization
    assert y.digest(16) == cls(customization=b"app").digest(16)
    with pytest.raises(ValueError, match=f"{cls.name}: customization must be at most "
                                         f"{cls.max_customization_size} bytes, got "
                                         f"{cls.max_customization_size + 1}"):
        cls(customization=longest + b"\0")


@pytest.mark.parametrize("cls", XOFS, ids=lambda c: c.name)
def test_large_inputs_from_threads(cls) -> None:
    """Large updates and outputs release the GIL; a shared object stays consistent."""
    x = cls()
    chunk = bytes(5000)
    threads = [threading.Thread(target=x.update, args=(chunk,)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert x.digest(4096) == cls(chunk * 4).digest(4096)
