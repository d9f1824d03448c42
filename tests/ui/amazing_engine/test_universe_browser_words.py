"""The universe browser's Untrained column reads in the person's language: a skill tried
untrained at half the attribute read "half" in English in every language (the word was
never put through the catalog, its penalised form was)."""

from __future__ import annotations

from PySide6.QtWidgets import QTreeWidget

from sheetapp.ui.amazing_engine.universe_browser import UniverseBrowser

from .test_universe_browser import click_universe, tree_rows


def test_every_untrained_try_reads_in_the_language(qtbot, speak) -> None:
    speak("de")
    browser = UniverseBrowser()
    qtbot.addWidget(browser)
    browser.show()
    click_universe(qtbot, browser, "Allgemein")  # the pack's own German name
    untrained = {row[3] for _depth, row in tree_rows(browser.findChild(QTreeWidget, "skills_tree"))}
    assert "halb" in untrained
    assert not any(text.startswith("half") for text in untrained)
