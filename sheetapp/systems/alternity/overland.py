"""Travelling long distances: the excerpt's overland table (a pace in km an hour and how
many hours pass between fatigue checks), slowed by the load as every movement rate is."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sheetapp.i18n import N_, TranslatedTable

# (pace, km an hour, hours between fatigue checks; None: no check); the pace is the
# figures' identifier, PACE_NAMES what a player reads.
PACES: tuple[tuple[str, Fraction, int | None], ...] = (
    ("stroll", Fraction(3, 2), None),
    ("march", Fraction(3), 8),
    ("forced march", Fraction(9, 2), 1),
)
PACE_NAMES = TranslatedTable(
    {"stroll": N_("stroll"), "march": N_("march"), "forced march": N_("forced march")}
)


@dataclass(frozen=True)
class OverlandPace:
    pace: str
    km_per_hour: float
    hours_per_fatigue_check: int | None


def overland_paces(movement_percent: int = 100) -> list[OverlandPace]:
    """The overland paces at ``movement_percent`` of the normal rate (the load's slowing).

    >>> [(p.pace, p.km_per_hour, p.hours_per_fatigue_check) for p in overland_paces()]
    [('stroll', 1.5, None), ('march', 3.0, 8), ('forced march', 4.5, 1)]
    >>> [p.km_per_hour for p in overland_paces(50)]
    [0.75, 1.5, 2.25]
    """
    share = Fraction(max(movement_percent, 0), 100)
    return [OverlandPace(name, float(kmh * share), hours) for name, kmh, hours in PACES]
