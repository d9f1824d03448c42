"""The Table's sides read in the GM's language: sheets added from the roster joined sides
named "NPCs" and "PCs" in English in every language."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from sheetapp import i18n
from sheetapp.ui.main_window import MainWindow

from .conftest import fill, plain, select_names
from .test_table_play import headings


@pytest.fixture
def german(tmp_path: Path, monkeypatch) -> Iterator[None]:
    """A German catalog with the sides' names (the shipped one gets them at the next
    catalog update)."""
    catalog = Catalog(locale="de", domain="sheetapp")
    catalog.add("NPCs", "NSC", context="encounter side")
    catalog.add("PCs", "SC", context="encounter side")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (folder / "sheetapp.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.use_language("de")
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def test_sheets_from_the_roster_join_a_side_named_in_the_language(german, window: MainWindow):
    fill(window, plain("Ada", psyche=37, reflexes=56), plain("Stalker", psyche=73))
    select_names(window, "Ada", "Stalker")
    window.library_actions.encounter_action.trigger()
    assert headings(window.table_panel) == ["NSC"]
