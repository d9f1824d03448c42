"""Fillable AcroForm fields, placed inside flowables (``relative=True``).

The PDF form machinery can only name the standard 14 fonts, so a fillable field shows what
is typed in Helvetica: Latin text only. The printed labels around it use our TrueType
family. Fields have no border or fill of their own: the box drawn around them is the
look, so a fillable sheet printed empty looks like the plain blank.
"""

from __future__ import annotations

import re

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from sheetapp.pdf.fonts import FORM_FONT
from sheetapp.pdf.kit.style import INK

# A field name is one PDF "partial name": no periods, which would make it a hierarchy.
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def field_name(*parts: object) -> str:
    """A form field name from parts: ``field_name("skill", 3, "chance")`` -> skill_3_chance."""
    return "_".join(_UNSAFE.sub("-", str(p)).strip("-") for p in parts if str(p))


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
    size: float = 9,
) -> None:
    """A text field at (x, y) in the current flowable's coordinates."""
    canvas.acroForm.textfield(
        name=name,
        tooltip=tooltip or None,
        x=x,
        y=y,
        width=width,
        height=height,
        relative=True,
        borderWidth=0,
        fillColor=None,
        textColor=INK,
        fontName=FORM_FONT,
        fontSize=0 if multiline else size,  # 0: the viewer fits the text to the box
        fieldFlags="multiline" if multiline else "",
        maxlen=0 if multiline else 200,
    )


def check_box(
    canvas: Canvas, name: str, *, x: float, y: float, size: float, tooltip: str = ""
) -> None:
    """A tick box at (x, y); ticking shows a cross, like a pencil mark."""
    canvas.acroForm.checkbox(
        name=name,
        tooltip=tooltip or None,
        x=x,
        y=y,
        size=size,
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

    def __init__(
        self, name: str, *, width: float, height: float, tooltip: str = "", size: float = 8.5
    ) -> None:
        super().__init__()
        self.name, self.tooltip, self.size = name, tooltip, size
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
            size=self.size,
        )
