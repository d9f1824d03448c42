"""The combat, movement and carrying panels: the row a player reads during a fight.

Filled, every number is ``figures.character_figures``'s; blank, every number is a box.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from sheetapp.i18n import _, pgettext, translated
from sheetapp.pdf.amazing_engine.wording import AREAS, LOAD_STATUS, signed
from sheetapp.pdf.kit.boxes import PAD, Panel, facts, grid_row
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.tables import Column, data_table
from sheetapp.pdf.kit.text import para
from sheetapp.systems.amazing_engine.derived import NON_VITAL_LETHALITY, VITAL_LETHALITY
from sheetapp.systems.amazing_engine.figures import CharacterFigures
from sheetapp.systems.wording import count, kilograms, measure


def combat_row(f: CharacterFigures | None, layout: Layout, mode: Mode) -> Flowable:
    """Three panels side by side: combat chances, movement, carrying."""
    g = layout.grid
    width = g.span(4)
    inner = width - 2 * PAD

    attack = f.attack_chance.by_area() if f else {}
    shifts = {
        "general": "±0",
        "non_vital": signed(NON_VITAL_LETHALITY),
        "vital": signed(VITAL_LETHALITY),
    }
    attack_table = data_table(
        [
            Column(_("Target"), inner * 0.4),
            Column(_("To hit"), inner * 0.3, "center"),
            Column(_("Lethality"), inner * 0.3, "center"),
        ],
        [
            [
                name,
                f"{attack[key]}%" if f else mode.slot(inner * 0.3, "attack", key.replace("_", "-")),
                shifts[key],
            ]
            for key, name in translated(AREAS)
        ],
        boxed=False,
    )
    initiative = facts(
        [(_("Initiative modifier"), f"+{f.initiative_modifier}" if f else None)],
        inner,
        value_width=16 * mm,
        fields=[mode.field("initiative")],
    )
    combat_notes = para(
        _("Beyond 50 yards: general only. To act before a prepared action: a Reflexes check."),
        "muted",
    )
    combat = Panel(
        _("Combat"),
        [initiative, attack_table, combat_notes],
        width=width,
        right=_("d10 + modifier"),
    )

    move = f.movement if f else None
    paces = (  # name, slot id, whether it has a pace per minute, whether it lasts a while
        (_("Walk"), "walk", True, False),
        (_("Run"), "run", True, True),
        (_("Sprint"), "sprint", False, True),
    )
    none = ("-", "-", "-")  # a pace the character does not have: no "0 m/turn" to misread
    shown = (  # m/turn, m/min, how long it lasts
        {
            "walk": (move.walk, move.walk_per_minute, "-"),
            "run": (move.run, move.run_per_minute, _lasting(move.run_minutes, "min"))
            if move.run
            else none,
            "sprint": (move.sprint, "-", _lasting(move.sprint_turns, "turn"))
            if move.sprint
            else none,
        }
        if move
        else {}
    )
    rows = []
    for name, turn, minute, lasts in paces:
        if f is None:
            rows.append(
                [
                    name,
                    mode.slot(inner * 0.25, "move", turn),
                    mode.slot(inner * 0.24, "move", turn, "minute") if minute else "-",
                    mode.slot(inner * 0.26, "move", turn, "lasts") if lasts else "-",
                ]
            )
            continue
        rows.append([name, *shown[turn]])
    move_table = data_table(
        [
            Column(_("Pace"), inner * 0.25),
            Column(_("m/turn"), inner * 0.25, "center", key="m/turn"),
            Column(_("m/min"), inner * 0.24, "center", key="m/min"),
            Column(_("Lasts"), inner * 0.26, "center"),
        ],
        rows,
        boxed=False,
    )
    move_content: list[Flowable] = [move_table]
    if move and move.push_sprint:
        move_content.append(
            para(
                _(
                    "Pushed sprint {measure} for {measure2} a turn; past the "
                    "duration, Willpower each turn or minute."
                ).format(
                    measure=measure(move.push_sprint, _("m/turn")),
                    measure2=measure(move.push_tax, "XP"),
                ),
                "muted",
            )
        )
    if move and not move.run:
        move_content.append(para(_("Fitness 7 or less: no running or sprinting."), "muted"))
    elif move and not move.sprint:
        move_content.append(
            para(_("No sprint: it would not last a turn (Fitness 8 or 9)."), "muted")
        )
    move_content.append(
        para(
            _("Long walks 5 km/h. Rest as long as you ran or sprinted, walking 10 m/turn."),
            "muted",
        )
    )
    if f and f.load_status != "unhindered":
        loaded = f.movement_loaded
        if loaded.walk_limit is None:
            now = _("run {run}, sprint {measure}").format(
                run=loaded.run, measure=measure(loaded.sprint, _("m/turn"))
            )
        elif loaded.walk:
            now = _("walk only, resting after {measure}").format(
                measure=measure(loaded.walk_limit, "m")
            )
        else:
            now = _("cannot move")
        move_content.append(para(_("Loaded now: {now}.").format(now=now), "muted"))
    movement = Panel(_("Movement"), move_content, width=width, right=_("1 turn = 10 s"))

    carry = f.carry_kg if f else None
    carrying = Panel(
        _("Carrying"),
        [
            facts(
                [
                    (_("Unhindered up to"), measure(carry.unhindered, "kg") if carry else None),
                    (_("Slowed up to"), measure(carry.slowed, "kg") if carry else None),
                    (_("Walk only up to"), measure(carry.walk_only, "kg") if carry else None),
                    (_("Carried now"), kilograms(f.load_kg) if f else None),
                    (_("Load"), LOAD_STATUS.get(f.load_status, "") if f else None),
                ],
                inner,
                value_width=inner * 0.55,
                fields=[mode.field("carry", k) for k in ("free", "slowed", "walk", "now", "load")],
            ),
            para(
                _("Slowed: halved, never below a walk. Taxed Fitness lifts more until a "
                "Willpower check fails (1 stamina)."),
                "muted",
            ),
        ],
        width=width,
    )
    return grid_row([(width, combat), (width, movement), (width, carrying)])


def _lasting(amount: int, unit: str) -> str:
    """How long a pace lasts: "26 min" (an abbreviation has no plural), "1 turn"."""
    if amount == 0:
        return "-"
    if unit == "min":
        return measure(amount, pgettext("a unit, abbreviated", "min"))
    return count(amount, unit)
