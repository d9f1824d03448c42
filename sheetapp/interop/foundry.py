"""Foundry VTT actors: the document Foundry's "Export Data" writes and "Import Data" reads
(name, type, img, system, items, effects, flags, _stats).

The sheet's own system maps it (``SystemMapping.foundry``), else Simple Worldbuilding does,
so every sheet opens in Foundry. The whole sheet goes under ``flags.sheetapp``: an actor
that comes back is that sheet, exactly; an actor made elsewhere is mapped as far as it goes.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from pydantic import BaseModel

from sheetapp.findings import info
from sheetapp.interop import foundry_worldbuilding
from sheetapp.interop.imported import (
    Imported,
    SystemNeeded,
    changed_places,
    edited_finding,
    foreign_sheet,
    own_sheet,
    sheet_document,
)
from sheetapp.interop.mapping import FoundryTarget, mapping_for
from sheetapp.interop.reading import bounded, entries, mapping, read_object
from sheetapp.systems.registry import system_ids

FLAG_SCOPE = "sheetapp"
ACTOR_IMG = "icons/svg/mystery-man.svg"  # Foundry's own default portrait
ITEM_IMG = "icons/svg/item-bag.svg"
CORE_VERSION = "12"
WHAT = "a Foundry actor"


def target_for(system_id: str) -> FoundryTarget:
    return mapping_for(system_id).foundry or foundry_worldbuilding.TARGET


def _foundry_id(*parts: str) -> str:
    """A stable 16-character id, as Foundry's documents carry: same sheet, same ids."""
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    number = int(digest, 16)
    return "".join(alphabet[(number >> (6 * i)) % len(alphabet)] for i in range(16))


def to_actor(sheet: BaseModel) -> dict[str, Any]:
    view = mapping_for(sheet.system).view(sheet)
    target = target_for(sheet.system)
    document = sheet_document(sheet)
    seed = json.dumps(document, sort_keys=True)
    return {
        "_id": _foundry_id(seed),
        "name": view.name or "Unnamed",
        "type": target.actor_type,
        "img": ACTOR_IMG,
        "system": target.system_data(view, sheet),
        "items": [
            {
                "_id": _foundry_id(seed, str(n)),
                "name": name or "Unnamed",
                "type": kind,
                "img": ITEM_IMG,
                "system": data,
                "effects": [],
                "flags": {},
            }
            for n, (name, kind, data) in enumerate(target.items(view, sheet))
        ],
        "effects": [],
        "folder": None,
        "flags": {FLAG_SCOPE: document},
        "_stats": {"systemId": target.system_id, "coreVersion": CORE_VERSION},
    }


def dumps(sheet: BaseModel) -> str:
    return json.dumps(to_actor(sheet), ensure_ascii=False, indent=2) + "\n"


def load(path: str | os.PathLike[str], system_id: str | None = None) -> Imported:
    return from_actor(read_object(path, WHAT), str(path), system_id)


def from_actor(data: dict[str, Any], source: str, system_id: str | None = None) -> Imported:
    bounded(data, source)
    flags = mapping(data.get("flags"), source, "flags")
    system = mapping(data.get("system"), source, "system")
    items = entries(data.get("items"), source, "items")
    if FLAG_SCOPE in flags:
        sheet = own_sheet(flags[FLAG_SCOPE], f"{source}: flags.{FLAG_SCOPE}")
        ours = to_actor(sheet)
        places = changed_places({"name": ours["name"], "system": ours["system"]}, data)
        return Imported(sheet, edited_finding(places, "Foundry"), ours=True)
    chosen = system_id or _system_of(data, source)
    target = target_for(chosen)
    result = foreign_sheet(mapping_for(chosen), data.get("name"), system.get("biography"),
                           target.read(system))
    if items:
        result.findings.append(info("interop.items", "items",
                                    f"{len(items)} items not brought in; add them by hand"))
    return result


def _system_of(data: dict[str, Any], source: str) -> str:
    """Which of our systems a foreign actor is for: only an Alternity actor says so."""
    stats = data.get("_stats")
    foundry_system = stats.get("systemId") if isinstance(stats, dict) else None
    for system_id in system_ids():
        target = mapping_for(system_id).foundry
        if target is not None and target.system_id == foundry_system:
            return system_id
    raise SystemNeeded(source)
