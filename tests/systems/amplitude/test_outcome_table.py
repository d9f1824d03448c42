"""The Outcome Table as printed: cells checked one by one against the text, by Amp row and
Player's Total Roll column, and the shape every printed row has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetapp.systems.amplitude.outcome_table import (
    COLUMNS,
    OUTCOMES,
    ROWS,
    TABLE,
    band,
    column_of,
    outcome,
    row_of,
)

SEED = Path("/work/shared/seeds/002_5a5787f25b053579.txt")

# (Amp row, column, the printed cell), read off the text's table by hand.
PRINTED = [
    (1, 6, "7"),
    (1, 0, "1"),
    (1, -1, "0"),
    (1, -6, "0"),
    (2, 1, "4"),
    (2, 0, "2"),  # row 2 jumps from 4 to 2: no 3 in it
    (2, -1, "1"),
    (3, 6, "10"),
    (3, -2, "1"),
    (4, 6, "U"),
    (4, 5, "10"),
    (4, -3, "1"),
    (5, 5, "U"),
    (5, 4, "10"),
    (5, -4, "1"),
    (5, -5, "0"),
    (6, 4, "U"),
    (6, 3, "10"),
    (6, -6, "0"),
    (7, 6, "K"),
    (7, 3, "U"),
    (7, 2, "10"),
    (7, -6, "1"),
    (8, 5, "K"),
    (8, 2, "U"),
    (8, 1, "10"),
    (8, 0, "8"),
    (9, 4, "K"),
    (9, 3, "U"),
    (9, 1, "U"),
    (9, 0, "9"),
    (9, -6, "3"),
    (10, 3, "K"),
    (10, 2, "U"),
    (10, 0, "10"),
    (10, -1, "9"),
    (10, -6, "4"),
]


@pytest.mark.parametrize(("amp", "column", "printed"), PRINTED)
def test_cells_read_as_printed(amp: int, column: int, printed: str) -> None:
    assert outcome(column, amp) == printed


def test_the_table_has_ten_rows_of_thirteen_columns_from_plus_six_to_minus_six() -> None:
    assert ROWS == tuple(range(1, 11))
    assert COLUMNS == (6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6)
    assert all(len(TABLE[row]) == 13 for row in ROWS)
    assert {cell for row in TABLE.values() for cell in row} <= set(OUTCOMES)


@pytest.mark.skipif(not SEED.exists(), reason="the source text is not on this machine")
def test_every_cell_matches_the_source_text() -> None:
    text = SEED.read_text(encoding="utf-8")
    start = text.index("Amp+6+5+4+3+2+10-1-2-3-4-5-6")
    end = text.index("Visual Interpretation")
    tokens = re.findall(r"^\s*(\S+)\s*$", text[start:end], flags=re.MULTILINE)[1:]
    rows = [tokens[i : i + 14] for i in range(0, len(tokens), 14)]
    assert [int(r[0]) for r in rows] == list(ROWS)
    for row in rows:
        assert TABLE[int(row[0])] == tuple(row[1:]), row[0]


def test_an_average_roll_reads_the_amp_itself() -> None:
    # A column of 0 gives back the row's Amp as QO (Amp 1: QO 1 "on average roll").
    assert [outcome(0, amp) for amp in ROWS] == [str(amp) for amp in ROWS]


def _rank(cell: str) -> int:
    return {"U": 11, "K": 12}.get(cell) or int(cell)


def test_a_better_roll_or_a_bigger_amp_never_reads_a_worse_cell() -> None:
    for row in ROWS:
        ranks = [_rank(c) for c in TABLE[row]]
        assert ranks == sorted(ranks, reverse=True)
        if row > 1:
            above = [_rank(c) for c in TABLE[row - 1]]
            assert all(b >= a for a, b in zip(above, ranks, strict=True))


def test_the_column_stops_at_plus_and_minus_six_and_amp_above_ten_reads_row_ten() -> None:
    assert column_of(8) == 6 and column_of(-9) == -6
    assert outcome(9, 1) == outcome(6, 1) == "7"
    assert outcome(-12, 10) == "4"
    assert row_of(15) == 10 and outcome(0, 15) == "10"


def test_zero_or_negative_amp_never_reaches_the_table() -> None:
    assert row_of(0) is None and row_of(-3) is None
    with pytest.raises(ValueError, match="automatic failure"):
        outcome(0, 0)


@pytest.mark.parametrize(
    ("cells", "colour"),
    [
        (["0"], "failure"),  # white or light grey
        (["1", "2", "3"], "bare"),  # green
        (["4", "5", "6", "7"], "standard"),  # yellow
        (["8", "9", "10"], "strong"),  # red
        (["U", "K"], "critical"),  # deep red or black
    ],
)
def test_colour_bands_follow_the_text(cells: list[str], colour: str) -> None:
    assert {band(c) for c in cells} == {colour}
