"""Batch work from the Library menu: generating NPCs through the dialog, importing many
files (broken ones reported), exporting a selection as sheet files or one PDF of stat
blocks, and awarding XP to several characters."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QInputDialog, QMessageBox

from sheetapp.interop.targets import import_file
from sheetapp.play.support import gm_support
from sheetapp.storage.document import load, save
from sheetapp.systems.amazing_engine import experience
from sheetapp.ui.library.award_dialog import AwardDialog
from sheetapp.ui.library.generate_dialog import GenerateDialog
from sheetapp.ui.main_window import MainWindow

from .conftest import fill, hero, npc, plain, roster_names, run_dialog, select_names


def _click_ok(qtbot, dialog) -> None:
    box = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def _type(qtbot, widget, text: str) -> None:
    widget.setFocus()
    widget.selectAll()
    qtbot.keyClicks(widget, text)


def test_generate_thirty_npcs_through_the_dialog_then_filter_and_open_one(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    def drive(dialog: GenerateDialog) -> None:
        assert dialog.system.currentText() == "Amazing Engine"
        assert dialog.universe.currentText() == "Generic"
        dialog.profession.setCurrentIndex(dialog.profession.findText("Soldier"))
        dialog.range_rows = {r.attribute: r for r in dialog._ranges}
        reflexes = dialog.range_rows["reflexes"]
        reflexes.check.setChecked(True)
        _type(qtbot, reflexes.low, "50")
        _type(qtbot, reflexes.high, "60")
        dialog.names.setCurrentIndex(dialog.names.findData("starlane"))
        _type(qtbot, dialog.count, "30")
        dialog.use_seed.setChecked(True)
        _type(qtbot, dialog.seed, "7")
        _type(qtbot, dialog.campaign.lineEdit(), "Station 9")
        _type(qtbot, dialog.tags, "crew, boarders")
        _click_ok(qtbot, dialog)

    run_dialog(monkeypatch, GenerateDialog, drive)
    window.library_actions.transfer.generate_action.trigger()
    assert library.count() == 30
    assert window.library_tab.count_label.text() == "30 characters"
    assert len(window.library_tab.selected_ids()) == 30  # the new NPCs are selected
    rows = library.roster()
    assert {(r.campaign, r.tags, r.npc) for r in rows} == {
        ("Station 9", ("boarders", "crew"), True)
    }
    for sheet in library.load_many(r.id for r in rows):
        character = sheet.characters[0]
        assert character.profession == "soldier"
        assert 50 <= character.attributes["reflexes"] <= 60

    tab = window.library_tab
    tab.tag_filter.setCurrentIndex(tab.tag_filter.findText("crew"))
    assert tab.model.rowCount() == 30
    first = rows[0].name.split()[0]
    qtbot.keyClicks(tab.filter_edit, first)
    narrowed = roster_names(window)
    assert 0 < len(narrowed) < 30 and all(n.split()[0] == first for n in narrowed)
    tab.view.selectRow(0)
    tab.view.setFocus()
    qtbot.keyClick(tab.view, Qt.Key.Key_Return)
    assert window.current_form().document.display_name() == narrowed[0]


def test_a_refused_request_is_shown_in_the_dialog_and_nothing_is_made(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    seen = []

    def drive(dialog: GenerateDialog) -> None:
        row = dialog._ranges[0]  # fitness
        row.check.setChecked(True)
        _type(qtbot, row.low, "90")
        _type(qtbot, row.high, "95")  # beyond the generic universe's maximum
        _click_ok(qtbot, dialog)
        seen.append(dialog.problem.text())
        assert dialog.isVisible()  # still open to fix it
        # Another system: the form offers what that system's GM support has.
        dialog.system.setCurrentIndex(dialog.system.findData("d6-pool"))
        support = gm_support("d6-pool")
        assert [r.attribute for r in dialog._ranges] == list(support.attributes)
        assert not dialog.universe.isEnabled()
        assert dialog.profession.isEnabled() == bool(support.professions(None))
        dialog.reject()

    run_dialog(monkeypatch, GenerateDialog, drive)
    window.library_actions.transfer.generate_action.trigger()
    assert "fitness 90-95" in seen[0]
    assert library.count() == 0


def test_a_template_sheet_is_copied_for_every_npc(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    fill(window, plain("Dock Guard", reflexes=55))
    select_names(window, "Dock Guard")

    def drive(dialog: GenerateDialog) -> None:
        assert dialog.template.count() == 2
        dialog.template.setCurrentIndex(1)
        _type(qtbot, dialog.count, "3")
        _click_ok(qtbot, dialog)

    run_dialog(monkeypatch, GenerateDialog, drive)
    window.library_actions.transfer.generate_action.trigger()
    copies = [r for r in library.roster() if r.name != "Dock Guard"]
    assert len(copies) == 3
    assert {
        s.characters[0].attributes["reflexes"] for s in library.load_many(r.id for r in copies)
    } == {55}


def test_importing_two_files_one_broken_reports_the_broken_one(
    window: MainWindow, library, tmp_path, monkeypatch
) -> None:
    good = tmp_path / "good.sheet.json"
    save(good, npc(5, "Ilsa Marrow"))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getOpenFileNames",
        lambda *a, **k: ([str(good), str(broken)], ""),
    )
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[1:3]))
    window.library_actions.transfer.import_action.trigger()
    assert roster_names(window) == ["Ilsa Marrow"]
    title, text = shown[0]
    assert title == "Some files were not imported"
    assert text.startswith("Imported 1 sheet. 1 file could not be read as a sheet and was left out")
    assert "• broken.json:" in text and "good.sheet.json" not in text


def test_export_selection_as_stat_blocks_pdf(
    window: MainWindow, library, tmp_path, monkeypatch
) -> None:
    fill(window, npc(1, "Ada <the> & Bold"), npc(2, "Bo"), npc(3, "Алёша Сова"))
    select_names(window, "Ada <the> & Bold", "Алёша Сова")
    target = tmp_path / "night"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), "")
    )
    window.library_actions.transfer.export_pdf_action.trigger()
    text = "\n".join(
        page.extract_text()
        for page in PdfReader(io.BytesIO((tmp_path / "night.pdf").read_bytes())).pages
    )
    assert "Ada <the> & Bold" in text and "Алёша Сова" in text
    assert "Bo\n" not in text and window.settings.last_folder() == tmp_path


def test_export_selection_as_sheet_files(
    window: MainWindow, library, tmp_path, monkeypatch
) -> None:
    ids = fill(window, npc(1, "Ada"), npc(2, "Bo"))
    select_names(window, "Ada", "Bo")
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getExistingDirectory", lambda *a, **k: str(tmp_path / "out")
    )
    window.library_actions.transfer.export_json_action.trigger()
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == [f"{ids[0]}-Ada.sheet.json", f"{ids[1]}-Bo.sheet.json"]
    assert load(tmp_path / "out" / written[1]) == library.load(ids[1])


def test_award_xp_to_two_characters_and_see_the_refusal(
    window: MainWindow, qtbot, library, monkeypatch
) -> None:
    ids = fill(window, hero(1, "Leo"), hero(2, "Mara"), npc(3, "Thug"))

    def drive(dialog: AwardDialog) -> None:
        assert dialog.sheets.topLevelItemCount() == 3
        _type(qtbot, dialog.amount, "75")
        _type(qtbot, dialog.core, "25")
        _type(qtbot, dialog.note, "the bridge")
        _click_ok(qtbot, dialog)

    run_dialog(monkeypatch, AwardDialog, drive)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(a[2]))
    select_names(window, "Leo", "Mara", "Thug")
    window.library_actions.transfer.award_action.trigger()
    for sheet_id in ids[:2]:
        sheet = library.load(sheet_id)
        assert experience.character_balance(sheet, 0) == 75
        assert experience.core_balance(sheet) == 25
        assert library.revisions(sheet_id)[0].note == "award 75 XP (+25 to the core): the bridge"
    assert [r.number for r in library.revisions(ids[2])] == [1]  # refused: unchanged
    assert shown[0].startswith("Awarded 75 XP to 2 sheets. The rules refused 1 sheet")
    assert "• Thug: this character has no Player Core to take XP" in shown[0]


def test_an_open_tab_follows_an_award(window: MainWindow, qtbot, library, monkeypatch) -> None:
    (sheet_id,) = fill(window, hero(1, "Leo"))
    window.open_library_sheets([sheet_id])
    run_dialog(monkeypatch, AwardDialog, lambda d: _click_ok(qtbot, d))
    window.library_actions.transfer.award_action.trigger()  # the current tab's sheet
    document = window.current_form().document
    assert experience.character_balance(document.sheet, 0) == 100
    assert not document.is_modified
    assert Path(library.path).exists()


def test_a_big_batch_shows_progress_and_stop_keeps_what_was_made(
    window: MainWindow, library, monkeypatch
) -> None:
    from PySide6.QtWidgets import QProgressDialog

    from sheetapp.play.support import NpcRequest
    from sheetapp.ui.library.generate_dialog import GenerateOrder

    seen: list[int] = []
    monkeypatch.setattr(
        QProgressDialog, "wasCanceled", lambda self: seen.append(self.value()) or True
    )
    order = GenerateOrder(NpcRequest("amazing-engine"), 600, 3, "", ["crowd"], None)
    ids = window.library_actions.transfer.run_generate(order)
    assert seen == [250]  # asked after the first committed batch
    assert len(ids) == 250 and library.count() == 250
    assert "stopped before the rest" in window.statusBar().currentMessage()


def test_exporting_into_a_folder_asks_before_replacing_files_there(
    window: MainWindow, library, tmp_path, monkeypatch
) -> None:
    ids = fill(window, npc(1, "Ada"), npc(2, "Bo"))
    select_names(window, "Ada", "Bo")
    out = tmp_path / "out"
    out.mkdir()
    kept = out / f"{ids[1]}-Bo.sheet.json"
    kept.write_text("the GM's own edit")
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getExistingDirectory", lambda *a, **k: str(out)
    )
    asked: list[str] = []

    def refuse(_parent, _title, text, *_a, **_k):
        asked.append(text)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", refuse)
    window.library_actions.transfer.export_json_action.trigger()
    assert kept.name in asked[0]
    assert kept.read_text() == "the GM's own edit" and sorted(out.iterdir()) == [kept]


@pytest.mark.parametrize("as_zip", [False, True])
def test_export_selection_to_a_virtual_tabletop(
    window: MainWindow, library, tmp_path, monkeypatch, as_zip: bool
) -> None:
    ids = fill(window, npc(1, "Ada"), npc(2, "Bo"))
    select_names(window, "Ada", "Bo")
    monkeypatch.setattr(QInputDialog, "getItem", lambda *_a: ("Foundry VTT", True))
    choice = "&Zip…" if as_zip else "&Folder…"
    monkeypatch.setattr(
        QMessageBox,
        "exec",
        lambda box: next(b for b in box.buttons() if b.text() == choice).click(),
    )
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName", lambda *_a: (str(tmp_path / "table"), "")
    )
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getExistingDirectory", lambda *_a: str(tmp_path / "out")
    )
    (tmp_path / "out").mkdir()
    window.library_actions.transfer.export_tabletop_action.trigger()
    if as_zip:
        with zipfile.ZipFile(tmp_path / "table.zip") as archive:
            assert archive.namelist() == ["ada.foundry.json", "bo.foundry.json"]
            archive.extractall(tmp_path / "out")
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == ["ada.foundry.json", "bo.foundry.json"]
    assert import_file(tmp_path / "out" / written[1]).sheet == library.load(ids[1])
