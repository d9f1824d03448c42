"""Weapons and armour; and the tables every roll is read from, with exact odds."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.forgotten_futures.catalog import ARMOUR, WEAPONS
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures, WeaponFigures
from sheetapp.systems.forgotten_futures.model import Armour, Weapon
from sheetapp.systems.forgotten_futures.modifiers import (
    MODIFIERS,
    damage_limit,
    modified_attack,
    pulling_problem,
)
from sheetapp.systems.forgotten_futures.names import DEFAULT_DEFENCE
from sheetapp.systems.forgotten_futures.odds import attack_odds
from sheetapp.systems.forgotten_futures.table import (
    COLUMNS,
    TABLE_DEFENCES,
    column_ranges,
    quick_table,
)
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.list_table_model import DASH, Column, LiveListModel
from sheetapp.ui.page_layout import scrolled
from sheetapp.ui.table_box import list_box, table_view
from sheetapp.ui.table_editors import NumberDelegate

DAMAGE_TIP = (
    "B bruise, F flesh wound, I injury, C critical, KO knocked out, K killed. X/Y: roll the "
    "Effect again, X on a failure, Y on a success; X+Y: both."
)


def _weapons(f: ForgottenFuturesFigures) -> list[WeaponFigures]:
    return f.weapons


def weapon_columns(figures: FiguresCache[ForgottenFuturesFigures]) -> list[Column]:
    return [
        Column("Weapon", "name", tooltip="The weapon's name, from the list or your own."),
        Column("Mult?", "multiple", tooltip="Can attack more than one target in a round."),
        Column(
            "Effect",
            "effect",
            tooltip="A number, or BODY or a skill with +N or /2: BODY+1, Melee+1, Melee/2, "
            "Brawl, M. Arts, Marksman.",
        ),
        Column(
            "Eff.",
            compute=figures.row_value(_weapons, lambda w: w.effect),
            centred=True,
            tooltip="The Effect worked out for this character; it attacks the target's BODY.",
        ),
        Column(
            "When hurt",
            compute=figures.row_value(_weapons, lambda w: w.effect_now),
            centred=True,
            tooltip="The Effect under the wounds in force.",
            explain=figures.per_row(_hurt_effect_inputs),
        ),
        Column("A", "a", tooltip=f"Damage when the Effect roll fails. {DAMAGE_TIP}"),
        Column("B", "b", tooltip=f"Damage on a success above half the roll needed. {DAMAGE_TIP}"),
        Column("C", "c", tooltip=f"Damage at half the roll needed or less. {DAMAGE_TIP}"),
        Column("Notes", "notes"),
    ]


MODIFIER_TIP = (
    "Added to the attacking skill, never past 10 for bonuses nor below 1 for penalties. "
    "Pulling punches is declared before the roll."
)

ARMOUR_COLUMNS = [
    Column("Armour", "name"),
    Column("Effect off", "reduction", align_right=True, tooltip="Taken off the attack's Effect."),
    Column("Against", "against", tooltip="The attacks it stops: blades, bullets, blows..."),
    Column("Covers", "covers", tooltip="The parts of the body it protects."),
]


class CombatTab(QWidget):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        figures: FiguresCache[ForgottenFuturesFigures],
    ) -> None:
        super().__init__()
        self.weapons = LiveListModel(document, ("weapons",), weapon_columns(figures), self)
        weapons_view = table_view(self.weapons, "weapons", stretch=("name", "notes"))
        fields.add(("weapons",), weapons_view)
        self.armour = LiveListModel(document, ("armour",), ARMOUR_COLUMNS, self)
        armour_view = table_view(
            self.armour,
            "armour",
            {"reduction": NumberDelegate(0, 99, parent=self)},
            stretch=("name", "against", "covers"),
        )
        fields.add(("armour",), armour_view)
        # The rules' lists name their fields as the sheet does.
        layout = QVBoxLayout(self)
        layout.addWidget(
            list_box(
                "Weapons",
                self.weapons,
                weapons_view,
                noun="weapon",
                blank=lambda: Weapon(name="New weapon", effect="BODY"),
                samples=[
                    (w.name, lambda w=w: Weapon.model_validate(w, from_attributes=True))
                    for w in WEAPONS
                ],
                samples_text="Add from the lists…",
            ),
            3,
        )
        layout.addWidget(
            list_box(
                "Armour",
                self.armour,
                armour_view,
                noun="armour",
                blank=lambda: Armour(name="New armour"),
                samples=[
                    (a.name, lambda a=a: Armour.model_validate(a, from_attributes=True))
                    for a in ARMOUR
                ],
                samples_text="Add from the lists…",
            ),
            2,
        )


class TablesTab(QWidget):
    """The two tables every roll is read from, and the odds of any roll."""

    def __init__(self) -> None:
        super().__init__()
        layout = QHBoxLayout(self)
        layout.addWidget(AttackTable(), 3)
        side = QVBoxLayout()
        side.addWidget(DamageColumnsTable(), 2)
        side.addWidget(scrolled(OddsBox(), frame=False), 3)  # fits a laptop's height
        layout.addLayout(side, 2)


def _grid(
    name: str,
    columns: list[tuple[str, str]],
    rows: list[tuple[str, list[str]]],
    tip: str,
    muted: QBrush,
) -> QTableWidget:
    """A read-only table of short centred figures that stretches to its room; ``columns``
    are (heading, what it means)."""
    table = QTableWidget(len(rows), len(columns), objectName=name)
    table.setHorizontalHeaderLabels([heading for heading, _ in columns])
    for c, (_, meaning) in enumerate(columns):
        table.horizontalHeaderItem(c).setToolTip(meaning)
    table.setVerticalHeaderLabels([label for label, _ in rows])
    table.setToolTip(tip)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for r, (_, cells) in enumerate(rows):
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if text == DASH:
                item.setForeground(muted)
            table.setItem(r, c, item)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    return table


class AttackTable(QGroupBox):
    """The attack versus defence table: the highest 2D6 roll that succeeds."""

    def __init__(self) -> None:
        super().__init__("Attack versus defence: roll 2D6 at or under; 12 always fails")
        rows = [
            (str(a), [DASH if n is None else str(n) for n in row])
            for a, row in enumerate(quick_table(), start=1)
        ]
        muted = QBrush(self.palette().color(QPalette.ColorRole.PlaceholderText))
        self.setToolTip("The highest 2D6 roll that succeeds for each attack and defence.")
        columns = [
            (str(d), f"Defending value {d}: read down this column.")
            for d in range(1, TABLE_DEFENCES + 1)
        ]
        tip = "Rows: the attacking value. Columns: the defending value. –: no chance."
        layout = QVBoxLayout(self)
        layout.addWidget(_grid("attack_table", columns, rows, tip, muted))


class DamageColumnsTable(QGroupBox):
    """For each number needed on the Effect roll, the rolls that read columns A, B and C."""

    def __init__(self) -> None:
        super().__init__("Damage columns")
        self.setToolTip("Which of a weapon's damage columns an Effect roll reads.")
        rows = []
        for target in range(2, 12):
            spans = column_ranges(target)
            rows.append((str(target), [_span(spans[c]) for c in COLUMNS]))
        muted = QBrush(self.palette().color(QPalette.ColorRole.PlaceholderText))
        tip = (
            "Rows: the roll the Effect needs against BODY. A: the roll fails (the weapon's "
            "least harm); C: half the number needed or less; B: between."
        )
        layout = QVBoxLayout(self)
        meanings = {
            "A": "Column A: the Effect roll failed.",
            "B": "Column B: a success above half the number needed.",
            "C": "Column C: half the number needed or less.",
        }
        columns = [(c, meanings.get(c, c)) for c in COLUMNS]
        layout.addWidget(_grid("damage_columns", columns, rows, tip, muted))


def _span(span: tuple[int, int] | None) -> str:
    if span is None:
        return DASH
    low, high = span
    return str(low) if low == high else f"{low}–{high}"


class OddsBox(QGroupBox):
    """Exact odds of one roll and of each damage column, as ``sheetapp odds`` gives them,
    with the attack's modifiers (pulling punches among them) and the target's armour."""

    def __init__(self) -> None:
        super().__init__("Odds")
        self.setToolTip("The exact chance of one roll, and of each damage column.")
        form = QFormLayout(self)
        self.spins: dict[str, QSpinBox] = {}
        for key, title, low, start, tip in (
            ("attack", "Attack", 1, 5, "The attacking characteristic or skill."),
            ("defence", "Defence", 1, DEFAULT_DEFENCE, "6 when nothing better defends."),
            ("effect", "Effect", 1, 6, "The weapon's Effect, for the damage columns."),
            ("body", "Target BODY", 1, 3, "The target's BODY."),
            (
                "armour",
                "Armour",
                0,
                0,
                "Effect the target's armour takes off; below 1 left, the blow does no damage.",
            ),
        ):
            spin = QSpinBox(objectName=f"odds_{key}")
            spin.setRange(low, 100)
            spin.setValue(start)
            spin.setToolTip(tip)
            spin.valueChanged.connect(self.refresh)
            self.spins[key] = spin
            form.addRow(title, spin)
        self.result = QLabel(objectName="odds_result")
        self.result.setProperty("role", "figure")
        self.result.setWordWrap(True)
        self.result.setToolTip(
            "The damage columns are a second roll, made once the attack hits: A on a failed "
            "Effect roll, C at half the number needed or less, B between."
        )
        form.addRow(self.result)
        self.modifiers: dict[str, QCheckBox] = {}
        grid = QGridLayout()
        for i, mod in enumerate(MODIFIERS):
            box = QCheckBox(f"{mod.label} ({mod.amount:+d})", objectName=f"odds_mod_{mod.key}")
            box.setToolTip(mod.note.capitalize() + "." if mod.note else MODIFIER_TIP)
            box.toggled.connect(self.refresh)
            self.modifiers[mod.key] = box
            grid.addWidget(box, i, 0)
        modifiers = QGroupBox("Attack modifiers", objectName="odds_modifiers")
        modifiers.setToolTip(MODIFIER_TIP)
        modifiers.setLayout(grid)
        form.addRow(modifiers)
        self.refresh()

    def refresh(self) -> None:
        v = {k: s.value() for k, s in self.spins.items()}
        chosen = [k for k, box in self.modifiers.items() if box.isChecked()]
        attack = modified_attack(v["attack"], chosen)
        odds = attack_odds(
            attack,
            v["defence"],
            effect=v["effect"],
            body=v["body"],
            armour=v["armour"],
            limit=damage_limit(chosen),
        )
        hit = "no chance" if odds.needed is None else f"{odds.needed} or under"
        if odds.no_damage == 1:
            damage = f"none: armour leaves Effect {odds.effect}"
        else:
            damage = ", ".join(f"{c} {float(p):.0%}" for c, p in odds.columns.items())
        shown = f"Attack {attack} (modified from {v['attack']})" if attack != v["attack"] else ""
        self.result.setText(
            "\n".join(
                line
                for line in (
                    shown,
                    f"To hit: {hit} — {float(odds.success):.1%}",
                    f"Damage once hit: {damage}",
                    pulling_problem(chosen).capitalize(),
                )
                if line
            )
        )


# --- cell tooltips: the inputs behind a figure, read from the figures here only -----------


def _hurt_effect_inputs(figures: ForgottenFuturesFigures, row: int) -> str:
    """The Effect written, worked out, and as the wounds leave it."""
    weapons = figures.weapons
    if row >= len(weapons):
        return ""
    w = weapons[row]
    effect, now = (DASH if v is None else v for v in (w.effect, w.effect_now))
    return f"{now}: the Effect {w.effect_text} = {effect}, under the wounds in force."
