"""Who the character is, their defence, and the skills, weapons and tools they act with."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.amplitude.model import AmplitudeSheet, Skill, Tool, Weapon
from sheetapp.systems.amplitude.wounds import penalty
from sheetapp.ui.amplitude.tables import LiveListModel, SkillChoice, list_box
from sheetapp.ui.binding import FieldRegistry, bind_check, bind_line_edit, bind_spin
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import Column

TIPS = {
    "ob": "Offensive Bonus: how many columns left of 0 the Player's Total Roll starts, "
    "before the opposition's DB and the 4dF.",
    "with_wound": "The OB with the current wound's penalty (-1, -2 or -4): where the roll "
    "starts against a DB of 0.",
    "db": "Defensive Bonus: how many columns an attacker's Player's Total Roll moves to the "
    "right (OB - DB).",
    "power": "Weapon Quality/Power, added to the attack's Amp: +0 improvised up to +6 for "
    "relics; past +6 is beyond the scale.",
    "quality": "Added to the Amp of the skill the tool serves; negative when the tools are "
    "poor or missing.",
    "skill": "The skill this is used with (one of the character's skills).",
    "npc": "A non-player character: shown as NPC in the library and on stat blocks.",
}


def _rolled_now(document: SheetDocument, skill: Skill) -> str:
    sheet: AmplitudeSheet = document.sheet  # type: ignore[assignment]
    shift = penalty(sheet.wound)
    return "cannot act" if shift is None else f"{skill.ob + shift:+d}"


class CharacterTab(QWidget):
    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.fields = fields
        grid = QGridLayout(self)
        left = QVBoxLayout()
        left.addWidget(self._identity_box())
        left.addWidget(self._defence_box())
        left.addStretch(1)
        grid.addLayout(left, 0, 0)

        skill_columns = [
            Column("Skill", "name"),
            Column("OB", "ob", tooltip=TIPS["ob"], align_right=True),
            Column(
                "With wound",
                compute=lambda s, _r: _rolled_now(document, s),
                tooltip=TIPS["with_wound"],
                align_right=True,
            ),
            Column("Notes", "notes"),
        ]
        self.skills = LiveListModel(document, ("skills",), skill_columns, self)
        skills_box, self.skills_view = list_box(
            "Skills",
            self.skills,
            "skills",
            lambda: Skill(name="New skill"),
            fields,
            stretch=(0, 3),
        )
        grid.addWidget(skills_box, 0, 1)

        for column, (title, path, make, value, tip) in enumerate(
            (
                ("Weapons", "weapons", lambda: Weapon(name="New weapon"), "power", "power"),
                ("Tools", "tools", lambda: Tool(name="New tool"), "quality", "quality"),
            )
        ):
            columns = [
                Column(title.rstrip("s"), "name"),
                Column(value.capitalize(), value, tooltip=TIPS[tip], align_right=True),
                Column("Skill", "skill", tooltip=TIPS["skill"]),
                Column("Notes", "notes"),
            ]
            model = LiveListModel(document, (path,), columns, self)
            box, view = list_box(title, model, path, make, fields, stretch=(0, 3))
            view.setItemDelegateForColumn(2, SkillChoice(self._skill_names, view))
            setattr(self, path, model)
            grid.addWidget(box, 1, column)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 3)
        grid.setRowStretch(0, 3)
        grid.setRowStretch(1, 2)

    def _skill_names(self) -> list[str]:
        sheet: AmplitudeSheet = self.document.sheet  # type: ignore[assignment]
        return [s.name for s in sheet.skills]

    def _line(self, path: str, tip: str = "") -> QLineEdit:
        edit = QLineEdit(objectName=path)
        bind_line_edit(self.document, (path,), edit)
        self.fields.add((path,), edit, tip)
        return edit

    def _identity_box(self) -> QGroupBox:
        box = QGroupBox("Character")
        form = QFormLayout(box)
        form.addRow("Name", self._line("name"))
        form.addRow("Player", self._line("player"))
        form.addRow("Concept", self._line("concept", "Who the character is, in a few words."))
        npc = QCheckBox("Non-player character", objectName="npc")
        bind_check(self.document, ("npc",), npc)
        self.fields.add(("npc",), npc, TIPS["npc"])
        form.addRow("", npc)
        return box

    def _defence_box(self) -> QGroupBox:
        box = QGroupBox("Defence")
        form = QFormLayout(box)
        db = QSpinBox(objectName="defensive_bonus")
        db.setRange(-99, 99)
        bind_spin(self.document, ("defensive_bonus",), db, optional=False)
        self.fields.add(("defensive_bonus",), db, TIPS["db"])
        form.addRow("Defensive Bonus", db)
        form.addRow(
            "Comes from",
            self._line("defence_notes", "What gives the DB: armour, shield, cover, agility."),
        )
        return box
