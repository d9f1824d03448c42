"""What every page of the Alternity hero wizard shares (the snapshot and the host), and the
two pages the excerpt says most about: abilities and skills.

Each page edits one part of the wizard's :class:`HeroChoices` and asks the wizard to
rebuild the hero with the backend's ``build_hero`` and re-check it. The figures a page shows
(resistance modifiers, skill scores, tracks, the action check, the load) are read off that
rebuilt hero with the backend's own functions, so the wizard and the sheet form agree.
Every page says what the excerpt fixes and what it leaves to the game master.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QModelIndex, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
)

from sheetapp.findings import Finding
from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.plural import counted
from sheetapp.systems.alternity.catalog import (
    LINKED,
    SPECIALTIES,
    allowed_abilities,
    broad_skill_names,
    default_ability,
)
from sheetapp.systems.alternity.creation import HeroChoices
from sheetapp.systems.alternity.derived import (
    broad_figure,
    resistance,
    specialty_figure,
)
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import RESISTING, Ability, label
from sheetapp.systems.alternity.scores import (
    SkillScore,
)
from sheetapp.ui.labels import figure_label
from sheetapp.ui.wizard.steps import (
    StepHost,
    StepPage,
    chain_tab_order,
    keep_narrow,
    spin_box,
)

# Spin boxes stop where no sheet goes, so a typo cannot run away; 0 stays possible so the
# rules can say why a score of 0 will not do.
ABILITY_MAX = 25
RANK_MAX = 12
MNEMONIC_NAMES = TranslatedTable({
    Ability.STRENGTH: N_("&Strength"),
    Ability.DEXTERITY: N_("De&xterity"),
    Ability.CONSTITUTION: N_("C&onstitution"),
    Ability.INTELLIGENCE: N_("&Intelligence"),
    Ability.WILL: N_("&Will"),
    Ability.PERSONALITY: N_("&Personality"),
})


@dataclass(frozen=True)
class Snapshot:
    """The hero built from the choices, and what the rules say about it."""

    sheet: AlternitySheet
    findings: list[Finding]


class Host(StepHost, Protocol):
    choices: HeroChoices

    def snapshot(self) -> Snapshot:
        """The hero as the choices stand now."""


class AbilitiesPage(StepPage):
    """The six scores within the budget in force, with their resistance modifiers."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Abilities"),
            _("Share the ability points among the six abilities. Unless your game master says "
            "otherwise, a hero has a human's 60 points with every score from 4 to 14 (another "
            "species has other limits, which your game master may set below). A score under 1 "
            "is an error; a score outside the range "
            "or a total off the budget is something to fix before going on. Strength, "
            "Dexterity, Intelligence and Will give a resistance modifier; a profession or perk "
            "may add to it."),
        )
        choices = host.choices
        row = QHBoxLayout()
        scores = QGroupBox(_("Scores"), objectName="ability_scores")
        grid = QGridLayout(scores)
        headings = (
            ("", ""),
            (_("Score"), _("The ability score.")),
            (_("Resistance"), _("The resistance modifier the score gives, with the bonus.")),
            (_("Bonus"), _("A profession's or perk's bonus to the resistance modifier.")),
        )
        for column, (heading, heading_tip) in enumerate(headings):
            if heading:
                head = QLabel(f"<b>{heading}</b>")
                head.setToolTip(heading_tip)
                grid.addWidget(head, 0, column)
        self.scores: dict[Ability, QSpinBox] = {}
        self.modifiers: dict[Ability, QLabel] = {}
        self.bonuses: dict[Ability, QSpinBox] = {}
        for r, ability in enumerate(Ability, start=1):
            box = spin_box(
                f"ability_{ability.value}",
                ABILITY_MAX,
                _("{label} score.").format(label=label(ability)),
            )
            box.setValue(choices.abilities.get(ability, 0))
            box.valueChanged.connect(self._changed)
            name = QLabel(MNEMONIC_NAMES[ability] + ":")
            name.setBuddy(box)
            grid.addWidget(name, r, 0)
            grid.addWidget(box, r, 1)
            self.scores[ability] = box
            self.mark(f"abilities.{ability.value}", box)
            if ability in RESISTING:
                modifier = figure_label(
                    f"resistance_{ability.value}",
                    _("The resistance modifier: 4 or less -2, 5-6 -1, 7-10 0, 11-12 +1, "
                    "13-14 +2, +1 more for every 2 points above."),
                )
                bonus = spin_box(
                    f"resistance_bonus_{ability.value}",
                    9,
                    _("A profession's or perk's bonus to the {label} resistance modifier.").format(
                        label=label(ability)
                    ),
                )
                bonus.setPrefix("+")
                bonus.setValue(choices.resistance_bonus.get(ability, 0))
                bonus.valueChanged.connect(self._changed)
                grid.addWidget(modifier, r, 2)
                grid.addWidget(bonus, r, 3)
                self.modifiers[ability] = modifier
                self.bonuses[ability] = bonus
        row.addWidget(scores)
        budget = QGroupBox(_("Limits set by the game master"), objectName="ability_limits")
        form = QFormLayout(budget)
        settings = choices.settings
        self.points = spin_box("ability_points", 200, _("How many points the abilities share."))
        self.lowest = spin_box("ability_min", ABILITY_MAX, _("The lowest score allowed."))
        self.highest = spin_box("ability_max", ABILITY_MAX, _("The highest score allowed."))
        for box, value, text in (
            (self.points, settings.ability_points, _("Poin&ts to share:")),
            (self.lowest, settings.ability_min, _("Lowest scor&e:")),
            (self.highest, settings.ability_max, _("&Highest score:")),
        ):
            box.setValue(value)
            box.valueChanged.connect(self._changed)
            form.addRow(text, box)
        keep_narrow(self.points, self.lowest, self.highest)
        self.mark("settings.ability_points", self.points)
        self.mark("settings.ability_min", self.lowest)
        self.spent = figure_label("ability_points_spent", _("The scores added up."), wrap=True)
        form.addRow(self.spent)
        row.addWidget(budget, 1)
        self.body.addLayout(row)
        self.body.addStretch(1)
        chain_tab_order(
            [*self.scores.values(), *self.bonuses.values(), self.points, self.lowest, self.highest]
        )

    def prefixes(self) -> tuple[str, ...]:
        return ("abilities", "settings.ability_points", "settings.ability_min", "resistance_bonus")

    def _changed(self) -> None:
        choices = self.host.choices
        choices.abilities = {a: box.value() for a, box in self.scores.items()}
        choices.resistance_bonus = {a: box.value() for a, box in self.bonuses.items()}
        choices.settings = choices.settings.model_copy(
            update={
                "ability_points": self.points.value(),
                "ability_min": self.lowest.value(),
                "ability_max": self.highest.value(),
            }
        )
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        sheet = snapshot.sheet
        for ability, modifier in resistance(sheet).items():
            self.modifiers[ability].setText(f"{modifier:+d}")
        total = sum(sheet.abilities.values())
        budget = sheet.settings.ability_points
        left = budget - total
        state = (
            _("{left} left").format(left=left)
            if left >= 0
            else _("{value} too many").format(value=-left)
        )
        self.spent.setText(
            _("Spent {total} of {budget} ({state})").format(total=total, budget=budget, state=state)
        )


def score_text(score: SkillScore | None) -> str:
    """'13 / 6 / 3 at +d0': Ordinary, Good and Amazing and the base die."""
    if score is None:
        return "–"
    t = score.thresholds
    return _("{ordinary} / {good} / {amazing} at {die}").format(
        ordinary=t.ordinary, good=t.good, amazing=t.amazing, die=score.die
    )


class SkillsPage(StepPage):
    """Broad skills with their linked ability; specialties below them with a rank."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Skills"),
            _("Tick the broad skills and specialties the hero knows; the five every hero "
            "starts with are ticked. A specialty scores its ability plus its rank and rolls "
            "+d0; a broad skill alone scores the ability and rolls +d4. The Alternity rules tie "
            "some broad skills to fixed abilities (only those are offered). How many skill "
            "points a hero has and what ranks cost come from the rulebook's hero-creation "
            "chapter: ask your game master."),
        )
        self.tree = QTreeWidget(objectName="skills")
        self.tree.setHeaderLabels(
            [_("Skill"), _("Ability"), _("Rank"), _("Ordinary / Good / Amazing")]
        )
        for column, tip in enumerate(
            (
                _("Tick a broad skill, then the specialties under it."),
                _("The ability the broad skill and its specialties use."),
                _("The specialty's rank, added to the ability."),
                _("The scores to roll under for each degree, and the base situation die."),
            )
        ):
            self.tree.headerItem().setToolTip(column, tip)
        self.tree.setUniformRowHeights(False)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.body.addWidget(self.tree, 1)
        self.summary = figure_label(
            "skills_summary", _("What the game master's skill points have to pay for.")
        )
        self.body.addWidget(self.summary)
        self.broad_items: dict[str, QTreeWidgetItem] = {}
        self.abilities: dict[str, QComboBox] = {}
        self.special_items: dict[tuple[str, str], QTreeWidgetItem] = {}
        self.ranks: dict[tuple[str, str], QSpinBox] = {}
        self._keys: dict[int, tuple[str, str]] = {}
        self._fill()
        # No current row until the player picks one: a focus frame on a skill looks odd.
        self.tree.setCurrentIndex(QModelIndex())
        self.tree.itemChanged.connect(self._item_changed)
        self.mark("broad_skills", self.tree)
        self.mark("specialty_skills", self.tree)

    def prefixes(self) -> tuple[str, ...]:
        return ("broad_skills", "specialty_skills")

    def _fill(self) -> None:
        choices = self.host.choices
        for name in broad_skill_names():
            if name == "Psionic Skills":
                continue  # psionics need rules the excerpt does not hold
            item = QTreeWidgetItem([name])
            item.setCheckState(0, Qt.CheckState.Unchecked)
            item.setToolTip(
                0, _("{name}: tick if the hero has this broad skill.").format(name=name)
            )
            self.tree.addTopLevelItem(item)
            self.broad_items[name] = item
            self._keys[id(item)] = (name, "")
            combo = QComboBox(objectName=f"ability_{name}")
            for ability in allowed_abilities(name) or tuple(Ability):
                combo.addItem(label(ability), ability)
            usual = choices.broad_skills.get(name) or default_ability(name)
            combo.setCurrentIndex(max(0, combo.findData(usual)))
            combo.setToolTip(
                _("The Alternity rules tie this skill to ")
                + _(" or ").join(label(a) for a in LINKED[name])
                + "."
                if name in LINKED
                else _("The published game's usual ability; your game master may link another.")
            )
            combo.currentIndexChanged.connect(lambda _i, n=name: self._ability_chosen(n))
            self.tree.setItemWidget(item, 1, combo)
            self.abilities[name] = combo
            for specialty in SPECIALTIES.get(name, ()):
                key = (name, specialty)
                child = QTreeWidgetItem([specialty])
                child.setCheckState(0, Qt.CheckState.Unchecked)
                item.addChild(child)
                self.special_items[key] = child
                self._keys[id(child)] = key
                rank = spin_box(
                    f"rank_{name}-{specialty}",
                    RANK_MAX,
                    _("Rank in {specialty}.").format(specialty=specialty),
                )
                rank.setValue(choices.specialty_skills.get(key, 1))
                rank.valueChanged.connect(lambda _v, k=key: self._rank_changed(k))
                self.tree.setItemWidget(child, 2, rank)
                self.ranks[key] = rank

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        key = self._keys.get(id(item))
        if column != 0 or key is None:
            return
        broad, specialty = key
        ticked = item.checkState(0) == Qt.CheckState.Checked
        choices = self.host.choices
        if not specialty:
            if ticked:
                choices.broad_skills[broad] = self.abilities[broad].currentData()
            else:
                choices.broad_skills.pop(broad, None)
                for k in [k for k in choices.specialty_skills if k[0] == broad]:
                    del choices.specialty_skills[k]
        elif ticked:
            choices.specialty_skills[key] = self.ranks[key].value()
        else:
            choices.specialty_skills.pop(key, None)
        self.host.changed()

    def _ability_chosen(self, name: str) -> None:
        if name in self.host.choices.broad_skills:
            self.host.choices.broad_skills[name] = self.abilities[name].currentData()
            self.host.changed()

    def _rank_changed(self, key: tuple[str, str]) -> None:
        if key in self.host.choices.specialty_skills:
            self.host.choices.specialty_skills[key] = self.ranks[key].value()
            self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        sheet = snapshot.sheet
        broad = {b.name: b for b in sheet.broad_skills}
        special = {(s.broad, s.name): s for s in sheet.specialty_skills}
        ranks = sum(s.rank for s in sheet.specialty_skills)
        self.summary.setText(
            " ".join(
                (
                    counted(len(broad), "{n} broad skill,", "{n} broad skills,"),
                    counted(len(special), "{n} specialty", "{n} specialties"),
                    counted(ranks, "with {n} rank in all.", "with {n} ranks in all."),
                )
            )
        )
        with QSignalBlocker(self.tree):
            for name, item in self.broad_items.items():
                has = name in broad
                item.setCheckState(0, Qt.CheckState.Checked if has else Qt.CheckState.Unchecked)
                item.setText(3, score_text(broad_figure(sheet, broad[name])) if has else "")
                if has and not item.isExpanded() and item.childCount():
                    item.setExpanded(True)
            for key, item in self.special_items.items():
                has = key in special
                item.setCheckState(0, Qt.CheckState.Checked if has else Qt.CheckState.Unchecked)
                item.setDisabled(key[0] not in broad)
                self.ranks[key].setEnabled(has)
                item.setText(3, score_text(specialty_figure(sheet, special[key])) if has else "")
