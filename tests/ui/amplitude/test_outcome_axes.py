"""The Outcome Table on the sheet titles its axes where they are read: the columns' title
over the table, each row headed by its Amp."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.ui.amplitude.outcome_grid import OutcomeGrid
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.sheet_form import create_form


def test_the_outcome_table_names_its_columns_above_them(qtbot) -> None:
    form = create_form(SheetDocument(AmplitudeSheet(name="Ada")))
    qtbot.addWidget(form)
    grid = form.findChild(OutcomeGrid)
    title = form.findChild(QLabel, "outcome_columns")
    assert title is not None and title.text().startswith("Player's Total Roll")
    assert title.parentWidget() is grid.parentWidget()
    layout = grid.parentWidget().layout()
    assert layout.indexOf(title) == layout.indexOf(grid) - 1  # right over the columns
    assert grid.verticalHeaderItem(0).text().startswith("Amp")
