"""The one place game systems are registered.

Plugins are imported on first use, so a command about one system does not pay for the
others and the headless commands never import Qt or ReportLab.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from sheetapp.systems.plugin import SystemPlugin

# id -> module holding a ``PLUGIN`` attribute
_MODULES: dict[str, str] = {
    "amazing-engine": "sheetapp.systems.amazing_engine.plugin",
}


class UnknownSystemError(KeyError):
    def __str__(self) -> str:
        return f"unknown system '{self.args[0]}'; known systems: {', '.join(system_ids())}"


def system_ids() -> list[str]:
    return list(_MODULES)


@cache
def get_system(system_id: str) -> SystemPlugin:
    if system_id not in _MODULES:
        raise UnknownSystemError(system_id)
    return import_module(_MODULES[system_id]).PLUGIN
