"""The Table panel's round: the next round (by the rules, by dice typed at the table, or,
for combatants of several systems, as the GM says), the next turn, conditions, the
advantage check and a restart. Each is one undoable step (``table_step``); the panel
(``TablePanel``) supplies the encounter, the table and the redraw."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from sheetapp.dice import Roller
from sheetapp.i18n import N_, _
from sheetapp.play import tracker
from sheetapp.play.encounter import Encounter, MixedSystems
from sheetapp.play.table import Table
from sheetapp.ui.library.conditions_dialog import ConditionsDialog
from sheetapp.ui.library.dialog_parts import answer
from sheetapp.ui.library.encounter_chooser import EncounterChooser
from sheetapp.ui.library.encounter_dialogs import AdvantageDialog, InitiativeDiceDialog
from sheetapp.ui.library.session import LibrarySession
from sheetapp.ui.library.table_steps import PLAY_ERRORS, table_step


class RoundSteps:
    """The round's buttons of the Table panel (a part of ``TablePanel``, which
    holds these and the redraw; a module of its own so the panel stays one screenful of
    layout and showing)."""

    session: LibrarySession
    table: Table | None
    chooser: EncounterChooser
    encounter: Encounter
    roller: Roller

    @table_step(N_("Next round"))
    def next_round(self) -> None:
        table = self.table
        if table is None:
            return
        try:
            self.encounter = table.next_round(self.encounter, self.roller)
        except MixedSystems as exc:
            self._mixed_round(str(exc))
            return
        except PLAY_ERRORS as exc:
            QMessageBox.warning(self, _("No next round"), str(exc))
            return
        self.chooser.save(self.encounter)
        self.redraw()

    def _mixed_round(self, why: str) -> None:
        """Combatants of several systems: the GM types each one's initiative or orders
        the round by hand, one button each (this runs inside the Next Round step)."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(_("Next Round"))
        box.setText(why)
        typed = box.addButton(_("Type Initiative…"), QMessageBox.ButtonRole.AcceptRole)
        by_hand = box.addButton(_("Order by Hand"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(typed)
        box.exec()
        if box.clickedButton() is typed:
            self._typed_round()
        elif box.clickedButton() is by_hand and self.table is not None:
            table = self.table
            self._apply(
                _("No next round"),
                lambda: table.next_round(
                    self.encounter.model_copy(update={"ordered_by_hand": True}), self.roller
                ),
            )

    @table_step(N_("Next turn"))
    def next_turn(self) -> None:
        """The next in the round's order acts; after the last, the next round starts."""
        if tracker.last_turn(self.encounter):
            self.next_round()
            return
        self._apply(_("No next turn"), lambda: tracker.next_turn(self.encounter))

    @table_step(N_("Conditions"))
    def edit_conditions(self) -> None:
        key = self.selected_key()
        if key is None:
            return
        combatant = self.encounter.combatant(key)
        dialog = ConditionsDialog(combatant.name or key, combatant.conditions, self)
        changes = answer(dialog, ConditionsDialog.changes)
        if changes is None:
            return
        removed, added = changes

        def changed() -> Encounter:
            encounter = self.encounter
            for name in removed:
                encounter = tracker.remove_condition(encounter, key, name)
            for name, rounds in added:
                encounter = tracker.add_condition(encounter, key, name, rounds)
            return encounter

        self._apply(_("Conditions not changed"), changed)
        self._select(key)

    @table_step(N_("Next round"))
    def next_round_typed(self) -> None:
        self._typed_round()

    def _typed_round(self) -> None:
        table = self.table
        if table is None:
            return
        encounter = self.encounter
        if table.mixed(encounter) and not encounter.by_hand:
            entries = [(c.key, c.name or c.key) for c in encounter.combatants if not c.out]
            hint = (
                _("Each combatant's initiative as a number, rolled at the table by its own "
                "system's rule; the higher acts first.")
            )
        elif encounter.personal:
            entries = [(c.key, c.name or c.key) for c in encounter.combatants if not c.out]
            hint = (
                _("Each combatant's own initiative as rolled at the table (successes, or a "
                "result such as 'good').")
            )
        else:
            entries = [(s, s) for s in encounter.sides() if encounter.active(s)]
            die = self._support().initiative_die
            hint = _("Each side's d{die}; the app adds the side's best modifier.").format(die=die)
        rolls = answer(InitiativeDiceDialog(entries, hint, self), InitiativeDiceDialog.rolls)
        if rolls is None:
            return
        self._apply(
            _("No next round"), lambda: table.next_round(self.encounter, self.roller, rolls=rolls)
        )

    @table_step(N_("Advantage check"))
    def check_advantage(self) -> None:
        table = self.table
        if table is None:
            return
        choice = answer(
            AdvantageDialog(self.encounter.sides(), self.roller, self), AdvantageDialog.choice
        )
        if choice is None:
            return
        first, second, first_roll, second_roll = choice
        if first == second:
            QMessageBox.warning(self, _("No advantage check"), _("Choose two different sides."))
            return
        self._apply(
            _("No advantage check"),
            lambda: table.check_advantage(self.encounter, first, second, first_roll, second_roll),
        )

    @table_step(N_("Restart the encounter"))
    def restart(self) -> None:
        self._apply(
            _("Not restarted"),
            lambda: self.encounter.model_copy(
                update={
                    "round": 0,
                    "rolls": (),
                    "own_rolls": (),
                    "turns": (),
                    "turn": 0,
                    "opening": None,
                    "ordered_by_hand": False,
                }
            ),
        )
