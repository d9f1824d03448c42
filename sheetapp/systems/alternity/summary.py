"""A plain-text account of a hero and its figures, for ``sheetapp show`` in a terminal."""

from __future__ import annotations

from sheetapp.systems.alternity.figures import ScoreFigures, sheet_figures
from sheetapp.systems.alternity.model import AlternitySheet
from sheetapp.systems.alternity.names import ABBREVIATIONS, Ability, Track
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
    lines = [f"{f.name or '(unnamed)'}{'  [supporting cast]' if f.npc else ''}"]
    lines.append(f"  {who or 'no species or profession yet'}, level {f.level}")
    abilities = []
    for a in Ability:
        score = f.abilities.get(a.value)
        mod = f.resistance.get(a.value)
        extra = f" ({_signed(mod)})" if mod is not None else ""
        abilities.append(f"{ABBREVIATIONS[a]} {_dash(score)}{extra}")
    lines.append("  " + "  ".join(abilities))
    check = f.action_check
    check_text = (
        f"{check.marginal}+/{check.ordinary}/{check.good}/{check.amazing}"
        if check
        else "-"
    )
    lines.append(
        f"  Action check {check_text}  Actions {_dash(f.actions_per_round)}  "
        f"Last resorts {f.last_resorts.current} of {_dash(f.last_resorts.maximum)}"
    )
    tracks = "  ".join(
        f"{t.value.capitalize()} {f.damage[t.value]}/{_dash(f.durability[t.value])}"
        for t in Track
    )
    lines.append(f"  Durability (marked/boxes): {tracks}")
    state = f.condition
    notes = [f"knocked out ({', '.join(state.knocked_out)})"] if state.knocked_out else []
    if state.dead:
        notes = ["dead"]
    elif state.dying:
        notes.append("dying")
    if state.dazed_steps:
        notes.append(f"dazed +{plain_count(state.dazed_steps, 'step')}")
    if notes:
        lines.append(f"  Condition: {', '.join(notes)}")
    load = f.encumbrance
    if load is not None:
        band = "overloaded" if load.overloaded else f"up to {load.limit_kg} kg"
        lines.append(
            f"  Load {f.load_kg:g} kg ({band}): move {load.movement_percent}%, "
            f"+{plain_count(load.penalty_steps, 'step')} on Strength and Dexterity skills"
        )
    throw = f.throwing
    if throw is not None:  # Strength alone gives the throw; breath needs Constitution
        breath = f.breath_rounds
        held = "" if breath is None else f"; breath held {plain_count(breath, 'round')}"
        lines.append(f"  Throw {throw.short}/{throw.medium}/{throw.long} m{held}")
    for b in f.broad_skills:
        lines.append(f"  {b.name} [{b.ability[:3].upper()}] {_score(b.score)}")
        for s in f.specialty_skills:
            if s.broad.casefold() == b.name.casefold():
                lines.append(f"    - {s.name} rank {s.rank}: {_score(s.score)}")
    listed = {b.name.casefold() for b in f.broad_skills}
    for s in f.specialty_skills:
        if s.broad.casefold() not in listed:
            lines.append(f"  {s.broad}-{s.name} rank {s.rank}: {_score(s.score)}")
    for w in f.weapons:
        damage = w.damage
        text = f"{damage.ordinary}/{damage.good}/{damage.amazing}" if damage else "-"
        lines.append(f"  Weapon {w.name}: {_score(w.score)}, damage {text}")
    return "\n".join(lines)
