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

from pydantic import BaseModel

from sheetapp.bounded_read import read_bounded
from sheetapp.storage.atomic import PRIVATE, write_atomic
from sheetapp.storage.data_dir import data_dir
from sheetapp.storage.document import MAX_BYTES, DocumentError, dumps, loads

# The record holds the sheet as a JSON string, where escaping can make each byte of a sheet
# up to six (a non-ASCII character as \\uXXXX); anything longer is not our autosave.
MAX_AUTOSAVE_BYTES = 6 * MAX_BYTES + 64 * 1024


@dataclass(frozen=True)
class Recovered:
    autosave: Path
    sheet: BaseModel
    original: Path | None
    saved_at: float
    title: str


def folder() -> Path:
    path = data_dir() / "autosave"
    path.mkdir(parents=True, exist_ok=True)
    return path


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
    with contextlib.suppress(FileNotFoundError):
        (folder() / f"{session_id}.json").unlink()


def orphans() -> list[Recovered]:
    """Autosaves left by apps that are no longer running, newest first; unreadable ones are
    skipped (and kept on disk, so nothing is thrown away)."""
    found: list[Recovered] = []
    for path in folder().glob("*.json"):
        try:
            record = json.loads(read_bounded(path, MAX_AUTOSAVE_BYTES, kind="an autosave"))
            if _alive(int(record["pid"])):
                continue
            sheet = loads(record["sheet"], str(path))
        except (OSError, ValueError, KeyError, TypeError, DocumentError):
            continue
        original = Path(record["original"]) if record.get("original") else None
        found.append(
            Recovered(
                path,
                sheet,
                original,
                float(record["saved_at"]),
                str(record.get("title") or "Untitled"),
            )
        )
    return sorted(found, key=lambda r: r.saved_at, reverse=True)


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
