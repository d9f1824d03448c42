"""Writing several files into one folder: every name checked first, then all written or
none.

A folder export (``sheetapp export`` of several sheets, ``library export`` of several ids,
the app's export of a roster selection) follows the one output policy of
``sheetapp.storage.output_path`` for each file, and adds what only a batch needs:

- names are shortened to what the folder's file system takes (a 300-character character
  name must not stop the batch half way with "File name too long"), keeping the suffix that
  says what the file is, and kept distinct after shortening;
- every target is checked (an input, a folder in the way, a file to replace without
  consent) before anything is written;
- the new bytes are first staged beside their targets as temporary files; only when every
  one is on the disk are they renamed into place, so a full disk or a refused name leaves
  the folder as it was. A target that is a link or a stream is written by
  ``write_atomic`` after the staging, as a single file would be.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from sheetapp.storage.atomic import TEMP_PREFIX, TEMP_SUFFIX, fsync_folder, write_atomic
from sheetapp.storage.output_path import PathLike, check_output

DEFAULT_NAME_MAX = 255  # bytes: every common file system's limit when the folder cannot say
# Room kept for the temporary name a file is staged under (".sheetapp-NAME.XXXXXXXX.tmp").
_STAGING_ROOM = len(TEMP_PREFIX) + len(TEMP_SUFFIX) + 10


def name_max(folder: PathLike) -> int:
    """The longest file name, in bytes, the file system of ``folder`` (or of its nearest
    existing parent) takes."""
    place = Path(folder)
    while not place.exists() and place != place.parent:
        place = place.parent
    try:
        return int(os.pathconf(place, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):  # Windows has no pathconf
        return DEFAULT_NAME_MAX


def fit_names(names: Sequence[str], limit: int, *, suffix: str = "") -> list[str]:
    """``names`` shortened to at most ``limit`` UTF-8 bytes, with room to stage each under
    a temporary name, cut on a character boundary before ``suffix`` (or the last dot), and
    still distinct.

    >>> fit_names(["a" * 300 + ".sheet.json", "b.json"], 40, suffix=".sheet.json")
    ['aaaaa.sheet.json', 'b.json']
    """
    room = max(limit - _STAGING_ROOM, 16)
    out: list[str] = []
    for name in names:
        end = suffix if suffix and name.endswith(suffix) else Path(name).suffix
        stem = name[: len(name) - len(end)] if end else name
        candidate, number = _cut(stem, end, room), 2
        while candidate in out:
            candidate = _cut(stem, f"-{number}{end}", room)
            number += 1
        out.append(candidate)
    return out


def _cut(stem: str, end: str, room: int) -> str:
    budget = room - len(end.encode("utf-8"))
    data = stem.encode("utf-8")[: max(budget, 1)]
    return data.decode("utf-8", "ignore").rstrip("-_ .") + end if data else "file" + end


def write_folder(
    folder: PathLike,
    files: Sequence[tuple[str, bytes]],
    *,
    inputs: Iterable[PathLike] = (),
    replace: bool,
    suffix: str = "",
) -> list[Path]:
    """Write ``files`` (name, bytes) into ``folder``, made if missing; the paths written.

    Raises an ``OSError`` naming the first refused target before anything is written, or
    the failure that stopped the staging, with the folder left as it was.
    """
    target = Path(folder)
    existing = _stat(target)
    if existing is not None and not stat.S_ISDIR(existing.st_mode):
        raise OSError(errno.ENOTDIR, "it is a file; several files go into a folder", str(target))
    names = fit_names([n for n, _ in files], name_max(target), suffix=suffix)
    paths = [target / n for n in names]
    sources = list(inputs)
    for path in paths:
        check_output(path, inputs=sources, replace=replace)
    made = existing is None
    target.mkdir(parents=True, exist_ok=True)
    try:
        _write_all_or_none(paths, [data for _, data in files])
    except BaseException:
        if made:
            with contextlib.suppress(OSError):
                target.rmdir()  # only when still empty
        raise
    return paths


def _write_all_or_none(paths: list[Path], contents: list[bytes]) -> None:
    plain = [(p, d) for p, d in zip(paths, contents, strict=True) if _plain_target(p)]
    others = [(p, d) for p, d in zip(paths, contents, strict=True) if not _plain_target(p)]
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in plain:
            staged.append((_stage(path, data), path))
    except BaseException:
        for temp, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(temp)
        raise
    for temp, path in staged:
        os.replace(temp, path)
    if staged:
        fsync_folder(paths[0].parent)
    for path, data in others:
        write_atomic(path, data)


def _plain_target(path: Path) -> bool:
    """A name that is new or one ordinary file with one name: replaced by a rename."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return True
    return stat.S_ISREG(info.st_mode) and info.st_nlink == 1


def _stage(path: Path, data: bytes) -> str:
    old = _stat(path)
    fd, temp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temp, (old.st_mode & 0o777) if old is not None else 0o666 & ~mask)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp


def _stat(path: PathLike) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
