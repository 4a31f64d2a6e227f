# SPDX-License-Identifier: MIT
"""Calls on large inputs release the GIL: other Python threads run during them, several
calls proceed in parallel, the inputs stay pinned, and the results stay correct."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import lwcrypto

BIG = 16 << 20  # long enough (tens of ms) to be seen from another thread


def longest_pause_during(call) -> tuple[float, float]:
    """(duration of call() in a worker thread, longest gap between iterations of a Python
    loop in this thread meanwhile). Holding the GIL for the whole call would stall the
    loop for about the call's duration; a call without the GIL leaves gaps of scheduler
    time slices only."""
    started, done = threading.Event(), threading.Event()
    span = []

    def work():
        started.set()
        t0 = time.perf_counter()
        call()
        span.append(time.perf_counter() - t0)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    longest, last = 0.0, time.perf_counter()
    while not done.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    return span[0], longest


@pytest.mark.parametrize("op", ["encrypt", "decrypt", "hash"])
def test_large_calls_let_python_threads_run(op) -> None:
    box = lwcrypto.TinyJambu128(bytes(16))  # the slowest scheme: the longest call
    nonce, data = bytes(12), bytes(BIG)
    sealed = box.encrypt(nonce, data) if op == "decrypt" else None
    call = {"encrypt": lambda: box.encrypt(nonce, data),
            "decrypt": lambda: box.decrypt(nonce, sealed),
            "hash": lambda: lwcrypto.PhotonBeetleHash(data)}[op]
    duration, pause = longest_pause_during(call)
    assert duration > 0.02, "input too small to tell"
    assert pause < duration / 2, f"the loop stalled {pause:.3f} s of a {duration:.3f} s call"


def test_buffer_stays_pinned_while_the_gil_is_released() -> None:
    box = lwcrypto.TinyJambu128(bytes(16))
    buf = bytearray(BIG)
    expected = box.encrypt(bytes(12), bytes(buf))
    started = threading.Event()
    with ThreadPoolExecutor(1) as pool:
        result = pool.submit(lambda: (started.set(), box.encrypt(bytes(12), buf))[1])
        started.wait()
        time.sleep(0.005)  # the call (over 0.1 s) is now reading buf without the GIL
        with pytest.raises(BufferError):
            buf.extend(b"x")  # would move the memory the call is reading
        assert result.result() == expected


def test_parallel_calls_give_the_same_results() -> None:
    box = lwcrypto.XoodyakAead(bytes(range(16)))
    messages = [np.full(1 << 20, i, dtype=np.uint8) for i in range(8)]
    nonces = [bytes([i]) * 16 for i in range(8)]
    alone = [box.encrypt(n, m, b"ad") for n, m in zip(nonces, messages)]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda nm: box.encrypt(nm[0], nm[1], b"ad"), zip(nonces, messages)))
        opened = list(pool.map(lambda ns: box.decrypt(ns[0], ns[1], b"ad"), zip(nonces, together)))
        digests = list(pool.map(lambda m: lwcrypto.Esch256(m).digest(), messages))
    assert together == alone
    assert all(o == m.tobytes() for o, m in zip(opened, messages))
    assert digests == [lwcrypto.Esch256(m.tobytes()).digest() for m in messages]


def test_threads_sharing_one_hash_object() -> None:
    """Updates are serialized: with every thread adding the same chunk, any order gives
    the hash of the chunk repeated."""
    chunk, threads, rounds = bytes(range(256)) * 64, 4, 20  # 16 KiB: without the GIL
    h = lwcrypto.XoodyakHash()

    def add():
        for _ in range(rounds):
            h.update(chunk)
            h.update(b"")  # small updates and digests interleave with the large ones
            h.digest()

    workers = [threading.Thread(target=add) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert h.digest() == lwcrypto.XoodyakHash(chunk * (threads * rounds)).digest()


def test_two_threads_finish_sooner_than_one_doing_both() -> None:
    """Throughput, where the machine has two free cores; skipped when it does not (this
    machine is shared), since the tests above already show the GIL is released."""
    box, nonce, data = lwcrypto.TinyJambu128(bytes(16)), bytes(12), bytes(2 << 20)
    best = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        box.encrypt(nonce, data)
        box.encrypt(nonce, data)
        serial = time.perf_counter() - t0
        with ThreadPoolExecutor(2) as pool:
            t0 = time.perf_counter()
            list(pool.map(lambda _: box.encrypt(nonce, data), range(2)))
            best = max(best, serial / (time.perf_counter() - t0))
        if best > 1.3:
            return
    pytest.skip(f"no second free core now (best speed-up {best:.2f})")
