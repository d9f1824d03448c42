"""The tables of rolls: skills, traits and weapons, each with its pool and the chance of
difficulty 1, 2 and 3; and the rest of the gear.

Every pool and chance comes from ``figures.sheet_figures``; ``shown_chance`` prints it.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable

from sheetapp.i18n import _
from sheetapp.pdf.d6_pool.wording import ATTACK, attribute_name
from sheetapp.pdf.kit.boxes import heading
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.filling import FillingRows
from sheetapp.pdf.kit.gear import ammo_column
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.tables import SPARE_ROWS, Column, data_table, notes_under
from sheetapp.systems.d6_pool.figures import CAPPED_NOTE, D6PoolFigures, PoolFigures, shown_chance
from sheetapp.systems.d6_pool.gear_rules import rules_text
from sheetapp.systems.d6_pool.model import D6PoolSheet, Item
from sheetapp.systems.d6_pool.names import SHOWN_DIFFICULTIES
from sheetapp.systems.wording import count

EXTRA_ROWS = 3  # empty rows after the filled ones, for what is learnt in play
BLANK_SKILLS = 8  # at least; a blank prints as many as fill its first page
BLANK_SKILLS_MOST = 24
BLANK_TRAITS = 5
BLANK_WEAPONS = 4
BLANK_GEAR = 5


def _chances(pool: PoolFigures | None) -> list[object]:
    if pool is None:
        return ["-"] * (1 + len(SHOWN_DIFFICULTIES))
    return [pool.dice, *(shown_chance(pool, k) for k in SHOWN_DIFFICULTIES)]


def _odds_columns(w: float, pool_title: str | None = None) -> list[Column]:
    return [
        Column(pool_title or _("Pool"), w * 0.08, "center", key="pool"),
        *(Column(str(k), w * 0.075, "center", key=f"odds{k}") for k in SHOWN_DIFFICULTIES),
    ]


def _over(first: int) -> list[tuple[str, int, int]]:
    return [(_("Chance by difficulty"), first, first + len(SHOWN_DIFFICULTIES) - 1)]


def _or_dash(value: object) -> object:
    return "-" if value is None else value


def skills_table(
    sheet: D6PoolSheet | None, f: D6PoolFigures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    w = layout.grid.width
    columns = [
        Column(_("Skill"), w * 0.25, key="name"),
        Column(_("Attribute"), w * 0.14, key="attribute"),
        Column(_("Rating"), w * 0.08, "center", key="rating"),
        *_odds_columns(w),
        Column(_("Note"), w * 0.225, key="note"),
    ]
    rows: list[Sequence[object]] = []
    if sheet is not None and f is not None:
        for skill, shown in zip(sheet.skills, f.skills, strict=True):
            rows.append(
                [
                    skill.name or _("(unnamed)"),
                    attribute_name(shown.attribute),
                    _or_dash(shown.rating),
                    *_chances(shown.pool),
                    skill.note,
                ]
            )
    def table(min_rows: int) -> Flowable:
        return data_table(
            columns,
            rows,
            min_rows=min_rows,
            fillable=mode.field("skill"),
            bold_first=True,
            over=_over(4),
        )

    shown = (
        table(len(rows) + EXTRA_ROWS)
        if f
        else FillingRows(table, least=BLANK_SKILLS, most=BLANK_SKILLS_MOST, foot=layout.foot)
    )
    right = _(
        "pool = attribute + skill; chance against difficulty 1, 2, 3 (5 or 6 on a die); {capped}"
    ).format(capped=_(CAPPED_NOTE))
    return [heading(_("Skills"), w, right=right), shown]


def traits_table(
    sheet: D6PoolSheet | None, f: D6PoolFigures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    w = layout.grid.width
    columns = [
        Column(_("Trait"), w * 0.22, key="name"),
        Column(_("Value"), w * 0.08, "center", key="value"),
        Column(_("Roll with"), w * 0.2, key="roll"),
        *_odds_columns(w),
        Column(_("Note"), w * 0.195, key="note"),
    ]
    rows: list[Sequence[object]] = []
    if sheet is not None and f is not None:
        for granted in f.granted:
            rows.append(
                [
                    granted.name,
                    _or_dash(granted.rating),
                    " + ".join(
                        p for p in (attribute_name(granted.attribute), granted.skill) if p
                    )
                    or "-",
                    *_chances(granted.pool),
                    granted.source,
                ]
            )
        for trait, shown in zip(sheet.traits, f.traits, strict=True):
            roll = " + ".join(
                p for p in (attribute_name(trait.attribute), trait.skill) if p
            )
            value = shown.value
            rows.append(
                [
                    _("{name} (every limb)").format(name=trait.name or _("(unnamed)"))
                    if trait.all_limbs
                    else trait.name or _("(unnamed)"),
                    "-" if value is None else f"{value:+d}" if value < 0 else value,
                    roll or "-",
                    *_chances(shown.pool),
                    trait.note,
                ]
            )
    table = data_table(
        columns,
        rows,
        min_rows=0 if f else BLANK_TRAITS,
        spare=SPARE_ROWS,
        fillable=mode.field("trait"),
        bold_first=True,
        over=_over(4),
    )
    right = _("6 points, plus each negative trait's rating; pool = attribute (+ skill) + trait")
    return [heading(_("Traits"), w, right=right), table]


def weapons_table(
    sheet: D6PoolSheet | None, f: D6PoolFigures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    w = layout.grid.width
    columns = [
        Column(_("Weapon"), w * 0.2, key="name"),
        Column(_("Type"), w * 0.1, key="type"),
        Column(_("Damage"), w * 0.1, "center", key="damage"),
        *_odds_columns(w, _("Attack")),
        Column(_("Damage pool"), w * 0.12, "center", key="damage_pool"),
        Column(_("Harm"), w * 0.105, "center", key="harm"),
        ammo_column(w * 0.07),
    ]
    rows: list[Sequence[object]] = []
    if f is not None:
        for weapon in f.weapons:
            rows.append(
                [
                    weapon.name or _("(unnamed)"),
                    ATTACK[weapon.attack],
                    _or_dash(weapon.damage_rating),
                    *_chances(weapon.attack_pool),
                    count(weapon.damage_pool.dice, "die")
                    if weapon.fixed_damage is None
                    else _("Str {fixed_damage}, no roll").format(fixed_damage=weapon.fixed_damage),
                    _("Lethal") if weapon.lethal else _("Non-lethal"),
                    "",
                ]
            )
    table = data_table(
        columns,
        rows,
        min_rows=0 if f else BLANK_WEAPONS,
        spare=SPARE_ROWS,
        fillable=mode.field("weapon"),
        bold_first=True,
        over=_over(4),
    )
    right = _("attack: Dex + Melee or Ranged; damage: Str (melee) or Dex (ranged) + damage")
    armed = [item for item in sheet.equipment if item.attack] if sheet and f else []
    notes = notes_under(
        [
            (weapon.name, _weapon_notes(weapon.rules, item))
            for weapon, item in zip(f.weapons if f else [], armed, strict=True)
        ]
    )
    return [heading(_("Weapons"), w, right=right), table, *notes]


def _weapon_notes(rules: list[str], item: Item) -> list[str]:
    """What the table's columns leave out of a weapon: its own rules, the skill the player
    named for it and the player's notes, all printed in full under the table."""
    return [
        *rules,
        *([_("skill: {skill}").format(skill=item.skill)] if item.skill else []),
        *filter(None, [item.notes]),
    ]


def gear_table(sheet: D6PoolSheet | None, layout: Layout, mode: Mode) -> list[Flowable]:
    w = layout.grid.width
    columns = [
        Column(_("Item"), w * 0.3, key="item"),
        Column(_("Armour"), w * 0.1, "center", key="armour"),
        Column(_("Bonus"), w * 0.1, "center", key="bonus"),
        Column(_("To skill"), w * 0.16, key="skill"),
        Column(_("In use"), w * 0.09, "center", key="use"),
        Column(_("Notes"), w * 0.25, key="notes"),
    ]
    rows = [
        [
            item.name or _("(unnamed)"),
            _or_dash(item.armour),
            "-" if item.bonus is None else f"+{item.bonus}",
            item.skill,
            _("Yes") if item.equipped else _("No"),
            "; ".join([*rules_text(item), *([item.notes] if item.notes else [])]),
        ]
        for item in (sheet.equipment if sheet else [])
        if not item.attack
    ]
    table = data_table(
        columns,
        rows,
        min_rows=0 if sheet else BLANK_GEAR,
        spare=SPARE_ROWS,
        fillable=mode.field("gear"),
        bold_first=True,
    )
    right = _("armour in use adds to Stamina against damage; a tool adds dice to its skill")
    return [heading(_("Gear"), w, right=right), table]
