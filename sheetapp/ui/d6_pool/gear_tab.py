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

from sheetapp.i18n import N_, _
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

ATTACK_CHOICES = [("–", ""), (N_("Melee"), "melee"), (N_("Ranged"), "ranged")]

# The sample gear's own rules (``gear_rules``), one column each.
RULE_COLUMNS = [
    Column(
        N_("Str"),
        "strength_needed",
        align_right=True,
        tooltip=N_(
            "Strength the weapon needs; attacks lose 2 dice per point short (Buster Sword)."
        ),
    ),
    Column(
        N_("Arm. −"),
        "armour_cut",
        align_right=True,
        tooltip=N_("The target's armour counts this much less against it (Buster Sword: 3)."),
    ),
    Column(
        N_("×2 arm."), "doubles_armour", tooltip=N_("The target's armour counts double (shotguns).")
    ),
    Column(
        N_("AP"),
        "armour_piercing",
        tooltip=N_(
            "Armour-piercing rounds: the target's Stamina + Armour counts less by the "
            "damage rating. None are made for weapons that double armour."
        ),
    ),
    Column(
        N_("Auto"),
        "autofire",
        tooltip=N_("A target who dodges takes the attack's successes off the dodge roll (M16)."),
    ),
    Column(
        N_("Str dmg"),
        "strength_damage",
        tooltip=N_("A hit deals the wielder's Strength in damage, with no damage roll (Sap)."),
    ),
    Column(
        N_("Gives"),
        "grants_trait",
        tooltip=N_("A trait the item gives while in use (Potion of Fire-Breathing)."),
    ),
    Column(N_("Rtg."), "trait_rating", align_right=True, tooltip=N_("The given trait's rating.")),
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
    source = _("from {value}").format(value=items[row].name or 'gear')
    found = next((g for g in f.granted if g.source == source), None)
    if found is None or found.pool is None:
        return ""
    pool = found.pool
    return _("{name} {dice} dice, {percent}").format(
        name=found.name, dice=pool.dice, percent=percent(pool.chance(1))
    )


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
            return _("{dice} dice, {percent} for 1+").format(
                dice=pool.dice, percent=percent(pool.chance(1))
            )

        def damage(_f: D6PoolFigures, row: int) -> str:
            found = weapon(row)
            if found is None:
                return ""
            if found.fixed_damage is not None:
                return _("{fixed_damage} (Strength), no roll").format(
                    fixed_damage=found.fixed_damage
                )
            return _("{dice} dice").format(dice=found.damage_pool.dice)

        self.target = {
            key: _spin(f"target_{key}", start, tip)
            for key, start, tip in (
                ("stamina", 3, _("The target's Stamina, for the successes each weapon needs.")),
                ("armour", 0, _("The target's armour rating.")),
            )
        }

        def to_hurt(_f: D6PoolFigures, row: int) -> str:
            items = document.sheet.equipment  # type: ignore[attr-defined]
            if row >= len(items) or not items[row].attack:
                return ""
            if items[row].strength_damage:
                return _("no roll")
            stamina, worn = (self.target[k].value() for k in ("stamina", "armour"))
            return str(damage_needed(items[row], stamina=stamina, armour=worn))

        columns = [
            Column(_("Item"), "name", tooltip=_("The item's name, from the list or your own.")),
            Column(
                _("Weapon"),
                "attack",
                tooltip=_("Melee or ranged: it makes the item a weapon."),
                display=choice_label(ATTACK_CHOICES),
            ),
            Column(
                _("Damage"), "damage", align_right=True, tooltip=_("The weapon's damage rating.")
            ),
            Column(
                _("Lethal"), "lethal", tooltip=_("Unticked: the weapon deals non-lethal damage.")
            ),
            Column(
                _("Attack pool"),
                compute=cache.per_row(attack),
                tooltip=_("Dexterity + Melee or Ranged (half Dexterity without the skill)."),
            ),
            Column(
                _("Damage pool"),
                compute=cache.per_row(damage),
                tooltip=_(
                    "Strength (melee) or Dexterity (ranged) + damage; it needs Stamina + "
                    "armour successes."
                ),
            ),
            Column(
                _("To hurt"),
                compute=cache.per_row(to_hurt),
                tooltip=_(
                    "Successes the damage roll needs against the target set above: "
                    "Stamina + armour, as this weapon meets the armour."
                ),
            ),
            roll_column(_("Roll this weapon (its attack pool)."), lambda item: bool(item.attack)),
            Column(
                _("Armour"), "armour", align_right=True, tooltip=_("Armour rating when in use.")
            ),
            Column(
                _("Bonus"), "bonus", align_right=True, tooltip=_("Dice a tool adds to its skill.")
            ),
            Column(_("For skill"), "skill", tooltip=_("The skill a tool adds its bonus dice to.")),
            Column(
                _("In use"),
                "equipped",
                tooltip=_("Only armour, tools and potions in use (drunk) count."),
            ),
            *RULE_COLUMNS,
            Column(_("Notes"), "notes"),
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
        for text, key in (
            (_("Against a target with Stamina"), "stamina"),
            (_("and armour"), "armour"),
        ):
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
                _("Equipment"),
                self.model,
                view,
                words=(_("Add item"), _("Remove item")),
                blank=lambda: Item(name=_("New item")),
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
