"""The app's writers under the output policy: a sheet opened through a link is saved into
the file the link names, hard links stay one file, a name the dialog did not ask about is
confirmed before it is replaced, and no writer writes over a sheet open in another tab."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from sheetapp.storage.document import load, save
from tests.ui.test_printing import menu_action, save_dialog_answers

NOTES = ("characters", 0, "notes")


def test_a_sheet_opened_through_a_link_is_saved_into_the_linked_file(
    window, hero_file: Path, tmp_path: Path
) -> None:
    shortcut = tmp_path / "desk" / "hero link.json"
    shortcut.parent.mkdir()
    shortcut.symlink_to(hero_file)
    form = window.open_path(shortcut)
    form.document.edit(NOTES, "saved through the link")
    assert window.save_current()
    assert shortcut.is_symlink() and shortcut.resolve() == hero_file
    assert load(hero_file).characters[0].notes == "saved through the link"
    assert not form.document.is_modified and not form.document.changed_on_disk()
    assert list(shortcut.parent.iterdir()) == [shortcut]  # nothing left beside the link


def test_a_hard_linked_sheet_stays_one_file_under_both_names(
    window, hero_file: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other name.json"
    os.link(hero_file, other)
    form = window.open_path(hero_file)
    form.document.edit(NOTES, "seen under both names")
    assert window.save_current()
    assert os.path.samefile(hero_file, other)
    assert load(other).characters[0].notes == "seen under both names"


def test_export_pdf_asks_before_replacing_a_file_the_dialog_did_not_ask_about(
    window, hero_file: Path, tmp_path: Path, monkeypatch
) -> None:
    window.open_path(hero_file)
    existing = tmp_path / "night.pdf"
    existing.write_bytes(b"last week's sheet")
    save_dialog_answers(monkeypatch, tmp_path / "night")  # typed without .pdf
    asked: list[str] = []
    answers = iter([QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes])

    def question(_parent, _title, text, *_a, **_k):
        asked.append(text)
        return next(answers)

    monkeypatch.setattr(QMessageBox, "question", question)
    menu_action(window, "Export PDF…").trigger()
    assert "night.pdf already exists" in asked[0]
    assert existing.read_bytes() == b"last week's sheet"  # cancelled: kept
    menu_action(window, "Export PDF…").trigger()
    assert existing.read_bytes().startswith(b"%PDF-")


def test_save_as_never_writes_over_a_sheet_open_in_another_tab(
    window, hero_file: Path, tmp_path: Path, monkeypatch
) -> None:
    other = tmp_path / "other.json"
    save(other, load(hero_file).model_copy(update={"player": "Someone else"}))
    before = other.read_bytes()
    window.open_path(other)
    window.open_path(hero_file)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[2]))
    save_dialog_answers(monkeypatch, other)  # the dialog itself confirmed the replace
    assert not window.save_current_as()
    assert other.read_bytes() == before
    assert "same file as" in shown[0] and str(other) in shown[0]


def test_one_file_under_two_names_opens_in_one_tab(window, hero_file: Path, tmp_path) -> None:
    """A second name for an open sheet (a hard link) shows the tab already open, so no
    second tab can save over the first one's file."""
    other = tmp_path / "other name.json"
    os.link(hero_file, other)
    first = window.open_path(hero_file)
    assert window.open_path(other) is first and len(window.documents()) == 1
    first.document.edit(NOTES, "one tab")
    assert window.save_current()
    assert load(other).characters[0].notes == "one tab"
