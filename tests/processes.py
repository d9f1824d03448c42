"""Processes for tests that need one to be gone."""

from __future__ import annotations

import subprocess
import sys


def dead_pid() -> int:
    """The id of a process that has just ended (as an autosave's writer after a crash)."""
    done = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout)
