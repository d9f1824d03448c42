"""Damage as it lands on the four tracks: secondary damage, heavy damage, and what the
marks mean (knocked out, dying, dead, dazed).

One attack is applied at once, because the conversions count points "in a single attack":

1. secondary damage is added: every 2 wound points bring 1 stun; every 2 mortal points
   bring 1 wound and 1 stun (that wound brings no stun of its own);
2. stun fills its boxes; once they are full, every 2 further stun points of the attack
   become 1 wound (heavy stun);
3. wound fills its boxes; once they are full, every 2 further wound points become 1 mortal
   (heavy wound);
4. mortal fills its boxes; the last one marked means death.

Leftover single points of a conversion are dropped, as the rules say. Converted points
bring no secondary damage of their own. Fatigue has no secondary damage: it fills its
boxes, and fatigue that comes when they are all marked knocks the hero out.

Suffocation (holding breath too long) is different: its points fill stun, then wound,
then mortal, one for one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sheetapp.i18n import _
from sheetapp.systems.alternity.names import Track


@dataclass(frozen=True)
class Marks:
    """Boxes marked on each track; ``unconscious`` is a knockout the boxes do not show
    (fatigue past a full track, a failed breath check)."""

    stun: int = 0
    wound: int = 0
    mortal: int = 0
    fatigue: int = 0
    unconscious: bool = False

    def of(self, track: Track) -> int:
        return getattr(self, track.value)

    def with_(self, track: Track, value: int) -> Marks:
        return replace(self, **{track.value: value})


@dataclass(frozen=True)
class Maxima:
    stun: int
    wound: int
    mortal: int
    fatigue: int

    def of(self, track: Track) -> int:
        return getattr(self, track.value)


@dataclass(frozen=True)
class DamageMarks:
    """What one attack did: boxes newly marked per track, points that reached each track
    (secondary and converted included) and the points no box could take."""

    marks: Marks
    marked: dict[Track, int]
    arrived: dict[Track, int]
    unabsorbed: int = 0


def _fill(marks: Marks, maxima: Maxima, track: Track, points: int) -> tuple[Marks, int, int]:
    """Mark up to ``points`` boxes of ``track``; returns the marks, boxes marked, excess."""
    room = max(maxima.of(track) - marks.of(track), 0)
    taken = min(points, room)
    return marks.with_(track, marks.of(track) + taken), taken, points - taken


def apply_damage(marks: Marks, maxima: Maxima, track: Track, points: int) -> DamageMarks:
    """One attack of ``points`` of ``track`` damage, by the rules above.

    >>> hit = apply_damage(Marks(), Maxima(9, 9, 5, 5), Track.WOUND, 5)
    >>> hit.marks.wound, hit.marks.stun  # 5 wounds bring 2 stun
    (5, 2)
    """
    if points < 0:
        raise ValueError(_("damage points cannot be negative"))
    if track is Track.FATIGUE:
        return _fatigue(marks, maxima, points)
    stun = points if track is Track.STUN else 0
    wound = points if track is Track.WOUND else 0
    mortal = points if track is Track.MORTAL else 0
    stun += wound // 2 + mortal // 2
    wound += mortal // 2
    arrived = {Track.STUN: stun}
    marked: dict[Track, int] = {}
    marks, marked[Track.STUN], excess = _fill(marks, maxima, Track.STUN, stun)
    wound += excess // 2
    arrived[Track.WOUND] = wound
    marks, marked[Track.WOUND], excess = _fill(marks, maxima, Track.WOUND, wound)
    mortal += excess // 2
    arrived[Track.MORTAL] = mortal
    marks, marked[Track.MORTAL], excess = _fill(marks, maxima, Track.MORTAL, mortal)
    return DamageMarks(marks, marked, arrived, excess)


def _fatigue(marks: Marks, maxima: Maxima, points: int) -> DamageMarks:
    was_full = maxima.fatigue > 0 and marks.fatigue >= maxima.fatigue
    marks, taken, excess = _fill(marks, maxima, Track.FATIGUE, points)
    if was_full and points > 0:
        marks = replace(marks, unconscious=True)
    return DamageMarks(marks, {Track.FATIGUE: taken}, {Track.FATIGUE: points}, excess)


def apply_suffocation(marks: Marks, maxima: Maxima, points: int) -> DamageMarks:
    """Points of a failed breath check: stun, then wound, then mortal, one for one.

    >>> apply_suffocation(Marks(stun=6), Maxima(8, 8, 4, 4), 3).marks  # Jack's third check
    Marks(stun=8, wound=1, mortal=0, fatigue=0, unconscious=False)
    """
    if points < 0:
        raise ValueError(_("damage points cannot be negative"))
    marked: dict[Track, int] = {}
    arrived: dict[Track, int] = {}
    for track in (Track.STUN, Track.WOUND, Track.MORTAL):
        arrived[track] = points
        marks, marked[track], points = _fill(marks, maxima, track, points)
    return DamageMarks(marks, marked, arrived, points)


def heal(marks: Marks, track: Track, points: int) -> Marks:
    """Unmark up to ``points`` boxes of ``track``."""
    if points < 0:
        raise ValueError(_("healing cannot be negative"))
    return marks.with_(track, max(marks.of(track) - points, 0))


def end_of_scene(marks: Marks) -> Marks:
    """Stun damage fades when a scene ends; the other tracks stay."""
    return replace(marks, stun=0)


@dataclass(frozen=True)
class Condition:
    """What the marks mean for play."""

    knocked_out: tuple[str, ...]  # why the hero is out: "stun", "wound", "unconscious"
    dying: bool
    dead: bool
    dazed: dict[Track, int]  # step penalty each track adds to every check
    resolve_due: bool  # fatigue just filled: a Resolve-physical resolve check or collapse

    @property
    def dazed_steps(self) -> int:
        return sum(self.dazed.values())


def condition(marks: Marks, maxima: Maxima, *, optional_dazed: bool = True) -> Condition:
    """Knockout, dying, death and dazed penalties. A track of no boxes (an unknown
    Constitution) never counts as full.

    >>> c = condition(Marks(stun=5, wound=5, mortal=2), Maxima(9, 9, 5, 5))
    >>> c.dazed_steps, c.dying, c.knocked_out
    (4, True, ())
    """

    def full(track: Track) -> bool:
        return maxima.of(track) > 0 and marks.of(track) >= maxima.of(track)

    out = tuple(t.value for t in (Track.STUN, Track.WOUND) if full(t))
    if marks.unconscious:
        out += ("unconscious",)
    dazed: dict[Track, int] = {}
    if optional_dazed:
        for track in (Track.STUN, Track.WOUND):
            if maxima.of(track) > 0 and 2 * marks.of(track) > maxima.of(track):
                dazed[track] = 1
    for track in (Track.MORTAL, Track.FATIGUE):
        if marks.of(track) > 0:
            dazed[track] = marks.of(track)
    return Condition(
        knocked_out=out,
        dying=marks.mortal > 0,
        dead=full(Track.MORTAL),
        dazed=dazed,
        resolve_due=full(Track.FATIGUE) and not marks.unconscious,
    )
