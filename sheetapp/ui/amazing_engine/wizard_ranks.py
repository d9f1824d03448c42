"""The wizard pages about pool ranks: the first page (the name, the player and a rank for each
pool) and the page that spends each rank's points on the pool's two attributes.

They sit together because both read the backend's rank-points table, and the second spends
what the first chose.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QLineEdit, QSizePolicy, QSpinBox

from sheetapp.findings import join_path
from sheetapp.i18n import _
from sheetapp.systems.amazing_engine.names import (
    POOL_ATTRIBUTES,
    RANK_POINTS,
    Attribute,
    Pool,
    label,
)
from sheetapp.systems.amazing_engine.ranks import assign_rank
from sheetapp.ui.amazing_engine.wizard_draft import (
    CharacterStepPage,
    Host,
    Snapshot,
    pool_box,
    pools_row,
)
from sheetapp.ui.labels import hint_label
from sheetapp.ui.wizard.steps import chain_tab_order, spin_box

# The most rank points a pool can give; larger entries could only ever be errors.
RANK_POINTS_MAX = max(RANK_POINTS.values())


def rank_points_text() -> str:
    """'Rank 1 gives 15 points, 2 gives 10, ...', from the backend's table."""
    parts = [
        _("{rank} gives {points}").format(rank=rank, points=points)
        for rank, points in sorted(RANK_POINTS.items())
    ]
    return _("Rank ") + ", ".join(parts) + _(" points")


# --- a. ranks -------------------------------------------------------------------------------


class RanksPage(CharacterStepPage):
    """The player's name and a distinct rank 1..4 for each pool."""

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Name and pool ranks"),
            _(
                "Name your character, then rank the four pools from 1 (best) to "
                "4 (worst), each rank once. {rank_points_text}, to add to the "
                "pool's attributes after rolling. Giving a pool a rank another "
                "pool holds swaps their ranks."
            ).format(rank_points_text=rank_points_text()),
        )
        form = QFormLayout()
        self.name = QLineEdit(host.draft.name, objectName="name")
        self.name.setPlaceholderText(_("The character's name"))
        self.name.setToolTip(_("Any name you like; the rules do not restrict it."))
        self.name.textChanged.connect(self._name_changed)
        form.addRow(_("Na&me:"), self.name)
        self.mark(self.character_path("name"), self.name)
        self.player = QLineEdit(host.draft.player, objectName="player")
        self.player.setPlaceholderText(_("Your name, as the core's owner"))
        self.player.setToolTip(_("The Player Core belongs to you, the player, not the character."))
        self.player.textChanged.connect(self._player_changed)
        form.addRow(_("&Player:"), self.player)
        self.combos: dict[Pool, QComboBox] = {}
        for pool in Pool:
            combo = QComboBox(objectName=f"rank_{pool.value}")
            combo.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            for rank, points in sorted(RANK_POINTS.items()):
                combo.addItem(_("{rank}  ({points} points)").format(rank=rank, points=points), rank)
            a, b = POOL_ATTRIBUTES[pool]
            combo.setToolTip(
                _(
                    "{label} covers {label2} and {label3}. {rank_points_text}; ranks "
                    "are distinct, so taking another pool's rank swaps them."
                ).format(
                    label=label(pool),
                    label2=label(a),
                    label3=label(b),
                    rank_points_text=rank_points_text(),
                )
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


# --- d. rank points -------------------------------------------------------------------------


class RankPointsPage(CharacterStepPage):
    """Each pool's rank points split between its attributes, with the final scores live."""

    def __init__(self, host: Host) -> None:
        super().__init__(host, _("Rank points"), "")
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
            _(
                "{rank_points_text}. Split each pool's points between its two "
                "attributes and spend them all; no attribute may pass {cap} at "
                "creation."
            ).format(rank_points_text=rank_points_text(), cap=cap)
        )
        character = snapshot.character
        ranks = snapshot.sheet.core.ranks if snapshot.sheet.core else {}
        adjustment = snapshot.universe.base_adjustment
        for pool, (a, b) in POOL_ATTRIBUTES.items():
            rank = ranks.get(pool)
            allowed = RANK_POINTS.get(rank, 0) if rank is not None else 0
            spent = self.host.draft.rank_points.get(a, 0) + self.host.draft.rank_points.get(b, 0)
            left = allowed - spent
            state = (
                _("{left} left").format(left=left)
                if left >= 0
                else _("{value} too many").format(value=-left)
            )
            self.left[pool].setText(
                _("Rank {rank}: {allowed} points, {state}").format(
                    rank=rank, allowed=allowed, state=state
                )
            )
            for attribute in (a, b):
                self.spins[attribute].setToolTip(
                    _(
                        "Rank points for {label}. {label2} is rank {rank}, so it gives "
                        "{allowed} points to share with {label3}; the total may not pass "
                        "{cap}."
                    ).format(
                        label=label(attribute),
                        label2=label(pool),
                        rank=rank,
                        allowed=allowed,
                        label3=label(b if attribute is a else a),
                        cap=cap,
                    )
                )
        for attribute in Attribute:
            roll = character.creation.rolls.get(attribute)
            score = character.attributes.get(attribute)
            extra = _(", base {adjustment:+d}").format(adjustment=adjustment) if adjustment else ""
            self.rolls[attribute].setText(
                _("rolled {roll}{extra}").format(roll=roll, extra=extra)
                if roll
                else _("not rolled")
            )
            self.finals[attribute].setText(f"= {score}" if score is not None else "= –")
