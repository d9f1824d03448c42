"""Getting over wounds, and the body's other limits in a round: breath and movement.

Each wound ticked is treated and healed on its own, at the difficulty of its row of the
wound table (two injuries: each at the "2+ injuries" difficulty). Three rolls use it:

- healing: after the wound's recovery period, BODY against the difficulty; a failure
  means another period before the next roll;
- first aid (or Doctor, which also halves the period): the skill against the difficulty
  stops the wound growing worse;
- untreated, the difficulty against BODY: a success makes a flesh wound an injury and an
  injury critical.

The BODY rolled is BODY as the wounds leave it (our reading: the penalty is in force while
the wound lasts). A critical character is unconscious: no healing roll, only first aid or
Doctor against 8, which brings them back to two injuries.

Breath: BODY x 20 seconds without harm; then damage at Effect 1, one more for every further
20 seconds (the synopsis's prose; its summary table says 30, see docs).

Movement in a round: walk 10 ft, run 20; 30 ft on a difficulty 6 roll of BODY or Athlete
(the better), or for a bonus point. An injury leaves only a slow walk, two injuries a crawl.

>>> from sheetapp.systems.forgotten_futures.model import Wounds
>>> [(r.wound, r.difficulty, r.heal_needed) for r in recoveries(Wounds(injury=True), 4, 5, None)]
[('Injury', 6, 5)]
>>> breath_seconds(3), movement(4, None, Wounds()).push_needed
(60, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sheetapp.i18n import _
from sheetapp.systems.forgotten_futures.model import Wounds
from sheetapp.systems.forgotten_futures.odds import success_chance
from sheetapp.systems.forgotten_futures.table import needed
from sheetapp.systems.forgotten_futures.wounds import LEVELS, WoundLevel, injuries

SECONDS_PER_BODY = 20  # breath held without harm, per point of BODY
DROWNING_STEP_SECONDS = 20  # then Effect 1, +1 per this many seconds more
WALK, RUN, PUSH = 10, 20, 30  # feet a round
PUSH_DIFFICULTY = 6
WORSENS = {"Flesh wound": "injury", "Injury": "critical", "2+ injuries": "critical"}

_LEVEL = {level.name: level for level in LEVELS}


@dataclass(frozen=True)
class Recovery:
    wound: str
    period: str
    difficulty: int
    heal_needed: int | None  # BODY against the difficulty, after the period
    heal_chance: Fraction
    care_needed: dict[str, int | None]  # First Aid / Doctor against the difficulty
    care_chance: dict[str, Fraction]
    worsens_to: str  # what an untreated wound may become ("" if it cannot)
    worsens_chance: Fraction  # the difficulty against BODY succeeding

    def figures(self) -> RecoveryFigures:
        """The recovery as the sheet's figures hold it: chances as floats, for JSON."""
        return RecoveryFigures(
            wound=self.wound,
            period=self.period,
            difficulty=self.difficulty,
            heal_needed=self.heal_needed,
            heal_chance=float(self.heal_chance),
            care_needed=dict(self.care_needed),
            care_chance={k: float(v) for k, v in self.care_chance.items()},
            worsens_to=self.worsens_to,
            worsens_chance=float(self.worsens_chance),
        )


@dataclass(frozen=True)
class RecoveryFigures:
    wound: str
    period: str
    difficulty: int
    heal_needed: int | None
    heal_chance: float
    care_needed: dict[str, int | None]  # by care skill: "first_aid", "doctor"
    care_chance: dict[str, float]
    worsens_to: str
    worsens_chance: float


@dataclass(frozen=True)
class MovementFigures:
    """Feet a round walking, running and pushing it, with the push roll's odds."""

    walk: int
    run: int
    push: int
    push_with: str  # "BODY" or "Athlete", whichever is better
    push_needed: int | None
    push_chance: float
    limit: str  # what the wounds leave of it, "" when unhurt


def _levels(wounds: Wounds) -> list[WoundLevel]:
    """One row of the wound table per wound ticked."""
    out = []
    if wounds.bruised:
        out.append(_LEVEL["Bruised"])
    if wounds.flesh_wound:
        out.append(_LEVEL["Flesh wound"])
    hurt = injuries(wounds)
    out += [_LEVEL["2+ injuries" if hurt >= 2 else "Injury"]] * hurt
    if wounds.critical:
        out.append(_LEVEL["Critical"])
    return out


def _chance(attack: int | None, defence: int) -> Fraction:
    return Fraction(0) if attack is None else success_chance(attack, defence)


def recoveries(
    wounds: Wounds, body: int | None, first_aid: int | None, doctor: int | None
) -> list[Recovery]:
    """Each wound ticked with its recovery roll, its care rolls and its risk untreated."""
    care = {"first_aid": first_aid, "doctor": doctor}
    out = []
    for level in _levels(wounds):
        critical = level.name == "Critical"
        body_rolls = None if critical else body
        worse = WORSENS.get(level.name, "")
        out.append(
            Recovery(
                wound=level.name,
                period=level.recovery,
                difficulty=level.difficulty,
                heal_needed=needed(body_rolls, level.difficulty) if body_rolls else None,
                heal_chance=_chance(body_rolls, level.difficulty),
                care_needed={
                    k: needed(v, level.difficulty) if v is not None else None
                    for k, v in care.items()
                },
                care_chance={k: _chance(v, level.difficulty) for k, v in care.items()},
                worsens_to=worse,
                worsens_chance=_chance(level.difficulty, body) if worse and body else Fraction(0),
            )
        )
    return out


def breath_seconds(body: int | None) -> int | None:
    """Seconds a breath is held without harm."""
    return None if body is None else SECONDS_PER_BODY * body


def movement(body: int | None, athlete: int | None, wounds: Wounds) -> MovementFigures:
    rolled = max(v for v in (body, athlete, 0) if v is not None)
    with_ = _("Athlete") if athlete is not None and athlete > (body or 0) else _("BODY")
    hurt = injuries(wounds)
    if wounds.critical:
        limit = _("unconscious: no movement")
    elif hurt >= 2:
        limit = _("can barely crawl")
    elif hurt == 1:
        limit = _("moves only slowly")
    elif wounds.flesh_wound:
        limit = _("slowed")
    else:
        limit = ""
    return MovementFigures(
        walk=WALK,
        run=RUN,
        push=PUSH,
        push_with=with_,
        push_needed=needed(rolled, PUSH_DIFFICULTY) if rolled else None,
        push_chance=float(_chance(rolled or None, PUSH_DIFFICULTY)),
        limit=limit,
    )


def _roll(needed_roll: int | None, chance: float) -> str:
    return (
        _("no chance")
        if needed_roll is None
        else _("{needed_roll} or under ({chance:.0%})").format(
            needed_roll=needed_roll, chance=chance
        )
    )


def recovery_line(row: RecoveryFigures) -> str:
    """One wound's rolls in a line, as the form and the printed record show them."""
    parts = [f"{row.wound} ({row.difficulty})"]
    if row.wound == "Critical":
        parts.append(_("dies without care; care brings it back to two injuries"))
    else:
        parts.append(
            _("heals after {period} on BODY {roll}").format(
                period=row.period, roll=_roll(row.heal_needed, row.heal_chance)
            )
        )
    for key, name in (("first_aid", _("First Aid")), ("doctor", _("Doctor"))):
        if row.care_needed[key] is not None:
            parts.append(f"{name} {_roll(row.care_needed[key], row.care_chance[key])}")
    if row.worsens_to:
        parts.append(
            _("untreated, turns {worsens_to} {worsens_chance:.0%}").format(
                worsens_to=row.worsens_to, worsens_chance=row.worsens_chance
            )
        )
    return "; ".join(parts)


def body_line(move: MovementFigures, breath: int | None, step: int) -> str:
    """Movement and breath in a line."""
    push = _roll(move.push_needed, move.push_chance)
    text = _("Walk {walk} ft, run {run}, {push} on {push_with} {push2} or a bonus point").format(
        walk=move.walk, run=move.run, push=move.push, push_with=move.push_with, push2=push
    )
    if move.limit:
        text += f" ({move.limit})"
    if breath is not None:
        text += _(". Breath {breath} s, then Effect 1, +1 each {step} s").format(
            breath=breath, step=step
        )
    return text
