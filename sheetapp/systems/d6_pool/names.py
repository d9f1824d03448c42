"""The attributes and the fixed numbers of the d6 dice pool rules, named once."""

from __future__ import annotations

from enum import Enum

from sheetapp.i18n import N_, TranslatedTable


class Attribute(str, Enum):
    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    STAMINA = "stamina"
    INTELLIGENCE = "intelligence"
    WISDOM = "wisdom"
    CHARISMA = "charisma"


# The names as a person reads them, in the reader's language (the values are identifiers).
LABELS = TranslatedTable(
    {
        Attribute.STRENGTH: N_("Strength"),
        Attribute.DEXTERITY: N_("Dexterity"),
        Attribute.STAMINA: N_("Stamina"),
        Attribute.INTELLIGENCE: N_("Intelligence"),
        Attribute.WISDOM: N_("Wisdom"),
        Attribute.CHARISMA: N_("Charisma"),
    }
)


def label(attribute: Attribute | str) -> str:
    return LABELS[Attribute(attribute)]


ABBREVIATIONS = TranslatedTable({  # the short names a language prints
    Attribute.STRENGTH: N_("Str"),
    Attribute.DEXTERITY: N_("Dex"),
    Attribute.STAMINA: N_("Sta"),
    Attribute.INTELLIGENCE: N_("Int"),
    Attribute.WISDOM: N_("Wis"),
    Attribute.CHARISMA: N_("Cha"),
})

ATTRIBUTE_DICE = 6  # the six attributes share the total of 6d6
EXTRA_ATTRIBUTE_DICE = 1  # each player-controlled GM attribute adds 1d6
MIN_RATING = 1
MAX_RATING = 6  # attributes at creation, skills and traits
SKILL_POINT_ATTRIBUTES = (Attribute.INTELLIGENCE, Attribute.WISDOM, Attribute.CHARISMA)
TRAIT_POINTS = 6
NEW_SKILL_XP = 4
NEW_TRAIT_XP = 6
SUCCESS_ON = 5  # a die showing this or more is a success
SHOWN_DIFFICULTIES = (1, 2, 3)  # the odds a sheet prints beside each pool
HEALTH_PER_STAMINA = 2
