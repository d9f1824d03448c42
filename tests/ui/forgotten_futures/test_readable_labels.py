"""The skills and weapons tables read to a newcomer: no bare rules codes ("AvM&S") or
shorthand headers ("Hurt", "vs 6") without what they count."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from sheetapp.systems.forgotten_futures.model import Skill
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.sheet_form import create_form
from tests.systems.forgotten_futures.records import played


def _headers(view: QTableView) -> list[str]:
    model = view.model()
    return [
        model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        for c in range(model.columnCount())
    ]


def test_bases_are_spelled_out_and_headers_say_what_they_count(qtbot) -> None:
    sheet = played()
    sheet.skills = [*sheet.skills, Skill(name="Detective", base="AvM&S", points=1)]
    form = create_form(SheetDocument(sheet))
    qtbot.addWidget(form)
    skills = form.findChild(QTableView, "skills")
    headers = _headers(skills)
    assert "Hurt" not in headers and "vs 6" not in headers
    assert {"When hurt", "2D6 vs 6"} <= set(headers)
    base = headers.index("Base")
    shown = skills.model().index(len(sheet.skills) - 1, base).data()
    assert shown == "avg MIND & SOUL"
    assert "When hurt" in _headers(form.findChild(QTableView, "weapons"))
