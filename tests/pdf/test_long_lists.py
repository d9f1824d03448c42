"""Long lists cost their length, not its square: every row is laid out a bounded number of
times however many pages the list runs over, and the balanced break is the one trying every
break would choose."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.platypus import Flowable, Table

from sheetapp.pdf.kit import columns
from sheetapp.pdf.kit.columns import _lowest_break, two_column_table
from sheetapp.pdf.kit.document import DocInfo, Layout, Section, build_pdf
from sheetapp.pdf.kit.tables import Column, Group, Row, data_table

from .factory import read, text_of

COLUMNS = [Column("Skill", 120), Column("Chance", 40, "center")]


COUNT = 600
ROWS: list[Row] = []
for _n in range(COUNT):
    if _n % 40 == 0:
        ROWS.append(Group(f"Group {_n // 40 + 1}"))
    ROWS.append([f"Row{_n:05d}", f"{_n % 90}%"])


@pytest.fixture(scope="module")
def printed() -> tuple[bytes, int]:
    """600 rows printed as a two-column table, and how many rows were laid out as tables
    on the way (measuring and drawing)."""
    laid_out = [0]

    def counting(columns: Sequence[Column], part: Sequence[Row], **options: object) -> Table:
        laid_out[0] += len(part)
        return data_table(columns, part, **options)

    def story(layout: Layout) -> list[Flowable]:
        return [two_column_table(COLUMNS, ROWS, width=layout.grid.width)]

    section = Section("List", "Character", "Test", story=story)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(columns, "data_table", counting)
        data = build_pdf([section], paper="a4", info=DocInfo("List", "", ""), invariant=True)
    return data, laid_out[0]


def test_every_row_is_printed_once_in_order_over_many_pages(printed: tuple[bytes, int]) -> None:
    data, _ = printed
    words = [w for w in text_of(data).split() if w.startswith("Row")]
    assert words == [f"Row{n:05d}" for n in range(COUNT)]
    assert len(read(data).pages) >= 5


def test_a_long_list_is_laid_out_in_linear_work(printed: tuple[bytes, int]) -> None:
    # measured once and drawn once; measuring what was left again on every page cost n²
    assert printed[1] <= 2 * len(ROWS)


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
