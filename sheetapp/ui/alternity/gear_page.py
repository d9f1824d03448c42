"""Weapons with their attack scores and damage by degree, armour, equipment, and what the
load does to movement; throwing ranges from Strength."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, TranslatedTable, _, ngettext
from sheetapp.locale_format import number
from sheetapp.systems.alternity.derived import MOVES
from sheetapp.systems.alternity.figures import sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet, Armour, Equipment, Weapon
from sheetapp.systems.alternity.overland import PACE_NAMES, OverlandPace
from sheetapp.systems.alternity.rolls import weapon_check
from sheetapp.systems.rolls import Unrollable
from sheetapp.ui.alternity.common import NO_FIGURE, HeroTab, die_text, score_text
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import figure_label, hint_label, tipped
from sheetapp.ui.list_table_model import Column, LiveListModel
from sheetapp.ui.page_layout import fill, scrolled
from sheetapp.ui.roll_buttons import install_list_rolls, roll_column
from sheetapp.ui.table_box import add_remove_row, list_undo_texts, table_box, table_view

MOVE_NAMES = TranslatedTable({
    "sprint": N_("Sprint"),
    "run": N_("Run"),
    "walk": N_("Walk"),
    "easy_swim": N_("Easy swim"),
    "swim": N_("Swim"),
    "glide": N_("Glide"),
    "fly": N_("Fly"),
})
KG_TIP = N_("Weight in kg; what is carried counts in the load.")
LOAD_TIP = (
    N_("Up to 2 × Strength kg: no effect. Up to 4, 5, 6 × Strength: 75, 50, 25% movement and +1, "
    "+2, +3 steps on Strength and Dexterity skills and resistance. More: no useful movement.")
)
THROW_TIP = (
    N_("Small objects: short range Strength m, medium twice, long four times. Heavy objects (over "
    "3 kg, up to half Strength in kg) only to short range, at +4 steps.")
)
OVERLAND_TIP = (
    N_("Travelling long distances, slowed by the load like every rate: a stroll needs no "
    "fatigue check, a march one every 8 hours, a forced march one every hour (each later "
    "check of the same trip one step harder).")
)


def overland_text(paces: list[OverlandPace]) -> str:
    """One pace a line, in km/h: "march 3 (check every 8 h)", "forced march 4.5 (check
    every hour)", each a whole sentence of the catalog."""
    lines = []
    for p in paces:
        hours, pace, kmh = p.hours_per_fatigue_check, PACE_NAMES[p.pace], number(p.km_per_hour)
        if hours is None:
            lines.append(f"{pace} {kmh}")
        else:
            lines.append(
                ngettext(
                    "{pace} {kmh} (check every hour)", "{pace} {kmh} (check every {hours} h)", hours
                ).format(pace=pace, kmh=kmh, hours=hours)
            )
    return "\n".join(lines)


class GearPage(HeroTab):
    def __init__(
        self, document: SheetDocument, fields: FieldRegistry, parent: QWidget | None = None
    ) -> None:
        super().__init__(document, fields, parent)
        sheet = lambda: self.sheet  # noqa: E731

        def attack(_w: Weapon, row: int) -> str:
            check = weapon_check(sheet(), row)  # what the Roll rolls, die and all
            if isinstance(check, Unrollable):
                return NO_FIGURE
            return f"{score_text(check)} {die_text(check)}"

        self.weapons = LiveListModel(
            document,
            ("weapons",),
            [
                Column(_("Weapon"), "name", tooltip=_("The weapon's name.")),
                Column(
                    _("Skill"), "skill", tooltip=_("The specialty used, e.g. Melee Weapons-blade.")
                ),
                Column(
                    _("Score"),
                    compute=attack,
                    tooltip=_(
                        "The skill's Ordinary/Good/Amazing and the die the Roll rolls: "
                        "the skill's, moved by the weapon's accuracy and the hero's state."
                    ),
                ),
                roll_column(_("Roll this weapon (its skill with its die, moved by its accuracy).")),
                Column(
                    _("Damage"),
                    "damage",
                    tooltip=_(
                        "By degree, Ordinary/Good/Amazing, each dice and s, w, m or f: d4s/d6w/d4m."
                    ),
                ),
                Column(
                    _("Type"),
                    "kind",
                    tooltip=_("Low impact, high impact or energy, and firepower."),
                ),
                Column(_("Range"), "range", tooltip=_("Short/medium/long range in metres.")),
                Column(_("Acc."), "accuracy", align_right=True, tooltip=_("Accuracy, in steps.")),
                Column(_("kg"), "weight_kg", align_right=True, tooltip=_(KG_TIP)),
                Column(
                    _("Carried"), "carried", tooltip=_("Only what is carried counts in the load.")
                ),
            ],
            self,
        )
        self.armour = LiveListModel(
            document,
            ("armour",),
            [
                Column(_("Armour"), "name"),
                Column(
                    _("Low impact"),
                    "li",
                    tooltip=_("Protection die against low impact, e.g. d6-2."),
                ),
                Column(_("High impact"), "hi", tooltip=_("Protection die against high impact.")),
                Column(_("Energy"), "en", tooltip=_("Protection die against energy.")),
                Column(_("kg"), "weight_kg", align_right=True, tooltip=_(KG_TIP)),
                Column(_("Carried"), "carried", tooltip=_("Worn or carried: counts in the load.")),
                Column(_("Notes"), "notes"),
            ],
            self,
        )
        self.equipment = LiveListModel(
            document,
            ("equipment",),
            [
                Column(_("Item"), "name", tooltip=_("The item's name.")),
                Column(
                    _("kg each"),
                    "weight_kg",
                    align_right=True,
                    tooltip=_("Weight of one, in kg; times the quantity when carried."),
                ),
                Column(_("Qty"), "quantity", align_right=True),
                Column(
                    _("Carried"), "carried", tooltip=_("Only what is carried counts in the load.")
                ),
                Column(_("Notes"), "notes"),
            ],
            self,
        )
        left = QVBoxLayout()
        for title, model, name, make, stretch in (
            (_("Weapons"), self.weapons, "weapons", lambda: Weapon(name=_("New weapon")), 3),
            (_("Armour"), self.armour, "armour", lambda: Armour(name=_("New armour")), 2),
            (_("Equipment"), self.equipment, "equipment", lambda: Equipment(name=_("New item")), 3),
        ):
            left.addWidget(self._table_box(title, model, name, make), stretch)
        right = QVBoxLayout()
        right.addWidget(self._load_box())
        right.addWidget(self._movement_box())
        right.addWidget(self._throw_box())
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(right, 1)
        # Three tables and the figures do not fit a 1366x768 laptop's window: they scroll.
        fill(self, scrolled(columns, frame=False))
        self.watch()

    def _table_box(self, title: str, model: LiveListModel, name: str, make) -> QGroupBox:
        view = table_view(model, name, stretch=("name",))
        self.fields.add((name,), view)
        if name == "weapons":
            install_list_rolls(view, model, weapon_check)
        added, removed = list_undo_texts(name)
        buttons = add_remove_row(model, view, make, added=added, removed=removed)
        box = table_box(title, view, buttons)
        box.layout().setContentsMargins(6, 4, 6, 4)
        return box

    def _load_box(self) -> QGroupBox:
        box = QGroupBox(_("Load"))
        box.setToolTip(_(LOAD_TIP))
        form = QFormLayout(box)
        self.load = figure_label("figure_load", _(LOAD_TIP))
        self.load_effect = figure_label("figure_load_effect", _(LOAD_TIP), wrap=True)
        self.loaded_resistance = figure_label("figure_loaded_resistance", _(LOAD_TIP))
        form.addRow(_("Carried"), self.load)
        form.addRow(_("Effect"), self.load_effect)
        form.addRow(_("Str / Dex resistance"), self.loaded_resistance)
        return box

    def _movement_box(self) -> QGroupBox:
        box = QGroupBox(_("Movement (m a phase)"))
        grid = QGridLayout(box)
        box.setToolTip(_("Metres a phase for each way of moving, before and after the load."))
        grid.addWidget(tipped(QLabel(_("<b>Base</b>")), _("Your species' rate.")), 0, 1)
        grid.addWidget(tipped(QLabel(_("<b>Loaded</b>")), _(LOAD_TIP)), 0, 2)
        self.moves: dict[str, QLabel] = {}
        tip = _("Your species' rate; the load slows it (rounded down).")
        for row, key in enumerate(MOVES, start=1):
            name = QLabel(MOVE_NAMES[key])
            rate = self.spin(("movement", key), f"move_{key}", 0, 999, tip)
            name.setBuddy(rate)  # takes the rate's tooltip
            grid.addWidget(name, row, 0)
            grid.addWidget(rate, row, 1)
            self.moves[key] = figure_label(f"figure_move_{key}", _(LOAD_TIP))
            grid.addWidget(self.moves[key], row, 2)
        self.overland = figure_label("figure_overland", _(OVERLAND_TIP), wrap=True)
        grid.addWidget(tipped(QLabel(_("Overland, km/h")), _(OVERLAND_TIP)), len(MOVES) + 1, 0)
        grid.addWidget(self.overland, len(MOVES) + 2, 0, 1, 3)
        grid.addWidget(
            hint_label(_("Enter the rates of the hero's species.")), len(MOVES) + 3, 0, 1, 3
        )
        self.fields.add(("movement",), box)
        return box

    def _throw_box(self) -> QGroupBox:
        box = QGroupBox(_("Throwing"))
        box.setToolTip(_(THROW_TIP))
        form = QFormLayout(box)
        self.throw = figure_label("figure_throw", _(THROW_TIP))
        self.heavy = figure_label("figure_heavy", _(THROW_TIP))
        form.addRow(_("Short / medium / long"), self.throw)
        form.addRow(_("Heavy objects"), self.heavy)
        return box

    def show_sheet(self, sheet: AlternitySheet) -> None:
        f = sheet_figures(sheet)
        load = f.encumbrance
        free = f.carry_free_kg
        self.load.setText(
            _("{load_kg} kg").format(load_kg=number(f.load_kg))
            + (_(" (free to {free} kg)").format(free=free) if free is not None else "")
        )
        if load is None:
            effect = _("needs Strength")
        elif load.overloaded:
            effect = _("overloaded: no useful movement")
        elif not load.penalty_steps:
            effect = _("none")
        else:
            steps = load.penalty_steps
            effect = ngettext(
                "{movement_percent}% movement, +{steps} step",
                "{movement_percent}% movement, +{steps} steps",
                steps,
            ).format(movement_percent=load.movement_percent, steps=steps)
        self.load_effect.setText(effect)
        loaded = f.resistance_loaded
        self.loaded_resistance.setText(
            " / ".join(f"{loaded[k]:+d}" if k in loaded else "–" for k in ("strength", "dexterity"))
        )
        for key, cell in self.moves.items():
            value = f.movement.now[key]
            cell.setText("–" if value is None else str(value))
        self.overland.setText(overland_text(f.movement.overland))
        throw = f.throwing
        self.throw.setText(
            "–" if throw is None else f"{throw.short} / {throw.medium} / {throw.long} m"
        )
        self.heavy.setText(
            "–"
            if throw is None
            else _("up to {heavy_limit_kg} kg").format(heavy_limit_kg=throw.heavy_limit_kg)
        )
