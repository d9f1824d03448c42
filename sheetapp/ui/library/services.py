"""What the library's actions need of the window they sit in, handed to them as values and
callables: they never hold the window, and the window's module never needs theirs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QWidget

from sheetapp.ui.settings import Settings


@dataclass(frozen=True)
class WindowServices:
    """``parent``: the dialogs' parent; ``files_in_use``: files no export may overwrite
    (the open sheets' and the library's); ``paper``: the paper size PDFs are made for."""

    parent: QWidget
    settings: Settings
    files_in_use: Callable[[], list[Path]]
    paper: Callable[[], str]
