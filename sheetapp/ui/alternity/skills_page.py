"""Broad skills with their linked abilities, and specialties with ranks, scores and the
situation die each is rolled with."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, _
from sheetapp.systems.alternity.catalog import SPECIALTIES, broad_skill_names, default_ability
from sheetapp.systems.alternity.model import AlternitySheet, BroadSkill, SpecialtySkill
from sheetapp.systems.alternity.names import LABELS, Ability
from sheetapp.systems.alternity.rolls import broad_check, specialty_check
from sheetapp.systems.alternity.situation import BEST_STEP, LAST_NAMED_PENALTY, die_for
from sheetapp.ui.alternity.common import HeroTab, die_text, score_text
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import hint_label
from sheetapp.ui.list_table_model import Column, LiveListModel, choice_label
from sheetapp.ui.roll_buttons import install_list_rolls, roll_column
from sheetapp.ui.table_box import make_rows_movable, remove_button, table_view
from sheetapp.ui.table_editors import ChoiceDelegate

ABILITY_CHOICES = [(LABELS.marked(a), a.value) for a in Ability]
TRAINED = N_("trained (+d0)")
STEP_CHOICES = [(TRAINED, None)] + [
    (die_for(s).label, s) for s in range(BEST_STEP, LAST_NAMED_PENALTY + 1)
]
SCORE_TIP = N_("Ordinary / Good / Amazing: the score, half of it and a quarter, rounded down.")
DIE_TIP = (
    N_("Base situation die: a specialty the hero has is rolled with +d0 at any rank (the rank "
    "adds to the score). Set “Base die” only when a perk, gear or the game master grants "
    "a better (or worse) one.")
)
BROAD_DIE_TIP = (
    N_("The broad skill alone, for a specialty the hero does not have: the ability score "
    "rolled with +d4 (the Play page offers it as a check), moved by what the hero's state "
    "adds (dazed, a load on Strength or Dexterity): the die its Roll rolls.")
)
ROLLED_DIE_TIP = (
    N_("The die its Roll rolls: the base die, moved by what the hero's state adds (dazed, a "
    "load on Strength or Dexterity).")
)


class SkillsPage(HeroTab):
    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(document, fields, parent)
        layout = QVBoxLayout(self)
        sheet = lambda: self.sheet  # noqa: E731

        self.broad = LiveListModel(
            document,
            ("broad_skills",),
            [
                Column(_("Broad skill"), "name", tooltip=_("A broad skill the hero has.")),
                Column(
                    _("Ability"),
                    "ability",
                    tooltip=_("The ability the skill's score is."),
                    display=choice_label(ABILITY_CHOICES),
                ),
                Column(
                    _("Score"),
                    compute=lambda _b, r: score_text(broad_check(sheet(), r)),
                    tooltip=_(SCORE_TIP),
                    align_right=True,
                ),
                Column(
                    _("Die"),
                    compute=lambda _b, r: die_text(broad_check(sheet(), r)),
                    tooltip=_(BROAD_DIE_TIP),
                ),
                roll_column(
                    _("Roll this broad skill (alone, +d4, with what the hero's state adds).")
                ),
            ],
            self,
        )
        self.specialties = LiveListModel(
            document,
            ("specialty_skills",),
            [
                Column(
                    _("Broad skill"),
                    "broad",
                    tooltip=_("The broad skill this specialty belongs to."),
                ),
                Column(_("Specialty"), "name", tooltip=_("The specialty within its broad skill.")),
                Column(_("Rank"), "rank", align_right=True, tooltip=_("Added to the ability.")),
                Column(
                    _("Score"),
                    compute=lambda _s, r: score_text(specialty_check(sheet(), r)),
                    tooltip=_(SCORE_TIP),
                    align_right=True,
                ),
                Column(
                    _("Die"),
                    compute=lambda _s, r: die_text(specialty_check(sheet(), r)),
                    tooltip=_(ROLLED_DIE_TIP),
                ),
                Column(
                    _("Base die"),
                    "base_step",
                    tooltip=_(DIE_TIP),
                    display=lambda v: _(TRAINED) if v is None else die_for_label(v),
                ),
                roll_column(_("Roll this specialty (its die, with what the hero's state adds).")),
            ],
            self,
        )
        broad_box = QGroupBox(_("Broad skills"))
        broad_box.setToolTip(_("Broad skills: an ability's score, rolled with +d4."))
        broad_layout = QVBoxLayout(broad_box)
        self.broad_view = table_view(
            self.broad,
            "broad_skills",
            {"ability": ChoiceDelegate(ABILITY_CHOICES, self)},
            stretch=("name",),
        )
        fields.add(("broad_skills",), self.broad_view)
        install_list_rolls(self.broad_view, self.broad, broad_check)
        broad_layout.addWidget(self.broad_view)
        self.new_broad = QComboBox(objectName="new_broad")
        self.new_broad.setEditable(True)
        self.new_broad.addItems(broad_skill_names())
        self.new_broad.setToolTip(_("Pick a broad skill or type your own."))
        broad_layout.addLayout(
            self._buttons(self.new_broad, "broad", self._add_broad, self.broad, self.broad_view)
        )

        special_box = QGroupBox(_("Specialty skills"))
        special_box.setToolTip(_("Specialties: the ability plus the rank, rolled with +d0."))
        special_layout = QVBoxLayout(special_box)
        self.special_view = table_view(
            self.specialties,
            "specialty_skills",
            {
                "broad": ChoiceDelegate(self._broad_choices, self),
                "base_step": ChoiceDelegate(STEP_CHOICES, self),
            },
            stretch=("name",),
        )
        fields.add(("specialty_skills",), self.special_view)
        install_list_rolls(self.special_view, self.specialties, specialty_check)
        special_layout.addWidget(self.special_view)
        self.new_specialty = QComboBox(objectName="new_specialty")
        self.new_specialty.setEditable(True)
        self.new_specialty.setMinimumContentsLength(24)
        self.new_specialty.setToolTip(_("Broad skill-specialty: pick a suggestion or type one."))
        special_layout.addLayout(
            self._buttons(
                self.new_specialty,
                "specialty",
                self._add_specialty,
                self.specialties,
                self.special_view,
            )
        )
        special_layout.addWidget(
            hint_label(
                _("A specialty's score is its broad skill's ability plus its rank, rolled with "
                "+d0. For a specialty the hero lacks, the broad skill alone: the ability with "
                "+d4. Without the broad skill: half the ability with +d4 (see the Hero page).")
            )
        )
        columns = QHBoxLayout()
        columns.addWidget(broad_box, 4)
        columns.addWidget(special_box, 6)
        layout.addLayout(columns)
        self.watch()

    def _buttons(self, combo: QComboBox, name: str, add, model, view: QTableView) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(combo, 1)
        button = QPushButton(_("Add"), objectName=f"add_{name}")
        button.clicked.connect(add)
        row.addWidget(button)
        row.addWidget(remove_button(model, view, _("Remove {name}").format(name=name), name))
        make_rows_movable(model, view)
        return row

    def _broad_choices(self) -> list[tuple[str, str]]:
        names = [b.name for b in self.sheet.broad_skills if b.name]
        return [(n, n) for n in names or broad_skill_names()]

    def _add_broad(self) -> None:
        name = " ".join(self.new_broad.currentText().split())
        if not name:
            return
        ability = default_ability(name) or Ability.STRENGTH
        row = self.broad.append(
            BroadSkill(name=name, ability=ability), _("Add {name}").format(name=name)
        )
        self.broad_view.setCurrentIndex(self.broad.index(row, 0))  # the new row, current

    def _add_specialty(self) -> None:
        text = " ".join(self.new_specialty.currentText().split())
        broad, dash, name = text.partition("-")
        if not dash:
            broad, name = (
                (self.sheet.broad_skills[-1].name if self.sheet.broad_skills else ""),
                text,
            )
        if not name.strip():
            return
        skill = SpecialtySkill(broad=broad.strip(), name=name.strip(), rank=1)
        row = self.specialties.append(skill, _("Add {text}").format(text=text))
        self.special_view.setCurrentIndex(self.specialties.index(row, 0))

    def show_sheet(self, sheet: AlternitySheet) -> None:
        suggestions = [
            f"{b.name}-{s}"
            for b in sheet.broad_skills
            for s in SPECIALTIES.get(b.name, ())
            if not any(x.broad == b.name and x.name == s for x in sheet.specialty_skills)
        ]
        current = self.new_specialty.currentText()
        if [
            self.new_specialty.itemText(i) for i in range(self.new_specialty.count())
        ] != suggestions:
            self.new_specialty.clear()
            self.new_specialty.addItems(suggestions)
            self.new_specialty.setEditText(current if current else "")


def die_for_label(step: int) -> str:
    try:
        return die_for(step).label
    except ValueError:
        return _("step {step}").format(step=step)
