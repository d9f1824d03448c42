"""The record pages' fields: which keys professions, species and gear have, and what the
rules make of each. One list per kind of record, so a new key is one line."""

from __future__ import annotations

from sheetapp.i18n import N_
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
    FieldSpec("id", N_("Id"), tip=N_("Lowercase letters, digits, - and _; sheets store it.")),
    FieldSpec("name", N_("Name")),
    FieldSpec("groups", N_("Skill groups"), "names",
              N_("The groups its profession skills come from."), choices=_group_names),
    FieldSpec("gear", N_("Starting gear"), "names",
              N_("Catalogue items a character of this profession starts with."),
              choices=_gear_names, optional=True),
    FieldSpec("description", N_("Description"), "long", optional=True, default=""),
)

SPECIES = (
    FieldSpec("id", N_("Id"), tip=N_("Lowercase letters, digits, - and _; sheets store it.")),
    FieldSpec("name", N_("Name")),
    FieldSpec("modifiers", N_("Modifiers"), "modifiers",
              N_("Added to a new character's attributes, with the base adjustment.")),
    FieldSpec("description", N_("Description"), "long", optional=True, default=""),
)

WEAPON = (
    FieldSpec("name", N_("Name"), tip=N_("Professions name their gear by it.")),
    FieldSpec("damage", N_("Damage"), tip=N_("Dice such as 2d6 or 1d8+1.")),
    FieldSpec("lethality", N_("Lethality"), "int",
              N_("1-10: a hit whose ones digit is at most this harms body."), low=1, high=10),
    FieldSpec("weight_kg", N_("Weight"), "float", N_("Counts towards the load."),
              optional=True, high=10_000, default=0.0),
    FieldSpec("skill", N_("Skill"), tip=N_("The skill it is used with, as a note."),
              optional=True, default=""),
    FieldSpec("range", N_("Range"), tip=N_("Short/medium/long, as the setting measures it."),
              optional=True, default=""),
    FieldSpec("notes", N_("Notes"), optional=True, default=""),
)

ARMOUR = (
    FieldSpec("name", N_("Name"), tip=N_("Professions name their gear by it.")),
    FieldSpec("reduces", N_("Damage stopped"), "int",
              N_("Points a hit loses against the wearer."), optional=True, high=100, default=0),
    FieldSpec("hit_penalty", N_("Harder to hit"), "int",
              N_("Taken from an attacker's chance, for armour that deflects."),
              optional=True, high=100, default=0),
    FieldSpec("weight_kg", N_("Weight"), "float", N_("Counts towards the load."),
              optional=True, high=10_000, default=0.0),
    FieldSpec("notes", N_("Notes"), optional=True, default=""),
)

EQUIPMENT = (
    FieldSpec("name", N_("Name"), tip=N_("Professions name their gear by it.")),
    FieldSpec("weight_kg", N_("Weight"), "float", N_("Counts towards the load."),
              optional=True, high=10_000, default=0.0),
    FieldSpec("notes", N_("Notes"), optional=True, default=""),
)
