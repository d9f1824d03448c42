"""Weapons (damage, lethality by target area) and equipment (weights and the load)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.systems.amazing_engine.derived import (
    area_lethality,
    carry_limits,
    load_kg,
    load_status,
)
from sheetapp.systems.amazing_engine.model import Character, Equipment, Weapon
from sheetapp.systems.amazing_engine.names import Attribute
from sheetapp.ui.amazing_engine.character_tab import CharacterTab
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.list_table_model import Column, ListTableModel

WEAPON_COLUMNS = [
    Column("Weapon", "name"),
    Column("Damage", "damage", tooltip="Dice such as 2d6 or 1d8+1."),
    Column(
        "Lethality",
        "lethality",
        align_right=True,
        tooltip="1-10: a hit whose ones digit is at most this goes to body (0 reads 10).",
    ),
    Column(
        "Non-vital",
        compute=lambda w, _r: area_lethality(w.lethality, "non_vital"),
        align_right=True,
        tooltip="Lethality against a non-vital area: 2 less.",
    ),
    Column(
        "Vital",
        compute=lambda w, _r: area_lethality(w.lethality, "vital"),
        align_right=True,
        tooltip="Lethality against a vital area: 3 more.",
    ),
    Column("Skill", "skill"),
    Column("Range", "range"),
    Column("Notes", "notes"),
]
EQUIPMENT_COLUMNS = [
    Column("Item", "name"),
    Column("kg each", "weight_kg", align_right=True),
    Column("Qty", "quantity", align_right=True),
    Column("Carried", "carried", tooltip="Only carried items count towards the load."),
    Column("Notes", "notes"),
]


def _table(model: ListTableModel, name: str) -> QTableView:
    view = QTableView(objectName=name)
    view.setModel(model)
    view.verticalHeader().hide()
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    view.setAlternatingRowColors(True)
    return view


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
        self.weapons = ListTableModel(document, (*base, "weapons"), WEAPON_COLUMNS, self)
        self.equipment = ListTableModel(document, (*base, "equipment"), EQUIPMENT_COLUMNS, self)
        for title, model, name, make in (
            ("Weapons", self.weapons, "weapons", lambda: Weapon(name="New weapon")),
            ("Equipment", self.equipment, "equipment", lambda: Equipment(name="New item")),
        ):
            box = QGroupBox(title)
            box_layout = QVBoxLayout(box)
            view = _table(model, name)
            fields.add((*base, name), view)
            box_layout.addWidget(view)
            buttons = QHBoxLayout()
            add = QPushButton(
                f"Add {title.lower().rstrip('s') if title == 'Weapons' else 'item'}",
                objectName=f"add_{name}",
            )
            add.clicked.connect(
                lambda _c=False, m=model, f=make, t=title: m.append(f(), f"Add to {t.lower()}")
            )
            remove = QPushButton("Remove", objectName=f"remove_{name}")
            remove.clicked.connect(
                lambda _c=False, m=model, v=view, t=title: m.remove_rows(
                    sorted({i.row() for i in v.selectionModel().selectedRows()}),
                    f"Remove from {t.lower()}",
                )
            )
            buttons.addWidget(add)
            buttons.addWidget(remove)
            buttons.addStretch(1)
            if name == "equipment":
                self.load = QLabel(objectName="load")
                self.load.setProperty("role", "figure")
                buttons.addWidget(self.load)
            box_layout.addLayout(buttons)
            layout.addWidget(box, 1)
        self.watch()

    def show_character(self, character: Character) -> None:
        load = load_kg(character.equipment)
        limits = carry_limits(character.attributes.get(Attribute.FITNESS, 0))
        status = load_status(load, limits).replace("_", " ")
        self.load.setText(f"Load {load:g} kg of {limits.unhindered} free: {status}")
