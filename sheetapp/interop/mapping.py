"""How a system's sheet becomes a :class:`TabletopView`, and where a foreign actor's name,
text and numbers go back in. Each system's mapping is named by the registry
(``SystemModules.interop``), so no target holds a list of systems."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from pydantic import BaseModel

from sheetapp.interop.view import TabletopView
from sheetapp.systems.registry import modules


@dataclass(frozen=True)
class SystemMapping:
    view: Callable[[Any], TabletopView]
    name_path: str  # where a foreign actor's name goes, dotted ("characters.0.name")
    notes_path: str  # where its biography goes, as plain text
    blank: Callable[[], BaseModel]  # the sheet a foreign actor is written into
    # The Foundry game system with its own data model for this system's sheets; None: the
    # generic Simple Worldbuilding system (sheetapp.interop.foundry_worldbuilding).
    foundry: FoundryTarget | None = None


@dataclass(frozen=True)
class FoundryTarget:
    """A Foundry game system's actor shape: its id and the version whose data models our
    tests hold (``_stats.systemId``, ``systemVersion``), the actor types, the ``system``
    data, embedded items and the system's own flags it wants, made from a view and the
    sheet itself."""

    system_id: str
    system_version: str
    actor_type: str
    system_data: Callable[[TabletopView, Any], dict[str, Any]]
    # (name, item type, system data, the item's flags) for each embedded item
    items: Callable[[TabletopView, Any], list[tuple[str, str, dict[str, Any], dict[str, Any]]]]
    # A foreign actor (the whole document) as stat key -> raw value, for what may come back.
    read: Callable[[dict[str, Any]], dict[str, Any]]
    bars: tuple[str | None, str | None] = (None, None)  # the token's two bars
    npc_type: str | None = None  # the actor type for an NPC, where the system has one
    # The flags the system's own sheet reads (by scope), given the actor's id.
    flags: Callable[[TabletopView, Any, str], dict[str, Any]] | None = None
    # What a foreign actor holds beyond stats (skills, armour, damage taken), written into
    # the sheet mapped so far; returns the sheet and the names of what it could not place.
    complete: Callable[[BaseModel, dict[str, Any]], tuple[BaseModel, list[str]]] | None = None

    def type_for(self, view: TabletopView) -> str:
        return self.npc_type if view.npc and self.npc_type else self.actor_type


def mapping_for(system_id: str) -> SystemMapping:
    return import_module(modules(system_id).interop).MAPPING
