"""Universe pack timings: a hostile pack is refused about as fast as a good one is read.

Before the pre-scan (sheetapp/systems/amazing_engine/toml_limits.py) a 50,000-part dotted
key kept tomllib busy for minutes at every start, since its time grows with the square of
the key's parts. Each figure is in milliseconds and as a ratio to reading the shipped
generic pack in the same run, because these machines are noisy.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from importlib import resources

from figures import Figure, emit

from sheetapp.systems.amazing_engine.packs import MAX_PACK_BYTES, parse_pack
from sheetapp.systems.amazing_engine.toml_limits import MAX_KEY_PARTS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def median_ms(func: Callable[[], object], repeat: int = 5) -> float:
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        rounds.append((time.perf_counter() - start) * 1000)
    return statistics.median(rounds)


def hostile_packs(generic: str) -> list[tuple[str, str, str]]:
    """(figure name, pack text, the problem code it must get)."""
    widest = ".".join(["k"] * (MAX_KEY_PARTS - 1))  # with the x{i} before it: the most allowed
    lines = [f"x{i}.{widest} = {i}" for i in range(MAX_PACK_BYTES // (len(widest) + 12))]
    many_groups = "\n".join(
        f'[[professions]]\nid = "p{p}"\nname = "P"\ngroups = ['
        + ", ".join(f'"{"q" * 35}{p}-{g}"' for g in range(50))
        + "]"
        for p in range(200)
    )
    groups = "\n".join(f'[[skill_groups]]\nname = "{"q" * 35}{g}"' for g in range(200))
    return [
        ("a 50,000-part dotted key", generic + ".".join(["k"] * 50_000) + " = 1\n", "key_parts"),
        ("a 5,000-digit number", generic + "n = " + "9" * 5000 + "\n", "number"),
        ("brackets 100,000 deep", generic + "x = " + "[" * 100_000 + "]" * 100_000, "nesting"),
        (f"1 MB of {MAX_KEY_PARTS}-part keys (allowed shape)", "\n".join(lines)[:MAX_PACK_BYTES]
         .rpartition("\n")[0], "invalid"),
        ("200 professions x 50 unknown groups", 'id = "w"\nname = "W"\n' + many_groups + "\n"
         + groups, "profession.unknown_group"),
    ]  # fmt: skip


def figures() -> list[Figure]:
    generic = (
        resources.files("sheetapp.resources").joinpath("universes", "generic.toml").read_text()
    )
    baseline = median_ms(lambda: parse_pack(generic, "generic.toml"))
    rows: list[Figure] = []
    for name, text, code in hostile_packs(generic):
        report = parse_pack(text, "hostile.toml")
        assert report.problems[0].code == f"pack.{code}", report.problems[0]
        ms = median_ms(lambda text=text: parse_pack(text, "hostile.toml"), repeat=1)
        # A shape the pre-scan refuses costs less than a good pack; the two packs the
        # pre-scan lets through (the most of what is allowed) are read in linear time.
        refused = report.universe is None and code in ("key_parts", "number", "nesting")
        rows.append(
            Figure(f"pack: {name}", ms, "ms", "reading generic.toml", ms / baseline,
                   goal="<= 1x" if refused else "", met=ms <= baseline if refused else None)
        )  # fmt: skip
    key = ".".join(["k"] * 5000) + " = 1"
    ms = median_ms(lambda: tomllib.loads(key), repeat=1)
    rows.append(
        Figure("tomllib alone, a 5,000-part key (unguarded)", ms, "ms", "reading generic.toml",
               ms / baseline)
    )  # fmt: skip
    return rows


if __name__ == "__main__":
    emit(figures())
