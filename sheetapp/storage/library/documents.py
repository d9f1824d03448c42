"""Sheets as the library stores them: the file format's JSON, plus the roster columns the
system's plugin derives from it at save time, so listing never parses a document."""

from __future__ import annotations

import json
from dataclasses import dataclass

from pydantic import BaseModel

from sheetapp.storage.document import FORMAT, FORMAT_VERSION, loads
from sheetapp.storage.library.search_text import fold
from sheetapp.systems.plugin import RosterCharacter
from sheetapp.systems.registry import get_system


@dataclass(frozen=True)
class Columns:
    """What a sheet contributes to its roster row and to the full-text index."""

    system: str
    name: str
    setting: str
    npc: bool
    text: str
    characters: tuple[RosterCharacter, ...]  # a roster row each (at least one)

    @property
    def name_key(self) -> str:
        return fold(self.name)


def lenient_text(raw: bytes) -> str:
    """Stored text as read back, with any byte a disk error garbled shown as U+FFFD: one bad
    byte in a name must not make the whole roster unreadable."""
    return raw.decode("utf-8", errors="replace")


def encode(sheet: BaseModel) -> str:
    """The sheet file's JSON, envelope and all, without indentation (a tenth of the size for
    10,000 sheets); exporting re-indents it as a file save would."""
    body = sheet.model_dump(mode="json")
    return json.dumps(
        {"format": FORMAT, "format_version": FORMAT_VERSION, **body},
        ensure_ascii=False,
        separators=(",", ":"),
    )


def decode(document: str, source: str) -> BaseModel:
    """A stored document back as a sheet; upgrades older formats like a file load does.

    Raises ``DocumentError`` when the document names a system this sheetapp lacks.
    """
    return loads(document, source)


def columns(sheet: BaseModel) -> Columns:
    system_id: str = sheet.system  # type: ignore[attr-defined]
    info = get_system(system_id).roster(sheet)
    return Columns(system_id, info.name, info.setting, info.npc, info.text, info.rows())
