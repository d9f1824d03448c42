"""One kind of digit in the window: number fields write Latin digits in every language, as
the labels, Babel's figures and the PDFs do, and a person typing Arabic-Indic or Persian
digits into a number field still gets the number."""

from __future__ import annotations

import re

import pytest
from babel.numbers import get_decimal_symbol
from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from sheetapp import i18n
from sheetapp.locale_format import babel_locale
from sheetapp.systems.field_paths import parse_path
from sheetapp.systems.registry import system_ids
from sheetapp.ui.binding import reveal_in_tabs
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.theme import apply_theme
from tests.ui.test_field_typing import bound_spins, click_into
from tests.ui.test_pseudo_locale import form_pages, texts

OTHER_DIGITS = re.compile("[\u0660-\u0669\u06f0-\u06f9]")  # Arabic-Indic, Persian
SHIPPED = [code for code in i18n.available_languages() if code not in i18n.PSEUDO_LANGUAGES]


@pytest.mark.parametrize("code", SHIPPED)
def test_number_fields_write_figures_as_babel_does(code: str, speak) -> None:
    speak(code)
    written = QLocale().toString(1234567.25, "f", 2)
    assert not OTHER_DIGITS.search(written) and "1" in written and "7" in written
    assert QLocale().decimalPoint() == get_decimal_symbol(babel_locale(code))


@pytest.mark.parametrize("code", ["ar", "en"])
def test_every_number_field_of_a_sheet_shows_latin_digits(qtbot, speak, code) -> None:
    speak(code)
    window = _every_sheet(qtbot)
    fields = 0
    found = []
    for where in form_pages(window):
        for widget in window.findChildren(QWidget):
            if not widget.isVisible():
                continue
            if isinstance(widget, QAbstractSpinBox):
                fields += 1
                shown = [widget.text()]
            else:
                shown = texts(widget)
            found += [f"{where}: {text!r}" for text in shown if OTHER_DIGITS.search(text)]
    assert fields > 100
    assert not found, "\n".join(sorted(set(found)))


def _every_sheet(qtbot) -> MainWindow:
    """The window at 1366x768 with a sheet of each system open."""
    apply_theme(QApplication.instance(), "light")
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_forget_changes)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()  # offscreen, a shown window is active only once asked
    qtbot.waitUntil(window.isActiveWindow)
    for system_id in system_ids():
        window.new_random_npc(system_id)
    return window


def _forget_changes(window: MainWindow) -> None:
    for document in window.documents():
        document.undo_stack.setClean()


@pytest.mark.parametrize(
    ("code", "digits"), [("ar", "٠١٢٣٤٥٦٧٨٩"), ("ar", "۰۱۲۳۴۵۶۷۸۹"), ("en", "0123456789")]
)
def test_a_digit_typed_on_an_arabic_keyboard_is_the_number(
    qtbot,
    speak,
    code: str,
    digits: str,
) -> None:
    speak(code)
    window = _every_sheet(qtbot)
    window.tabs.setCurrentIndex(window.tabs.count() - 1)
    form = window.current_form()
    spins = [s for s in bound_spins(form) if s.maximum() >= 7 and s.value() != 7]
    assert spins
    spin = spins[0]
    reveal_in_tabs(spin)
    click_into(qtbot, spin)
    # A key as an Arabic or Persian keyboard sends it (QTest's keyClicks takes only ASCII).
    QTest.sendKeyEvent(
        QTest.KeyAction.Click,
        QApplication.focusWidget(),
        Qt.Key(ord(digits[7].upper())),
        digits[7],
        Qt.KeyboardModifier.NoModifier,
    )
    qtbot.keyClick(spin, Qt.Key.Key_Tab)
    assert spin.value() == 7 and spin.text().endswith("7"), spin.text()
    assert form.document.value(parse_path(spin.property("fieldPath"))) == 7


def _ink_columns(image: QImage) -> list[tuple[int, int, int]]:
    """Each run of columns holding dark pixels: (first column, last column, top row)."""
    runs: list[tuple[int, int, int]] = []
    start = top = None
    for x in range(image.width()):
        rows = [y for y in range(image.height()) if image.pixelColor(x, y).lightness() < 100]
        if rows and start is None:
            start, top = x, min(rows)
        elif rows:
            top = min(top, *rows)
        elif start is not None:
            runs.append((start, x - 1, top))
            start = None
    return runs


@pytest.mark.parametrize(
    "direction", [Qt.LayoutDirection.RightToLeft, Qt.LayoutDirection.LeftToRight]
)
def test_a_signed_figure_in_a_table_keeps_its_sign_before_the_number(qtbot, direction) -> None:
    """A "+2" in a right-to-left table reads "+2", not "2+" (a text of figures alone takes
    the view's direction, which puts its leading sign at the far end)."""
    apply_theme(QApplication.instance(), "light")
    table = QTableWidget(1, 1)
    qtbot.addWidget(table)
    table.setLayoutDirection(direction)
    table.setItem(0, 0, QTableWidgetItem("+2"))
    table.resize(300, 200)
    table.horizontalHeader().resizeSection(0, 200)
    table.show()
    qtbot.waitExposed(table)
    cell = table.visualItemRect(table.item(0, 0))
    image = table.viewport().grab(cell.adjusted(2, 2, -2, -2)).toImage()
    sign, digit = _ink_columns(image)[:2]
    assert sign[2] > digit[2], "the first glyph is not the +: its ink starts as high as a digit's"
