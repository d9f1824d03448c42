"""Every registered system's modules hold what the registry promises (``sheetapp.contracts``):
each module is imported and checked against its Protocol, attributes and the parameters of
every function, and each system's figures are frozen dataclasses all the way down."""

from __future__ import annotations

import dataclasses
import inspect
import os
import subprocess
import sys
from importlib import import_module
from pathlib import Path
from types import ModuleType

import pytest

from sheetapp import contracts
from sheetapp.interop.mapping import SystemMapping
from sheetapp.play.support import GmSupport
from sheetapp.systems.plugin import NewOptions, SystemPlugin
from sheetapp.systems.registry import default_system_id, modules, system_ids


def _parameters(function: object) -> list[tuple[str, object]]:
    """Names and kinds of a function's parameters, ``self`` left out."""
    found = inspect.signature(function).parameters.values()  # type: ignore[arg-type]
    return [(p.name, p.kind) for p in found if p.name != "self"]


def contract_problems(module: ModuleType, protocol: type) -> list[str]:
    """What ``module`` lacks of ``protocol``, or how its functions' parameters differ."""
    functions = {
        name: wanted
        for name, wanted in vars(protocol).items()
        if inspect.isfunction(wanted) and not name.startswith("_")
    }
    members = [*getattr(protocol, "__annotations__", {}), *functions]
    problems = [f"{module.__name__} has no {name}" for name in members if not hasattr(module, name)]
    assert isinstance(module, protocol) == (problems == [])  # the runtime check agrees
    for name, wanted in functions.items():
        given = _parameters(getattr(module, name, wanted))
        if given != _parameters(wanted):
            problems.append(f"{module.__name__}.{name} takes {given}")
    return problems


MODULES = [
    ("rules", contracts.RulesModule),
    ("form", contracts.FormModule),
    ("pdf", contracts.PdfModule),
    ("interop", contracts.InteropModule),
    ("play", contracts.PlayModule),
]


@pytest.mark.parametrize("system_id", system_ids())
@pytest.mark.parametrize(("field", "protocol"), MODULES, ids=[m[0] for m in MODULES])
def test_every_module_holds_what_its_contract_says(system_id, field, protocol) -> None:
    module = import_module(getattr(modules(system_id), field))
    assert contract_problems(module, protocol) == []


@pytest.mark.parametrize("system_id", system_ids())
def test_the_named_objects_are_of_the_promised_types(system_id) -> None:
    entry = modules(system_id)
    plugin = import_module(entry.rules).PLUGIN
    assert isinstance(plugin, SystemPlugin) and plugin.id == system_id
    assert isinstance(import_module(entry.interop).MAPPING, SystemMapping)
    assert isinstance(import_module(entry.play).SUPPORT, GmSupport)


@pytest.mark.parametrize("system_id", system_ids())
def test_every_menu_item_names_an_opener_taking_the_window(system_id) -> None:
    for item in modules(system_id).view_menu:
        opener = getattr(import_module(item.module), item.opener)
        assert isinstance(opener, contracts.MenuOpener)
        assert [kind for _, kind in _parameters(opener)] == [
            inspect.Parameter.POSITIONAL_OR_KEYWORD
        ]
        assert item.text


def _frozen_all_the_way(value: object, where: str) -> list[str]:
    if dataclasses.is_dataclass(value):
        frozen = value.__dataclass_params__.frozen  # type: ignore[union-attr]
        found = [] if frozen else [f"{where} is not frozen"]
        for f in dataclasses.fields(value):
            found += _frozen_all_the_way(getattr(value, f.name), f"{where}.{f.name}")
        return found
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _frozen_all_the_way(v, f"{where}[{k!r}]")]
    if isinstance(value, (list, tuple)):
        return [p for i, v in enumerate(value) for p in _frozen_all_the_way(v, f"{where}[{i}]")]
    ok = value is None or isinstance(value, (str, int, float, bool))
    return [] if ok else [f"{where} is a {type(value).__name__}"]


@pytest.mark.parametrize("system_id", system_ids())
@pytest.mark.parametrize("npc", [False, True])
def test_figures_are_frozen_dataclasses_of_plain_values(system_id, npc) -> None:
    plugin = import_module(modules(system_id).rules).PLUGIN
    figures = plugin.figures(plugin.new(NewOptions(random=True, seed=3, npc=npc)))
    assert dataclasses.is_dataclass(figures)
    assert _frozen_all_the_way(figures, "figures") == []


def test_the_default_system_is_registered() -> None:
    assert default_system_id() in system_ids()


def test_a_broken_module_is_caught() -> None:
    """The check itself can fail: a module without ``sections`` and one whose
    ``blank_sections`` takes other parameters are both reported."""
    lacking = ModuleType("lacking")
    lacking.blank_sections = lambda *, fillable=False, universe=None: []  # type: ignore[attr-defined]
    assert contract_problems(lacking, contracts.PdfModule) == ["lacking has no sections"]
    odd = ModuleType("odd")
    odd.sections = lambda sheets, *, stat_blocks=False: []  # type: ignore[attr-defined]
    odd.blank_sections = lambda fillable=False: []  # type: ignore[attr-defined]
    assert contract_problems(odd, contracts.PdfModule) == [
        "odd.blank_sections takes [('fillable', <_ParameterKind.POSITIONAL_OR_KEYWORD: 1>)]"
    ]


def test_the_registry_and_every_play_module_import_neither_qt_nor_reportlab() -> None:
    """The registry names Qt and ReportLab modules but imports them only when asked for a
    form or a PDF; the GM support (play) a headless command uses stays pure."""
    probe = (
        "import sys; from sheetapp.systems.registry import system_ids, modules, get_system; "
        "from sheetapp.play.support import gm_support; "
        "[(modules(s), get_system(s), gm_support(s)) for s in system_ids()]; "
        "print([m for m in sys.modules if m.startswith(('PySide6', 'reportlab'))])"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "[]", "")
