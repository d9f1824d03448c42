"""The roster's column headings read whole in every language: a column starts at least as
wide as its heading, which in Arabic or German is often longer than in English."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QStyle

from sheetapp.ui.main_window import MainWindow
from sheetapp.ui.theme import apply_theme


@pytest.mark.parametrize("code", ["ar", "de", "qps-ploc", "en"])
def test_every_roster_heading_fits_its_column(qtbot, speak, code: str) -> None:
    speak(code)
    apply_theme(QApplication.instance(), "light")
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    header = window.library_tab.view.horizontalHeader()
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    cut = []
    for column in range(header.count()):
        heading = header.model().headerData(column, header.orientation())
        room = header.sectionSize(column) - 2 * margin
        if not header.isSectionHidden(column) and room < header.fontMetrics().horizontalAdvance(
            heading
        ):
            cut.append(f"{heading}: {room}")
    assert cut == []
