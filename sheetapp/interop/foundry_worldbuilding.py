"""Any sheet as a Foundry "Simple Worldbuilding" actor (foundryvtt/worldbuilding,
template.json): ``health`` and ``power`` resources, grouped ``attributes`` each with a
``dtype`` (Number, String, Boolean, Resource with min/max, Formula for a roll), and items
with their own attributes. Group keys must not be ``attr`` or ``attributes`` nor hold a
space or a dot (the system's validateGroup)."""

from __future__ import annotations

import html
from typing import Any

from sheetapp.interop.dice_notation import foundry_formula
from sheetapp.interop.mapping import FoundryTarget
from sheetapp.interop.view import Item, Stat, TabletopView, key_of

SYSTEM_ID = "worldbuilding"
RESERVED_GROUPS = frozenset({"attr", "attributes"})


def html_text(text: str) -> str:
    """Plain text as the HTML a Foundry HTMLField shows: escaped, one paragraph a line."""
    return "".join(f"<p>{html.escape(line)}</p>" for line in text.split("\n") if line)


def _attribute(stat: Stat, group: str) -> dict[str, Any]:
    out: dict[str, Any] = {"value": stat.value, "label": stat.label, "group": group}
    if stat.maximum is not None:
        out.update(dtype="Resource", min=0, max=stat.maximum)
    elif isinstance(stat.value, bool):
        out["dtype"] = "Boolean"
    elif isinstance(stat.value, (int, float)):
        out["dtype"] = "Number"
    else:
        out["dtype"] = "String"
    return out


def _group_key(name: str) -> str:
    key = key_of(name or "other")
    return f"{key}_group" if key in RESERVED_GROUPS else key


def _resource(stat: Stat | None) -> dict[str, int]:
    if stat is None:
        return {"value": 0, "min": 0, "max": 0}
    return {"value": int(stat.value), "min": 0, "max": int(stat.maximum or 0)}


def system_data(view: TabletopView, _sheet: Any) -> dict[str, Any]:
    """The first two tracks are the system's ``health`` and ``power`` (the token's bars)
    and are written there only, so a table never has two copies of one track to keep in
    step. Each check is a Formula to click, with each number it is read against beside it
    as a Number of its own (the chance, the rating, the OB)."""
    attributes: dict[str, dict[str, Any]] = {}
    groups: dict[str, dict[str, str]] = {}

    def put(group_name: str, key: str, attribute: dict[str, Any]) -> None:
        group = _group_key(group_name)
        groups.setdefault(group, {"key": group, "label": group_name.title(), "dtype": "String"})
        slot = attributes.setdefault(group, {})
        unique, n = key, 2
        while unique in slot:
            unique, n = f"{key}_{n}", n + 1
        attribute["group"] = group
        slot[unique] = attribute

    stats = view.known_stats()
    bars = [s for s in stats if s.maximum is not None][:2]
    for stat in stats:
        if stat not in bars:
            put(stat.group or "details", stat.key, _attribute(stat, ""))
    for check in view.checks:
        put(check.group, check.key,
            {"dtype": "Formula", "value": foundry_formula(check.dice), "label": check.label})
        for name, number in check.against.items():
            put(check.group, f"{check.key}_{name}",
                {"dtype": "Number", "value": number, "label": f"{check.label}: {name}"})
    return {
        "biography": html_text(view.biography),
        "health": _resource(bars[0] if bars else None),
        "power": _resource(bars[1] if len(bars) > 1 else None),
        "attributes": attributes,
        "groups": groups,
    }


def _item(item: Item) -> tuple[str, str, dict[str, Any], dict[str, Any]]:
    attrs = {
        key_of(k): {"dtype": "Boolean" if isinstance(v, bool) else
                    "Number" if isinstance(v, (int, float)) else "String",
                    "value": v, "label": k.replace("_", " ").title()}
        for k, v in item.details.items()
    }
    attrs["kind"] = {"dtype": "String", "value": item.kind, "label": "Kind"}
    return item.name, "item", {
        "description": html_text(item.notes),
        "quantity": item.quantity,
        "weight": item.weight_kg,
        "attributes": attrs,
        "groups": {},
    }, {}


def items(
    view: TabletopView, _sheet: Any
) -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    return [_item(i) for i in view.items]


def read(actor: dict[str, Any]) -> dict[str, Any]:
    """Every attribute's value by its key, grouped or not (a group's attributes sit under
    the group's key, as the system stores them)."""
    out: dict[str, Any] = {}
    system = actor.get("system")
    attributes = system.get("attributes") if isinstance(system, dict) else None
    if not isinstance(attributes, dict):
        return out
    for key, entry in attributes.items():
        if isinstance(entry, dict) and "value" in entry:
            out.setdefault(key, entry["value"])
        elif isinstance(entry, dict):
            for inner, attribute in entry.items():
                if isinstance(attribute, dict) and "value" in attribute:
                    out.setdefault(inner, attribute["value"])
    return out


# foundryvtt/worldbuilding system.json at 02659bc5a8aa2cffa0c02c231e1a5cc4b7e19fb9: version
# 0.8.2, primaryTokenAttribute "health", secondaryTokenAttribute "power"; one Actor type.
TARGET = FoundryTarget(SYSTEM_ID, "0.8.2", "character", system_data, items, read,
                       bars=("health", "power"))
