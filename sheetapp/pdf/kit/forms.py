"""Fillable AcroForm fields, placed inside flowables (``relative=True``).

Every text field takes the form's default appearance: Noto Sans embedded whole
(``form_font``), at size 0 so the viewer fits what is typed to the box. Every field has a
tooltip and a name in one scheme (``field_name``, ``FIELD_NAME``). Fields have no border or
fill of their own: the box drawn around them is the look, so a fillable sheet printed empty
looks like the plain blank.
"""

from __future__ import annotations

import re

from reportlab.pdfbase.acroform import AcroForm, PDFFromString
from reportlab.pdfbase.pdfdoc import PDFObject, PDFString
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from sheetapp.i18n import _
from sheetapp.pdf.kit import form_font
from sheetapp.pdf.kit.style import INK

# The tick's font, as the form's resources name it (PDF 32000-1, 12.7.3.3): ReportLab draws
# the tick in ZapfDingbats but lists only the text fields' fonts, and viewers that rebuild a
# ticked box's look (poppler) warn about a font the form does not have.
TICK_FONT = "ZaDb"


class FormResources(PDFObject):
    """The form's default resources (``/DR``) with every font of its fields in one
    ``/Font`` dictionary: ReportLab writes one ``/Font`` key per font, and a reader keeps
    only one of them."""

    def __init__(self, form: AcroForm) -> None:
        self.form = form

    def format(self, document: object) -> bytes:
        fonts = " ".join(f"/{key} {ref}" for key, ref in sorted(self.form.fonts.items()))
        return (
            f"<< /Encoding << /RLAFencoding {self.form.encRefStr} >> /Font << {fonts} >> >>"
        ).encode("latin-1")


def _form(canvas: Canvas) -> AcroForm:
    """The canvas's form, its resources holding the tick font and the typing font, which
    its default appearance names at size 0 (the viewer fits the text to the box)."""
    form = canvas.acroForm
    if TICK_FONT not in form.fonts:
        form.fonts[TICK_FONT] = form.getRefStr(
            PDFFromString(
                f"<< /BaseFont /ZapfDingbats /Name /{TICK_FONT} /Subtype /Type1 /Type /Font >>"
            )
        )
        form.fonts[form_font.NAME] = form_font.form_font(form.getRefStr)
        form.extras["DR"] = FormResources(form)
        form.extras["DA"] = PDFString(f"/{form_font.NAME} 0 Tf 0 g")
        # Each field's own appearance names a standard-14 font, which ReportLab would add
        # unembedded (Helvetica): print shops' preflight flags it. They name ours instead.
        form.makeFont = lambda _name=None: (form.fonts[form_font.NAME], form_font.NAME)
    return form


def describe(name: str) -> str:
    """A field's tooltip from its name, for a field its caller gave none:
    ``stamina_03`` -> "Stamina, box 3"."""
    *words, last = name.replace(".", "_").split("_")
    if last.isdigit() and words:
        return _("{capitalize}, box {last}").format(
            capitalize=" ".join(words).replace("-", " ").capitalize(), last=int(last)
        )
    return " ".join([*words, last]).replace("-", " ").capitalize()


# A field name is one PDF "partial name": no periods, which would make it a hierarchy.
_UNSAFE = re.compile(r"[^a-z0-9]+")
FIELD_NAME = re.compile(r"(core|character)(_[a-z0-9]+(-[a-z0-9]+)*){1,4}")
"""Every field's name: ``<sheet>_<section>[_<row>][_<column>]`` (docs/pdf.md)."""


def field_name(*parts: object) -> str:
    """A form field name from parts, in the one scheme of every system (``FIELD_NAME``):
    ``_`` between parts (a part may hold several, as a prefix does), each part lower case
    with hyphens between its words. ``field_name("character", "skill", 3, "chance")`` ->
    character_skill_3_chance; ``field_name("character_skill", "Morse Code", "points")`` ->
    character_skill_morse-code_points.
    """
    cleaned = (
        _UNSAFE.sub("-", piece.lower()).strip("-") for p in parts for piece in str(p).split("_")
    )
    return "_".join(p for p in cleaned if p)


def _enlargement(canvas: Canvas) -> tuple[float, float]:
    """How much the canvas's drawing is scaled across and up (large print enlarges the
    whole page). ReportLab places a field ``relative`` to the drawing's origin but takes its
    size as given, in the page's own units: a field sized in the drawing's units is scaled
    here, so it covers the box drawn around it at any enlargement."""
    a, b, c, d, _e, _f = canvas._currentMatrix
    return (a * a + b * b) ** 0.5, (c * c + d * d) ** 0.5


def text_field(
    canvas: Canvas,
    name: str,
    *,
    x: float,
    y: float,
    width: float,
    height: float,
    multiline: bool = False,
    tooltip: str = "",
) -> None:
    """A text field at (x, y) in the current flowable's coordinates, ``width`` by
    ``height`` in them too."""
    across, up = _enlargement(canvas)
    _form(canvas).textfield(
        name=name,
        tooltip=tooltip or describe(name),
        x=x,
        y=y,
        width=width * across,
        height=height * up,
        relative=True,
        borderWidth=0,
        fillColor=None,
        # no colour, font or size of its own: the field takes the form's /DA (``_form``)
        textColor=None,
        fontName=None,
        fontSize=None,
        fieldFlags="multiline" if multiline else "",
        maxlen=0 if multiline else 200,
    )


def check_box(
    canvas: Canvas, name: str, *, x: float, y: float, size: float, tooltip: str = ""
) -> None:
    """A tick box at (x, y), ``size`` across, in the current flowable's coordinates;
    ticking shows a cross, like a pencil mark."""
    _form(canvas).checkbox(
        name=name,
        tooltip=tooltip or describe(name),
        x=x,
        y=y,
        size=size * min(_enlargement(canvas)),
        relative=True,
        buttonStyle="cross",
        borderWidth=0,
        fillColor=None,
        borderColor=None,
        textColor=INK,
        fieldFlags="",
    )


class FieldSlot(Flowable):
    """Just a fillable field, for a table cell whose ruling already draws the box."""

    def __init__(self, name: str, *, width: float, height: float, tooltip: str = "") -> None:
        super().__init__()
        self.name, self.tooltip = name, tooltip
        self.width, self.height = width, height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        text_field(
            self.canv,
            self.name,
            x=0,
            y=0,
            width=self.width,
            height=self.height,
            tooltip=self.tooltip,
        )
