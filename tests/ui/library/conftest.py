"""A window over the library in the test's data folder, and ways to fill that library and
drive the library's dialogs as a person would."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QTableView

from sheetapp.dice import Roller
from sheetapp.storage.library import Library
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_npc_sheet, random_prime_sheet
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet
from sheetapp.ui.main_window import MainWindow


def npc(seed: int, name: str) -> AmazingEngineSheet:
    sheet = random_npc_sheet(Roller(seed), builtin_universes()["generic"])
    sheet.characters[0].name = name
    return sheet


def plain(name: str, **scores: int) -> AmazingEngineSheet:
    """An NPC with only a name and plain scores: nothing else for a search to find."""
    attributes = {
        "fitness": 35,
        "reflexes": 40,
        "learning": 30,
        "intuition": 30,
        "psyche": 30,
        "willpower": 30,
        "charm": 30,
        "position": 30,
        **scores,
    }
    return AmazingEngineSheet.model_validate(
        {"core": None, "characters": [{"name": name, "attributes": attributes}]}
    )


def hero(seed: int, name: str) -> AmazingEngineSheet:
    sheet = random_prime_sheet(Roller(seed), builtin_universes()["generic"], player="Ana")
    sheet.characters[0].name = name
    return sheet


@pytest.fixture
def library(window: MainWindow) -> Library:
    found = window.library_session.library
    assert found is not None and not found.read_only
    return found


def fill(window: MainWindow, *sheets: AmazingEngineSheet, **options) -> list[int]:
    """Add sheets to the window's library and show them (the session tells the roster)."""
    session = window.library_session
    window.library_actions  # the roster and its actions are built, as once shown  # noqa: B018
    return session.perform(
        lambda library: [library.add(s, **options) for s in sheets],
        lambda ids: LibraryChanges(added=tuple(ids)),
    )


def roster_names(window: MainWindow) -> list[str]:
    model = window.library_tab.model
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def select_names(window: MainWindow, *names: str) -> list[int]:
    """Click the rows of ``names`` in the roster (Ctrl+click after the first)."""
    window.show_library()
    tab = window.library_tab
    model = tab.model
    ids = [
        model.sheet_id(r)
        for r in range(model.rowCount())
        if model.index(r, 0).data().split(" (")[0] in names  # "Leo (Ana)": Ana's Leo
    ]
    tab.select_ids(ids)
    return ids


def run_dialog(monkeypatch, cls: type[QDialog], drive: Callable[[QDialog], None]) -> list:
    """Make ``cls.exec`` show the dialog, let ``drive`` work it as a person would (it
    clicks OK or Cancel), and return what exec would. Records every dialog shown."""
    shown: list = []

    def exec_(self) -> int:
        self.show()
        shown.append(self)
        result: list[int] = []
        self.finished.connect(result.append)
        drive(self)
        return result[0] if result else QDialog.DialogCode.Rejected.value

    monkeypatch.setattr(cls, "exec", exec_)
    return shown


def press_enter(qtbot, view: QTableView) -> None:
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Return)


@pytest.fixture(autouse=True)
def _no_unexpected_messages(monkeypatch) -> None:
    """A message box nobody expected fails the test with its text instead of waiting for a
    click that never comes; tests that expect one patch it again."""
    from PySide6.QtWidgets import QMessageBox

    def unexpected(*args, **_kwargs):
        raise AssertionError(f"unexpected message: {args[1:3]}")

    for name in ("warning", "critical", "question", "information"):
        monkeypatch.setattr(QMessageBox, name, unexpected)
