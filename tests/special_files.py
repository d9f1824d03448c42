"""Special files for tests: pipes, sockets and device nodes made in a temp folder, and a
guard that turns a hang into a failure.

Device nodes need root (``os.mknod``); tests that need one skip otherwise. They are always
made inside ``tmp_path``, never touching the real ``/dev``.
"""

from __future__ import annotations

import os
import socket
import stat
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
NULL, ZERO = (1, 3), (1, 5)  # Linux's /dev/null and /dev/zero
LOOP = (7, 0)  # a block device (/dev/loop0)


def fifo(path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(path)
    return path


def device(path: Path, numbers: tuple[int, int], *, block: bool = False) -> Path:
    """A device node like /dev/null (``NULL``) or /dev/zero (``ZERO``) at ``path``."""
    if not ROOT:
        pytest.skip("making a device node needs root")
    kind = stat.S_IFBLK if block else stat.S_IFCHR
    os.mknod(path, kind | 0o666, os.makedev(*numbers))
    return path


def unix_socket(path: Path) -> tuple[Path, socket.socket]:
    """A bound socket at ``path``; the caller closes the socket."""
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("no Unix sockets here")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(path))
    return path, listener


def within(seconds: float, work: Callable[[], Any], *, unblock: Path | None = None) -> Any:
    """``work()``'s result, or a test failure when it takes longer than ``seconds``.

    A call stuck opening the pipe ``unblock`` is set free before failing (by opening the
    other end), so the thread does not outlive the test.
    """
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = work()
        except BaseException as exc:  # handed to the test's thread
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        if unblock is not None:
            fd = os.open(unblock, os.O_RDWR | os.O_NONBLOCK)
            os.close(fd)
            thread.join(5)
        pytest.fail(f"still running after {seconds} s (blocked on a pipe or a device?)")
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def drain(path: Path) -> tuple[threading.Thread, bytearray]:
    """A reader on the pipe ``path`` in a thread; it collects what arrives until EOF."""
    received = bytearray()
    ready = threading.Event()

    def read() -> None:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        ready.set()
        os.set_blocking(fd, True)
        deadline = time.monotonic() + 30
        try:
            # Wait for a writer: reads return b"" until one opens, then data, then EOF.
            while time.monotonic() < deadline:
                chunk = os.read(fd, 65536)
                if chunk:
                    received.extend(chunk)
                elif received:
                    break
                else:
                    time.sleep(0.01)
        finally:
            os.close(fd)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    ready.wait(5)
    return thread, received
