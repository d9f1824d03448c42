"""Roll20 characters as the VTT Enhancement Suite (VTTES) writes and reads them, schema 3:
``{"schema_version": 3, "type": "character", "character": {...}}`` where the character has
``oldId``, ``name``, ``avatar``, ``bio``, ``gmnotes``, ``defaulttoken``, ``tags``,
``controlledby``, ``inplayerjournals``, ``attribs`` (name, current, max, id) and
``abilities`` (name, description, istokenaction, action, order). Schemas 1 and 2 (the
character at the top level) and R20Exporter's campaign characters (``attributes`` for
``attribs``) are read too.

Each stat is an attribute; each check is an ability whose macro rolls its dice inline and
shows what the roll is read against. The whole sheet travels as one more attribute,
``sheetapp_document``, so a character that comes back is the sheet exactly.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from pydantic import BaseModel

from sheetapp.i18n import N_, _
from sheetapp.interop import roll20_macro
from sheetapp.interop.foundry_worldbuilding import html_text
from sheetapp.interop.imported import (
    Imported,
    SystemNeeded,
    changed_places,
    edited_finding,
    foreign_sheet,
    own_sheet,
    sheet_document,
)
from sheetapp.interop.mapping import mapping_for
from sheetapp.interop.reading import (
    bounded,
    entries,
    mapping,
    parse_object,
    read_object,
    shown_name,
)
from sheetapp.interop.view import Check, TabletopView
from sheetapp.storage.document import MAX_VALUES as SHEET_VALUES
from sheetapp.storage.document import DocumentError
from sheetapp.systems.registry import system_ids

DOCUMENT_ATTRIBUTE = "sheetapp_document"
SYSTEM_ATTRIBUTE = "sheetapp_system"
SCHEMA_VERSION = 3
WHAT = N_("a Roll20 character")
# Roll20's own ids (window.generateUUID, which VTTES and Roll20's API scripts call): 20
# characters of this alphabet, eight from the time (the first "-" until the year 2109) and
# twelve at random.
ID_ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"


def roll20_id(*parts: str) -> str:
    """A stable id in Roll20's form: the same sheet gives the same ids, so a file exported
    twice is the same file."""
    number = int(hashlib.sha256("\x1f".join(parts).encode()).hexdigest(), 16)
    return "-" + "".join(ID_ALPHABET[(number >> (6 * i)) % 64] for i in range(19))


def ability(check: Check) -> dict[str, Any]:
    rows = [("roll", f"[[{check.dice}]]")]
    rows += [(name, str(value)) for name, value in check.against.items()]
    return {"name": check.label, "description": "", "istokenaction": False,
            "action": roll20_macro.macro(check.label, rows), "order": -1}


def _attribs(view: TabletopView) -> list[dict[str, Any]]:
    return [
        {"name": stat.key, "current": stat.value,
         "max": "" if stat.maximum is None else stat.maximum}
        for stat in view.known_stats()
    ]


def to_character(sheet: BaseModel) -> dict[str, Any]:
    """The character as VTTES's "Export" writes it (schema 3)."""
    view = mapping_for(sheet.system).view(sheet)
    document = sheet_document(sheet)
    seed = json.dumps(document, sort_keys=True)
    attribs = _attribs(view)
    attribs.append({"name": SYSTEM_ATTRIBUTE, "current": sheet.system, "max": ""})
    attribs.append({"name": DOCUMENT_ATTRIBUTE,
                    "current": json.dumps(document, ensure_ascii=False), "max": ""})
    for attrib in attribs:
        attrib["id"] = roll20_id(seed, attrib["name"])
    return {
        "schema_version": SCHEMA_VERSION,
        "type": "character",
        "character": {
            "oldId": roll20_id(seed),
            "name": view.name or "Unnamed",
            "avatar": "",
            "bio": html_text(view.biography),
            "gmnotes": "",
            "defaulttoken": "",
            "tags": "",
            "controlledby": "",
            "inplayerjournals": "",
            "attribs": attribs,
            "abilities": [ability(c) for c in view.checks],
        },
    }


def dumps(sheet: BaseModel) -> str:
    return json.dumps(to_character(sheet), ensure_ascii=False, indent=2) + "\n"


def load(path: str | os.PathLike[str], system_id: str | None = None) -> Imported:
    return from_character(read_object(path, _(WHAT)), str(path), system_id)


def character_of(data: dict[str, Any], source: str) -> dict[str, Any]:
    """The character inside any file VTTES or R20Exporter writes, with its attributes
    under ``attribs`` whichever of them wrote it; a handout or an unknown schema is refused
    in one line."""
    version = data.get("schema_version")
    if version is not None and version not in (1, 2, 3):
        raise DocumentError(
            _(
                "{source}: Roll20 export schema {version!r} is not one sheetapp reads (1, 2 or 3)"
            ).format(source=source, version=version)
        )
    if isinstance(data.get("characters"), list) and "attribs" not in data:
        raise DocumentError(
            _(
                "{source}: a Roll20 campaign of {count} characters; import one "
                "character's file (VTTES exports one)"
            ).format(source=source, count=len(data["characters"]))
        )
    kind = data.get("type")
    if version == 3 or kind is not None:
        if kind != "character":
            raise DocumentError(
                _("{source}: a Roll20 {shown_name}, not a character").format(
                    source=source, shown_name=shown_name({"name": kind})
                )
            )
        data = mapping(data.get("character"), source, "character")
    if "attribs" not in data and isinstance(data.get("attributes"), list):
        data = {**data, "attribs": data["attributes"]}  # R20Exporter
    if not any(k in data for k in ("attribs", "abilities", "bio", "name")):
        raise DocumentError(
            _("{source}: not a Roll20 character (no name, bio, attribs or abilities)").format(
                source=source
            )
        )
    return data


def from_character(
    data: dict[str, Any], source: str, system_id: str | None = None
) -> Imported:
    bounded(data, source)
    data = character_of(data, source)
    attribs = entries(data.get("attribs"), source, "attribs")
    abilities = entries(data.get("abilities"), source, "abilities")
    values: dict[str, Any] = {}
    for n, attrib in enumerate(attribs):
        if not isinstance(attrib, dict) or not isinstance(attrib.get("name"), str):
            raise DocumentError(_("{source}: attribs[{n}] has no name").format(source=source, n=n))
        values.setdefault(attrib["name"], attrib.get("current"))
    if DOCUMENT_ATTRIBUTE in values:
        document = values[DOCUMENT_ATTRIBUTE]
        where = f"{source}: attribute {DOCUMENT_ATTRIBUTE}"
        if not isinstance(document, str):
            raise DocumentError(_("{where} is not text").format(where=where))
        carried = parse_object(document, where, _("a sheetapp sheet"), limit=SHEET_VALUES)
        sheet = own_sheet(carried, where)
        ours = to_character(sheet)["character"]
        theirs = {a["name"]: {"current": a.get("current"), "max": a.get("max", "")}
                  for a in attribs}
        wrote = {a["name"]: {"current": a["current"], "max": a["max"]}
                 for a in ours["attribs"] if a["name"] != DOCUMENT_ATTRIBUTE}
        places = changed_places({"name": ours["name"], "attribs": wrote},
                                {"name": data.get("name"), "attribs": theirs})
        return Imported(sheet, edited_finding(places, "Roll20"), ours=True)
    chosen = system_id or values.get(SYSTEM_ATTRIBUTE)
    if chosen not in system_ids():
        raise SystemNeeded(source)
    values.pop(SYSTEM_ATTRIBUTE, None)
    foreign = foreign_sheet(mapping_for(chosen), data.get("name"), data.get("bio"), values)
    foreign.left_out += [f"ability {shown_name(a)}" for a in abilities]
    foreign.left_out += [shown for key, shown in UNREAD.items() if _filled(data.get(key))]
    return foreign.done()


# What a Roll20 character may hold that no sheet here has a place for, as a person names it.
UNREAD = {"gmnotes": "GM notes", "avatar": "avatar", "defaulttoken": "default token"}


def _filled(value: Any) -> bool:
    """Whether a field holds anything: Roll20 writes "" (or "null") for an empty one."""
    if isinstance(value, str):
        return value.strip() not in ("", "null")
    return value not in (None, {}, [])
