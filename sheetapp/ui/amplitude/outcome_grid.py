"""The Outcome Table on screen: the printed cells in their colour bands, read-only, each
cell's tooltip naming its row, column and band."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from sheetapp.i18n import _
from sheetapp.systems.amplitude.outcome_table import BAND_LABELS, COLUMNS, ROWS, TABLE, band
from sheetapp.ui.amplitude.bands import fill, ink


class OutcomeGrid(QTableWidget):
    def __init__(self) -> None:
        super().__init__(len(ROWS), len(COLUMNS))
        self.setObjectName("outcome_table")
        self.setHorizontalHeaderLabels([f"{c:+d}" if c else "0" for c in COLUMNS])
        self.setVerticalHeaderLabels(
            [_("Amp {r}").format(r=r) for r in ROWS]
        )  # the rows' title in each
        for c, column in enumerate(COLUMNS):
            self.horizontalHeaderItem(c).setToolTip(
                _(
                    "Player's Total Roll {column:+d}: OB - DB + 4dF came to this "
                    "(stopped at +6 and -6)."
                ).format(column=column)
            )
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.horizontalHeader().setToolTip(
            _("Columns: the Player's Total Roll, 0 + OB - DB + 4dF, stopped at +6 and -6.")
        )
        self.verticalHeader().setToolTip(
            _("Rows: the final Amp (its fixed parts + 4dF); above 10 reads row 10, "
            "0 or less fails without a lookup.")
        )
        bold = QFont(self.font())
        bold.setBold(True)
        for r, row in enumerate(ROWS):
            for c, column in enumerate(COLUMNS):
                result = TABLE[row][c]
                item = QTableWidgetItem(result)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setBackground(fill(result))
                item.setForeground(ink(result))
                item.setFont(bold)
                item.setToolTip(
                    _("Amp {row}, roll {column:+d}: {result} ({BAND_LABELS})").format(
                        row=row, column=column, result=result, BAND_LABELS=BAND_LABELS[band(result)]
                    )
                )
                self.setItem(r, c, item)
        self.setMinimumHeight(260)

    def cell_text(self, amp: int, column: int) -> str:
        """What the grid shows at Amp row ``amp`` and roll ``column`` (for tests)."""
        return self.item(ROWS.index(amp), COLUMNS.index(column)).text()
