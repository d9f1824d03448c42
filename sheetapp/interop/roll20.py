"""Roll20 characters in the de facto JSON of its exporters and importers: ``name``, ``bio``,
``gmnotes``, ``attribs`` (name, current, max) and ``abilities`` (name, action: a macro).

Each stat is an attribute; each check is an ability whose macro rolls its dice inline and
shows what the roll is read against. The whole sheet travels as one more attribute,
``sheetapp_document``, so a character that comes back is the sheet exactly.
"""

from __future__ import annotations

import json
import os
from typing import Any

from pydantic import BaseModel

from sheetapp.findings import info
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
from sheetapp.interop.reading import bounded, entries, parse_object, read_object
from sheetapp.interop.view import Check, TabletopView
from sheetapp.storage.document import DocumentError
from sheetapp.systems.registry import system_ids

DOCUMENT_ATTRIBUTE = "sheetapp_document"
SYSTEM_ATTRIBUTE = "sheetapp_system"
SCHEMA_VERSION = 2
WHAT = "a Roll20 character"


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
    view = mapping_for(sheet.system).view(sheet)
    attribs = _attribs(view)
    attribs.append({"name": SYSTEM_ATTRIBUTE, "current": sheet.system, "max": ""})
    attribs.append({"name": DOCUMENT_ATTRIBUTE, "current": json.dumps(sheet_document(sheet),
                                                                      ensure_ascii=False),
                    "max": ""})
    return {
        "schema_version": SCHEMA_VERSION,
        "name": view.name or "Unnamed",
        "avatar": "",
        "bio": html_text(view.biography),
        "gmnotes": "",
        "defaulttoken": "",
        "tags": "[]",
        "controlledby": "",
        "inplayerjournals": "",
        "attribs": attribs,
        "abilities": [ability(c) for c in view.checks],
    }


def dumps(sheet: BaseModel) -> str:
    return json.dumps(to_character(sheet), ensure_ascii=False, indent=2) + "\n"


def load(path: str | os.PathLike[str], system_id: str | None = None) -> Imported:
    return from_character(read_object(path, WHAT), str(path), system_id)


def from_character(
    data: dict[str, Any], source: str, system_id: str | None = None
) -> Imported:
    bounded(data, source)
    attribs = entries(data.get("attribs"), source, "attribs")
    abilities = entries(data.get("abilities"), source, "abilities")
    values: dict[str, Any] = {}
    for n, attrib in enumerate(attribs):
        if not isinstance(attrib, dict) or not isinstance(attrib.get("name"), str):
            raise DocumentError(f"{source}: attribs[{n}] has no name")
        values.setdefault(attrib["name"], attrib.get("current"))
    if DOCUMENT_ATTRIBUTE in values:
        document = values[DOCUMENT_ATTRIBUTE]
        where = f"{source}: attribute {DOCUMENT_ATTRIBUTE}"
        if not isinstance(document, str):
            raise DocumentError(f"{where} is not text")
        sheet = own_sheet(parse_object(document, where, "a sheetapp sheet"), where)
        ours = to_character(sheet)
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
    result = foreign_sheet(mapping_for(chosen), data.get("name"), data.get("bio"), values)
    if abilities:
        result.findings.append(info("interop.abilities", "abilities",
                                    f"{len(abilities)} abilities (macros) not brought in; "
                                    "sheetapp computes its own checks"))
    return result

