"""Exact probability distributions over integers, held as integer weights.

Integer weights keep every operation exact and cheap to compare; a Fraction is made only
when a caller asks for a probability. Sums of dice are polynomial products, computed by
packing the weights into one big integer (Kronecker substitution) so CPython's fast
big-integer multiplication does the work: 60d10 takes about a millisecond.
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction

from sheetapp.dice.limits import MAX_OUTCOMES, MAX_WEIGHT_BITS
from sheetapp.i18n import _
from sheetapp.locale_format import number

__all__ = ["MAX_OUTCOMES", "MAX_WEIGHT_BITS", "Distribution", "check_size"]

Pairs = tuple[tuple[int, int], ...]


def check_size(outcomes: int, weight_bits: int, /, *, what: str = "the result") -> None:
    """Refuse a result too large to compute exactly, before any time is spent on it.

    ``weight_bits`` is the size of all weights together (or an upper bound on it).

    >>> check_size(11, 66)
    >>> check_size(2_000_000, 2_000_000, what="2000d1000")
    Traceback (most recent call last):
    ...
    ValueError: 2000d1000 would have up to 2,000,000 outcomes; the limit is 1,000,000
    """
    if outcomes > MAX_OUTCOMES:
        raise ValueError(
            _(
                "{what} would have up to {outcomes} outcomes; the limit is {MAX_OUTCOMES}"
            ).format(what=what, outcomes=number(outcomes), MAX_OUTCOMES=number(MAX_OUTCOMES))
        )
    if weight_bits > MAX_WEIGHT_BITS:
        raise ValueError(
            _(
                "{what} is too large to compute exactly (about {value} bytes "
                "of weights; the limit is {value2})"
            ).format(
                what=what, value=number(weight_bits // 8), value2=number(MAX_WEIGHT_BITS // 8)
            )
        )


def _as_int(value: object, name: str) -> int:
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            _("{name} must be an int, not {name__}").format(name=name, name__=type(value).__name__)
        ) from None


class Distribution:
    """Integer outcomes with positive integer weights; immutable, hashable, equal by value.

    Weights are divided by their gcd, so the same odds always compare equal.

    >>> coin = Distribution({0: 1, 1: 1})
    >>> coin + coin
    Distribution({0: 1, 1: 2, 2: 1})
    >>> (coin + coin).probability(1)
    Fraction(1, 2)
    >>> Distribution({0: 2, 1: 2}) == coin
    True
    >>> coin + 10, 10 - coin
    (Distribution({10: 1, 11: 1}), Distribution({9: 1, 10: 1}))
    """

    __slots__ = ("_hash", "_pairs", "_total", "_weights")

    _pairs: Pairs
    _weights: dict[int, int]
    _total: int
    _hash: int

    def __init__(self, weights: Mapping[int, int], /) -> None:
        if not isinstance(weights, Mapping):
            raise TypeError(
                _("weights must be a mapping, not {name__}").format(name__=type(weights).__name__)
            )
        merged: dict[int, int] = {}
        for key, value in weights.items():
            outcome = _as_int(key, _("an outcome"))
            weight = _as_int(value, _("a weight"))
            if weight <= 0:
                raise ValueError(
                    _("weights must be positive; outcome {outcome} has {weight}").format(
                        outcome=outcome, weight=weight
                    )
                )
            merged[outcome] = merged.get(outcome, 0) + weight
        if not merged:
            raise ValueError(_("a distribution needs at least one outcome"))
        check_size(len(merged), sum(w.bit_length() for w in merged.values()))
        self._init(sorted(merged.items()))

    def _init(self, pairs: list[tuple[int, int]]) -> None:
        """Fill the slots from sorted pairs of positive weights (callers guarantee both)."""
        divisor = math.gcd(*(w for _unused, w in pairs))
        if divisor != 1:
            pairs = [(o, w // divisor) for o, w in pairs]
        frozen = tuple(pairs)
        object.__setattr__(self, "_pairs", frozen)
        object.__setattr__(self, "_weights", dict(frozen))
        object.__setattr__(self, "_total", sum(w for _unused, w in frozen))
        object.__setattr__(self, "_hash", hash(frozen))

    @classmethod
    def _from_sorted(cls, pairs: list[tuple[int, int]]) -> Distribution:
        """Skip validation for pairs this module built itself."""
        self = object.__new__(cls)
        self._init(pairs)
        return self

    @classmethod
    def _from_dict(cls, weights: dict[int, int]) -> Distribution:
        return cls._from_sorted(sorted(weights.items()))

    # -- making distributions -------------------------------------------------------------

    @classmethod
    def constant(cls, value: int, /) -> Distribution:
        """A certain result, so fixed modifiers combine with dice like any other term.

        >>> Distribution.constant(3).pmf()
        {3: Fraction(1, 1)}
        """
        return cls._from_sorted([(_as_int(value, "value"), 1)])

    @classmethod
    def uniform(cls, outcomes: Iterable[int], /) -> Distribution:
        """Equally likely faces; a value listed twice is twice as likely (a custom die).

        >>> Distribution.uniform([2, 3, 3, 4, 4, 5]).probability(3)
        Fraction(1, 3)
        """
        counts = Counter(_as_int(o, _("an outcome")) for o in outcomes)
        if not counts:
            raise ValueError(_("a uniform distribution needs at least one outcome"))
        return cls._from_dict(dict(counts))

    # -- combining ------------------------------------------------------------------------

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, Distribution):
            return _convolve(self, other)
        if isinstance(other, int):
            return self._shift(other)
        return NotImplemented

    __radd__ = __add__

    def __sub__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, Distribution):
            return _convolve(self, -other)
        if isinstance(other, int):
            return self._shift(-other)
        return NotImplemented

    def __rsub__(self, other: int) -> Distribution:
        if isinstance(other, int):
            return (-self)._shift(other)
        return NotImplemented

    def __neg__(self) -> Distribution:
        return Distribution._from_sorted([(-o, w) for o, w in reversed(self._pairs)])

    def _shift(self, amount: int) -> Distribution:
        if amount == 0:
            return self
        return Distribution._from_sorted([(o + amount, w) for o, w in self._pairs])

    def repeat_sum(self, n: int, /) -> Distribution:
        """The sum of ``n`` independent copies, by repeated squaring so 1000 dice stay fast.

        >>> Distribution.uniform(range(1, 7)).repeat_sum(3).probability(10)
        Fraction(1, 8)
        >>> Distribution.uniform([1, 2]).repeat_sum(0)
        Distribution({0: 1})
        """
        n = _as_int(n, "n")
        if n < 0:
            raise ValueError(_("n must be at least 0, not {n}").format(n=n))
        if n == 0:
            return Distribution.constant(0)
        if len(self) == 1:
            return Distribution.constant(self.min * n)
        what = _("the sum of {n} copies").format(n=number(n))
        # total ** n needs at least this many bits: refuse before computing it.
        check_size(1, n * (self._total.bit_length() - 1), what=what)
        step = _lattice_step(self)
        slots = n * (self.max - self.min) // step + 1
        outcomes = min(slots, _multisets_capped(len(self), n, MAX_OUTCOMES))
        slot_bits = (self._total**n).bit_length()
        check_size(outcomes, outcomes * slot_bits, what=what)
        if slots * slot_bits <= MAX_WEIGHT_BITS:  # dense enough: one big-integer power
            slot = (slot_bits + 7) // 8
            packed = _pack(self, slot, step) ** n
            return _unpack(packed, slots, slot, base=n * self.min, step=step)
        result: Distribution | None = None
        square = self
        while True:
            if n & 1:
                result = square if result is None else _convolve(result, square)
            n >>= 1
            if not n:
                return result  # type: ignore[return-value]  # n >= 1 sets it at least once
            square = _convolve(square, square)

    def map(self, func: Callable[[int], int], /) -> Distribution:
        """Relabel outcomes; outcomes that land together add their weights.

        >>> Distribution.uniform(range(1, 7)).map(lambda face: face >= 5).pmf()
        {0: Fraction(2, 3), 1: Fraction(1, 3)}
        """
        merged: dict[int, int] = {}
        for outcome, weight in self._pairs:
            key = _as_int(func(outcome), _("a mapped outcome"))
            merged[key] = merged.get(key, 0) + weight
        return Distribution._from_dict(merged)

    # -- reading --------------------------------------------------------------------------

    @property
    def pairs(self) -> Pairs:
        """(outcome, weight) pairs in outcome order, for callers that walk the weights."""
        return self._pairs

    @property
    def outcomes(self) -> tuple[int, ...]:
        return tuple(o for o, _unused in self._pairs)

    @property
    def total_weight(self) -> int:
        return self._total

    @property
    def min(self) -> int:
        return self._pairs[0][0]

    @property
    def max(self) -> int:
        return self._pairs[-1][0]

    def weight(self, outcome: int, /) -> int:
        return self._weights.get(outcome, 0)

    def probability(self, outcome: int, /) -> Fraction:
        return Fraction(self.weight(outcome), self._total)

    def pmf(self) -> dict[int, Fraction]:
        return {o: Fraction(w, self._total) for o, w in self._pairs}

    def probability_where(self, predicate: Callable[[int], object], /) -> Fraction:
        """The chance the outcome satisfies ``predicate``, e.g. "beats the target number".

        >>> Distribution.uniform(range(1, 7)).probability_where(lambda x: x % 2 == 0)
        Fraction(1, 2)
        """
        return Fraction(sum(w for o, w in self._pairs if predicate(o)), self._total)

    def at_most(self, value: int, /) -> Fraction:
        return self.probability_where(lambda o: o <= value)

    def at_least(self, value: int, /) -> Fraction:
        return self.probability_where(lambda o: o >= value)

    def mean(self) -> Fraction:
        return Fraction(sum(o * w for o, w in self._pairs), self._total)

    def __len__(self) -> int:
        return len(self._pairs)

    def __iter__(self) -> Iterator[int]:
        return (o for o, _unused in self._pairs)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._weights

    # -- value semantics ------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._hash == other._hash and self._pairs == other._pairs

    def __hash__(self) -> int:
        return self._hash

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(_("Distribution is immutable; cannot set {name!r}").format(name=name))

    def __delattr__(self, name: str) -> None:
        raise AttributeError(
            _("Distribution is immutable; cannot delete {name!r}").format(name=name)
        )

    def __reduce__(self) -> tuple[type[Distribution], tuple[dict[int, int]]]:
        return (Distribution, (dict(self._pairs),))

    def __repr__(self) -> str:
        """The weights when they fit on a line; otherwise the range, size and mean.

        >>> Distribution.uniform(range(1, 21)).repeat_sum(3)
        <Distribution 3..60, 58 outcomes, mean 31.5>
        """
        if len(self) <= 8 and self._total < 10**12:
            return f"Distribution({dict(self._pairs)})"
        return _("<Distribution {min}..{max}, {count} outcomes, mean {float}>").format(
            min=self.min, max=self.max, count=len(self), float=number(float(self.mean()))
        )


def _multisets_capped(kinds: int, n: int, cap: int) -> int:
    """How many sums n draws from ``kinds`` outcomes could give at most, stopping past ``cap``.

    >>> _multisets_capped(6, 2, 100), _multisets_capped(6, 1000, 100)
    (21, 101)
    """
    r = min(kinds - 1, n)
    top = n + kinds - 1
    count = 1
    for i in range(1, r + 1):
        count = count * (top - r + i) // i  # C(top - r + i, i), rising with i
        if count > cap:
            return cap + 1
    return count


def _lattice_step(dist: Distribution) -> int:
    """The common gap between outcomes, so sums of e.g. {0, 10, 20} pack without holes."""
    return math.gcd(*(o - dist.min for o in dist)) or 1


def _convolve(a: Distribution, b: Distribution) -> Distribution:
    """The distribution of a + b for independent a and b."""
    if len(a) == 1:
        return b._shift(a.min)
    if len(b) == 1:
        return a._shift(b.min)
    step = math.gcd(_lattice_step(a), _lattice_step(b))
    slots = (a.max + b.max - a.min - b.min) // step + 1
    pairs = len(a) * len(b)
    slot_bits = (a.total_weight * b.total_weight).bit_length()
    outcomes = min(slots, pairs)
    check_size(outcomes, outcomes * slot_bits)
    if slots * slot_bits <= MAX_WEIGHT_BITS:
        slot = (slot_bits + 7) // 8
        packed_a = _pack(a, slot, step)
        packed_b = packed_a if a is b else _pack(b, slot, step)
        return _unpack(packed_a * packed_b, slots, slot, base=a.min + b.min, step=step)
    merged: dict[int, int] = {}
    for x, wx in a.pairs:
        for y, wy in b.pairs:
            merged[x + y] = merged.get(x + y, 0) + wx * wy
    return Distribution._from_dict(merged)


# Packing writes the weight of outcome ``min + i * step`` into bytes ``i * slot`` onwards of
# one big integer, so multiplying packed integers multiplies the weight polynomials. A slot
# must hold the largest product weight, which is below the product of the total weights.


def _pack(dist: Distribution, slot: int, step: int) -> int:
    buffer = bytearray(((dist.max - dist.min) // step + 1) * slot)
    low = dist.min
    for outcome, weight in dist.pairs:
        start = (outcome - low) // step * slot
        buffer[start : start + slot] = weight.to_bytes(slot, "little")
    return int.from_bytes(buffer, "little")


def _unpack(packed: int, slots: int, slot: int, *, base: int, step: int) -> Distribution:
    data = packed.to_bytes(slots * slot, "little")
    pairs = []
    for i in range(slots):
        weight = int.from_bytes(data[i * slot : (i + 1) * slot], "little")
        if weight:
            pairs.append((base + i * step, weight))
    return Distribution._from_sorted(pairs)
