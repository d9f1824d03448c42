"""Fixtures for driving the app as a person would."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication

from sheetapp import i18n
from sheetapp.dice import Roller
from sheetapp.storage.document import save
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.systems.amazing_engine.generation import random_prime_sheet
from sheetapp.ui.accessible_names import install as install_accessible_names
from sheetapp.ui.field_input import install as install_field_input
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.theme import apply_theme
from sheetapp.ui.translator import install_translators


@pytest.fixture(autouse=True)
def _field_input(qapp) -> None:
    """Every GUI test types into fields, and reads their names, as the app has them
    (sheetapp.ui.app installs these filters on the application it makes)."""
    install_field_input(qapp)
    install_accessible_names(qapp)


@pytest.fixture
def window(qtbot) -> MainWindow:
    apply_theme(QApplication.instance(), "light")
    win = MainWindow()
    # pytest-qt closes the window before fixtures tear down: a modified sheet would prompt.
    qtbot.addWidget(win, before_close_func=_forget_changes)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    return win


def _forget_changes(win: MainWindow) -> None:
    for document in win.documents():
        document.undo_stack.setClean()


@pytest.fixture
def hero_file(tmp_path: Path) -> Path:
    path = tmp_path / "hero.json"
    save(path, random_prime_sheet(Roller(11), builtin_universes()["generic"]))
    return path


@pytest.fixture
def speak(qapp) -> Iterator[object]:
    """Call with a code: that language and its translators for the rest of the test;
    English, left to right, after."""
    installed = []
    locale_before = QLocale()

    def use(code: str) -> None:
        i18n.use_language(code)
        installed.extend(install_translators(qapp))

    yield use
    for translator in installed:
        qapp.removeTranslator(translator)
    i18n.use_language(i18n.SOURCE_LANGUAGE)
    qapp.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    QLocale.setDefault(locale_before)
