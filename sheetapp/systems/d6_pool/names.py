"""The attributes and the fixed numbers of the d6 dice pool rules, named once."""

from __future__ import annotations

from enum import Enum

from sheetapp.i18n import N_, TranslatedTable, pgettext


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


# A weapon's kind of attack (the keys are what files store), in the reader's language.
ATTACK = TranslatedTable({"melee": N_("Melee"), "ranged": N_("Ranged"), "": ""})


def label(attribute: Attribute | str) -> str:
    return LABELS[Attribute(attribute)]


def abbreviation(attribute: Attribute | str) -> str:
    """The attribute's short name as a sheet prints it ("Str" in English), in the reader's
    language."""
    words = {
        Attribute.STRENGTH: pgettext("d6 attribute, abbreviated", "Str"),
        Attribute.DEXTERITY: pgettext("d6 attribute, abbreviated", "Dex"),
        Attribute.STAMINA: pgettext("d6 attribute, abbreviated", "Sta"),
        Attribute.INTELLIGENCE: pgettext("d6 attribute, abbreviated", "Int"),
        Attribute.WISDOM: pgettext("d6 attribute, abbreviated", "Wis"),
        Attribute.CHARISMA: pgettext("d6 attribute, abbreviated", "Cha"),
    }
    return words[Attribute(attribute)]


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
