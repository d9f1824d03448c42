"""The wizard pages about dice: which attributes roll 4d10 (a prime character), where the
core's pool dice go (a later character), and the rolls themselves.

They sit together because each reads the same answer to "how many dice does this attribute
roll", which the rolls page then checks every total against.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout

from sheetapp.findings import Finding
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.generation import roll_dice_for
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import (
    FREE_DICE,
    POOL_ATTRIBUTES,
    PRIME_FOUR_DICE_COUNT,
    Attribute,
    Pool,
    label,
)

# The backend's own reading of "how many dice does this attribute roll" (4d10/3d10 for a prime
# character, the placed dice for a later one); reused so the wizard cannot disagree with it.
from sheetapp.systems.amazing_engine.rules.creation import dice_for
from sheetapp.ui.amazing_engine.wizard_draft import (
    CharacterStepPage,
    Host,
    Snapshot,
    pool_box,
    pools_row,
)
from sheetapp.ui.labels import hint_label
from sheetapp.ui.wizard.steps import chain_tab_order, spin_box

# A prime roll is at most 4d10; the spin boxes stop there so a typo cannot run away.
PRIME_ROLL_MAX = 40


# --- b. which attributes roll 4d10 ----------------------------------------------------------


class FourDicePage(CharacterStepPage):
    """Exactly four attributes roll 4d10; the boxes stop accepting ticks at four."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Attributes that roll 4d10"),
            _(
                "Tick exactly {PRIME_FOUR_DICE_COUNT} attributes to roll 4d10; "
                "the rest roll 3d10. They need not follow your ranks: a pool may "
                "get two, one or none."
            ).format(PRIME_FOUR_DICE_COUNT=PRIME_FOUR_DICE_COUNT),
        )
        row = pools_row()
        self.boxes: dict[Attribute, QCheckBox] = {}
        for pool, pair in POOL_ATTRIBUTES.items():
            box, grid = pool_box(pool)
            for r, attribute in enumerate(pair):
                check = QCheckBox(f"{label(attribute)}", objectName=f"four_dice_{attribute.value}")
                check.setToolTip(
                    _(
                        "Roll 4d10 (4–40) for {label} instead of 3d10 (3–30); exactly "
                        "{PRIME_FOUR_DICE_COUNT} attributes get 4d10."
                    ).format(label=label(attribute), PRIME_FOUR_DICE_COUNT=PRIME_FOUR_DICE_COUNT)
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
        self.count.setText(
            _("Chosen for 4d10: {count} of {PRIME_FOUR_DICE_COUNT}").format(
                count=len(chosen), PRIME_FOUR_DICE_COUNT=PRIME_FOUR_DICE_COUNT
            )
        )


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
        super().__init__(host, _("Dice for each attribute"), "")
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
            _(
                "Split each pool's dice between its two attributes, then place "
                "{free_total} free dice anywhere. No attribute may hold more "
                "than {cap} dice in {name}, and every die that finds room must "
                "be placed."
            ).format(free_total=free_total, cap=cap, name=universe.shown_name)
        )
        for attribute, spin in self.spins.items():
            spin.setMaximum(cap)
            spin.setToolTip(
                _(
                    "Dice for {label}: its pool's dice first, then free dice; at "
                    "most {cap} on one attribute."
                ).format(label=label(attribute), cap=cap)
            )
        used = 0
        for pool, (owed, placed, free) in placement(
            dict(snapshot.character.creation.dice), snapshot.pool_dice
        ).items():
            used += free
            self.pool_labels[pool].setText(
                _("{label}: {owed} pool dice, placed {placed} ({free} free)").format(
                    label=label(pool), owed=owed, placed=placed, free=free
                )
            )
        left = free_total - used
        placed_dice = snapshot.character.creation.dice
        room = sum(max(0, cap - placed_dice.get(a, 0)) for a in Attribute)
        extra = _(" ({value} too many)").format(value=-left) if left < 0 else ""
        if left > 0 and room == 0:
            extra = _(" (every attribute is full: they go unused)")
        self.free.setText(
            _("Free dice left: {max} of {free_total}{extra}").format(
                max=max(left, 0), free_total=free_total, extra=extra
            )
        )


# --- c. rolling -----------------------------------------------------------------------------


class RollsPage(CharacterStepPage):
    """The roll for each attribute, typed from the table or rolled by the app."""

    def __init__(self, host: Host, *, later: bool = False) -> None:
        super().__init__(
            host,
            _("Rolls"),
            _("Roll each attribute's dice and enter the total, or let the app roll the ones "
            "still blank. A total must lie between the number of dice and ten times it."),
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
        self.roll_all = QPushButton(_("&Roll for me"), objectName="roll_all")
        self.roll_all.setToolTip(
            _("Roll the right dice for every attribute still blank, or whose total no longer fits "
            "its dice (after a change on an earlier page); totals that fit are kept.")
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
            text = f"{n}d10, {n}–{10 * n}" if n else _("no dice: 0")
            self.dice_labels[attribute].setText(text)
            self.spins[attribute].setToolTip(
                _(
                    "{label} rolls {n}d10, so the total is {n} to {value}. Type what "
                    "you rolled; – means not rolled yet."
                ).format(label=label(attribute), n=n, value=10 * n)
            )
