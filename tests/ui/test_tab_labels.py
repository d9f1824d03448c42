"""A tab's label has room for a capital's accent and a descender, chosen or not, in every
theme: Fusion clipped the label to one line of the font (less on a tab not chosen), which
cut "Ä" to "A" and the top of every pseudo-locale tab."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionTab, QTabBar

from sheetapp.ui.theme import apply_theme

WORDS = ("Énergie", "Ärger", "Ǿṽḗřṽīḗẇ", "gjpqy")


class _Tabs(QTabBar):
    def option(self, index: int) -> QStyleOptionTab:
        option = QStyleOptionTab()
        self.initStyleOption(option, index)
        return option


@pytest.mark.parametrize("theme", ["light", "dark", "high-contrast"])
def test_every_tab_label_has_room_for_accents_and_descenders(qtbot, theme: str) -> None:
    app = QApplication.instance()
    apply_theme(app, theme)
    try:
        bar = _Tabs()
        qtbot.addWidget(bar)
        for word in WORDS:
            bar.addTab(word)
        bar.show()
        qtbot.waitExposed(bar)
        for index, word in enumerate(WORDS):
            option = bar.option(index)
            text = bar.style().subElementRect(QStyle.SubElement.SE_TabBarTabText, option, bar)
            # The label is drawn centred in this rect and clipped to it: the ink of the word
            # (accent to descender) goes past the font's line, so the rect must too.
            ink = bar.fontMetrics().tightBoundingRect(word)
            assert text.height() > bar.fontMetrics().height() >= ink.height() - 2, (
                theme, word, text, ink
            )
    finally:
        apply_theme(app, "light")
