"""Damage and healing on a character's tracks, at the table.

A track counts what was *taken*, so when a sheet's maximum changes (an attribute bought
with XP) the wounds stay what they were. A track never goes below 0: what a hit does
beyond that is reported as ignored, not stored. Where a hit lands and what a track at 0
means are the system's (``GmSupport.route_damage`` and ``condition``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from sheetapp.systems.plugin import Track


class DamageError(ValueError):
    """A damage or healing request that makes no sense (unknown track, amount below 1)."""


@dataclass(frozen=True)
class TrackState:
    key: str
    label: str
    maximum: int
    taken: int = 0

    @property
    def current(self) -> int:
        """What is left: ``maximum - taken``, never below 0."""
        return max(self.maximum - self.taken, 0)


@dataclass(frozen=True)
class Hit:
    """What one hit did: the track it landed on, what that track absorbed and what went
    past its 0 and was ignored."""

    tracks: tuple[TrackState, ...]
    track: str
    absorbed: int
    ignored: int


def track_states(tracks: Sequence[Track], taken: Mapping[str, int]) -> tuple[TrackState, ...]:
    """The sheet's tracks with the damage stored for them (tracks the sheet no longer has
    are dropped)."""
    return tuple(
        TrackState(t.key, t.label, t.maximum, min(max(taken.get(t.key, 0), 0), max(t.maximum, 0)))
        for t in tracks
    )


def find(states: Sequence[TrackState], key: str) -> TrackState:
    for state in states:
        if state.key == key:
            return state
    known = ", ".join(s.key for s in states) or "none"
    raise DamageError(f"no track '{key}' on this sheet (its tracks: {known})")


def _positive(amount: int) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise DamageError(f"an amount is a whole number from 1, not {amount!r}")
    return amount


def take(states: Sequence[TrackState], key: str, amount: int) -> Hit:
    """``amount`` damage on track ``key`` (already routed by the system's rules).

    >>> hit = take((TrackState("body", "Body", 7),), "body", 8)
    >>> hit.tracks[0].current, hit.absorbed, hit.ignored
    (0, 7, 1)
    """
    target = find(states, key)
    absorbed = min(_positive(amount), target.current)
    changed = replace(target, taken=target.taken + absorbed)
    return Hit(_swap(states, changed), key, absorbed, amount - absorbed)


def heal(states: Sequence[TrackState], key: str, amount: int) -> tuple[TrackState, ...]:
    """Give back ``amount`` points on ``key``, never past its maximum."""
    target = find(states, key)
    return _swap(states, replace(target, taken=max(target.taken - _positive(amount), 0)))


def taken(states: Sequence[TrackState]) -> dict[str, int]:
    """What to store: the damage taken on each hurt track."""
    return {s.key: s.taken for s in states if s.taken}


def _swap(states: Sequence[TrackState], changed: TrackState) -> tuple[TrackState, ...]:
    return tuple(changed if s.key == changed.key else s for s in states)
