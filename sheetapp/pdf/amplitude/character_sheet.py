"""The character sheet, filled from a sheet or blank for pencil (or a PDF viewer).

Both share one layout, so a blank prints exactly the boxes a filled sheet fills. Every
number comes from ``figures.sheet_figures``; this module only places it. Front: who the
character is, defence and momentum, the wound track and thresholds, skills, weapons and
tools, and the Outcome Table to read rolls from; notes follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from sheetapp.i18n import _
from sheetapp.pdf.amplitude.outcome_table import BandLegend, outcome_table
from sheetapp.pdf.amplitude.wording import signed
from sheetapp.pdf.amplitude.wound_track import thresholds_row, wound_track
from sheetapp.pdf.kit.boxes import (
    NAME_HEIGHT,
    FieldBox,
    VStack,
    field_cell,
    grid_row,
    heading,
    name_cell,
)
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.filling import FillingRows
from sheetapp.pdf.kit.gear import ammo_column
from sheetapp.pdf.kit.keeping import kept_together
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.notes import notes_area
from sheetapp.pdf.kit.resources import Resource, ResourceBox
from sheetapp.pdf.kit.style import GAP, ROW_GAP
from sheetapp.pdf.kit.tables import SPARE_ROWS, Column, data_table, spill_long_notes
from sheetapp.pdf.kit.text import para
from sheetapp.systems.amplitude.figures import AmplitudeFigures, sheet_figures
from sheetapp.systems.amplitude.model import AmplitudeSheet

BLANK_SKILL_ROWS = 5
BLANK_GEAR_ROWS = 4  # at least; as many as fill the front page
SIDE_BY_SIDE = 8  # weapons and tools share a row while neither list is longer than this
FIELDS = "character"  # the sheet part of a blank's field names (forms.FIELD_NAME)


def character_sheet(sheet: AmplitudeSheet, layout: Layout) -> list[Flowable]:
    """The sheet with every figure filled in."""
    return _sheet(sheet, sheet_figures(sheet), layout, Mode(FIELDS))


def blank_character_sheet(layout: Layout, *, fillable: bool = False) -> list[Flowable]:
    """The same sheet with every box empty (fillable fields with ``fillable``)."""
    return _sheet(None, None, layout, Mode(FIELDS, fillable))


def _sheet(
    sheet: AmplitudeSheet | None, f: AmplitudeFigures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    story: list[Flowable] = [
        _identity(sheet, layout, mode),
        Spacer(0, GAP),
        *_wounds(f, layout, mode),
        Spacer(0, GAP),
        *_skills(f, sheet, layout, mode),
        Spacer(0, GAP),
        *_gear(f, sheet, layout, mode),
        # a blank is both sides of one sheet: the gear fills the front, the table and
        # notes the back
        Spacer(0, GAP) if f else PageBreak(),
        _outcome_table(layout),
        Spacer(0, GAP),
    ]
    fields = (mode.field("notes"), mode.field("money"))
    notes = sheet.notes if sheet else ""
    return [*story, *notes_area(notes, layout, fields=fields, blank=sheet is None)]


def _box(
    title: str, value: object, width: float, mode: Mode, key: str, **options: Any
) -> tuple[float, FieldBox]:
    """Values come clipped to their own lengths."""
    return field_cell(title, value, width, field=mode.field(key), limit=None, **options)


def _identity(sheet: AmplitudeSheet | None, layout: Layout, mode: Mode) -> Flowable:
    g = layout.grid
    f = sheet
    concept = f.concept if f else None
    if f is not None and f.npc:
        concept = _("{concept} (NPC)").format(concept=concept) if concept else _("NPC")
    top = grid_row(
        [
            name_cell(_("Name"), f.name if f else None, g.span(6), field=mode.field("name")),
            _box(_("Concept"), concept, g.span(4), mode, "concept", height=NAME_HEIGHT),
            _box(
                _("Player"),
                f.player if f else None,
                g.span(2),
                mode,
                "player",
                height=NAME_HEIGHT,
            ),
        ]
    )
    # points won and spent in play: a box each, the ones held filled in
    counts = [
        (_("Momentum"), f.momentum if f else None, "momentum"),
        (_("Misfortune streak"), f.misfortune if f else None, "streak"),
        (_("Misfortune owed"), f.misfortune_owed if f else None, "owed"),
    ]
    held = [
        (
            g.span(2),
            ResourceBox(
                Resource(title, value, field=mode.field(key)), width=g.span(2), height=13 * mm
            ),
        )
        for title, value, key in counts
    ]
    second = grid_row(
        [
            _box(
                _("Defensive Bonus"),
                signed(f.defensive_bonus) if f else None,
                g.span(2),
                mode,
                "db",
                big=True,
                height=13 * mm,
            ),
            _box(
                _("DB comes from"),
                f.defence_notes if f else None,
                g.span(4),
                mode,
                "defence",
                height=13 * mm,
            ),
            *held,
        ]
    )
    return VStack([top, second], width=g.width, spacing=ROW_GAP)


def _wounds(f: AmplitudeFigures | None, layout: Layout, mode: Mode) -> list[Flowable]:
    g = layout.grid
    right = _("a hit takes the highest wound its QO reaches · usual thresholds 1 / 4 / 8")
    if f is not None:
        wound = f.wound
        penalty = (
            _("cannot act")
            if wound.penalty is None
            else _("{penalty:+d} to rolls").format(penalty=wound.penalty)
        )
        right = _("now: {label}, {penalty}").format(label=wound.label, penalty=penalty)
    return [
        heading(_("Wound track"), g.width, right=right),
        wound_track(f, g.width, mode),
        Spacer(0, ROW_GAP),
        thresholds_row(f, layout, mode),
    ]


def _skills(
    f: AmplitudeFigures | None, sheet: AmplitudeSheet | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    w = layout.grid.width
    columns = [
        Column(_("Skill"), w * 0.34, key="name"),
        Column(_("OB"), w * 0.1, "center", key="ob"),
        Column(_("With wound"), w * 0.14, "center", key="now"),
        Column(_("Notes"), w * 0.42, key="notes"),
    ]
    rows: list[Sequence[object]] = []
    if f is not None and sheet is not None:
        for skill, shown in zip(sheet.skills, f.skills, strict=True):
            rows.append(
                [
                    skill.name,
                    signed(shown.ob),
                    signed(shown.roll_bonus) if f.wound.can_act else "-",
                    skill.notes,
                ]
            )
    table = data_table(
        columns,
        rows,
        min_rows=3 if f else BLANK_SKILL_ROWS,
        spare=SPARE_ROWS,
        fillable=mode.field("skill"),
        bold_first=True,
    )
    right = _("column: 0 + OB - DB + 4dF, wound penalty included")
    return [heading(_("Skills"), w, right=right), table]


def _gear(
    f: AmplitudeFigures | None, sheet: AmplitudeSheet | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    """Weapons and tools; a blank's as many rows as fill its front page."""
    if f is None:
        return [
            FillingRows(
                lambda rows: _gear_tables(None, layout, mode, rows)[0],
                least=BLANK_GEAR_ROWS,
                most=20,
                foot=layout.foot,
            )
        ]
    return _gear_tables(sheet, layout, mode, 2)


def _gear_tables(
    sheet: AmplitudeSheet | None, layout: Layout, mode: Mode, min_rows: int
) -> list[Flowable]:
    g = layout.grid
    weapons = sheet.weapons if sheet else []
    tools = sheet.tools if sheet else []
    together = len(weapons) <= SIDE_BY_SIDE and len(tools) <= SIDE_BY_SIDE
    width = g.span(6) if together else g.width
    parts: list[list[Flowable]] = []
    for title, items, value_title, value_of, key in (
        (_("Weapons"), weapons, _("Power"), lambda item: item.power, "weapon"),
        (_("Tools"), tools, _("Quality"), lambda item: item.quality, "tool"),
    ):
        armed = key == "weapon"  # a weapon's row has its ammunition to pencil in
        columns = [
            Column(title.rstrip("s"), width * (0.28 if armed else 0.34), key="name"),
            Column(value_title, width * 0.15, "center", key="amp"),
            Column(_("Skill"), width * (0.23 if armed else 0.27), key="skill"),
            *([ammo_column(width * 0.12)] if armed else []),
            Column(_("Notes"), width * (0.22 if armed else 0.24), key="notes"),
        ]
        rows, long_notes = spill_long_notes(
            [
                [i.name, signed(value_of(i)), i.skill, *([""] if armed else []), i.notes]
                for i in items
            ],
            columns,
            len(columns) - 1,
        )
        table = data_table(
            columns,
            rows,
            min_rows=min_rows,
            spare=SPARE_ROWS,
            fillable=mode.field(key),
            bold_first=True,
        )
        parts.append([heading(title, width, right=_("adds to Amp")), table, *long_notes])
    if together:
        cells = [(width, VStack(part, width=width, spacing=2 * mm)) for part in parts]
        return [grid_row(cells, stretch=False)]
    return [*parts[0], Spacer(0, GAP), *parts[1]]


def _outcome_table(layout: Layout) -> Flowable:
    w = layout.grid.width
    return kept_together(
        [
            heading(_("Outcome Table"), w, right=_("row: Amp (fixed parts + 4dF) · column: roll")),
            outcome_table(w),
            Spacer(0, 1.5 * mm),
            BandLegend(w),
            Spacer(0, 1 * mm),
            para(
                _("Amp of 0 or less: automatic failure, no lookup. Amp above 10 reads row 10; a "
                "roll past +6 or -6 reads the edge column. Every 4dF roll of the Player's Total "
                "Roll that is negative after another negative one owes a misfortune: lose 1 "
                "momentum or take a minor mishap."),
                "muted",
            ),
        ],
        layout,
    )
