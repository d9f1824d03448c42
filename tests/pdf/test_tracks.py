"""Tick tracks and resources: as few rows as the smallest boxes allow, never wider than
their room, and the boxes a resource prints are its points."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.units import mm

from sheetapp import i18n
from sheetapp.pdf.fonts import BOLD, register_fonts
from sheetapp.pdf.kit.resources import Resource, boxes_of, readout, track, track_table
from sheetapp.pdf.kit.ticks import SMALLEST, TickTrack, boxes_per_row
from sheetapp.pdf.shaping import text_width
from tests.pdf.test_every_language_fits import pages, rectangles
from tests.pdf.test_right_to_left_layout import arabic, story_pdf

__all__ = ["arabic"]  # the fixture, used by name


@given(st.integers(min_value=1, max_value=150), st.floats(min_value=30 * mm, max_value=190 * mm))
def test_a_track_takes_the_fewest_rows_and_stays_in_its_width(count: int, width: float) -> None:
    t = TickTrack(count, width=width)
    t.wrap(width, 1000)
    assert t.rows == -(-count // boxes_per_row(width, SMALLEST))
    assert all(x + t.box <= width + 0.01 for x, _ in t.positions())


def test_twenty_one_stamina_boxes_stay_on_one_line() -> None:
    """The Amazing Engine's stamina panel fits four groups of full-sized boxes: 21 points
    used to leave one box alone on a second line."""
    width = 116 * mm
    assert TickTrack(21, width=width).rows == 1
    assert TickTrack(20, width=width).scale == 1.0  # no smaller than it needs to be


@given(st.integers(min_value=0, max_value=100), st.integers(min_value=0, max_value=100))
def test_a_resource_prints_a_box_a_point_and_crosses_what_is_lost(most: int, lost: int) -> None:
    lost = min(lost, most)
    r = Resource("Stamina", most - lost, most)
    assert boxes_of(r) == most
    assert track(r, 120 * mm).marked == lost
    assert readout(r) == f"{most - lost}\xa0of\xa0{most}\xa0left"


def test_a_count_without_a_maximum_fills_what_is_held() -> None:
    r = Resource("Momentum", 3)
    t = track(r, 60 * mm)
    assert (t.count, t.marked, t.filled) == (10, 3, True)
    assert boxes_of(Resource("Momentum", 14)) == 14
    assert readout(r) == "3\xa0held"


NAMES = {"en": "Bonus", "de": "Gesundheit", "ar": "المكافأة"}


def _gap(label: str, fill: float, tmp_path: Path) -> float:
    """How far a track table's name keeps from its first box, when the name's share of the
    table is ``fill`` times the name's own width at the cell's size."""
    register_fonts()
    shares = (0.18, 0.2)
    width = text_width(label, BOLD, 8.5) * fill / shares[0]
    data = story_pdf([track_table([Resource(label, 2, 2)], width, shares=shares)])
    (_w, _h, found), *_ = pages(data, tmp_path)
    boxes = [b for b in rectangles(data)[0] if 3 < b[2] - b[0] < 6 * mm]
    assert len(boxes) == 2, boxes
    if i18n.is_right_to_left():
        name = max(found, key=lambda w: w[0])  # the name stands right, the figures left
        return name[0] - max(b[2] for b in boxes)
    name = next(w for w in found if w[4] == label)
    return min(b[0] for b in boxes) - name[2]


@pytest.mark.parametrize("fill", [0.9, 1.0, 1.05])
@pytest.mark.parametrize("code", ["en", "de"])
def test_a_track_name_filling_its_column_keeps_off_the_first_box(
    code: str, fill: float, tmp_path: Path
) -> None:
    """A German d6 sheet's "Gesundheit" and an English Forgotten Futures one's "Bonus"
    filled their column to the last point and touched the first box."""
    assert _gap(NAMES[code], fill, tmp_path) >= 1 * mm


@pytest.mark.parametrize("fill", [0.9, 1.0, 1.05])
def test_an_arabic_track_name_keeps_off_its_first_box_on_the_right(
    arabic, fill: float, tmp_path: Path
) -> None:
    assert _gap(NAMES["ar"], fill, tmp_path) >= 1 * mm
