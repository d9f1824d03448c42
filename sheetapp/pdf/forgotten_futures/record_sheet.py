"""The character record, filled from a sheet or blank for pencil (or a PDF viewer).

Both share one layout, so a blank prints exactly the boxes a filled record fills. Every
number comes from ``figures.sheet_figures``; this module only places it. Front: who the
character is, characteristics, points, wounds, skills and weapons. Then armour, languages,
the attack versus defence table, the bonus ledger, notes and equipment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from sheetapp.i18n import N_, _
from sheetapp.pdf.forgotten_futures.quick_table import attack_table, damage_columns_table
from sheetapp.pdf.forgotten_futures.skills_table import blank_skills, known_skills
from sheetapp.pdf.forgotten_futures.wording import (
    BODY_RULE,
    PRICE_LIST,
    RECOVERY_RULE,
    WOUND_RULE,
    ledger_line,
    or_dash,
    signed,
)
from sheetapp.pdf.forgotten_futures.wound_boxes import WoundBoxes
from sheetapp.pdf.kit.attributes import Score, ScoreRow
from sheetapp.pdf.kit.boxes import (
    NAME_HEIGHT,
    PAD,
    LinedBox,
    Panel,
    facts,
    field_cell,
    grid_row,
    heading,
    name_cell,
    writing_box,
    written,
)
from sheetapp.pdf.kit.captions import keep_units
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.filling import FillingRows, RestOfPage
from sheetapp.pdf.kit.gear import ammo_column
from sheetapp.pdf.kit.keeping import kept_together
from sheetapp.pdf.kit.ledger import Entry, Ledger, ledger_table
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.notes import notes_area
from sheetapp.pdf.kit.resources import Resource, track_table
from sheetapp.pdf.kit.style import GAP, ROW_GAP
from sheetapp.pdf.kit.tables import SPARE_ROWS, Column, data_table, spill_long_notes
from sheetapp.pdf.kit.text import para
from sheetapp.systems.forgotten_futures.figures import ForgottenFuturesFigures, sheet_figures
from sheetapp.systems.forgotten_futures.model import ForgottenFuturesSheet
from sheetapp.systems.forgotten_futures.modifiers import MODIFIERS
from sheetapp.systems.forgotten_futures.names import Characteristic, label
from sheetapp.systems.forgotten_futures.recovery import body_line, recovery_line
from sheetapp.systems.wording import count

BLANK_WEAPON_ROWS = 4
BLANK_LEDGER_ROWS = 3  # at least; as many as fill the front page
FIELDS = "character"  # the sheet part of a blank's field names (forms.FIELD_NAME)
LEDGER = Ledger(N_("Adventure"), N_("Points"), (0.2, 0.62, 0.18))


def record_sheet(sheet: ForgottenFuturesSheet, layout: Layout) -> list[Flowable]:
    """The record of one character, every figure filled in."""
    return _record(sheet, sheet_figures(sheet), layout, Mode(FIELDS))


def blank_record_sheet(layout: Layout, *, fillable: bool = False) -> list[Flowable]:
    """The same record with every box empty and the skill list printed to fill in."""
    return _record(None, None, layout, Mode(FIELDS, fillable))


def _record(
    sheet: ForgottenFuturesSheet | None,
    f: ForgottenFuturesFigures | None,
    layout: Layout,
    mode: Mode,
) -> list[Flowable]:
    identity = _identity(f, layout, mode)
    who = [
        *identity,
        Spacer(0, GAP),
        *_abilities(f, layout, mode, identity),
        Spacer(0, GAP),
        *(known_skills(f, layout) if f else blank_skills(layout, mode)),
        Spacer(0, GAP),
    ]
    play = [
        *_weapons(f, layout, mode),
        Spacer(0, GAP),
        _quick_tables(layout),
        Spacer(0, GAP),
        _armour_and_languages(f, layout, mode),
        Spacer(0, GAP),
    ]
    ledger = _ledger(sheet, f, layout, mode)
    if f is None:  # both sides of one sheet: the ledger fills the front, notes the back
        return [*who, *ledger, PageBreak(), *play, *_notes(sheet, layout, mode)]
    return [*who, *play, *ledger, Spacer(0, GAP), *_notes(sheet, layout, mode)]


# --- who --------------------------------------------------------------------------------


def _identity(f: ForgottenFuturesFigures | None, layout: Layout, mode: Mode) -> list[Flowable]:
    g = layout.grid

    def box(title: str, key: str, value: object, span: int, **kw: Any) -> tuple[float, Flowable]:
        return field_cell(title, value, g.span(span), field=mode.field(key), **kw)

    return [
        grid_row(
            [
                name_cell(
                    _("Character name, with any title or rank"),
                    f.name if f else None,
                    g.span(8),
                    field=mode.field("name"),
                ),
                box(_("Player"), "player", f.player if f else None, 4, height=NAME_HEIGHT),
            ]
        ),
        Spacer(0, ROW_GAP),
        grid_row(
            [
                box(_("Profession"), "profession", f.profession if f else None, 5),
                box(_("Sex"), "sex", f.sex if f else None, 2),
                box(_("Age"), "age", f.age if f else None, 2),
                field_cell(
                    _("Native language"),
                    f.languages.native if f else None,
                    g.span(3),
                    field=mode.field("native"),
                ),
            ]
        ),
    ]


# --- characteristics, points and wounds ---------------------------------------------------


def _abilities(
    f: ForgottenFuturesFigures | None, layout: Layout, mode: Mode, above: Sequence[Flowable]
) -> list[Flowable]:
    """Characteristics, points and wounds side by side, where the page has room for the
    row under the identity boxes. Where it has not (a large-print page, turned sideways),
    wounds gets a row of its own and moves to the next page whole: split in the row, its
    rest stood alone in the top third of the next page, beside two thirds left empty."""
    g = layout.grid
    row = grid_row(
        [
            (g.span(4), _characteristics(f, g.span(4), mode)),
            (g.span(4), _points(f, g.span(4), mode)),
            (g.span(4), _wounds(f, g.span(4), mode)),
        ]
    )
    width = g.span(12)
    room = layout.frame_height - GAP - sum(a.wrap(width, layout.frame_height)[1] for a in above)
    if row.wrap(width, room)[1] <= room:
        return [row]
    pair = grid_row(
        [
            (g.span(6), _characteristics(f, g.span(6), mode)),
            (g.span(6), _points(f, g.span(6), mode)),
        ]
    )
    return [pair, Spacer(0, GAP), _wounds(f, width, mode)]


def _characteristics(f: ForgottenFuturesFigures | None, width: float, mode: Mode) -> Flowable:
    inner = width - 2 * PAD
    rows: list[Flowable] = []
    for c in Characteristic:
        value = f.characteristics[c.value] if f else None
        cost = f.costs[c.value] if f else None
        name = label(c) if cost is None else f"{label(c)}   ({count(cost, 'point')})"
        rows.append(ScoreRow(Score(name, value, mode.field(c.value)), inner))
    right = ""
    if f and f.wounds.body_penalty:
        right = _("BODY now {or_dash}").format(
            or_dash=or_dash(f.characteristics_now[Characteristic.BODY])
        )
    rows.append(para(_(PRICE_LIST), "muted"))
    return Panel(_("Characteristics"), rows, width=width, right=right, spacing=1.6 * mm)


def _points(f: ForgottenFuturesFigures | None, width: float, mode: Mode) -> Flowable:
    inner = width - 2 * PAD
    p = f.points if f else None
    b = f.bonus if f else None
    rows = [
        (_("Character points"), p.allowed if p else None),
        (_("On characteristics"), p.characteristics if p else None),
        (_("On skills"), p.skills if p else None),
        (_("Saved"), p.saved if p else None),
        (_("Bonus points (saved × 2)"), b.at_creation if b else None),
        (_("Bonus points left"), b.balance if b else None),
    ]
    keys = ["allowed", "characteristics", "skills", "saved", "bonus_start", "bonus"]
    table = facts(rows, inner, value_width=16 * mm, fields=[mode.field("points", k) for k in keys])
    # bonus points are spent and won in play: one box each, the ones held filled in
    held = Resource(
        _("Bonus"),
        None if b is None else max(b.balance, 0),
        blank_boxes=10,
        field=mode.field("bonus", "held"),
    )
    bonus = track_table([held], inner, shares=(0.18, 0.2))
    return Panel(_("Points"), [table, bonus], width=width, right=_("21 unless the referee says"))


def _wounds(f: ForgottenFuturesFigures | None, width: float, mode: Mode) -> Flowable:
    inner = width - 2 * PAD
    w = f.wounds if f else None
    boxes = WoundBoxes(width=inner, ticked=w.boxes if w else None, fields=mode.field("wound"))
    penalty = None
    if w is not None:
        penalty = "unconscious" if w.body_penalty is None else signed(w.body_penalty)
    table = facts(
        [(_("BODY penalty"), penalty), (_("Condition"), w.condition if w else None)],
        inner,
        value_width=inner * 0.62,
        fields=[mode.field("wound", "penalty"), mode.field("wound", "condition")],
    )
    notes = [para(_(WOUND_RULE), "muted")]
    if f is None:
        # "20 s" kept on one line: a unit wrapped alone reads as a stray letter
        notes += [para(_(RECOVERY_RULE), "muted"), para(keep_units(_(BODY_RULE)), "muted")]
    else:
        notes += [para(recovery_line(r), "muted") for r in f.recovery]
        moving = body_line(f.movement, f.breath_seconds, f.drowning_step_seconds)
        notes.append(para(moving, "muted"))
    return Panel(_("Wounds"), [Spacer(0, 1 * mm), boxes, table, *notes], width=width)


# --- weapons, armour, languages ---------------------------------------------------------


def _weapons(f: ForgottenFuturesFigures | None, layout: Layout, mode: Mode) -> list[Flowable]:
    w = layout.grid.width
    columns = [
        Column(_("Weapon"), w * 0.22, key="name"),
        Column(_("Mult?"), w * 0.07, "center", key="multiple"),
        Column(_("Effect"), w * 0.12, "center", key="effect"),
        Column(_("Eff."), w * 0.07, "center", key="value"),
        Column("A", w * 0.07, "center", key="a"),
        Column("B", w * 0.07, "center", key="b"),
        Column("C", w * 0.07, "center", key="c"),
        ammo_column(w * 0.07),
        Column(_("Notes"), w * 0.24, key="notes"),
    ]
    rows: list[Sequence[object]] = []
    for weapon in f.weapons if f else []:
        value = or_dash(weapon.effect)
        if weapon.effect_now != weapon.effect and weapon.effect is not None:
            value += f" ({or_dash(weapon.effect_now)})"
        rows.append(
            [
                weapon.name,
                _("Yes") if weapon.multiple else _("No"),
                weapon.effect_text,
                value,
                weapon.a,
                weapon.b,
                weapon.c,
                "",
                weapon.notes,
            ]
        )
    rows, long_notes = spill_long_notes(rows, columns, len(columns) - 1)
    table = data_table(
        columns,
        rows,
        min_rows=3 if f else BLANK_WEAPON_ROWS,
        spare=SPARE_ROWS,
        fillable=mode.field("weapon"),
        bold_first=True,
        over=[(_("Damage"), 4, 6)],
    )
    note = _(
        "Effect against BODY: A on a miss, C at half the roll needed or under, else B · (hurt)"
    )
    return [heading(_("Weapons"), w, right=note), table, *long_notes]


def _armour_and_languages(
    f: ForgottenFuturesFigures | None, layout: Layout, mode: Mode
) -> Flowable:
    g = layout.grid
    width = g.span(7)
    inner_w = width - 2 * PAD
    columns = [
        Column(_("Armour"), inner_w * 0.36, key="name"),
        Column(_("Effect"), inner_w * 0.14, "center", key="reduction"),
        Column(_("Against"), inner_w * 0.28, key="against"),
        Column(_("Covers"), inner_w * 0.22, key="covers"),
    ]
    rows = [[a.name, f"-{a.reduction}", a.against, a.covers] for a in (f.armour if f else [])]
    armour = Panel(
        _("Armour"),
        [
            data_table(
                columns,
                rows,
                min_rows=2 if f else 3,
                spare=SPARE_ROWS,
                fillable=mode.field("armour"),
                boxed=False,
            )
        ],
        width=width,
    )
    inner = g.span(5) - 2 * PAD
    if f is not None:
        languages = f.languages
        known = ", ".join(x for x in languages.known) or "–"
        allowed = languages.allowed
        content: list[Flowable] = [
            facts(
                [(_("Languages a Linguist may know"), or_dash(allowed))],
                inner,
                value_width=12 * mm,
            ),
            para(known, "body"),
        ]
        right = _("{count} known").format(count=len(languages.known))
    else:
        content = [
            facts(
                [(_("Known (Linguist ÷ 2, round up)"), None)],
                inner,
                value_width=12 * mm,
                fields=[mode.field("languages", "count")],
            ),
            LinedBox("", width=inner, height=18 * mm, field=mode.field("languages")),
        ]
        right = ""
    panel = Panel(_("Languages"), content, width=g.span(5), right=right)
    return grid_row([(width, armour), (g.span(5), panel)])


# --- tables for play ----------------------------------------------------------------------

def modifiers_line() -> str:
    """The bonuses and penalties of a roll, in one sentence in the reader's language."""
    bonuses = ", ".join(f"{_(m.label)} {m.amount:+d}" for m in MODIFIERS if m.amount > 0)
    penalties = ", ".join(
        f"{_(m.label)} {m.amount:+d}" for m in MODIFIERS if m.amount < 0 and m.limit == "full"
    )
    return _("Bonuses (never past 10): {bonuses}. Penalties (never below 1): {penalties}.").format(
        bonuses=bonuses, penalties=penalties
    )


PULLING_LINE = (
    N_("Pulling punches, declared first: limited damage -1 (C reads as B), minimal damage -2 "
    "(everything reads as A); not with shotguns, machine guns, area weapons or several targets. "
    "Armour takes its Effect off; below 1 left, no damage.")
)


def _quick_tables(layout: Layout) -> Flowable:
    g = layout.grid
    left = Panel(
        _("Attack versus defence"),
        [
            para(
                _("Attacker down, defender across: roll 2D6 at or under. 12 always fails. Both "
                "past the table: divide both by the smallest number that fits them on it, "
                "rounding up (our reading: 25 against 30 reads 10 against 12)."),
                "muted",
            ),
            attack_table(g.span(9) - 2 * PAD),
        ],
        width=g.span(9),
    )
    right = Panel(
        _("Damage columns"),
        [
            para(_("Effect roll needed: rolls per column"), "muted"),
            damage_columns_table(g.span(3) - 2 * PAD),
        ],
        width=g.span(3),
    )
    modifiers = Panel(
        _("Attack modifiers"),
        [para(modifiers_line(), "muted"), para(_(PULLING_LINE), "muted")],
        width=g.width,
    )
    return kept_together([grid_row([(g.span(9), left), (g.span(3), right)]), modifiers], layout)


# --- ledger and writing -------------------------------------------------------------------


def _ledger(
    sheet: ForgottenFuturesSheet | None,
    f: ForgottenFuturesFigures | None,
    layout: Layout,
    mode: Mode,
) -> list[Flowable]:
    w = layout.grid.width
    entries = [
        Entry(e.adventure, ledger_line(e), e.note, signed(e.amount))
        for e in (sheet.bonus_ledger if sheet else [])
    ]
    right = ""
    if f is not None:
        right = _("{at_creation} at creation · {balance} left").format(
            at_creation=f.bonus.at_creation, balance=f.bonus.balance
        )

    def table(min_rows: int) -> Flowable:
        return ledger_table(
            LEDGER,
            entries,
            w,
            last=layout.ledger_last,
            min_rows=min_rows,
            fillable=mode.field("bonus"),
        )

    shown = (
        table(3) if f else FillingRows(table, least=BLANK_LEDGER_ROWS, most=20, foot=layout.foot)
    )
    return [heading(_("Bonus points"), w, right=right), shown]


def _notes(sheet: ForgottenFuturesSheet | None, layout: Layout, mode: Mode) -> list[Flowable]:
    g = layout.grid
    if sheet is None:

        def row(height: float) -> Flowable:
            return grid_row(
                [
                    writing_box(_("Notes"), g.span(5), height, mode.field("notes")),
                    writing_box(_("Equipment"), g.span(4), height, mode.field("equipment")),
                    writing_box(_("Money"), g.span(3), height, mode.field("money")),
                ]
            )

        return [RestOfPage(row, least=40 * mm, most=160 * mm, foot=layout.foot)]  # to the foot
    out: list[Flowable] = []
    if writing := written(_("Equipment"), sheet.equipment, g.width):
        out += [*writing, Spacer(0, GAP)]
    return [*out, *notes_area(sheet.notes, layout)]
