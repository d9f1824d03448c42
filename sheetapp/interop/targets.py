"""The tabletops sheets travel to, by the name the command line and the menus use, and
the export of many sheets at once (one file each, or one zip)."""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from sheetapp.i18n import _
from sheetapp.interop import foundry, roll20
from sheetapp.interop.imported import Imported
from sheetapp.interop.reading import read_object
from sheetapp.interop.view import key_of
from sheetapp.storage.sheet_bounds import refuse_oversized_sheets


@dataclass(frozen=True)
class Target:
    id: str
    label: str  # for menus: "Foundry VTT"
    suffix: str  # of the files written: hero.foundry.json
    dumps: Callable[[BaseModel], str]
    from_data: Callable[[dict[str, Any], str, str | None], Imported]
    what: str  # "a Foundry actor", in messages


TARGETS: dict[str, Target] = {
    "foundry": Target("foundry", "Foundry VTT", ".foundry.json", foundry.dumps,
                      foundry.from_actor, foundry.WHAT),
    "roll20": Target("roll20", "Roll20", ".roll20.json", roll20.dumps,
                     roll20.from_character, roll20.WHAT),
}


def detect(data: dict[str, Any]) -> Target:
    """VTTES files say their ``schema_version``; Roll20 characters carry ``attribs`` (or,
    from R20Exporter, a list of ``attributes``) and ``bio``; R20Exporter's campaign holds
    ``characters``. Everything else is read as a Foundry actor, whose attributes, if any,
    sit under ``system``."""
    roll20 = ("schema_version" in data or "attribs" in data or "bio" in data
              or isinstance(data.get("attributes"), list)
              or isinstance(data.get("characters"), list))
    return TARGETS["roll20"] if roll20 else TARGETS["foundry"]


def import_file(
    path: str | os.PathLike[str], *, target: str | None = None, system_id: str | None = None
) -> Imported:
    """A Foundry or Roll20 file as a sheet, through the bounded, guarded reader."""
    data = read_object(path, _("a Foundry actor or Roll20 character"))
    refuse_oversized_sheets(data, str(path))  # before any mapping walks what they hold
    chosen = TARGETS[target] if target else detect(data)
    return chosen.from_data(data, str(path), system_id)


def file_names(names: Iterable[str], target: Target) -> list[str]:
    """One safe, distinct file name per sheet (its character's name, else "sheet")."""
    out: list[str] = []
    for name in names:
        stem = re.sub(r"_+", "-", key_of(name)) if name.strip() else "sheet"
        candidate, n = stem + target.suffix, 2
        while candidate in out:
            candidate, n = f"{stem}-{n}{target.suffix}", n + 1
        out.append(candidate)
    return out


def export_many(named: list[tuple[str, BaseModel]], target: Target) -> list[tuple[str, bytes]]:
    names = file_names([name for name, _sheet in named], target)
    return [(n, target.dumps(sheet).encode("utf-8")) for n, (_name, sheet) in zip(names, named,
                                                                                strict=True)]


def zip_bytes(files: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # repeatable bytes
            archive.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()
