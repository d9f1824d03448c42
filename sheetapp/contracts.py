"""What each module a system's registry entry names must hold (``sheetapp.systems.registry``).

The registry names modules by path and imports them on first use, so nothing but a test
would notice a module that lost its ``create_form`` or renamed ``sections``: these Protocols
say what every system's modules hold, and ``tests/test_contracts.py`` checks each registered
system against them (the attributes, and the parameters of each function).

This module sits at the top of the package, beside the layers it describes: the types it
names live in the Qt, PDF and play layers, which the pure ``sheetapp.systems`` may not import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from pydantic import BaseModel

    from sheetapp.interop.mapping import SystemMapping
    from sheetapp.pdf.kit.document import Section
    from sheetapp.play.support import GmSupport
    from sheetapp.systems.plugin import SystemPlugin
    from sheetapp.ui.document import SheetDocument
    from sheetapp.ui.sheet_form import SheetForm


@runtime_checkable
class RulesModule(Protocol):
    """``SystemModules.rules``: the system's rules as one plugin."""

    PLUGIN: SystemPlugin


@runtime_checkable
class FormModule(Protocol):
    """``SystemModules.form``: the Qt form that edits the system's sheets."""

    def create_form(self, document: SheetDocument) -> SheetForm: ...


@runtime_checkable
class PdfModule(Protocol):
    """``SystemModules.pdf``: the printable layouts ``sheetapp.pdf.export`` builds from."""

    def sections(self, sheets: Sequence[BaseModel], *, stat_blocks: bool = False) -> list[Section]:
        """One section per sheet, or all of them as stat blocks."""
        ...

    def blank_sections(
        self, *, fillable: bool = False, universe: str | None = None
    ) -> list[Section]:
        """An empty sheet to fill in (in ``universe`` where the system has universes)."""
        ...


@runtime_checkable
class InteropModule(Protocol):
    """``SystemModules.interop``: the sheet as virtual tabletops see it."""

    MAPPING: SystemMapping


@runtime_checkable
class PlayModule(Protocol):
    """``SystemModules.play``: what the GM's tools need beyond the plugin."""

    SUPPORT: GmSupport


@runtime_checkable
class MenuOpener(Protocol):
    """The function a ``MenuItem`` names: opens what the item offers, over ``window``."""

    def __call__(self, window: Any) -> object: ...
