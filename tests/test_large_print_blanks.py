"""Large print for blank and fillable forms: the same form laid out again in larger type, on
more pages of the same paper turned sideways. pdftotext reads back the normal form's words
at 12 pt and up, none cut, none off the page or over a box's side; each form field is as
large as the box drawn for it (ReportLab placed fields where the enlarged page put their
boxes but kept their unenlarged size, small in a corner of each box)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.platypus import Flowable, Spacer

from sheetapp.pdf.export import export_blank_bytes
from sheetapp.pdf.kit.boxes import PAD, Panel
from sheetapp.pdf.kit.filling import RestOfPage
from sheetapp.pdf.kit.paper import LARGE_PRINT_SCALE
from sheetapp.systems.registry import system_ids
from tests.pdf.test_every_language_fits import (
    across_a_box,
    off_page,
    pages,
    rectangles,
    split_words,
)
from tests.pdf.test_page_layout import BLANKS
from tests.test_large_print import LABELS, content, sizes

Edge = tuple[float, float, float]  # where it stands (y or x), and from where to where it runs
Rect = tuple[float, float, float, float]  # left, bottom, right, top
REACH = 1.0  # points: an edge this close to a field's side still encloses it


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("system_id", "universe"), BLANKS)
def test_a_large_print_blank_is_the_same_form_in_type_at_least_12_pt(
    system_id: str, universe: str | None, paper: str, tmp_path: Path
) -> None:
    normal = export_blank_bytes(system_id, paper=paper, universe=universe)
    large = export_blank_bytes(system_id, paper=paper, universe=universe, large=True)
    assert content(large, tmp_path) == content(normal, tmp_path)
    assert min(sizes(large, LARGE_PRINT_SCALE)) >= LABELS - 0.05
    found = pages(large, tmp_path)
    assert split_words(found, {w.upper() for w in content(normal, tmp_path)}) == []
    assert off_page(found) == []
    assert across_a_box(found, rectangles(large)) == []
    reader = PdfReader(io.BytesIO(large))
    assert len(reader.pages) > len(PdfReader(io.BytesIO(normal)).pages)
    assert all(float(p.mediabox.width) > float(p.mediabox.height) for p in reader.pages)


def _edges(page) -> tuple[list[Edge], list[Edge]]:
    """A page's drawn horizontal (y, x0, x1) and vertical (x, y0, y1) edges: rectangles'
    sides and ruled lines, placed by the transformation in force where each is drawn."""
    across: list[Edge] = []
    up: list[Edge] = []
    at: list[tuple[float, float]] = []

    def place(cm: list, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = cm
        return a * x + c * y + e, b * x + d * y + f

    def line(p: tuple[float, float], q: tuple[float, float]) -> None:
        (x0, y0), (x1, y1) = p, q
        if abs(y0 - y1) < 0.2:
            across.append((y0, min(x0, x1), max(x0, x1)))
        elif abs(x0 - x1) < 0.2:
            up.append((x0, min(y0, y1), max(y0, y1)))

    def visit(operator: bytes, args: list, cm: list, _tm: list) -> None:
        if operator == b"re" and len(args) == 4:
            x, y, w, h = (float(v) for v in args)
            corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            placed = [place(cm, *corner) for corner in corners]
            for i in range(4):
                line(placed[i], placed[(i + 1) % 4])
        elif operator == b"m" and len(args) == 2:
            at[:] = [place(cm, float(args[0]), float(args[1]))]
        elif operator == b"l" and len(args) == 2 and at:
            point = place(cm, float(args[0]), float(args[1]))
            line(at[0], point)
            at[:] = [point]

    page.extract_text(visitor_operand_before=visit)
    return across, up


def fields_in_boxes(data: bytes) -> dict[str, tuple[Rect, Rect | None]]:
    """Each field's rectangle (a widget's /Rect) and the box drawn around it: the nearest
    drawn edge on each side (None when a side has none)."""
    found: dict[str, tuple[Rect, Rect | None]] = {}
    for page in PdfReader(io.BytesIO(data)).pages:
        across, up = _edges(page)
        for annot in page.get("/Annots") or []:
            widget = annot.get_object()
            if widget.get("/Subtype") != "/Widget":
                continue
            x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            level = [x for x, low, high in up if low - REACH <= my <= high + REACH]
            under = [y for y, low, high in across if low - REACH <= mx <= high + REACH]
            sides = (
                max((x for x in level if x <= x0 + REACH), default=None),
                max((y for y in under if y <= y0 + REACH), default=None),
                min((x for x in level if x >= x1 - REACH), default=None),
                min((y for y in under if y >= y1 - REACH), default=None),
            )
            box = None if None in sides else sides
            found[str(widget["/T"])] = ((x0, y0, x1, y1), box)  # type: ignore[assignment]
    return found


def centred(field: Rect, box: Rect, within: float) -> bool:
    """Whether ``field`` stands as far from its box's left side as from its right, and from
    its bottom as from its top (the way every cell and box places its field)."""
    (x0, y0, x1, y1), (left, bottom, right, top) = field, box
    return abs((x0 - left) - (right - x1)) <= within and abs((y0 - bottom) - (top - y1)) <= within


def filling(field: Rect, box: Rect, within: float) -> bool:
    """Whether ``field`` stands as far from its box's left side as from its right, and no
    nearer its bottom than its top: across its box, never sunk in its lower corner. (A box
    in large print may be taller than its field, where its label wrapped to two lines or
    it ends a page, so a field is not always centred up and down.)"""
    (x0, y0, x1, y1), (left, bottom, right, top) = field, box
    return abs((x0 - left) - (right - x1)) <= within and (top - y1) <= (y0 - bottom) + within


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("system_id", system_ids())
def test_a_large_print_fillable_forms_fields_fill_their_boxes(system_id: str, paper: str) -> None:
    """Every field stands inside a drawn box, and a field centred in its box in the normal
    form (a cell's, a tick box's, a labelled box's) spans it the same way in large print:
    as large as the box, not its unenlarged size in the box's corner."""
    normal = fields_in_boxes(export_blank_bytes(system_id, paper=paper, fillable=True))
    large = fields_in_boxes(export_blank_bytes(system_id, paper=paper, fillable=True, large=True))
    assert large
    assert [name for name, (_field, box) in large.items() if box is None] == []
    was_centred = {
        name
        for name, (field, box) in normal.items()
        if box is not None and centred(field, box, within=1.0)
    }
    assert len(was_centred) > len(normal) / 2  # the test measures what it means to
    sunk = [
        name
        for name in was_centred & large.keys()
        if not filling(*large[name], within=LARGE_PRINT_SCALE)  # type: ignore[arg-type]
    ]
    assert sunk == []


def test_the_cli_prints_a_blank_in_large_print(tmp_path: Path) -> None:
    out = tmp_path / "blank.pdf"
    command = [sys.executable, "-m", "sheetapp", "blank", "alternity", "-o", str(out)]
    subprocess.run(
        [*command, "--paper", "letter", "--fillable", "--large-print"],
        check=True,
        capture_output=True,
    )
    large = out.read_bytes()
    normal = export_blank_bytes("alternity", paper="letter", fillable=True)
    assert content(large, tmp_path) == content(normal, tmp_path)
    assert min(sizes(large, LARGE_PRINT_SCALE)) >= LABELS - 0.05
    assert all(box is not None for _field, box in fields_in_boxes(large).values())


class _Unshrinking(Flowable):
    """Content that needs ``least`` points whatever height it is offered."""

    def __init__(self, height: float, least: float) -> None:
        super().__init__()
        self.height = max(height, least)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 100.0, self.height


def test_the_rest_of_a_page_never_draws_taller_than_the_room_it_takes() -> None:
    """Its content cannot shrink to the least height asked (a ledger's fewest rows in large
    print): it says how tall it truly is, and moves to the next page rather than be drawn
    up over the part above it."""
    part = RestOfPage(lambda height: _Unshrinking(height, 90.0), least=40.0, most=300.0)
    assert part.split(100.0, 60.0) == []
    _width, height = part.wrap(100.0, 200.0)
    assert height >= 90.0
    assert part.wrap(100.0, 250.0)[1] >= 240.0  # and with room, it still fills it


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_large_print_panel_moves_whole_rather_than_continue_beside_empty_room(
    paper: str,
) -> None:
    """The Forgotten Futures wounds panel split at the first page's foot in large print,
    and its rest stood alone at the top of the next page, two thirds of its width empty
    beside it: it moves to the next page whole, its rules under its boxes."""
    large = PdfReader(io.BytesIO(export_blank_bytes("forgotten-futures", paper=paper, large=True)))
    texts = [page.extract_text() for page in large.pages]
    assert not any("›" in text and "WOUNDS" in text.upper() for text in texts)
    holding = [text for text in texts if "WOUNDS" in text.upper()]
    assert len(holding) == 1
    assert "BODY penalty" in holding[0] and "never below 1" in holding[0]


def test_a_panel_with_room_for_nothing_but_its_first_gap_moves_whole() -> None:
    """A panel whose first content is a gap left a title over an empty box at a page's
    foot when only the gap fitted."""
    panel = Panel("Wounds", [Spacer(0, 3), _Unshrinking(80.0, 80.0)], width=120.0)
    assert panel.split(120.0, panel.top_band + 2 * PAD + 10.0) == []
