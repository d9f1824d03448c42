"""Pack files in and out of the game master's folder: a free file name for a new pack, the
text of an installed pack (for a copy or an export), and importing a pack file.

An imported pack is copied as it is, never rewritten; the catalogue then reads it like any
pack in the folder, so a broken one is reported and skipped, never lost.
"""

from __future__ import annotations

import os
import shutil
from importlib import resources
from pathlib import Path

from sheetapp.bounded_read import read_limited
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.catalog import CatalogueEntry
from sheetapp.systems.amazing_engine.packs import MAX_PACK_BYTES, PackReport, parse_pack

MAX_NAME_TRIES = 1000


def unique_pack_path(folder: Path, stem: str) -> Path:
    """``folder/stem.toml``, or ``stem-2.toml`` and so on when taken (a draft counts)."""
    for n in range(1, MAX_NAME_TRIES):
        name = stem if n == 1 else f"{stem}-{n}"
        path = folder / f"{name}.toml"
        if not path.exists() and not path.with_name(path.name + ".draft").exists():
            return path
    raise OSError(_("no free file name for {stem} in {folder}").format(stem=stem, folder=folder))


def entry_text(entry: CatalogueEntry) -> str:
    """The pack text an installed universe came from."""
    if entry.source == "shipped":
        shipped = resources.files("sheetapp.resources").joinpath("universes", entry.file)
        return shipped.read_text("utf-8")
    return read_limited(Path(entry.file), MAX_PACK_BYTES).decode("utf-8-sig")


def import_pack(source: Path, folder: Path) -> tuple[Path, PackReport]:
    """Copy the pack file at ``source`` into ``folder`` (under a free name) and report its
    checks. Raises OSError when it cannot be read or written, ValueError (one line) when it
    is larger than any pack may be."""
    data = read_limited(source, MAX_PACK_BYTES + 1)
    if len(data) > MAX_PACK_BYTES:
        raise ValueError(
            _("{file} is larger than {n} bytes; no pack is that large").format(
                file=source.name, n=MAX_PACK_BYTES
            )
        )
    report = parse_pack(data, source.name)
    stem = report.universe.id if report.universe is not None else source.stem
    folder.mkdir(parents=True, exist_ok=True)
    target = unique_pack_path(folder, stem)
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)
    return target, report


def export_pack(entry: CatalogueEntry, target: Path) -> None:
    """Write an installed universe's pack, as its file has it, to ``target``."""
    if entry.source == "user":
        shutil.copyfile(entry.file, target)
        return
    target.write_text(entry_text(entry), encoding="utf-8", newline="")
