"""The hero sheet, filled from a hero or blank for pencil (or a PDF viewer).

Both share one layout, so a blank prints exactly the boxes a filled sheet fills. Every
number comes from ``figures.sheet_figures``; this module only places it. Front: who the
hero is, abilities, the action check, the durability tracks, load, movement and throwing,
weapons and armour. Then skills, equipment, the situation die ladder and notes.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, PageBreak, Spacer

from sheetapp.i18n import _
from sheetapp.pdf.alternity.gear_tables import armour_table, equipment_table, weapons_table
from sheetapp.pdf.alternity.panels import durability_panel, load_row, situation_ladder
from sheetapp.pdf.alternity.skills_table import skills_section
from sheetapp.pdf.alternity.wording import score_text, signed
from sheetapp.pdf.kit.boxes import (
    PAD,
    FieldBox,
    Panel,
    VStack,
    facts,
    field_cell,
    grid_row,
    heading,
    name_cell,
    writing_box,
    written,
)
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.filling import RestOfPage
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.notes import notes_area
from sheetapp.pdf.kit.resources import Resource, ResourceBox
from sheetapp.pdf.kit.style import GAP, ROW_GAP
from sheetapp.pdf.kit.tables import Column, data_table
from sheetapp.systems.alternity.figures import AlternityFigures, sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Ability, label
from sheetapp.systems.wording import count

Figures = AlternityFigures
FIELDS = "character"  # the sheet part of a blank's field names (forms.FIELD_NAME)


def hero_sheet(sheet: AlternitySheet, layout: Layout) -> list[Flowable]:
    """The sheet of one hero, every figure filled in."""
    return _sheet(sheet, sheet_figures(sheet), layout, Mode(FIELDS))


def blank_hero_sheet(layout: Layout, *, fillable: bool = False) -> list[Flowable]:
    return _sheet(None, None, layout, Mode(FIELDS, fillable))


def _sheet(
    sheet: AlternitySheet | None, f: Figures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    story: list[Flowable] = [
        _identity(sheet, f, layout, mode),
        Spacer(0, GAP),
        _abilities_row(f, layout, mode),
        Spacer(0, GAP),
        durability_panel(f, layout, mode),
        Spacer(0, GAP),
        load_row(f, layout, mode),
        Spacer(0, GAP),
        *weapons_table(sheet, f, layout, mode),
        # a blank is both sides of one sheet: the weapons fill the front
        *([Spacer(0, GAP)] if f else [PageBreak()]),
        *armour_table(sheet, layout, mode),
        *([CondPageBreak(60 * mm)] if f else []),
        Spacer(0, GAP),
        *skills_section(f, layout, mode),
        Spacer(0, GAP),
        *equipment_table(sheet, f, layout, mode),
        Spacer(0, GAP),
        situation_ladder(layout),
    ]
    if sheet is None:
        story += [Spacer(0, GAP), _blank_writing(layout, mode)]
    else:
        for title, text in (
            (_("Perks"), sheet.perks),
            (_("Flaws"), sheet.flaws),
            (_("Background"), sheet.background),
        ):
            if writing := written(title, text, layout.grid.width):
                story += [Spacer(0, GAP), *writing]
        story += [Spacer(0, GAP), *notes_area(sheet.notes, layout)]
    return story


def _identity(
    sheet: AlternitySheet | None, f: Figures | None, layout: Layout, mode: Mode
) -> Flowable:
    g = layout.grid

    def box(name: str, key: str, span: int) -> tuple[float, Flowable]:
        value = getattr(sheet, key) if sheet else None
        return field_cell(name, value, g.span(span), field=mode.field(key))

    _unused, name = name_cell(
        _("Name") + (_(" · supporting cast") if sheet and sheet.npc else ""),
        sheet.name if sheet else None,
        g.span(9),
        field=mode.field("name"),
    )
    left = VStack(
        [
            name,
            grid_row(
                [
                    box(_("Player"), "player", 2),
                    # also in the page header, where a long one is cut to one line
                    box(_("Campaign"), "campaign", 2),
                    box(_("Species"), "species", 2),
                    box(_("Gender"), "gender", 2),
                    box(_("Age"), "age", 1),
                ]
            ),
            grid_row(
                [
                    box(_("Profession"), "profession", 2),
                    box(_("Career"), "career", 2),
                    box(_("Motivation"), "motivation", 3),
                    box(_("Moral attitude"), "moral_attitude", 2),
                ]
            ),
        ],
        width=g.span(9),
        spacing=ROW_GAP,
    )
    # spent in play and bought back with skill points: a box each, the spent ones crossed
    resorts = Resource(_("Last resort points"), field=mode.field("last_resorts"), blank_boxes=5)
    if f is not None:
        held = f.last_resorts
        resorts = Resource(resorts.label, held.current, held.maximum)
    actions = f.actions_per_round if f else None
    right = VStack(
        [
            FieldBox(
                _("Level"),
                f.level if f else None,
                width=g.span(3),
                height=14 * mm,
                big=True,
                field=mode.field("level"),
            ),
            ResourceBox(resorts, width=g.span(3), height=10.5 * mm),
            FieldBox(
                _("Actions per round"),
                "–" if f and actions is None else actions,
                width=g.span(3),
                field=mode.field("actions"),
            ),
        ],
        width=g.span(3),
        spacing=ROW_GAP,
    )
    return grid_row([(g.span(9), left), (g.span(3), right)], stretch=False)


def _abilities_row(f: Figures | None, layout: Layout, mode: Mode) -> Flowable:
    g = layout.grid
    width = g.span(7)
    rows = []
    for ability in Ability:
        key = ability.value
        score = f.abilities.get(key) if f else None
        resist = f.resistance.get(key) if f else None
        untrained = f.untrained.get(key) if f else None
        if f is None:
            rows.append(
                [
                    label(ability),
                    mode.slot(width * 0.16, "ability", key),
                    mode.slot(width * 0.2, "resistance", key) if _resists(ability) else "–",
                    mode.slot(width * 0.34, "untrained", key),
                ]
            )
            continue
        rows.append(
            [
                label(ability),
                "–" if score is None else score,
                signed(resist) if resist is not None else "–",
                score_text(untrained),
            ]
        )
    table = data_table(
        [
            Column(_("Ability"), width * 0.3),
            Column(_("Score"), width * 0.16, "center"),
            Column(_("Resistance"), width * 0.2, "center"),
            Column(_("Untrained"), width * 0.34, "center"),
        ],
        rows,
        bold_first=True,
    )
    abilities = VStack(
        [heading(_("Abilities"), width, right=_("untrained: half the score, +d4")), table],
        width=width,
        spacing=2 * mm,
    )
    return grid_row([(width, abilities), (g.span(5), _action_check(f, layout, mode))])


def _resists(ability: Ability) -> bool:
    return ability not in (Ability.CONSTITUTION, Ability.PERSONALITY)


def _action_check(f: Figures | None, layout: Layout, mode: Mode) -> Flowable:
    width = layout.grid.span(5)
    inner = width - 2 * PAD
    check = f.action_check if f else None
    gap = 1.5 * mm
    each = (inner - 3 * gap) / 4
    boxes = []
    for key, title, degree in (
        ("marginal", _("Marginal"), check and f"{check.marginal}+"),
        ("ordinary", _("Ordinary"), check and check.ordinary),
        ("good", _("Good"), check and check.good),
        ("amazing", _("Amazing"), check and check.amazing),
    ):
        value: object = None
        if f is not None:
            value = "–" if check is None else degree
        boxes.append(
            (
                each,
                FieldBox(
                    title,
                    value,
                    width=each,
                    height=12 * mm,
                    big=True,
                    field=mode.field("action_check", key),
                ),
            )
        )
    breath = f.breath_rounds if f else None
    bonus = f.action_check_bonus if f else 0
    cost = f.last_resorts.cost if f else None
    details = facts(
        [
            (
                _("Half of Dex + Int, rounded up"),
                None if f is None else check.ordinary - bonus if check else "–",
            ),
            (_("Bonus (profession, perks)"), None if f is None else signed(bonus)),
            (
                _("Holding breath safely"),
                None if f is None else count(breath, "round") if breath is not None else "–",
            ),
            (_("Skill points stored"), None if f is None else f.skill_points),
            (_("A last resort point costs (skill points)"), None if f is None else _dash(cost)),
        ],
        inner,
        value_width=inner * 0.3,
        fields=[
            mode.field("action_check", "base"),
            mode.field("action_check", "bonus"),
            mode.field("breath"),
            mode.field("skill_points"),
            mode.field("last_resort_cost"),
        ],
    )
    return Panel(
        _("Action check"),
        [grid_row(boxes, gutter=gap), details],
        width=width,
        right=_("d20 + situation die"),
    )


def _blank_writing(layout: Layout, mode: Mode) -> Flowable:
    """Perks and flaws, background, notes and a running purse, down to the foot of the
    back page."""
    g = layout.grid

    def row(height: float) -> Flowable:
        return grid_row(
            [
                writing_box(_("Perks and flaws"), g.span(3), height, mode.field("perks")),
                writing_box(_("Background"), g.span(3), height, mode.field("background")),
                writing_box(_("Notes"), g.span(4), height, mode.field("notes")),
                writing_box(_("Money"), g.span(2), height, mode.field("money")),
            ]
        )

    return RestOfPage(row, least=24 * mm, most=120 * mm, foot=layout.foot)


def _dash(value: object) -> object:
    return "–" if value is None else value
