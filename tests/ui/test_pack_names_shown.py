"""A universe pack's name reads in the person's language wherever the window names it:
the shipped packs carry their names in all five languages, and Preferences' list of
universes, the campaign's list of packs to share and the pack-changed dialog showed the
English one to a German or Arabic player."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QComboBox

from sheetapp import i18n
from sheetapp.systems.amazing_engine.catalog import installed_universes
from sheetapp.ui.preferences_dialog import PreferencesDialog
from sheetapp.ui.settings import Settings


@pytest.fixture
def german() -> Iterator[None]:
    i18n.use_language("de")
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def test_preferences_lists_the_universes_by_their_names_in_the_language(qtbot, german):
    dialog = PreferencesDialog(Settings())
    qtbot.addWidget(dialog)
    combo = dialog.findChild(QComboBox, "universe") or dialog.universe
    shown = {combo.itemData(i): combo.itemText(i) for i in range(combo.count())}
    assert shown["generic"] == "Allgemein"
    assert shown == {u.id: u.shown_name for u in installed_universes().values()}
