"""A printable document: sections on pages with a shared header and footer.

Each section (a character sheet, a Player Core, pages of stat blocks) starts on a new page
and names itself in the header. A section is either a *story* of flowables that platypus
lays out, or *pages* it has already laid out and draws straight on the canvas.

Platypus lays a document out once. The header is drawn as each page ends, when the section
on it is known; "Page X of Y" is a small form per page that the canvas defines when it is
saved, once Y is known. A document of drawn pages only (stat blocks) skips platypus: its
page count is known before the first page is drawn.

Sections hand over factories, called once per build with the page's ``Layout``.

Printed on both sides (``duplex``, the default), every section after the first starts on a
right-hand (odd) page: a back page is left blank, with a small note saying so, when the
section before ends on a right-hand page, so no sheet starts on the back of another's.

Empty forms are laid out on the part of the page A4 and Letter share (A4's width, Letter's
height), so a blank has the same pages, breaking at the same places, on either paper; the
parts that fill a page's foot then reach the paper's own (``Layout.foot``, ``filling``).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, BinaryIO

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
)

from sheetapp.i18n import N_, _
from sheetapp.pdf.fonts import BOLD, REGULAR, register_fonts
from sheetapp.pdf.kit.boxes import keep_headings
from sheetapp.pdf.kit.direction import anchored, line_direction, placed
from sheetapp.pdf.kit.lines import draw_string
from sheetapp.pdf.kit.paper import (
    FOOTER_BAND,
    HEADER_BAND,
    PAPER_SIZES,
    SAFE_MARGIN,
    page_size,
)
from sheetapp.pdf.kit.plain_text import plain
from sheetapp.pdf.kit.style import INK, MUTED, RULE, Grid
from sheetapp.pdf.kit.text import fit_line
from sheetapp.pdf.shaping import text_width
from sheetapp.storage.atomic import write_atomic

CREATOR = "sheetapp"
BACK_PAGE_NOTE = N_("This side is left empty so that the next sheet starts on a page of its own.")
COLUMN_GAP = 6 * mm


@dataclass(frozen=True)
class Layout:
    """What a story needs to know about the page it is laid out on."""

    paper: str
    grid: Grid  # across the whole frame
    frame_height: float
    column_width: float  # of one column on two-column pages
    column_gap: float = COLUMN_GAP
    # The GM's explicit choice to print only the last N entries of each ledger (a shorter
    # sheet, with a line saying how many were left out); None, the default, prints them all.
    ledger_last: int | None = None
    # How far this paper's own page reaches below the frame: a form's (laid out on the
    # frame both papers share) parts that fill the page take it (``filling``); 0 otherwise.
    foot: float = 0.0


PagePainter = Callable[[Canvas], None]
"""Draws one page's body; the canvas's origin is the frame's bottom-left corner."""

Progress = Callable[[int], None]
"""Told the pages finished so far (0 while the sections are prepared); a window shows it,
and stops the build by raising from it."""


def _no_progress(pages: int) -> None:
    """Nobody is watching."""


@dataclass(frozen=True)
class Section:
    title: str  # what the header names: a character, a player, "Blank sheet"
    kind: str  # "Character", "Player Core", "NPC stat blocks"
    system: str  # right of the header: the system and universe
    story: Callable[[Layout], list[Flowable]] | None = None  # flowables for platypus
    columns: int = 1
    author: str = ""  # the player, for the PDF's metadata
    subject: str = ""  # the system's name, for the PDF's metadata
    names: tuple[str, ...] = ()  # the characters shown, for the PDF's title
    pages: Callable[[Layout], list[PagePainter]] | None = None  # or pages drawn directly
    form: bool = False  # an empty form: laid out alike on every paper (see the module)

    def __post_init__(self) -> None:
        if (self.story is None) == (self.pages is None):
            raise ValueError(_("a section has either a story or pages, not both"))


@dataclass(frozen=True)
class DocInfo:
    title: str
    author: str
    subject: str


@dataclass
class _Starts:
    """Where each section starts, noted as platypus reaches it."""

    starts: list[tuple[int, int]] = field(default_factory=list)  # (page, section index)
    back_pages: set[int] = field(default_factory=set)  # left blank for two-sided printing


class _SectionStart(Flowable):
    """Takes no room; records the page a section starts on and bookmarks it."""

    def __init__(self, index: int, title: str, record: _Starts) -> None:
        super().__init__()
        self.index, self.title, self.record = index, title, record
        self.width = self.height = 0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.record.starts.append((self.canv.getPageNumber(), self.index))
        _bookmark(self.canv, self.index, self.title, horizontal=True)


class _OddPage(Flowable):
    """Takes no room; on a left-hand (even) page it leaves the page blank, noted as a back
    page, and breaks to the next, so the section that follows starts on a right-hand page."""

    def __init__(self, template: str, record: _Starts) -> None:
        super().__init__()
        self.template, self.record = template, record
        self.width = self.height = 0
        self.done = False

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        page = self._doctemplateAttr("page")
        if not self.done and page % 2 == 0:
            self.done = True
            self.record.back_pages.add(page)
            frame = self._doctemplateAttr("frame")
            frame.add_generated_content(NextPageTemplate(self.template), PageBreak())
        return 0, 0

    def draw(self) -> None:
        """Nothing to draw: the page's chrome writes the back page's note."""


class _DrawnPage(Flowable):
    """A page a section drew itself, as a flowable filling the frame (for platypus)."""

    def __init__(self, painter: PagePainter, width: float, height: float) -> None:
        super().__init__()
        self.painter, self.width, self.height = painter, width, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        self.painter(self.canv)


def _bookmark(canvas: Canvas, index: int, title: str, *, horizontal: bool) -> None:
    key = f"section-{index}"
    if horizontal:
        canvas.bookmarkHorizontal(key, 0, 0)
    else:
        canvas.bookmarkPage(key)
    canvas.addOutlineEntry(plain(title) or _("Sheet"), key, level=0)


def document_info(sections: Sequence[Section]) -> DocInfo:
    """Metadata for a PDF of these sections: the characters it shows, the one player (or
    sheetapp when several players share the file) and the systems."""
    names = [n for s in sections for n in s.names if n]
    if not names:
        title = sections[0].title if sections else _("Sheets")
    elif len(names) <= 3:
        title = ", ".join(names)
    else:
        title = _("{join} and {value} more").format(join=", ".join(names[:3]), value=len(names) - 3)
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


@dataclass(frozen=True)
class _Page:
    """The paper and the frame on it, in points; a ``form``'s frame is the part every
    paper has room for, centred across the page and hanging from the header.

    In large print (``scale`` above 1) the page is laid out in the kit's own sizes on a
    paper ``scale`` times smaller, and the canvas draws it ``scale`` times larger on the
    real paper (``_Enlarged``): every type size, row height, rule spacing and gap grows
    alike, the content reflows onto more pages, and only the paper's safe margin is kept
    at its printed size (it is a printer's limit, not part of the design).
    ``width`` and ``height`` are the laid-out page's, ``paper`` the real paper's."""

    paper: tuple[float, float]
    form: bool = False
    scale: float = 1.0

    @property
    def width(self) -> float:
        return self.paper[0] / self.scale

    @property
    def height(self) -> float:
        return self.paper[1] / self.scale

    @property
    def margin(self) -> float:
        return SAFE_MARGIN / self.scale

    def _room(self, width: float, height: float) -> tuple[float, float]:
        width, height = width / self.scale, height / self.scale
        return (
            width - 2 * self.margin,
            height - 2 * self.margin - HEADER_BAND - FOOTER_BAND,
        )

    def _papers(self) -> list[tuple[float, float]]:
        """Every paper, turned as this one is (large print turns them sideways)."""
        sideways = self.paper[0] > self.paper[1]
        return [(h, w) if sideways else (w, h) for w, h in PAPER_SIZES.values()]

    @property
    def frame_width(self) -> float:
        if self.form:
            return min(self._room(w, h)[0] for w, h in self._papers())
        return self._room(*self.paper)[0]

    @property
    def frame_height(self) -> float:
        if self.form:
            return min(self._room(w, h)[1] for w, h in self._papers())
        return self._room(*self.paper)[1]

    @property
    def frame_x(self) -> float:
        return (self.width - self.frame_width) / 2

    @property
    def frame_y(self) -> float:
        return self.height - self.margin - HEADER_BAND - self.frame_height

    @property
    def foot(self) -> float:
        """The paper's own room below the frame (a form's frame on A4 stops short of it)."""
        return self._room(*self.paper)[1] - self.frame_height

    def enlarge(self, canvas: Canvas, _doc: object = None) -> None:
        """Set a new page of ``canvas`` to draw the laid-out page onto the real paper
        (a page template's ``onPage``; the scale lasts until the page ends)."""
        if self.scale != 1:
            canvas.scale(self.scale, self.scale)

    def layout(self, paper: str) -> Layout:
        column_width = (self.frame_width - COLUMN_GAP) / 2
        return Layout(
            paper, Grid(self.frame_width), self.frame_height, column_width, foot=self.foot
        )


def page_layout(paper: str) -> Layout:
    """The ``Layout`` a section is given on ``paper``."""
    return _Page(page_size(paper)).layout(paper)


def build_pdf(
    sections: Sequence[Section],
    *,
    paper: str,
    info: DocInfo,
    invariant: bool = False,
    progress: Progress | None = None,
    ledger_last: int | None = None,
    duplex: bool = True,
    scale: float = 1.0,
) -> bytes:
    """Lay the sections out on ``paper`` and return the PDF's bytes; ``ledger_last`` cuts
    every ledger to its last entries (see ``Layout``); ``duplex`` starts every section on a
    right-hand page; ``scale`` enlarges everything printed (large print, see ``_Page``)."""
    if not sections:
        raise ValueError(_("nothing to print: no sheets were given"))
    register_fonts()
    width, height = page_size(paper)
    sheet = (height, width) if scale != 1 else (width, height)
    page = _Page(sheet, form=all(s.form for s in sections), scale=scale)
    progress = progress or _no_progress
    layout = replace(page.layout(paper), ledger_last=ledger_last)
    if all(s.pages is not None for s in sections):
        return _draw(sections, page, layout, info, invariant, progress, duplex)
    return _build(sections, page, layout, info, invariant, progress, duplex)


def _draw(
    sections: Sequence[Section],
    page: _Page,
    layout: Layout,
    info: DocInfo,
    invariant: bool,
    progress: Progress,
    duplex: bool,
) -> bytes:
    """Sections that draw their own pages, straight on a canvas: no platypus at all."""
    pages: list[tuple[int, PagePainter]] = []
    record = _Starts()
    for index, section in enumerate(sections):
        assert section.pages is not None
        if duplex and len(pages) % 2:
            record.back_pages.add(len(pages) + 1)
            pages.append((index - 1, _nothing))
        pages += [(index, painter) for painter in section.pages(layout) or [_nothing]]
        progress(0)
    out = io.BytesIO()
    canvas = Canvas(
        out,
        pagesize=page.paper,
        invariant=1 if invariant else 0,
        initialFontName=REGULAR,  # not Helvetica, which would go in unembedded
    )
    canvas.setTitle(plain(info.title))
    canvas.setAuthor(plain(info.author))
    canvas.setSubject(plain(info.subject))
    canvas.setCreator(CREATOR)
    canvas.setViewerPreference("DisplayDocTitle", "true")
    chrome = _Chrome(sections, record, page)
    previous = -1
    for number, (index, painter) in enumerate(pages, 1):
        page.enlarge(canvas)
        if index != previous:
            _bookmark(canvas, index, sections[index].title, horizontal=False)
            previous = index
        section = None if number in record.back_pages else sections[index]
        chrome.draw(
            canvas, section, _("Page {number} of {count}").format(number=number, count=len(pages))
        )
        canvas.saveState()
        canvas.translate(page.frame_x, page.frame_y)
        painter(canvas)
        canvas.restoreState()
        canvas.showPage()
        progress(number)
    canvas.save()
    return out.getvalue()


def _nothing(canvas: Canvas) -> None:
    """The body of a section with nothing to show: the page keeps its header."""


def _build(
    sections: Sequence[Section],
    page: _Page,
    layout: Layout,
    info: DocInfo,
    invariant: bool,
    progress: Progress,
    duplex: bool,
) -> bytes:
    """Platypus lays the stories out, once; drawn pages go in as frame-sized flowables."""
    record = _Starts()
    chrome = _Chrome(sections, record, page, progress)

    def frame(x: float, w: float, name: str) -> Frame:
        return Frame(
            x,
            page.frame_y,
            w,
            page.frame_height,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=name,
        )

    column_w = layout.column_width
    templates = {
        1: PageTemplate(
            id="single",
            frames=[frame(page.frame_x, page.frame_width, "body")],
            pagesize=page.paper,
            onPage=page.enlarge,
            onPageEnd=chrome,
        ),
        2: PageTemplate(
            id="columns",
            frames=[
                frame(page.frame_x, column_w, "left"),
                frame(page.frame_x + column_w + COLUMN_GAP, column_w, "right"),
            ],
            pagesize=page.paper,
            onPage=page.enlarge,
            onPageEnd=chrome,
        ),
    }

    def columns(section: Section) -> int:
        return 1 if section.pages is not None else section.columns

    first_columns = columns(sections[0])
    order = [templates[first_columns], templates[3 - first_columns]]

    story: list[Flowable] = []
    for index, section in enumerate(sections):
        template = templates[columns(section)].id
        if index:
            story += [NextPageTemplate(template), PageBreak()]
            story += [_OddPage(template, record)] if duplex else []
        story.append(_SectionStart(index, section.title, record))
        if section.pages is not None:
            story += [
                _DrawnPage(painter, page.frame_width, page.frame_height)
                for painter in section.pages(layout)
            ]
        else:
            assert section.story is not None
            story += keep_headings(section.story(layout))
        progress(0)

    out = io.BytesIO()
    doc = BaseDocTemplate(
        out,
        pagesize=(page.width, page.height),
        pageTemplates=order,
        leftMargin=page.margin,
        rightMargin=page.margin,
        topMargin=page.margin + HEADER_BAND,
        bottomMargin=page.margin + FOOTER_BAND,
        title=plain(info.title),
        author=plain(info.author),
        subject=plain(info.subject),
        creator=CREATOR,
        invariant=1 if invariant else 0,
        displayDocTitle=1,
        initialFontName=REGULAR,  # not ReportLab's Helvetica, which would go in unembedded
    )

    def canvasmaker(*args: Any, **kwargs: Any) -> Canvas:
        return _NumberingCanvas(chrome, *args, **kwargs)

    doc.build(story, canvasmaker=canvasmaker)
    return out.getvalue()


def _number_form(page: int) -> str:
    return f"sheetapp-page-number-{page}"


class _Chrome:
    """Header and footer, drawn inside saveState/restoreState; as platypus's ``onPageEnd``
    it finds the page's section and shows the page number as a form filled in at save."""

    def __init__(
        self,
        sections: Sequence[Section],
        record: _Starts,
        page: _Page,
        progress: Progress = _no_progress,
    ) -> None:
        self.sections, self.record = sections, record
        self.width, self.height, self.margin = page.width, page.height, page.margin
        self.progress = progress
        self.pages = 0

    def section_on(self, page: int) -> Section:
        index = 0
        for start, section_index in self.record.starts:
            if start <= page:
                index = section_index
        return self.sections[index]

    def __call__(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        page = canvas.getPageNumber()
        self.pages = max(self.pages, page)
        back = page in self.record.back_pages
        self.draw(canvas, None if back else self.section_on(page), None)
        canvas.doForm(_number_form(page))
        self.progress(page)

    def draw(self, canvas: Canvas, section: Section | None, number: str | None) -> None:
        """The page's header and footer; a back page (no ``section``) gets only the footer
        and its note."""
        left, right = self.margin, self.width - self.margin
        canvas.saveState()
        if section is None:
            self.draw_back_note(canvas)
        else:
            self.draw_header(canvas, section)
        # footer
        bottom = self.margin
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(left, bottom + 4.2 * mm, right, bottom + 4.2 * mm)
        canvas.setFillColor(MUTED)
        x, align = anchored(left, "left", self.width)
        draw_string(canvas, x, bottom + 1 * mm, _("Generated by sheetapp"), REGULAR, 7, align=align)
        if number is not None:
            self.draw_number(canvas, number)
        canvas.restoreState()

    def draw_back_note(self, canvas: Canvas) -> None:
        """Why a page is empty: so the next sheet starts on a page of its own."""
        canvas.setFillColor(MUTED)
        note = _(BACK_PAGE_NOTE)
        draw_string(canvas, self.width / 2, self.height / 2, note, REGULAR, 8, align="centre")

    def draw_header(self, canvas: Canvas, section: Section) -> None:
        left, right = self.margin, self.width - self.margin
        top = self.height - self.margin
        # header: system at the line's end, then the title in what room is left (on a
        # right-to-left page the title starts on the right, the system on the left)
        canvas.setFillColor(MUTED)
        system = fit_line(section.system, REGULAR, 7.5, (right - left) * 0.4)
        x, align = anchored(right, "right", self.width)
        draw_string(canvas, x, top - 3.6 * mm, system, REGULAR, 7.5, align=align)
        room = right - left - text_width(system, REGULAR, 7.5) - 8 * mm
        # "  ·  Character" after the title, ordered as the page reads: its dot stays between
        kind = f"  ·  {section.kind}" if section.kind else ""
        kind_w = text_width(kind, REGULAR, 8.5)
        title = fit_line(section.title or section.kind, BOLD, 9.5, max(room - kind_w, 20 * mm))
        title_w = text_width(title, BOLD, 9.5)
        canvas.setFillColor(INK)
        draw_string(canvas, placed(left, title_w, self.width), top - 3.6 * mm, title, BOLD, 9.5)
        if section.title and kind:
            canvas.setFillColor(MUTED)
            x = placed(left + title_w, kind_w, self.width)
            draw_string(canvas, x, top - 3.6 * mm, kind, REGULAR, 8.5, rtl=line_direction())
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(left, top - 5.6 * mm, right, top - 5.6 * mm)

    def draw_number(self, canvas: Canvas, number: str) -> None:
        canvas.setFillColor(MUTED)
        # the page's number at the line's end: the left, right to left
        x, align = anchored(self.width - self.margin, "right", self.width)
        draw_string(canvas, x, self.margin + 1 * mm, number, REGULAR, 7, align=align)


class _NumberingCanvas(Canvas):
    """Defines each page's "Page X of Y" form when it is saved, once Y is known."""

    def __init__(self, chrome: _Chrome, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.chrome = chrome

    def save(self) -> None:
        total = self.chrome.pages
        for page in range(1, total + 1):
            self.beginForm(_number_form(page))
            self.chrome.draw_number(
                self, _("Page {page} of {total}").format(page=page, total=total)
            )
            self.endForm()
        super().save()
