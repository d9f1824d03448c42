"""A 12 MB sheet of long text opens and every page of it shows at once, a run of
hundreds of thousands of characters without a space included (Qt's word wrapping is
quadratic on such a run: the window froze for minutes)."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QPlainTextEdit, QTabWidget

from sheetapp.dice import Roller
from sheetapp.storage.document import save
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet

RUN = "x" * 250_000  # one "word"
PROSE = "the long road north, " * 35_000  # ~735,000 characters of words
SECONDS = 2.0


def _click_tab(qtbot, tabs: QTabWidget, index: int) -> float:
    bar = tabs.tabBar()
    started = time.perf_counter()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    for _ in range(3):
        QApplication.processEvents()
    tabs.currentWidget().grab()  # painted, not only laid out
    assert tabs.currentIndex() == index
    return time.perf_counter() - started


def test_every_page_of_a_12_mb_sheet_of_long_text_shows_at_once(window, qtbot, tmp_path):
    sheet = random_prime_sheet(Roller(3), builtin_universes()["generic"])
    first = sheet.characters[0]
    characters = []
    for n in range(6):
        character = first.model_copy(deep=True)
        character.id, character.name = f"c{n}", f"Walker {n}"
        character.appearance = RUN + " " + PROSE
        character.notes = PROSE + RUN
        characters.append(character)
    sheet.characters = characters
    sheet.core.notes = RUN
    path = tmp_path / "long.json"
    save(path, sheet)
    assert path.stat().st_size > 10_000_000

    form = window.open_path(path)
    assert form is not None
    pages = form.findChildren(QTabWidget)[0]
    slowest = 0.0
    for index in range(pages.count()):
        slowest = max(slowest, _click_tab(qtbot, pages, index))
        inner = pages.currentWidget().findChildren(QTabWidget)
        if inner:
            for sub in range(inner[0].count()):
                slowest = max(slowest, _click_tab(qtbot, inner[0], sub))
    assert slowest < SECONDS
    assert form.document.undo_stack.isClean()  # showing it shortened changed nothing

    # The person clicks into a shortened field: all of it is there to edit.
    pages.setCurrentIndex(1)
    notes = next(e for e in pages.currentWidget().findChildren(QPlainTextEdit)
                 if e.objectName() == "appearance")
    assert notes.isReadOnly() and "250,000" not in notes.toPlainText()
    assert f"{len(RUN + ' ' + PROSE):,} characters" in notes.toPlainText()
    notes.setFocus()
    qtbot.mouseClick(notes.viewport(), Qt.MouseButton.LeftButton)
    assert not notes.isReadOnly() and notes.toPlainText() == RUN + " " + PROSE
    notes.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(notes, "!")
    assert form.document.sheet.characters[0].appearance == RUN + " " + PROSE + "!"
