"""The record's wounds line in German and Arabic: one language on the line, the German
nouns in capitals ("Unhurt" stood in English beside Arabic, and capitalize() wrote
"braucht pflege")."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QLabel

from sheetapp import i18n
from sheetapp.systems.forgotten_futures.model import Wounds
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.sheet_form import create_form
from tests.systems.forgotten_futures.records import played


@pytest.fixture
def speaking() -> Iterator[object]:
    yield i18n.use_language
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def _record(qtbot):
    sheet = played()
    sheet.wounds = Wounds()  # unhurt
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    form.show()
    qtbot.waitExposed(form)
    form.pages.setCurrentWidget(form.record_tab)  # a page works out its figures when shown
    QApplication.processEvents()
    return form


def _condition(form) -> str:
    QApplication.processEvents()
    return form.findChild(QLabel, "condition").text()


def test_an_unhurt_character_reads_in_arabic_only(qtbot, speaking) -> None:
    speaking("ar")
    line = _condition(_record(qtbot))
    assert line.startswith(i18n._("unhurt"))
    assert not re.search(r"[A-Za-z]{2}", line), line


def test_an_injury_in_german_keeps_the_translators_capitals(qtbot, speaking) -> None:
    speaking("de")
    form = _record(qtbot)
    qtbot.mouseClick(form.findChild(QCheckBox, "wound_injury"), Qt.MouseButton.LeftButton)
    line = _condition(form)
    phrase = i18n._("injured: slow, needs care")
    assert line.startswith(phrase[0].upper() + phrase[1:] + " · ")
    assert "Pflege" in line  # a noun stays a noun
