"""Panels of the hero sheet a player reads in play: the durability tracks; load, movement
and throwing; and the situation die ladder.

Filled, every number is ``figures.sheet_figures``'s; blank, every number is a box.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable

from sheetapp.i18n import _, translated
from sheetapp.pdf.alternity.wording import DAMAGE_RULES, MOVES, TRACKS, load_text, signed
from sheetapp.pdf.kit.boxes import PAD, Panel, facts, grid_row
from sheetapp.pdf.kit.captions import Caption
from sheetapp.pdf.kit.direction import Table
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.resources import Resource, track_table
from sheetapp.pdf.kit.style import FILL, HAIRLINE, RULE, styles, table_style
from sheetapp.pdf.kit.tables import Column, data_table
from sheetapp.pdf.kit.text import para
from sheetapp.pdf.shaping import text_width
from sheetapp.systems.alternity.encumbrance import ThrowRanges
from sheetapp.systems.alternity.figures import AlternityFigures
from sheetapp.systems.alternity.situation import DIFFICULTIES, LAST_NAMED_PENALTY, die_for
from sheetapp.systems.wording import count, kilograms, measure

Figures = AlternityFigures
BLANK_BOXES = {"stun": 20, "wound": 20, "mortal": 10, "fatigue": 10}


def _condition_note(f: Figures) -> str:
    state = f.condition
    notes = []
    if state.dead:
        return "dead"
    if state.knocked_out:
        notes.append(_("knocked out"))
    if state.dying:
        notes.append("dying")
    if state.dazed_steps:
        notes.append(
            _("dazed: +{count} on every check").format(count=count(state.dazed_steps, "step"))
        )
    if state.resolve_due:
        notes.append(_("fatigue full: Resolve check"))
    return " · ".join(notes)


def _tracks(f: Figures | None, mode: Mode) -> list[Resource]:
    """The four damage tracks, a box a point, the damage taken crossed."""
    if f is None:
        return [
            Resource(
                title,
                blank_boxes=BLANK_BOXES[key],
                field=mode.field(key),
                ask_maximum=True,
                max_field=mode.field(key, "max"),
            )
            for key, title in translated(TRACKS)
        ]
    out = []
    for key, title in translated(TRACKS):
        most, taken = f.durability[key], f.damage[key]
        if most is None:
            out.append(Resource(title, blank_boxes=0, note=_("needs Con")))
        else:
            out.append(Resource(title, max(most - taken, 0), most, lost=taken))
    return out


def durability_panel(f: Figures | None, layout: Layout, mode: Mode) -> Flowable:
    """Every track a hero crosses off in play."""
    width = layout.grid.width
    table = track_table(_tracks(f, mode), width - 2 * PAD, shares=(0.12, 0.14))
    right = _("tick a box a point; strike out boxes past the maximum")
    if f is not None:
        hurt = any(f.damage[key] for key, _unused in TRACKS)
        right = _condition_note(f) or (_("no penalty yet") if hurt else _("unhurt"))
    return Panel(_("Durability"), [table, para(_(DAMAGE_RULES), "muted")], width=width, right=right)


def load_row(f: Figures | None, layout: Layout, mode: Mode) -> Flowable:
    """Load and encumbrance, movement, throwing: three panels side by side."""
    g = layout.grid
    width = g.span(4)
    inner = width - 2 * PAD

    load = f.encumbrance if f else None
    loaded = f.resistance_loaded if f else {}
    free = f.carry_free_kg if f else None
    load_panel = Panel(
        _("Load"),
        [
            facts(
                [
                    (_("Carried"), kilograms(f.load_kg) if f else None),
                    (
                        _("Free up to (2 × Str)"),
                        None if f is None else measure(free, "kg") if free is not None else "–",
                    ),
                    (_("Now"), load_text(load) if f else None),
                    (
                        _("Str / Dex resistance"),
                        None
                        if f is None
                        else " / ".join(
                            signed(loaded[k]) if k in loaded else "–"
                            for k in ("strength", "dexterity")
                        ),
                    ),
                ],
                inner,
                value_width=inner * 0.5,
                fields=[mode.field("load", k) for k in ("carried", "free", "now", "resist")],
            ),
            para(_("Up to 4, 5, 6 × Str: 75, 50, 25% move and +1, +2, +3 steps."), "muted"),
        ],
        width=width,
    )

    rows = []
    base = f.movement.base if f else {}
    now = f.movement.now if f else {}
    entered = f is not None and any(base.get(key) is not None for key, _unused in MOVES)
    for key, title in translated(MOVES):
        if entered:
            if base.get(key) is not None:
                rows.append([title, base[key], now[key]])
        elif key not in ("glide", "fly"):
            # nothing entered yet: the rows to pencil the species' rates into
            rows.append(
                [
                    title,
                    mode.slot(inner * 0.3, "move", key),
                    mode.slot(inner * 0.3, "move", key, "now"),
                ]
            )
    moves = data_table(
        [
            Column(_("Pace"), inner * 0.4),
            Column(_("Base"), inner * 0.3, "center"),
            Column(_("Loaded"), inner * 0.3, "center"),
        ],
        rows,
        boxed=False,
    )
    movement = Panel(_("Movement"), [moves], width=width, right=_("metres per phase"))

    throw = f.throwing if f else None

    def distance(value: Callable[[ThrowRanges], float | None], unit: str) -> str | None:
        """A throwing figure with its unit; none on a blank, a dash when unknown."""
        if f is None:
            return None
        return measure(value(throw), unit) if throw else "–"

    throwing = Panel(
        _("Throwing"),
        [
            facts(
                [
                    (_("Short range"), distance(lambda t: t.short, "m")),
                    (_("Medium range"), distance(lambda t: t.medium, "m")),
                    (_("Long range"), distance(lambda t: t.long, "m")),
                    (_("Heavy objects up to"), distance(lambda t: t.heavy_limit_kg, "kg")),
                ],
                inner,
                value_width=inner * 0.35,
                fields=[mode.field("throw", k) for k in ("short", "medium", "long", "heavy")],
            ),
            para(
                _("Made for throwing -1/+1/+2 steps by range; other objects +1/+2/+3; "
                "heavy ones +4, short range only."),
                "muted",
            ),
        ],
        width=width,
    )
    return grid_row([(width, load_panel), (width, movement), (width, throwing)])


@cache
def _tiny() -> ParagraphStyle:
    """The ladder's words: the smallest type a sheet prints, never a word broken."""
    return ParagraphStyle(
        "ladder", parent=styles()["muted"], fontSize=7, leading=8.4, splitLongWords=0
    )


def _ladder_widths(steps: list[int], names: dict[int, str], inner: float) -> list[float]:
    """Each step's column as wide as its die ("+3d20") and its longest word ("Challenging")
    need, the room left shared out evenly: equal columns broke both across their cells."""
    words, dice = _tiny(), styles()["cell_bold"]
    padding = 3 + 1  # the cells' left and right padding

    def needed(step: int) -> float:
        widths = [
            text_width(w, words.fontName, words.fontSize) for w in names.get(step, "").split()
        ]
        widths.append(text_width(die_for(step).label, dice.fontName, dice.fontSize))
        return max(widths) + padding

    least = [needed(s) for s in steps]
    if sum(least) > inner:  # a longer language: every column gives in alike, the words
        return [n * inner / sum(least) for n in least]  # (captions) condense to fit
    spare = (inner - sum(least)) / len(steps)
    return [n + spare for n in least]


def situation_ladder(layout: Layout) -> Flowable:
    """The situation die steps with the game master's names for them, best to worst."""
    width = layout.grid.width
    inner = width - 2 * PAD
    steps = list(range(-5, LAST_NAMED_PENALTY + 1))
    names = {n: _(name) for name, n in DIFFICULTIES}  # marked N_ where the rules keep them
    dice = [para(die_for(s).label, "cell_bold") for s in steps]
    # a caption: a name too long for its step (a longer language) shrinks, never breaks
    words = [Caption(names.get(s, ""), _tiny()) for s in steps]
    offsets = [para("0" if s == 0 else signed(s), "muted") for s in steps]
    table = Table([dice, offsets, words], colWidths=_ladder_widths(steps, names, inner))
    table.setStyle(
        table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 1),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ("BACKGROUND", (5, 0), (5, -1), FILL),
                ("LINEBEFORE", (1, 0), (-1, -1), HAIRLINE, RULE),
            ]
        )
    )
    return Panel(
        _("Situation die"),
        [
            table,
            para(
                _("Bonuses are negative steps, penalties positive. Nothing is better than -d20; "
                "past +3d20 each step adds a d20. A 1 on the control die is at least Ordinary "
                "below +d20; a 20 is a Critical Failure whenever failing is possible."),
                "muted",
            ),
        ],
        width=width,
        right=_("control die d20 + situation die, at or under the score"),
    )
