# SPDX-License-Identifier: MIT
"""The progress line on stderr, and sizes in human units."""

from __future__ import annotations

import shutil
import sys
import threading
import time


def human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" or n == int(n) else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


# When the command started: progress indicators count their delay from here, so that a
# job of several phases (read, encrypt, write) over a second in all shows its progress.
STARTED = time.monotonic()


class Progress:
    """A one-line indicator on stderr, drawn by a background thread.

    It appears only on a terminal and only `delay` seconds after `since` (the command's
    start), so short jobs and pipes see nothing extra. The worker calls advance(); the
    extension releases the GIL on large inputs, which lets the thread draw during a long call.
    """

    def __init__(self, label: str, total: int | None = None, unit: str = "B",
                 stream=None, delay: float = 1.0, since: float | None = None,
                 interval: float = 0.1) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()
        self.wait = max(0.0, (STARTED if since is None else since) + delay - self.start)
        self.interval = interval
        self.shown = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if self.stream is not None and self.stream.isatty():
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()

    def advance(self, n: int = 1) -> None:
        self.done += n

    def _run(self) -> None:
        if self._stop.wait(self.wait):
            return
        while True:
            self._draw()
            if self._stop.wait(self.interval):
                return

    def line(self, width: int = 79) -> str:
        """The indicator, the label shortened from the left to fit `width` columns."""
        elapsed = max(time.monotonic() - self.start, 1e-9)
        parts = []
        if self.total:
            filled = min(20, 20 * self.done // self.total)
            parts.append(f"[{'#' * filled}{'.' * (20 - filled)}]")
        if self.unit == "B" and (self.done or self.total):
            parts.append(human(self.done) + (f"/{human(self.total)}" if self.total else ""))
            parts.append(f"{human(self.done / elapsed)}/s")
        elif self.total:
            parts.append(f"{self.done}/{self.total}")
        parts.append(f"{elapsed:.0f} s")
        tail = " " + " ".join(parts)
        room = width - len(tail)
        label = self.label if len(self.label) <= room else "..." + self.label[3 - room:]
        return (label + tail)[:width]

    def _draw(self) -> None:
        try:
            self.stream.write("\r" + self.line(shutil.get_terminal_size().columns - 1) + "\x1b[K")
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: the work goes on without it
            self._stop.set()
            return
        self.shown = True

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.shown:
            try:
                self.stream.write("\r\x1b[K")  # leave the terminal line as it was
                self.stream.flush()
            except (OSError, ValueError):
                pass

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
