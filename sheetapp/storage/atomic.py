"""Atomic file replacement: a reader, or a crash, sees the old file or the new one, whole.

The new bytes go to a temporary file beside the target, are flushed to the disk, and only
then replace the target in one rename. Temporary files carry a recognisable name so a
later start can clean up after a crash.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path

TEMP_PREFIX = ".sheetapp-"
TEMP_SUFFIX = ".tmp"


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, temp_name = tempfile.mkstemp(
        prefix=TEMP_PREFIX + target.name + ".", suffix=TEMP_SUFFIX, dir=folder
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if target.exists():
            with contextlib.suppress(OSError):
                os.chmod(temp_name, target.stat().st_mode & 0o777)
        else:
            os.chmod(temp_name, 0o666 & ~_umask())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    fsync_folder(folder)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def fsync_folder(folder: Path) -> None:
    """Make a rename or removal in ``folder`` durable; not possible on every platform,
    hence best effort."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def stale_temp_files(folder: str | os.PathLike[str]) -> list[Path]:
    """Temporary files a crash left behind in ``folder``."""
    return sorted(Path(folder).glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"))


def remove_stale_temp_files(
    folder: str | os.PathLike[str], *, older_than_s: float = 600.0
) -> list[Path]:
    """Delete what a crash mid-save left in ``folder``; returns what was removed.

    Only files older than ``older_than_s`` go: a younger one may belong to a save another
    sheetapp is making right now, and a save takes milliseconds, not minutes.
    """
    removed = []
    cutoff = time.time() - older_than_s
    for temp in stale_temp_files(folder):
        with contextlib.suppress(OSError):
            if temp.stat().st_mtime < cutoff:
                temp.unlink()
                removed.append(temp)
    return removed
