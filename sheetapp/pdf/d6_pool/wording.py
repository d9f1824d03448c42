"""The words a d6 dice pool sheet prints: labels, states and ledger lines (our own)."""

from __future__ import annotations

from sheetapp.systems.d6_pool.model import XpEntry
from sheetapp.systems.d6_pool.names import Attribute, label

SYSTEM_NAME = "d6 Dice Pool"
FIELDS = "character"  # the sheet part of a blank's field names (forms.FIELD_NAME)

STATES = {
    "unhurt": "Unhurt",
    "hurt": "Hurt",
    "helpless": "Helpless: down and in pain",
    "unconscious": "Unconscious: further damage is lethal",
    "incapacitated": "Bleeding, cannot act",
    "dead": "Dead",
}

ATTACK = {"melee": "Melee", "ranged": "Ranged", "": ""}


def attribute_name(value: str | None) -> str:
    return label(Attribute(value)) if value else ""


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else str(amount)


def ledger_line(entry: XpEntry) -> str:
    """What an XP ledger line did, in a few words."""
    name = entry.name or (label(entry.attribute) if entry.attribute else "")
    if entry.kind in ("attribute", "skill", "trait"):
        return f"{name} {entry.from_rating} to {entry.to_rating}".strip()
    if entry.kind == "new_skill":
        return f"New skill: {name}"
    if entry.kind == "new_trait":
        return f"New trait: {name}"
    return {"award": "Award", "adjust": "Adjustment"}.get(entry.kind, entry.kind.capitalize())
