"""The one place game systems are registered.

Each system names its rules plugin, its Qt form and its PDF layout by module path. Modules
are imported on first use, so a command about one system does not pay for the others, and
this file can name the Qt and ReportLab modules without importing either.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module

from sheetapp.systems.plugin import SystemPlugin


@dataclass(frozen=True)
class SystemModules:
    name: str  # for menus, without importing the system
    rules: str  # holds PLUGIN
    form: str  # holds create_form(document) -> SheetForm
    pdf: str  # holds the printable layouts (see sheetapp/pdf/)
    interop: str  # holds MAPPING: the sheet as virtual tabletops see it (sheetapp/interop/)
    # holds create_wizard(parent, settings) -> StepWizard (sheetapp/ui/wizard/), the guided
    # creation behind File > New Character and the library's New; "" while a system has none
    wizard: str = ""


_SYSTEMS: dict[str, SystemModules] = {
    "amazing-engine": SystemModules(
        name="Amazing Engine",
        rules="sheetapp.systems.amazing_engine.plugin",
        form="sheetapp.ui.amazing_engine.form",
        pdf="sheetapp.pdf.amazing_engine",
        interop="sheetapp.interop.systems.amazing_engine",
        wizard="sheetapp.ui.amazing_engine.wizards",
    ),
    "forgotten-futures": SystemModules(
        name="Forgotten Futures",
        rules="sheetapp.systems.forgotten_futures.plugin",
        form="sheetapp.ui.forgotten_futures.form",
        pdf="sheetapp.pdf.forgotten_futures",
        interop="sheetapp.interop.systems.forgotten_futures",
        wizard="sheetapp.ui.forgotten_futures.wizard",
    ),
    "d6-pool": SystemModules(
        name="d6 Dice Pool",
        rules="sheetapp.systems.d6_pool.plugin",
        form="sheetapp.ui.d6_pool.form",
        pdf="sheetapp.pdf.d6_pool",
        interop="sheetapp.interop.systems.d6_pool",
        wizard="sheetapp.ui.d6_pool.wizard",
    ),
    "alternity": SystemModules(
        name="Alternity",
        rules="sheetapp.systems.alternity.plugin",
        form="sheetapp.ui.alternity.form",
        pdf="sheetapp.pdf.alternity",
        interop="sheetapp.interop.systems.alternity",
        wizard="sheetapp.ui.alternity.wizard",
    ),
    "amplitude": SystemModules(
        name="Amplitude Engine",
        rules="sheetapp.systems.amplitude.plugin",
        form="sheetapp.ui.amplitude.form",
        pdf="sheetapp.pdf.amplitude",
        interop="sheetapp.interop.systems.amplitude",
        wizard="sheetapp.ui.amplitude.wizard",
    ),
}


class UnknownSystemError(KeyError):
    def __str__(self) -> str:
        return f"unknown system '{self.args[0]}'; known systems: {', '.join(system_ids())}"


def system_ids() -> list[str]:
    return list(_SYSTEMS)


def systems_with_wizards() -> list[str]:
    """The systems whose sheets can be made step by step, in menu order."""
    return [system_id for system_id, entry in _SYSTEMS.items() if entry.wizard]


def modules(system_id: str) -> SystemModules:
    if system_id not in _SYSTEMS:
        raise UnknownSystemError(system_id)
    return _SYSTEMS[system_id]


@cache
def get_system(system_id: str) -> SystemPlugin:
    return import_module(modules(system_id).rules).PLUGIN
