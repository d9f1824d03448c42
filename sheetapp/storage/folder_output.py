"""Writing several files into one folder: every name checked first, then all written or
none.

A folder export (``sheetapp export`` of several sheets, ``library export`` of several ids,
the app's export of a roster selection) follows the one output policy of
``sheetapp.storage.output_path`` for each file, and adds what only a batch needs:

- names are shortened to what the folder's file system takes (a 300-character character
  name must not stop the batch half way with "File name too long"), keeping the suffix that
  says what the file is, and kept distinct after shortening, compared as a case-insensitive
  file system compares them ("Ana" and "ANA" would be one file on macOS or Windows);
- every target is checked (an input, a folder in the way, a file to replace without
  consent) before anything is written; an existing target that is a link (symbolic or
  hard), a stream or a device is refused, since only a plain file can be replaced by the
  rename that makes the batch all or nothing;
- the new bytes are first staged beside their targets as temporary files; only when every
  one is on the disk are they renamed into place, so a full disk or a refused name leaves
  the folder as it was. A rename that fails part way (a rare race with another program)
  leaves no temporary behind, and the error names the files already renamed in.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _, ngettext
from sheetapp.storage.atomic import TEMP_PREFIX, TEMP_SUFFIX, OutputRefusedError, fsync_folder
from sheetapp.storage.output_path import PathLike, check_output

LISTED = 5  # written names listed when a batch fails part way; the rest are counted
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
    still distinct where case and Unicode normalisation are not (a later "ANA" gets a
    number after an "Ana").

    >>> fit_names(["a" * 300 + ".sheet.json", "b.json"], 40, suffix=".sheet.json")
    ['aaaaa.sheet.json', 'b.json']
    >>> fit_names(["Ana.json", "ANA.json"], 255)
    ['Ana.json', 'ANA-2.json']
    """
    room = max(limit - _STAGING_ROOM, 16)
    out: list[str] = []
    taken: set[str] = set()
    for name in names:
        end = suffix if suffix and name.endswith(suffix) else Path(name).suffix
        stem = name[: len(name) - len(end)] if end else name
        candidate, number = _cut(stem, end, room), 2
        while _folded(candidate) in taken:
            candidate = _cut(stem, f"-{number}{end}", room)
            number += 1
        out.append(candidate)
        taken.add(_folded(candidate))
    return out


def _folded(name: str) -> str:
    """A name as a case-insensitive, normalising file system compares it."""
    return unicodedata.normalize("NFC", name).casefold()


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
        raise OSError(errno.ENOTDIR, _("it is a file; several files go into a folder"), str(target))
    names = fit_names([n for n, _data in files], name_max(target), suffix=suffix)
    paths = [target / n for n in names]
    sources = list(inputs)
    for path in paths:
        check_output(path, inputs=sources, replace=replace)
    made = existing is None
    target.mkdir(parents=True, exist_ok=True)
    try:
        _write_all_or_none(paths, [data for _name, data in files])
    except BaseException:
        if made:
            with contextlib.suppress(OSError):
                target.rmdir()  # only when still empty
        raise
    return paths


def _write_all_or_none(paths: list[Path], contents: list[bytes]) -> None:
    _refuse_unplain(paths)
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in zip(paths, contents, strict=True):
            staged.append((_stage(path, data), path))
    except BaseException:
        _discard(staged)
        raise
    renamed: list[Path] = []
    try:
        for temp, path in staged:
            os.replace(temp, path)
            renamed.append(path)
    except BaseException as exc:
        _discard(staged[len(renamed) :])
        if isinstance(exc, OSError) and renamed:
            raise _part_written(exc, renamed, len(paths)) from exc
        raise
    finally:
        if renamed:
            fsync_folder(paths[0].parent)


def _discard(staged: list[tuple[str, Path]]) -> None:
    for temp, _path in staged:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _part_written(exc: OSError, renamed: list[Path], total: int) -> OSError:
    """The failure of a rename part way, saying which files were already written."""
    names = ", ".join(p.name for p in renamed[:LISTED])
    if len(renamed) > LISTED:
        rest = len(renamed) - LISTED
        names = ngettext("{names} and {count} more", "{names} and {count} more", rest).format(
            names=names, count=rest
        )
    why = ngettext(
        "{reason}; {written} of {total} file was written before it ({names}), the others not",
        "{reason}; {written} of {total} files were written before it ({names}), the others not",
        total,
    )
    return OSError(
        exc.errno,
        why.format(reason=os_reason(exc), written=len(renamed), total=total, names=names),
        exc.filename,
    )


def _refuse_unplain(paths: list[Path]) -> None:
    """Refuse, before anything is written, a batch whose targets are not all new names or
    plain files of one name: a link's file or a stream could not be replaced by the rename
    that makes the batch all or nothing."""
    odd = [(p, info) for p in paths if (info := _lstat(p)) is not None and not _plain(info)]
    if not odd:
        return
    path, info = odd[0]
    if len(odd) > 1:
        others = len(odd) - 1
        why = ngettext(
            "{name} and {count} other name are not plain files; a folder export replaces "
            "only plain files, so nothing was written",
            "{name} and {count} other names are not plain files; a folder export replaces "
            "only plain files, so nothing was written",
            others,
        ).format(name=path.name, count=others)
    elif stat.S_ISLNK(info.st_mode):
        why = _(
            "{name} is a symbolic link; a folder export replaces only plain files, "
            "so nothing was written"
        ).format(name=path.name)
    elif stat.S_ISREG(info.st_mode):
        why = _(
            "{name} is a file with other names (a hard link); a folder export replaces only "
            "plain files, so nothing was written"
        ).format(name=path.name)
    else:
        why = _(
            "{name} is not a plain file (a folder, a pipe or a device); a folder export "
            "replaces only plain files, so nothing was written"
        ).format(name=path.name)
    raise OutputRefusedError(errno.EEXIST, why, str(path))


def _plain(info: os.stat_result) -> bool:
    """One ordinary file with one name: replaced by a rename."""
    return stat.S_ISREG(info.st_mode) and info.st_nlink == 1


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


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
