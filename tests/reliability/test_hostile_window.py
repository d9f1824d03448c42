"""Every page of every system's form, shown for hostile sheets: whatever a file holds, once
it loads the window shows it without an exception escaping a Qt callback.

The sheets are made as in test_hostile_input (one random value at a random place, half the
time at a place holding text, where damaged pictures and scripts go). Each one that loads
is opened in the window and every tab of its form is shown, nested tabs and the Amazing
Engine's lazily built character pages included. An exception raised in a ``showEvent``,
an item model's ``data()`` or a slot would be captured by pytest-qt (or, on Python 3.11,
kill the process: see sheetapp/ui/error_guard.py).

Few examples per system by default (each shows a whole form, about 0.3 s; a sheet with every
text field hostile takes longer); ``HYPOTHESIS_PROFILE=large`` runs many more.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication, QTabWidget, QWidget

from sheetapp.storage.document import DocumentError, loads
from sheetapp.systems.registry import system_ids
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.main_window import MainWindow

from .test_hostile_input import JSON_VALUES, NASTY_TEXT, places, replace_at, sample_document

EXAMPLES = max(15, settings.default.max_examples // 10)
DENSE_EXAMPLES = max(5, settings.default.max_examples // 50)  # every text field at once


def show_every_tab(root: QWidget) -> int:
    """Bring every tab under ``root`` to the front, tabs that appear on the way included
    (a character page is built when first shown, with tabs of its own); how many."""
    shown: set[int] = set()
    count = 0
    while pending := [t for t in root.findChildren(QTabWidget) if id(t) not in shown]:
        for tabs in pending:
            shown.add(id(tabs))
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
                QApplication.processEvents()
                count += 1
    return count


@pytest.mark.parametrize("system_id", system_ids())
@settings(
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_page_of_a_hostile_sheet_shows_without_an_exception(
    system_id: str, data, window: MainWindow, qtbot
) -> None:
    document = sample_document(system_id)
    everywhere = places(document)
    path = data.draw(
        st.sampled_from(everywhere) | st.sampled_from(text_places(document)), label="path"
    )
    value = data.draw(NASTY_TEXT | JSON_VALUES, label="value")
    replace_at(document, path, value, delete=data.draw(st.booleans(), label="delete"))
    try:
        sheet = loads(json.dumps(document), "fuzzed.json")
    except DocumentError:
        return  # refused with one line: test_hostile_input checks the message
    shows_without_an_exception(window, qtbot, sheet)


@pytest.mark.parametrize("system_id", system_ids())
@settings(
    max_examples=DENSE_EXAMPLES,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_page_shows_with_hostile_text_in_every_text_field_at_once(
    system_id: str, data, window: MainWindow, qtbot
) -> None:
    """Each text field gets a nasty text (a damaged picture, a script, a control character)
    where the sheet still loads with it, so a portrait, a name and a note are hostile
    together; a choice field such as a status refuses most texts and keeps its own."""
    document = sample_document(system_id)
    for path in text_places(document):
        before = _value_at(document, path)
        replace_at(document, path, data.draw(NASTY_TEXT, label=str(path)), delete=False)
        try:
            loads(json.dumps(document), "fuzzed.json")
        except DocumentError:
            replace_at(document, path, before, delete=False)
    shows_without_an_exception(window, qtbot, loads(json.dumps(document), "fuzzed.json"))


def shows_without_an_exception(window: MainWindow, qtbot, sheet) -> None:
    with qtbot.captureExceptions() as escaped:
        form = window.add_document(SheetDocument(sheet))
        assert show_every_tab(form) >= 1
        window.close_tab(window.tabs.indexOf(form))
        QApplication.processEvents()
    assert not escaped, escaped[0][1]


def text_places(document: dict) -> list[tuple]:
    return [p for p in places(document) if isinstance(_value_at(document, p), str)]


def _value_at(data, path: tuple):
    for step in path:
        data = data[step]
    return data
