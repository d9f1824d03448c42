"""Quitting with unsaved work: one question for all of it, and nothing lost."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from sheetapp.storage.document import load
from sheetapp.ui.main_window import MainWindow


def answer_next_question(button_text: str, seen: list[str]) -> None:
    """Click ``button_text`` in the next message box, as a person would."""

    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, click)
            return
        seen.append(box.text())
        buttons = [b for b in box.findChildren(QPushButton) if b.text() == button_text]
        if buttons:
            buttons[0].click()
        else:  # not the question expected: answer no, and let the test's asserts tell
            box.reject()

    QTimer.singleShot(0, click)


@pytest.fixture
def three_edited(window: MainWindow, hero_file: Path, tmp_path: Path) -> list[Path]:
    paths = []
    for n in range(3):
        path = tmp_path / f"hero{n}.json"
        shutil.copy(hero_file, path)
        form = window.open_path(path)
        form.document.edit(("characters", 0, "notes"), f"notes {n}")
        paths.append(path)
    return paths


def test_discard_all_asks_once_and_quits(window: MainWindow, qtbot, three_edited) -> None:
    seen: list[str] = []
    answer_next_question("Discard All", seen)
    assert window.close()
    assert len(seen) == 1 and "3 sheets" in seen[0]
    assert all("notes" not in load(p).characters[0].notes for p in three_edited)


def test_save_all_saves_every_sheet(window: MainWindow, qtbot, three_edited) -> None:
    seen: list[str] = []
    answer_next_question("Save All", seen)
    assert window.close()
    assert len(seen) == 1
    assert [load(p).characters[0].notes for p in three_edited] == ["notes 0", "notes 1", "notes 2"]


def test_cancel_keeps_everything_open(window: MainWindow, qtbot, three_edited) -> None:
    seen: list[str] = []
    answer_next_question("Cancel", seen)
    assert not window.close()
    assert window.isVisible()
    assert sum(d.is_modified for d in window.documents()) == 3
    for document in window.documents():
        document.undo_stack.setClean()
