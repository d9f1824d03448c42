"""The skills section: every known skill grouped as its universe groups them, in two
balanced columns that continue onto the next page when the list is long.

Specialties sit indented under their parent skill; one whose parent the character does not
know names the parent in grey, so the path is never lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from reportlab.platypus import Flowable

from sheetapp.i18n import N_, _
from sheetapp.pdf.kit.boxes import heading
from sheetapp.pdf.kit.columns import two_column_table
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.forms import FieldSlot, field_name
from sheetapp.pdf.kit.style import GUTTER, MUTED_HEX, indented
from sheetapp.pdf.kit.tables import CELL_X, Column, Group, Row
from sheetapp.pdf.kit.text import esc, paragraph
from sheetapp.pdf.kit.ticks import TickBox
from sheetapp.pdf.shaping import isolate
from sheetapp.systems.amazing_engine.catalog import universe_or_generic
from sheetapp.systems.amazing_engine.figures import SkillFigures
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import Attribute, label
from sheetapp.systems.amazing_engine.universe import Universe

EXTRA_ROWS = 4  # empty rows after the known skills, for skills learnt in play
BLANK_ROWS = 26
RIGHT_NOTE = N_("chance: roll d100 at or under")


def _name_cell(name: str, parents: Sequence[str], depth: int, note: str = "") -> Flowable:
    """The skill's name under the unknown levels above it, and the player's note after it
    in grey (wrapped in the cell, never cut)."""
    prefix = ""
    if parents:
        shown = " › ".join(isolate(p) for p in parents)
        prefix = f"<font color='{MUTED_HEX}'>{esc(shown)} › </font>"
    after = f" <font color='{MUTED_HEX}'>{esc(isolate(note))}</font>" if note else ""
    return paragraph(prefix + esc(isolate(name)) + after, indented(min(depth, 4)))


def known_skills(
    character: Character, shown: Sequence[SkillFigures], layout: Layout
) -> list[Flowable]:
    """The character's skills with the chances ``figures`` worked out for them."""
    universe, _unused = universe_or_generic(character.universe)
    group_order = {g.name: i for i, g in enumerate(universe.skill_groups)}
    path_order = {(g, p): i for i, (g, p, _unused) in enumerate(universe.walk_skills())}
    known = {(s.group, tuple(s.path)) for s in shown}

    def order(item: tuple[int, SkillFigures]) -> tuple[int, int, int]:
        i, s = item
        key = (s.group, tuple(s.path))
        return (group_order.get(s.group, len(group_order)), path_order.get(key, 10**6), i)

    half = (layout.grid.width - GUTTER) / 2
    rows: list[Row] = []
    group = None
    for i, s in sorted(enumerate(shown), key=order):
        if s.group != group:
            group = s.group
            rows.append(Group(universe.group_name(group) if group else _("Other skills")))
        path = list(s.path)
        # the nearest known ancestor: indent under it, name the unknown levels between
        depth = 0
        for d in range(len(path) - 1, 0, -1):
            if (s.group, tuple(path[:d])) in known:
                depth = d
                break
        parents = [
            universe.skill_name(s.group, tuple(path[:d])) for d in range(depth + 1, len(path))
        ]
        rows.append(
            [
                _name_cell(
                    universe.skill_name(s.group, tuple(path)) if path else s.name,
                    parents,
                    depth,
                    character.skills[i].note,
                ),
                label(Attribute(s.attribute)),
                f"{s.chance}%",
            ]
        )
    table = two_column_table(
        [
            Column(_("Skill"), half * 0.6),
            Column(_("Attribute"), half * 0.24),
            Column(_("Chance"), half * 0.16, "center"),
        ],
        rows,
        width=layout.grid.width,
        min_rows=len(shown) + EXTRA_ROWS,
    )
    return [heading(_("Skills"), layout.grid.width, right=_(RIGHT_NOTE)), table]


def _own_skill_row(fields: str | None, widths: Sequence[float], number: int) -> Row:
    """An empty row under a page of a universe's list, for a skill the list does not have
    (a specialty of the GM's): its box to tick, its name, attribute and chance to write."""
    if not fields:
        return [TickBox(), "", "", ""]
    own = f"own-{number}"
    return [
        TickBox(field=field_name(fields, own, "known")),
        *(
            FieldSlot(field_name(fields, own, key), width=width - 2 * CELL_X, height=9)
            for key, width in (("name", widths[1]), ("attribute", widths[2]), ("chance", widths[3]))
        ),
    ]


def blank_skills(
    layout: Layout, *, fields: str | None, universe: Universe | None
) -> list[Flowable]:
    """Empty skill rows, or a universe's whole skill list with boxes to tick and fill;
    ``fields`` prefixes the names of fillable fields (None: not fillable)."""
    half = (layout.grid.width - GUTTER) / 2
    if universe is None:
        table = two_column_table(
            [
                Column(_("Skill"), half * 0.6, key="name"),
                Column(_("Attribute"), half * 0.24, key="attribute"),
                Column(_("Chance"), half * 0.16, "center", key="chance"),
            ],
            [],
            width=layout.grid.width,
            min_rows=BLANK_ROWS,
            fillable=fields,
        )
        return [heading(_("Skills"), layout.grid.width, right=_(RIGHT_NOTE)), table]
    widths = (half * 0.1, half * 0.52, half * 0.22, half * 0.16)
    rows: list[Row] = []
    group = None
    for number, (group_name, path, node) in enumerate(universe.walk_skills(), start=1):
        if group_name != group:
            group = group_name
            rows.append(Group(universe.group_name(group_name)))
        known = field_name(fields, number, "known") if fields else None
        chance: object = ""
        if fields:
            chance = FieldSlot(
                field_name(fields, number, "chance"),
                width=widths[3] - 2 * CELL_X,
                height=9,
            )
        rows.append(
            [
                TickBox(field=known),
                _name_cell(universe.skill_name(group_name, path), (), len(path) - 1),
                label(node.attribute),
                chance,
            ]
        )
    table = two_column_table(
        [
            Column(_("Has"), widths[0], "center"),
            Column(_("Skill"), widths[1]),
            Column(_("Attribute"), widths[2]),
            Column(_("Chance"), widths[3], "center"),
        ],
        rows,
        width=layout.grid.width,
        foot=layout.foot,
        foot_row=partial(_own_skill_row, fields, widths),
    )
    title = _("Skills of {name}").format(name=universe.shown_name)
    return [heading(title, layout.grid.width, right=_("tick the skills you have")), table]
