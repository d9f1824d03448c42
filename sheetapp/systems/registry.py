"""The one place game systems are registered.

Each system names its rules plugin, its Qt form, its PDF layout, its tabletop mapping and its
GM support by module path. Modules are imported on first use, so a command about one system
does not pay for the others, and this file can name the Qt and ReportLab modules without
importing either. What each module must hold is a Protocol in ``sheetapp.systems.contracts``,
checked for every system by ``tests/systems/test_contracts.py``. The window builds its
per-system menu items from here, so no system is special there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from sheetapp.i18n import N_, _

if TYPE_CHECKING:  # the plugin module brings pydantic, which the window's menus do not need
    from sheetapp.systems.plugin import SystemPlugin


@dataclass(frozen=True)
class MenuItem:
    """An item a system adds to the window's View menu (the Amazing Engine's universe
    browser): choosing it imports ``module`` (a Qt module) and calls its ``opener(window)``."""

    text: str
    module: str
    opener: str
    tip: str = ""


@dataclass(frozen=True)
class SystemModules:
    name: str  # marked, for menus without importing the system: read it by system_name()
    rules: str  # holds PLUGIN (contracts.RulesModule)
    form: str  # holds create_form(document) -> SheetForm (contracts.FormModule)
    pdf: str  # holds the printable layouts (contracts.PdfModule; see sheetapp/pdf/)
    interop: str  # holds MAPPING: the sheet as virtual tabletops see it (contracts.InteropModule)
    # holds SUPPORT: what the GM's tools need beyond the plugin (contracts.PlayModule); ""
    # leaves the system the generic support of sheetapp.play.support.
    play: str = ""
    view_menu: tuple[MenuItem, ...] = ()
    # holds create_wizard(parent, settings) -> StepWizard (sheetapp/ui/wizard/), the guided
    # creation behind File > New Character and the library's New; "" while a system has none
    wizard: str = ""
    wizard_text: str = ""  # the wizard's menu item when the system's name does not say enough


_SYSTEMS: dict[str, SystemModules] = {
    "amazing-engine": SystemModules(
        name=N_("Amazing Engine"),
        rules="sheetapp.systems.amazing_engine.plugin",
        form="sheetapp.ui.amazing_engine.form",
        pdf="sheetapp.pdf.amazing_engine",
        interop="sheetapp.interop.systems.amazing_engine",
        wizard="sheetapp.ui.amazing_engine.wizards",
        # Translators: "Player Core" is the game's term (see the glossary); the system's name stays.
        wizard_text=N_("Amazing Engine (Player &Core)…"),
        play="sheetapp.play.amazing_engine",
        view_menu=(
            MenuItem(
                N_("&Universes…"),
                "sheetapp.ui.amazing_engine.universe_browser",
                "open_universe_browser",
                N_(
                    "Browse the universes, their skill trees and pack problems; reload edited packs"
                ),
            ),
        ),
    ),
    "forgotten-futures": SystemModules(
        name=N_("Forgotten Futures"),
        rules="sheetapp.systems.forgotten_futures.plugin",
        form="sheetapp.ui.forgotten_futures.form",
        pdf="sheetapp.pdf.forgotten_futures",
        interop="sheetapp.interop.systems.forgotten_futures",
        wizard="sheetapp.ui.forgotten_futures.wizard",
        play="sheetapp.play.forgotten_futures",
    ),
    "d6-pool": SystemModules(
        name=N_("d6 Dice Pool"),
        rules="sheetapp.systems.d6_pool.plugin",
        form="sheetapp.ui.d6_pool.form",
        pdf="sheetapp.pdf.d6_pool",
        interop="sheetapp.interop.systems.d6_pool",
        wizard="sheetapp.ui.d6_pool.wizard",
        play="sheetapp.play.d6_pool",
    ),
    "alternity": SystemModules(
        name=N_("Alternity"),
        rules="sheetapp.systems.alternity.plugin",
        form="sheetapp.ui.alternity.form",
        pdf="sheetapp.pdf.alternity",
        interop="sheetapp.interop.systems.alternity",
        wizard="sheetapp.ui.alternity.wizard",
        play="sheetapp.play.alternity",
    ),
    "amplitude": SystemModules(
        name=N_("Amplitude Engine"),
        rules="sheetapp.systems.amplitude.plugin",
        form="sheetapp.ui.amplitude.form",
        pdf="sheetapp.pdf.amplitude",
        interop="sheetapp.interop.systems.amplitude",
        wizard="sheetapp.ui.amplitude.wizard",
        play="sheetapp.play.amplitude",
    ),
}


class UnknownSystemError(KeyError):
    def __str__(self) -> str:
        return _("unknown system '{system}'; known systems: {known}").format(
            system=self.args[0], known=", ".join(system_ids())
        )


def system_ids() -> list[str]:
    """Every system, the default one (the app's heart, the Amazing Engine) first."""
    return list(_SYSTEMS)


def systems_with_wizards() -> list[str]:
    """The systems whose sheets can be made step by step, in menu order."""
    return [system_id for system_id, entry in _SYSTEMS.items() if entry.wizard]


def wizard_text(system_id: str) -> str:
    """The menu item that opens ``system_id``'s creation wizard."""
    entry = modules(system_id)
    return _(entry.wizard_text) if entry.wizard_text else f"{system_name(system_id)}…"


def system_name(system_id: str) -> str:
    """``system_id``'s name as the person reads it ("d6-Würfelpool"; the proper names
    stay as their languages print them); its id when this sheetapp lacks the system (a
    library or a campaign may hold sheets of a newer one)."""
    entry = _SYSTEMS.get(system_id)
    return _(entry.name) if entry is not None else system_id


def default_system_id() -> str:
    """The system new sheets are made in until a person prefers another."""
    return system_ids()[0]


def modules(system_id: str) -> SystemModules:
    if system_id not in _SYSTEMS:
        raise UnknownSystemError(system_id)
    return _SYSTEMS[system_id]


@cache
def get_system(system_id: str) -> SystemPlugin:
    return import_module(modules(system_id).rules).PLUGIN
