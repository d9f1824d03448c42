"""The pages of the d6 dice pool creation wizard, one per step of the text.

Each page edits one part of the wizard's :class:`~sheetapp.systems.d6_pool.from_choices.
D6Choices` and asks the wizard to rebuild; the numbers a page shows (points left, Health,
pools) come from the backend's ``sheet_figures``, never from sums made here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
)

from sheetapp.findings import join_path
from sheetapp.i18n import N_, TranslatedTable, _, pgettext
from sheetapp.systems.d6_pool.catalog import EQUIPMENT, SKILLS, TRAITS, item_line
from sheetapp.systems.d6_pool.figures import D6PoolFigures, PoolFigures
from sheetapp.systems.d6_pool.from_choices import D6Choices, roll_missing_dice
from sheetapp.systems.d6_pool.gear_rules import rules_text
from sheetapp.systems.d6_pool.model import D6PoolSheet, Item
from sheetapp.systems.d6_pool.names import (
    ABBREVIATIONS,
    ATTRIBUTE_DICE,
    MAX_RATING,
    TRAIT_POINTS,
    Attribute,
    label,
)
from sheetapp.ui.labels import figure_label, hint_label
from sheetapp.ui.wizard.stepped import SheetCheck
from sheetapp.ui.wizard.steps import (
    StepHost,
    StepPage,
    chain_tab_order,
    column_header,
    spin_box,
)


@dataclass(frozen=True)
class Snapshot(SheetCheck):
    """The sheet as chosen so far, its findings and the figures the rules derive."""

    sheet: D6PoolSheet
    figures: D6PoolFigures


# Each attribute's label, with an Alt+letter that no other control on its page uses.
ATTRIBUTE_TEXT = TranslatedTable({
    Attribute.STRENGTH: N_("&Strength:"),
    Attribute.DEXTERITY: N_("De&xterity:"),
    Attribute.STAMINA: N_("S&tamina:"),
    Attribute.INTELLIGENCE: N_("&Intelligence:"),
    Attribute.WISDOM: N_("&Wisdom:"),
    Attribute.CHARISMA: N_("&Charisma:"),
})


class Host(StepHost, Protocol):
    draft: D6Choices

    def snapshot(self) -> Snapshot: ...


def dice_text(pool: PoolFigures | None) -> str:
    """A pool from ``sheet_figures`` as "Dexterity 4 + Ranged 2 = 6 dice"."""
    return pool.explain if pool else "–"


# --- 1. concept -----------------------------------------------------------------------------


class ConceptPage(StepPage):
    """Who the character is: name, player and the concept in a few words."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Concept"),
            _("Start from an idea of who the character is, and talk it over with the GM and "
            "the other players: the GM may turn down a concept that does not fit the game. "
            "Nothing here costs points."),
        )
        self.host: Host = host
        self.edits = self.add_text_rows(
            host.draft,
            [
                ("name", _("Na&me:"), _("The character's name")),
                ("player", _("&Player:"), _("Your name")),
                ("concept", _("&Concept:"), _("A few words: bush pilot, gumshoe, bodyguard…")),
            ],
        )
        self.body.addStretch(1)

    def prefixes(self) -> tuple[str, ...]:
        return ("name", "player", "concept")


# --- 2. the 6d6 roll and the attributes -----------------------------------------------------


class AttributesPage(StepPage):
    """Six dice, typed from the table or rolled here, shared out among six attributes."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Attributes"),
            _(
                "Roll {ATTRIBUTE_DICE}d6: their total is the attribute points. "
                "Share them all among the six attributes, 1 to {MAX_RATING} "
                "each. Type the dice you rolled at the table, or let the app "
                "roll the ones still blank."
            ).format(ATTRIBUTE_DICE=ATTRIBUTE_DICE, MAX_RATING=MAX_RATING),
        )
        self.host: Host = host
        roll = QGroupBox(_("The roll"), objectName="roll_box")
        roll.setToolTip(
            _("{ATTRIBUTE_DICE}d6: six dice of 1 to 6, added up (6 to 36).").format(
                ATTRIBUTE_DICE=ATTRIBUTE_DICE
            )
        )
        row = QHBoxLayout(roll)
        self.dice: list[QSpinBox] = []
        for i, die in enumerate(host.draft.dice):
            box = spin_box(
                f"die_{i + 1}",
                6,
                _("Die {value} of the {ATTRIBUTE_DICE}d6 (1 to 6); – means not rolled yet.").format(
                    value=i + 1, ATTRIBUTE_DICE=ATTRIBUTE_DICE
                ),
                blank_zero=True,
            )
            box.setValue(die or 0)
            box.valueChanged.connect(lambda value, n=i: self._die(n, value))
            self.mark("attribute_roll", box)
            row.addWidget(box)
            self.dice.append(box)
        self.roll_button = QPushButton(_("&Roll the blank dice"), objectName="roll_dice")
        self.roll_button.setToolTip(_("Roll every die still blank; dice already typed are kept."))
        self.roll_button.clicked.connect(self.roll_missing)
        row.addSpacing(8)
        row.addWidget(self.roll_button)
        row.addStretch(1)
        self.body.addWidget(roll)

        scores = QGroupBox(_("Attributes"), objectName="attributes_box")
        scores.setToolTip(_("Each attribute takes 1 to 6 of the points rolled."))
        grid = QGridLayout(scores)
        self.spins: dict[Attribute, QSpinBox] = {}
        for i, attribute in enumerate(Attribute):
            box = spin_box(
                f"attribute_{attribute.value}",
                MAX_RATING,
                _("{label}: 1 to {MAX_RATING} of the points rolled.").format(
                    label=label(attribute), MAX_RATING=MAX_RATING
                ),
                blank_zero=True,
            )
            box.setValue(host.draft.attributes.get(attribute, 0))
            box.valueChanged.connect(lambda value, a=attribute: self._score(a, value))
            name = QLabel(ATTRIBUTE_TEXT[attribute])
            name.setBuddy(box)
            name.setToolTip(box.toolTip())
            row_, column = i % 3, 3 * (i // 3)
            grid.addWidget(name, row_, column)
            grid.addWidget(box, row_, column + 1)
            self.spins[attribute] = box
            self.mark(join_path("attributes", attribute.value), box)
            self.mark("attributes", box)  # the points over or under the roll
        grid.setColumnMinimumWidth(2, 32)
        grid.setColumnStretch(5, 1)
        grid.setHorizontalSpacing(12)
        self.body.addWidget(scores)
        self.points = figure_label(
            "attribute_points",
            _("The 6d6 total, and how much of it the attributes use."),
            wrap=True,
        )
        self.body.addWidget(self.points)
        self.body.addStretch(1)
        chain_tab_order([*self.dice, self.roll_button, *self.spins.values()])

    def prefixes(self) -> tuple[str, ...]:
        return ("attribute_roll", "attributes", "extra_attributes")

    def _die(self, index: int, value: int) -> None:
        self.host.draft.dice[index] = value or None
        self.host.changed()

    def _score(self, attribute: Attribute, value: int) -> None:
        if value:
            self.host.draft.attributes[attribute] = value
        else:
            self.host.draft.attributes.pop(attribute, None)
        self.host.changed()

    def roll_missing(self) -> None:
        """Roll the blank dice with the wizard's Roller."""
        self.host.draft.dice = list(roll_missing_dice(self.host.roller, self.host.draft.dice))
        for box, die in zip(self.dice, self.host.draft.dice, strict=True):
            with QSignalBlocker(box):
                box.setValue(die or 0)
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        points = snapshot.figures.attribute_points
        if points.rolled is None:
            self.points.setText(
                _(
                    "Attribute points: roll all {ATTRIBUTE_DICE} dice first "
                    "({assigned} given so far)."
                ).format(ATTRIBUTE_DICE=ATTRIBUTE_DICE, assigned=points.assigned)
            )
            return
        left = points.left
        state = (
            _("{left} left").format(left=left)
            if left >= 0
            else _("{value} too many").format(value=-left)
        )
        self.points.setText(
            _("Attribute points: {rolled} rolled, {assigned} given, {state}.").format(
                rolled=points.rolled, assigned=points.assigned, state=state
            )
        )


# --- 3. statistics --------------------------------------------------------------------------


class StatisticsPage(StepPage):
    """What follows from the attributes; nothing to choose, only to read and copy."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Statistics"),
            _("Statistics are worked out from the attributes, not bought. Every game uses "
            "Health, the damage a character can take: twice Stamina. Ask the GM whether the "
            "game adds others."),
        )
        self.host: Host = host
        form = QFormLayout()
        self.values: dict[str, QLabel] = {}
        for key, text, tip in (
            ("health", _("Health:"), _("Twice Stamina: the damage the character can take.")),
            (
                "healing",
                _("Healing:"),
                _(
                    "Non-lethal damage heals Stamina a day; lethal damage "
                    "half Stamina (rounded down) a week."
                ),
            ),
            (
                "move",
                _("Movement:"),
                _("Three times Dexterity in feet, or Dexterity in metres, a turn."),
            ),
            (
                "unskilled",
                _("Unskilled rolls:"),
                _(
                    "Without the skill or trait a roll calls for, "
                    "the pool is half the attribute, rounded down."
                ),
            ),
        ):
            value = figure_label(f"statistic_{key}", tip, wrap=True)
            name = QLabel(text)
            name.setToolTip(tip)
            form.addRow(name, value)
            self.values[key] = value
        self.body.addLayout(form)
        self.body.addStretch(1)

    def prefixes(self) -> tuple[str, ...]:
        return ("lethal_damage", "nonlethal_damage")

    def update_view(self, snapshot: Snapshot) -> None:
        figures = snapshot.figures
        stamina = snapshot.sheet.attributes.get(Attribute.STAMINA)
        blank = _("– (give the attribute its points first)")
        self.values["health"].setText(
            blank
            if figures.health is None
            else _("{health} (2 × Stamina {stamina})").format(
                health=figures.health, stamina=stamina
            )
        )
        healing = figures.healing
        self.values["healing"].setText(
            blank
            if healing is None
            else _("{nonlethal_per_day} non-lethal a day, {lethal_per_week} lethal a week").format(
                nonlethal_per_day=healing.nonlethal_per_day, lethal_per_week=healing.lethal_per_week
            )
        )
        move = figures.move
        self.values["move"].setText(
            blank
            if move is None
            else _("{feet} ft or {metres} m a turn").format(feet=move.feet, metres=move.metres)
        )
        unskilled = figures.unskilled
        self.values["unskilled"].setText(
            ", ".join(f"{ABBREVIATIONS[Attribute(a)]} {n}" for a, n in unskilled.items()) or blank
        )


# --- 4. skills ------------------------------------------------------------------------------


class SkillsPage(StepPage):
    """The text's sample skills, each rated 0 (not taken) to 6, paid from the skill points."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Skills"),
            _(
                "Skill points are Intelligence + Wisdom + Charisma. Give each "
                "skill you take 1 to {MAX_RATING}; a roll adds it to the "
                "attribute beside it. Spend every skill point. Trait points you "
                "do not spend on traits (next page) may buy skills too."
            ).format(MAX_RATING=MAX_RATING),
        )
        self.host: Host = host
        self.points = figure_label(
            "skill_points",
            _("Skill points: Intelligence + Wisdom + Charisma at creation."),
            wrap=True,
        )
        self.body.addWidget(self.points)
        self.body.addSpacing(6)
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        for column, (text, tip) in enumerate(
            (
                (_("Skill"), _("The text's sample skills; the GM may add others on the sheet.")),
                (_("Rolled with"), _("The attribute the skill is usually added to.")),
                (
                    _("Rating"),
                    _(
                        "0 (–) leaves the skill out; 1 to {MAX_RATING} costs that many points."
                    ).format(MAX_RATING=MAX_RATING),
                ),
                (_("Pool"), _("The dice the skill rolls: attribute + rating, a 5 or 6 succeeds.")),
            )
        ):
            grid.addWidget(column_header(text, tip), 0, column)
        self.spins: dict[str, QSpinBox] = {}
        self.pools: dict[str, QLabel] = {}
        for row, (skill, attribute) in enumerate(SKILLS.items(), start=1):
            box = spin_box(
                f"skill_{skill.lower()}",
                MAX_RATING,
                _("{skill}: 0 to leave it out, else 1 to {MAX_RATING} skill points.").format(
                    skill=skill, MAX_RATING=MAX_RATING
                ),
                blank_zero=True,
            )
            box.setValue(host.draft.skills.get(skill, 0))
            box.valueChanged.connect(lambda value, s=skill: self._rated(s, value))
            name = QLabel(skill)
            name.setBuddy(box)
            name.setToolTip(box.toolTip())
            pool = figure_label(f"skill_pool_{skill.lower()}", _("Attribute + rating = dice."))
            grid.addWidget(name, row, 0)
            rolled = hint_label(label(attribute))
            rolled.setWordWrap(False)
            rolled.setToolTip(
                _("{skill} is usually rolled with {label}.").format(
                    skill=skill, label=label(attribute)
                )
            )
            grid.addWidget(rolled, row, 1)
            grid.addWidget(box, row, 2)
            grid.addWidget(pool, row, 3)
            self.spins[skill] = box
            self.pools[skill] = pool
        grid.setColumnStretch(3, 1)
        self.body.addLayout(grid)
        self.body.addStretch(1)
        chain_tab_order(self.spins.values())

    def prefixes(self) -> tuple[str, ...]:
        return ("skills",)

    def _rated(self, skill: str, value: int) -> None:
        self.host.draft.skills[skill] = value
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        points = snapshot.figures.skill_points
        traits = snapshot.figures.trait_points
        if points.budget is None:
            self.points.setText(
                _("Skill points: give Intelligence, Wisdom and Charisma their points first.")
            )
        else:
            left = points.left
            state = (
                _("{left} left").format(left=left)
                if left >= 0
                else _("{value} too many").format(value=-left)
            )
            spare = max(traits.budget - traits.spent, 0)
            self.points.setText(
                _(
                    "Skill points: {budget} (Int + Wis + Cha), and {spare} trait "
                    "points not spent on traits; skills take {spent}, {state}."
                ).format(budget=points.budget, spare=spare, spent=points.spent, state=state)
            )
        rows = {s.name: (i, s) for i, s in enumerate(snapshot.sheet.skills)}
        pools = {s.name: s.pool for s in snapshot.figures.skills}
        for skill, box in self.spins.items():
            index = rows.get(skill, (None, None))[0]
            self.remark(box, None if index is None else join_path("skills", index, "rating"))
            self.pools[skill].setText(dice_text(pools.get(skill)) if skill in rows else "")


# --- 5. traits ------------------------------------------------------------------------------


class TraitsPage(StepPage):
    """The text's sample traits; negative ones add their rating to the trait points."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Traits"),
            _(
                "There are {TRAIT_POINTS} trait points, plus the rating of each "
                "negative trait taken. A trait is rated 1 to {MAX_RATING} and "
                "the GM approves each one. Traits are optional: points not spent "
                "on them go to skills, but skill points never buy traits."
            ).format(TRAIT_POINTS=TRAIT_POINTS, MAX_RATING=MAX_RATING),
        )
        self.host: Host = host
        self.points = figure_label(
            "trait_points",
            _("{TRAIT_POINTS} plus the ratings of the negative traits.").format(
                TRAIT_POINTS=TRAIT_POINTS
            ),
            wrap=True,
        )
        self.body.addWidget(self.points)
        self.body.addSpacing(6)
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        for column, (text, tip) in enumerate(
            (
                (_("Trait"), _("The text's sample traits; the GM may allow others on the sheet.")),
                (_("Kind"), _("Positive traits cost points; negative traits give them.")),
                (
                    _("Rating"),
                    _("0 (–) leaves the trait out; else 1 to {MAX_RATING}.").format(
                        MAX_RATING=MAX_RATING
                    ),
                ),
                (
                    pgettext("noun", "Roll"),
                    _("The dice a positive trait with a roll of its own uses."),
                ),
            )
        ):
            grid.addWidget(column_header(text, tip), 0, column)
        self.spins: dict[str, QSpinBox] = {}
        self.rolls: dict[str, QLabel] = {}
        for row, sample in enumerate(TRAITS, start=1):
            negative = sample.kind == "negative"
            tip = (
                _("{name}: a negative trait; its rating adds to the trait points.").format(
                    name=sample.name
                )
                if negative
                else _("{name}: a positive trait; its rating is paid in trait points.").format(
                    name=sample.name
                )
            )
            box = spin_box(
                f"trait_{sample.name.lower().replace(' ', '_')}", MAX_RATING, tip, blank_zero=True
            )
            box.setValue(host.draft.traits.get(sample.name, 0))
            box.valueChanged.connect(lambda value, t=sample.name: self._rated(t, value))
            name = QLabel(sample.name)
            name.setBuddy(box)
            name.setToolTip(tip)
            roll = figure_label(f"trait_roll_{row}", _("Attribute (+ skill) + rating = dice."))
            grid.addWidget(name, row, 0)
            kind = hint_label(_("negative, adds points") if negative else _("positive"))
            kind.setWordWrap(False)
            kind.setToolTip(tip)
            grid.addWidget(kind, row, 1)
            grid.addWidget(box, row, 2)
            grid.addWidget(roll, row, 3)
            self.spins[sample.name] = box
            self.rolls[sample.name] = roll
        grid.setColumnStretch(3, 1)
        self.body.addLayout(grid)
        self.body.addStretch(1)
        chain_tab_order(self.spins.values())

    def prefixes(self) -> tuple[str, ...]:
        return ("traits",)

    def error_scope(self) -> str | None:
        # Spending trait points here can leave the skills overspent: that blocks this step.
        return "skills"

    def _rated(self, trait: str, value: int) -> None:
        self.host.draft.traits[trait] = value
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        traits = snapshot.figures.trait_points
        skills = snapshot.figures.skill_points
        unspent = traits.budget - traits.spent
        state = (
            _("{unspent} not spent on traits").format(unspent=unspent)
            if unspent >= 0
            else _("{value} too many").format(value=-unspent)
        )
        self.points.setText(
            _(
                "Trait points: {budget} ({TRAIT_POINTS} + negative traits), "
                "{spent} on positive traits, {state}; {from_traits} of them pay "
                "for skills."
            ).format(
                budget=traits.budget,
                TRAIT_POINTS=TRAIT_POINTS,
                spent=traits.spent,
                state=state,
                from_traits=skills.from_traits,
            )
        )
        rows = {t.name: i for i, t in enumerate(snapshot.sheet.traits)}
        pools = {t.name: t.pool for t in snapshot.figures.traits}
        for trait, box in self.spins.items():
            index = rows.get(trait)
            self.remark(box, None if index is None else join_path("traits", index, "rating"))
            self.rolls[trait].setText(dice_text(pools.get(trait)) if pools.get(trait) else "")


# --- 6. equipment ---------------------------------------------------------------------------


def item_tip(item: Item) -> str:
    """What a sample item is, from its own fields and the gear rules' own words for it."""
    parts = []
    if item.attack:
        parts.append(
            _("{attack} weapon, damage +{value}").format(attack=item.attack, value=item.damage or 0)
        )
    if item.bonus:
        parts.append(_("+{bonus} die to {skill}").format(bonus=item.bonus, skill=item.skill))
    return "; ".join([*parts, *rules_text(item)]) or item.name


class EquipmentPage(StepPage):
    """The sample gear to start with; the GM has the last word on it."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Equipment"),
            _("The GM decides what the character starts with, or agrees to what you ask for: "
            "keep it reasonable for the game. Tick the sample gear to take; anything else "
            "can be added on the sheet's Gear tab."),
        )
        self.host: Host = host
        grid = QGridLayout()
        self.boxes: dict[str, QCheckBox] = {}
        half = (len(EQUIPMENT) + 1) // 2
        for i, sample in enumerate(EQUIPMENT):
            box = QCheckBox(sample.name.replace("&", "&&"), objectName=f"item_{i}")
            box.setToolTip(item_tip(item_line(sample)))
            box.setChecked(sample.name in host.draft.equipment)
            box.toggled.connect(self._toggled)
            grid.addWidget(box, i % half, i // half)
            self.boxes[sample.name] = box
        self.body.addLayout(grid)
        self.body.addStretch(1)
        chain_tab_order(self.boxes.values())

    def prefixes(self) -> tuple[str, ...]:
        return ("equipment",)

    def error_scope(self) -> str | None:
        return ""  # the last page: no error anywhere may remain

    def _toggled(self) -> None:
        self.host.draft.equipment = [n for n, box in self.boxes.items() if box.isChecked()]
        self.host.changed()
