"""Which library sheet an autosave belongs to, so recovered work goes back to its sheet.

``sheetapp.storage.autosave`` records a file path for each autosave; a library document has
none. Beside ``<session>.json`` this keeps ``<session>.library-link``: the library file and
the sheet id. (The suffix keeps it out of the autosave's own ``*.json`` listing.)
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path

from sheetapp.bounded_read import read_bounded
from sheetapp.i18n import _
from sheetapp.storage import autosave
from sheetapp.storage.atomic import PRIVATE, write_atomic

SUFFIX = ".library-link"
MAX_LINK_BYTES = 64 * 1024  # a path and a number; anything longer is not our link


@dataclass(frozen=True)
class LibraryLink:
    library: Path
    sheet_id: int


def _link_path(session_id: str) -> Path:
    return autosave.folder() / f"{session_id}{SUFFIX}"


def remember(session_id: str, library: Path, sheet_id: int) -> None:
    record = {"library": str(library), "sheet_id": sheet_id}
    write_atomic(_link_path(session_id), json.dumps(record).encode("utf-8"), mode=PRIVATE)


def forget(session_id: str) -> None:
    with contextlib.suppress(OSError):  # gone already, or a folder that cannot be written
        _link_path(session_id).unlink()


def recall(autosave_file: Path) -> LibraryLink | None:
    """The link kept beside an autosave file, if it has one that reads."""
    path = autosave_file.with_suffix(SUFFIX)
    try:
        record = json.loads(read_bounded(path, MAX_LINK_BYTES, kind=_("a library link")))
        return LibraryLink(Path(record["library"]), int(record["sheet_id"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def discard_link_of(autosave_file: Path) -> None:
    with contextlib.suppress(OSError):  # gone already, or a folder that cannot be written
        autosave_file.with_suffix(SUFFIX).unlink()
