"""Impact damage: a fall (or a collision) read on the excerpt's impact table by the degree of
the Acrobatics-fall check (a Dexterity feat check without that specialty) and the distance.

A cell is the damage to roll and its type: ``"d8w"`` is d8 wound, ``"d20+8m"`` d20 + 8
mortal, ``"1s"`` one stun; None (the table's dash) is no damage.

The table has a row the excerpt's degrees do not define, Marginal, between Failure and
Ordinary. Its rows are kept as printed and keyed by name: a check's degree reads its own row,
and the game master may read the Marginal row (the recovery table, which has no Failure
row, is read with Marginal as Failure; this one has both).
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetapp.i18n import N_, _
from sheetapp.locale_format import number
from sheetapp.systems.alternity.names import Degree, Track

_D = Degree

# Distance grades, shortest first: (key, name, the longest fall in metres it covers; None:
# no limit). A fall of exactly 3 m is short, as the table's columns say (<3 m, 3-10 m).
GRADES: tuple[tuple[str, str, int | None], ...] = (
    ("extremely_short", N_("Extremely short (under 3 m)"), 2),
    ("short", N_("Short (3-10 m)"), 10),
    ("medium", N_("Medium (11-30 m)"), 30),
    ("long", N_("Long (31-60 m)"), 60),
    ("terminal", N_("Terminal (over 60 m)"), None),
)
GRADE_KEYS = tuple(key for key, _unused, _unused in GRADES)

MARGINAL = "marginal"
# Row (a degree's value, or "marginal") -> one cell per grade, shortest first.
IMPACT: dict[str, tuple[str | None, ...]] = {
    _D.CRITICAL_FAILURE.value: ("d4w", "d8w", "d12+4w", "d20+8w", "2d20+8m"),
    _D.FAILURE.value: ("d4s", "d6w", "d10w", "d12+6w", "d20+8m"),
    MARGINAL: ("1s", "d4w", "d8w", "d12+4w", "d12+8m"),
    _D.ORDINARY.value: (None, "1s", "d6w", "d10w", "d12+6m"),
    _D.GOOD.value: (None, None, "d4w", "d8w", "d8+6m"),
    _D.AMAZING.value: (None, None, None, "d6w", "d6+4m"),
}
_TRACKS = {"s": Track.STUN, "w": Track.WOUND, "m": Track.MORTAL}


@dataclass(frozen=True)
class Impact:
    """Damage to roll (``dice``, such as "d12+4") on ``track``."""

    dice: str
    track: Track


def fall_grade(metres: float, *, gravity: int = 0) -> str:
    """The distance grade of a fall in whole metres (a part metre counts down: 10.5 m is
    short), moved one grade shorter on a light-gravity world (``gravity`` -1) or longer on
    a heavy one (+1), never past either end.

    >>> fall_grade(2.9), fall_grade(3), fall_grade(10.5), fall_grade(11), fall_grade(61)
    ('extremely_short', 'short', 'short', 'medium', 'terminal')
    >>> fall_grade(20, gravity=-1), fall_grade(20, gravity=1), fall_grade(100, gravity=1)
    ('short', 'long', 'terminal')
    """
    if metres < 0:
        raise ValueError(_("a fall of {metres} m is not a fall").format(metres=number(metres)))
    index = next(
        i for i, (_unused, _unused, most) in enumerate(GRADES) if most is None or metres < most + 1
    )
    return GRADE_KEYS[max(0, min(len(GRADES) - 1, index + gravity))]


def impact_damage(row: Degree | str, grade: str) -> Impact | None:
    """The table's cell for the check's degree (or the Marginal row) and the fall's grade.

    >>> impact_damage(Degree.ORDINARY, "medium")
    Impact(dice='d6', track=<Track.WOUND: 'wound'>)
    >>> impact_damage(Degree.GOOD, "short") is None
    True
    """
    key = row.value if isinstance(row, Degree) else row
    if key not in IMPACT:
        raise ValueError(_("'{key}' is not a row of the impact table").format(key=key))
    if grade not in GRADE_KEYS:
        raise ValueError(
            _("'{grade}' is not a fall grade; use one of {join}").format(
                grade=grade, join=", ".join(GRADE_KEYS)
            )
        )
    cell = IMPACT[key][GRADE_KEYS.index(grade)]
    if cell is None:
        return None
    return Impact(cell[:-1], _TRACKS[cell[-1]])


# A high-risk parachute jump's Acrobatics-daredevil result -> the fall it lands as: the whole
# distance when the chute fails to open, shorter grades for a rough landing, None unhurt.
PARACHUTE: dict[Degree, str | None] = {
    _D.CRITICAL_FAILURE: "",  # the full distance fallen
    _D.FAILURE: "short",
    _D.ORDINARY: "extremely_short",
    _D.GOOD: None,
    _D.AMAZING: None,
}


def parachute_grade(jump: Degree, fall: str) -> str | None:
    """The grade a high-risk jump's landing is read at (then an Acrobatics-fall check on the
    impact table), or None for a landing without injury.

    >>> parachute_grade(Degree.CRITICAL_FAILURE, "long"), parachute_grade(Degree.FAILURE, "long")
    ('long', 'short')
    >>> parachute_grade(Degree.ORDINARY, "terminal"), parachute_grade(Degree.GOOD, "terminal")
    ('extremely_short', None)
    """
    if fall not in GRADE_KEYS:
        raise ValueError(
            _("'{fall}' is not a fall grade; use one of {join}").format(
                fall=fall, join=", ".join(GRADE_KEYS)
            )
        )
    landing = PARACHUTE[jump]
    return fall if landing == "" else landing
