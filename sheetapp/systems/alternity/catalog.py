"""Broad skills, the abilities they are linked to, and their usual specialties.

The excerpt we follow lists the linked ability of twelve broad skills, some with a choice
("Intelligence or Will"); those links are checked. The other broad skills carry the
published game's usual ability as a default only: the sheet lets the player link them to
anything. Specialties are suggestions for new heroes and for the random generator.
"""

from __future__ import annotations

from sheetapp.systems.alternity.names import Ability

_S, _D, _C = Ability.STRENGTH, Ability.DEXTERITY, Ability.CONSTITUTION
_I, _W, _P = Ability.INTELLIGENCE, Ability.WILL, Ability.PERSONALITY

# From the excerpt's table: the abilities each may use (the first is the default).
LINKED: dict[str, tuple[Ability, ...]] = {
    "Deception": (_I, _W),
    "Entertainment": (_W,),
    "Heavy Weapons": (_D,),
    "Interaction": (_W,),
    "Leadership": (_W,),
    "Melee Weapons": (_S,),
    "Modern Ranged Weapons": (_D,),
    "Primitive Ranged Weapons": (_D,),
    "Psionic Skills": (_I, _W),
    "Stealth": (_D,),
    "Street Smart": (_I, _W),
    "Unarmed Attack": (_S,),
}

# Other broad skills, with the usual ability as a default.
USUAL: dict[str, Ability] = {
    "Acrobatics": _D,
    "Administration": _W,
    "Animal Handling": _W,
    "Armor Operation": _S,
    "Athletics": _S,
    "Awareness": _W,
    "Business": _I,
    "Computer Science": _I,
    "Creativity": _W,
    "Culture": _P,
    "Demolitions": _I,
    "Investigate": _W,
    "Knowledge": _I,
    "Law": _I,
    "Life Science": _I,
    "Manipulation": _D,
    "Medical Science": _I,
    "Movement": _C,
    "Navigation": _I,
    "Physical Science": _I,
    "Resolve": _W,
    "Security": _I,
    "Social Science": _I,
    "Stamina": _C,
    "Survival": _C,
    "System Operation": _I,
    "Teach": _W,
    "Technical Science": _I,
    "Vehicle Operation": _D,
}

SPECIALTIES: dict[str, tuple[str, ...]] = {
    "Acrobatics": ("daredevil", "defensive martial arts", "dodge", "fall", "zero-g training"),
    "Athletics": ("climb", "jump", "throw"),
    "Awareness": ("intuition", "perception"),
    "Business": ("corporate", "illicit business", "small business"),
    "Computer Science": ("hacking", "hardware", "programming"),
    "Deception": ("bluff", "bribe", "gamble"),
    "Demolitions": ("disarm", "scratch-built", "set explosives"),
    "Entertainment": ("act", "dance", "musical instrument", "sing"),
    "Heavy Weapons": ("direct fire", "indirect fire"),
    "Interaction": ("bargain", "charm", "interview", "intimidate", "seduce", "taunt"),
    "Investigate": ("interrogate", "search", "track"),
    "Knowledge": ("computer operation", "deduce", "first aid", "language"),
    "Law": ("court procedures", "law enforcement"),
    "Leadership": ("command", "inspire"),
    "Manipulation": ("lockpick", "pickpocket", "prestidigitation"),
    "Medical Science": ("forensics", "psychiatry", "surgery", "treatment"),
    "Melee Weapons": ("blade", "bludgeon", "powered"),
    "Modern Ranged Weapons": ("pistol", "rifle", "SMG"),
    "Movement": ("race", "swim", "trailblazing"),
    "Navigation": ("surface navigation", "system astrogation"),
    "Primitive Ranged Weapons": ("bow", "crossbow", "flintlock", "sling"),
    "Resolve": ("mental resolve", "physical resolve"),
    "Security": ("protocols", "security devices"),
    "Stamina": ("endurance", "resist pain"),
    "Stealth": ("hide", "shadow", "sneak"),
    "Street Smart": ("criminal elements", "street knowledge"),
    "Survival": ("survival training",),
    "System Operation": ("communications", "defenses", "engineering", "sensors", "weapons"),
    "Technical Science": ("invention", "juryrig", "repair", "technical knowledge"),
    "Unarmed Attack": ("brawl", "power martial arts"),
    "Vehicle Operation": ("air vehicle", "land vehicle", "space vehicle", "water vehicle"),
}


def broad_skill_names() -> list[str]:
    return sorted({*LINKED, *USUAL})


def default_ability(broad: str) -> Ability | None:
    """The ability a broad skill is linked to unless the player chooses another.

    >>> default_ability("Street Smart").value, default_ability("Stamina").value
    ('intelligence', 'constitution')
    """
    key = find_broad(broad)
    if key is None:
        return None
    return LINKED[key][0] if key in LINKED else USUAL[key]


def allowed_abilities(broad: str) -> tuple[Ability, ...] | None:
    """The abilities the excerpt allows; None when the skill is not in its table."""
    key = find_broad(broad)
    return LINKED.get(key) if key else None


def find_broad(name: str) -> str | None:
    """The catalogue's spelling of a broad skill, matched without regard to case."""
    wanted = " ".join(name.split()).casefold()
    return next((n for n in (*LINKED, *USUAL) if n.casefold() == wanted), None)
