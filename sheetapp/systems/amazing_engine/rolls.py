"""Rolling an Amazing Engine check: d100 at or under the chance, read with its margin.

How far under (or over) the chance the roll fell is shown with every result; critical
results need the task's margin ratings (S#, F#), which the game master names per task.

>>> from sheetapp.dice import Roller
>>> check = PercentileCheck("Pick locks", 45)
>>> check.read(40).result, check.read(46).result, check.read(97).detail
('Success by 5', 'Failure by 1', 'at or under 45; 95-00 always fail')
>>> check.with_margins(1, None).read(40).result
'Critical success by 5'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from sheetapp.dice.percentile import AUTO_FAIL_FROM, percentile_odds, percentile_outcome
from sheetapp.systems.amazing_engine.chances import skill_chance
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.systems.rolls import Reading, Unrollable

if TYPE_CHECKING:
    from sheetapp.dice import Roller

NAMES = {
    "critical_success": "Critical success",
    "success": "Success",
    "failure": "Failure",
    "critical_failure": "Critical failure",
}


@dataclass(frozen=True)
class PercentileCheck:
    name: str
    chance: int
    success_margin: int | None = None
    failure_margin: int | None = None

    def with_margins(self, success: int | None, failure: int | None, /) -> PercentileCheck:
        return replace(self, success_margin=success, failure_margin=failure)

    def roll(self, roller: Roller, /) -> Reading:
        return self.read(roller.percentile())

    def read(self, roll: int) -> Reading:
        """How a d100 of ``roll`` reads against this check."""
        outcome = percentile_outcome(
            roll,
            self.chance,
            success_margin=self.success_margin,
            failure_margin=self.failure_margin,
        )
        margin = abs(self.chance - roll)
        result = NAMES[outcome] + (f" by {margin}" if margin else "")
        if roll >= AUTO_FAIL_FROM and self.chance >= roll:
            result = NAMES[outcome]  # no margin to speak of: 95-00 fail whatever the chance
        detail = f"at or under {self.chance}"
        if roll >= AUTO_FAIL_FROM:
            detail += "; 95-00 always fail"
        if self.success_margin is not None or self.failure_margin is not None:
            detail += f"; ones digit {roll % 10} with {self._margins_text()}"
        return Reading(f"d100: {roll:02d}", result, NAMES[outcome], detail)

    def _margins_text(self) -> str:
        parts = []
        if self.success_margin is not None:
            parts.append(f"S{self.success_margin}")
        if self.failure_margin is not None:
            parts.append(f"F{self.failure_margin}")
        return " ".join(parts)

    def odds(self) -> Mapping[str, Fraction]:
        odds = percentile_odds(
            self.chance, success_margin=self.success_margin, failure_margin=self.failure_margin
        )
        return {
            NAMES["critical_success"]: odds.critical_success,
            NAMES["success"]: odds.success - odds.critical_success,
            NAMES["failure"]: odds.failure - odds.critical_failure,
            NAMES["critical_failure"]: odds.critical_failure,
        }


def skill_check(
    character: Character, universe: Universe, group: str, path: tuple[str, ...]
) -> PercentileCheck | Unrollable:
    """The check of the skill at ``path`` in ``group``, at the chance the sheet shows."""
    name = " > ".join(path)
    try:
        chance = skill_chance(character, universe, group, path)
    except KeyError:
        return Unrollable(name, "not a skill of this universe")
    if not chance.possible:
        return Unrollable(name, "cannot be tried without training")
    return PercentileCheck(name, chance.effective)


def attribute_check(character: Character, attribute: Attribute) -> PercentileCheck:
    """A plain check against an attribute's score."""
    return PercentileCheck(label(attribute), character.attributes.get(attribute, 0))
