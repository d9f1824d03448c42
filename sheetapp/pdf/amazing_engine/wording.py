"""The words an Amazing Engine sheet prints: labels, abbreviations and ledger lines.

Labels are our own short wording; the universe's names for professions and species come
from its pack, so a sheet prints "Physician", not the id "physician".
"""

from __future__ import annotations

from sheetapp.systems.amazing_engine.catalog import universe_name, universe_or_generic
from sheetapp.systems.amazing_engine.model import Character, XpEntry
from sheetapp.systems.amazing_engine.names import Attribute, Pool, label

SYSTEM_NAME = "Amazing Engine"

ABBREVIATIONS: dict[Attribute, str] = {
    Attribute.FITNESS: "Fit",
    Attribute.REFLEXES: "Ref",
    Attribute.LEARNING: "Lea",
    Attribute.INTUITION: "Int",
    Attribute.PSYCHE: "Psy",
    Attribute.WILLPOWER: "Wil",
    Attribute.CHARM: "Cha",
    Attribute.POSITION: "Pos",
}

STATUS = {"active": "Active", "retired": "Retired", "dead": "Dead"}

LOAD_STATUS = {
    "unhindered": "Unhindered",
    "slowed": "Slowed: run and sprint halved",
    "walk_only": "Walk only",
    "overloaded": "Overloaded",
}

AREAS = (("general", "General"), ("non_vital", "Non-vital"), ("vital", "Vital"))


def system_line(universe_id: str | None) -> str:
    """What the header's right side says: the system, and the universe when there is one."""
    return f"{SYSTEM_NAME} · {universe_name(universe_id)}" if universe_id else SYSTEM_NAME


def profession_name(character: Character) -> str:
    universe, _ = universe_or_generic(character.universe)
    found = universe.profession(character.profession)
    return found.name if found else character.profession


def species_name(character: Character) -> str:
    universe, _ = universe_or_generic(character.universe)
    found = next((s for s in universe.species if s.id == character.species), None)
    return found.name if found else character.species


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else str(amount)


def ledger_line(entry: XpEntry) -> str:
    """What an XP ledger entry did, in a few words."""
    points = f" +{entry.points}" if entry.points else ""
    if entry.kind == "attribute" and entry.attribute is not None:
        return f"{label(Attribute(entry.attribute))}{points}"
    if entry.kind == "pool_die" and entry.pool is not None:
        return f"{label(Pool(entry.pool))} pool die{points}"
    if entry.kind == "skill":
        return f"Skill: {entry.skill}" if entry.skill else "Skill"
    if entry.kind == "tax":
        return f"Taxed: {entry.skill}" if entry.skill else "Taxed for a check"
    if entry.kind == "transfer":
        return f"Transfer: {entry.character}" if entry.character else "Transfer"
    return {"award": "Award", "lost": "Lost", "adjust": "Adjustment"}.get(
        entry.kind, entry.kind.capitalize()
    )
