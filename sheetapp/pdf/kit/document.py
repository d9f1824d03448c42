"""A printable document: sections of flowables on pages with a shared header and footer.

Each section (a character sheet, a Player Core, a page of stat blocks) starts on a new page
and names itself in the header. The document is laid out twice: the first pass counts the
pages and notes where each section starts, so the second can print "Page X of Y" and the
right title in the ``onPage`` chrome. Sections therefore hand over a story *factory*:
flowables are consumed by a build and cannot be laid out twice.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
)

from sheetapp.pdf.fonts import BOLD, REGULAR, register_fonts
from sheetapp.pdf.kit.paper import FOOTER_BAND, HEADER_BAND, SAFE_MARGIN, page_size
from sheetapp.pdf.kit.style import INK, MUTED, RULE, Grid
from sheetapp.pdf.kit.text import fit_line, plain
from sheetapp.storage.atomic import write_atomic

CREATOR = "sheetapp"
COLUMN_GAP = 6 * mm


@dataclass(frozen=True)
class Layout:
    """What a story needs to know about the page it is laid out on."""

    paper: str
    grid: Grid  # across the whole frame
    frame_height: float
    column_width: float  # of one column on two-column pages


@dataclass(frozen=True)
class Section:
    title: str  # what the header names: a character, a player, "Blank sheet"
    kind: str  # "Character", "Player Core", "NPC stat blocks"
    system: str  # right of the header: the system and universe
    story: Callable[[Layout], list[Flowable]]
    columns: int = 1
    author: str = ""  # the player, for the PDF's metadata
    subject: str = ""  # the system's name, for the PDF's metadata
    names: tuple[str, ...] = ()  # the characters shown, for the PDF's title


@dataclass(frozen=True)
class DocInfo:
    title: str
    author: str
    subject: str


@dataclass
class _Pass:
    total: int | None = None
    starts: list[tuple[int, int]] = field(default_factory=list)  # (page, section index)


class _SectionStart(Flowable):
    """Takes no room; records the page a section starts on and bookmarks it."""

    def __init__(self, index: int, title: str, record: _Pass) -> None:
        super().__init__()
        self.index, self.title, self.record = index, title, record
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.record.starts.append((self.canv.getPageNumber(), self.index))
        key = f"section-{self.index}"
        self.canv.bookmarkHorizontal(key, 0, 0)
        self.canv.addOutlineEntry(plain(self.title) or "Sheet", key, level=0)


def document_info(sections: Sequence[Section]) -> DocInfo:
    """Metadata for a PDF of these sections: the characters it shows, the one player (or
    sheetapp when several players share the file) and the systems."""
    names = [n for s in sections for n in s.names if n]
    if not names:
        title = sections[0].title if sections else "Sheets"
    elif len(names) <= 3:
        title = ", ".join(names)
    else:
        title = f"{', '.join(names[:3])} and {len(names) - 3} more"
    authors = {s.author for s in sections if s.author}
    subjects = list(dict.fromkeys(s.subject for s in sections if s.subject))
    return DocInfo(
        title=title,
        author=authors.pop() if len(authors) == 1 else CREATOR,
        subject=" / ".join(subjects),
    )


def write_pdf(data: bytes, out: BinaryIO | str | os.PathLike[str]) -> None:
    """Hand the bytes to a stream, or replace a file atomically (never half a PDF)."""
    if hasattr(out, "write"):
        out.write(data)  # type: ignore[union-attr]
    else:
        write_atomic(out, data)  # type: ignore[arg-type]


def render_sections(
    sections: Sequence[Section],
    out: BinaryIO | str | os.PathLike[str],
    *,
    paper: str,
    invariant: bool = False,
) -> None:
    write_pdf(
        build_pdf(sections, paper=paper, info=document_info(sections), invariant=invariant), out
    )


def build_pdf(
    sections: Sequence[Section], *, paper: str, info: DocInfo, invariant: bool = False
) -> bytes:
    """Lay the sections out on ``paper`` and return the PDF's bytes."""
    if not sections:
        raise ValueError("nothing to print: no sheets were given")
    register_fonts()
    counted = _Pass()
    _build(sections, paper, info, invariant, counted)
    return _build(sections, paper, info, invariant, counted)


def _build(
    sections: Sequence[Section], paper: str, info: DocInfo, invariant: bool, previous: _Pass
) -> bytes:
    width, height = page_size(paper)
    frame_x, frame_y = SAFE_MARGIN, SAFE_MARGIN + FOOTER_BAND
    frame_w = width - 2 * SAFE_MARGIN
    frame_h = height - 2 * SAFE_MARGIN - HEADER_BAND - FOOTER_BAND
    column_w = (frame_w - COLUMN_GAP) / 2
    record = _Pass()
    chrome = _Chrome(sections, previous, width, height)

    def frame(x: float, w: float, name: str) -> Frame:
        return Frame(
            x,
            frame_y,
            w,
            frame_h,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=name,
        )

    templates = {
        1: PageTemplate(id="single", frames=[frame(frame_x, frame_w, "body")], onPage=chrome),
        2: PageTemplate(
            id="columns",
            frames=[
                frame(frame_x, column_w, "left"),
                frame(frame_x + column_w + COLUMN_GAP, column_w, "right"),
            ],
            onPage=chrome,
        ),
    }
    first_columns = sections[0].columns
    order = [templates[first_columns], templates[3 - first_columns]]
    layout = Layout(paper, Grid(frame_w), frame_h, column_w)

    story: list[Flowable] = []
    for index, section in enumerate(sections):
        if index:
            story += [NextPageTemplate(templates[section.columns].id), PageBreak()]
        story.append(_SectionStart(index, section.title, record))
        story += section.story(layout)

    out = io.BytesIO()
    doc = BaseDocTemplate(
        out,
        pagesize=(width, height),
        pageTemplates=order,
        leftMargin=SAFE_MARGIN,
        rightMargin=SAFE_MARGIN,
        topMargin=SAFE_MARGIN + HEADER_BAND,
        bottomMargin=SAFE_MARGIN + FOOTER_BAND,
        title=plain(info.title),
        author=plain(info.author),
        subject=plain(info.subject),
        creator=CREATOR,
        invariant=1 if invariant else 0,
        displayDocTitle=1,
    )
    doc.build(story)
    previous.total = doc.page
    previous.starts = record.starts
    return out.getvalue()


class _Chrome:
    """The ``onPage`` callback: header and footer, drawn inside saveState/restoreState."""

    def __init__(
        self, sections: Sequence[Section], layout_pass: _Pass, width: float, height: float
    ) -> None:
        self.sections, self.layout_pass = sections, layout_pass
        self.width, self.height = width, height

    def section_on(self, page: int) -> Section:
        index = 0
        for start, section_index in self.layout_pass.starts:
            if start <= page:
                index = section_index
        return self.sections[index]

    def __call__(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        page = canvas.getPageNumber()
        section = self.section_on(page)
        left, right = SAFE_MARGIN, self.width - SAFE_MARGIN
        top = self.height - SAFE_MARGIN
        canvas.saveState()
        # header: system on the right, then the title in what room is left
        canvas.setFillColor(MUTED)
        canvas.setFont(REGULAR, 7.5)
        system = fit_line(section.system, REGULAR, 7.5, (right - left) * 0.4)
        canvas.drawRightString(right, top - 3.6 * mm, system)
        room = right - left - stringWidth(system, REGULAR, 7.5) - 8 * mm
        kind = f"  ·  {section.kind}" if section.kind else ""
        kind_w = stringWidth(kind, REGULAR, 8.5)
        title = fit_line(section.title or section.kind, BOLD, 9.5, max(room - kind_w, 20 * mm))
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, 9.5)
        canvas.drawString(left, top - 3.6 * mm, title)
        if section.title and kind:
            canvas.setFillColor(MUTED)
            canvas.setFont(REGULAR, 8.5)
            canvas.drawString(left + stringWidth(title, BOLD, 9.5), top - 3.6 * mm, kind)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(left, top - 5.6 * mm, right, top - 5.6 * mm)
        # footer
        bottom = SAFE_MARGIN
        canvas.line(left, bottom + 4.2 * mm, right, bottom + 4.2 * mm)
        canvas.setFillColor(MUTED)
        canvas.setFont(REGULAR, 7)
        canvas.drawString(left, bottom + 1 * mm, "Generated by sheetapp")
        total = self.layout_pass.total
        number = f"Page {page} of {total}" if total else f"Page {page}"
        canvas.drawRightString(right, bottom + 1 * mm, number)
        canvas.restoreState()
