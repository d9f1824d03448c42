"""The four durability tracks as rows of boxes: click a box to mark up to it (click the last
marked box to unmark it); every click is one undoable edit."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QWidget

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Track, label
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument

GROUP = 5  # a little gap after every fifth box, so a count reads at a glance
TIPS = TranslatedTable({
    Track.STUN: N_("Bumps and bruises; all of it fades when the scene ends. Full: knocked out, "
    "and every 2 more stun in one attack become 1 wound."),
    Track.WOUND: N_("Lasting injury. Every 2 wound in one attack also bring 1 stun. Full: knocked "
    "out, and every 2 more wound in one attack become 1 mortal."),
    Track.MORTAL: N_("Life-threatening: any mark means dying, +1 step per box; the last box is "
    "death. Every 2 mortal in one attack also bring 1 wound and 1 stun."),
    Track.FATIGUE: N_("Exhaustion: +1 step per box. Full: a Resolve-physical resolve check or "
    "collapse, and any further fatigue knocks the hero out."),
})


class TracksView(QWidget):
    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.rows: dict[Track, QHBoxLayout] = {}
        self.boxes: dict[Track, list[QCheckBox]] = {}
        self.counts: dict[Track, QLabel] = {}
        for row, track in enumerate(Track):
            name = QLabel(f"<b>{label(track)}</b>")
            name.setToolTip(TIPS[track])
            self.grid.addWidget(name, row, 0)
            boxes = QHBoxLayout()
            boxes.setSpacing(2)
            holder = QWidget(objectName=f"track_{track.value}")
            holder.setLayout(boxes)
            holder.setToolTip(TIPS[track])
            fields.add(("damage", track.value), holder, TIPS[track])
            self.grid.addWidget(holder, row, 1)
            count = QLabel(objectName=f"count_{track.value}")
            count.setProperty("role", "figure")
            count.setToolTip(
                _("{label} boxes marked of the boxes the hero has.").format(label=label(track))
            )
            self.grid.addWidget(count, row, 2)
            self.rows[track], self.boxes[track], self.counts[track] = boxes, [], count
        self.grid.setColumnStretch(1, 1)

    def show_sheet(self, sheet: AlternitySheet) -> None:
        f = sheet_figures(sheet)
        for track in Track:
            most, marked = f.durability[track.value], f.damage[track.value]
            self._ensure(track, max(most or 0, marked))
            for i, box in enumerate(self.boxes[track]):
                with QSignalBlocker(box):
                    box.setChecked(i < marked)
            self.counts[track].setText(
                _("{marked} of {most}").format(marked=marked, most=most)
                if most is not None
                else _("needs Constitution")
            )

    def _ensure(self, track: Track, count: int) -> None:
        """Exactly ``count`` boxes in the track's row."""
        boxes, row = self.boxes[track], self.rows[track]
        if len(boxes) == count:
            return
        while row.count():
            item = row.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        boxes.clear()
        for i in range(count):
            if i and i % GROUP == 0:
                row.addSpacing(6)
            box = QCheckBox(objectName=f"{track.value}_box_{i + 1}")
            box.setToolTip(_("{label} box {value}").format(label=label(track), value=i + 1))
            box.clicked.connect(lambda _on=False, t=track, n=i + 1: self._clicked(t, n))
            row.addWidget(box)
            box.show()  # at once: a layout shows new children only on the next event loop
            boxes.append(box)
        row.addStretch(1)

    def _clicked(self, track: Track, number: int) -> None:
        marked = getattr(self.document.sheet.damage, track.value)
        value = number - 1 if marked == number else number
        self.document.edit(
            ("damage", track.value), value, _("Mark {value} boxes").format(value=track.value)
        )
