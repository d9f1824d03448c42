"""Sheets in and out of the library as ordinary sheet files.

Importing reads each file with the same strict loader as opening a file in the app; a file
that is not a sheet is reported and skipped, the others go in, a batch per commit.
Exporting writes the file format a file save writes, atomically, under the output policy
of ``sheetapp.storage.output_path`` (no file replaced without consent, never the library).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from sheetapp.storage.document import DocumentError, dumps, load, save
from sheetapp.storage.folder_output import fit_names, name_max, write_folder
from sheetapp.storage.library.library import DEFAULT_BATCH, Library
from sheetapp.storage.library.opening import journal_files
from sheetapp.storage.output_path import check_output, replaces_a_file

# Sheet files are named NAME.sheet.json: still JSON, and desktops can tell them apart from
# other JSON by name (see packaging/linux/sheetapp-mime.xml).
SHEET_SUFFIX = ".sheet.json"


@dataclass
class ImportResult:
    """The new ids in the order of the files, and the files refused with the reason."""

    ids: list[int] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)


def import_files(
    library: Library,
    paths: Iterable[str | os.PathLike[str]],
    *,
    campaign: str = "",
    tags: Iterable[str] = (),
    batch: int = DEFAULT_BATCH,
    committed: Callable[[list[int]], None] | None = None,
) -> ImportResult:
    """Add every readable sheet file; ``committed`` hears the ids of each committed batch."""
    result = ImportResult()

    def readable() -> Iterator[BaseModel]:
        for path in paths:
            try:
                yield load(path)
            except DocumentError as exc:
                result.refused.append((str(path), str(exc)))

    result.ids = library.add_many(
        readable(),
        campaign=campaign,
        tags=tags,
        note="imported",
        batch=batch,
        committed=committed,
    )
    return result


def file_name(sheet_id: int, name: str) -> str:
    """A file name for an exported sheet: its id (unique) and its name, in any script.

    >>> file_name(12, "Zoë <the> Bold/Brave"), file_name(3, "...")
    ('12-Zoë-the-Bold-Brave.sheet.json', '3-sheet.sheet.json')
    """
    words = re.sub(r"[^\w]+", "-", name).strip("-_")[:60]
    return f"{sheet_id}-{words or 'sheet'}{SHEET_SUFFIX}"


def library_files(library: Library) -> list[Path]:
    """The files that hold the library: never an export's output."""
    return [library.path, *journal_files(library.path)]


def export_sheet(
    library: Library,
    sheet_id: int,
    path: str | os.PathLike[str],
    *,
    replace: bool = False,
    in_use: Iterable[Path] = (),
) -> None:
    """Write one sheet's current revision as a sheet file (replaced atomically, and only
    with ``replace``: see ``sheetapp.storage.output_path``). Neither the library's files
    nor those ``in_use`` (the app's open sheets) are ever written over."""
    check_output(path, inputs=[*library_files(library), *in_use], replace=replace)
    save(path, library.load(sheet_id))


def export_folder(
    library: Library,
    ids: Iterable[int],
    folder: str | os.PathLike[str],
    *,
    replace: bool = False,
    in_use: Iterable[Path] = (),
) -> list[Path]:
    """Write each sheet to ``folder`` as ``<id>-<name>.sheet.json``; the paths written.

    Every sheet is read, and every name checked against the output policy (as in
    ``export_sheet``), before anything is written, and the files are written all or none
    (``sheetapp.storage.folder_output``), so a sheet that cannot be read, a file that may
    not be replaced or a full disk leaves the folder as it was.
    """
    files = [
        (file_name(i, library.row(i).name), dumps(library.load(i)).encode("utf-8"))
        for i in ids
    ]
    return write_folder(
        folder,
        files,
        inputs=[*library_files(library), *in_use],
        replace=replace,
        suffix=SHEET_SUFFIX,
    )


def existing_exports(library: Library, ids: Iterable[int], folder: Path) -> list[Path]:
    """The files in ``folder`` an export of ``ids`` would replace (to ask before)."""
    names = fit_names(
        [file_name(i, library.row(i).name) for i in ids], name_max(folder), suffix=SHEET_SUFFIX
    )
    return [folder / n for n in names if replaces_a_file(folder / n)]
