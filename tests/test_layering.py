"""The layering the build enforces: rules know nothing of Qt or ReportLab.

Qt belongs to ``sheetapp/ui/`` and ReportLab to ``sheetapp/pdf/``; the rules, dice and
storage must be usable by a script with neither installed.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "sheetapp"

RULES = [
    # (top-level module, the only folder allowed to import it)
    ("PySide6", "ui"),
    ("shiboken6", "ui"),
    ("reportlab", "pdf"),
]
PURE = ("dice", "systems", "storage", "play", "interop", "findings.py", "formulas.py")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def python_files() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if "resources" not in p.parts]


def test_qt_and_reportlab_stay_in_their_folders() -> None:
    offences = []
    for path in python_files():
        folder = path.relative_to(PACKAGE).parts[0]
        for module in imported_modules(path):
            for top, allowed in RULES:
                if (module == top or module.startswith(top + ".")) and folder != allowed:
                    offences.append(f"{path.relative_to(PACKAGE.parent)} imports {module}")
    assert offences == []


def test_the_pure_layers_never_import_the_ui_or_the_pdf_exporter() -> None:
    offences = []
    for path in python_files():
        if path.relative_to(PACKAGE).parts[0] not in PURE:
            continue
        for module in imported_modules(path):
            if module.startswith(("sheetapp.ui", "sheetapp.pdf", "sheetapp.cli")):
                offences.append(f"{path.relative_to(PACKAGE.parent)} imports {module}")
    assert offences == []


def test_the_check_sees_every_module() -> None:
    assert len(python_files()) > 20
