"""Our Alternity skills by the ids of the Foundry system ``alternity-v2``.

Its actor sheet keys each skill's rank by id (``characterState.skills["dex-pistol"]``) and
knows only the ids of its own list, SKILL_DEFINITIONS in src/data/alternity-actor-data.js of
shantoki/alternity-rpg, read at commit cf7b36cd3c1c23a2f87286328d21eb464caa43e2 (system
version 1.0.1). Each of our catalogue's broad skills and specialties that list has is here,
matched by meaning where the two spell it differently ("Modern Ranged Weapons" is its
"Ranged Wpns, Mod.", "psychiatry" its "Psychology"); ours it lacks (Social Science,
Security's protocols, the psionic skills we name differently) travel as its custom skills.
"""

from __future__ import annotations

from sheetapp.systems.alternity.catalog import find_broad

BROAD_IDS: dict[str, str] = {
    "Acrobatics": "dex-acrobatics",
    "Administration": "wil-administration",
    "Animal Handling": "wil-animal-handling",
    "Armor Operation": "str-armor",
    "Athletics": "str-athletics",
    "Awareness": "wil-awareness",
    "Business": "int-business",
    "Computer Science": "int-computer-sci",
    "Creativity": "wil-creativity",
    "Culture": "per-culture",
    "Deception": "per-deception",
    "Demolitions": "int-demolitions",
    "Entertainment": "per-entertainment",
    "Heavy Weapons": "str-heavy-wpns",
    "Interaction": "per-interaction",
    "Investigate": "wil-investigate",
    "Knowledge": "int-knowledge",
    "Law": "int-law",
    "Leadership": "per-leadership",
    "Life Science": "int-life-sci",
    "Manipulation": "dex-manipulation",
    "Medical Science": "int-med-sci",
    "Melee Weapons": "str-melee",
    "Modern Ranged Weapons": "dex-ranged-mod",
    "Movement": "con-movement",
    "Navigation": "int-navigation",
    "Physical Science": "int-physical-sci",
    "Primitive Ranged Weapons": "dex-ranged-prim",
    "Resolve": "wil-resolve",
    "Security": "int-security",
    "Stamina": "con-stamina",
    "Stealth": "dex-stealth",
    "Street Smart": "wil-street-smart",
    "Survival": "con-survival",
    "System Operation": "int-system-op",
    "Teach": "wil-teach",
    "Technical Science": "int-technical-sci",
    "Unarmed Attack": "str-unarmed",
    "Vehicle Operation": "dex-vehicle-op",
}
SPECIALTY_IDS: dict[tuple[str, str], str] = {
    ("Acrobatics", "daredevil"): "dex-daredevil",
    ("Acrobatics", "defensive martial arts"): "dex-defensive-ma",
    ("Acrobatics", "dodge"): "dex-dodge",
    ("Acrobatics", "fall"): "dex-fall",
    ("Acrobatics", "zero-g training"): "dex-zero-g",
    ("Athletics", "climb"): "str-climb",
    ("Athletics", "jump"): "str-jump",
    ("Athletics", "throw"): "str-throw",
    ("Awareness", "intuition"): "wil-intuition",
    ("Awareness", "perception"): "wil-perception",
    ("Business", "corporate"): "int-corporate",
    ("Business", "illicit business"): "int-illicit-biz",
    ("Business", "small business"): "int-small-biz",
    ("Computer Science", "hacking"): "int-hacking",
    ("Computer Science", "hardware"): "int-hardware",
    ("Computer Science", "programming"): "int-programming",
    ("Deception", "bluff"): "per-bluff",
    ("Deception", "bribe"): "per-bribe",
    ("Deception", "gamble"): "per-gamble",
    ("Demolitions", "disarm"): "int-disarm",
    ("Demolitions", "scratch-built"): "int-scratch-built",
    ("Demolitions", "set explosives"): "int-set-explosives",
    ("Entertainment", "act"): "per-act",
    ("Entertainment", "dance"): "per-dance",
    ("Entertainment", "musical instrument"): "per-musical-inst",
    ("Entertainment", "sing"): "per-sing",
    ("Heavy Weapons", "direct fire"): "str-direct-fire",
    ("Heavy Weapons", "indirect fire"): "str-indirect-fire",
    ("Interaction", "bargain"): "per-bargain",
    ("Interaction", "charm"): "per-charm",
    ("Interaction", "interview"): "per-interview",
    ("Interaction", "intimidate"): "per-intimidate",
    ("Interaction", "seduce"): "per-seduce",
    ("Interaction", "taunt"): "per-taunt",
    ("Investigate", "interrogate"): "wil-interrogate",
    ("Investigate", "search"): "wil-search",
    ("Investigate", "track"): "wil-track",
    ("Knowledge", "computer operation"): "int-computer-op",
    ("Knowledge", "deduce"): "int-deduce",
    ("Knowledge", "first aid"): "int-firstaid",
    ("Knowledge", "language"): "int-language",
    ("Law", "court procedures"): "int-court-proc",
    ("Law", "law enforcement"): "int-law-enforc",
    ("Leadership", "command"): "per-command",
    ("Leadership", "inspire"): "per-inspire",
    ("Manipulation", "lockpick"): "dex-lockpick",
    ("Manipulation", "pickpocket"): "dex-pickpocket",
    ("Manipulation", "prestidigitation"): "dex-prestidigation",
    ("Medical Science", "forensics"): "int-forensics",
    ("Medical Science", "psychiatry"): "int-psychology",
    ("Medical Science", "surgery"): "int-surgery",
    ("Medical Science", "treatment"): "int-treatment",
    ("Melee Weapons", "blade"): "str-blade",
    ("Melee Weapons", "bludgeon"): "str-bludgeon",
    ("Melee Weapons", "powered"): "str-powered-melee",
    ("Modern Ranged Weapons", "pistol"): "dex-pistol",
    ("Modern Ranged Weapons", "rifle"): "dex-rifle",
    ("Modern Ranged Weapons", "SMG"): "dex-smg",
    ("Movement", "race"): "con-race",
    ("Movement", "swim"): "con-swim",
    ("Movement", "trailblazing"): "con-trailblazing",
    ("Navigation", "surface navigation"): "int-surface",
    ("Navigation", "system astrogation"): "int-system-nav",
    ("Primitive Ranged Weapons", "bow"): "dex-bow",
    ("Primitive Ranged Weapons", "crossbow"): "dex-crossbow",
    ("Primitive Ranged Weapons", "flintlock"): "dex-flintlock",
    ("Primitive Ranged Weapons", "sling"): "dex-sling",
    ("Resolve", "mental resolve"): "wil-mental",
    ("Resolve", "physical resolve"): "wil-physical",
    ("Security", "security devices"): "int-sec-devices",
    ("Stamina", "endurance"): "con-endurance",
    ("Stamina", "resist pain"): "con-resist-pain",
    ("Stealth", "hide"): "dex-hide",
    ("Stealth", "shadow"): "dex-shadow",
    ("Stealth", "sneak"): "dex-sneak",
    ("Street Smart", "criminal elements"): "wil-criminal-elem",
    ("Street Smart", "street knowledge"): "wil-street-know",
    ("Survival", "survival training"): "con-survival-train",
    ("System Operation", "communications"): "int-communication",
    ("System Operation", "defenses"): "int-defenses",
    ("System Operation", "engineering"): "int-engineering",
    ("System Operation", "sensors"): "int-sensors",
    ("System Operation", "weapons"): "int-weapons-op",
    ("Technical Science", "invention"): "int-invention",
    ("Technical Science", "juryrig"): "int-juryrig",
    ("Technical Science", "repair"): "int-repair",
    ("Technical Science", "technical knowledge"): "int-technical-know",
    ("Unarmed Attack", "brawl"): "str-brawl",
    ("Unarmed Attack", "power martial arts"): "str-power",
    ("Vehicle Operation", "air vehicle"): "dex-air",
    ("Vehicle Operation", "land vehicle"): "dex-land",
    ("Vehicle Operation", "space vehicle"): "dex-space",
    ("Vehicle Operation", "water vehicle"): "dex-water",
}

BROAD_BY_ID: dict[str, str] = {v: k for k, v in BROAD_IDS.items()}
SPECIALTY_BY_ID: dict[str, tuple[str, str]] = {v: k for k, v in SPECIALTY_IDS.items()}
# Every id in SKILL_DEFINITIONS at that commit, so a state the system saved (which lists
# them all) is told apart from one that lists only what the hero has.
KNOWN_COUNT = 193
_SPECIALTY_FOLDED = {(b, s.casefold()): i for (b, s), i in SPECIALTY_IDS.items()}


def skill_id(broad: str, specialty: str = "") -> str | None:
    """The system's id of a broad skill, or of one of its specialties; None where its list
    has no such skill. Case and spacing do not matter, as on our sheet.

    >>> skill_id("modern ranged weapons", "Pistol"), skill_id("Stamina"), skill_id("Law", "x")
    ('dex-pistol', 'con-stamina', None)
    """
    key = find_broad(broad)
    if key is None:
        return None
    if not specialty.strip():
        return BROAD_IDS.get(key)
    return _SPECIALTY_FOLDED.get((key, " ".join(specialty.split()).casefold()))
