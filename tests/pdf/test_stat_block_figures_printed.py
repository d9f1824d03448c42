"""Every figure a stat block shows is in the PDF's text, in that character's block, as the
record's own figures (``sheet_figures``, not the blocks' ``block_figures``) give it: the
scores strip, the line of combat figures and the first of each list (lists may end in an
ellipsis when a block runs out of room), for a fixed set of NPCs of every system."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from sheetapp.pdf.alternity.wording import score_text
from sheetapp.pdf.alternity.wording import signed as alt_signed
from sheetapp.pdf.amplitude.wording import signed as amp_signed
from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.play.batch import generate_npcs
from sheetapp.play.support import NpcRequest
from sheetapp.systems.alternity.names import Ability
from sheetapp.systems.amazing_engine.names import Attribute as AeAttribute
from sheetapp.systems.d6_pool.figures import percent
from sheetapp.systems.d6_pool.names import Attribute as D6Attribute
from sheetapp.systems.forgotten_futures.names import Characteristic, label
from sheetapp.systems.registry import get_system, system_ids

from .factory import squashed, text_of


def _amplitude(f: Any) -> Iterator[tuple[str, str]]:
    t = f.thresholds
    yield f.name, f"Wound {f.wound.label}"
    yield f.name, f"DB {amp_signed(f.defensive_bonus)}"
    yield f.name, f"Thresholds {t.minor}/{t.moderate}/{t.major}"
    yield f.name, f"Momentum {f.momentum}"
    for s in f.skills[:1]:
        yield f.name, f"{s.name} {amp_signed(s.ob)}"
    for w in f.weapons[:1]:
        yield f.name, f"{w.name} {amp_signed(w.power)}"
    for t in f.tools[:1]:
        yield f.name, f"{t.name} {amp_signed(t.quality)}"


def _d6(f: Any) -> Iterator[tuple[str, str]]:
    yield f.name, "".join(str(f.attributes.get(a.value, "-")) for a in D6Attribute)
    yield f.name, f"Health {f.health} · Initiative {f.initiative_pool}d"
    yield f.name, f"To hit {f.dodge_needed}"
    if f.move:
        yield f.name, f"Move {f.move.feet} ft"
    for s in f.skills[:1]:
        pool = f"{s.pool.dice}d {percent(s.pool.chance(1))}" if s.pool else "-"
        yield f.name, f"{s.name} {s.rating or '-'} ({pool})"
    for w in f.weapons[:1]:
        pool = w.attack_pool
        yield f.name, f"{w.name} ({w.attack}) attack {pool.dice}d {percent(pool.chance(1))}"


def _alternity(f: Any) -> Iterator[tuple[str, str]]:
    strip = []
    for ability in Ability:
        mod = f.resistance.get(ability.value)
        strip.append(f"{f.abilities[ability.value]}" + (f" ({alt_signed(mod)})" if mod else ""))
    yield f.name, " ".join(strip)
    c = f.action_check
    yield f.name, f"Action check {c.marginal}+/{c.ordinary}/{c.good}/{c.amazing}"
    d = f.durability
    yield f.name, f"Durability {d['stun']}/{d['wound']}/{d['mortal']}/{d['fatigue']}"
    yield f.name, f"Last resorts {f.last_resorts.current}"
    for b in f.broad_skills[:1]:
        yield f.name, f"{b.name} {score_text(b.score)}"
    for w in f.weapons[:1]:
        yield f.name, f"{w.name} {score_text(w.score)}"


def _amazing_engine(figures: Any) -> Iterator[tuple[str, str]]:
    for f in figures.characters:
        a = f.attack_chance
        yield f.name, "".join(str(f.attributes[x.value]) for x in AeAttribute)
        yield f.name, f"Stamina {f.stamina} · Body {f.body} · Initiative +{f.initiative_modifier}"
        yield f.name, f"Attack {a.general}% / {a.non_vital}% / {a.vital}%"
        for s in sorted(f.skills, key=lambda s: -s.chance)[:1]:
            yield f.name, f"{s.name} {s.chance}%"
        for w in f.weapons[:1]:
            yield f.name, f"{w.name} {w.damage}"


def _forgotten_futures(f: Any) -> Iterator[tuple[str, str]]:
    for c in Characteristic:
        yield f.name, f"{label(c)} {f.characteristics[c.value]}"
    yield f.name, f"Bonus {f.bonus.balance}"
    for s in sorted(f.skills, key=lambda s: -(s.rating or 0))[:1]:
        yield f.name, f"{s.name} {s.rating}"
    for w in f.weapons[:1]:
        yield f.name, f"{w.name} Eff {w.effect}"


SHOWN: dict[str, Callable[[Any], Iterator[tuple[str, str]]]] = {
    "amplitude": _amplitude,
    "d6-pool": _d6,
    "alternity": _alternity,
    "amazing-engine": _amazing_engine,
    "forgotten-futures": _forgotten_futures,
}


@pytest.mark.parametrize("system_id", system_ids())
def test_every_block_prints_its_figures(system_id: str) -> None:
    plugin = get_system(system_id)
    sheets = list(generate_npcs(NpcRequest(system=system_id), 14, seed=5))
    expected = [pair for sheet in sheets for pair in SHOWN[system_id](plugin.figures(sheet))]
    flat = squashed(text_of(export_pdf_bytes(sheets, stat_blocks=True, invariant=True)))
    names = list(dict.fromkeys(name for name, _ in expected))
    starts = []
    at = 0
    for name in names:  # the blocks stand in the order of the sheets
        at = flat.index(squashed(name), at)
        starts.append(at)
    ends = [*starts[1:], len(flat)]
    blocks = {name: flat[s:e] for name, s, e in zip(names, starts, ends, strict=True)}
    missing = [(name, shown) for name, shown in expected if squashed(shown) not in blocks[name]]
    assert missing == []
    assert len(expected) >= 4 * len(sheets)
