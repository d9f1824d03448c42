"""Weapons with their damage by degree, armour, and equipment with the load."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable

from sheetapp.i18n import _
from sheetapp.pdf.alternity.wording import score_text, signed, skill_name
from sheetapp.pdf.kit.boxes import heading
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.filling import FillingRows
from sheetapp.pdf.kit.gear import ammo_column, equipment
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.tables import SPARE_ROWS, Column, data_table, notes_under
from sheetapp.systems.alternity.figures import AlternityFigures
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.wording import fixed, kilograms, places_for

Figures = AlternityFigures


def weapons_table(
    sheet: AlternitySheet | None, f: Figures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    w = layout.grid.width
    columns = [
        Column(_("Weapon"), w * 0.15, key="name"),
        Column(_("Skill"), w * 0.17, key="skill"),
        Column(_("Score"), w * 0.1, "center", key="score"),
        Column(_("Die"), w * 0.06, "center", key="die"),
        Column(_("Ordinary"), w * 0.085, "center", key="ordinary"),
        Column(_("Good"), w * 0.075, "center", key="good"),
        Column(_("Amazing"), w * 0.085, "center", key="amazing"),
        Column(_("Type"), w * 0.065, "center", key="type"),
        Column(_("Range"), w * 0.09, "center", key="range"),
        Column(_("Acc."), w * 0.05, "center", key="accuracy"),
        ammo_column(w * 0.06),
    ]
    rows: list[Sequence[object]] = []
    weapons = sheet.weapons if sheet is not None and f is not None else []
    if sheet is not None and f is not None:
        for weapon, shown in zip(weapons, f.weapons, strict=True):
            damage = shown.damage
            parts = (
                [damage.ordinary, damage.good, damage.amazing]
                if damage
                else [weapon.damage or "–", "", ""]
            )
            score = shown.score
            rows.append(
                [
                    weapon.name,
                    skill_name(sheet, weapon.skill),
                    score_text(score),
                    score.die if score else "–",
                    *parts,
                    weapon.kind,
                    weapon.range,
                    signed(weapon.accuracy) if weapon.accuracy else "0",
                    "",
                ]
            )

    def table(min_rows: int) -> Flowable:
        return data_table(
            columns,
            rows,
            min_rows=min_rows,
            spare=SPARE_ROWS,
            fillable=mode.field("weapon"),
            bold_first=True,
            over=[(_("Damage by degree"), 4, 6)],
        )

    # a blank's weapons end its front page: as many rows as fill it
    shown = table(3) if f else FillingRows(table, least=3, most=12, foot=layout.foot)
    notes = notes_under([(wp.name, [wp.notes] if wp.notes else []) for wp in weapons])
    return [heading(_("Weapons"), w, right=_("score: Ordinary/Good/Amazing")), shown, *notes]


def armour_table(sheet: AlternitySheet | None, layout: Layout, mode: Mode) -> list[Flowable]:
    w = layout.grid.width
    columns = [
        Column(_("Armour"), w * 0.28, key="name"),
        Column(_("Low impact"), w * 0.12, "center", key="low-impact"),
        Column(_("High impact"), w * 0.12, "center", key="high-impact"),
        Column(_("Energy"), w * 0.12, "center", key="energy"),
        Column(_("kg"), w * 0.08, "right", key="kg"),
        Column(_("Notes"), w * 0.28, key="notes"),
    ]
    armour = sheet.armour if sheet else []
    places = places_for([a.weight_kg for a in armour])
    rows = [[a.name, a.li, a.hi, a.en, fixed(a.weight_kg, places), a.notes] for a in armour]
    table = data_table(
        columns,
        rows,
        min_rows=1 if sheet else 2,
        spare=SPARE_ROWS,
        fillable=mode.field("armour"),
        bold_first=True,
    )
    return [
        heading(_("Armour"), w, right=_("protection rolled against each kind of attack")),
        table,
    ]


def equipment_table(
    sheet: AlternitySheet | None, f: Figures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    return equipment(
        sheet.equipment if sheet else [],
        layout.grid.width,
        shares=(0.38, 0.08, 0.1, 0.12, 0.32),
        min_rows=4 if f else 5,
        fillable=mode.field("item"),
        right=_("carried, weapons and armour included: {kilograms}").format(
            kilograms=kilograms(f.load_kg)
        )
        if f
        else "",
    )
