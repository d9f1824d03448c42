"""The record pages' fields: which keys professions, species and gear have, and what the
rules make of each. One list per kind of record, so a new key is one line."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.ui.universe_editor.document import PackEditorDocument
from sheetapp.ui.universe_editor.records_page import FieldSpec


def _group_names(document: PackEditorDocument) -> list[str]:
    return [str(g.get("name", "")) for g in document.pack.records("skill_groups")]


def _gear_names(document: PackEditorDocument) -> list[str]:
    return [
        str(item.get("name", ""))
        for table in ("weapons", "armour", "equipment")
        for item in document.pack.records(table)
    ]


PROFESSION = (
    FieldSpec("id", _("Id"), tip=_("Lowercase letters, digits, - and _; sheets store it.")),
    FieldSpec("name", _("Name")),
    FieldSpec("groups", _("Skill groups"), "names",
              _("The groups its profession skills come from."), choices=_group_names),
    FieldSpec("gear", _("Starting gear"), "names",
              _("Catalogue items a character of this profession starts with."),
              choices=_gear_names, optional=True),
    FieldSpec("description", _("Description"), "long", optional=True, default=""),
)

SPECIES = (
    FieldSpec("id", _("Id"), tip=_("Lowercase letters, digits, - and _; sheets store it.")),
    FieldSpec("name", _("Name")),
    FieldSpec("modifiers", _("Modifiers"), "modifiers",
              _("Added to a new character's attributes, with the base adjustment.")),
    FieldSpec("description", _("Description"), "long", optional=True, default=""),
)

WEAPON = (
    FieldSpec("name", _("Name"), tip=_("Professions name their gear by it.")),
    FieldSpec("damage", _("Damage"), tip=_("Dice such as 2d6 or 1d8+1.")),
    FieldSpec("lethality", _("Lethality"), "int",
              _("1-10: a hit whose ones digit is at most this harms body."), low=1, high=10),
    FieldSpec("weight_kg", _("Weight"), "float", _("Counts towards the load."),
              optional=True, high=10_000, default=0.0),
    FieldSpec("skill", _("Skill"), tip=_("The skill it is used with, as a note."),
              optional=True, default=""),
    FieldSpec("range", _("Range"), tip=_("Short/medium/long, as the setting measures it."),
              optional=True, default=""),
    FieldSpec("notes", _("Notes"), optional=True, default=""),
)

ARMOUR = (
    FieldSpec("name", _("Name"), tip=_("Professions name their gear by it.")),
    FieldSpec("reduces", _("Damage stopped"), "int",
              _("Points a hit loses against the wearer."), optional=True, high=100, default=0),
    FieldSpec("hit_penalty", _("Harder to hit"), "int",
              _("Taken from an attacker's chance, for armour that deflects."),
              optional=True, high=100, default=0),
    FieldSpec("weight_kg", _("Weight"), "float", _("Counts towards the load."),
              optional=True, high=10_000, default=0.0),
    FieldSpec("notes", _("Notes"), optional=True, default=""),
)

EQUIPMENT = (
    FieldSpec("name", _("Name"), tip=_("Professions name their gear by it.")),
    FieldSpec("weight_kg", _("Weight"), "float", _("Counts towards the load."),
              optional=True, high=10_000, default=0.0),
    FieldSpec("notes", _("Notes"), optional=True, default=""),
)
