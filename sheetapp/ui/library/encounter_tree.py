"""The encounter as a list: before round 1 the combatants by side, then the round's steps
in order, each headed with why it comes then, and those out of the fight last. Each
combatant shows its tracks and condition as read from the library for this redraw."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFont, QIcon, QPainter, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.play.damage import TrackState
from sheetapp.play.encounter import Combatant, Encounter
from sheetapp.play.tracker import condition_text
from sheetapp.ui.library.encounter_text import turn_heading

KeyRole = Qt.ItemDataRole.UserRole + 1
NowRole = Qt.ItemDataRole.UserRole + 2  # True on the step (or by hand, the one) acting now
NAME, TRACKS, CONDITION = range(3)


@dataclass(frozen=True)
class Standing:
    """A library combatant's tracks and condition as read for one redraw."""

    tracks: tuple[TrackState, ...]
    condition: str
    missing: str = ""  # why the sheet could not be read (deleted for good...)


def tracks_text(states: tuple[TrackState, ...], marks: Collection[str] = ()) -> str:
    """Every track as current over maximum, for the encounter list; a mark (``marks``:
    knocked out, killed) only by its name, when it is set.

    >>> tracks_text((TrackState("stamina", "Stamina", 25, 6), TrackState("body", "Body", 7)))
    'Stamina 19/25 · Body 7/7'
    >>> tracks_text((TrackState("w", "Wounds", 4), TrackState("k", "Killed", 1, 1)), {"k"})
    'Wounds 4/4 · Killed'
    """
    return " · ".join(
        s.label if s.key in marks else f"{s.label} {s.current}/{s.maximum}"
        for s in states
        if s.key not in marks or s.taken
    )


class EncounterTree(QTreeWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("encounter")
        self.setHeaderLabels([_("Combatant"), _("Tracks"), _("Condition")])
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setUniformRowHeights(True)
        header = self.header()
        header.setStretchLastSection(False)
        header.resizeSection(NAME, 230)
        header.setSectionResizeMode(TRACKS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(CONDITION, QHeaderView.ResizeMode.ResizeToContents)
        self.encounter = Encounter()
        self._standing: Mapping[str, Standing] = {}
        self._marks: Callable[[int], Collection[str]] = lambda _sheet_id: ()

    def show_encounter(
        self,
        encounter: Encounter,
        standing: Mapping[str, Standing],
        marks: Callable[[int], Collection[str]],
    ) -> None:
        """Draw ``encounter``; ``standing`` by combatant key, ``marks`` the mark keys of a
        sheet's system. The selected combatant stays selected."""
        key = self.selected_key()
        self.encounter, self._standing, self._marks = encounter, standing, marks
        self.clear()
        if encounter.by_hand and encounter.combatants:
            now = encounter.current_turn
            for position, hand_key in enumerate(encounter.hand_order, start=1):
                item = self._item(encounter.combatant(hand_key), f"{position}. ")
                if now is not None and hand_key in now.keys:
                    item.setData(0, NowRole, True)
                    item.setIcon(0, self._now_icon())
                self.addTopLevelItem(item)
        else:
            self._add_groups()
        self.expandAll()
        self.select(key)

    def selected_key(self) -> str | None:
        item = self.currentItem()
        return item.data(0, KeyRole) if item is not None else None

    def select(self, key: str | None) -> None:
        if key is None:
            return
        for item in self._combatant_items():
            if item.data(0, KeyRole) == key:
                self.setCurrentItem(item)
                return

    def _combatant_items(self) -> list[QTreeWidgetItem]:
        found = []
        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            if top.data(0, KeyRole) is not None:
                found.append(top)
            found += [top.child(j) for j in range(top.childCount())]
        return found

    def _add_groups(self) -> None:
        """Before round 1 the combatants by side; then the round's steps in order, each
        saying why it comes then, and those out of the fight last."""
        encounter = self.encounter
        if not encounter.turns:
            for side in encounter.sides():
                members = [c for c in encounter.combatants if c.side == side]
                self._group(side, members, acting=True)
            return
        placed: set[str] = set()
        now = encounter.current_turn
        for position, turn in enumerate(encounter.turns, start=1):
            members = [encounter.combatant(k) for k in turn.keys]
            heading = turn_heading(encounter, turn, position)
            self._group(heading, members, acting=turn.acts, now=turn is now)
            placed.update(turn.keys)
        rest = [c for c in encounter.combatants if c.key not in placed]
        if rest:
            self._group(_("Out of the fight"), rest, acting=False)

    def _group(
        self, heading: str, members: list[Combatant], *, acting: bool, now: bool = False
    ) -> None:
        """``now``: the step acting now, marked with an arrow (the round line names it)."""
        group = QTreeWidgetItem([heading])
        group.setToolTip(0, heading)  # elided in a narrow dock; the whole reason on hover
        group.setData(0, NowRole, now)
        if now:
            group.setIcon(0, self._now_icon())
        font = QFont(group.font(0))
        font.setBold(True)
        group.setFont(0, font)
        group.setFlags(Qt.ItemFlag.ItemIsEnabled)
        if not acting:
            group.setForeground(0, self.palette().placeholderText())
        self.addTopLevelItem(group)
        group.setFirstColumnSpanned(True)  # only once in the tree: before, Qt ignores it
        for combatant in members:
            group.addChild(self._item(combatant))

    def _now_icon(self) -> QIcon:
        """An arrow in the text's own colour, so it reads in the light and dark themes."""
        size = self.fontMetrics().height()
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.palette().text())
        third = size / 4
        painter.drawPolygon(
            QPolygonF([QPointF(third, third), QPointF(size - third, size / 2),
                       QPointF(third, size - third)])
        )  # fmt: skip
        painter.end()
        return QIcon(pixmap)

    def _item(self, combatant: Combatant, prefix: str = "") -> QTreeWidgetItem:
        standing = self._standing.get(combatant.key) if combatant.sheet_id else None
        if standing is None:
            tracks, condition = "", _("out") if combatant.out else ""
        elif standing.missing:
            tracks, condition = "", _("not in the library")
        else:
            marks = self._marks(combatant.sheet_id)
            tracks = tracks_text(standing.tracks, marks)
            condition = standing.condition or (_("out") if combatant.out else "")
        condition = ", ".join(
            [condition] * bool(condition) + [condition_text(c) for c in combatant.conditions]
        )
        item = QTreeWidgetItem([prefix + combatant.name, tracks, condition])
        item.setData(0, KeyRole, combatant.key)
        modifier = (
            ""
            if combatant.modifier is None
            else _("; initiative {modifier:+d}").format(modifier=combatant.modifier)
        )
        item.setToolTip(0, f"{combatant.name} ({combatant.side}{modifier})")
        item.setToolTip(TRACKS, tracks)
        item.setToolTip(CONDITION, standing.missing if standing and standing.missing else condition)
        if combatant.out:
            for column in range(3):
                item.setForeground(column, self.palette().placeholderText())
        return item
