"""Weapons (damage, lethality by target area) and equipment (weights and the load)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QLabel,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.locale_format import number
from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.derived import (
    area_lethality,
    carry_limits,
    load_kg,
    load_status,
)
from sheetapp.systems.amazing_engine.figures import AREAS
from sheetapp.systems.amazing_engine.kit import (
    GearEntry,
    catalogue_line,
    equipment_row,
    weapon_row,
)
from sheetapp.systems.amazing_engine.model import Character, Equipment, Weapon
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.systems.amazing_engine.rolls import HITS, weapon_check
from sheetapp.systems.amazing_engine.universe import CatalogueWeapon
from sheetapp.systems.rolls import Check, Unrollable
from sheetapp.systems.wording import percent
from sheetapp.ui.amazing_engine.character_tab import CharacterTab
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.labels import literal
from sheetapp.ui.list_table_model import Column, ListTableModel
from sheetapp.ui.roll_buttons import install_list_rolls, roll_column
from sheetapp.ui.table_box import add_remove_row, list_undo_texts, table_box, table_view

WEAPON_COLUMNS = [
    Column(N_("Weapon"), "name", tooltip=N_("The weapon's name, as you like to call it.")),
    Column(N_("Damage"), "damage", tooltip=N_("Dice such as 2d6 or 1d8+1.")),
    Column(
        N_("Lethality"),
        "lethality",
        align_right=True,
        tooltip=N_(
            "1-10: a hit whose ones digit is at most this goes to body. A 0 on the "
            "die counts 10 here (the lethality rule pairs 10 with the 0), so a hit ending in 0 "
            "reaches body only at lethality 10; margins read the same 0 as 0."
        ),
    ),
    Column(
        N_("Non-vital"),
        compute=lambda w, _r: area_lethality(w.lethality, "non_vital"),
        align_right=True,
        tooltip=N_("Lethality against a non-vital area: 2 less."),
    ),
    Column(
        N_("Vital"),
        compute=lambda w, _r: area_lethality(w.lethality, "vital"),
        align_right=True,
        tooltip=N_("Lethality against a vital area: 3 more."),
    ),
    Column(
        N_("Skill"),
        "skill",
        tooltip=N_(
            "The skill you use it with, as a note: every attack checks Reflexes "
            "(halved at a non-vital area, a tenth at a vital one)."
        ),
    ),
    Column(N_("Range"), "range", tooltip=N_("How far it reaches, as the universe gives it.")),
    Column(
        N_("kg"),
        "weight_kg",
        align_right=True,
        tooltip=N_("The weapon's weight; every weapon on the sheet counts towards the load."),
    ),
    roll_column(
        N_("Roll this weapon (Reflexes at a general area; a hit's ones digit against the "
           "lethality).")
    ),
    Column(N_("Notes"), "notes"),
]
EQUIPMENT_COLUMNS = [
    Column(N_("Item"), "name", tooltip=N_("The item's name.")),
    Column(
        N_("kg each"),
        "weight_kg",
        align_right=True,
        tooltip=N_("Weight of one; times the quantity counts towards the load when carried."),
    ),
    Column(N_("Qty"), "quantity", align_right=True),
    Column(N_("Carried"), "carried", tooltip=N_("Only carried items count towards the load.")),
    Column(N_("Notes"), "notes"),
]


# The load's state in words, by the rules' identifier (``load_status``).
LOAD_STATUS = TranslatedTable({
    "unhindered": N_("unhindered"),
    "slowed": N_("running halved"),
    "walk_only": N_("walking only"),
    "overloaded": N_("overloaded"),
})


BODY_HITS_AT = 5  # after the three lethalities
NO_FIGURE = "–"


def body_hits_text(character: Character, weapon: Weapon) -> str:
    """ "26% · 6% · 0%": the chance one attack roll hits and harms body, per target area,
    read from the odds of the very checks the row's Roll makes; a dash without Reflexes."""
    parts = []
    for area in AREAS:
        check = weapon_check(character, weapon, area)
        if isinstance(check, Unrollable):
            return NO_FIGURE
        parts.append(percent(float(check.odds()[HITS["body"]])))
    return " · ".join(parts)


class GearTab(CharacterTab):
    def __init__(
        self,
        document: SheetDocument,
        index: int,
        fields: FieldRegistry,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(document, index, fields, parent)
        base = self.base
        layout = QVBoxLayout(self)
        columns = [*WEAPON_COLUMNS]
        columns.insert(BODY_HITS_AT, self._body_hits_column())
        self.weapons = ListTableModel(document, (*base, "weapons"), columns, self)
        self.equipment = ListTableModel(document, (*base, "equipment"), EQUIPMENT_COLUMNS, self)
        for title, model, name, add, make in (
            (
                _("Weapons"),
                self.weapons,
                "weapons",
                _("Add weapon"),
                lambda: Weapon(name=_("New weapon")),
            ),
            (
                _("Equipment"),
                self.equipment,
                "equipment",
                _("Add item"),
                lambda: Equipment(name=_("New item")),
            ),
        ):
            view = table_view(model, name, stretch=("name", "notes"))
            fields.add((*base, name), view)
            if name == "weapons":
                install_list_rolls(view, model, self._weapon_check, lambda: self.character.name)
            added, removed = list_undo_texts(name)
            buttons = add_remove_row(model, view, make, add=add, added=added, removed=removed)
            buttons.insertWidget(1, self._catalogue_button(name, model))
            if name == "equipment":
                self.load = QLabel(objectName="load")
                self.load.setToolTip(
                    _("Carried kg against Fitness: up to Fitness kg no effect, up to twice "
                    "running halved, up to three times walking only.")
                )
                self.load.setProperty("role", "figure")
                buttons.addWidget(self.load)
            box = table_box(title, view, buttons)
            layout.addWidget(box, 1)
        self.watch()

    def _catalogue_button(self, name: str, model: ListTableModel) -> QPushButton:
        """"From the universe…": a menu of the character's universe's catalogue, read when
        it opens (the universe may have changed, or its pack been reloaded)."""
        # one Alt+letter each: the weapons' and the equipment's buttons share a page
        text = _("From the &universe…") if name == "weapons" else _("From the unive&rse…")
        button = QPushButton(text, objectName=f"catalogue_{name}")
        button.setToolTip(
            _("Add a weapon from the universe's gear catalogue, with its damage, lethality "
              "and weight.")
            if name == "weapons"
            else _("Add armour or equipment from the universe's gear catalogue, with its weight.")
        )
        menu = QMenu(button, objectName=f"catalogue_menu_{name}")
        menu.aboutToShow.connect(lambda: self._fill_catalogue_menu(menu, name, model))
        button.setMenu(menu)
        return button

    def _fill_catalogue_menu(self, menu: QMenu, name: str, model: ListTableModel) -> None:
        menu.clear()
        universe, _found = universe_or_generic(self.character.universe)
        sections = (
            [(_("Weapons"), universe.weapons)]
            if name == "weapons"
            else [(_("Armour"), universe.armour), (_("Equipment"), universe.equipment)]
        )
        for heading, entries in sections:
            if len(sections) > 1 and entries:
                menu.addSection(heading)
            for entry in entries:
                shown = catalogue_line(entry, universe.gear_name(entry.name))
                action = menu.addAction(literal(shown))
                action.setData(entry.name)
                action.triggered.connect(
                    lambda _checked=False, e=entry: self._add_entry(model, e)
                )
        if menu.isEmpty():
            empty = menu.addAction(_("The universe's catalogue lists none"))
            empty.setEnabled(False)

    def _add_entry(self, model: ListTableModel, entry: GearEntry) -> None:
        row = weapon_row(entry) if isinstance(entry, CatalogueWeapon) else equipment_row(entry)
        model.append(row, _("Add {name}").format(name=entry.name))

    def _body_hits_column(self) -> Column:
        def text(weapon: Weapon) -> str:
            characters = self.document.sheet.characters  # type: ignore[attr-defined]
            if self.index >= len(characters):
                return NO_FIGURE
            return body_hits_text(characters[self.index], weapon)

        return Column(
            _("Body hits"),
            compute=lambda w, _r: text(w),
            align_right=True,
            tooltip=_("The chance one attack roll hits and harms body, with this character's "
            "Reflexes: general · non-vital · vital. A hit's ones digit (0 counts 10) at most "
            "the area's lethality harms body."),
        )

    @property
    def character(self) -> Character:
        return self.document.sheet.characters[self.index]  # type: ignore[attr-defined]

    def _weapon_check(self, _sheet, row: int) -> Check | Unrollable:
        character = self.character
        return weapon_check(character, character.weapons[row])

    def show_character(self, character: Character) -> None:
        load = load_kg(character.equipment, character.weapons)
        limits = carry_limits(character.attributes.get(Attribute.FITNESS, 0))
        status = LOAD_STATUS[load_status(load, limits)]
        self.load.setText(
            _("Load {load} kg of {unhindered} free: {status}").format(
                load=number(load), unhindered=limits.unhindered, status=status
            )
        )
