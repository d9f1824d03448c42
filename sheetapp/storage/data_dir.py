"""Where sheetapp keeps its own files: the user data folder, or ``SHEETAPP_DATA_DIR``."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV_VAR = "SHEETAPP_DATA_DIR"


def data_dir() -> Path:
    override = os.environ.get(ENV_VAR)
    folder = Path(override) if override else Path(platformdirs.user_data_dir("sheetapp", False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
