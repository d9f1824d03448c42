"""File ▸ Export To ▸ Foundry VTT… / Roll20…, and File ▸ Import From…, as a person uses them."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox

from sheetapp.interop.targets import TARGETS
from sheetapp.storage.document import load


@pytest.mark.parametrize("target_id", list(TARGETS))
def test_export_then_import_opens_the_same_sheet(window, hero_file, tmp_path, monkeypatch,
                                                 target_id):
    window.open_path(hero_file)
    out = tmp_path / "hero-out"  # no extension typed: .json is added
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName",
                        lambda *_a: (str(out), ""))
    assert window.tabletop.export_current(TARGETS[target_id])
    written = tmp_path / "hero-out.json"
    data = json.loads(written.read_text())
    assert data.get("character", data)["name"]  # Roll20's VTTES files hold a "character"
    count = window.tabs.count()
    document = window.tabletop.import_path(written)
    assert window.tabs.count() == count + 1
    assert document.sheet == load(hero_file)
    assert document.path is None  # a new, unsaved sheet: nothing is overwritten


def test_a_foreign_actor_asks_for_its_system_and_shows_the_notes(window, tmp_path,
                                                                 monkeypatch):
    actor = tmp_path / "ada.json"
    actor.write_text(json.dumps({"name": "Ada", "system": {"biography": "<b>Hi</b>"}}))
    monkeypatch.setattr(QInputDialog, "getItem", lambda *_a: ("d6 Dice Pool", True))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, _t, text: shown.append(text))
    document = window.tabletop.import_path(actor)
    assert (document.sheet.system, document.sheet.name) == ("d6-pool", "Ada")
    assert "plain text" in shown[0]


def test_a_hostile_file_is_refused_in_one_message(window, tmp_path, monkeypatch):
    bad = tmp_path / "bad.json"
    bad.write_text('{"items": "x"}')
    warned: list[str] = []
    monkeypatch.setattr(QInputDialog, "getItem", lambda *_a: ("Alternity", True))
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: warned.append(text))
    count = window.tabs.count()
    assert window.tabletop.import_path(bad) is None
    assert window.tabs.count() == count
    assert warned == [f"{bad}: items must be a list, not text"]


def test_the_file_menu_offers_both_tabletops(window, hero_file):
    window.open_path(hero_file)
    window.tabletop.export_menu.aboutToShow.emit()  # as opening the submenu does
    labels = [a.text() for a in window.tabletop.export_menu.actions()]
    assert labels == ["&Foundry VTT…", "&Roll20…"]
    assert window.tabletop.export_menu.isEnabled()


@pytest.mark.parametrize("how", ["same name", "symbolic link", "hard link"])
def test_an_export_never_writes_over_the_open_sheet(window, hero_file, monkeypatch, how):
    """The one output policy in the app too: the sheet's own file, by any name, is kept."""
    import os

    window.open_path(hero_file)
    before = hero_file.read_bytes()
    target = hero_file.with_name("other.json")
    if how == "symbolic link":
        target.symlink_to(hero_file.name)
    elif how == "hard link":
        os.link(hero_file, target)
    else:
        target = hero_file.with_suffix("")  # "hero": the .json added makes it hero.json
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName",
                        lambda *_a: (str(target), ""))
    # Asked about hero.json (the dialog asked about "hero"), the person says Yes: still kept.
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *_a, **_k: QMessageBox.StandardButton.Yes)
    refused: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text: refused.append(text))
    assert not window.tabletop.export_current(TARGETS["foundry"])
    assert len(refused) == 1 and "same file as" in refused[0]
    assert hero_file.read_bytes() == before


def _answer_questions(monkeypatch, answers) -> list[str]:
    asked: list[str] = []
    answers = iter(answers)

    def question(_parent, _title, text, *_a, **_k):
        asked.append(text)
        return next(answers)

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def test_an_export_asks_before_replacing_a_json_the_dialog_did_not_ask_about(
    window, hero_file, tmp_path, monkeypatch
):
    """Typed "night", written night.json: Qt's dialog asked about "night", so the app asks
    about night.json before it replaces last week's file."""
    window.open_path(hero_file)
    existing = tmp_path / "night.json"
    existing.write_text('{"last": "week"}')
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName",
                        lambda *_a: (str(tmp_path / "night"), ""))
    asked = _answer_questions(
        monkeypatch, [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes])
    assert not window.tabletop.export_current(TARGETS["foundry"])
    assert "night.json already exists" in asked[0]
    assert existing.read_text() == '{"last": "week"}'  # cancelled: kept
    assert window.tabletop.export_current(TARGETS["foundry"])
    assert json.loads(existing.read_text())["name"]


def test_an_export_never_writes_over_a_sheet_open_in_another_tab(
    window, hero_file, tmp_path, monkeypatch
):
    other = tmp_path / "other.json"
    other.write_bytes(hero_file.read_bytes())
    window.open_path(other)
    window.open_path(hero_file)  # the current tab; "other" is open in the one before
    before = other.read_bytes()
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName",
                        lambda *_a: (str(other), ""))  # the dialog asked about this name
    refused: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text: refused.append(text))
    assert not window.tabletop.export_current(TARGETS["roll20"])
    assert len(refused) == 1 and "same file as" in refused[0]
    assert other.read_bytes() == before


def test_a_zip_of_many_sheets_asks_before_replacing_one_the_dialog_did_not_ask_about(
    window, hero_file, tmp_path, monkeypatch
):
    from sheetapp.ui.tabletop_actions import export_selection

    existing = tmp_path / "party.zip"
    existing.write_bytes(b"last week's zip")
    sheet = load(hero_file)
    monkeypatch.setattr(QInputDialog, "getItem", lambda *_a: ("Foundry VTT", True))
    monkeypatch.setattr(QMessageBox, "exec", lambda box: next(
        b for b in box.buttons() if b.text() == "&Zip…").click())
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName",
                        lambda *_a: (str(tmp_path / "party"), ""))
    asked = _answer_questions(
        monkeypatch, [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes])
    named = [("Ana", sheet), ("Bo", sheet)]
    assert export_selection(window, window.settings, named) is None
    assert "party.zip already exists" in asked[0]
    assert existing.read_bytes() == b"last week's zip"
    assert export_selection(window, window.settings, named)
    assert existing.read_bytes().startswith(b"PK")
