"""The roster and its NPC maker read in the person's language: a German GM saw "NPC" on
every row of a German window, and the shipped universes and their professions by their
English names, though the packs carry them in five languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sheetapp import i18n
from sheetapp.systems.amazing_engine.catalog import builtin_universes
from sheetapp.ui.library.generate_dialog import GenerateDialog
from sheetapp.ui.library.roster_model import COLUMN_KEYS
from sheetapp.ui.main_window import MainWindow

from .conftest import fill, npc
from .test_roster_columns import cells


@pytest.fixture
def german() -> Iterator[None]:
    i18n.use_language("de")
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def test_an_npc_reads_as_the_language_s_word_in_the_roster(german, window: MainWindow):
    fill(window, npc(3, "Ada"))
    window.show_library()
    assert cells(window.library_tab, "kind") == ["NSC"]


def test_an_amazing_engine_row_names_its_universe_in_the_language(german, window: MainWindow):
    """The shipped packs carry their names in five languages; the roster showed 'Generic'."""
    fill(window, npc(3, "Ada"))
    window.show_library()
    assert cells(window.library_tab, "setting") == ["Allgemein"]


def test_the_generate_dialog_lists_universes_and_professions_in_the_language(qtbot, german):
    dialog = GenerateDialog([], [], system="amazing-engine")
    qtbot.addWidget(dialog)
    universes = [dialog.universe.itemText(i) for i in range(dialog.universe.count())]
    assert "Allgemein" in universes and "Generic" not in universes
    generic = builtin_universes()["generic"]
    professions = {dialog.profession.itemText(i) for i in range(dialog.profession.count())}
    assert {generic.profession_name(p) for p in generic.professions} <= professions
    assert not {p.name for p in generic.professions} & professions - {
        generic.profession_name(p) for p in generic.professions
    }


def test_the_kind_column_holds_its_longest_word(qtbot, monkeypatch):
    """A language's NPC may be longer than 'NPC' (Arabic's is three words): the column
    opens wide enough for it, not cut to 'شخ…'."""
    long_npc = "Nichtspielercharakter"
    monkeypatch.setattr(i18n, "_", lambda s: long_npc if s == "NPC" else s)
    monkeypatch.setattr("sheetapp.storage.library.rows._", i18n._)
    fresh = MainWindow()
    qtbot.addWidget(fresh)
    fresh.resize(1366, 768)
    fresh.show()
    fill(fresh, npc(3, "Ada"))
    fresh.show_library()
    view = fresh.library_tab.view
    column = COLUMN_KEYS.index("kind")
    assert view.horizontalHeader().sectionSize(column) > view.fontMetrics().horizontalAdvance(
        long_npc
    )
