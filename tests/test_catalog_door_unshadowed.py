"""A module that reads its sentences through ``sheetapp.i18n._`` never binds ``_`` to
something else (``value, _ = pair``): the next ``_("...")`` in that scope would call a
string, and a refusal meant for a person would end as an internal error instead."""

from __future__ import annotations

import ast
from pathlib import Path

import sheetapp

ROOT = Path(sheetapp.__file__).parent


def _imports_the_door(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom) and node.module == "sheetapp.i18n"
        and any(alias.name == "_" and alias.asname is None for alias in node.names)
        for node in ast.walk(tree)
    )


def _calls_the_door(scope: ast.AST) -> bool:
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
        for node in ast.walk(scope)
    )


def test_no_module_that_speaks_through_the_catalog_rebinds_its_door():
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not _imports_the_door(tree):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                names = [a.arg for a in (*node.args.args, *node.args.kwonlyargs)]
                if "_" in names and _calls_the_door(node):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} (argument)")
    assert not found, "these bind _ over the catalog's door: " + ", ".join(found)
