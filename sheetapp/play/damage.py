"""Damage and healing on a character's tracks, at the table.

A track counts what was *taken*, so when a sheet's maximum changes (an attribute bought
with XP) the wounds stay what they were. A track never goes below its minimum (0 unless
the system's rules count past 0): what a hit does beyond that is reported as ignored, not
stored. Where a hit lands and what a track at 0 means are the system's
(``GmSupport.route_damage``, ``land`` and ``condition``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from sheetapp.i18n import _
from sheetapp.systems.plugin import Track


class DamageError(ValueError):
    """A damage or healing request that makes no sense (unknown track, amount below 1)."""


@dataclass(frozen=True)
class TrackState:
    key: str
    label: str
    maximum: int
    taken: int = 0
    minimum: int = 0  # where the track stops (below 0 where the rules count past 0)

    @property
    def current(self) -> int:
        """What is left: ``maximum - taken``, never below the minimum."""
        return max(self.maximum - self.taken, self.minimum)

    @property
    def room(self) -> int:
        """What the track can still take before it stops."""
        return self.current - self.minimum


@dataclass(frozen=True)
class Hit:
    """What one hit did: the track it landed on, what the tracks absorbed and what went
    past their ends and was ignored. ``marked`` is what each track took, where a system's
    rules spread one hit over several (secondary damage, overflow)."""

    tracks: tuple[TrackState, ...]
    track: str
    absorbed: int
    ignored: int
    marked: Mapping[str, int] = field(default_factory=dict, hash=False)


def track_states(tracks: Sequence[Track], taken: Mapping[str, int]) -> tuple[TrackState, ...]:
    """The sheet's tracks with the damage stored for them (tracks the sheet no longer has
    are dropped).

    >>> from sheetapp.systems.plugin import Track
    >>> (lethal,) = track_states([Track("lethal", "Lethal", 6, minimum=-3)], {"lethal": 11})
    >>> lethal.taken, lethal.current
    (9, -3)
    """
    return tuple(
        TrackState(
            t.key,
            t.label,
            t.maximum,
            min(max(taken.get(t.key, 0), 0), max(t.maximum - t.minimum, 0)),
            t.minimum,
        )
        for t in tracks
    )


def find(states: Sequence[TrackState], key: str) -> TrackState:
    for state in states:
        if state.key == key:
            return state
    known = ", ".join(s.key for s in states) or "none"
    raise DamageError(
        _("no track '{key}' on this sheet (its tracks: {known})").format(key=key, known=known)
    )


def positive(amount: int) -> int:
    """``amount`` when it is a whole number from 1; a DamageError otherwise."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise DamageError(
            _("an amount is a whole number from 1, not {amount!r}").format(amount=amount)
        )
    return amount


def take(states: Sequence[TrackState], key: str, amount: int) -> Hit:
    """``amount`` damage on track ``key`` (already routed by the system's rules).

    >>> hit = take((TrackState("body", "Body", 7),), "body", 8)
    >>> hit.tracks[0].current, hit.absorbed, hit.ignored
    (0, 7, 1)
    """
    target = find(states, key)
    absorbed = min(positive(amount), max(target.room, 0))
    changed = replace(target, taken=target.taken + absorbed)
    marked = {key: absorbed} if absorbed else {}
    return Hit(swap(states, changed), key, absorbed, amount - absorbed, marked)


def heal(states: Sequence[TrackState], key: str, amount: int) -> tuple[TrackState, ...]:
    """Give back ``amount`` points on ``key``, never past its maximum."""
    target = find(states, key)
    return swap(states, replace(target, taken=max(target.taken - positive(amount), 0)))


def taken(states: Sequence[TrackState]) -> dict[str, int]:
    """What to store: the damage taken on each hurt track."""
    return {s.key: s.taken for s in states if s.taken}


def swap(states: Sequence[TrackState], changed: TrackState) -> tuple[TrackState, ...]:
    """``states`` with ``changed`` in place of the track of its key."""
    return tuple(changed if s.key == changed.key else s for s in states)
