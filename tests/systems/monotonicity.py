"""One property for every system's odds: a better score or an easier target never lowers
the chance of success. Each system names its inputs, their ranges and which way is better;
this module makes the pairs and checks them, so the systems' property tests share it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from hypothesis import strategies as st

Chance = Callable[..., Fraction]
SOME_STEPS = st.integers(1, 25)


def _value(low: int, high: int) -> st.SearchStrategy[int]:
    """Any value in range, with small values (where tables have their edges) drawn often."""
    return st.one_of(st.integers(low, min(high, low + 40)), st.integers(low, high))


@st.composite
def better_pairs(
    draw: st.DrawFn,
    ranges: Mapping[str, tuple[int, int]],
    better: Mapping[str, int],
    steps: st.SearchStrategy[int] = SOME_STEPS,
) -> tuple[dict[str, int], dict[str, int]]:
    """(worse, better): values drawn in ``ranges``, then one input named in ``better`` moved
    by some steps the way that helps (+1: higher is better, -1: lower is), kept in range."""
    worse = {name: draw(_value(low, high)) for name, (low, high) in ranges.items()}
    name = draw(st.sampled_from(sorted(better)))
    low, high = ranges[name]
    moved = min(max(worse[name] + better[name] * draw(steps), low), high)
    return worse, {**worse, name: moved}


def assert_never_lowers(chance: Chance, worse: Mapping[str, int], improved: Mapping[str, int]):
    """``chance(**improved)`` is at least ``chance(**worse)``; the message names both."""
    low, high = chance(**worse), chance(**improved)
    assert high >= low, f"{dict(improved)} gives {high}, less than {dict(worse)} gives {low}"


def assert_monotone_grid(
    chance: Chance, ranges: Mapping[str, tuple[int, int]], better: Mapping[str, int]
) -> None:
    """Every one-step improvement over the whole (small) grid of ``ranges``, exhaustively."""
    names = list(ranges)

    def grid(index: int, partial: dict[str, int]):
        if index == len(names):
            yield dict(partial)
            return
        low, high = ranges[names[index]]
        for value in range(low, high + 1):
            partial[names[index]] = value
            yield from grid(index + 1, partial)

    for point in grid(0, {}):
        for name, direction in better.items():
            low, high = ranges[name]
            if low <= point[name] + direction <= high:
                assert_never_lowers(chance, point, {**point, name: point[name] + direction})
