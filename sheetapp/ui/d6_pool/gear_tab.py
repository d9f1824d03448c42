"""Equipment: weapons with their attack and damage pools, armour, and tools that add dice."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QVBoxLayout, QWidget

from sheetapp.systems.d6_pool.catalog import EQUIPMENT, ItemSample
from sheetapp.systems.d6_pool.figures import percent
from sheetapp.systems.d6_pool.model import Item
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.list_table_model import Column, LiveListModel, choice_label
from sheetapp.ui.table_box import list_box, table_view
from sheetapp.ui.table_editors import ChoiceDelegate, NumberDelegate

ATTACK_CHOICES = [("–", ""), ("Melee", "melee"), ("Ranged", "ranged")]


def _from_sample(sample: ItemSample) -> Item:
    """The rules' sample as a line of equipment: the samples use the item's field names."""
    return Item.model_validate(sample, from_attributes=True)


def _weapon(f: dict[str, Any], item: Item, row: int) -> dict[str, Any] | None:
    """The figures of the weapon on ``row``: weapons are figured in equipment order."""
    if not item.attack:
        return None
    index = sum(1 for i in f["_equipment"][:row] if i.attack)
    weapons = f["weapons"]
    return weapons[index] if index < len(weapons) else None


class GearTab(QWidget):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        cache: FiguresCache,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)

        def weapon(row: int) -> dict[str, Any] | None:
            items = document.sheet.equipment  # type: ignore[attr-defined]
            if row >= len(items):
                return None
            return _weapon({**cache(), "_equipment": items}, items[row], row)

        def attack(_f: dict[str, Any], row: int) -> str:
            found = weapon(row)
            if found is None:
                return ""
            pool = found["attack_pool"]
            return f"{pool['dice']} dice, {percent(pool['odds']['1'])} for 1+"

        def damage(_f: dict[str, Any], row: int) -> str:
            found = weapon(row)
            return "" if found is None else f"{found['damage_pool']['dice']} dice"

        columns = [
            Column("Item", "name"),
            Column(
                "Weapon",
                "attack",
                tooltip="Melee or ranged: it makes the item a weapon.",
                display=choice_label(ATTACK_CHOICES),
            ),
            Column("Damage", "damage", align_right=True, tooltip="The weapon's damage rating."),
            Column("Lethal", "lethal", tooltip="Unticked: the weapon deals non-lethal damage."),
            Column(
                "Attack pool",
                compute=cache.per_row(attack),
                tooltip="Dexterity + Melee or Ranged (half Dexterity without the skill).",
            ),
            Column(
                "Damage pool",
                compute=cache.per_row(damage),
                tooltip="Strength (melee) or Dexterity (ranged) + damage; it needs Stamina + "
                "armour successes.",
            ),
            Column("Armour", "armour", align_right=True, tooltip="Armour rating when in use."),
            Column("Bonus", "bonus", align_right=True, tooltip="Dice a tool adds to its skill."),
            Column("For skill", "skill"),
            Column("In use", "equipped", tooltip="Only armour and tools in use count."),
            Column("Notes", "notes"),
        ]
        self.model = LiveListModel(document, ("equipment",), columns, self)
        view = table_view(
            self.model,
            "equipment",
            {
                "attack": ChoiceDelegate(ATTACK_CHOICES, self),
                **{
                    key: NumberDelegate(0, 99, optional=True, parent=self)
                    for key in ("damage", "armour", "bonus")
                },
            },
            stretch=("name", "notes"),
        )
        fields.add(("equipment",), view)
        layout = QVBoxLayout(self)
        layout.addWidget(
            list_box(
                "Equipment",
                self.model,
                view,
                noun="item",
                blank=lambda: Item(name="New item"),
                samples=[(s.name, lambda s=s: _from_sample(s)) for s in EQUIPMENT],
            )
        )
