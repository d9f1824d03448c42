"""Another program changes an open sheet's file: sheetapp notices, and the user chooses."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QLineEdit, QMessageBox

from sheetapp.storage.document import load, save
from sheetapp.ui.main_window import MainWindow


def name_field(window: MainWindow) -> QLineEdit:
    """The character's name, on its tab (clicked as a person would; it is built when shown)."""
    form = window.current_form()
    form.show_character(0)
    return form.findChild(QLineEdit, "name")


def rewrite_elsewhere(path: Path, name: str) -> None:
    """What another program (a second sheetapp, a sync client) does to the file."""
    sheet = load(path)
    sheet.characters[0].name = name
    save(path, sheet)
    later = path.stat().st_mtime + 5  # a clearly different stamp, even on coarse clocks
    os.utime(path, (later, later))


def test_an_unmodified_sheet_follows_its_file_and_undo_brings_ours_back(
    window, qtbot, hero_file
) -> None:
    window.open_path(hero_file)
    ours = name_field(window).text()
    rewrite_elsewhere(hero_file, "Changed by Dropbox")
    window.check_disk_changes()
    assert name_field(window).text() == "Changed by Dropbox"
    document = window.current_form().document
    assert not document.is_modified  # it now matches the disk
    document.undo_stack.undo()
    assert name_field(window).text() == ours


def test_unsaved_work_is_kept_when_the_user_says_so_and_saving_asks_first(
    window, qtbot, hero_file, monkeypatch
) -> None:
    window.open_path(hero_file)
    qtbot.keyClicks(name_field(window), " the Bold")
    mine = name_field(window).text()
    rewrite_elsewhere(hero_file, "Theirs")
    asked: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.No
    )
    window.check_disk_changes()
    window.check_disk_changes()  # coming back again does not nag about the same change
    assert len(asked) == 1 and "unsaved changes" in asked[0]
    assert name_field(window).text() == mine

    choices = iter(["cancel", "overwrite"])
    monkeypatch.setattr(window.files, "_ask_overwrite", lambda _doc: next(choices))
    assert not window.save_current()  # cancelled: their file stays, our work stays
    assert load(hero_file).characters[0].name == "Theirs"
    assert window.current_form().document.is_modified
    assert window.save_current()  # overwrite
    assert load(hero_file).characters[0].name == mine
    assert not window.current_form().document.changed_on_disk()


def test_save_as_keeps_both_versions(window, qtbot, hero_file, tmp_path, monkeypatch) -> None:
    window.open_path(hero_file)
    qtbot.keyClicks(name_field(window), "!")
    rewrite_elsewhere(hero_file, "Theirs")
    monkeypatch.setattr(window.files, "_ask_overwrite", lambda _doc: "save_as")
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName",
        lambda *a, **k: (str(tmp_path / "mine"), ""),
    )
    assert window.save_current()
    assert load(hero_file).characters[0].name == "Theirs"
    assert load(tmp_path / "mine.sheet.json").characters[0].name.endswith("!")


def test_a_deleted_file_is_reported_and_saving_writes_it_again(
    window, qtbot, hero_file, monkeypatch
) -> None:
    window.open_path(hero_file)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: pytest_fail("no prompt"))
    hero_file.unlink()
    window.check_disk_changes()
    assert "deleted" in window.statusBar().currentMessage()
    qtbot.keyClicks(name_field(window), "!")
    assert window.save_current()
    assert load(hero_file).characters[0].name.endswith("!")


def test_a_file_replaced_by_garbage_is_not_taken(window, qtbot, hero_file, monkeypatch) -> None:
    window.open_path(hero_file)
    ours = name_field(window).text()
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    hero_file.write_text("{ not json", encoding="utf-8")
    os.utime(hero_file, (hero_file.stat().st_mtime + 5,) * 2)
    window.check_disk_changes()
    assert shown and "Your version stays open" in shown[0]
    assert name_field(window).text() == ours


def pytest_fail(message: str) -> None:
    raise AssertionError(message)
