"""Autosave: unsaved work copied to the data folder every few seconds, offered back after
a crash.

Each open document of each running app has one file, ``<session>.json``, holding the sheet
and where it came from. A clean save or close removes it. At start, files whose app is no
longer running (the pid is gone) are the ones a crash left behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from sheetapp.bounded_read import read_bounded
from sheetapp.data_dir import data_dir, private_folder
from sheetapp.file_reasons import os_reason
from sheetapp.i18n import _
from sheetapp.storage.atomic import PRIVATE, write_atomic
from sheetapp.storage.document import MAX_BYTES, DocumentError, dumps, loads
from sheetapp.storage.invalid import first_error
from sheetapp.storage.times import stored_time

# The record holds the sheet as a JSON string, where escaping can make each byte of a sheet
# up to six (a non-ASCII character as \\uXXXX); anything longer is not our autosave.
MAX_AUTOSAVE_BYTES = 6 * MAX_BYTES + 64 * 1024


class AutosaveRecord(BaseModel):
    """One autosave file as written by ``write``; extra keys are ignored (a newer sheetapp
    may add some)."""

    # Checked by validators rather than ``Field`` constraints: importing pydantic's Field
    # lazily once Qt is loaded trips shiboken's import hook (a circular import).
    model_config = ConfigDict(extra="ignore", frozen=True)

    pid: int
    saved_at: float
    original: str | None = None
    title: str = ""
    sheet: str

    @field_validator("pid")
    @classmethod
    def _a_process(cls, value: int) -> int:
        if not 0 < value < 2**31:
            raise ValueError("not a process id")
        return value

    @field_validator("saved_at")
    @classmethod
    def _a_time(cls, value: float) -> float:
        if stored_time(value) is None:
            raise ValueError("not a time")
        return value

    @field_validator("original")
    @classmethod
    def _a_path(cls, value: str | None) -> str | None:
        if value is not None and "\x00" in value:
            raise ValueError("not a path")
        return value


@dataclass(frozen=True)
class Recovered:
    autosave: Path
    sheet: BaseModel
    original: Path | None
    saved_at: float
    title: str


def folder() -> Path:
    """The autosave folder, made (owner only) when it can be; writing in it says why not."""
    return private_folder(data_dir() / "autosave")


def write(session_id: str, sheet: BaseModel, original: Path | None, title: str) -> None:
    record = {
        "pid": os.getpid(),
        "saved_at": time.time(),
        "original": str(original) if original else None,
        "title": title,
        "sheet": dumps(sheet),
    }
    # Private: an autosave holds the user's unsaved work, readable by them alone.
    write_atomic(folder() / f"{session_id}.json", json.dumps(record).encode("utf-8"), mode=PRIVATE)


def discard(session_id: str) -> None:
    with contextlib.suppress(OSError):  # gone already, or a folder that cannot be written
        (folder() / f"{session_id}.json").unlink()


class UnreadableAutosave(Exception):
    """An autosave file that cannot be offered back; the message names it and says why."""


@dataclass(frozen=True)
class Scan:
    """What the autosave folder holds from apps no longer running."""

    recovered: list[Recovered]  # newest first
    unreadable: list[str]  # one line each, naming the file; the files are kept


def orphans() -> list[Recovered]:
    """Autosaves left by apps that are no longer running, newest first; unreadable ones are
    skipped (and kept on disk, so nothing is thrown away)."""
    return scan().recovered


def scan() -> Scan:
    """``orphans`` with the reason each unreadable autosave was skipped."""
    found: list[Recovered] = []
    unreadable: list[str] = []
    try:
        paths = sorted(folder().glob("*.json"))
    except OSError:
        return Scan([], [])
    for path in paths:
        try:
            recovered = _recovered(path)
        except UnreadableAutosave as exc:
            unreadable.append(str(exc))
            continue
        if recovered is not None:
            found.append(recovered)
    return Scan(sorted(found, key=lambda r: r.saved_at, reverse=True), unreadable)


def _recovered(path: Path) -> Recovered | None:
    """The work an autosave file holds when a crash left it (None while its app runs);
    ``UnreadableAutosave`` when it does not read whole."""
    try:
        data = read_bounded(path, MAX_AUTOSAVE_BYTES, kind=_("an autosave"))
        record = AutosaveRecord.model_validate_json(data)
        if _alive(record.pid):
            return None
        sheet = loads(record.sheet, str(path))
    except OSError as exc:
        raise UnreadableAutosave(f"{path}: {os_reason(exc)}") from None
    except ValidationError as exc:
        raise UnreadableAutosave(f"{path}: {first_error(exc)}") from None
    except DocumentError as exc:
        raise UnreadableAutosave(str(exc)) from None
    return Recovered(
        path,
        sheet,
        Path(record.original) if record.original else None,
        record.saved_at,
        record.title or "Untitled",
    )


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True
