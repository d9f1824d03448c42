"""Large print: the same sheets in larger type, on the same paper.

The sheets' layouts are measured to the millimetre for A4 and Letter, so their type cannot
grow in place without cutting text. Instead each page, once laid out, is printed as two
landscape pages, its top half on the first and its bottom half on the second, each enlarged
to fill the paper inside the margins a home printer keeps (about 1.3x: a box's 7 pt label
reads as 9 pt, 9 pt text as 12 pt). The halves overlap a little, so a row cut by the middle
of the page is whole on one of the two; nothing is laid out again, so nothing is lost.
Each half's cut edge moves up to ``SHIFT`` towards the middle to fall between two lines of
text, so no page ends on a line sliced through its letters.
The document's bookmarks (one a sheet) lead to the first half of their page, and its viewer
preferences (the title shown, not the file name) are kept: a reader who zooms far in
finds a sheet by its bookmark.
"""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import IndirectObject, NameObject, RectangleObject

from sheetapp.pdf.kit.paper import SAFE_MARGIN

OVERLAP = 24.0  # points each half runs past the middle: two lines of body text
SHIFT = 18.0  # points a cut may move towards the middle to fall between lines of text
STEP = 0.5  # points between the cuts tried
# A line of text's letters, from its baseline, in ems: descenders to ascenders.
BELOW_BASELINE, ABOVE_BASELINE = 0.25, 0.8

Span = tuple[float, float]  # (bottom, top) of a line of text, in PDF coordinates


def halves(width: float, height: float, lines: list[Span] | None = None) -> list[Span]:
    """The two bands of a ``width`` x ``height`` page printed on a page each (bottom, top
    in PDF coordinates, top band first), inside its margins and overlapping at the middle;
    each cut falls between the ``lines`` of text where it can (see the module)."""
    middle, lines = height / 2, lines or []
    return [
        (_cut(middle - OVERLAP, 1, lines), height - SAFE_MARGIN),
        (SAFE_MARGIN, _cut(middle + OVERLAP, -1, lines)),
    ]


def _cut(nominal: float, towards: int, lines: list[Span]) -> float:
    """The height from ``nominal`` up to ``SHIFT`` in direction ``towards`` that cuts the
    fewest ``lines`` (none, where there is a gap), the nearest ``nominal`` of those."""
    best, fewest = nominal, len(lines) + 1
    for step in range(int(SHIFT / STEP) + 1):
        at = nominal + towards * step * STEP
        cut = sum(1 for bottom, top in lines if bottom < at < top)
        if cut < fewest:
            best, fewest = at, cut
        if cut == 0:
            break
    return best


def text_lines(page: PageObject) -> list[Span]:
    """Where ``page``'s text stands: each run of it from its descenders to its ascenders."""
    lines: list[Span] = []

    def seen(text: str, cm: list[float], tm: list[float], _font: object, size: float) -> None:
        if not text.strip():
            return
        # the text matrix placed by the current transformation (no rotation on our pages)
        baseline = tm[5] * cm[3] + tm[4] * cm[1] + cm[5]
        em = size * abs(tm[3] * cm[3]) or size
        lines.append((baseline - BELOW_BASELINE * em, baseline + ABOVE_BASELINE * em))

    page.extract_text(visitor_text=seen)
    return lines


def enlargement(width: float, height: float) -> float:
    """How much a band grows: as much as the landscape paper's room allows both ways."""
    band = height / 2 - SAFE_MARGIN + OVERLAP
    room_across, room_down = height - 2 * SAFE_MARGIN, width - 2 * SAFE_MARGIN
    return min(room_across / (width - 2 * SAFE_MARGIN), room_down / band)


def large_print(pdf: bytes) -> bytes:
    """``pdf`` with every page printed as its two enlarged halves (see the module)."""
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        scale = enlargement(width, height)
        across = width - 2 * SAFE_MARGIN
        for bottom, top in halves(width, height, text_lines(page)):
            # pypdf clips a merged page to its crop box: only this band is drawn.
            page.cropbox = RectangleObject((SAFE_MARGIN, bottom, width - SAFE_MARGIN, top))
            sheet = writer.add_blank_page(width=height, height=width)
            left = (height - scale * across) / 2 - scale * SAFE_MARGIN
            low = (width - scale * (top - bottom)) / 2 - scale * bottom
            sheet.merge_transformed_page(
                page, Transformation().scale(scale).translate(left, low), over=True
            )
    writer.add_metadata({k: v for k, v in (reader.metadata or {}).items() if isinstance(v, str)})
    _copy_outline(reader, writer, reader.outline, None)
    for key in ("/ViewerPreferences", "/PageMode", "/Lang"):
        if key in reader.root_object:
            writer.root_object[NameObject(key)] = reader.root_object[key].clone(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _copy_outline(
    reader: PdfReader, writer: PdfWriter, items: list, parent: IndirectObject | None
) -> None:
    """``items`` (pypdf's outline: a bookmark, then a list of its children) added under
    ``parent``, each leading to the first of its page's two halves."""
    added = parent
    for item in items:
        if isinstance(item, list):
            _copy_outline(reader, writer, item, added)
            continue
        page = reader.get_destination_page_number(item)
        if page is not None and page >= 0:
            added = writer.add_outline_item(
                title=item.title or "", page_number=2 * page, parent=parent
            )
