"""A pack travels as a file: Export writes an installed universe's pack as it is; Import
copies a pack file into the packs folder, where it loads (or, broken, is reported)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sheetapp.systems.amazing_engine.catalog import installed_universes, user_pack_folder
from sheetapp.ui.amazing_engine.universe_browser import UniverseBrowser

from ..amazing_engine.test_universe_browser import click_universe


def test_export_then_import_under_a_new_id_adds_the_universe(qtbot, tmp_path) -> None:
    browser = UniverseBrowser()
    qtbot.addWidget(browser)
    browser.show()
    click_universe(qtbot, browser, "Drift Salvage")
    exported = browser.export_pack(tmp_path / "drift.toml")
    text = exported.read_text("utf-8")
    assert 'name = "Plasma cutter"' in text and text.startswith("#")

    shared = tmp_path / "from-a-friend.toml"
    shared.write_text(text.replace('id = "drift-salvage"', 'id = "drift-friend"'), "utf-8")
    target = browser.import_pack(shared)
    assert target == user_pack_folder() / "drift-friend.toml"
    assert "drift-friend" in installed_universes()
    assert browser.list.currentItem().data(Qt.ItemDataRole.UserRole + 1) == "drift-friend"


def test_a_broken_pack_is_imported_kept_and_reported(qtbot, tmp_path) -> None:
    browser = UniverseBrowser()
    qtbot.addWidget(browser)
    shared = tmp_path / "broken.toml"
    shared.write_text('id = "broken"\nname = "Broken"\ncreation_cap = "lots"\n', "utf-8")
    target = browser.import_pack(shared)
    assert target.read_text("utf-8") == shared.read_text("utf-8")
    assert "broken" not in installed_universes()
    problems = [browser.problems.item(i).text() for i in range(browser.problems.count())]
    assert any("broken.toml" in p and "creation_cap" in p for p in problems)
