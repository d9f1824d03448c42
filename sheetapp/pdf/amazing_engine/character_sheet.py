"""The character sheet, filled from a character or blank for pencil (or a PDF viewer).

Both share one layout, so a blank prints exactly the boxes a filled sheet fills. Every
number comes from ``figures.character_figures``; this module only places it. Front: who
the character is, attributes, stamina and body, combat, movement, carrying and weapons.
Then skills, equipment, experience and notes, flowing onto as many pages as they need.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Spacer

from sheetapp.i18n import _
from sheetapp.pdf.amazing_engine.combat_panels import combat_row
from sheetapp.pdf.amazing_engine.skills_table import blank_skills, known_skills
from sheetapp.pdf.amazing_engine.wording import (
    AREAS,
    LOAD_STATUS,
    STATUS,
    ledger_line,
    profession_name,
    signed,
    species_name,
    universe_name,
)
from sheetapp.pdf.kit.attributes import Score, pool_panel
from sheetapp.pdf.kit.boxes import (
    PAD,
    Panel,
    VStack,
    facts,
    field_cell,
    grid_row,
    heading,
    name_cell,
    written,
)
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.filling import FillingRows
from sheetapp.pdf.kit.gear import ammo_column, equipment
from sheetapp.pdf.kit.images import PortraitBox, image_from_data_uri
from sheetapp.pdf.kit.ledger import Entry, Ledger, blank_experience_row, experience
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.notes import notes_area
from sheetapp.pdf.kit.resources import Resource, readout, track
from sheetapp.pdf.kit.style import GAP, ROW_GAP
from sheetapp.pdf.kit.tables import SPARE_ROWS, Column, data_table, spill_long_notes
from sheetapp.pdf.kit.text import para
from sheetapp.pdf.kit.ticks import TickTrack
from sheetapp.systems.amazing_engine.derived import HEALING
from sheetapp.systems.amazing_engine.figures import CharacterFigures, character_figures
from sheetapp.systems.amazing_engine.model import Character
from sheetapp.systems.amazing_engine.names import POOL_ATTRIBUTES, Pool, label
from sheetapp.systems.amazing_engine.universe import Universe
from sheetapp.systems.wording import kilograms

BLANK_STAMINA_BOXES = 60
BLANK_BODY_BOXES = 20
BLANK_ITEM_ROWS = 7
FIELDS = "character"  # prefix of a blank's field names
LEDGER = Ledger(shares=(0.22, 0.6, 0.18))


def character_sheet(
    character: Character, layout: Layout, *, core_xp: int | None = None
) -> list[Flowable]:
    """The sheet of one character, every figure filled in; ``core_xp`` is its Player Core's
    unspent XP (None for a character without a core), printed on the XP line beside its own."""
    f = character_figures(character)
    return _sheet(character, f, layout, Mode(FIELDS), None, core_xp=core_xp)


def blank_character_sheet(
    layout: Layout, *, fillable: bool = False, universe: Universe | None = None
) -> list[Flowable]:
    """The same sheet with every box empty; with ``universe``, its skills listed to tick."""
    return _sheet(None, None, layout, Mode(FIELDS, fillable), universe)


def _sheet(
    ch: Character | None,
    f: CharacterFigures | None,
    layout: Layout,
    mode: Mode,
    universe: Universe | None,
    *,
    core_xp: int | None = None,
) -> list[Flowable]:
    story: list[Flowable] = [
        _identity(ch, layout, mode, universe),
        Spacer(0, GAP),
        *_attributes(f, layout, mode),
        Spacer(0, GAP),
        _condition(f, layout, mode),
        Spacer(0, GAP),
        combat_row(f, layout, mode),
        Spacer(0, GAP),
        *_weapons(ch, f, layout, mode),
        Spacer(0, GAP),
        CondPageBreak(40 * mm),
    ]
    if f is None or ch is None:
        # the back of a blank: skills, gear, then experience and notes side by side, so
        # the blank prints on the two sides of one sheet of paper
        story += blank_skills(layout, fields=mode.field("skill"), universe=universe)
        story += [Spacer(0, GAP), *_equipment(None, None, layout, mode), Spacer(0, GAP)]
        story.append(_blank_experience_and_notes(layout, mode))
        return story
    story += known_skills(ch, f.skills, layout)
    story += [Spacer(0, GAP), *_equipment(ch, f, layout, mode), Spacer(0, GAP)]
    story += _experience(ch, f, layout, core_xp)
    if writing := written(_("Appearance"), ch.appearance, layout.grid.width):
        story += [Spacer(0, GAP), *writing]
    return [*story, Spacer(0, GAP), *notes_area(ch.notes, layout)]


def _identity(
    ch: Character | None, layout: Layout, mode: Mode, universe: Universe | None
) -> Flowable:
    g = layout.grid

    def box(name: str, value: object, span: int, key: str) -> tuple[float, Flowable]:
        return field_cell(name, value, g.span(span), field=mode.field(key))

    blank_universe = universe.shown_name if universe else None
    _unused, name = name_cell(
        _("Name"), ch.name if ch else None, g.span(9), field=mode.field("name")
    )
    left = VStack(
        [
            name,
            grid_row(
                [
                    box(_("Player"), ch.player if ch else None, 3, "player"),
                    box(
                        _("Universe"),
                        universe_name(ch.universe) if ch else blank_universe,
                        3,
                        "universe",
                    ),
                    box(_("Profession"), profession_name(ch) if ch else None, 3, "profession"),
                ]
            ),
            grid_row(
                [
                    box(_("Species"), species_name(ch) if ch else None, 3, "species"),
                    box(_("Gender"), ch.gender if ch else None, 2, "gender"),
                    box(_("Handedness"), ch.handedness if ch else None, 2, "handedness"),
                    box(_("Status"), STATUS.get(ch.status) if ch else None, 2, "status"),
                ]
            ),
        ],
        width=g.span(9),
        spacing=ROW_GAP,
    )
    image = image_from_data_uri(ch.portrait) if ch and ch.portrait else None
    portrait = PortraitBox(image, width=g.span(3), height=20 * mm)
    return grid_row([(g.span(9), left), (g.span(3), portrait)])


def _attributes(f: CharacterFigures | None, layout: Layout, mode: Mode) -> list[Flowable]:
    g = layout.grid
    panels = []
    for pool in Pool:
        scores = [
            Score(
                label(a),
                f.attributes.get(a.value) if f else None,
                mode.field("attribute", a.value),
            )
            for a in POOL_ATTRIBUTES[pool]
        ]
        panels.append((g.span(3), pool_panel(label(pool), scores, width=g.span(3))))
    return [heading(_("Attributes"), g.width), grid_row(panels)]


def _condition(f: CharacterFigures | None, layout: Layout, mode: Mode) -> Flowable:
    g = layout.grid
    cells = []
    stamina, body = (f.stamina, f.body) if f else (None, None)
    for key, title, value, span, blank_count, needs in (
        ("stamina", _("Stamina"), stamina, 8, BLANK_STAMINA_BOXES, _("Willpower and Reflexes")),
        ("body", _("Body"), body, 4, BLANK_BODY_BOXES, _("Fitness")),
    ):
        width = g.span(span)
        inner = width - 2 * PAD
        content: list[Flowable]
        if f is None:
            content = [
                facts(
                    [(_("Maximum"), None)],
                    inner,
                    value_width=14 * mm,
                    fields=[mode.field(key, "max")],
                ),
                TickTrack(blank_count, width=inner, fillable=mode.field(key)),
                para(_("Strike out the boxes past the maximum; tick one per point lost."), "muted"),
            ]
            right = ""
        elif value is None:
            content = [para(_("Shown once {needs} are filled in.").format(needs=needs), "muted")]
            right = ""
        else:
            # the file keeps no damage: every point is there, to cross off in play
            resource = Resource(title, current=value, maximum=value)
            content = [track(resource, inner)]
            right = readout(resource)
        content.append(para(_("Heals {HEALING}.").format(HEALING=HEALING[key]), "muted"))
        cells.append((width, Panel(title, content, width=width, right=right)))
    return grid_row(cells)


def _weapons(
    ch: Character | None, f: CharacterFigures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    w = layout.grid.width
    columns = [
        Column(_("Weapon"), w * 0.19, key="name"),
        Column(_("Damage"), w * 0.09, "center", key="damage"),
        Column(_("General"), w * 0.085, "center", key="general"),
        Column(_("Non-vital"), w * 0.095, "center", key="non-vital"),
        Column(_("Vital"), w * 0.07, "center", key="vital"),
        Column(_("Skill"), w * 0.15, key="skill"),
        Column(_("Range"), w * 0.09, key="range"),
        ammo_column(w * 0.07),
        Column(_("Notes"), w * 0.16, key="notes"),
    ]
    rows: list[Sequence[object]] = []
    if ch is not None and f is not None:
        for weapon, shown in zip(ch.weapons, f.weapons, strict=True):
            lethality = shown.lethality.by_area()
            rows.append(
                [
                    shown.name,
                    shown.damage,
                    *(lethality[key] for key, _unused in AREAS),
                    weapon.skill,
                    weapon.range,
                    "",
                    weapon.notes,
                ]
            )
    rows, long_notes = spill_long_notes(rows, columns, len(columns) - 1)

    def table(min_rows: int) -> Flowable:
        return data_table(
            columns,
            rows,
            min_rows=min_rows,
            spare=SPARE_ROWS,
            fillable=mode.field("weapon"),
            bold_first=True,
            over=[(_("Lethality by target"), 2, 4)],
        )

    # a blank's weapons end its front page: as many rows as fill it
    shown = table(4) if f else FillingRows(table, least=5, most=20, foot=layout.foot)
    return [
        heading(
            _("Weapons"),
            w,
            right=_("a hit harms body when its ones digit (0 counts 10) is at most the lethality"),
        ),
        shown,
        *long_notes,
    ]


def _equipment(
    ch: Character | None, f: CharacterFigures | None, layout: Layout, mode: Mode
) -> list[Flowable]:
    right = ""
    if f is not None:
        carried = kilograms(f.load_kg)
        right = _("carried {carried} · {get}").format(
            carried=carried, get=LOAD_STATUS.get(f.load_status, "")
        )
    return equipment(
        ch.equipment if ch else [],
        layout.grid.width,
        shares=(0.36, 0.08, 0.10, 0.11, 0.35),
        min_rows=6 if f else BLANK_ITEM_ROWS,
        fillable=mode.field("item"),
        right=right,
    )


def _experience(
    ch: Character, f: CharacterFigures, layout: Layout, core_xp: int | None
) -> list[Flowable]:
    entries = [Entry(e.date, ledger_line(e), e.note, signed(e.amount)) for e in ch.xp_ledger]
    right = "" if core_xp is None else _("Player Core XP: {core_xp}").format(core_xp=core_xp)
    return experience(LEDGER, entries, layout, f.xp, min_rows=4, right=right)


def _blank_experience_and_notes(layout: Layout, mode: Mode) -> Flowable:
    """Experience, appearance, notes and a running purse side by side down to the foot of
    the back page."""
    boxes = [(_("Appearance"), 3, "appearance"), (_("Notes"), 3, "notes"), (_("Money"), 2, "money")]
    return blank_experience_row(
        LEDGER, layout, mode, span=4, right=_("Core XP: ______"), boxes=boxes
    )
