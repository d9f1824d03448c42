"""Reading a file a person named, without letting the file decide how long or how much.

A name on the command line or in an open dialog can point at anything: a named pipe that
never sends a byte (``open`` alone would wait forever for a writer), ``/dev/zero`` (endless,
though ``os.path.getsize`` says 0), a folder, or a file of gigabytes. Every reader of such a
file goes through here: only regular files are read, the pipe check happens without
blocking (``O_NONBLOCK``, then ``fstat``), and the size limit holds while reading (at most
``limit + 1`` bytes are ever read), not from a size looked up beforehand.

It sits at the top of the package so the storage layer and the pure systems layer can both
use it (``sheetapp.systems`` must not import ``sheetapp.storage``).
"""

from __future__ import annotations

import errno
import os
import stat

from sheetapp.i18n import N_, TranslatedTable, _

CHUNK = 1024 * 1024
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once instead of waiting for a writer
    | getattr(os, "O_NOCTTY", 0)  # a terminal never becomes our controlling terminal
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)  # Windows: no newline translation
)


def json_values_past(text: str, limit: int) -> bool:
    """Whether the JSON ``text`` holds more than ``limit`` values, told from its commas
    and openings outside strings, before any of it is parsed: parsing first would build
    every one of a million tiny values in memory just to count them.

    Counting every comma settles almost every file; one with more has its strings taken
    out first, a megabyte at a time: escaped backslashes and quotes removed, the quotes
    left are the strings' own, and every other piece between them lies outside a string.

    >>> json_values_past('{"a": [1, 2], "b": "x,y,[\\\\\\",{"}', 4)
    True
    >>> json_values_past('{"a": [1, 2], "b": "x,y,[\\\\\\",{"}', 5)
    False
    """
    if text.count(",") + text.count("[") + text.count("{") < limit:
        return False
    count, inside, start = 1, False, 0
    while start < len(text):  # a chunk at a time: the pieces of a chunk are all in memory
        end = min(start + CHUNK, len(text))
        while end < len(text) and text[end - 1] == "\\":
            end += 1  # never between a backslash and what it escapes
        plain = text[start:end].replace("\\\\", "").replace('\\"', "")
        pieces = plain.split('"')
        outside = "".join(pieces[1::2] if inside else pieces[::2])
        count += outside.count(",") + outside.count("[") + outside.count("{")
        if count > limit:
            return True
        inside ^= len(pieces) % 2 == 0  # an odd number of quotes in the chunk
        start = end
    return False


class NotAFileError(OSError):
    """The name leads to something other than a regular file (a pipe, a device, a folder).

    An ``OSError`` so every caller that reports "cannot read" already reports this one; its
    ``strerror`` says what the thing is, in words.
    """


class TooLargeError(OSError):
    """The file holds more bytes than the reader allows; ``strerror`` gives the limit."""


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words a user knows.

    >>> kind_of(stat.S_IFIFO), kind_of(stat.S_IFDIR | 0o755)
    ('a named pipe (FIFO)', 'a folder')
    """
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "not a regular file")


# Why a name is refused for reading, a whole sentence per kind of thing (by ``kind_of``).
_NOT_A_FILE = TranslatedTable(
    {
        "a folder": N_("it is a folder, not a regular file"),
        "a named pipe (FIFO)": N_("it is a named pipe (FIFO), not a regular file"),
        "a character device": N_("it is a character device, not a regular file"),
        "a block device": N_("it is a block device, not a regular file"),
        "a socket": N_("it is a socket, not a regular file"),
        "not a regular file": N_("it is not a regular file"),
    }
)


def _not_a_file(path: str | os.PathLike[str], mode: int) -> NotAFileError:
    return NotAFileError(errno.EINVAL, str(_NOT_A_FILE[kind_of(mode)]), os.fspath(path))


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The start of the regular file at ``path``: all of it, or ``limit + 1`` bytes when it
    is longer, so the caller can tell "too large" apart and say so in its own terms.

    Raises ``NotAFileError`` for anything but a regular file (checked with ``stat`` before
    opening, so a device is never opened, and with ``fstat`` after, for the file actually
    opened) and ``OSError`` when the file cannot be opened or read.
    """
    before = os.stat(path)
    if not stat.S_ISREG(before.st_mode):
        raise _not_a_file(path, before.st_mode)
    fd = os.open(path, _OPEN_FLAGS)
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):  # swapped for a pipe after the first look
            raise _not_a_file(path, opened.st_mode)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(CHUNK, left))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_bounded(path: str | os.PathLike[str], limit: int, *, kind: str) -> bytes:
    """The whole regular file at ``path``, or ``TooLargeError`` when it holds more than
    ``limit`` bytes (``kind`` names what the file should be: "a sheet", "a universe pack")."""
    data = read_limited(path, limit)
    if len(data) > limit:
        raise TooLargeError(
            errno.EFBIG,
            _("it holds more than {size}; {kind} is at most {size}").format(
                size=_size(limit), kind=kind
            ),
            os.fspath(path),
        )
    return data


def _size(count: int) -> str:
    """
    >>> _size(32 * 1024 * 1024), _size(2048), _size(100)
    ('32 MB', '2 KB', '100 bytes')
    """
    for unit, scale in (("MB", 1024 * 1024), ("KB", 1024)):
        if count >= scale and count % scale == 0:
            return f"{count // scale} {unit}"
    return f"{count} bytes"
