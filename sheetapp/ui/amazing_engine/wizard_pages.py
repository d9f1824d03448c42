"""The pages the character wizards are made of.

Each page edits one part of a shared :class:`Draft` and then asks its host wizard to rebuild
the partial sheet and run the rules over it. A page never decides on its own whether its step
is done: it looks at the findings whose path belongs to the step, shows them, and allows Next
only when none of them is an error or a warning. That keeps the wizard and the sheet form
agreeing on every rule, because both read the same ``rules.check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from PySide6.QtCore import QModelIndex, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.findings import Finding, join_path
from sheetapp.systems.amazing_engine.catalog import installed_universes
from sheetapp.systems.amazing_engine.generation import roll_dice_for
from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
from sheetapp.systems.amazing_engine.names import (
    FREE_DICE,
    POOL_ATTRIBUTES,
    PRIME_FOUR_DICE_COUNT,
    RANK_POINTS,
    Attribute,
    Pool,
    label,
)
from sheetapp.systems.amazing_engine.ranks import assign_rank

# The backend's own reading of "how many dice does this attribute roll" (4d10/3d10 for a prime
# character, the placed dice for a later one); reused so the wizard cannot disagree with it.
from sheetapp.systems.amazing_engine.rules.creation import dice_for
from sheetapp.systems.amazing_engine.skill_choice import skill_slots
from sheetapp.systems.amazing_engine.universe import SkillNode, Universe
from sheetapp.ui.labels import hint_label
from sheetapp.ui.wizard.steps import (
    StepHost,
    StepPage,
    chain_tab_order,
    spin_box,
)

SkillKey = tuple[str, tuple[str, ...]]

# A prime roll is at most 4d10; the spin boxes stop there so a typo cannot run away.
PRIME_ROLL_MAX = 40
# The most rank points a pool can give; larger entries could only ever be errors.
RANK_POINTS_MAX = max(RANK_POINTS.values())



def rank_points_text() -> str:
    """'Rank 1 gives 15 points, 2 gives 10, ...', from the backend's table."""
    parts = [f"{rank} gives {points}" for rank, points in sorted(RANK_POINTS.items())]
    return "Rank " + ", ".join(parts) + " points"


@dataclass
class Draft:
    """Everything the person has entered so far, in the shape the generation builders take.

    Rolls of 0 mean "not rolled yet" and are left out of the built character.
    """

    universe_id: str = "generic"
    player: str = ""
    ranks: dict[Pool, int] = field(default_factory=dict)
    four_dice: list[Attribute] = field(default_factory=list)
    dice: dict[Attribute, int] = field(default_factory=lambda: dict.fromkeys(Attribute, 0))
    rolls: dict[Attribute, int] = field(default_factory=lambda: dict.fromkeys(Attribute, 0))
    rank_points: dict[Attribute, int] = field(default_factory=lambda: dict.fromkeys(Attribute, 0))
    name: str = ""
    profession: str = ""
    species: str = ""  # one of the universe's species ("": its first)
    skills: list[SkillKey] = field(default_factory=list)


@dataclass(frozen=True)
class Snapshot:
    """The partial sheet built from the draft, and what the rules say about it."""

    sheet: AmazingEngineSheet
    index: int
    universe: Universe
    findings: list[Finding]
    pool_dice: dict[Pool, int] | None = None

    @property
    def character(self) -> Character:
        return self.sheet.characters[self.index]


class Host(StepHost, Protocol):
    """What an Amazing Engine page needs from its wizard."""

    draft: Draft
    index: int

    def snapshot(self) -> Snapshot:
        """The partial sheet as the draft stands now."""


class CharacterStepPage(StepPage):
    """A step about the character the wizard is making (the sheet may hold others)."""

    host: Host

    def character_path(self, *parts: str | int) -> str:
        return join_path("characters", self.host.index, *parts)


def pool_box(pool: Pool) -> tuple[QGroupBox, QGridLayout]:
    box = QGroupBox(label(pool), objectName=f"pool_{pool.value}")
    grid = QGridLayout(box)
    grid.setColumnStretch(0, 1)
    return box, grid


def pools_row() -> QHBoxLayout:
    row = QHBoxLayout()
    row.setSpacing(10)
    return row


# --- a. ranks -------------------------------------------------------------------------------


class RanksPage(CharacterStepPage):
    """The player's name and a distinct rank 1..4 for each pool."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            "Name and pool ranks",
            "Name your character, then rank the four pools from 1 (best) to 4 (worst), each "
            "rank once. "
            f"{rank_points_text()}, to add to the pool's attributes after rolling. "
            "Giving a pool a rank another pool holds swaps their ranks.",
        )
        form = QFormLayout()
        self.name = QLineEdit(host.draft.name, objectName="name")
        self.name.setPlaceholderText("The character's name")
        self.name.setToolTip("Any name you like; the rules do not restrict it.")
        self.name.textChanged.connect(self._name_changed)
        form.addRow("Na&me:", self.name)
        self.mark(self.character_path("name"), self.name)
        self.player = QLineEdit(host.draft.player, objectName="player")
        self.player.setPlaceholderText("Your name, as the core's owner")
        self.player.setToolTip("The Player Core belongs to you, the player, not the character.")
        self.player.textChanged.connect(self._player_changed)
        form.addRow("&Player:", self.player)
        self.combos: dict[Pool, QComboBox] = {}
        for pool in Pool:
            combo = QComboBox(objectName=f"rank_{pool.value}")
            combo.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            for rank, points in sorted(RANK_POINTS.items()):
                combo.addItem(f"{rank}  ({points} points)", rank)
            a, b = POOL_ATTRIBUTES[pool]
            combo.setToolTip(
                f"{label(pool)} covers {label(a)} and {label(b)}. {rank_points_text()}; "
                "ranks are distinct, so taking another pool's rank swaps them."
            )
            combo.currentIndexChanged.connect(lambda _i, p=pool: self._rank_chosen(p))
            form.addRow(f"{label(pool)} ({label(a)}, {label(b)}):", combo)
            self.combos[pool] = combo
            self.mark(join_path("core", "ranks", pool.value), combo)
        self.body.addLayout(form)
        self.body.addStretch(1)
        self._show_ranks()
        chain_tab_order([self.name, self.player, *self.combos.values()])

    def prefixes(self) -> tuple[str, ...]:
        return ("core.ranks", "core.player", self.character_path("name"))

    def _player_changed(self, text: str) -> None:
        self.host.draft.player = text
        self.host.changed()

    def _name_changed(self, text: str) -> None:
        self.host.draft.name = text
        self.host.changed()

    def _rank_chosen(self, pool: Pool) -> None:
        rank = self.combos[pool].currentData()
        self.host.draft.ranks = assign_rank(self.host.draft.ranks, pool, rank)
        self._show_ranks()
        self.host.changed()

    def _show_ranks(self) -> None:
        for pool, combo in self.combos.items():
            rank = self.host.draft.ranks.get(pool)
            with QSignalBlocker(combo):
                combo.setCurrentIndex(combo.findData(rank) if rank is not None else -1)


# --- b. which attributes roll 4d10 ----------------------------------------------------------


class FourDicePage(CharacterStepPage):
    """Exactly four attributes roll 4d10; the boxes stop accepting ticks at four."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            "Attributes that roll 4d10",
            f"Tick exactly {PRIME_FOUR_DICE_COUNT} attributes to roll 4d10; the rest "
            "roll 3d10. They need not follow your ranks: a pool may get two, one or none.",
        )
        row = pools_row()
        self.boxes: dict[Attribute, QCheckBox] = {}
        for pool, pair in POOL_ATTRIBUTES.items():
            box, grid = pool_box(pool)
            for r, attribute in enumerate(pair):
                check = QCheckBox(f"{label(attribute)}", objectName=f"four_dice_{attribute.value}")
                check.setToolTip(
                    f"Roll 4d10 (4–40) for {label(attribute)} instead of 3d10 (3–30); "
                    f"exactly {PRIME_FOUR_DICE_COUNT} attributes get 4d10."
                )
                check.setChecked(attribute in host.draft.four_dice)
                check.toggled.connect(self._toggled)
                grid.addWidget(check, r, 0)
                self.boxes[attribute] = check
            row.addWidget(box)
        self.body.addLayout(row)
        self.count = QLabel(objectName="four_dice_count")
        self.body.addWidget(self.count)
        self.count.setProperty("role", "figure")
        self.body.addStretch(1)
        chain_tab_order(self.boxes.values())

    def prefixes(self) -> tuple[str, ...]:
        return (self.character_path("creation", "four_dice"),)

    def _toggled(self) -> None:
        self.host.draft.four_dice = [a for a in Attribute if self.boxes[a].isChecked()]
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        chosen = snapshot.character.creation.four_dice
        full = len(chosen) >= PRIME_FOUR_DICE_COUNT
        for attribute, check in self.boxes.items():
            check.setEnabled(attribute in chosen or not full)
        self.count.setText(f"Chosen for 4d10: {len(chosen)} of {PRIME_FOUR_DICE_COUNT}")


# --- later characters: placing the core's dice ----------------------------------------------


def placement(
    dice: dict[Attribute, int], pool_dice: dict[Pool, int] | None
) -> dict[Pool, tuple[int, int, int]]:
    """Per pool: (pool dice, dice placed on its attributes, of which beyond the pool's)."""
    out = {}
    for pool, (a, b) in POOL_ATTRIBUTES.items():
        owed = (pool_dice or {}).get(pool, 0)
        placed = dice.get(a, 0) + dice.get(b, 0)
        out[pool] = (owed, placed, max(0, placed - owed))
    return out


class DicePage(CharacterStepPage):
    """A later character places each pool's dice on its attributes, then the free dice."""

    def __init__(self, host: Host) -> None:
        super().__init__(host, "Dice for each attribute", "")
        row = pools_row()
        self.spins: dict[Attribute, QSpinBox] = {}
        self.pool_labels: dict[Pool, QLabel] = {}
        tally = QVBoxLayout()
        tally.setSpacing(2)
        for pool, pair in POOL_ATTRIBUTES.items():
            box, grid = pool_box(pool)
            summary = QLabel(objectName=f"pool_dice_{pool.value}")
            tally.addWidget(summary)
            self.pool_labels[pool] = summary
            for r, attribute in enumerate(pair):
                spin = spin_box(f"dice_{attribute.value}", 5, "")
                spin.setValue(host.draft.dice.get(attribute, 0))
                spin.valueChanged.connect(lambda v, a=attribute: self._changed(a, v))
                name = QLabel(f"{label(attribute)}:")
                name.setBuddy(spin)
                grid.addWidget(name, r, 0)
                grid.addWidget(spin, r, 1)
                self.spins[attribute] = spin
                self.mark(self.character_path("creation", "dice", attribute.value), spin)
            row.addWidget(box)
        self.body.addLayout(row)
        # The tally sits below the boxes, so each line reads in full.
        self.body.addSpacing(6)
        self.body.addLayout(tally)
        self.free = QLabel(objectName="free_dice")
        self.free.setProperty("role", "figure")
        tally.addWidget(self.free)
        self.body.addStretch(1)
        chain_tab_order(self.spins.values())

    def prefixes(self) -> tuple[str, ...]:
        return (self.character_path("creation", "dice"),)

    def _changed(self, attribute: Attribute, value: int) -> None:
        self.host.draft.dice[attribute] = value
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        universe = snapshot.universe
        cap, free_total = universe.dice_cap, FREE_DICE
        self.rule.setText(
            "Split each pool's dice between its two attributes, then place "
            f"{free_total} free dice anywhere. No attribute may hold more than {cap} dice in "
            f"{universe.name}, and every die that finds room must be placed."
        )
        for attribute, spin in self.spins.items():
            spin.setMaximum(cap)
            spin.setToolTip(
                f"Dice for {label(attribute)}: its pool's dice first, then free dice; "
                f"at most {cap} on one attribute."
            )
        used = 0
        for pool, (owed, placed, free) in placement(
            dict(snapshot.character.creation.dice), snapshot.pool_dice
        ).items():
            used += free
            self.pool_labels[pool].setText(
                f"{label(pool)}: {owed} pool dice, placed {placed} ({free} free)"
            )
        left = free_total - used
        placed_dice = snapshot.character.creation.dice
        room = sum(max(0, cap - placed_dice.get(a, 0)) for a in Attribute)
        extra = f" ({-left} too many)" if left < 0 else ""
        if left > 0 and room == 0:
            extra = " (every attribute is full: they go unused)"
        self.free.setText(f"Free dice left: {max(left, 0)} of {free_total}{extra}")


# --- c. rolling -----------------------------------------------------------------------------


class RollsPage(CharacterStepPage):
    """The roll for each attribute, typed from the table or rolled by the app."""

    def __init__(self, host: Host, *, later: bool = False) -> None:
        super().__init__(
            host,
            "Rolls",
            "Roll each attribute's dice and enter the total, or let the app roll the ones "
            "still blank. A total must lie between the number of dice and ten times it.",
        )
        # A later character's largest roll follows the universe's dice cap.
        self._later = later
        maximum = PRIME_ROLL_MAX
        row = pools_row()
        self.spins: dict[Attribute, QSpinBox] = {}
        self.dice_labels: dict[Attribute, QLabel] = {}
        for pool, pair in POOL_ATTRIBUTES.items():
            box, grid = pool_box(pool)
            for r, attribute in enumerate(pair):
                spin = spin_box(f"roll_{attribute.value}", maximum, "", blank_zero=True)
                spin.setValue(host.draft.rolls.get(attribute, 0))
                spin.valueChanged.connect(lambda v, a=attribute: self._changed(a, v))
                name = QLabel(f"{label(attribute)}:")
                name.setBuddy(spin)
                dice = hint_label("", f"dice_label_{attribute.value}")
                dice.setWordWrap(False)
                grid.addWidget(name, 2 * r, 0)
                grid.addWidget(spin, 2 * r, 1)
                grid.addWidget(dice, 2 * r + 1, 0, 1, 2)
                self.spins[attribute] = spin
                self.dice_labels[attribute] = dice
                self.mark(self.character_path("creation", "rolls", attribute.value), spin)
                self.mark(self.character_path("attributes", attribute.value), spin)
            row.addWidget(box)
        self.body.addLayout(row)
        buttons = QHBoxLayout()
        self.roll_all = QPushButton("&Roll for me", objectName="roll_all")
        self.roll_all.setToolTip(
            "Roll the right dice for every attribute still blank, or whose total no longer fits "
            "its dice (after a change on an earlier page); totals that fit are kept."
        )
        self.roll_all.clicked.connect(self.roll_missing)
        buttons.addWidget(self.roll_all)
        buttons.addStretch(1)
        self.body.addLayout(buttons)
        self.body.addStretch(1)
        chain_tab_order([*self.spins.values(), self.roll_all])

    def prefixes(self) -> tuple[str, ...]:
        return (self.character_path("creation", "rolls"), self.character_path("attributes"))

    def displayed(self, found: list[Finding]) -> list[Finding]:
        # "not rolled yet" repeats the missing-score finding that blocks the step.
        return [f for f in found if f.code != "ae.creation.roll_missing"]

    def _changed(self, attribute: Attribute, value: int) -> None:
        self.host.draft.rolls[attribute] = value
        self.host.changed()

    def _dice(self, character: Character) -> dict[Attribute, int]:
        return {a: dice_for(character, a) or 0 for a in Attribute}

    def roll_missing(self) -> None:
        """Roll, with the wizard's Roller, each attribute that is blank or whose total its
        dice can no longer make (4d10 moved to another attribute, dice placed anew); an
        attribute that now rolls no dice goes back to 0."""
        dice = self._dice(self.host.snapshot().character)
        rolls = self.host.draft.rolls
        wanted = {a: n for a, n in dice.items() if n and not n <= rolls.get(a, 0) <= 10 * n}
        rolled = roll_dice_for(self.host.roller, wanted)
        rolled.update({a: 0 for a, n in dice.items() if not n and rolls.get(a)})
        for attribute, total in rolled.items():
            self.host.draft.rolls[attribute] = total
            with QSignalBlocker(self.spins[attribute]):
                self.spins[attribute].setValue(total)
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        if self._later:
            for spin in self.spins.values():
                spin.setMaximum(10 * snapshot.universe.dice_cap)
        for attribute, n in self._dice(snapshot.character).items():
            text = f"{n}d10, {n}–{10 * n}" if n else "no dice: 0"
            self.dice_labels[attribute].setText(text)
            self.spins[attribute].setToolTip(
                f"{label(attribute)} rolls {n}d10, so the total is {n} to {10 * n}. "
                "Type what you rolled; – means not rolled yet."
            )


# --- d. rank points -------------------------------------------------------------------------


class RankPointsPage(CharacterStepPage):
    """Each pool's rank points split between its attributes, with the final scores live."""

    def __init__(self, host: Host) -> None:
        super().__init__(host, "Rank points", "")
        row = pools_row()
        self.spins: dict[Attribute, QSpinBox] = {}
        self.rolls: dict[Attribute, QLabel] = {}
        self.finals: dict[Attribute, QLabel] = {}
        self.left: dict[Pool, QLabel] = {}
        for pool, pair in POOL_ATTRIBUTES.items():
            box, grid = pool_box(pool)
            left = QLabel(objectName=f"points_left_{pool.value}")
            left.setWordWrap(True)
            grid.addWidget(left, 0, 0, 1, 3)
            self.left[pool] = left
            for r, attribute in enumerate(pair, start=1):
                spin = spin_box(f"points_{attribute.value}", RANK_POINTS_MAX, "")
                spin.setValue(host.draft.rank_points.get(attribute, 0))
                spin.valueChanged.connect(lambda v, a=attribute: self._changed(a, v))
                spin.setPrefix("+")
                name = QLabel(f"{label(attribute)}:")
                name.setBuddy(spin)
                roll = hint_label("", f"roll_shown_{attribute.value}")
                final = QLabel(objectName=f"final_{attribute.value}")
                final.setProperty("role", "figure")
                final.setMinimumWidth(final.fontMetrics().horizontalAdvance("= 50") + 4)
                grid.addWidget(name, 2 * r - 1, 0)
                grid.addWidget(spin, 2 * r - 1, 1)
                grid.addWidget(final, 2 * r - 1, 2)
                grid.addWidget(roll, 2 * r, 0, 1, 3)
                self.spins[attribute] = spin
                self.rolls[attribute] = roll
                self.finals[attribute] = final
                self.mark(self.character_path("creation", "rank_points", attribute.value), spin)
            row.addWidget(box)
        self.body.addLayout(row)
        self.body.addStretch(1)
        chain_tab_order(self.spins.values())

    def prefixes(self) -> tuple[str, ...]:
        return (self.character_path("creation", "rank_points"),)

    def _changed(self, attribute: Attribute, value: int) -> None:
        self.host.draft.rank_points[attribute] = value
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        cap = snapshot.universe.creation_cap
        self.rule.setText(
            f"{rank_points_text()}. Split each pool's points between its two "
            f"attributes and spend them all; no attribute may pass {cap} at creation."
        )
        character = snapshot.character
        ranks = snapshot.sheet.core.ranks if snapshot.sheet.core else {}
        adjustment = snapshot.universe.base_adjustment
        for pool, (a, b) in POOL_ATTRIBUTES.items():
            rank = ranks.get(pool)
            allowed = RANK_POINTS.get(rank, 0) if rank is not None else 0
            spent = self.host.draft.rank_points.get(a, 0) + self.host.draft.rank_points.get(b, 0)
            left = allowed - spent
            state = f"{left} left" if left >= 0 else f"{-left} too many"
            self.left[pool].setText(f"Rank {rank}: {allowed} points, {state}")
            for attribute in (a, b):
                self.spins[attribute].setToolTip(
                    f"Rank points for {label(attribute)}. {label(pool)} is rank {rank}, "
                    f"so it gives {allowed} points to share with "
                    f"{label(b if attribute is a else a)}; the total may not pass {cap}."
                )
        for attribute in Attribute:
            roll = character.creation.rolls.get(attribute)
            score = character.attributes.get(attribute)
            extra = f", base {adjustment:+d}" if adjustment else ""
            self.rolls[attribute].setText(f"rolled {roll}{extra}" if roll else "not rolled")
            self.finals[attribute].setText(f"= {score}" if score is not None else "= –")


# --- e. the character -----------------------------------------------------------------------


class CharacterPage(CharacterStepPage):
    """Universe, species and profession (and, for a later character, its name: a prime
    character is named on the first page): the universe sets the caps and the skill
    trees."""

    def __init__(self, host: Host, *, later: bool = False) -> None:
        rule = (
            "Every character has a profession from its universe; its skill groups decide "
            "which skills count as profession skills."
        )
        if later:
            rule += " A core may have only one active character in each universe."
        super().__init__(host, "Universe, species and profession", rule)
        self._later = later
        form = QFormLayout()
        first: list[QWidget] = []
        if later:
            name = QLineEdit(host.draft.name, objectName="name")
            name.setPlaceholderText("The character's name")
            name.setToolTip("Any name you like; the rules do not restrict it.")
            name.textChanged.connect(self._name_changed)
            form.addRow("Na&me:", name)
            self.mark(self.character_path("name"), name)
            first.append(name)
        self.universe = QComboBox(objectName="universe")
        for universe in installed_universes().values():
            self.universe.addItem(universe.name, universe.id)
        self.universe.setToolTip(
            "The universe sets the attribute caps, the dice cap, the base adjustment, the "
            "professions, the species and the skill trees."
        )
        self.universe.setCurrentIndex(max(0, self.universe.findData(host.draft.universe_id)))
        self.universe.currentIndexChanged.connect(self._universe_changed)
        form.addRow("&Universe:", self.universe)
        self.species = QComboBox(objectName="species")
        self.species.setToolTip("The species the universe offers")
        self.species.currentIndexChanged.connect(self._species_changed)
        self.species_label = QLabel("&Species:")
        self.species_label.setBuddy(self.species)
        form.addRow(self.species_label, self.species)
        self.profession = QComboBox(objectName="profession")
        self.profession.setToolTip(
            "The profession lists the skill groups your profession skills come from."
        )
        self.profession.currentIndexChanged.connect(self._profession_changed)
        form.addRow("&Profession:", self.profession)
        self.groups = hint_label("", "profession_groups")
        form.addRow("", self.groups)
        self.body.addLayout(form)
        self.body.addStretch(1)
        self.mark(self.character_path("universe"), self.universe)
        self.mark(self.character_path("status"), self.universe)
        self.mark(self.character_path("species"), self.species)
        self.mark(self.character_path("profession"), self.profession)
        self._fill_professions()
        self._fill_species()
        chain_tab_order([*first, self.universe, self.species, self.profession])

    def _fill_species(self) -> None:
        """The universe's species to choose from; the row is hidden when it lists none."""
        universe = self._universe()
        keep = self.host.draft.species
        with QSignalBlocker(self.species):
            self.species.clear()
            for species in universe.species:
                self.species.addItem(species.name, species.id)
                if species.description:
                    self.species.setItemData(
                        self.species.count() - 1, species.description, Qt.ItemDataRole.ToolTipRole
                    )
            found = self.species.findData(keep)
            self.species.setCurrentIndex(found if found >= 0 else 0)
        self.species.setVisible(bool(universe.species))
        self.species_label.setVisible(bool(universe.species))
        index = self.species.currentIndex()
        self.host.draft.species = self.species.itemData(index) if index >= 0 else ""

    def _species_changed(self) -> None:
        index = self.species.currentIndex()
        self.host.draft.species = self.species.itemData(index) if index >= 0 else ""
        self.host.changed()

    def prefixes(self) -> tuple[str, ...]:
        parts = ("universe", "profession", "species", "status")
        if self._later:  # a prime character is named on the first page, and answers there
            parts = ("name", *parts)
        return tuple(self.character_path(part) for part in parts)

    def _universe(self) -> Universe:
        return installed_universes()[self.universe.currentData()]

    def _fill_professions(self) -> None:
        universe = self._universe()
        keep = self.host.draft.profession
        with QSignalBlocker(self.profession):
            self.profession.clear()
            for profession in universe.professions:
                self.profession.addItem(profession.name, profession.id)
            found = self.profession.findData(keep)
            self.profession.setCurrentIndex(found if found >= 0 else 0)
        self.host.draft.profession = self._profession_id()

    def _profession_id(self) -> str:
        # Never ask an empty combo for its data: PySide6 mishandles the empty answer.
        if self.profession.currentIndex() < 0:
            return ""
        return self.profession.itemData(self.profession.currentIndex())

    def _name_changed(self, text: str) -> None:
        self.host.draft.name = text
        self.host.changed()

    def _universe_changed(self) -> None:
        self.host.draft.universe_id = self.universe.currentData()
        self._fill_professions()
        self._fill_species()
        self.host.changed()

    def _profession_changed(self) -> None:
        self.host.draft.profession = self._profession_id()
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        profession = snapshot.universe.profession(snapshot.character.profession)
        if profession is None:
            self.groups.setText("")
            return
        text = "Skill groups: " + ", ".join(profession.groups)
        if profession.description:
            text += f"\n{profession.description}"
        self.groups.setText(text)


# --- f. skills ------------------------------------------------------------------------------


def skill_kind(node: SkillNode, depth: int) -> str:
    if node.enhancement:
        return "Enhancement"
    return "Basic skill" if depth == 1 else "Specialty"


class SkillsPage(CharacterStepPage):
    """The universe's skill trees; a specialty can be ticked once the skill above it is."""

    SOURCE_TEXT: ClassVar[dict[str, str]] = {"profession": "Profession", "free": "Free choice"}

    def __init__(self, host: Host, *, error_scope: str = "") -> None:
        super().__init__(
            host,
            "Skills",
            "Profession skills come from your profession's groups; free skills from any "
            "group. Each ticked skill uses a profession slot while one fits, else a free one. "
            "A specialty needs the skill above it. Fewer skills than allowed is fine.",
        )
        self._scope = error_scope
        counts = QVBoxLayout()
        counts.setSpacing(2)
        self.profession_count = QLabel(objectName="profession_count")
        self.profession_count.setProperty("role", "figure")
        self.free_count = QLabel(objectName="free_count")
        self.free_count.setProperty("role", "figure")
        for count in (self.profession_count, self.free_count):
            count.setWordWrap(True)
            counts.addWidget(count)
        self.body.addLayout(counts)
        self.tree = QTreeWidget(objectName="skills")
        self.tree.setHeaderLabels(["Skill", "Attribute", "Kind", "Taken as"])
        self.tree.setToolTip(
            "Tick the skills your character starts with. Unticking a skill also drops the "
            "specialties below it."
        )
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemChanged.connect(self._item_changed)
        self.body.addWidget(self.tree, 1)
        self.mark(self.character_path("skills"), self.tree)
        self._built_for: tuple[str, str] | None = None
        self._items: dict[SkillKey, QTreeWidgetItem] = {}
        self._keys: dict[int, SkillKey] = {}

    def prefixes(self) -> tuple[str, ...]:
        return (self.character_path("skills"),)

    def error_scope(self) -> str | None:
        return self._scope

    def _build_tree(self, universe: Universe, profession_groups: Sequence[str]) -> None:
        """One top item per group (profession groups marked), skills nested below."""
        self._items.clear()
        self._keys.clear()
        with QSignalBlocker(self.tree):
            self.tree.clear()
            for group in universe.skill_groups:
                top = QTreeWidgetItem([group.name, "", "Group", ""])
                top.setFlags(Qt.ItemFlag.ItemIsEnabled)
                if group.name in profession_groups:
                    top.setText(2, "Profession group")
                    font = top.font(0)
                    font.setBold(True)
                    top.setFont(0, font)
                self.tree.addTopLevelItem(top)
                self._add_nodes(top, group.name, (), group.skills)
            self.tree.expandAll()
            # No current row until the player picks one: a focus frame on a group looks odd.
            self.tree.setCurrentIndex(QModelIndex())

    def _add_nodes(
        self,
        parent: QTreeWidgetItem,
        group: str,
        prefix: tuple[str, ...],
        nodes: Sequence[SkillNode],
    ) -> None:
        for node in nodes:
            path = (*prefix, node.name)
            item = QTreeWidgetItem([node.name, label(node.attribute), skill_kind(node, len(path))])
            item.setCheckState(0, Qt.CheckState.Unchecked)
            item.setToolTip(
                0,
                f"Checks against {label(node.attribute)}."
                + (" Needs the skill above it first." if len(path) > 1 else ""),
            )
            parent.addChild(item)
            self._items[(group, path)] = item
            self._keys[id(item)] = (group, path)
            self._add_nodes(item, group, path, node.children)

    def _item_changed(self, item: QTreeWidgetItem, column: int) -> None:
        # Keys live in a Python dict, not in item data: PySide6 6.12 drops a reference to
        # None whenever an item is asked for a role it does not hold.
        key = self._keys.get(id(item))
        if column != 0 or key is None:
            return
        group, path = key
        keys = self.host.draft.skills
        if item.checkState(0) == Qt.CheckState.Checked:
            if (group, path) not in keys:
                keys.append((group, path))
        else:
            depth = len(path)
            keys[:] = [k for k in keys if not (k[0] == group and k[1][:depth] == path)]
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        universe = snapshot.universe
        character = snapshot.character
        profession = universe.profession(character.profession)
        groups = profession.groups if profession else ()
        signature = (universe.id, character.profession)
        if signature != self._built_for:
            self._built_for = signature
            self._build_tree(universe, groups)
        sources = {(s.group, tuple(s.path)): s.source for s in character.skills}
        with QSignalBlocker(self.tree):
            for key, item in self._items.items():
                taken = key in sources
                parent_key = (key[0], key[1][:-1])
                open_ = len(key[1]) == 1 or parent_key in sources
                item.setCheckState(0, Qt.CheckState.Checked if taken else Qt.CheckState.Unchecked)
                flags = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable
                item.setFlags(flags | Qt.ItemFlag.ItemIsEnabled if open_ else flags)
                item.setText(3, self.SOURCE_TEXT.get(sources.get(key, ""), ""))
        slots = skill_slots(character, universe)
        p_taken, p_allowed = slots["profession"]
        f_taken, f_allowed = slots["free"]
        self.profession_count.setText(
            f"Profession skills: {p_taken} of {p_allowed} "
            "(one per 10 points of Learning or part of 10)"
        )
        self.free_count.setText(
            f"Free skills: {f_taken} of {f_allowed} (one per full 15 points of Intuition)"
        )
