"""The roster's Kind column reads in the person's language: a German GM saw "NPC" on every
row of a German window (the word was never put through the catalog)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sheetapp import i18n
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
