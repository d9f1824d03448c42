"""Where sheetapp keeps its own files: the user data folder, or ``SHEETAPP_DATA_DIR``.

The folder is made readable by its owner only (a GM's library and autosaves are private).
It is made when it can be; when it cannot (the variable names a file, a read-only disk) its
path is still handed out, so each reader or writer fails where it stands with an OSError it
already reports, and the app goes on without what cannot be had.

It sits at the top of the package, beside neither the storage nor the rules, because both
read it: the library and autosaves live there, and so do a game master's universe packs.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import platformdirs

ENV_VAR = "SHEETAPP_DATA_DIR"
PRIVATE_FOLDER = 0o700


def data_dir() -> Path:
    """The data folder, made if missing and possible (see the module's note)."""
    return private_folder(data_dir_path())


def data_dir_path() -> Path:
    """Where the data folder is, without making it (for a reader that does without it)."""
    override = os.environ.get(ENV_VAR)
    return Path(override) if override else Path(platformdirs.user_data_dir("sheetapp", False))


def private_folder(folder: Path) -> Path:
    """``folder``, made (owner only) with its parents if missing and possible."""
    with contextlib.suppress(OSError):
        folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    return folder


def folder_problem(folder: Path) -> str | None:
    """Why files cannot be written in ``folder``, as a phrase; None when they can."""
    if folder.is_dir():
        return None if os.access(folder, os.W_OK) else f"{folder} cannot be written"
    if folder.exists():
        return f"{folder} is not a folder"
    above = folder_problem(folder.parent) if folder.parent != folder else None
    return f"{folder} cannot be made" + (f" ({above})" if above else "")
