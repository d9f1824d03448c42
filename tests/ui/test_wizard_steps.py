"""The shared wizard machinery: marks that follow a row, text rows, the default result."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QLineEdit, QSpinBox

from sheetapp.findings import error
from sheetapp.systems.d6_pool.model import D6PoolSheet
from sheetapp.ui.wizard.stepped import SheetCheck, StepWizard
from sheetapp.ui.wizard.steps import StepPage


@dataclass
class Draft:
    name: str = ""
    broken: str = ""  # a path the rules report an error at


class RowPage(StepPage):
    def __init__(self, host: StepWizard) -> None:
        super().__init__(host, "Rows", "A rule.")
        self.edits = self.add_text_rows(host.draft, [("name", "&Name:", "A name")])
        self.box = QSpinBox(objectName="row")
        self.body.addWidget(self.box)
        self.mark("rows[0]", self.box)

    def prefixes(self) -> tuple[str, ...]:
        return ("rows", "name")


class RowWizard(StepWizard):
    def __init__(self) -> None:
        super().__init__(None, None, "getting-started")
        self.draft = Draft()
        self._add_steps([RowPage(self)])

    def build_snapshot(self) -> SheetCheck:
        found = [error("x", self.draft.broken, "Broken.")] if self.draft.broken else []
        return SheetCheck(sheet=D6PoolSheet(name=self.draft.name), findings=found)


def test_remark_moves_a_widgets_mark_to_another_path(qtbot):
    wizard = RowWizard()
    qtbot.addWidget(wizard)
    page = wizard.page(wizard.pageIds()[0])
    wizard.draft.broken = "rows[1]"
    wizard.changed()
    assert page.box.property("finding") == ""  # marked for rows[0]
    page.remark(page.box, "rows[1]")
    wizard.changed()
    assert page.box.property("finding") == "error"
    page.remark(page.box, None)
    wizard.changed()
    assert page.box.property("finding") == ""
    assert not page.isComplete()  # the error still blocks the step


def test_text_rows_write_the_draft_and_the_result_is_a_copy(qtbot):
    wizard = RowWizard()
    qtbot.addWidget(wizard)
    qtbot.keyClicks(wizard.findChild(QLineEdit, "name"), "Ada")
    assert wizard.draft.name == "Ada"
    result = wizard.result_sheet()
    assert result.name == "Ada"
    result.name = "Bea"
    assert wizard.snapshot().sheet.name == "Ada"
