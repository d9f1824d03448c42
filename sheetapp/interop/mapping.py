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
    """A Foundry game system's actor shape: its id (``_stats.systemId``) and the ``system``
    data and embedded items it wants, made from a view and the sheet itself."""

    system_id: str
    actor_type: str
    system_data: Callable[[TabletopView, Any], dict[str, Any]]
    items: Callable[[TabletopView, Any], list[tuple[str, str, dict[str, Any]]]]
    # A foreign actor's ``system`` data as stat key -> raw value, for what may come back.
    read: Callable[[dict[str, Any]], dict[str, Any]]


def mapping_for(system_id: str) -> SystemMapping:
    return import_module(modules(system_id).interop).MAPPING
