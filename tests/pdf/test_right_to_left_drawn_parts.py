"""The parts of a sheet drawn by hand, not laid out by a table, read from the right in
Arabic: a track's first box, a legend's first swatch, an attribute's name beside its
score, a resource's label before its figures, a stat block's first wound box, the first
of two columns of skills, a span's title, what stands in a wider cell. In English each
stays where it always was, on the left. Positions are read back from the PDF: words with
poppler's ``pdftotext -bbox`` (x from the page's left), boxes from the drawing operators
and the fillable fields' rectangles."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import SimpleDocTemplate

from sheetapp import i18n
from sheetapp.pdf.amplitude.outcome_table import BandLegend
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.pdf.fonts import BOLD, register_fonts
from sheetapp.pdf.kit.attributes import Score, pool_panel
from sheetapp.pdf.kit.boxes import FieldBox, VStack, heading
from sheetapp.pdf.kit.columns import two_column_table
from sheetapp.pdf.kit.direction import Table
from sheetapp.pdf.kit.forms import field_name
from sheetapp.pdf.kit.resources import Resource, ResourceBox
from sheetapp.pdf.kit.tables import Column, Group, data_table
from sheetapp.pdf.kit.ticks import TickBox, TickTrack
from sheetapp.pdf.shaping import text_width
from sheetapp.systems import registry
from sheetapp.systems.amplitude.outcome_table import BAND_LABELS
from sheetapp.systems.plugin import NewOptions
from tests.pdf.test_bidi_lines import Word, pdftotext, words
from tests.pdf.test_right_to_left_layout import arabic, find, story_pdf

__all__ = ["arabic"]  # the fixture, used by name

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils")

PAGE_WIDTH = A4[0]
LEFT = 78  # SimpleDocTemplate's frame starts an inch in, its content 6 points further
RIGHT = PAGE_WIDTH - LEFT  # where its content ends


def field_rects(data: bytes) -> dict[str, list[float]]:
    """Each fillable field's rectangle on the first page: x0, y0, x1, y1."""
    page = PdfReader(io.BytesIO(data)).pages[0]
    rects = {}
    for annot in page.get("/Annots") or []:
        field = annot.get_object()
        rects[str(field["/T"])] = [float(v) for v in field["/Rect"]]
    return rects


def filled_squares(data: bytes) -> list[float]:
    """The x of each square filled and not stroked (a point held) in the first page's own
    drawing, in drawing order."""
    reader = PdfReader(io.BytesIO(data))
    operations = ContentStream(reader.pages[0].get_contents(), reader).operations
    found, pending = [], None
    for operands, operator in operations:
        if operator == b"re":
            pending = float(operands[0])
        elif operator in (b"f", b"f*") and pending is not None:
            found.append(pending)
            pending = None
        elif operator != b"re":
            pending = None
    return found


def track_fields(count: int) -> list[float]:
    data = story_pdf([TickTrack(count, width=200, fillable="track")])
    rects = field_rects(data)
    return [rects[field_name("track", i)][0] for i in range(1, count + 1)]


def test_a_tick_tracks_first_box_stands_on_the_right(arabic) -> None:
    xs = track_fields(7)
    assert xs[0] > LEFT + 180  # at the right end of its 200 points
    assert xs == sorted(xs, reverse=True)  # and the boxes run leftwards


def test_an_english_tick_tracks_first_box_stands_on_the_left() -> None:
    xs = track_fields(7)
    assert xs[0] < LEFT + 5
    assert xs == sorted(xs)


def _held(count: int) -> list[float]:
    """The x of the held points' squares and of all squares, for a track of 10 holding
    ``count``."""
    track = TickTrack(10, width=200, marked=count, filled=True)
    return filled_squares(story_pdf([track]))


def test_held_points_fill_a_track_from_the_right(arabic) -> None:
    held = _held(2)
    assert len(held) == 2
    english_like = sorted(held)
    assert held == english_like[::-1]  # the first held point is the rightmost
    assert min(held) > 150  # both in the right part of the track (in the flowable's frame)


def test_held_points_fill_an_english_track_from_the_left() -> None:
    held = _held(2)
    assert held == sorted(held) and max(held) < 50


def _name_and_score(data: bytes, tmp_path: Path) -> tuple[Word, Word]:
    found = words(data, tmp_path)
    return find(found, "Fitness"), find(found, "26")


def _card() -> bytes:
    return story_pdf([pool_panel("Physique", [Score("Fitness", 26)], width=200)])


def test_an_attributes_name_stands_right_of_its_score(arabic, tmp_path: Path) -> None:
    name, score = _name_and_score(_card(), tmp_path)
    assert name.x > score.x
    assert name.x > LEFT + 140  # at the card's right, under its band's title
    assert score.x < LEFT + 40


def test_an_english_attributes_name_stands_left_of_its_score(tmp_path: Path) -> None:
    name, score = _name_and_score(_card(), tmp_path)
    assert name.x < score.x


def test_an_empty_score_boxs_field_stands_on_the_left(arabic) -> None:
    data = story_pdf([pool_panel("Physique", [Score("Fitness", None, "fitness")], width=200)])
    _x0, _y0, x1, _y1 = field_rects(data)["fitness"]
    assert x1 < LEFT + 60  # the box at the line's end: the left


def _resource_box() -> bytes:
    box = ResourceBox(Resource("Momentum", current=2), width=150, height=40)
    return story_pdf([box])


def test_a_resources_figures_stand_at_the_lines_end_left(arabic, tmp_path: Path) -> None:
    found = words(_resource_box(), tmp_path)
    label, figure = find(found, "MOMENTUM"), find(found, "2")
    assert label.x > LEFT + 90 > LEFT + 40 > figure.x
    held = filled_squares(_resource_box())
    assert held == sorted(held, reverse=True) and min(held) > 100  # the held boxes: right


def test_an_english_resources_figures_stand_on_the_right(tmp_path: Path) -> None:
    found = words(_resource_box(), tmp_path)
    assert find(found, "MOMENTUM").x < LEFT + 20 < LEFT + 100 < find(found, "2").x


def _legend() -> bytes:
    """The legend on one line of a landscape page (the frame 686 points wide)."""
    register_fonts()
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=landscape(A4), invariant=True).build([BandLegend(680)])
    return out.getvalue()


def _legend_ends(tmp_path: Path) -> tuple[Word, Word]:
    """The first word of the first band's meaning ("0:") and of the last's ("U")."""
    found = words(_legend(), tmp_path)
    first, *_unused, last = (i18n._(text).split()[0] for text in BAND_LABELS.values())
    return find(found, first), find(found, last)


def test_the_outcome_legend_starts_on_the_right(arabic, tmp_path: Path) -> None:
    first, last = _legend_ends(tmp_path)
    assert first.y == last.y  # one line
    assert first.x > LEFT + 550 > LEFT + 100 > last.x
    # its meanings are the catalog's, shaped
    meaning = i18n._("0: no effect").split(": ", 1)[1]
    assert meaning in pdftotext(_legend(), tmp_path)


def test_the_english_outcome_legend_starts_on_the_left(tmp_path: Path) -> None:
    first, last = _legend_ends(tmp_path)
    assert first.y == last.y
    assert first.x < LEFT + 15 < LEFT + 500 < last.x


def _two_columns() -> bytes:
    rows = [[f"Skill{n}", str(n)] for n in range(10)]
    table = two_column_table([Column("Skill", 140), Column("Rank", 60)], rows, width=440)
    return story_pdf([table])


def test_the_first_of_two_columns_stands_on_the_right(arabic, tmp_path: Path) -> None:
    found = words(_two_columns(), tmp_path)
    first, second = find(found, "Skill0"), find(found, "Skill5")  # each column's top
    assert first.y == second.y
    assert first.x > second.x + 150


def test_the_first_of_two_english_columns_stands_on_the_left(tmp_path: Path) -> None:
    found = words(_two_columns(), tmp_path)
    assert find(found, "Skill0").x < find(found, "Skill5").x


def test_a_group_title_and_a_heading_over_columns_print(arabic, tmp_path: Path) -> None:
    """A span's content stands in its first cell: reversing a row must not leave it in a
    cell ReportLab never draws."""
    columns = [Column("Weapon", 120), Column("General", 60), Column("Vital", 60)]
    rows = [Group("Melee"), ["Knife", "3", "1"]]
    data = story_pdf([data_table(columns, rows, over=[("Lethality", 1, 2)])])
    found = words(data, tmp_path)
    group, heading = find(found, "Melee"), find(found, "LETHALITY")
    assert group.x > LEFT + 180  # the group's title starts on the right
    assert find(found, "VITAL").x <= heading.x < find(found, "GENERAL").x  # over its two


def test_what_a_wider_cell_holds_stands_at_its_right(arabic) -> None:
    table = Table([[TickBox(field="tick"), "x"]], colWidths=[100, 100], hAlign="LEFT")
    x0, *_ = field_rects(story_pdf([table]))["tick"]
    # the table at the frame's right, its first column the right one, the box at its right
    assert x0 > RIGHT - 30


def test_a_narrower_box_in_a_stack_stands_on_the_right(arabic, tmp_path: Path) -> None:
    stack = VStack([FieldBox("Player", "Ada", width=100, height=30)], width=300)
    assert find(words(story_pdf([stack]), tmp_path), "Ada").x > LEFT + 200


def _amplitude_block() -> bytes:
    sheet = registry.get_system("amplitude").new(NewOptions(random=True, seed=1))
    sheet = sheet.model_copy(update={"wound": "moderate"})
    return export_pdf_bytes([sheet], stat_blocks=True, invariant=True)


def _track_line(found: list[Word], label: str) -> list[Word]:
    """The words on the line of the stat block's track named ``label``."""
    named = find(found, label)
    return [w for w in found if abs(w.y - named.y) < 4 and w is not named]


def test_a_stat_blocks_wound_boxes_run_from_the_right(arabic, tmp_path: Path) -> None:
    data = _amplitude_block()
    found = words(data, tmp_path)
    label = find(found, i18n._("Wounds"))
    line = _track_line(found, i18n._("Wounds"))
    letters = [find(line, i18n._(word)) for word in ("Min", "Mod", "Maj", "Inc")]
    xs = [w.x for w in letters]
    assert xs == sorted(xs, reverse=True), letters  # the first box's letter on the right
    assert all(x < label.x for x in xs)
    assert label.x - xs[0] < 20 * mm + 10  # next to the track's name, not across the block


def test_an_english_stat_blocks_wound_boxes_run_from_the_left(tmp_path: Path) -> None:
    found = words(_amplitude_block(), tmp_path)
    line = _track_line(found, "Wounds")
    xs = [find(line, word).x for word in ("Min", "Mod", "Maj", "Inc")]
    assert xs == sorted(xs)


def test_the_page_header_and_footer_read_from_the_right(arabic, tmp_path: Path) -> None:
    sheet = registry.get_system("amplitude").new(NewOptions(random=True, seed=1))
    data = export_pdf_bytes([sheet], invariant=True)
    found = words(data, tmp_path)
    top = min(w.y for w in found)
    header = [w for w in found if w.y < top + 4]
    title = find(header, sheet.name.split()[0])
    kind = find(header, i18n._("Character"))
    dot = find(header, "·")
    assert title.x > dot.x > kind.x  # the name, its dot, then what the page is
    # the footer's words print (shaped): who made it at the line's start, the right, and
    # the page's number at its end, the left
    bottom = max(w.y for w in found)
    footer = [w for w in found if w.y > bottom - 4]
    made = find(footer, i18n._("Generated by sheetapp").split()[0])
    page = find(footer, i18n._("Page {page} of {total}").split()[0])
    assert made.x > PAGE_WIDTH / 2 > page.x


def test_an_arabic_band_title_and_label_end_at_their_right_edge(arabic, tmp_path: Path) -> None:
    """Our capitals are letter-spaced, an Arabic word is not (spacing would pull its joined
    letters apart): its width counts no spacing, so it ends at the edge, not short of it."""
    title, label = "الشخصيات من هذه النواة", "نقاط خبرة النواة غير المنفقة"
    box = FieldBox(label, "0", width=300, height=40)
    found = words(story_pdf([heading(title, 400), box]), tmp_path)
    for text, font, size, right in ((title, BOLD, 8.5, LEFT + 400), (label, BOLD, 7, LEFT + 300)):
        first = find(found, text.split()[0])  # the rightmost word, where the line starts
        end = first.x + text_width(text.split()[0], font, size)
        assert right - 8 < end <= right + 0.5, (text, end, right)
