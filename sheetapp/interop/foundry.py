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

from sheetapp.i18n import N_, _
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
from sheetapp.interop.reading import bounded, entries, mapping, read_object, shown_name
from sheetapp.interop.view import TabletopView
from sheetapp.systems.registry import system_ids

FLAG_SCOPE = "sheetapp"
ACTOR_IMG = "icons/svg/mystery-man.svg"  # Foundry's own default portrait
ITEM_IMG = "icons/svg/item-bag.svg"
# The last Foundry v12 build: v12 reads it as its own and v13 migrates it on import (a
# coreVersion newer than the running Foundry is what an import warns about).
CORE_VERSION = "12.343"
WHAT = N_("a Foundry actor")
# CONST.TOKEN_DISPOSITIONS and CONST.TOKEN_DISPLAY_MODES (the same in v12 and v13).
FRIENDLY, NEUTRAL = 1, 0
BARS_OWNER, BARS_OWNER_HOVER = 40, 20


def target_for(system_id: str) -> FoundryTarget:
    return mapping_for(system_id).foundry or foundry_worldbuilding.TARGET


def _foundry_id(*parts: str) -> str:
    """A stable 16-character id, as Foundry's documents carry: same sheet, same ids."""
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    number = int(digest, 16)
    return "".join(alphabet[(number >> (6 * i)) % len(alphabet)] for i in range(16))


def _token(
    view: TabletopView, target: FoundryTarget, name: str, system: dict[str, Any]
) -> dict[str, Any]:
    """The prototype token: a player character's is linked to the actor (damage on the
    token is damage on the sheet, as Foundry's own new characters are); an NPC's is not,
    so each token placed is its own copy. Both show the system's two bars, each where the
    sheet has that track (a d6 pool hero has no power: no empty second bar)."""
    pc = not view.npc
    bars = [bar if bar and (system.get(bar) or {}).get("max") else None
            for bar in target.bars]
    return {
        "name": name,
        "actorLink": pc,
        "disposition": FRIENDLY if pc else NEUTRAL,
        "displayName": BARS_OWNER_HOVER,
        "displayBars": BARS_OWNER if pc else BARS_OWNER_HOVER,
        "bar1": {"attribute": bars[0]},
        "bar2": {"attribute": bars[1]},
        "texture": {"src": ACTOR_IMG},
        "width": 1,
        "height": 1,
        "sight": {"enabled": pc},
    }


def _stats(target: FoundryTarget) -> dict[str, Any]:
    return {"coreVersion": CORE_VERSION, "systemId": target.system_id,
            "systemVersion": target.system_version, "compendiumSource": None,
            "duplicateSource": None, "createdTime": None, "modifiedTime": None,
            "lastModifiedBy": None}


def to_actor(sheet: BaseModel) -> dict[str, Any]:
    view = mapping_for(sheet.system).view(sheet)
    target = target_for(sheet.system)
    document = sheet_document(sheet)
    seed = json.dumps(document, sort_keys=True)
    actor_id = _foundry_id(seed)
    name = view.name or "Unnamed"
    flags: dict[str, Any] = {FLAG_SCOPE: document}
    if target.flags is not None:
        flags.update(target.flags(view, sheet, actor_id))
    system = target.system_data(view, sheet)
    return {
        "_id": actor_id,
        "name": name,
        "type": target.type_for(view),
        "img": ACTOR_IMG,
        "system": system,
        "prototypeToken": _token(view, target, name, system),
        "items": [
            {
                "_id": _foundry_id(seed, str(n)),
                "name": item_name or "Unnamed",
                "type": kind,
                "img": ITEM_IMG,
                "system": data,
                "effects": [],
                "flags": item_flags,
                "_stats": _stats(target),
            }
            for n, (item_name, kind, data, item_flags) in enumerate(target.items(view, sheet))
        ],
        "effects": [],
        "folder": None,
        "flags": flags,
        "_stats": _stats(target),
    }


def dumps(sheet: BaseModel) -> str:
    return json.dumps(to_actor(sheet), ensure_ascii=False, indent=2) + "\n"


def load(path: str | os.PathLike[str], system_id: str | None = None) -> Imported:
    return from_actor(read_object(path, _(WHAT)), str(path), system_id)


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
    foreign = foreign_sheet(mapping_for(chosen), data.get("name"), biography_of(system),
                            target.read(data))
    if target.complete is not None:
        foreign.sheet, left = target.complete(foreign.sheet, data)
        foreign.left_out += left
    else:
        foreign.left_out += [f"item {shown_name(i)}" for i in items]
    effects = data.get("effects")  # bounded with the rest; a malformed one is not ours
    effects = entries(effects, source, "effects") if isinstance(effects, (list, dict)) else []
    foreign.left_out += [f"effect {_effect_name(e)}" for e in effects]
    return foreign.done()


def _effect_name(effect: Any) -> str:
    """An active effect's name: ``name`` since Foundry 11, ``label`` before."""
    if isinstance(effect, dict) and "name" not in effect and "label" in effect:
        effect = {"name": effect["label"]}
    return shown_name(effect)


def biography_of(system: dict[str, Any]) -> Any:
    """A foreign actor's biography where its system keeps it: ``system.biography``
    (Simple Worldbuilding, Alternity) or ``system.details.biography.value`` (dnd5e and the
    systems built like it)."""
    if "biography" in system:
        return system["biography"]
    details = system.get("details")
    biography = details.get("biography") if isinstance(details, dict) else None
    return biography.get("value") if isinstance(biography, dict) else biography


def _system_of(data: dict[str, Any], source: str) -> str:
    """Which of our systems a foreign actor is for: only an Alternity actor says so."""
    stats = data.get("_stats")
    foundry_system = stats.get("systemId") if isinstance(stats, dict) else None
    for system_id in system_ids():
        target = mapping_for(system_id).foundry
        if target is not None and target.system_id == foundry_system:
            return system_id
    raise SystemNeeded(source)
