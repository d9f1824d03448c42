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
from sheetapp.i18n import N_, _
from sheetapp.systems.amazing_engine.chances import skill_chance
from sheetapp.systems.amazing_engine.combat import attack_odds, attack_outcome
from sheetapp.systems.amazing_engine.derived import area_lethality, attack_chances
from sheetapp.systems.amazing_engine.model import Character, Weapon
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.systems.rolls import Reading, Unrollable

if TYPE_CHECKING:
    from sheetapp.dice import Roller

NAMES = {
    "critical_success": N_("Critical success"),
    "success": N_("Success"),
    "failure": N_("Failure"),
    "critical_failure": N_("Critical failure"),
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
        result = NAMES[outcome] + (_(" by {margin}").format(margin=margin) if margin else "")
        if roll >= AUTO_FAIL_FROM and self.chance >= roll:
            result = NAMES[outcome]  # no margin to speak of: 95-00 fail whatever the chance
        detail = _("at or under {chance}").format(chance=self.chance)
        if roll >= AUTO_FAIL_FROM:
            detail += _("; 95-00 always fail")
        if self.success_margin is not None or self.failure_margin is not None:
            detail += _("; ones digit {value} with {margins_text}").format(
                value=roll % 10, margins_text=self._margins_text()
            )
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
        return Unrollable(name, _("not a skill of this universe"))
    if not chance.possible:
        return Unrollable(name, _("cannot be tried without training"))
    return PercentileCheck(name, chance.effective)


def attribute_check(character: Character, attribute: Attribute) -> PercentileCheck | Unrollable:
    """A plain check against an attribute's score."""
    score = character.attributes.get(attribute)
    if score is None:
        return Unrollable(
            _("{label} check").format(label=label(attribute)), _("the attribute has no score yet")
        )
    return PercentileCheck(_("{label} check").format(label=label(attribute)), score)


HITS = {"miss": N_("Miss"), "stamina": N_("Hit to stamina"), "body": N_("Hit to body")}
AREA_NAMES = {"general": "general", "non_vital": "non-vital", "vital": "vital"}


@dataclass(frozen=True)
class AttackCheck:
    """An attack at one target area: d100 at or under the area's chance hits, and the hit's
    ones digit against the weapon's lethality for that area says stamina or body.

    >>> AttackCheck("Pistol", 62, 4, "1d8").read(23).result
    'Hit to body: 1d8 damage'
    >>> AttackCheck("Pistol", 62, 4).read(23).detail
    'at or under 62; to body on a ones digit 1–4 (a 0 counts 10)'
    """

    name: str
    chance: int  # already the area's: Reflexes, half of it, or a tenth rounded up
    lethality: int
    damage: str = ""
    area: str = "general"

    def roll(self, roller: Roller, /) -> Reading:
        return self.read(roller.percentile())

    def read(self, roll: int) -> Reading:
        hit = HITS[attack_outcome(roll, self.chance, self.lethality, self.area)]
        damage = self.damage.strip()
        result = hit + (
            _(": {damage} damage").format(damage=damage) if damage and hit != HITS["miss"] else ""
        )
        lethality = area_lethality(self.lethality, self.area)
        detail = _(
            "at or under {chance}; to body on a ones digit 1–{lethality} (a 0 counts 10)"
        ).format(chance=self.chance, lethality=lethality)
        return Reading(f"d100: {roll:02d}", result, hit, detail)

    def odds(self) -> Mapping[str, Fraction]:
        odds = attack_odds(self.chance, self.lethality, self.area)
        return {name: odds[key] for key, name in HITS.items()}


def weapon_check(
    character: Character, weapon: Weapon, area: str = "general"
) -> AttackCheck | Unrollable:
    """The attack with ``weapon`` at ``area``: the core rules give every melee and ranged
    attack the attacker's Reflexes as its chance (halved for a non-vital area, a tenth
    rounded up for a vital one), whatever weapon or skill; the Skill column is the player's
    note, not a chance."""
    name = weapon.name or _("Weapon")
    if area != "general":
        name = f"{name} ({AREA_NAMES[area]})"
    reflexes = character.attributes.get(Attribute.REFLEXES)
    if reflexes is None:
        return Unrollable(name, _("Reflexes has no score yet"))
    chance = attack_chances(reflexes).by_area()[area]
    return AttackCheck(name, chance, weapon.lethality, weapon.damage, area)
