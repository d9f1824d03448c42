"""Who the character is, their defence, and the skills, weapons and tools they act with."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QStyledItemDelegate,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.systems.amplitude.figures import AmplitudeFigures
from sheetapp.systems.amplitude.model import AmplitudeSheet, Skill, Tool, Weapon
from sheetapp.systems.amplitude.rolls import gear_check, skill_check
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.list_table_model import DASH, Column, LiveListModel
from sheetapp.ui.page_layout import fill, scrolled
from sheetapp.ui.roll_buttons import RowCheck, install_list_rolls, roll_column
from sheetapp.ui.sheet_form import FormPage
from sheetapp.ui.table_box import add_remove_row, table_box, table_view
from sheetapp.ui.table_editors import SuggestionDelegate

TIPS = TranslatedTable({
    "ob": N_("Offensive Bonus: how many columns left of 0 the Player's Total Roll starts, "
    "before the opposition's DB and the 4dF."),
    "with_wound": N_("The OB with the current wound's penalty (-1, -2 or -4): where the roll "
    "starts against a DB of 0."),
    "db": N_("Defensive Bonus: how many columns an attacker's Player's Total Roll moves to the "
    "right (OB - DB)."),
    "power": N_("Weapon Quality/Power, added to the attack's Amp: +0 improvised up to +6 for "
    "relics; past +6 is beyond the scale."),
    "quality": N_("Added to the Amp of the skill the tool serves; negative when the tools are "
    "poor or missing."),
    "skill": N_("The skill this is used with (one of the character's skills)."),
    "npc": N_("A non-player character: shown as NPC in the library and on stat blocks."),
})


def _rolled_now(f: AmplitudeFigures, row: int) -> str:
    """The skill's OB with the wound's penalty, as the figures work it out."""
    if not f.wound.can_act:
        return _("cannot act")
    skills = f.skills
    return f"{skills[row].roll_bonus:+d}" if row < len(skills) else DASH


def _rolled_now_inputs(f: AmplitudeFigures, row: int) -> str:
    """The OB and the wound's penalty that make the figure."""
    wound, skills = f.wound, f.skills
    if row >= len(skills):
        return ""
    if not wound.can_act:
        return _("{label}: the character cannot act.").format(label=wound.label)
    skill = skills[row]
    return _("{roll_bonus:+d}: OB {ob:+d} with {penalty:+d} for {lower}.").format(
        roll_bonus=skill.roll_bonus, ob=skill.ob, penalty=wound.penalty, lower=wound.label.lower()
    )


@dataclass(frozen=True)
class GearList:
    """One of the character's gear lists (weapons, tools) in whole strings of its own."""

    path: str  # the sheet's list
    key: str  # the item's value field, and its tip
    make: Callable[[], Any]
    title: str
    name: str
    name_tip: str
    value: str
    roll: str
    box_tip: str
    buttons: tuple[str, str, str]  # Add, its undo text, Remove's undo text


class CharacterTab(FormPage):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        figures: FiguresCache[AmplitudeFigures],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, fields, parent)
        grid = QGridLayout()
        left = QVBoxLayout()
        left.addWidget(self._identity_box())
        left.addWidget(self._defence_box())
        left.addStretch(1)
        grid.addLayout(left, 0, 0)

        skill_columns = [
            Column(_("Skill"), "name", tooltip=_("The skill's name.")),
            Column(_("OB"), "ob", tooltip=TIPS["ob"], align_right=True),
            Column(
                _("With wound"),
                compute=figures.per_row(_rolled_now),
                tooltip=TIPS["with_wound"],
                explain=figures.per_row(_rolled_now_inputs),
                align_right=True,
            ),
            roll_column(
                _("Roll this skill (its OB against DB 0 at base Amp 4; Chances sets up any other).")
            ),
            Column(_("Notes"), "notes"),
        ]
        self.skills = LiveListModel(document, ("skills",), skill_columns, self)
        skills = self._list_box(
            _("Skills"),
            self.skills,
            lambda: Skill(name=_("New skill")),
            (_("Add skill"), _("Add to skills"), _("Remove from skills")),
            check=skill_check,
        )
        skills.setToolTip(_("Skills with their Offensive Bonus, the column a roll starts from."))
        grid.addWidget(skills, 0, 1)

        # Each list in whole sentences of its own (a translator's noun takes its own gender).
        gear_lists = (
            GearList(
                "weapons", "power", lambda: Weapon(name=_("New weapon")),
                title=_("Weapons"), name=_("Weapon"), name_tip=_("The weapon's name."),
                value=_("Power"),
                roll=_("Roll this weapon (its skill's OB against DB 0, base Amp 4 plus its "
                       "power)."),
                box_tip=_("Weapons: {about}").format(about=TIPS["power"]),
                buttons=(_("Add weapon"), _("Add to weapons"), _("Remove from weapons")),
            ),
            GearList(
                "tools", "quality", lambda: Tool(name=_("New tool")),
                title=_("Tools"), name=_("Tool"), name_tip=_("The tool's name."),
                value=_("Quality"),
                roll=_("Roll this tool (its skill's OB against DB 0, base Amp 4 plus its "
                       "quality)."),
                box_tip=_("Tools: {about}").format(about=TIPS["quality"]),
                buttons=(_("Add tool"), _("Add to tools"), _("Remove from tools")),
            ),
        )
        for column, gear in enumerate(gear_lists):
            columns = [
                Column(gear.name, "name", tooltip=gear.name_tip),
                Column(gear.value, gear.key, tooltip=TIPS[gear.key], align_right=True),
                Column(_("Skill"), "skill", tooltip=TIPS["skill"]),
                roll_column(gear.roll),
                Column(_("Notes"), "notes"),
            ]
            model = LiveListModel(document, (gear.path,), columns, self)
            setattr(self, gear.path, model)
            skill = SuggestionDelegate(self._skill_names, self)
            box = self._list_box(
                gear.title,
                model,
                gear.make,
                gear.buttons,
                {"skill": skill},
                check=partial(gear_check, kind=gear.path),
            )
            box.setToolTip(gear.box_tip)
            grid.addWidget(box, 1, column)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 3)
        grid.setRowStretch(0, 3)
        grid.setRowStretch(1, 2)
        fill(self, scrolled(grid, frame=False))  # scrolls on a 1366x768 screen

    def _skill_names(self) -> list[str]:
        sheet: AmplitudeSheet = self.document.sheet  # type: ignore[assignment]
        return [s.name for s in sheet.skills]

    def _list_box(
        self,
        title: str,
        model: LiveListModel,
        make: Callable[[], Any],
        buttons_text: tuple[str, str, str],
        delegates: dict[str, QStyledItemDelegate] | None = None,
        *,
        check: RowCheck,
    ) -> QGroupBox:
        """A titled table of one of the character's lists with Add and Remove, and a Roll
        button on each row; ``buttons_text`` is (the Add button, its undo text, Remove's
        undo text), whole strings for this list."""
        name = str(model.list_path[-1])
        view = table_view(model, name, delegates, stretch=("name", "notes"))
        self.fields.add(model.list_path, view)
        install_list_rolls(view, model, check)
        add, added, removed = buttons_text
        buttons = add_remove_row(model, view, make, add=add, added=added, removed=removed)
        return table_box(title, view, buttons)

    def _identity_box(self) -> QGroupBox:
        box = QGroupBox(_("Character"))
        box.setToolTip(_("Who the character is."))
        form = QFormLayout(box)
        form.addRow(_("Name"), self.bind.line(("name",)))
        form.addRow(_("Player"), self.bind.line(("player",)))
        concept = self.bind.line(("concept",), tip=_("Who the character is, in a few words."))
        form.addRow(_("Concept"), concept)
        form.addRow("", self.bind.check(("npc",), _("Non-player character"), TIPS["npc"]))
        return box

    def _defence_box(self) -> QGroupBox:
        box = QGroupBox(_("Defence"))
        box.setToolTip(TIPS["db"])
        form = QFormLayout(box)
        db = self.bind.spin(("defensive_bonus",), -99, 99, TIPS["db"], optional=False)
        form.addRow(_("Defensive Bonus"), db)
        tip = _("What gives the DB: armour, shield, cover, agility.")
        form.addRow(_("Comes from"), self.bind.line(("defence_notes",), tip=tip))
        return box
