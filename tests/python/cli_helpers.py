# SPDX-License-Identifier: MIT
"""What the lwc tests share: running the installed command in a subprocess, as users run
it (the console script, and python -m lwcrypto), and a key file."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

KAT_DIR = Path(__file__).resolve().parents[1] / "kat"
LWC = [str(Path(sys.executable).with_name("lwc"))]
MODULE = [sys.executable, "-m", "lwcrypto"]
AEAD = "xoodyak"
KEY_HEX_WARNING = b"lwc: warning: --key-hex shows the key to other users"


def run(*args, stdin: bytes = b"", cmd=LWC, cwd=None, env=None,
        **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd + [str(a) for a in args], input=stdin, capture_output=True,
                          cwd=cwd, env=env, timeout=120, **kwargs)


def shell(script: str, cwd=None, **env) -> subprocess.CompletedProcess:
    """A /bin/sh script with $LWC the command, for redirections such as <&- and >/dev/full."""
    return subprocess.run(["sh", "-c", script], capture_output=True, cwd=cwd, timeout=120,
                          env={**os.environ, "LWC": LWC[0], **env})


def first_record(name: str) -> dict:
    """The first record of a scheme's official KAT file, values as hex strings."""
    text = (KAT_DIR / f"{name}.txt").read_text().split("\n\n")[0]
    return dict(re.findall(r"^(\w+) = ?(\w*)$", text, re.M))


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    path = tmp_path / "key"
    assert run("keygen", "-a", AEAD, "-o", path).returncode == 0
    return path
