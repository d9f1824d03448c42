"""The shape every game system has, so the command line, storage, forms and PDF treat all
systems alike and a new system is one folder plus one registry line."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from sheetapp.findings import Finding


class RequestError(ValueError):
    """A request (odds, a new sheet) a system cannot carry out; the message says why."""


@dataclass(frozen=True)
class OddsOption:
    """One input of a system's odds calculator (``--chance 45`` and the like)."""

    name: str
    help: str
    required: bool = False
    default: int | None = None


@dataclass(frozen=True)
class NewOptions:
    """What ``sheetapp new`` may ask of any system."""

    universe: str | None = None
    random: bool = False
    seed: int | None = None
    npc: bool = False


@dataclass(frozen=True)
class SystemPlugin:
    id: str
    name: str
    model: type[BaseModel]
    check: Callable[[Any], list[Finding]]
    figures: Callable[[Any], dict[str, Any]]
    describe: Callable[[Any], str]
    new: Callable[[NewOptions], BaseModel]
    odds: Callable[[Mapping[str, int | None]], dict[str, float]]
    odds_options: Sequence[OddsOption] = field(default=())
    # A finding's field path as a player reads it; the raw path by default.
    field_label: Callable[[Any, str], str] = field(default=lambda _sheet, path: path)
