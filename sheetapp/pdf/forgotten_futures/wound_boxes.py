"""The wounds record: five labelled boxes, B F I I C, ticked as the character is hurt."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.pdf.fonts import BOLD
from sheetapp.pdf.kit.direction import anchored, placed
from sheetapp.pdf.kit.forms import check_box, field_name
from sheetapp.pdf.kit.lines import draw_string
from sheetapp.pdf.kit.style import INK, LINE, MUTED
from sheetapp.systems.forgotten_futures.wounds import BOXES

BOX = 6.5 * mm
LETTER_SIZE = 9


class WoundBoxes(Flowable):
    """The record's five boxes spread across ``width``, each with its letter before it.

    ``ticked`` marks boxes with a cross (a filled record); ``fields`` names checkbox fields
    for a fillable blank.
    """

    def __init__(
        self,
        *,
        width: float,
        ticked: Mapping[str, bool] | None = None,
        fields: str | None = None,
    ) -> None:
        super().__init__()
        # each letter and box in its fifth of the width, the box smaller where the fifth
        # is narrow (a large-print page), so no letter touches the box before it
        self.box = max(min(BOX, width / len(BOXES) - 4.5 * mm), 4 * mm)
        self.width, self.height = width, self.box
        self.ticked = ticked or {}
        self.fields = fields

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        each, box = self.width / len(BOXES), self.box
        c.saveState()
        for i, (key, letter, _) in enumerate(BOXES):
            x = i * each + (each - box - 4 * mm) / 2
            c.setFillColor(MUTED)
            # the letter before its box: on its right, right to left
            letter_x, align = anchored(x + 3 * mm, "right", self.width)
            y = (box - LETTER_SIZE * 0.7) / 2
            draw_string(c, letter_x, y, letter, BOLD, LETTER_SIZE, align=align)
            box_x = placed(x + 4 * mm, box, self.width)
            c.setStrokeColor(LINE)
            c.setLineWidth(0.9)
            c.rect(box_x, 0, box, box, stroke=1, fill=0)
            if self.ticked.get(key):
                c.setStrokeColor(INK)
                c.setLineWidth(1.4)
                inset = 1.3 * mm
                c.line(box_x + inset, inset, box_x + box - inset, box - inset)
                c.line(box_x + inset, box - inset, box_x + box - inset, inset)
        c.restoreState()
        if self.fields:
            for i, (key, _, name) in enumerate(BOXES):
                x = placed(i * each + (each - self.box - 4 * mm) / 2 + 4 * mm, self.box, self.width)
                check_box(c, field_name(self.fields, key), x=x, y=0, size=self.box, tooltip=name)
