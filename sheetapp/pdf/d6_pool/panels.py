"""The front of the sheet: attributes, statistics and points, and the damage taken.

Filled, every number is ``figures.sheet_figures``'s; blank, every number is a box.
"""

from __future__ import annotations

from reportlab.platypus import Flowable

from sheetapp.i18n import _
from sheetapp.pdf.d6_pool.wording import STATES
from sheetapp.pdf.kit.attributes import Score, pool_panel
from sheetapp.pdf.kit.boxes import PAD, Panel, facts, grid_row
from sheetapp.pdf.kit.document import Layout
from sheetapp.pdf.kit.mode import Mode
from sheetapp.pdf.kit.resources import Resource, track_table
from sheetapp.pdf.kit.text import para
from sheetapp.systems.d6_pool.figures import D6PoolFigures
from sheetapp.systems.d6_pool.names import ABBREVIATIONS, Attribute, label
from sheetapp.systems.wording import count, measure

BLANK_HEALTH_BOXES = 20
BLANK_BELOW_BOXES = 10
BLANK_GM_ATTRIBUTES = 1


def _or_blank(f: D6PoolFigures | None, text: str) -> str | None:
    return text if f is not None else None


def core_row(f: D6PoolFigures | None, layout: Layout, mode: Mode) -> Flowable:
    """Attributes, statistics and points side by side."""
    g = layout.grid
    width = g.span(4)
    inner = width - 2 * PAD
    points = f.attribute_points if f else None
    scores = [
        Score(label(a), f.attributes.get(a.value) if f else None, mode.field("attr", a.value))
        for a in Attribute
    ]
    extras = f.extra_attributes if f else [None] * BLANK_GM_ATTRIBUTES
    for i, extra in enumerate(extras):
        name = (extra.name if extra else "") or _("GM attribute")
        if extra and not extra.player_controlled:
            name += _(" (set)")
        scores.append(
            Score(name, extra.score if extra else None, mode.field("gm-attribute", i + 1))
        )
    attributes = pool_panel(
        _("Attributes"),
        scores,
        width=width,
        facts=[
            Score(_("6d6 rolled"), points.rolled if points else None, mode.field("rolled")),
            Score(_("Assigned"), points.assigned if points else None, mode.field("assigned")),
        ],
        right=_("1 to 6 each"),
    )

    def dice(value: int | None, noun: str = "die", after: str = "") -> str | None:
        """A figure as a count of its noun; nothing on a blank, a dash when unknown."""
        if f is None:
            return None
        if value is None:
            return "-"
        return (count(value, noun) if noun else str(value)) + after

    move = f.move if f else None
    stats: list[Flowable] = [
        facts(
            [
                (_("Health (2 × Stamina)"), dice(f.health if f else None, "point")),
                (_("Initiative (Dex + Dodge)"), dice(f.initiative_pool if f else None)),
                (_("To hit me (Dodge)"), dice(f.dodge_needed if f else None, "success")),
                (_("To hurt me (Sta + Armour)"), dice(f.damage_needed if f else None, "success")),
                (_("Armour worn"), dice(f.armour if f else None, "")),
                (
                    _("Move"),
                    _or_blank(
                        f,
                        "-"
                        if move is None
                        else _("{measure} or {measure2}").format(
                            measure=measure(move.feet, "ft"), measure2=measure(move.metres, "m")
                        ),
                    ),
                ),
                (
                    _("Breath (Sta + Swimming)"),
                    dice(
                        f.breath_turns if f else None,
                        "turn",
                        _(" out of water") if f and f.breathes_water else "",
                    ),
                ),
            ],
            inner,
            value_width=inner * 0.36,
            fields=[
                mode.field("stat", k)
                for k in ("health", "init", "dodge", "soak", "armour", "move", "breath")
            ],
        )
    ]
    if f is not None:
        halves = " · ".join(
            f"{ABBREVIATIONS[a]} {f.unskilled[a.value]}"
            for a in Attribute
            if a.value in f.unskilled
        )
        stats.append(
            para(
                _("Unskilled pools (half the attribute): {value}").format(value=halves or "-"),
                "muted",
            )
        )
    else:
        stats.append(para(_("Unskilled: roll half the attribute, rounded down."), "muted"))
    statistics = Panel(_("Statistics"), stats, width=width)

    sp, tp = (f.skill_points, f.trait_points) if f else (None, None)
    healing = f.healing if f else None

    def of(spent: object, total: object, extra: str = "") -> str | None:
        if f is None:
            return None
        return _("{spent} of {value}{extra}").format(
            spent=spent, value="-" if total is None else total, extra=extra
        )

    borrowed = f" + {sp.from_traits}" if sp and sp.from_traits else ""
    points_panel = Panel(
        _("Points"),
        [
            facts(
                [
                    (_("Attribute points"), of(points.assigned, points.rolled) if points else None),
                    (
                        _("Skill points (Int + Wis + Cha)"),
                        of(sp.spent, sp.budget, borrowed) if sp else None,
                    ),
                    (_("Trait points (6 + negatives)"), of(tp.spent, tp.budget) if tp else None),
                    (_("Unspent XP"), None if f is None else str(f.xp)),
                    (
                        _("Heals non-lethal"),
                        _or_blank(
                            f,
                            "-"
                            if healing is None
                            else _("{nonlethal_per_day} a day").format(
                                nonlethal_per_day=healing.nonlethal_per_day
                            ),
                        ),
                    ),
                    (
                        _("Heals lethal"),
                        _or_blank(
                            f,
                            "-"
                            if healing is None
                            else _("{lethal_per_week} a week").format(
                                lethal_per_week=healing.lethal_per_week
                            ),
                        ),
                    ),
                ],
                inner,
                value_width=inner * 0.34,
                fields=[
                    mode.field("points", k)
                    for k in (
                        "attributes",
                        "skills",
                        "traits",
                        "xp",
                        "heal-non-lethal",
                        "heal-lethal",
                    )
                ],
            ),
            para(
                _("Trait points not spent on traits may buy skills (shown after the +)."),
                "muted",
            ),
        ],
        width=width,
    )
    return grid_row([(width, attributes), (width, statistics), (width, points_panel)])


def damage_row(f: D6PoolFigures | None, layout: Layout, mode: Mode) -> Flowable:
    """One Health that both kinds of damage count down, and the damage taken of each kind."""
    g = layout.grid
    width = g.span(6)
    inner = width - 2 * PAD
    stamina = f.attributes.get(Attribute.STAMINA) if f else None
    rule = (
        _("At 0: helpless (bleeding, cannot act, when lethal damage alone got there). "
        "At minus Stamina: unconscious, further damage lethal; dead when lethal damage alone "
        "reaches it.")
    )
    right = ""
    health: list[Flowable]
    if f is None:
        tracks = [
            Resource(
                _("Health"),
                blank_boxes=BLANK_HEALTH_BOXES,
                field=mode.field("health", "boxes"),
                ask_maximum=True,
                max_field=mode.field("health", "max"),
            ),
            Resource(
                _("Below 0"), blank_boxes=BLANK_BELOW_BOXES, field=mode.field("health", "below")
            ),
        ]
        health = [
            para(_("Strike out the boxes past 2 × Stamina; tick / non-lethal, X lethal."), "muted"),
            track_table(tracks, inner, shares=(0.2, 0.2)),
            para(_("Below 0, down to minus Stamina."), "muted"),
        ]
    elif f.health is None or stamina is None:
        health = [para(_("Shown once Stamina is filled in."), "muted")]
    else:
        damage = f.damage
        left, most = damage.left, f.health
        # damage crosses Health's boxes first, then those below 0 (down to minus Stamina)
        tracks = [
            Resource(_("Health"), max(min(left, most), 0), most),
            Resource(_("Below 0"), stamina - min(max(-left, 0), stamina), stamina),
        ]
        health = [
            para(_("Tick / for non-lethal, X for lethal."), "muted"),
            track_table(tracks, inner, shares=(0.2, 0.2)),
        ]
        right = _("{left} left · {split}").format(
            left=left, split=STATES.get(damage.state, "").split(":")[0]
        )
    taken_by = f.damage if f else None
    taken = [
        facts(
            [
                (_("Lethal damage"), None if taken_by is None else str(taken_by.lethal.taken)),
                (
                    _("Non-lethal damage"),
                    None if taken_by is None else str(taken_by.nonlethal.taken),
                ),
            ],
            inner,
            value_width=inner * 0.3,
            fields=[mode.field("lethal", "taken"), mode.field("nonlethal", "taken")],
        ),
        para(rule, "muted"),
    ]
    return grid_row(
        [
            (width, Panel(_("Health: one pool for both kinds"), health, width=width, right=right)),
            (width, Panel(_("Damage taken"), taken, width=width)),
        ]
    )
