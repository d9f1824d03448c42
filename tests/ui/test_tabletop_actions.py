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
    refused: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text: refused.append(text))
    assert not window.tabletop.export_current(TARGETS["foundry"])
    assert len(refused) == 1 and "same file as" in refused[0]
    assert hero_file.read_bytes() == before
