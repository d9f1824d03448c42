"""Long lists cost their length, not its square: every row is laid out a bounded number of
times however many pages the list runs over, and the balanced break is the one trying every
break would choose."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.platypus import Flowable, Table

from sheetapp.pdf.kit.columns import _lowest_break, two_column_table
from sheetapp.pdf.kit.document import DocInfo, Section, build_pdf
from sheetapp.pdf.kit.style import GUTTER, ZEBRA
from sheetapp.pdf.kit.tables import Column, Group, Row, data_table, ruled_table

from .factory import read, text_of

COLUMNS = [Column("Skill", 120), Column("Chance", 40, "center")]
WIDTH = 160.0  # of the columns


COUNT = 600
ROWS: list[Row] = []
for _n in range(COUNT):
    if _n % 40 == 0:
        ROWS.append(Group(f"Group {_n // 40 + 1}"))
    ROWS.append([f"Row{_n:05d}", f"{_n % 90}%"])


def lay_out(table: Callable[[], Flowable]) -> tuple[bytes, int]:
    """The table printed on its own, and how many rows ReportLab tables were made of on
    the way (measuring, splitting and drawing)."""
    laid_out = [0]
    made = Table.__init__

    def counting(self: Table, data: Sequence[object], *args: object, **kwargs: object) -> None:
        laid_out[0] += len(data)
        made(self, data, *args, **kwargs)

    section = Section("List", "Character", "Test", story=lambda layout: [table()])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Table, "__init__", counting)
        data = build_pdf([section], paper="a4", info=DocInfo("List", "", ""), invariant=True)
    return data, laid_out[0]


LAYOUTS = {
    "two columns": lambda: two_column_table(COLUMNS, ROWS, width=2 * WIDTH + GUTTER),
    "one column": lambda: data_table(COLUMNS, ROWS),
}


@pytest.fixture(scope="module", params=list(LAYOUTS))
def printed(request: pytest.FixtureRequest) -> tuple[bytes, int]:
    return lay_out(LAYOUTS[request.param])


def test_every_row_is_printed_once_in_order_over_many_pages(printed: tuple[bytes, int]) -> None:
    data, _ = printed
    words = [w for w in text_of(data).split() if w.startswith("Row")]
    assert words == [f"Row{n:05d}" for n in range(COUNT)]
    assert len(read(data).pages) >= 5


def test_a_long_list_is_laid_out_in_linear_work(printed: tuple[bytes, int]) -> None:
    # measured once and drawn once, plus a header a table; a new table of every row left
    # on each page cost n²
    assert printed[1] <= 2.2 * len(ROWS)


def zebra_rows(table: Table, first: int = 0) -> list[int]:
    """The rows (counted in the whole list) a table stripes, under its one header row."""
    return [start[1] - 1 + first for _, start, _, colour in table._bkgrndcmds if colour == ZEBRA]


def test_a_table_continued_on_the_next_page_keeps_its_stripes() -> None:
    rows = ROWS[:150]
    table = data_table(COLUMNS, rows)
    table.wrap(WIDTH, 1e7)
    parts = table.split(WIDTH, 300)
    assert len(parts) == 2
    # the second piece begins inside a group, under its repeated heading: one row more
    first, second = (p.piece(p.start, p.end) for p in parts)
    assert isinstance(rows[parts[1].start], list)
    striped = zebra_rows(first) + zebra_rows(second, parts[1].start - 1)
    assert striped == zebra_rows(ruled_table(COLUMNS, rows))


@given(
    st.lists(st.sampled_from([0.0, 9.6, 12.4, 12.4, 13.8, 25.0]), max_size=40),
    st.sampled_from([0.0, 14.2]),
)
def test_the_balanced_break_is_the_one_trying_every_break_finds(
    heights: list[float], head: float
) -> None:
    sums = [0.0]
    for h in heights:
        sums.append(sums[-1] + h)

    def height(start: int, end: int) -> float:
        return head + sums[end] - sums[start] if end > start else 0

    n = len(heights)
    tried = min(range(n + 1), key=lambda k: (max(height(0, k), height(k, n)), -k))
    assert _lowest_break(height, n) == tried
