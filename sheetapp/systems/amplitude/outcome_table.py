"""The Outcome Table as printed: rows are Amplitude 1 to 10, columns the Player's Total Roll
from +6 on the left to -6 on the right.

The cells are data typed in from the text, not computed: the printed table is not a formula
(row 2 skips 3 between its +1 and 0 columns, for one), so only the printed values will do.
An outcome is "0" (no effect), "1".."10" (Quality of Outcome), "U" or "K".

>>> outcome(0, 1), outcome(6, 10), outcome(-6, 10), outcome(1, 2), outcome(0, 2)
('1', 'K', '4', '4', '2')
"""

from __future__ import annotations

from typing import Literal

from sheetapp.i18n import N_, TranslatedTable, _

COLUMNS: tuple[int, ...] = (6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6)
ROWS: tuple[int, ...] = tuple(range(1, 11))
BEST_QO = 10  # the highest number a cell prints
OUTCOMES: tuple[str, ...] = (*(str(n) for n in range(BEST_QO + 1)), "U", "K")

# One line per Amp row, the cells in COLUMNS order (+6 .. -6), exactly as printed.
# fmt: off
TABLE: dict[int, tuple[str, ...]] = {
    1:  ("7", "6", "5", "4", "3", "2", "1", "0", "0", "0", "0", "0", "0"),
    2:  ("9", "8", "7", "6", "5", "4", "2", "1", "0", "0", "0", "0", "0"),
    3:  ("10", "9", "8", "7", "6", "5", "3", "2", "1", "0", "0", "0", "0"),
    4:  ("U", "10", "9", "8", "7", "6", "4", "3", "2", "1", "0", "0", "0"),
    5:  ("U", "U", "10", "9", "8", "7", "5", "4", "3", "2", "1", "0", "0"),
    6:  ("U", "U", "U", "10", "9", "8", "6", "5", "4", "3", "2", "1", "0"),
    7:  ("K", "U", "U", "U", "10", "9", "7", "6", "5", "4", "3", "2", "1"),
    8:  ("K", "K", "U", "U", "U", "10", "8", "7", "6", "5", "4", "3", "2"),
    9:  ("K", "K", "K", "U", "U", "U", "9", "8", "7", "6", "5", "4", "3"),
    10: ("K", "K", "K", "K", "U", "U", "10", "9", "8", "7", "6", "5", "4"),
}
# fmt: on

Band = Literal["failure", "bare", "standard", "strong", "critical"]

# The text's colour coding of cells, by severity. Light fills keep dark text readable in
# both palettes and on paper; the critical band is dark with light text.
BAND_COLOURS: dict[str, tuple[str, str]] = {  # band -> (fill, text)
    "failure": ("#eeeeee", "#1d1d1d"),
    "bare": ("#b9e4b0", "#1d1d1d"),
    "standard": ("#fbe98a", "#1d1d1d"),
    "strong": ("#ec8b82", "#1d1d1d"),
    "critical": ("#5c0a0a", "#ffffff"),
}
BAND_LABELS = TranslatedTable({  # read in the reader's language, in this order
    "failure": N_("0: no effect"),
    "bare": N_("1-3: bare success"),
    "standard": N_("4-7: standard success"),
    "strong": N_("8-10: strong success"),
    "critical": N_("U / K: overwhelming"),
})


def column_of(total: int) -> int:
    """The column a Player's Total Roll lands in: the table stops at +6 and -6.

    >>> column_of(9), column_of(-7), column_of(2)
    (6, -6, 2)
    """
    return max(-6, min(6, total))


def row_of(amp: int) -> int | None:
    """The row an Amp reads: None at 0 or below (an automatic failure, no lookup), and row 10
    for anything above 10 (the table's last row).

    >>> row_of(0), row_of(1), row_of(14)
    (None, 1, 10)
    """
    if amp <= 0:
        return None
    return min(amp, 10)


def outcome(column: int, amp: int) -> str:
    """The printed cell at Player's Total Roll ``column`` (clamped) and Amp row ``amp`` (1+)."""
    row = row_of(amp)
    if row is None:
        raise ValueError(
            _("Amp {amp} is at or below zero: an automatic failure, no table row").format(amp=amp)
        )
    return TABLE[row][COLUMNS.index(column_of(column))]


def band(result: str) -> Band:
    """The colour band of an outcome.

    >>> [band(r) for r in ("0", "3", "4", "7", "8", "10", "U", "K")]
    ['failure', 'bare', 'standard', 'standard', 'strong', 'strong', 'critical', 'critical']
    """
    if result in ("U", "K"):
        return "critical"
    quality = int(result)
    if quality == 0:
        return "failure"
    if quality <= 3:
        return "bare"
    if quality <= 7:
        return "standard"
    return "strong"


def quality(result: str) -> int | None:
    """The Quality of Outcome as a number; None for U and K, which skip the wound steps."""
    return None if result in ("U", "K") else int(result)
