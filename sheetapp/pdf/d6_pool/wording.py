"""The words a d6 dice pool sheet prints: labels, states and ledger lines (our own)."""

from __future__ import annotations

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.systems.d6_pool.model import XpEntry
from sheetapp.systems.d6_pool.names import Attribute, label

SYSTEM_NAME = N_("d6 Dice Pool")  # the registry's name: read through _() where printed
FIELDS = "character"  # the sheet part of a blank's field names (forms.FIELD_NAME)

STATES = TranslatedTable({
    "unhurt": N_("Unhurt"),
    "hurt": N_("Hurt"),
    "helpless": N_("Helpless: down and in pain"),
    "unconscious": N_("Unconscious: further damage is lethal"),
    "incapacitated": N_("Bleeding, cannot act"),
    "dead": N_("Dead"),
})

ATTACK = TranslatedTable({"melee": N_("Melee"), "ranged": N_("Ranged"), "": ""})


def attribute_name(value: str | None) -> str:
    return label(Attribute(value)) if value else ""


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else str(amount)


def ledger_line(entry: XpEntry) -> str:
    """What an XP ledger line did, in a few words."""
    name = entry.name or (label(entry.attribute) if entry.attribute else "")
    if entry.kind in ("attribute", "skill", "trait"):
        return (
            _("{name} {from_rating} to {to_rating}")
            .format(name=name, from_rating=entry.from_rating, to_rating=entry.to_rating)
            .strip()
        )
    if entry.kind == "new_skill":
        return _("New skill: {name}").format(name=name)
    if entry.kind == "new_trait":
        return _("New trait: {name}").format(name=name)
    return _("Award") if entry.kind == "award" else _("Adjustment")  # the kinds left
