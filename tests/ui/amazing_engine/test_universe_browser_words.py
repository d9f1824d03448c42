"""The universe browser's Untrained column reads in the person's language: a skill tried
untrained at half the attribute read "half" in English in every language (the word was
never put through the catalog, its penalised form was)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from PySide6.QtWidgets import QTreeWidget

from sheetapp import i18n
from sheetapp.ui.amazing_engine.universe_browser import UniverseBrowser

from .test_universe_browser import click_universe, tree_rows


@pytest.fixture
def german(tmp_path: Path, monkeypatch) -> Iterator[None]:
    """A German catalog with the column's words (the shipped one gets the new word at the
    next catalog update)."""
    catalog = Catalog(locale="de", domain="sheetapp")
    catalog.add("half", "halb", context="untrained skill")
    catalog.add("half −{value}", "halb −{value}")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (folder / "sheetapp.mo").write_bytes(buffer.getvalue())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.use_language("de")
    yield
    i18n.use_language(i18n.SOURCE_LANGUAGE)


def test_every_untrained_try_reads_in_the_language(qtbot, german) -> None:
    browser = UniverseBrowser()
    qtbot.addWidget(browser)
    browser.show()
    click_universe(qtbot, browser, "Allgemein")  # the pack's own German name
    untrained = {row[3] for _depth, row in tree_rows(browser.findChild(QTreeWidget, "skills_tree"))}
    assert "halb" in untrained
    assert not any(text.startswith("half") for text in untrained)
