"""The whole-file check of a large library, run beside its first reads instead of before.

``PRAGMA quick_check`` reads every page of the file: 1.3 s for a library of 100,000
characters (315 MB, most of it revisions) on a busy machine, more than the roster may take
to show its first rows. What the check protects is that nothing is written into a damaged
file (the damage would spread, and the copy kept before a rebuild would be of a file made
worse). So a large library is opened after the cheap checks alone (its header, its schema),
the whole-file check runs on a connection of its own in a thread, and the first write waits
for its answer: reads may start at once, no write happens before the file passed.

When the late check finds damage, writes stay refused for this session and a marker file
beside the library (``<name>.needs-check``) makes the next open check the whole file first,
so it keeps a copy and rebuilds as an open that found the damage itself would.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

DEFERRED_CHECK_BYTES = 64 * 1024 * 1024  # a file this large is checked beside its first reads


def marker(path: Path) -> Path:
    """The file that says the library's last late check found damage."""
    return path.with_name(path.name + ".needs-check")


def check_first(path: Path) -> bool:
    """Whether opening ``path`` must check the whole file before any use: a small file
    (the check is quick), or one whose last late check found damage."""
    try:
        large = path.stat().st_size >= DEFERRED_CHECK_BYTES
    except OSError:
        return True
    return not large or marker(path).exists()


class DeferredCheck:
    """The whole-file check of ``path`` in a thread of its own; ``problem`` waits for it."""

    def __init__(self, path: Path, connect: Callable[[], sqlite3.Connection]) -> None:
        self._path = path
        self._connect = connect
        self._problem: str | None = None
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._cancelled = False
        self._thread = threading.Thread(target=self._run, name="library check", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            connection = self._connect()
        except sqlite3.Error as exc:
            self._problem = str(exc)
            return
        with self._lock:
            if self._cancelled:
                connection.close()
                return
            self._connection = connection
        try:
            results = [row[0] for row in connection.execute("PRAGMA quick_check(5)")]
            if results != ["ok"]:
                self._problem = "integrity check: " + "; ".join(results)
        except sqlite3.OperationalError as exc:
            if not self._cancelled:
                self._problem = str(exc)
        except sqlite3.DatabaseError as exc:
            self._problem = str(exc)
        finally:
            with self._lock:
                self._connection = None
            connection.close()

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def problem(self) -> str | None:
        """What the check found (None: the file is sound), once it has finished; a
        problem found leaves the marker that makes the next open check first."""
        self._thread.join()
        if self._problem is not None and not self._cancelled:
            try:
                marker(self._path).touch(mode=0o600)
            except OSError:
                pass  # the session still refuses writes; only the next open's check is lost
        return self._problem

    def cancel(self) -> None:
        """Stop the check (the library is closing)."""
        with self._lock:
            self._cancelled = True
            if self._connection is not None:
                self._connection.interrupt()
        self._thread.join()
