"""Parts of a sheet printed whole when they can be, without wasting the page they leave.

Platypus's ``KeepTogether`` moves its content to the next page whenever it does not fit
what is left of this one, however much that is: a reference chart a little taller than the
room left would leave most of a page empty. Here a part is moved whole only when the room
it leaves behind is at most a third of the page; with more room than that it starts here
and splits where its own flowables can (tables under their repeated header, panels with
their title continued).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable, KeepTogether

from sheetapp.pdf.kit.document import Layout

LARGEST_GAP = 1 / 3  # of the frame's height: the most a page may leave empty to keep a part whole


class KeptTogether(KeepTogether):
    """``KeepTogether`` that moves its content to the next page only when doing so leaves
    at most ``gap`` points empty here."""

    def __init__(self, flowables: Sequence[Flowable], *, gap: float) -> None:
        super().__init__(list(flowables))
        self.gap = gap

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        if available_height > self.gap and self._starts(available_width, available_height):
            return list(self._content)  # start here; each part splits as it can
        return super().split(available_width, available_height)

    def _starts(self, available_width: float, available_height: float) -> bool:
        """Whether the first part fits here whole (platypus places the first of a split's
        parts without splitting it again): one that does not (a row of panels, on a
        large-print page) moves the whole to the next page instead of failing the print."""
        first = self._content[0]
        return first.wrap(available_width, available_height)[1] <= available_height


def kept_together(flowables: Sequence[Flowable], layout: Layout) -> KeptTogether:
    """``flowables`` on one page when that wastes at most a third of the one before."""
    return KeptTogether(flowables, gap=layout.frame_height * LARGEST_GAP)
