"""The main window driven as a person would: open, type, undo, save, reopen, recover."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QInputMethodEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
)

from sheetapp.storage import autosave
from sheetapp.storage.document import load
from sheetapp.systems.amazing_engine.names import Pool
from sheetapp.ui.main_window import MainWindow
from tests.processes import dead_pid

from .conftest import _forget_changes

ROOT = Path(__file__).resolve().parents[2]


def field(window: MainWindow, cls, name: str):
    widget = window.current_form().findChild(cls, name)
    assert widget is not None, name
    return widget


def type_with_input_method(widget, text: str) -> None:
    """Commit text as an input method does (QTest.keyClicks handles ASCII only)."""
    event = QInputMethodEvent()
    event.setCommitString(text)
    QApplication.sendEvent(widget, event)


def type_into_spin(qtbot, spin: QSpinBox, text: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)
    qtbot.keyClick(spin, Qt.Key.Key_Tab)


def test_type_undo_redo_save_close_and_reopen(window, qtbot, hero_file) -> None:
    form = window.open_path(hero_file)
    form.show_character(0)
    name = field(window, QLineEdit, "name")
    original = name.text()
    name.setFocus()
    name.end(False)
    qtbot.keyClicks(name, " the Bold")
    assert window.isWindowModified()
    assert form.document.sheet.characters[0].name == original + " the Bold"
    assert window.tabs.tabText(window.tabs.currentIndex()).endswith("*")

    window.undo_action.trigger()  # one step undoes the whole typed run
    assert form.document.sheet.characters[0].name == original
    assert name.text() == original
    assert not window.isWindowModified()
    window.redo_action.trigger()
    assert name.text() == original + " the Bold"

    gender = field(window, QLineEdit, "gender")
    gender.setFocus()
    type_with_input_method(gender, "Ωμέγα ")  # how a Greek keyboard's text arrives
    qtbot.keyClicks(gender, "<b>&")
    window.save_current()
    assert not window.isWindowModified()
    assert window.close_tab()

    window.open_path(hero_file)
    reopened = window.current_form().document.sheet.characters[0]
    assert reopened.name == original + " the Bold"
    assert reopened.gender == "Ωμέγα <b>&"


def test_editing_an_attribute_updates_figures_and_findings_live(window, qtbot, hero_file) -> None:
    form = window.open_path(hero_file)
    form.show_character(0)
    fitness = field(window, QSpinBox, "score_fitness")
    type_into_spin(qtbot, fitness, "60")
    document = form.document
    assert document.sheet.characters[0].attributes["fitness"] == 60
    figure = form.findChild(QLabel, "figure_movement")
    assert "run 60" in figure.text()
    codes = {f.code for f in document.findings}
    assert "ae.attributes.mismatch" in codes  # 60 is not roll + rank points
    assert fitness.property("finding") == "error"
    assert "error" in window.finding_count.text() and not window.finding_count.text().startswith(
        "0"
    )


def test_a_finding_jumps_to_its_field(window, qtbot, hero_file) -> None:
    data = json.loads(hero_file.read_text())
    data["core"]["ranks"]["physique"] = data["core"]["ranks"]["spirit"]
    hero_file.write_text(json.dumps(data))
    form = window.open_path(hero_file)
    form.show_character(0)
    model = window.findings_dock.model
    label = "Player Core › Ranks › Physique"
    rows = [r for r in range(model.rowCount()) if model.index(r, 1).data() == label]
    assert rows
    window.findings_dock.view.activated.emit(model.index(rows[0], 2))
    combo = form.findChild(QComboBox, "rank_physique")
    assert form.pages.currentIndex() == 0  # brought the Player Core page forward
    assert QApplication.focusWidget() is combo
    assert combo.property("finding") == "error"


def test_a_finding_on_a_character_not_yet_shown_jumps_there(window, qtbot, hero_file) -> None:
    """Character pages are built when first shown; a jump from the findings dock must still
    land on the field, marked, on a page nobody has opened yet."""
    data = json.loads(hero_file.read_text())
    data["characters"][0]["attributes"]["fitness"] += 7  # no longer roll + rank points
    hero_file.write_text(json.dumps(data))
    form = window.open_path(hero_file)
    assert form.pages.currentIndex() == 0  # the Player Core page is what opens
    model = window.findings_dock.model
    rows = [r for r in range(model.rowCount()) if "Fitness" in str(model.index(r, 1).data())]
    assert rows
    window.findings_dock.view.activated.emit(model.index(rows[0], 2))
    assert form.pages.currentIndex() == 1  # the character's page, built and brought forward
    assert form.current_character() == 0
    focused = QApplication.focusWidget()
    assert focused is not None and focused.property("fieldPath") == (
        "characters[0].attributes.fitness"
    )
    assert focused.property("finding") == "error"


def test_ranks_are_locked_once_characters_are_built_on_them(
    window, qtbot, hero_file, monkeypatch
) -> None:
    form = window.open_path(hero_file)
    combos = [form.findChild(QComboBox, f"rank_{pool.value}") for pool in Pool]
    unlock = form.findChild(QPushButton, "unlock_ranks")
    assert not any(combo.isEnabled() for combo in combos)
    assert unlock.isVisible()
    asked: list[str] = []

    def answer(_parent, _title, text, *_a, **_k):
        asked.append(text)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "warning", answer)
    qtbot.mouseClick(unlock, Qt.MouseButton.LeftButton)
    assert form.document.sheet.characters[0].name in asked[0]  # says whom it affects
    assert not any(combo.isEnabled() for combo in combos)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Yes)
    qtbot.mouseClick(unlock, Qt.MouseButton.LeftButton)
    assert all(combo.isEnabled() for combo in combos)
    assert not unlock.isVisible()


def test_a_blank_core_has_its_ranks_open(window, qtbot) -> None:
    window.new_blank("amazing-engine")
    form = window.current_form()
    assert all(form.findChild(QComboBox, f"rank_{pool.value}").isEnabled() for pool in Pool)


def test_choosing_a_rank_another_pool_holds_swaps_them(
    window, qtbot, hero_file, monkeypatch
) -> None:
    form = window.open_path(hero_file)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Yes)
    form.findChild(QPushButton, "unlock_ranks").click()
    ranks = dict(form.document.sheet.core.ranks)
    holder = next(p for p, r in ranks.items() if r == 1)
    other = next(p for p, r in ranks.items() if r != 1)
    combo = form.findChild(QComboBox, f"rank_{other.value}")
    combo.setCurrentIndex(combo.findData(1))
    combo.activated.emit(combo.currentIndex())
    new = form.document.sheet.core.ranks
    assert new[other] == 1 and new[holder] == ranks[other]
    assert sorted(new.values()) == [1, 2, 3, 4]


def test_closing_a_modified_sheet_asks_first(window, qtbot, hero_file, monkeypatch) -> None:
    form = window.open_path(hero_file)
    form.document.edit(("characters", 0, "notes"), "unsaved thoughts")
    answers = iter([QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Discard])
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: next(answers))
    assert not window.close_tab()
    assert window.current_form() is form
    assert window.close_tab()
    assert window.current_form() is None
    assert "unsaved" not in hero_file.read_text()


def test_save_as_asks_for_a_name_and_remembers_it(
    window, qtbot, hero_file, tmp_path, monkeypatch
) -> None:
    window.open_path(hero_file)
    target = tmp_path / "copy"
    asked: list[str] = []

    def dialog(_parent, _title, suggested, _filter):
        asked.append(suggested)
        return str(target), ""

    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", dialog)
    assert window.save_current_as()
    assert asked == [str(hero_file)]  # Save As starts from the sheet's own file
    # A name typed without an extension gets the sheet suffix desktops associate with us.
    saved = tmp_path / "copy.sheet.json"
    assert load(saved) == window.current_form().document.sheet
    assert window.settings.recent_files()[0] == saved.resolve()
    # The tab keeps the character's name; its tooltip says which file it now is.
    assert window.tabs.tabToolTip(window.tabs.currentIndex()) == str(saved)


def test_a_save_that_fails_keeps_the_work_and_says_why(
    window, qtbot, hero_file, monkeypatch
) -> None:
    form = window.open_path(hero_file)
    form.document.edit(("characters", 0, "notes"), "keep me")
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: shown.append(a[2]))

    def full_disk(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    assert not window.save_current()
    assert "the disk is full" in shown[0]  # ENOSPC, in the reader's words
    assert window.isWindowModified()
    assert form.document.sheet.characters[0].notes == "keep me"


def test_a_broken_file_is_refused_with_a_message(window, tmp_path, monkeypatch) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "sheetapp", "format_version": 7}')
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    assert window.open_path(broken) is None
    assert "newer sheetapp" in shown[0]
    assert window.current_form() is None


def test_dropping_a_file_opens_it_and_it_joins_recent_files(window, qtbot, hero_file) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(hero_file))])
    event = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert window.current_form().document.path == hero_file
    window.files.fill_recent()
    assert str(hero_file.resolve()) in [a.text() for a in window.recent_menu.actions()]


def test_opening_an_open_file_switches_to_its_tab(window, hero_file) -> None:
    first = window.open_path(hero_file)
    window.new_blank()
    assert window.open_path(hero_file) is first
    assert window.tabs.count() == 3  # the library's roster and the two sheets


def test_unsaved_work_is_offered_back_after_a_crash(window, qtbot, hero_file, monkeypatch) -> None:
    form = window.open_path(hero_file)
    form.document.edit(("characters", 0, "notes"), "written before the crash")
    window.autosave_all()
    record = next(autosave.folder().glob("*.json"))
    data = json.loads(record.read_text())
    data["pid"] = dead_pid()
    record.write_text(json.dumps(data))  # as if the app that wrote it had died

    later = MainWindow()
    qtbot.addWidget(later, before_close_func=_forget_changes)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    later.offer_recovery()
    restored = later.current_form().document
    assert restored.sheet.characters[0].notes == "written before the crash"
    assert restored.path == hero_file and restored.is_modified
    assert later.tabs.tabText(later.tabs.currentIndex()).endswith("*")  # and shows it


def test_a_killed_app_offers_its_unsaved_edits_at_the_next_start(
    qtbot, hero_file, tmp_path, monkeypatch
) -> None:
    data_dir = Path(os.environ["SHEETAPP_DATA_DIR"])
    (data_dir / "settings.ini").write_text("[preferences]\nautosave_seconds=2\n")
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from sheetapp.ui.app import make_app\n"
        "from sheetapp.ui.main_window import MainWindow\n"
        "app = make_app()\n"
        "w = MainWindow()\n"
        f"form = w.open_path(Path({str(hero_file)!r}))\n"
        "form.document.edit(('characters', 0, 'notes'), 'typed, never saved')\n"
        "w.show()\n"
        "print('editing', flush=True)\n"
        "app.exec()\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", script],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout.readline().strip() == "editing"
        deadline = time.monotonic() + 30
        while not list(autosave.folder().glob("*.json")):
            assert time.monotonic() < deadline, proc.stderr.read()
            time.sleep(0.2)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert "typed, never saved" not in hero_file.read_text()

    later = MainWindow()
    qtbot.addWidget(later, before_close_func=_forget_changes)
    asked = []

    def answer(*args, **kwargs):
        asked.append(args[2])
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    later.offer_recovery()
    assert "hero.json" in asked[0]
    assert later.current_form().document.sheet.characters[0].notes == "typed, never saved"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_smoke_opens_a_sheet_reports_ready_and_saves_a_screenshot(
    hero_file, tmp_path, theme
) -> None:
    shot = tmp_path / "shot.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sheetapp",
            "--smoke",
            str(hero_file),
            "--screenshot",
            str(shot),
            "--theme",
            theme,
            "--size",
            "1366x768",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    painted, ready = done.stdout.splitlines()
    assert painted.startswith("ready in ") and painted.endswith(" ms")
    assert ready.startswith("sheet ready in ") and ready.endswith(" ms")
    assert float(ready.split()[-2]) >= float(painted.split()[-2])
    assert shot.stat().st_size > 10_000


def test_a_new_sheet_is_offered_a_sheet_json_name(window, qtbot, monkeypatch) -> None:
    window.new_random_npc()
    asked: list[str] = []
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName",
        lambda _p, _t, suggested, _f: (asked.append(suggested), ("", ""))[1],
    )
    # Save puts a new sheet in the library; Save As writes a file.
    assert not window.save_current_as()  # cancelled: nothing written, still unsaved
    name = window.current_form().document.display_name()
    assert asked and asked[0].endswith(f"{name}.sheet.json")


def test_a_sheet_is_called_by_its_character_wherever_it_came_from(window, qtbot, hero_file) -> None:
    """A file's tab, like a library sheet's, shows the character; the file is in the tooltip,
    and universes go by their names, not their pack ids."""
    form = window.open_path(hero_file)
    name = form.document.sheet.characters[0].name
    index = window.tabs.currentIndex()
    assert window.tabs.tabText(index) == name
    assert str(hero_file) in window.tabs.tabToolTip(index)
    assert name in window.windowTitle()
    characters = form.pages.widget(0).findChild(QLabel, "characters_made")
    assert "Generic" in characters.text() and "· generic ·" not in characters.text()
