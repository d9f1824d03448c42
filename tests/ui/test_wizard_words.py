"""What every creation wizard says to a player: page titles that say what the page is for,
and text about the game and its rules, never about the program's own sources or defaults."""

from __future__ import annotations

import re
from importlib import import_module

import pytest
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from sheetapp.systems.registry import modules
from sheetapp.ui.settings import Settings

SYSTEMS = ("amazing-engine", "alternity", "amplitude", "d6-pool", "forgotten-futures")
# Words about where the program's rules come from, which a player cannot act on.
INSIDE_WORDS = re.compile(r"\bexcerpt\b|\bsheetapp\b", re.IGNORECASE)
DICE_ONLY = re.compile(r"^\s*\d*d\d+\s*$")


def _texts(page: QWidget) -> list[str]:
    found = [page.title(), page.subTitle()]
    for widget in page.findChildren(QWidget):
        found.append(widget.toolTip())
        if isinstance(widget, QLabel | QAbstractButton):
            found.append(widget.text())
    return [t for t in found if t]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_page_speaks_to_a_player_under_a_title_that_says_what_it_is_for(
    qtbot, system
) -> None:
    wizard = import_module(modules(system).wizard).create_wizard(None, Settings())
    qtbot.addWidget(wizard)
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        title = page.title()
        assert title and not DICE_ONLY.match(title), f"page {page_id} is titled {title!r}"
        assert len(title.split()) >= 1 and not title[0].isdigit(), title
        inside = [t for t in _texts(page) if INSIDE_WORDS.search(t)]
        assert inside == [], f"{system} {title!r}: {inside}"
