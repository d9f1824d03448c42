"""The fixed vocabulary of an Alternity hero: abilities, degrees of success, damage types.

These names are part of the file format, so they are spelled once, here.
"""

from __future__ import annotations

from enum import Enum

from sheetapp.i18n import N_, TranslatedTable, pgettext


class Ability(str, Enum):
    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    CONSTITUTION = "constitution"
    INTELLIGENCE = "intelligence"
    WILL = "will"
    PERSONALITY = "personality"


# The abbreviations other tools' files use (identifiers: Foundry's ability keys); a sheet
# prints ``abbreviation(ability)``, in the reader's language.
ABBREVIATIONS: dict[Ability, str] = {
    Ability.STRENGTH: "STR",
    Ability.DEXTERITY: "DEX",
    Ability.CONSTITUTION: "CON",
    Ability.INTELLIGENCE: "INT",
    Ability.WILL: "WIL",
    Ability.PERSONALITY: "PER",
}

# Only these four abilities give a resistance modifier.
RESISTING: tuple[Ability, ...] = (
    Ability.STRENGTH,
    Ability.DEXTERITY,
    Ability.INTELLIGENCE,
    Ability.WILL,
)


class Degree(str, Enum):
    """How well a check went, worst first; ``rank`` orders them."""

    CRITICAL_FAILURE = "critical_failure"
    FAILURE = "failure"
    ORDINARY = "ordinary"
    GOOD = "good"
    AMAZING = "amazing"

    @property
    def rank(self) -> int:
        return list(Degree).index(self)

    @property
    def succeeded(self) -> bool:
        return self.rank >= Degree.ORDINARY.rank


class Track(str, Enum):
    """The four durability tracks, each a row of boxes on the sheet."""

    STUN = "stun"
    WOUND = "wound"
    MORTAL = "mortal"
    FATIGUE = "fatigue"


# The letter a damage rating gives each type: ``d4s/d6w/d4m``.
TRACK_LETTERS: dict[str, Track] = {
    "s": Track.STUN,
    "w": Track.WOUND,
    "m": Track.MORTAL,
    "f": Track.FATIGUE,
}

PROFESSIONS = ("Combat Spec", "Diplomat", "Free Agent", "Tech Op", "Mindwalker")
FREE_AGENT = "Free Agent"


# The names as a person reads them, in the reader's language (the values are identifiers).
LABELS = TranslatedTable(
    {
        Ability.STRENGTH: N_("Strength"),
        Ability.DEXTERITY: N_("Dexterity"),
        Ability.CONSTITUTION: N_("Constitution"),
        Ability.INTELLIGENCE: N_("Intelligence"),
        Ability.WILL: N_("Will"),
        Ability.PERSONALITY: N_("Personality"),
        Degree.CRITICAL_FAILURE: N_("Critical failure"),
        Degree.FAILURE: N_("Failure"),
        Degree.ORDINARY: N_("Ordinary"),
        Degree.GOOD: N_("Good"),
        Degree.AMAZING: N_("Amazing"),
        Track.STUN: N_("Stun"),
        Track.WOUND: N_("Wound"),
        Track.MORTAL: N_("Mortal"),
        Track.FATIGUE: N_("Fatigue"),
    }
)


def label(name: Ability | Degree | Track) -> str:
    """The name as a person reads it on a sheet."""
    return LABELS[name]


def abbreviation(ability: Ability | str) -> str:
    """The ability's short name as a sheet prints it ("STR" in English), in the reader's
    language; ``ABBREVIATIONS`` keeps the English identifiers other tools read."""
    words = {
        Ability.STRENGTH: pgettext("Alternity ability, abbreviated", "STR"),
        Ability.DEXTERITY: pgettext("Alternity ability, abbreviated", "DEX"),
        Ability.CONSTITUTION: pgettext("Alternity ability, abbreviated", "CON"),
        Ability.INTELLIGENCE: pgettext("Alternity ability, abbreviated", "INT"),
        Ability.WILL: pgettext("Alternity ability, abbreviated", "WIL"),
        Ability.PERSONALITY: pgettext("Alternity ability, abbreviated", "PER"),
    }
    return words[Ability(ability)]
