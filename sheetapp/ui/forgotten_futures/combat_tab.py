"""Weapons and armour; and the tables every roll is read from, with exact odds."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, _
from sheetapp.systems.forgotten_futures.catalog import ARMOUR, WEAPONS
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures, WeaponFigures
from sheetapp.systems.forgotten_futures.model import Armour, Weapon
from sheetapp.systems.forgotten_futures.rolls import TYPICAL_BODY, weapon_check
from sheetapp.systems.forgotten_futures.table import (
    COLUMNS,
    TABLE_DEFENCES,
    column_ranges,
    quick_table,
)
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.forgotten_futures.odds_box import BIG_NUMBERS, OddsBox
from sheetapp.ui.list_table_model import DASH, Column, LiveListModel
from sheetapp.ui.page_layout import scrolled
from sheetapp.ui.roll_buttons import install_list_rolls, roll_column
from sheetapp.ui.table_box import list_box, table_view
from sheetapp.ui.table_editors import NumberDelegate

DAMAGE_TIP = (
    N_("B bruise, F flesh wound, I injury, C critical, KO knocked out, K killed. X/Y: roll the "
    "Effect again, X on a failure, Y on a success; X+Y: both.")
)


def _weapons(f: ForgottenFuturesFigures) -> list[WeaponFigures]:
    return f.weapons


def weapon_columns(figures: FiguresCache[ForgottenFuturesFigures]) -> list[Column]:
    return [
        Column(_("Weapon"), "name", tooltip=_("The weapon's name, from the list or your own.")),
        Column(_("Mult?"), "multiple", tooltip=_("Can attack more than one target in a round.")),
        Column(
            _("Effect"),
            "effect",
            tooltip=_(
                "A number, or BODY or a skill with +N or /2: BODY+1, Melee+1, Melee/2, "
                "Brawl, M. Arts, Marksman."
            ),
        ),
        Column(
            _("Eff."),
            compute=figures.row_value(_weapons, lambda w: w.effect),
            centred=True,
            tooltip=_("The Effect worked out for this character; it attacks the target's BODY."),
        ),
        Column(
            _("When hurt"),
            compute=figures.row_value(_weapons, lambda w: w.effect_now),
            centred=True,
            tooltip=_("The Effect under the wounds in force."),
            explain=figures.per_row(_hurt_effect_inputs),
        ),
        Column(
            "A",
            "a",
            tooltip=_("Damage when the Effect roll fails. {DAMAGE_TIP}").format(
                DAMAGE_TIP=_(DAMAGE_TIP)
            ),
        ),
        Column(
            "B",
            "b",
            tooltip=_("Damage on a success above half the roll needed. {DAMAGE_TIP}").format(
                DAMAGE_TIP=_(DAMAGE_TIP)
            ),
        ),
        Column(
            "C",
            "c",
            tooltip=_("Damage at half the roll needed or less. {DAMAGE_TIP}").format(
                DAMAGE_TIP=_(DAMAGE_TIP)
            ),
        ),
        roll_column(
            _("Roll this weapon's damage (its Effect as hurt against BODY {body}).").format(
                body=TYPICAL_BODY
            ),
        ),
        Column(_("Notes"), "notes"),
    ]


ARMOUR_COLUMNS = [
    Column(N_("Armour"), "name"),
    Column(
        N_("Effect off"),
        "reduction",
        align_right=True,
        tooltip=N_("Taken off the attack's Effect."),
    ),
    Column(N_("Against"), "against", tooltip=N_("The attacks it stops: blades, bullets, blows...")),
    Column(N_("Covers"), "covers", tooltip=N_("The parts of the body it protects.")),
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
        install_list_rolls(weapons_view, self.weapons, weapon_check)
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
                _("Weapons"),
                self.weapons,
                weapons_view,
                words=(_("Add weapon"), _("Remove weapon")),
                blank=lambda: Weapon(name=_("New weapon"), effect="BODY"),
                samples=[
                    (w.name, lambda w=w: Weapon.model_validate(w, from_attributes=True))
                    for w in WEAPONS
                ],
                samples_text=_("Add from the lists…"),
            ),
            3,
        )
        layout.addWidget(
            list_box(
                _("Armour"),
                self.armour,
                armour_view,
                words=(_("Add armour"), _("Remove armour")),
                blank=lambda: Armour(name=_("New armour")),
                samples=[
                    (a.name, lambda a=a: Armour.model_validate(a, from_attributes=True))
                    for a in ARMOUR
                ],
                samples_text=_("Add from the lists…"),
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
    table.setHorizontalHeaderLabels([heading for heading, _unused in columns])
    for c, (_unused, meaning) in enumerate(columns):
        table.horizontalHeaderItem(c).setToolTip(meaning)
    table.setVerticalHeaderLabels([label for label, _unused in rows])
    table.setToolTip(tip)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for r, (_unused, cells) in enumerate(rows):
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
        super().__init__(_("Attack versus defence: roll 2D6 at or under; 12 always fails"))
        rows = [
            (str(a), [DASH if n is None else str(n) for n in row])
            for a, row in enumerate(quick_table(), start=1)
        ]
        muted = QBrush(self.palette().color(QPalette.ColorRole.PlaceholderText))
        self.setToolTip(
            _("The highest 2D6 roll that succeeds for each attack and defence. ") + _(BIG_NUMBERS)
        )
        columns = [
            (str(d), _("Defending value {d}: read down this column.").format(d=d))
            for d in range(1, TABLE_DEFENCES + 1)
        ]
        tip = _("Rows: the attacking value. Columns: the defending value. –: no chance.")
        layout = QVBoxLayout(self)
        layout.addWidget(_grid("attack_table", columns, rows, tip, muted))


class DamageColumnsTable(QGroupBox):
    """For each number needed on the Effect roll, the rolls that read columns A, B and C."""

    def __init__(self) -> None:
        super().__init__(_("Damage columns"))
        self.setToolTip(_("Which of a weapon's damage columns an Effect roll reads."))
        rows = []
        for target in range(2, 12):
            spans = column_ranges(target)
            rows.append((str(target), [_span(spans[c]) for c in COLUMNS]))
        muted = QBrush(self.palette().color(QPalette.ColorRole.PlaceholderText))
        tip = (
            _("Rows: the roll the Effect needs against BODY. A: the roll fails (the weapon's "
            "least harm); C: half the number needed or less; B: between.")
        )
        layout = QVBoxLayout(self)
        meanings = {
            "A": _("Column A: the Effect roll failed."),
            "B": _("Column B: a success above half the number needed."),
            "C": _("Column C: half the number needed or less."),
        }
        columns = [(c, meanings.get(c, c)) for c in COLUMNS]
        layout.addWidget(_grid("damage_columns", columns, rows, tip, muted))


def _span(span: tuple[int, int] | None) -> str:
    if span is None:
        return DASH
    low, high = span
    return str(low) if low == high else f"{low}–{high}"


# --- cell tooltips: the inputs behind a figure, read from the figures here only -----------


def _hurt_effect_inputs(figures: ForgottenFuturesFigures, row: int) -> str:
    """The Effect written, worked out, and as the wounds leave it."""
    weapons = figures.weapons
    if row >= len(weapons):
        return ""
    w = weapons[row]
    effect, now = (DASH if v is None else v for v in (w.effect, w.effect_now))
    return _("{now}: the Effect {effect_text} = {effect}, under the wounds in force.").format(
        now=now, effect_text=w.effect_text, effect=effect
    )
