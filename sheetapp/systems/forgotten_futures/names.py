"""The fixed vocabulary of Forgotten Futures: characteristics, their prices and the caps.

These names are part of the file format, so they are spelled once, here.
"""

from __future__ import annotations

from enum import Enum

from sheetapp.i18n import N_, TranslatedTable


class Characteristic(str, Enum):
    BODY = "body"
    MIND = "mind"
    SOUL = "soul"


ABBREVIATION: dict[Characteristic, str] = {
    Characteristic.BODY: "B",
    Characteristic.MIND: "M",
    Characteristic.SOUL: "S",
}

# Character points a characteristic costs; 1 is free, 7 needs the referee's leave.
CHARACTERISTIC_COST: dict[int, int] = {1: 0, 2: 2, 3: 3, 4: 5, 5: 7, 6: 10, 7: 14}
LOWEST, HIGHEST, REFEREE_ONLY = 1, 7, 7

DEFAULT_CHARACTER_POINTS = 21
SKILL_CAP = 10  # no skill is ever rated higher
CREATION_POINTS_PER_SKILL = 3  # at most this many character points on one skill
BONUS_PER_SAVED_POINT = 2  # points saved at creation are recorded doubled
DEFAULT_DEFENCE = 6  # what an attack rolls against when nothing better defends
LANGUAGE_PRICE = 1  # bonus points for one more language, between adventures

FREE_SKILLS = ("Brawling", "Stealth")  # every character has these at their base value


# The names as the record writes them, in the reader's language.
LABELS = TranslatedTable(
    {
        Characteristic.BODY: N_("BODY"),
        Characteristic.MIND: N_("MIND"),
        Characteristic.SOUL: N_("SOUL"),
    }
)


def label(characteristic: Characteristic) -> str:
    """The name as the record writes it: BODY, MIND, SOUL."""
    return LABELS[characteristic]
