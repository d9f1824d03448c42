"""The GM's tools are pure Python, like the rules: no Qt, no ReportLab, no UI or PDF code
(until tests/test_layering.py lists ``play`` among its pure layers)."""

from __future__ import annotations

from tests.test_layering import PACKAGE, imported_modules

FORBIDDEN = ("PySide6", "shiboken6", "reportlab", "sheetapp.ui", "sheetapp.pdf", "sheetapp.cli")


def test_play_and_the_library_import_nothing_of_the_ui_or_the_pdf() -> None:
    offences = []
    files = [*(PACKAGE / "play").rglob("*.py"), *(PACKAGE / "storage" / "library").rglob("*.py")]
    assert len(files) > 10
    for path in files:
        for module in imported_modules(path):
            if module.startswith(FORBIDDEN):
                offences.append(f"{path.name} imports {module}")
    assert offences == []
