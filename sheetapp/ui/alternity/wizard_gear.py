"""The Alternity wizard's last page: weapons, armour, equipment, the load and movement."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLabel, QSpinBox, QTabWidget, QWidget

from sheetapp.findings import Severity
from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.locale_format import number
from sheetapp.systems.alternity.derived import MOVES, sheet_encumbrance
from sheetapp.systems.alternity.model import Armour, Equipment, Movement, Weapon
from sheetapp.systems.alternity.species import Species, fill_movement, species_table
from sheetapp.ui.alternity.wizard_pages import Host, Snapshot
from sheetapp.ui.labels import figure_label
from sheetapp.ui.wizard.rows import Column, RowsEditor
from sheetapp.ui.wizard.steps import (
    StepPage,
    chain_tab_order,
    keep_narrow,
    optional_box,
    optional_value,
)

KG_MAX = 999

WEAPON_COLUMNS = (
    Column("name", N_("Weapon"), N_("What the weapon is."), stretch=True),
    Column(
        "skill",
        N_("Skill"),
        N_("The specialty (Melee Weapons-blade) or broad skill it attacks with."),
        kind="pick",
        stretch=True,
    ),
    Column(
        "damage",
        N_("Damage"),
        N_("Damage by degree, Ordinary/Good/Amazing: dice and a track letter, d4s/d6w/d4m."),
        stretch=True,
    ),
    Column("range", N_("Range"), N_("Short/medium/long in metres, or personal.")),
    Column("weight_kg", N_("Weight"), N_("Kilograms, for the load."), kind="real", maximum=KG_MAX),
)
ARMOUR_COLUMNS = (
    Column("name", N_("Armour"), N_("What the armour is."), stretch=True),
    Column("li", "LI", N_("Protection dice against low impact attacks (d6-2).")),
    Column("hi", "HI", N_("Protection dice against high impact attacks.")),
    Column("en", N_("En"), N_("Protection dice against energy attacks.")),
    Column("weight_kg", N_("Weight"), N_("Kilograms, for the load."), kind="real", maximum=KG_MAX),
)
EQUIPMENT_COLUMNS = (
    Column("name", N_("Item"), N_("What the item is."), stretch=True),
    Column(
        "weight_kg", N_("Weight"), N_("Kilograms each, for the load."), kind="real", maximum=KG_MAX
    ),
    Column(
        "quantity", N_("Quantity"), N_("How many."), kind="int", minimum=0, maximum=9999, default=1
    ),
)
MOVE_LABELS = TranslatedTable({
    "sprint": N_("Sprint"),
    "run": N_("Run"),
    "walk": N_("Walk"),
    "easy_swim": N_("Easy swim"),
    "swim": N_("Swim"),
    "glide": N_("Glide"),
    "fly": N_("Fly"),
})


class GearPage(StepPage):
    """Weapons, armour and equipment (rows), and the species' movement rates."""

    host: Host

    def __init__(self, host: Host) -> None:
        super().__init__(
            host,
            _("Gear and movement"),
            _("What the hero carries. In the Alternity rules damage is written as dice and a "
            "track letter for each degree, armour rolls protection dice, and a load above "
            "twice Strength slows the hero. What a new hero starts with, and what it costs, "
            "your game master decides. Movement rates come from your species' table in the "
            "rulebook's hero-creation chapter: enter them if you have it (they are filled "
            "in for a species your game master's species table lists)."),
        )
        tabs = QTabWidget(objectName="gear_tabs")
        self.weapons = RowsEditor("weapons", WEAPON_COLUMNS, _("&Add weapon"))
        self.armour = RowsEditor("armour", ARMOUR_COLUMNS, _("&Add armour"))
        self.equipment = RowsEditor("equipment", EQUIPMENT_COLUMNS, _("&Add item"))
        for editor, title in (
            (self.weapons, _("Weapons")),
            (self.armour, _("Armour")),
            (self.equipment, _("Equipment")),
        ):
            editor.rows_changed.connect(self._changed)
            tabs.addTab(editor, title)
        moves = QWidget(objectName="movement")
        form = QFormLayout(moves)
        self.moves: dict[str, QSpinBox] = {}
        for key in MOVES:
            box = optional_box(
                f"move_{key}",
                999,
                _("{MOVE_LABELS} in metres a phase.").format(MOVE_LABELS=MOVE_LABELS[key]),
                _("not known"),
            )
            box.setSuffix(" m")
            keep_narrow(box)
            box.valueChanged.connect(self._changed)
            name = QLabel(MOVE_LABELS[key] + ":")
            name.setBuddy(box)
            form.addRow(name, box)
            self.moves[key] = box
        chain_tab_order(self.moves.values())
        tabs.addTab(moves, _("Movement"))
        self.tabs = tabs
        self._filled_from: Species | None = None  # the species the rates were last filled from
        self.body.addWidget(tabs, 1)
        self.load = figure_label("load", _("Everything carried, against Strength."), wrap=True)
        self.body.addWidget(self.load)

    def initializePage(self) -> None:
        """Entering the page: the rates the game master's species table gives the hero's
        species fill the movement as the form's species field does (``fill_movement``):
        a rate left empty, or still holding what the species the page last filled from
        gave, takes the species' own; a rate the player typed stays."""
        super().initializePage()
        known = species_table().find(self.host.choices.species)
        if known is None:
            return
        current = Movement(**{key: optional_value(box) for key, box in self.moves.items()})
        fill = fill_movement(current, known, self._filled_from)
        self._filled_from = known
        for key, box in self.moves.items():
            rate = getattr(fill.movement, key)
            box.setValue(box.minimum() if rate is None else rate)

    def prefixes(self) -> tuple[str, ...]:
        return ("weapons", "armour", "equipment", "movement")

    def _changed(self) -> None:
        choices = self.host.choices
        choices.weapons = [Weapon(**row) for row in self.weapons.rows()]
        choices.armour = [Armour(**row) for row in self.armour.rows()]
        choices.equipment = [Equipment(**row) for row in self.equipment.rows()]
        choices.movement = {
            key: n for key, box in self.moves.items() if (n := optional_value(box)) is not None
        }
        self.host.changed()

    def update_view(self, snapshot: Snapshot) -> None:
        sheet = snapshot.sheet
        names = [f"{s.broad}-{s.name}" for s in sheet.specialty_skills]
        names += [b.name for b in sheet.broad_skills]
        self.weapons.set_choices("skill", names)
        for editor, base in (
            (self.weapons, "weapons"),
            (self.armour, "armour"),
            (self.equipment, "equipment"),
        ):
            editor.show_findings(
                (f for f in snapshot.findings if f.severity is not Severity.INFO), base
            )
        load = sheet_encumbrance(sheet)
        if load is None:
            self.load.setText("")
            return
        if load.overloaded:
            band = _("more than six times Strength: the hero cannot move usefully")
        elif load.penalty_steps:
            band = _(
                "up to {multiple} × Strength: movement {movement_percent}%, "
                "+{penalty_steps} steps on Strength and Dexterity checks"
            ).format(
                multiple=load.multiple,
                movement_percent=load.movement_percent,
                penalty_steps=load.penalty_steps,
            )
        else:
            band = _("up to twice Strength: no effect")
        self.load.setText(
            _("Load {load_kg} kg, {band}.").format(load_kg=number(load.load_kg), band=band)
        )
