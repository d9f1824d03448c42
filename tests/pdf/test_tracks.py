"""Tick tracks and resources: as few rows as the smallest boxes allow, never wider than
their room, and the boxes a resource prints are its points."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.units import mm

from sheetapp.pdf.kit.resources import Resource, boxes_of, readout, track
from sheetapp.pdf.kit.ticks import SMALLEST, TickTrack, boxes_per_row


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
