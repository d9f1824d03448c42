"""The situation die ladder: steps from the best bonus die to ever bigger penalties.

A step is an integer: 0 is +d0 (no situation die), negative steps are bonuses (-1 is -d4,
down to -5, -d20, the best there is), positive steps are penalties (+1 is +d4 up to +7,
+3d20; every step past that adds another +d20, so +8 is +4d20). Modifiers add steps; the
named difficulties are the game master's shorthand for a number of steps.

>>> die_for(0).label, die_for(-2).label, die_for(8).label
('+d0', '-d6', '+4d20')
>>> shift(1, 7)  # Mad Dog: a base of +d4 and a +7 penalty
8
>>> shift(-4, -3)  # nothing is better than -d20
-5
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sheetapp.dice.distribution import Distribution
from sheetapp.dice.standard import dice_sum, situation_die
from sheetapp.i18n import N_, _

BEST_STEP = -5
"""-d20: the most favourable situation die."""
NO_AUTO_SUCCESS_FROM = 5
"""+d20: from this step on a 1 on the control die is no longer a sure success."""
LAST_NAMED_PENALTY = 7
"""+3d20: past it each step adds one more d20."""
MAX_STEP = 104
"""+100d20: far past any table's need, small enough for exact odds in a blink."""

_SIDES = {1: 4, 2: 6, 3: 8, 4: 12, 5: 20}  # |step| -> die, for the single-die steps

# The game master's shorthand: (name, steps).
DIFFICULTIES: tuple[tuple[str, int], ...] = (
    (N_("Cakewalk"), -5),
    (N_("Extremely easy"), -4),
    (N_("Very easy"), -3),
    (N_("Easy"), -2),
    (N_("Average"), -1),
    (N_("Routine"), 0),
    (N_("Challenging"), 1),
    (N_("Tough"), 2),
    (N_("Formidable"), 3),
    (N_("Grueling"), 4),
    (N_("Nearly impossible"), 5),
)


@dataclass(frozen=True)
class SituationDie:
    """``count`` dice of ``sides`` sides added (sign +1) or taken away (-1); no dice is +d0."""

    step: int
    count: int
    sides: int
    sign: int

    @property
    def label(self) -> str:
        if self.count == 0:
            return "+d0"
        count = str(self.count) if self.count > 1 else ""
        return f"{'+' if self.sign > 0 else '-'}{count}d{self.sides}"

    def distribution(self) -> Distribution:
        """What the situation die adds to the control die (negative for a bonus die)."""
        if self.count <= 1:
            return situation_die(self.sides if self.count else 0, sign=self.sign)
        return dice_sum(self.count, self.sides)


def check_step(step: int) -> int:
    """``step`` if it is on the ladder; a ValueError naming the limits otherwise."""
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(
            _("a step is a whole number, not {name__}").format(name__=type(step).__name__)
        )
    if step < BEST_STEP:
        raise ValueError(
            _("step {step} is past -d20 (step {BEST_STEP}), the best situation die").format(
                step=step, BEST_STEP=BEST_STEP
            )
        )
    if step > MAX_STEP:
        raise ValueError(
            _("step {step} is past +{value}d20 (step {MAX_STEP})").format(
                step=step, value=MAX_STEP - 4, MAX_STEP=MAX_STEP
            )
        )
    return step


def die_for(step: int) -> SituationDie:
    """The situation die at ``step``."""
    check_step(step)
    if step == 0:
        return SituationDie(0, 0, 0, 1)
    if step < 0:
        return SituationDie(step, 1, _SIDES[-step], -1)
    if step <= 5:
        return SituationDie(step, 1, _SIDES[step], 1)
    return SituationDie(step, step - 4, 20, 1)


def shift(step: int, by: int) -> int:
    """``step`` moved ``by`` steps (penalties positive), never better than -d20 and never
    past the largest die this program works out."""
    return clamp(step + by)


def clamp(step: int) -> int:
    """The nearest step on the ladder."""
    return max(BEST_STEP, min(MAX_STEP, step))


_LABEL = re.compile(r"^[+-]\d*d\d+$")


def step_of(label: str) -> int:
    """The step of a die written as on the sheet: ``+d0``, ``-d6``, ``+3d20``.

    >>> step_of("-d20"), step_of("+d0"), step_of("+4d20"), step_of("+11d20")
    (-5, 0, 8, 15)
    """
    text = re.sub(r"^([+-])1d", r"\1d", label.strip().replace(" ", "").lower())
    if not _LABEL.match(text):
        raise ValueError(
            _("'{label}' is not a situation die such as +d4, -d6 or +2d20").format(label=label)
        )
    if text in ("+d0", "-d0"):
        return 0
    for step in range(BEST_STEP, LAST_NAMED_PENALTY + 1):
        if die_for(step).label == text:
            return step
    count, _unused, sides = text[1:].partition("d")
    if text[0] == "+" and sides == "20" and count.isdigit() and int(count) >= 4:
        return check_step(int(count) + 4)
    raise ValueError(_("'{label}' is not on the situation die ladder").format(label=label))
