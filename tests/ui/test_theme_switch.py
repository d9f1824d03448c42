"""Switching the theme in Preferences takes effect at once and everywhere: every text the
window shows, with a sheet of each system open, reads at WCAG AA contrast (4.5:1) against
what is drawn behind it, and every field and label sits on the new palette's colours."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QSpinBox, QTabWidget, QWidget

from sheetapp.systems.amplitude.outcome_table import BAND_COLOURS
from sheetapp.systems.registry import system_ids
from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.preferences_dialog import PreferencesDialog
from sheetapp.ui.theme import apply_theme, palette_for
from tests.ui.contrast import WCAG_AA, colour_contrast, luminance, seen_text

# Pairs of palette roles a widget draws text with, over the role drawn behind it.
TEXT_ROLES = (
    ("WindowText", "Window"),
    ("Text", "Base"),
    ("Text", "AlternateBase"),
    ("ButtonText", "Button"),
    ("HighlightedText", "Highlight"),
    ("ToolTipText", "ToolTipBase"),
    ("PlaceholderText", "Base"),
    ("Link", "Base"),
)


def _close(window: MainWindow) -> None:
    for document in window.documents():
        document.undo_stack.setClean()


def _choose_theme_in_preferences(qtbot, window: MainWindow, theme: str) -> None:
    """Edit > Preferences, Theme, OK: as a person does it."""

    def answer() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, PreferencesDialog))
        dialog.theme.setCurrentIndex(dialog.theme.findData(theme))
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, answer)
    window.preferences_action.trigger()


def _every_page(qtbot, window: MainWindow) -> Iterator[str]:
    """Bring each tab of the window to the front, and each page of the sheet in it, with
    the Findings and then the Table in the dock under them; yields where it is."""
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        page = window.tabs.widget(index)
        name = window.tabs.tabText(index)
        for dock in (window.findings_dock, window.table_dock):
            dock.raise_()
            qtbot.wait(30)
            yield f"{name}, {dock.windowTitle()} dock"
        for inner in page.findChildren(QTabWidget):
            for tab in range(inner.count()):
                if inner.isVisible():
                    inner.setCurrentIndex(tab)
                    qtbot.wait(30)
                    yield f"{name}, {inner.tabText(tab)}"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_colour_pair_of_the_palette_reads(theme: str) -> None:
    palette = palette_for(theme == "dark")
    for ink, ground in TEXT_ROLES:
        roles = palette.ColorRole
        ratio = colour_contrast(palette.color(roles[ink]), palette.color(roles[ground]))
        assert ratio >= WCAG_AA, f"{theme}: {ink} on {ground} is {ratio:.2f}"


@pytest.mark.parametrize(("before", "after"), [("light", "dark"), ("dark", "light")])
def test_a_live_theme_switch_leaves_every_text_readable(
    qtbot, monkeypatch, before: str, after: str
) -> None:
    monkeypatch.setattr("secrets.randbelow", lambda _n: 7)  # the same random NPCs every run
    apply_theme(QApplication.instance(), before)
    window = MainWindow()
    qtbot.addWidget(window, before_close_func=_close)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    for system_id in system_ids():
        window.new_random_npc(system_id)
    _choose_theme_in_preferences(qtbot, window, after)
    dark = after == "dark"
    # Grounds that mean something in either palette: the selection, and the Outcome Table's
    # bands (fixed pairs of ground and ink, the same in the PDF).
    own_grounds = {palette_for(dark).color(QPalette.ColorRole.Highlight).rgb() & 0xFFFFFF} | {
        QColor(ground).rgb() & 0xFFFFFF for ground, _ink in BAND_COLOURS.values()
    }
    unreadable, off_palette, checked = [], [], 0
    for place in _every_page(qtbot, window):
        for seen in seen_text(window):
            checked += 1
            if seen.ratio < WCAG_AA:
                unreadable.append(f"{place}: {seen}")
            ground = luminance(seen.background)
            if seen.background in own_grounds:
                continue
            if (ground > 0.5) if dark else (ground < 0.2):
                off_palette.append(f"{place}: {seen}")
    assert checked > 1000  # the walk saw the forms' pages, not an empty window
    assert not unreadable, "\n".join(unreadable)
    assert not off_palette, "\n".join(off_palette)


def test_a_theme_switch_and_back_leaves_the_layout_as_at_start(
    qtbot, window: MainWindow, hero_file: Path
) -> None:
    """Dark, then Light again in Preferences: every widget asks for the size it asked for
    at start, a field marked by a finding included (its mark once grew it by a few pixels,
    moving its row and the group around it)."""
    data = json.loads(hero_file.read_text())
    data["characters"][0]["attributes"].pop("fitness")  # "Fitness has no score yet"
    data["characters"][0]["creation"]["rolls"].pop("fitness", None)
    hero_file.write_text(json.dumps(data))
    window.open_path(hero_file)
    sheet = window.tabs.currentWidget()
    inner = sheet.findChild(QTabWidget)
    inner.setCurrentIndex(inner.count() - 1)  # the character, with its attribute rows
    score = sheet.findChild(QSpinBox, "score_fitness")
    qtbot.waitUntil(score.isVisible)
    assert score.property("finding") in ("error", "warning")
    qtbot.wait(300)  # the status bar's counts and the docks have settled

    shown = [w for w in window.findChildren(QWidget) if w.isVisible()]
    at_start = [w.sizeHint().toTuple() for w in shown]
    _choose_theme_in_preferences(qtbot, window, "dark")
    _choose_theme_in_preferences(qtbot, window, "light")
    moved = [
        f"{type(w).__name__} {w.objectName()}: {before} -> {w.sizeHint().toTuple()}"
        for w, before in zip(shown, at_start, strict=True)
        if w.sizeHint().toTuple() != before
    ]
    assert not moved
