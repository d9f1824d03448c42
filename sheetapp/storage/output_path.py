"""Whether a name may be written, asked once by every writer before it makes anything.

The command line and the app share this one policy (docs/file-format.md, "Where a file is
written"):

- never write over a file the same run reads (its inputs), compared by identity (device
  and inode), so a symbolic or hard link to an input is caught as well as the name itself;
- replacing an existing file needs consent: ``--force`` on the command line, a confirmed
  dialog in the app (the caller passes ``replace=True`` once it has it);
- a folder, a socket or a block device is refused; a pipe or a character device
  (``/dev/stdout``, ``/dev/null``) is a stream, written through without consent because
  nothing is replaced.

How the bytes then reach the name (atomically, through links, in place for hard links) is
``sheetapp.storage.atomic.write_atomic``'s part.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable

from sheetapp.i18n import _
from sheetapp.storage.atomic import (
    OutputRefusedError,
    is_stream,
    refusal_for_kind,
    standard_stream,
)

PathLike = str | os.PathLike[str]


class OutputExistsError(OutputRefusedError):
    """The name is an existing file and replacing it was not agreed to."""


def check_output(path: PathLike, *, inputs: Iterable[PathLike] = (), replace: bool) -> None:
    """Raise ``OutputRefusedError`` (an ``OSError``) when writing ``path`` would lose data.

    ``inputs`` are the files this run reads (missing ones are skipped: reading them reports
    that); ``replace`` is the user's consent to replace an existing file.
    """
    info = _stat(path)
    if info is None:
        return
    if not (stat.S_ISREG(info.st_mode) or is_stream(info.st_mode)):
        raise refusal_for_kind(path, info.st_mode)
    for source in inputs:
        other = _stat(source)
        if other is not None and _identity(other) == _identity(info):
            raise OutputRefusedError(
                errno.EEXIST,
                _(
                    "it is the same file as {source}, which is read to make it; choose another name"
                ).format(source=os.fspath(source)),
                os.fspath(path),
            )
    if writes_through(info):
        return  # nothing is replaced
    if not replace:
        raise OutputExistsError(
            errno.EEXIST, _("it exists; choose another name or add --force"), os.fspath(path)
        )


def replaces_a_file(path: PathLike) -> bool:
    """Whether writing ``path`` would replace an existing file (links followed), the case
    that needs the user's consent."""
    info = _stat(path)
    return info is not None and not writes_through(info)


def writes_through(info: os.stat_result) -> bool:
    """Whether a name is a stream, written to rather than replaced: a pipe, a character
    device, or the file this process's stdout or stderr was sent to."""
    return is_stream(info.st_mode) or standard_stream(info) is not None


def written_through(path: PathLike) -> bool:
    """``writes_through`` for a name (False when it is gone)."""
    info = _stat(path)
    return info is not None and writes_through(info)


def same_file(first: PathLike, second: PathLike) -> bool:
    """Whether two names lead to one file: itself, a symbolic link or a hard link to it
    (False when either cannot be looked at)."""
    try:
        return _identity(os.stat(first)) == _identity(os.stat(second))
    except OSError:
        return False


def _identity(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino


def _stat(path: PathLike) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
