"""A plain-text account of a hero and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.i18n import _
from sheetapp.locale_format import number
from sheetapp.systems.alternity.figures import ScoreFigures, sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import Ability, Track, abbreviation, label
from sheetapp.systems.wording import plain_count


def _dash(value: object) -> str:
    return "-" if value is None else str(value)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _score(score: ScoreFigures | None) -> str:
    if score is None:
        return "-"
    return f"{score.ordinary}/{score.good}/{score.amazing} ({score.die})"


def describe(sheet: AlternitySheet) -> str:
    f = sheet_figures(sheet)
    who = ", ".join(p for p in (f.species, f.profession, f.career) if p)
    name = f.name or _("(unnamed)")
    lines = [_("{name}  [supporting cast]").format(name=name) if f.npc else name]
    lines.append(
        _("  {value}, level {level}").format(
            value=who or _("no species or profession yet"), level=f.level
        )
    )
    abilities = []
    for a in Ability:
        score = f.abilities.get(a.value)
        mod = f.resistance.get(a.value)
        extra = f" ({_signed(mod)})" if mod is not None else ""
        abilities.append(f"{abbreviation(a)} {_dash(score)}{extra}")
    lines.append("  " + "  ".join(abilities))
    check = f.action_check
    check_text = (
        f"{check.marginal}+/{check.ordinary}/{check.good}/{check.amazing}"
        if check
        else "-"
    )
    lines.append(
        _("  Action check {check_text}  Actions {dash}  Last resorts {current} of {dash2}").format(
            check_text=check_text,
            dash=_dash(f.actions_per_round),
            current=f.last_resorts.current,
            dash2=_dash(f.last_resorts.maximum),
        )
    )
    tracks = "  ".join(
        f"{label(t)} {f.damage[t.value]}/{_dash(f.durability[t.value])}"
        for t in Track
    )
    lines.append(_("  Durability (marked/boxes): {tracks}").format(tracks=tracks))
    state = f.condition
    notes = (
        [_("knocked out ({join})").format(join=", ".join(state.knocked_out))]
        if state.knocked_out
        else []
    )
    if state.dead:
        notes = [_("dead")]
    elif state.dying:
        notes.append(_("dying"))
    if state.dazed_steps:
        notes.append(
            _("dazed +{plain_count}").format(plain_count=plain_count(state.dazed_steps, "step"))
        )
    if notes:
        lines.append(_("  Condition: {join}").format(join=', '.join(notes)))
    load = f.encumbrance
    if load is not None:
        band = (
            _("overloaded")
            if load.overloaded
            else _("up to {limit_kg} kg").format(limit_kg=load.limit_kg)
        )
        lines.append(
            _(
                "  Load {load_kg} kg ({band}): move {movement_percent}%, "
                "+{plain_count} on Strength and Dexterity skills"
            ).format(
                load_kg=number(f.load_kg),
                band=band,
                movement_percent=load.movement_percent,
                plain_count=plain_count(load.penalty_steps, "step"),
            )
        )
    throw = f.throwing
    if throw is not None:  # Strength alone gives the throw; breath needs Constitution
        breath = f.breath_rounds
        held = (
            ""
            if breath is None
            else _("; breath held {plain_count}").format(plain_count=plain_count(breath, "round"))
        )
        lines.append(
            _("  Throw {short}/{medium}/{long} m{held}").format(
                short=throw.short, medium=throw.medium, long=throw.long, held=held
            )
        )
    for b in f.broad_skills:
        lines.append(f"  {b.name} [{b.ability[:3].upper()}] {_score(b.score)}")
        for s in f.specialty_skills:
            if s.broad.casefold() == b.name.casefold():
                lines.append(
                    _("    - {name} rank {rank}: {score}").format(
                        name=s.name, rank=s.rank, score=_score(s.score)
                    )
                )
    listed = {b.name.casefold() for b in f.broad_skills}
    for s in f.specialty_skills:
        if s.broad.casefold() not in listed:
            lines.append(
                _("  {broad}-{name} rank {rank}: {score}").format(
                    broad=s.broad, name=s.name, rank=s.rank, score=_score(s.score)
                )
            )
    for w in f.weapons:
        damage = w.damage
        text = f"{damage.ordinary}/{damage.good}/{damage.amazing}" if damage else "-"
        lines.append(
            _("  Weapon {name}: {score}, damage {text}").format(
                name=w.name, score=_score(w.score), text=text
            )
        )
    return "\n".join(lines)
