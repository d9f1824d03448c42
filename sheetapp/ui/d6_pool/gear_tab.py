"""Equipment: weapons with their attack and damage pools, armour, and tools that add dice."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sheetapp.i18n import _
from sheetapp.systems.d6_pool.catalog import EQUIPMENT, item_line
from sheetapp.systems.d6_pool.figures import D6PoolFigures, WeaponFigures, percent
from sheetapp.systems.d6_pool.gear_rules import damage_needed
from sheetapp.systems.d6_pool.model import Item
from sheetapp.systems.d6_pool.rolls import weapon_check
from sheetapp.ui.binding import FieldRegistry
from sheetapp.ui.document import SheetDocument
from sheetapp.ui.figures_cache import FiguresCache
from sheetapp.ui.list_table_model import Column, LiveListModel, choice_label
from sheetapp.ui.roll_buttons import install_list_rolls, roll_column
from sheetapp.ui.table_box import list_box, table_view
from sheetapp.ui.table_editors import ChoiceDelegate, NumberDelegate

ATTACK_CHOICES = [("–", ""), ("Melee", "melee"), ("Ranged", "ranged")]

# The sample gear's own rules (``gear_rules``), one column each.
RULE_COLUMNS = [
    Column(
        "Str",
        "strength_needed",
        align_right=True,
        tooltip="Strength the weapon needs; attacks lose 2 dice per point short (Buster Sword).",
    ),
    Column(
        "Arm. −",
        "armour_cut",
        align_right=True,
        tooltip="The target's armour counts this much less against it (Buster Sword: 3).",
    ),
    Column("×2 arm.", "doubles_armour", tooltip="The target's armour counts double (shotguns)."),
    Column(
        "AP",
        "armour_piercing",
        tooltip="Armour-piercing rounds: the target's Stamina + Armour counts less by the "
        "damage rating. None are made for weapons that double armour.",
    ),
    Column(
        "Auto",
        "autofire",
        tooltip="A target who dodges takes the attack's successes off the dodge roll (M16).",
    ),
    Column(
        "Str dmg",
        "strength_damage",
        tooltip="A hit deals the wielder's Strength in damage, with no damage roll (Sap).",
    ),
    Column(
        "Gives",
        "grants_trait",
        tooltip="A trait the item gives while in use (Potion of Fire-Breathing).",
    ),
    Column("Rtg.", "trait_rating", align_right=True, tooltip="The given trait's rating."),
]


def _weapon(f: D6PoolFigures, items: list[Item], row: int) -> WeaponFigures | None:
    """The figures of the weapon on ``row``: weapons are figured in equipment order."""
    if not items[row].attack:
        return None
    index = sum(1 for i in items[:row] if i.attack)
    weapons = f.weapons
    return weapons[index] if index < len(weapons) else None


def _granted(f: D6PoolFigures, items: list[Item], row: int) -> str:
    """A potion in use: the trait it gives and that trait's pool."""
    if row >= len(items) or not items[row].grants_trait.strip() or not items[row].equipped:
        return ""
    source = f"from {items[row].name or 'gear'}"
    found = next((g for g in f.granted if g.source == source), None)
    if found is None or found.pool is None:
        return ""
    pool = found.pool
    return f"{found.name} {pool.dice} dice, {percent(pool.chance(1))}"


def _spin(name: str, start: int, tip: str) -> QSpinBox:
    spin = QSpinBox(objectName=name)
    spin.setRange(0, 99)
    spin.setValue(start)
    spin.setToolTip(tip)
    return spin


class GearTab(QWidget):
    def __init__(
        self,
        document: SheetDocument,
        fields: FieldRegistry,
        cache: FiguresCache[D6PoolFigures],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)

        def weapon(row: int) -> WeaponFigures | None:
            items = document.sheet.equipment  # type: ignore[attr-defined]
            if row >= len(items):
                return None
            return _weapon(cache(), items, row)

        def attack(f: D6PoolFigures, row: int) -> str:
            found = weapon(row)
            if found is None:
                return _granted(f, document.sheet.equipment, row)  # type: ignore[attr-defined]
            pool = found.attack_pool
            return f"{pool.dice} dice, {percent(pool.chance(1))} for 1+"

        def damage(_f: D6PoolFigures, row: int) -> str:
            found = weapon(row)
            if found is None:
                return ""
            if found.fixed_damage is not None:
                return f"{found.fixed_damage} (Strength), no roll"
            return f"{found.damage_pool.dice} dice"

        self.target = {
            key: _spin(f"target_{key}", start, tip)
            for key, start, tip in (
                ("stamina", 3, "The target's Stamina, for the successes each weapon needs."),
                ("armour", 0, "The target's armour rating."),
            )
        }

        def to_hurt(_f: D6PoolFigures, row: int) -> str:
            items = document.sheet.equipment  # type: ignore[attr-defined]
            if row >= len(items) or not items[row].attack:
                return ""
            if items[row].strength_damage:
                return "no roll"
            stamina, worn = (self.target[k].value() for k in ("stamina", "armour"))
            return str(damage_needed(items[row], stamina=stamina, armour=worn))

        columns = [
            Column("Item", "name", tooltip="The item's name, from the list or your own."),
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
            Column(
                "To hurt",
                compute=cache.per_row(to_hurt),
                tooltip="Successes the damage roll needs against the target set above: "
                "Stamina + armour, as this weapon meets the armour.",
            ),
            roll_column("weapon", "its attack pool", lambda item: bool(item.attack)),
            Column("Armour", "armour", align_right=True, tooltip="Armour rating when in use."),
            Column("Bonus", "bonus", align_right=True, tooltip="Dice a tool adds to its skill."),
            Column("For skill", "skill", tooltip="The skill a tool adds its bonus dice to."),
            Column(
                "In use",
                "equipped",
                tooltip="Only armour, tools and potions in use (drunk) count.",
            ),
            *RULE_COLUMNS,
            Column("Notes", "notes"),
        ]
        self.model = LiveListModel(document, ("equipment",), columns, self)
        delegates = {
            "attack": ChoiceDelegate(ATTACK_CHOICES, self),
            **{
                key: NumberDelegate(0, 99, optional=True, parent=self)
                for key in ("damage", "armour", "bonus", "strength_needed", "armour_cut")
            },
            **{key: NumberDelegate(0, 6, optional=True, parent=self) for key in ("trait_rating",)},
        }
        # Twenty-one columns do not fit beside the Dice dock at 1366 px: the sample gear's
        # own rules get a table of their own under the list, over the same rows.
        view = table_view(self.model, "equipment", delegates, stretch=("name", "notes"))
        rules = table_view(self.model, "equipment_rules", delegates, stretch=("name",))
        rule_keys = {column.key for column in RULE_COLUMNS}
        for index, column in enumerate(columns):
            view.setColumnHidden(index, column.key in rule_keys)
            rules.setColumnHidden(index, column.key not in rule_keys | {"name"})
        follow_current_row(view, rules)
        fields.add(("equipment",), view)
        install_list_rolls(view, self.model, weapon_check)
        layout = QVBoxLayout(self)
        against = QHBoxLayout()
        for text, key in (("Against a target with Stamina", "stamina"), ("and armour", "armour")):
            name = QLabel(text)
            name.setBuddy(self.target[key])  # takes the target field's tooltip
            against.addWidget(name)
            against.addWidget(self.target[key])
        against.addStretch(1)
        for spin in self.target.values():
            spin.valueChanged.connect(self.model.repaint_computed)
        layout.addLayout(against)
        layout.addWidget(
            list_box(
                "Equipment",
                self.model,
                view,
                noun="item",
                blank=lambda: Item(name="New item"),
                samples=[(s.name, lambda s=s: item_line(s)) for s in EQUIPMENT],
            ),
            3,
        )
        rules_box = QGroupBox(_("The sample gear's own rules"))
        rules_box.setToolTip(
            _(
                "What some items of the rules' list do besides their ratings; set them for "
                "an item of your own that works the same way."
            )
        )
        QVBoxLayout(rules_box).addWidget(rules)
        layout.addWidget(rules_box, 2)


def follow_current_row(*views: QTableView) -> None:
    """The row made current in one of ``views`` (over one model) becomes current in the
    others, so an item picked in the list shows its rules below and the other way round."""

    def follow(source: QTableView) -> None:
        row = source.currentIndex().row()
        for other in views:
            if other is not source and row >= 0 and other.currentIndex().row() != row:
                column = max(other.currentIndex().column(), 0)
                while other.isColumnHidden(column) and column < other.model().columnCount():
                    column += 1
                other.setCurrentIndex(other.model().index(row, column))

    for view in views:
        view.selectionModel().currentRowChanged.connect(lambda *_, v=view: follow(v))
