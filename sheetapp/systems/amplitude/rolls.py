"""Rolling an Amplitude action from the sheet: 4dF for the Player's Total Roll (the column)
and 4dF for the final Amp (the row), read on the Outcome Table.

A skill or weapon rolled straight from its row goes against a DB of 0 at a standard base
task Amp of 4 (the Chances tab sets any other action up); the wound's penalty joins the
Player's Total Roll as it does in the odds.

>>> check = ActionCheck("Brawl", ob=2, db=0, amp=4)
>>> check.read([1, 0, 0, 1], [0, 0, -1, 1]).result  # column +4, Amp 4
'QO 9'
>>> check.read([0, 0, 0, 0], [-1, -1, -1, -1]).result  # Amp 0: no table row
'Automatic failure'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from sheetapp.i18n import N_, _
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.amplitude.names import PENALTIES
from sheetapp.systems.amplitude.odds import action_odds, check_odds
from sheetapp.systems.amplitude.outcome_table import (
    OUTCOMES,
    column_of,
    outcome,
    quality,
    row_of,
)
from sheetapp.systems.amplitude.wounds import ACTION_CHECK_AMP, ACTION_CHECK_QO, penalty
from sheetapp.systems.rolls import Reading, Unrollable

if TYPE_CHECKING:
    from sheetapp.dice import Roller

STANDARD_AMP = 4  # the lower end of the text's standard tasks
AUTO_FAIL = N_("Automatic failure")


def outcome_name(cell: str) -> str:
    """A cell of the table as the text names it: the outcome keys of an action's odds."""
    if cell == "U":
        return _("U (unconscious)")
    if cell == "K":
        return _("K (killed)")
    if cell == "0":
        return _("0 (no effect)")
    return _("QO {cell}").format(cell=cell)


def _faces(faces: Sequence[int]) -> str:
    return " ".join({1: "+", 0: "0", -1: "−"}[f] for f in faces)


@dataclass(frozen=True)
class ActionCheck:
    name: str
    ob: int
    db: int
    amp: int  # the Amp's fixed parts: base task, weapon or tool, momentum, scale
    modifier: int = 0  # on the Player's Total Roll: a wound's penalty, other modifiers

    def roll(self, roller: Roller, /) -> Reading:
        return self.read(roller.fudge(4), roller.fudge(4))

    def cell(self, total_dice: Sequence[int], amp_dice: Sequence[int]) -> str | None:
        """The table's cell these dice reach; None for a final Amp of 0 or less."""
        final_amp = self.amp + sum(amp_dice)
        if row_of(final_amp) is None:
            return None
        return outcome(self.ob - self.db + self.modifier + sum(total_dice), final_amp)

    def read(self, total_dice: Sequence[int], amp_dice: Sequence[int]) -> Reading:
        """How the Player's Total Roll's 4dF and the Amp's 4dF read on the table."""
        shift = self.ob - self.db + self.modifier
        total = shift + sum(total_dice)
        final_amp = self.amp + sum(amp_dice)
        dice = _("4dF [{faces}], Amp 4dF [{faces2}]").format(
            faces=_faces(total_dice), faces2=_faces(amp_dice)
        )
        cell = self.cell(total_dice, amp_dice)
        if cell is None:
            detail = _("final Amp {final_amp} (no table row)").format(final_amp=final_amp)
            return Reading(dice, AUTO_FAIL, AUTO_FAIL, detail)
        name = outcome_name(cell)
        column = column_of(total)
        detail = _("Player's Total Roll {total:+d}").format(total=total)
        if column != total:
            detail += _(" (column {column:+d})").format(column=column)
        detail += _(", Amp {final_amp} on the Outcome Table").format(final_amp=final_amp)
        return Reading(dice, name, name, detail)

    def odds(self) -> Mapping[str, Fraction]:
        odds = action_odds(ob=self.ob, db=self.db, amp=self.amp, modifier=self.modifier)
        cells = {outcome_name(cell): odds.cells[cell] for cell in reversed(OUTCOMES)}
        return {**cells, AUTO_FAIL: odds.auto_fail}


PASSED, FAILED = N_("Passed"), N_("Failed")


@dataclass(frozen=True)
class NeededCheck:
    """An action that must reach a Quality of Outcome (U and K beat any number).

    >>> wounded = NeededCheck(ActionCheck("Action check", ob=0, db=0, amp=5, modifier=-4), 5)
    >>> wounded.read([1, 1, 1, 1], [0, 0, 0, 0]).result  # column 0, Amp 5
    'Passed: QO 5'
    >>> wounded.read([0, 0, 0, 0], [0, 0, 0, 0]).result  # column -4, Amp 5
    'Failed: QO 1 (QO 5 needed)'
    """

    action: ActionCheck
    needed: int

    @property
    def name(self) -> str:
        return self.action.name

    def roll(self, roller: Roller, /) -> Reading:
        return self.read(roller.fudge(4), roller.fudge(4))

    def read(self, total_dice: Sequence[int], amp_dice: Sequence[int]) -> Reading:
        reading = self.action.read(total_dice, amp_dice)
        cell = self.action.cell(total_dice, amp_dice)
        passed = cell is not None and (quality(cell) is None or quality(cell) >= self.needed)
        if passed:
            return replace(reading, result=f"{PASSED}: {reading.result}", outcome=PASSED)
        result = _("{FAILED}: {result} (QO {needed} needed)").format(
            FAILED=FAILED, result=reading.result, needed=self.needed
        )
        return replace(reading, result=result, outcome=FAILED)

    def odds(self) -> Mapping[str, Fraction]:
        a = self.action
        passed = check_odds(amp=a.amp, needed=self.needed, ob=a.ob, db=a.db, modifier=a.modifier)
        return {PASSED: passed, FAILED: 1 - passed}


def major_wound_check(sheet: AmplitudeSheet) -> NeededCheck | Unrollable:
    """The action check a major wound asks before any significant action."""
    name = _("Action check")
    if sheet.wound != "major":
        return Unrollable(name, _("only a major wound asks for it"))
    action = ActionCheck(name, ob=0, db=0, amp=ACTION_CHECK_AMP, modifier=PENALTIES["major"])
    return NeededCheck(action, ACTION_CHECK_QO)


def _wound(sheet: AmplitudeSheet, name: str) -> int | Unrollable:
    found = penalty(sheet.wound)
    return Unrollable(name, _("the character cannot act")) if found is None else found


def skill_check(sheet: AmplitudeSheet, row: int) -> ActionCheck | Unrollable:
    skill = sheet.skills[row]
    name = skill.name or _("Skill")
    wound = _wound(sheet, name)
    if isinstance(wound, Unrollable):
        return wound
    return ActionCheck(name, ob=skill.ob, db=0, amp=STANDARD_AMP, modifier=wound)


def gear_check(sheet: AmplitudeSheet, row: int, *, kind: str) -> ActionCheck | Unrollable:
    """A weapon (its power) or a tool (its quality) used with its skill."""
    item = getattr(sheet, kind)[row]
    name = item.name or (_("Weapon") if kind == "weapons" else _("Tool"))
    wound = _wound(sheet, name)
    if isinstance(wound, Unrollable):
        return wound
    key = item.skill.strip().casefold()
    skill = next((s for s in sheet.skills if key and s.name.strip().casefold() == key), None)
    bonus = item.power if kind == "weapons" else item.quality
    label = f"{name} ({skill.name})" if skill else name
    return ActionCheck(
        label, ob=skill.ob if skill else 0, db=0, amp=STANDARD_AMP + bonus, modifier=wound
    )
