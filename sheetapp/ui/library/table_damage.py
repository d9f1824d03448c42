"""The Table panel's damage: a hit, a named result, an attack roll read by the rules,
healing and recovery on the selected combatant, each one undoable step; the table-play
layer applies the system's rules and the panel shows what landed where."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox

from sheetapp.i18n import N_, _
from sheetapp.play import encounter as enc
from sheetapp.play.damage import Hit
from sheetapp.play.encounter import Encounter
from sheetapp.play.table import Table
from sheetapp.storage.library import LibraryError
from sheetapp.ui.library.encounter_chooser import EncounterChooser
from sheetapp.ui.library.encounter_text import amount_text, hit_text
from sheetapp.ui.library.session import LibrarySession
from sheetapp.ui.library.table_steps import PLAY_ERRORS, table_step
from sheetapp.ui.library.track_panel import TrackPanel


class DamageSteps:
    """The damage buttons of the Table panel (a part of ``TablePanel``, which
    holds these and the redraw; a module of its own so the panel stays one screenful of
    layout and showing)."""

    session: LibrarySession
    table: Table | None
    chooser: EncounterChooser
    encounter: Encounter
    tracks: TrackPanel

    def _selected_sheet(self) -> int | None:
        key = self.selected_key()
        return self.encounter.combatant(key).sheet_id if key is not None else None

    def _selected_character(self) -> int | None:
        """Which character of the selected sheet is in the fight (None: the system's)."""
        key = self.selected_key()
        return self.encounter.combatant(key).character if key is not None else None

    @table_step(N_("Choose the character"))
    def choose_character(self, index: int) -> None:
        """Play the selected sheet as its character ``index`` from now on."""
        key, table = self.selected_key(), self.table
        if key is None or table is None:
            return
        self._apply(
            _("Not changed"),
            lambda: table.refresh(enc.change(self.encounter, key, character=index)),
        )
        self._select(key)

    @table_step(N_("Damage"))
    def hurt(self, track: str, amount: int) -> None:
        sheet_id, table, who = self._selected_sheet(), self.table, self._selected_character()
        if sheet_id is None or table is None:
            return
        unit = self._support_of(sheet_id).amount_label
        self._land(
            amount_text(amount, unit),
            lambda: table.hurt(sheet_id, track, amount, character=who),
        )

    @table_step(N_("Damage"))
    def hit_result(self, track: str, result: str) -> None:
        """One of the system's named results (a knockout, a kill) landed as the rules say."""
        sheet_id, table, who = self._selected_sheet(), self.table, self._selected_character()
        if sheet_id is not None and table is not None:
            self._land(
                _("Result {result}").format(result=result),
                lambda: table.hit(sheet_id, track, result, character=who),
            )

    @table_step(N_("Attack"))
    def attack(self, roll: int, chance: int, lethality: int, area: str) -> None:
        """An attack roll read by the rules; on a hit, n lands where it says."""
        sheet_id, table, who = self._selected_sheet(), self.table, self._selected_character()
        if sheet_id is None or table is None:
            return
        damage = self.tracks.amount.value()
        try:
            labels = {s.key: s.label for s in table.tracks(sheet_id, character=who)}
            where, hit = table.attack(
                sheet_id, roll, chance, lethality, area, damage, character=who
            )
        except PLAY_ERRORS as exc:
            QMessageBox.warning(self, _("No damage taken"), str(exc))
            return
        if hit is None:
            self.tracks.show_result(
                _("Roll {roll} against {chance}: a miss").format(roll=roll, chance=chance)
            )
            return
        what = _("Roll {roll} against {chance} hits {lower}: ").format(
            roll=roll, chance=chance, lower=labels.get(where, where).lower()
        ) + (amount_text(damage, self._support_of(sheet_id).amount_label))
        self._after_damage(hit_text(what, hit, labels))

    def _land(self, what: str, landing: Callable[[], Hit]) -> None:
        sheet_id, table, who = self._selected_sheet(), self.table, self._selected_character()
        if sheet_id is None or table is None:
            return
        try:
            labels = {s.key: s.label for s in table.tracks(sheet_id, character=who)}
            hit = landing()
        except PLAY_ERRORS as exc:
            QMessageBox.warning(self, _("No damage taken"), str(exc))
            return
        self._after_damage(hit_text(what, hit, labels))

    @table_step(N_("Heal"))
    def heal(self, track: str, amount: int) -> None:
        sheet_id, table, who = self._selected_sheet(), self.table, self._selected_character()
        if sheet_id is None or table is None:
            return
        try:
            table.heal(sheet_id, track, amount, character=who)
        except PLAY_ERRORS as exc:
            QMessageBox.warning(self, _("Not healed"), str(exc))
            return
        self._after_damage(_("Healed {amount} (never past the maximum)").format(amount=amount))

    @table_step(N_("Recover"))
    def recover(self) -> None:
        sheet_id, table, who = self._selected_sheet(), self.table, self._selected_character()
        if sheet_id is None or table is None:
            return
        try:
            table.recover(sheet_id, character=who)
        except LibraryError as exc:
            QMessageBox.warning(self, _("Not recovered"), str(exc))
            return
        self._after_damage(_("Every track back to its maximum"))

    def _after_damage(self, text: str) -> None:
        key = self.selected_key()
        if self.table is not None:
            with contextlib.suppress(*PLAY_ERRORS):
                self.encounter = self.table.refresh(self.encounter)  # who is out now
        self.chooser.save(self.encounter)
        self.redraw()
        self._select(key)
        self.tracks.show_result(text)
