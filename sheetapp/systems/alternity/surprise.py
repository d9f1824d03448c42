"""Surprise at the start of a scene: an Awareness-intuition check (Awareness-perception for a
hero who prepared, with a bonus of 1 to 3 steps for how well); any success means the hero is
not surprised. Heroes who fail wait out the surprise phase, in which everyone else acts.

The check follows the sheet like any other: the specialty when the hero has it (+d0), else
the broad skill Awareness alone (+d4), else Will untrained (half, +d4).
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.i18n import N_, _
from sheetapp.systems.alternity.checks import CheckOdds, check_odds
from sheetapp.systems.alternity.derived import broad_skill, specialty_figure
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Ability, Degree
from sheetapp.systems.alternity.scores import broad_score, untrained
from sheetapp.systems.alternity.situation import shift

AWARENESS = N_("Awareness")
UNPREPARED = "intuition"
PREPARED = "perception"
PREPARED_BONUS = (-1, -2, -3)  # steps, by how well the hero prepared


@dataclass(frozen=True)
class SurpriseCheck:
    """The check a hero makes against surprise: what is rolled, its score and die, and the
    chance of not being surprised."""

    label: str
    score: int
    step: int
    odds: CheckOdds

    @property
    def not_surprised(self) -> float:
        o = self.odds.as_floats()
        return o["ordinary"] + o["good"] + o["amazing"]


def is_surprised(degree: Degree) -> bool:
    """Any degree of success avoids surprise.

    >>> is_surprised(Degree.ORDINARY), is_surprised(Degree.FAILURE)
    (False, True)
    """
    return not degree.succeeded


def surprise_check(
    sheet: AlternitySheet, *, prepared: int = 0, extra_steps: int = 0
) -> SurpriseCheck | None:
    """The hero's check against surprise: unprepared (``prepared`` 0) Awareness-intuition,
    prepared (1, 2 or 3: the bonus in steps) Awareness-perception; ``extra_steps`` for the
    game master's penalties (busy, rushed) or bonuses (caution, sensors). None without Will
    on the sheet and no Awareness to roll."""
    if prepared not in (0, *range(1, len(PREPARED_BONUS) + 1)):
        raise ValueError(
            _("preparedness is 0 (none) to {count}, not {prepared}").format(
                count=len(PREPARED_BONUS), prepared=prepared
            )
        )
    specialty = PREPARED if prepared else UNPREPARED
    bonus = PREPARED_BONUS[prepared - 1] if prepared else 0
    found = _awareness(sheet, specialty)
    if found is None:
        return None
    label, score, step = found
    step = shift(step, bonus + extra_steps)
    return SurpriseCheck(label, score, step, check_odds(max(score, 0), step))


def _awareness(sheet: AlternitySheet, specialty: str) -> tuple[str, int, int] | None:
    for skill in sheet.specialty_skills:
        if (skill.broad.casefold(), skill.name.casefold()) == (AWARENESS.casefold(), specialty):
            figure = specialty_figure(sheet, skill)
            if figure is not None:
                return f"{AWARENESS}-{specialty}", figure.score, figure.step
    broad = broad_skill(sheet, AWARENESS)
    if broad is not None and broad.ability in sheet.abilities:
        score = broad_score(sheet.abilities[broad.ability])
        return (
            _("{AWARENESS}, without {specialty}").format(AWARENESS=AWARENESS, specialty=specialty),
            score.score,
            score.step,
        )
    if Ability.WILL in sheet.abilities:
        score = untrained(sheet.abilities[Ability.WILL])
        return _("Will, untrained"), score.score, score.step
    return None
