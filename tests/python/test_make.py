# SPDX-License-Identifier: MIT
"""The Makefile's front door: `make run` installs what the main job needs and no test
tool (issue 15, item 7)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parents[2]
TEST_TOOLS = ("libgtest-dev", "libbenchmark-dev", "clang", "valgrind", "--group dev")


def planned(target: str) -> str:
    """Every command `make <target>` would run from scratch (make -n -B prints them)."""
    run = subprocess.run(["make", "-n", "-B", "-C", str(TOP), target, "VENV=/nonexistent-venv"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_run_installs_no_test_tools() -> None:
    plan = planned("run")
    assert "ninja-build" in plan and "--group build" in plan  # it does install what it needs
    assert not [tool for tool in TEST_TOOLS if tool in plan]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_test_installs_the_test_tools() -> None:
    plan = planned("test")
    assert all(tool in plan for tool in TEST_TOOLS)
