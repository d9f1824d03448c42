"""Play at the table: the encounter in order, and each combatant's damage tracks.

The encounter is a value from ``sheetapp.play.encounter``; every change makes a new one,
which is saved in the library at once (with the damage, which the library keeps per
sheet), so closing the app and coming back finds the fight as it was. ``Table`` applies
the systems' rules: tracks, where hits land, initiative and the advantage check.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from sheetapp.dice import Roller
from sheetapp.i18n import N_, _, pgettext
from sheetapp.play import encounter as enc
from sheetapp.play.encounter import Combatant, Encounter
from sheetapp.play.support import GENERIC, GmSupport, gm_support
from sheetapp.play.table import Table
from sheetapp.plural import counted
from sheetapp.storage.library import LibraryError
from sheetapp.storage.library.changes import LibraryChanges
from sheetapp.ui.elided_label import ElidedLabel
from sheetapp.ui.library.encounter_chooser import EncounterChooser
from sheetapp.ui.library.encounter_text import (
    opening_text,
    party_standing,
    public_lines,
    round_text,
)
from sheetapp.ui.library.encounter_tree import EncounterTree, Standing
from sheetapp.ui.library.session import LibrarySession
from sheetapp.ui.library.table_damage import DamageSteps
from sheetapp.ui.library.table_rounds import RoundSteps
from sheetapp.ui.library.table_steps import PLAY_ERRORS, table_step
from sheetapp.ui.library.track_panel import TrackPanel, fitted


class TablePanel(RoundSteps, DamageSteps, QWidget):
    """``open_requested`` carries library ids to open in tabs."""

    open_requested = Signal(list)
    shown = Signal()  # the encounter as shown changed (redrawn)

    def __init__(self, session: LibrarySession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("table_panel")
        self.session = session
        self.table = Table(session.library) if session.library is not None else None
        self.roller = Roller()  # tests put a seeded one here
        self._standing: dict[str, Standing] = {}

        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 4, 6, 4)
        outer.setSpacing(4)
        self.notice = QLabel(objectName="table_notice")
        self.notice.setWordWrap(True)
        self.notice.setProperty("role", "hint")
        outer.addWidget(self.notice)
        outer.addLayout(self._round_row())
        self.split = split = QSplitter(Qt.Orientation.Horizontal, self)
        split.setChildrenCollapsible(False)
        outer.addWidget(split, 1)
        left = QWidget(split)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(4)
        self.round_label = ElidedLabel(objectName="round")
        font = self.round_label.font()
        font.setBold(True)
        self.round_label.setFont(font)
        column.addWidget(self.round_label)
        self.opening = ElidedLabel(objectName="opening")
        column.addWidget(self.opening)
        self.tree = EncounterTree(self)
        self.tree.setMinimumHeight(60)
        self.tree.currentItemChanged.connect(lambda *_unused: self._show_selected())
        self.tree.itemDoubleClicked.connect(lambda *_unused: self._open_selected())
        column.addWidget(self.tree, 1)
        column.addLayout(self._combatant_row())
        self.tracks = TrackPanel(split)
        self.tracks.hurt_requested.connect(self.hurt)
        self.tracks.heal_requested.connect(self.heal)
        self.tracks.result_requested.connect(self.hit_result)
        self.tracks.recover_requested.connect(self.recover)
        self.tracks.open_requested.connect(self._open_selected)
        self.tracks.character_requested.connect(self.choose_character)
        self.tracks.attack_requested.connect(self.attack)
        split.addWidget(left)
        split.addWidget(self.tracks)
        # Each pane's least width is fixed once, with every row it may show: what a
        # selection shows or hides then never moves the divider or widens the dock.
        left.setMinimumWidth(left.minimumSizeHint().width())
        self.tracks.setMinimumWidth(self._widest(self.tracks))
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([600, 640])
        self.chooser.load_latest()
        session.changed.connect(self._library_changed)

    @property
    def encounter(self) -> Encounter:
        """The encounter shown (the chooser keeps it and saves it)."""
        return self.chooser.encounter

    @encounter.setter
    def encounter(self, encounter: Encounter) -> None:
        self.chooser.encounter = encounter

    # --- building ---------------------------------------------------------------------------

    def _button(self, text: str, name: str, tip: str, slot) -> QPushButton:
        button = QPushButton(text, objectName=name)
        button.setToolTip(tip)
        button.setProperty("tip", tip)
        button.clicked.connect(lambda _c=False: slot())
        return button

    @staticmethod
    def _widest(panel: TrackPanel) -> int:
        """The track panel's least width with its widest rows (attack, playing as) shown."""
        hidden = [w for w in (*panel._attack_widgets, *panel._character_widgets) if w.isHidden()]
        for widget in hidden:
            widget.setVisible(True)
        width = panel.minimumSizeHint().width()
        for widget in hidden:
            widget.setVisible(False)
        return width

    def _round_row(self) -> QHBoxLayout:
        """The encounter shown and the round's buttons, across the whole dock."""
        row = QHBoxLayout()
        self.chooser = EncounterChooser(self.session, self.table, self)
        self.chooser.changed.connect(self.redraw)
        self.choice, self.new_button = self.chooser.combo, self.chooser.new_button
        row.addWidget(self.chooser, 1)
        row.addSpacing(12)
        self.next_button = self._button(
            _("Next Round"),
            "next_round",
            _("Roll each side's initiative by the system's rules and order the round"),
            self.next_round,
        )
        self.turn_button = self._button(
            _("Next Turn"),
            "next_turn",
            _("The next in the round's order acts (after the last: Next Round)"),
            self.next_turn,
        )
        self.typed_button = self._button(
            _("Typed Dice…"),
            "typed_dice",
            _("Next round with the initiative dice rolled at the table"),
            self.next_round_typed,
        )
        self.advantage_button = self._button(
            _("Advantage…"),
            "advantage",
            _("Before round 1: each side checks its best Psyche to see who is forewarned"),
            self.check_advantage,
        )
        self.restart_button = self._button(
            _("Restart"),
            "restart",
            _("Back to before round 1, keeping the combatants"),
            self.restart,
        )
        for widget in (
            self.next_button,
            self.turn_button,
            self.typed_button,
            self.advantage_button,
            self.restart_button,
        ):
            row.addWidget(widget)
        return row

    def _combatant_row(self) -> QHBoxLayout:
        """What is done to the selected combatant, under the list it is chosen in."""
        row = QHBoxLayout()
        self.event_button = self._button(
            _("Add Event…"),
            "add_event",
            _("Something outside either side's control (a fuse, a collapsing roof): rolls 1d10"),
            self.add_event,
        )
        self.side_button = self._button(
            _("Side…"),
            "change_side",
            _("Move the selected combatant to another side"),
            self.change_side,
        )
        self.conditions_button = self._button(
            _("Conditions…"),
            "conditions",
            _("What the selected combatant suffers for a number of rounds (stunned, on fire)"),
            self.edit_conditions,
        )
        self.remove_button = self._button(
            _("Remove"),
            "remove_combatant",
            _("Take the selected combatant out of the encounter"),
            self.remove,
        )
        self.up_button = self._button(
            "▲", "move_up", _("Earlier in the order (ordered by hand)"), lambda: self.move(-1)
        )
        self.down_button = self._button(
            "▼", "move_down", _("Later in the order (ordered by hand)"), lambda: self.move(1)
        )
        self.up_button.setAccessibleName(_("Move up"))
        self.down_button.setAccessibleName(_("Move down"))
        for widget in (
            self.event_button,
            self.side_button,
            self.conditions_button,
            self.remove_button,
        ):
            row.addWidget(widget)
        row.addStretch(1)
        for widget in (self.up_button, self.down_button):
            fitted(widget, "▲")
            row.addWidget(widget)
        return row

    # --- changing the encounter ------------------------------------------------------------------

    def _apply(self, title: str, change) -> bool:
        """Install ``change()``'s encounter and save it; a refusal is shown with ``title``."""
        try:
            self.encounter = change()
        except PLAY_ERRORS as exc:
            QMessageBox.warning(self, title, str(exc))
            return False
        self.chooser.save(self.encounter)
        self.redraw()
        return True

    @table_step(N_("Add to the encounter"))
    def add_sheets(self, ids: list[int]) -> None:
        library, table = self.session.library, self.table
        if library is None or table is None or not self.session.writable:
            return
        ids = self._again(ids)
        if not ids:
            return

        # A side's name is the encounter's data, named in the language of the GM who
        # started it (as the encounter's own name is).
        npcs, pcs = pgettext("encounter side", "NPCs"), pgettext("encounter side", "PCs")

        def joined() -> Encounter:
            encounter = self.encounter
            for sheet_id in ids:
                side = npcs if library.row(sheet_id).npc else pcs
                encounter = table.join(encounter, sheet_id, side)
            return encounter

        if self._apply(_("Not added"), joined):
            last = self.encounter.combatants[-1].key if self.encounter.combatants else None
            self._select(last)

    def _again(self, ids: list[int]) -> list[int]:
        """``ids`` to add, once the GM said whether sheets already in the fight join a
        second time (two goblins from one sheet) or are left as they are."""
        present = {c.sheet_id: c.name for c in self.encounter.combatants if c.sheet_id}
        twice = [present[i] for i in dict.fromkeys(ids) if i in present]
        if not twice:
            return ids
        names = ", ".join(twice)
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(_("Already in the Encounter"))
        box.setText(
            counted(
                len(twice),
                "{names} is in this encounter already. Add a second one?",
                "{names} are in this encounter already. Add each a second time?",
                names=names,
            )
        )
        box.setInformativeText(_("A second one has its own place in the order and its own side."))
        again = box.addButton(_("Add Again"), QMessageBox.ButtonRole.AcceptRole)
        skip = box.addButton(
            counted(len(twice), "Skip It", "Skip Them"), QMessageBox.ButtonRole.RejectRole
        )
        box.setDefaultButton(skip)
        box.exec()
        if box.clickedButton() is again:
            return ids
        return [i for i in ids if i not in present]

    @table_step(N_("Add an event"))
    def add_event(self) -> None:
        name, ok = QInputDialog.getText(
            self, _("Add Event"), _("What happens (it rolls 1d10 with no modifier):")
        )
        name = name.strip()
        if not ok or not name:
            return
        used = {c.key for c in self.encounter.combatants}
        number = 1
        while f"event-{number}" in used:
            number += 1
        combatant = Combatant(key=f"event-{number}", name=name, side=name, modifier=0)
        self._apply(_("Not added"), lambda: enc.add(self.encounter, combatant))

    @table_step(N_("Change side"))
    def change_side(self) -> None:
        key = self.selected_key()
        if key is None:
            return
        current = self.encounter.combatant(key).side
        sides = self.encounter.sides()
        side, ok = QInputDialog.getItem(
            self, _("Side"), _("Side for this combatant:"), sides, sides.index(current), True
        )
        if ok and side.strip():
            self._apply(_("Not moved"), lambda: enc.change(self.encounter, key, side=side.strip()))
            self._select(key)

    @table_step(N_("Remove from the encounter"))
    def remove(self) -> None:
        key = self.selected_key()
        if key is not None:
            self._apply(_("Not removed"), lambda: enc.remove(self.encounter, key))

    @table_step(N_("Move in the order"))
    def move(self, step: int) -> None:
        key = self.selected_key()
        if key is None:
            return
        position = self.encounter.hand_order.index(key) + step
        self._apply(_("Not moved"), lambda: enc.move(self.encounter, key, position))
        self._select(key)

    # --- showing --------------------------------------------------------------------------------

    def _library_changed(self, changes: LibraryChanges) -> None:
        """Another program, an undo or another view changed the library: the encounter is
        read again when play changed, names and who is out when sheets did."""
        if changes.initiator in (self, self.chooser):
            return
        if changes.play or changes.everything:
            self.chooser.reload()
        if changes.play or changes.everything or changes.changed or changes.trashed:
            self.refresh()

    def refresh(self) -> None:
        """Names, modifiers and who is out, read again from the library."""
        if self.table is not None and self.encounter.combatants:
            try:
                fresh = self.table.refresh(self.encounter)
            except PLAY_ERRORS:
                fresh = self.encounter
            if fresh != self.encounter and self.session.writable:
                self.session.perform(
                    lambda _library: self.chooser.save(fresh),
                    lambda _none: LibraryChanges(play=True, initiator=self),
                )
            elif fresh != self.encounter:
                self.chooser.encounter = fresh  # shown, not stored: the library is read-only
        self.redraw()

    def _support_of(self, sheet_id: int | None) -> GmSupport:
        library = self.session.library
        if sheet_id is None or library is None:
            return GENERIC
        try:
            return gm_support(library.row(sheet_id).system)
        except LibraryError:
            return GENERIC

    def _support(self) -> GmSupport:
        library = self.session.library
        for combatant in self.encounter.combatants:
            if combatant.sheet_id is not None and library is not None:
                try:
                    return gm_support(library.row(combatant.sheet_id).system)
                except LibraryError:
                    continue
        return GENERIC

    def _read_standing(self) -> None:
        self._standing = {}
        library, table = self.session.library, self.table
        if library is None or table is None:
            return
        for combatant in self.encounter.combatants:
            sheet_id, who = combatant.sheet_id, combatant.character
            if sheet_id is None:
                continue
            try:
                self._standing[combatant.key] = Standing(
                    table.tracks(sheet_id, character=who),
                    table.condition(sheet_id, character=who),
                )
            except PLAY_ERRORS as exc:
                self._standing[combatant.key] = Standing((), "", str(exc))

    def redraw(self) -> None:
        self._read_standing()
        self.chooser.refill()
        encounter = self.encounter
        said, before = round_text(encounter), self.round_label.text()
        if before and said != before:
            from sheetapp.ui.announce import announce  # a screen reader hears the turn pass

            announce(self.round_label, said)
        self.round_label.setText(said)
        self.opening.setText(opening_text(encounter.opening))
        self.opening.setVisible(encounter.opening is not None)
        self.tree.show_encounter(
            encounter, self._standing, lambda i: {m.key for m in self._support_of(i).marks}
        )
        self._update_buttons()
        self._show_selected()
        self.shown.emit()

    def public_view(
        self,
    ) -> tuple[str, list[str], dict[int, tuple[str, list[str]]]] | None:
        """The encounter as players may see it (name, lines, and each sheet's name and
        conditions by sheet id: ``party_standing``), None when it has no one."""
        encounter = self.encounter
        if not encounter.combatants:
            return None
        conditions = {key: s.condition for key, s in self._standing.items() if s.condition}
        return (
            encounter.name or _("Encounter"),
            public_lines(encounter, conditions),
            party_standing(encounter, conditions),
        )

    def selected_key(self) -> str | None:
        return self.tree.selected_key()

    def _select(self, key: str | None) -> None:
        self.tree.select(key)

    def _show_selected(self) -> None:
        key = self.selected_key()
        if key is None:
            self.tracks.show_nothing(
                _("Select a combatant to see their damage tracks.")
                if self.encounter.combatants
                else _("Add sheets from the roster (Library ▸ Add to Encounter) to start.")
            )
            self._update_buttons()
            return
        combatant = self.encounter.combatant(key)
        standing = self._standing.get(combatant.key) if combatant.sheet_id else None
        if standing is None or standing.missing:
            nothing = _("{name} has no sheet: nothing to track.").format(name=combatant.name)
            self.tracks.show_nothing(standing.missing if standing else nothing)
            self.tracks.title.setText(combatant.name)
        else:
            support = self._support_of(combatant.sheet_id)
            self.tracks.show_tracks(
                combatant.name,
                standing.tracks,
                standing.condition,
                writable=self.session.writable,
                unit=support.amount_label,
                results=support.results,
                marks={m.key for m in support.marks},
            )
            self.tracks.show_attack(
                support.attack_areas if support.attack else (), writable=self.session.writable
            )
            if self.table is not None and combatant.sheet_id is not None:
                with contextlib.suppress(*PLAY_ERRORS):
                    choices = self.table.characters(combatant.sheet_id)
                    self.tracks.show_characters(choices, combatant.character)
        self._update_buttons()

    def _update_buttons(self) -> None:
        writable = self.session.writable
        reason = self.session.why_read_only()
        encounter = self.encounter
        selected = self.selected_key() is not None
        has_people = any(not c.out for c in encounter.combatants)
        support = self._support()
        can_check = support.advantage is not None and len(encounter.sides()) > 1
        states = (
            (self.next_button, has_people),
            (self.turn_button, has_people and encounter.round > 0),
            (self.typed_button, has_people and not encounter.by_hand),
            (self.advantage_button, encounter.round == 0 and can_check),
            (self.restart_button, encounter.round > 0 or encounter.opening is not None),
            (self.event_button, True),
            (self.side_button, selected),
            (self.conditions_button, selected),
            (self.remove_button, selected),
            (self.up_button, selected and encounter.by_hand),
            (self.down_button, selected and encounter.by_hand),
        )
        for button, enabled in states:
            button.setEnabled(writable and enabled)
            tip = button.property("tip")
            button.setToolTip(reason if reason and not writable else tip)
        self.chooser.update_state(writable, reason)
        lines = (
            [_("{reason} Play at the table is shown but not changed.").format(reason=reason)]
            if reason
            else []
        )
        lines += self.chooser.unreadable
        self.notice.setText("\n".join(lines))
        self.notice.setVisible(bool(lines))

    def _open_selected(self) -> None:
        sheet_id = self._selected_sheet()
        if sheet_id is not None:
            self.open_requested.emit([sheet_id])
