"""The chance of a skill check, itemised so a sheet or tooltip can show where it comes from.

A known skill checks against its attribute. A specialty the character lacks costs the
universe's penalty for each missing level below the deepest skill known; missing
enhancement levels cost nothing, because an enhancement only refines what is known. With
no skill of the chain known, a Learning skill cannot be tried at all and any other uses
half the attribute, rounded down, with the same level penalties. A known enhancement adds
its bonus once.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from sheetapp.dice import CheckOdds, percentile_odds
from sheetapp.i18n import _, ngettext
from sheetapp.systems.amazing_engine.model import Character, Skill
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.systems.amazing_engine.universe import SkillNode, Universe

BEST_POSSIBLE = 94  # rolls of 95..100 always fail


@dataclass(frozen=True)
class Chance:
    """A chance with the steps that built it, as (label, amount) pairs."""

    value: int
    attribute: Attribute
    possible: bool = True
    steps: tuple[tuple[str, int], ...] = field(default=())

    @property
    def effective(self) -> int:
        """The percentage that actually succeeds on d100."""
        if not self.possible:
            return 0
        return max(0, min(self.value, BEST_POSSIBLE))


def known_paths(character: Character, group: str) -> set[tuple[str, ...]]:
    return {tuple(s.path) for s in character.skills if s.group == group}


KnownInGroup = Mapping[tuple[str, ...], Skill]


def known_by_group(character: Character) -> dict[str, KnownInGroup]:
    """The character's skills by group and path (the first of duplicates), worked out once
    for a whole list of chances: looking each one up in the list made a sheet of n skills
    cost n² to print."""
    found: dict[str, dict[tuple[str, ...], Skill]] = {}
    for skill in character.skills:
        found.setdefault(skill.group, {}).setdefault(tuple(skill.path), skill)
    return found


def skill_chance(
    character: Character,
    universe: Universe,
    group: str,
    path: tuple[str, ...],
    *,
    modifier: int = 0,
    tax: int = 0,
    known: KnownInGroup | None = None,
) -> Chance:
    """The chance for the skill at ``path`` in ``group``; raises KeyError if no such skill.

    ``known`` is the group's entry of ``known_by_group(character)``, for callers working
    out many chances; without it the character's skills are searched."""
    if known is None:
        known = known_by_group(character).get(group, {})
    chain = universe.find_skill(group, path)
    if chain is None:
        skill = known.get(path)
        if skill is None:
            raise KeyError(
                _("no skill {join} in {group}").format(join=" > ".join(path), group=group)
            )
        score = character.attributes.get(skill.attribute, 0)
        bonus = universe.enhancement_bonus if skill.enhancement else 0
        steps = [(label(skill.attribute), score)]
        return _finish(skill.attribute, steps, modifier, tax, enhancement=bonus)
    return chain_chance(
        character, universe, group, chain, modifier=modifier, tax=tax, known=known
    )


def chain_chance(
    character: Character,
    universe: Universe,
    group: str,
    chain: list[SkillNode],
    *,
    modifier: int = 0,
    tax: int = 0,
    known: Collection[tuple[str, ...]] | None = None,
) -> Chance:
    """The chance for the skill ``chain`` ends in; ``known``: the paths the character knows
    in ``group``, when the caller has them (see ``skill_chance``)."""
    target = chain[-1]
    attribute = target.attribute
    score = character.attributes.get(attribute, 0)
    if known is None:
        known = known_paths(character, group)
    depth_known = max(
        (i + 1 for i in range(len(chain)) if tuple(n.name for n in chain[: i + 1]) in known),
        default=0,
    )
    steps: list[tuple[str, int]] = [(label(attribute), score)]
    if depth_known == 0:
        if target.needs_training:  # Learning skills, unless the pack says otherwise
            return Chance(0, attribute, possible=False, steps=((_("Needs training"), 0),))
        steps.append((_("Unskilled: half"), -(score - score // 2)))
    missing = _unknown_levels(chain, depth_known)
    if missing:
        penalty = -missing * universe.specialty_penalty
        steps.append(
            (
                ngettext(
                    "{missing} specialty level not known",
                    "{missing} specialty levels not known",
                    missing,
                ).format(missing=missing),
                penalty,
            )
        )
    bonus = universe.enhancement_bonus if depth_known == len(chain) and target.enhancement else 0
    return _finish(attribute, steps, modifier, tax, enhancement=bonus)


def untrained_penalty(chain: list[SkillNode], universe: Universe) -> int | None:
    """What knowing none of ``chain`` costs on top of halving the attribute (0 or less), or
    None when the skill cannot be tried without training."""
    if chain[-1].needs_training:
        return None
    return -_unknown_levels(chain, 0) * universe.specialty_penalty


def _unknown_levels(chain: list[SkillNode], depth_known: int) -> int:
    """Specialty levels below those known that add a penalty. Unskilled, the halving stands
    for the basic skill, so only the levels below it count; enhancements never do."""
    return sum(1 for n in chain[max(depth_known, 1) :] if not n.enhancement)


def _finish(
    attribute: Attribute,
    steps: list[tuple[str, int]],
    modifier: int,
    tax: int,
    *,
    enhancement: int = 0,
) -> Chance:
    if enhancement:
        steps.append((_("Enhancement known"), enhancement))
    if modifier:
        steps.append((_("Modifier"), modifier))
    if tax:
        steps.append((_("XP taxed"), tax))
    return Chance(sum(amount for _unused, amount in steps), attribute, steps=tuple(steps))


def max_tax(chance: int, available_xp: int) -> int:
    """The most XP that may be taxed: steps of 5, never past double the untaxed chance.

    The System Guide's example: Willpower 46 halved to 23, at most 20 XP (43; 48 would not do).
    The text caps taxing at double and nowhere else, so a chance of 50 may take 50 (XP past
    94 buys no more success, since 95-00 always fails, but the player may still spend it).

    >>> max_tax(23, 500), max_tax(23, 12), max_tax(0, 100), max_tax(50, 500)
    (20, 10, 0, 50)
    """
    doubling = max(chance, 0) // 5 * 5  # the taxed chance may not pass double
    return max(0, min(doubling, available_xp // 5 * 5))


def check_odds(
    chance: int, *, success_margin: int | None = None, failure_margin: int | None = None
) -> CheckOdds:
    """Exact odds of a d100 check at ``chance`` (the 95-00 rule and margins included)."""
    return percentile_odds(chance, success_margin=success_margin, failure_margin=failure_margin)
