"""Writing a file so that nothing is lost, whatever the name leads to.

A regular file is replaced atomically: the new bytes go to a temporary file beside it, are
flushed to the disk, and only then replace it in one rename, so a reader or a crash sees the
old file or the new one, whole. Temporary files carry a recognisable name so a later start
can clean up after a crash.

What the name leads to decides the rest (see "Where a file is written" in
docs/file-format.md):

- a symbolic link is followed: its target is replaced, atomically, in the target's own
  folder, so the link stays a link and the file it names gets the new bytes;
- a file with more than one name (hard links) cannot be renamed over without the other
  names keeping the old bytes, so it is written in place: the old bytes are first copied
  to ``.sheetapp-NAME.XXXX.backup`` beside it and flushed, the file is overwritten and
  flushed, then the copy is removed. A crash in between leaves that copy (never cleaned up
  automatically) and the file whole or half-written; the copy is how nothing is lost;
- a named pipe or a character device (``/dev/stdout``, ``/dev/null``) is written through:
  opened and written, never replaced, so ``-o /dev/null`` leaves the device in place. A
  pipe nobody reads is refused at once instead of waiting. The file this process's stdout
  or stderr goes to (``-o /dev/stdout > out.pdf``) is written through that descriptor;
- a folder, a socket or a block device is refused with ``OutputRefusedError``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import sys
import tempfile
import time
from pathlib import Path

from sheetapp.bounded_read import kind_of
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import N_, TranslatedTable, _

TEMP_PREFIX = ".sheetapp-"
TEMP_SUFFIX = ".tmp"
BACKUP_SUFFIX = ".backup"  # not a TEMP_SUFFIX: clearing stale temp files never removes it
PRIVATE = 0o600  # the mode of files only their owner should read (autosaves)
_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # POSIX only; Windows has no named pipes in folders


class OutputRefusedError(OSError):
    """A name that cannot or must not be written; ``strerror`` says why in words.

    An ``OSError`` so every writer's existing "cannot write" handling reports it.
    """


def write_atomic(path: str | os.PathLike[str], data: bytes, *, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` as the module docstring describes, by what ``path`` is.

    ``mode`` gives the file these permission bits (``PRIVATE`` for an autosave); without
    it a replaced file keeps its own and a new one gets the default (``0o666`` less the
    umask).
    """
    try:
        info: os.stat_result | None = os.stat(path)  # through any symbolic links
    except FileNotFoundError:
        info = None
    own = standard_stream(info)
    if own is not None:
        with contextlib.suppress(AttributeError, OSError, ValueError):
            (sys.stdout if own == 1 else sys.stderr).flush()  # text printed before stays first
        _write_all(own, data)
        return
    if info is not None and not stat.S_ISREG(info.st_mode):
        if is_stream(info.st_mode):
            _write_through(path, data, info.st_mode)
            return
        raise refusal_for_kind(path, info.st_mode)
    target = _real_target(path, info)
    if info is not None and info.st_nlink > 1:
        if mode is not None:
            os.chmod(target, mode)  # before the new bytes arrive, not after
        _write_in_place(target, data)
    else:
        _replace(target, data, info, mode)


def is_stream(mode: int) -> bool:
    """A named pipe or character device: written through, never replaced."""
    return stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)


def standard_stream(info: os.stat_result | None) -> int | None:
    """The descriptor of this process's stdout or stderr when ``info`` is that file.

    ``-o /dev/stdout`` with stdout sent to a file (``> out.pdf``) names that regular file;
    writing to the descriptor itself, where the shell put it (at its offset, appending for
    ``>>``), is what was asked, where replacing the file would leave stdout unlinked.
    """
    if info is None:
        return None
    for fd in (1, 2):
        with contextlib.suppress(OSError):
            if _identity(os.fstat(fd)) == _identity(info):
                return fd
    return None


# Why an existing name is refused for writing, a whole sentence per kind (by ``kind_of``).
_NOT_WRITTEN = TranslatedTable(
    {
        "a folder": N_("it is a folder; name a file to write"),
        "a named pipe (FIFO)": N_("it is a named pipe (FIFO); name a file to write"),
        "a character device": N_("it is a character device; name a file to write"),
        "a block device": N_("it is a block device; name a file to write"),
        "a socket": N_("it is a socket; name a file to write"),
        "not a regular file": N_("it is not a regular file; name a file to write"),
    }
)


def refusal_for_kind(path: str | os.PathLike[str], mode: int) -> OutputRefusedError:
    """The refusal of an existing name that is neither a file nor a stream to write to."""
    return OutputRefusedError(
        errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL,
        str(_NOT_WRITTEN[kind_of(mode)]),
        os.fspath(path),
    )


def _real_target(path: str | os.PathLike[str], info: os.stat_result | None) -> Path:
    """The file a name leads to, links followed, so a save replaces the file, not the link."""
    target = Path(os.path.realpath(path))
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(
            errno.ENOENT, _("the folder {folder} does not exist").format(folder=folder), str(path)
        )
    if info is not None:
        try:
            same = _identity(os.stat(target)) == _identity(info)
        except OSError:
            same = False
        if not same:  # e.g. /proc/self/fd/N of a deleted file
            raise OutputRefusedError(
                errno.EINVAL, _("cannot tell which file this name leads to"), os.fspath(path)
            )
    return target


def _identity(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino


def _replace(target: Path, data: bytes, old: os.stat_result | None, mode: int | None) -> None:
    folder = target.parent
    fd, temp_name = tempfile.mkstemp(
        prefix=TEMP_PREFIX + target.name + ".", suffix=TEMP_SUFFIX, dir=folder
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(temp_name, mode)
        elif old is not None:
            with contextlib.suppress(OSError):
                os.chmod(temp_name, old.st_mode & 0o777)
        else:
            os.chmod(temp_name, 0o666 & ~_umask())
        if old is not None and hasattr(os, "chown"):
            # Run as another user (root), keep the file its owner's; refused otherwise.
            with contextlib.suppress(OSError):
                os.chown(temp_name, old.st_uid, old.st_gid)
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    fsync_folder(folder)


def _write_in_place(target: Path, data: bytes) -> None:
    """Overwrite a file that has other names, keeping a copy of the old bytes until the
    new ones are on the disk (see the module docstring)."""
    # os.urandom is what secrets.token_hex reads; the secrets module itself would bring
    # hashlib and OpenSSL into the window's start-up, which imports this module.
    backup = target.with_name(f"{TEMP_PREFIX}{target.name}.{os.urandom(4).hex()}{BACKUP_SUFFIX}")
    try:
        created = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, PRIVATE)
        with open(target, "rb") as source, os.fdopen(created, "wb") as copy:
            shutil.copyfileobj(source, copy)
            copy.flush()
            os.fsync(copy.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(backup)
        raise
    fsync_folder(target.parent)
    try:
        _overwrite(target, data)
    except BaseException as exc:
        if not _restore(target, backup) and isinstance(exc, OSError):
            raise OSError(
                exc.errno,
                _("{reason}; the old content is kept in {backup}").format(
                    reason=os_reason(exc), backup=backup
                ),
            ) from None
        raise
    with contextlib.suppress(OSError):
        backup.unlink()
    fsync_folder(target.parent)


def _restore(target: Path, backup: Path) -> bool:
    """Put the old bytes back after a failed overwrite; whether that worked (the copy is
    removed only then)."""
    try:
        _overwrite(target, backup.read_bytes())
        backup.unlink()
    except OSError:
        return False
    return True


def _overwrite(target: Path, data: bytes) -> None:
    fd = os.open(target, os.O_WRONLY | _BINARY)
    try:
        _write_all(fd, data)
        os.ftruncate(fd, len(data))
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_through(path: str | os.PathLike[str], data: bytes, kind: int) -> None:
    """Write to a pipe or a device as it is. Opening without blocking refuses a pipe with
    no reader at once (ENXIO) instead of waiting for one forever."""
    try:
        fd = os.open(path, os.O_WRONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        if exc.errno == errno.ENXIO and stat.S_ISFIFO(kind):
            raise OutputRefusedError(
                errno.ENXIO, _("it is a named pipe and no program is reading from it"), str(path)
            ) from None
        raise
    try:
        if _NONBLOCK:
            os.set_blocking(fd, True)  # a full pipe waits for its reader, as a pipe should
        _write_all(fd, data)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


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
