"""Our own stock characters for ``new --random``: a concept with the skills, weapons and
tools that go with it. The text has no creation rules, so these are sample fillings, not
rules: every number in them stays editable on the sheet."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Archetype:
    concept: str
    skills: tuple[str, ...]  # the first is the one the concept is best at
    weapons: tuple[tuple[str, int, str], ...]  # name, power, skill
    tools: tuple[tuple[str, int, str], ...]  # name, quality, skill


ARCHETYPES: tuple[Archetype, ...] = (
    Archetype(
        "Field medic",
        ("Medicine", "Firearms", "Awareness"),
        (("Service pistol", 1, "Firearms"),),
        (("Trauma kit", 2, "Medicine"), ("Penlight", 0, "Awareness")),
    ),
    Archetype(
        "Mercenary",
        ("Firearms", "Melee", "Athletics"),
        (("Assault rifle", 2, "Firearms"), ("Combat knife", 0, "Melee")),
        (("Rangefinder", 1, "Firearms"),),
    ),
    Archetype(
        "Intrusion specialist",
        ("Programming", "Electronics", "Stealth", "Melee"),
        (("Stun baton", 0, "Melee"),),
        (("Custom deck", 2, "Programming"), ("Solder kit", 1, "Electronics")),
    ),
    Archetype(
        "Frontier ranger",
        ("Bushcraft", "Archery", "Stealth", "Melee"),
        (("Longbow", 1, "Archery"), ("Hatchet", 0, "Melee")),
        (("Trap kit", 1, "Bushcraft"),),
    ),
    Archetype(
        "Sellsword",
        ("Melee", "Athletics", "Intimidation"),
        (("Great axe", 2, "Melee"), ("Throwing knives", 0, "Athletics")),
        (),
    ),
    Archetype(
        "Smuggler pilot",
        ("Piloting", "Firearms", "Persuasion", "Mechanics"),
        (("Heavy revolver", 1, "Firearms"),),
        (("Tuned nav computer", 1, "Piloting"), ("Spanner roll", 1, "Mechanics")),
    ),
    Archetype(
        "Court investigator",
        ("Awareness", "Persuasion", "Larceny", "Firearms"),
        (("Pocket pistol", 0, "Firearms"),),
        (("Lockpicks", 1, "Larceny"), ("Forensic kit", 2, "Awareness")),
    ),
    Archetype(
        "Combat engineer",
        ("Demolitions", "Mechanics", "Firearms"),
        (("Shaped charge", 3, "Demolitions"), ("Carbine", 2, "Firearms")),
        (("Field toolkit", 2, "Mechanics"),),
    ),
)

# Names are a given name and a family name drawn apart (20 x 20 = 400 people), so a batch of
# NPCs rarely repeats one; a list of whole names gave 15 names to 60 NPCs.
GIVEN_NAMES: tuple[str, ...] = (
    "Zoë",
    "Ines",
    "Tomasz",
    "Hana",
    "Rafe",
    "Mireille",
    "Oskar",
    "Amara",
    "Kit",
    "Dmitri",
    "Lucía",
    "Idris",
    "Brannoc",
    "Selin",
    "Mateus",
    "Yusra",
    "Anouk",
    "Cassian",
    "Noor",
    "Teodor",
)
FAMILY_NAMES: tuple[str, ...] = (
    "Marchetti",
    "Okafor",
    "Wren",
    "Sato",
    "Calder",
    "Dufort",
    "Lindqvist",
    "Nwosu",
    "Varga",
    "Sokolov",
    "Ferrer",
    "Haddad",
    "Hale",
    "Aydın",
    "Rocha",
    "Khalil",
    "Brandt",
    "Moreau",
    "Quist",
    "Obi",
)
