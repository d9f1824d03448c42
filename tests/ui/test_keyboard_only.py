"""A sheet of each system made, filled, saved and exported with the keyboard alone: the File
menu by Alt+F, its New Blank Sheet by its letter, the Name field reached with Tab, Ctrl+S
into the library, Save As and Export PDF through their file dialogs typed into. Nothing here
clicks or calls the window: only key presses (QTest), as a person without a mouse works."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QWidget

from sheetapp.systems.registry import modules, system_ids
from sheetapp.ui.main_window import MainWindow

NAME = "Kim Keys"
_K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def key(k: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key to whatever has the focus now (a menu open takes it), as a keyboard sends it."""
    target = QApplication.activePopupWidget() or QApplication.focusWidget()
    target = target or QApplication.activeWindow()
    assert target is not None
    QTest.keyClick(target, k, modifier)
    QApplication.processEvents()


def when_modal(kind: type[QWidget], act: Callable[[QWidget], None]) -> None:
    """Once a modal ``kind`` is up (a dialog's ``exec`` runs its own loop), ``act`` on it."""

    def look() -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, kind) and modal.isVisible():
            act(modal)
        else:
            QTimer.singleShot(20, look)

    QTimer.singleShot(20, look)


def type_path(path: Path) -> Callable[[QWidget], None]:
    def act(dialog: QWidget) -> None:
        QApplication.processEvents()
        target = QApplication.focusWidget()
        assert isinstance(target, QLineEdit), target  # the file name box has the focus
        QTest.keyClick(target, _K.Key_A, CTRL)
        QTest.keyClicks(target, str(path))
        QTest.keyClick(target, _K.Key_Return)

    return act


# The field a blank sheet's first page names its owner by (an Amazing Engine sheet starts
# with its player's core, before any character).
FIRST_FIELD = {"amazing-engine": "Player"}


def tab_to(field: str) -> QLineEdit:
    """Tab through the window until the text field named ``field`` has the focus (as a
    screen reader user hears each field's name on the way)."""
    for _ in range(80):
        focus = QApplication.focusWidget()
        if isinstance(focus, QLineEdit) and focus.accessibleName() == field:
            return focus
        key(_K.Key_Tab)
    focus = QApplication.focusWidget()
    raise AssertionError(
        f"Tab never reached the Name field; stuck at {focus.objectName()} in "
        f"{focus.parentWidget().objectName()} {focus.window()}"
    )


def back_to(qtbot, window: MainWindow) -> None:
    """The desktop gives the window the keyboard back once a dialog closes (offscreen,
    nothing does)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)


@pytest.fixture(autouse=True)
def _qt_dialogs(monkeypatch) -> None:
    """Qt's own file dialog, as on a desktop without a portal (a native one takes no
    QTest keys)."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", _keyed_save_name)


def _keyed_save_name(parent, caption="", directory="", file_filter="", *args, **kwargs):
    dialog = QFileDialog(parent, caption, directory, file_filter)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    if dialog.exec():
        return dialog.selectedFiles()[0], dialog.selectedNameFilter()
    return "", ""


@pytest.mark.parametrize("system_id", system_ids())
def test_make_fill_save_and_export_a_sheet_with_keys_only(
    qtbot, window: MainWindow, tmp_path: Path, system_id: str
) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.library_tab.filter_edit.setFocus()  # where the window starts: the roster
    before = len(window.documents())

    # File > New Blank Sheet > the system, by the menu's letters and arrows.
    key(_K.Key_F, Qt.KeyboardModifier.AltModifier)
    key(_K.Key_B)
    for _ in range(system_ids().index(system_id)):
        key(_K.Key_Down)
    key(_K.Key_Return)
    qtbot.waitUntil(lambda: len(window.documents()) == before + 1)
    document = window.current_form().document
    assert document.plugin.id == system_id

    name = tab_to(FIRST_FIELD.get(system_id, "Name"))
    QTest.keyClicks(name, NAME)
    QApplication.processEvents()
    assert NAME in json.dumps(document.sheet.model_dump(mode="json"))

    key(_K.Key_S, CTRL)  # into the library
    qtbot.waitUntil(lambda: window.current_form().document.library_id is not None)
    document = window.current_form().document
    assert not document.is_modified
    library = window.library_session.library
    assert NAME in library.document(document.library_id)

    saved = tmp_path / f"{system_id}.json"
    when_modal(QFileDialog, type_path(saved))
    key(_K.Key_S, CTRL | Qt.KeyboardModifier.ShiftModifier)  # Save As: a file to share
    qtbot.waitUntil(saved.exists)
    assert NAME in saved.read_text(encoding="utf-8")
    back_to(qtbot, window)

    exported = tmp_path / f"{system_id}.pdf"
    when_modal(QFileDialog, type_path(exported))
    key(_K.Key_E, CTRL)
    qtbot.waitUntil(lambda: exported.exists() and exported.stat().st_size > 0, timeout=30000)
    text = subprocess.run(
        ["pdftotext", str(exported), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert NAME in text, modules(system_id).name
