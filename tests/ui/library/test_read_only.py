"""A damaged library: backed up, reported in a banner that says where the copy is, and
opened read-only (or rebuilt). Nothing that writes is offered, each refusal says why, and
open sheets can still be saved as files."""

from __future__ import annotations

import os
import sqlite3

import pytest
from PySide6.QtWidgets import QMessageBox

from sheetapp.storage.document import load
from sheetapp.storage.library import default_path, open_library
from sheetapp.ui.library.session import open_session
from sheetapp.ui.main_window import MainWindow

from ..conftest import _forget_changes
from .conftest import npc

PAGE = 4096


@pytest.fixture
def damaged(tmp_path):
    """A library whose revisions table lost its first page: the roster still reads."""
    path = tmp_path / "library.sqlite3"
    with open_library(path) as library:
        library.add_many(npc(n, f"Guard {n}") for n in range(40))
    db = sqlite3.connect(path)
    (page,) = db.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'revisions'").fetchone()
    db.close()
    with path.open("r+b") as handle:
        handle.seek((page - 1) * PAGE)
        handle.write(os.urandom(PAGE))
    return path


def test_a_damaged_library_opened_read_only_shows_why_and_refuses_edits(
    qtbot, damaged, tmp_path, monkeypatch
) -> None:
    library = open_library(damaged, on_damage="read-only")
    window = MainWindow(library=library)
    qtbot.addWidget(window, before_close_func=_forget_changes)
    window.resize(1366, 768)
    window.show()
    banner = window.library_tab.banner
    assert banner.isVisible() and banner.property("level") == "error"
    report = library.damage_report
    assert str(report.backup) in banner.label.text()
    assert "read-only" in banner.label.text()

    actions = window.library_actions
    window.library_tab.view.selectAll()
    for action in (
        actions.duplicate_action,
        actions.delete_action,
        actions.move_action,
        actions.tags_action,
        actions.encounter_action,
        actions.transfer.import_action,
        actions.transfer.generate_action,
        actions.transfer.award_action,
    ):
        assert not action.isEnabled(), action.text()
        assert action.toolTip() == "The library is read-only because it was found damaged."
    assert actions.transfer.export_json_action.isEnabled() == bool(library.count())
    assert not window.table_panel.new_button.isEnabled()
    assert window.table_panel.notice.isVisible()

    # Sheets whose history was on the lost page say so when opened; the roster lists all.
    assert library.count() == 40
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    window.open_library_sheets(library.roster_ids()[:1])
    assert "malformed" in shown[0]
    library.close()


def test_a_damaged_library_at_start_is_rebuilt_and_the_banner_says_so(qtbot, damaged) -> None:
    target = default_path()
    target.write_bytes(damaged.read_bytes())
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_forget_changes)
    banner = window.library_tab.banner
    report = window.library_session.library.damage_report
    assert report is not None and report.action == "rebuilt"
    assert banner.property("level") == "warning"
    assert f"A copy is kept in {report.backup}" in banner.label.text()
    assert f"{report.salvaged} of the {report.found} sheets" in banner.label.text()
    assert report.backup.exists()
    assert window.library_session.writable  # the new library takes changes again
    assert window.library_actions.transfer.generate_action.isEnabled()


def test_a_library_that_cannot_be_opened_leaves_files_working(
    qtbot, tmp_path, hero_file, monkeypatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the library's folder should be")
    session = open_session(blocker / "library.sqlite3")
    assert session.library is None
    assert "cannot open the library" in session.problem
    monkeypatch.setattr("sheetapp.ui.library.session.open_session", lambda: session)
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_forget_changes)
    assert window.library_tab.banner.property("level") == "error"
    assert not window.library_actions.find_action.isEnabled()
    form = window.open_path(hero_file)
    form.document.edit(("characters", 0, "notes"), "still saved")
    assert window.save_current()  # a file's sheet saves to its file
    assert load(hero_file).characters[0].notes == "still saved"
    assert not window.add_to_library_action.isEnabled()


def test_a_library_opened_read_only_keeps_open_sheets_as_files(
    qtbot, tmp_path, monkeypatch
) -> None:
    path = tmp_path / "library.sqlite3"
    with open_library(path) as writable:
        sheet_id = writable.add(npc(1, "Ada"))
    library = open_library(path, read_only=True)
    window = MainWindow(library=library)
    qtbot.addWidget(window, before_close_func=_forget_changes)
    assert window.library_tab.banner.property("level") == "info"
    assert not window.library_actions.transfer.generate_action.isEnabled()
    assert window.library_actions.transfer.generate_action.toolTip() == (
        "The library is open read-only."
    )
    window.open_library_sheets([sheet_id])
    document = window.current_form().document
    document.edit(("characters", 0, "notes"), "kept in a file")
    asked = []
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.Save,
    )
    target = tmp_path / "kept"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    assert window.save_current()
    assert asked[0].startswith("The library is open read-only.")
    assert load(tmp_path / "kept.sheet.json").characters[0].notes == "kept in a file"
    library.close()
