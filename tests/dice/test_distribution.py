"""Distribution: exact arithmetic, value semantics and the size limits."""

from __future__ import annotations

import copy
import pickle
import time
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice.distribution import MAX_OUTCOMES, Distribution

D6 = Distribution.uniform(range(1, 7))

small_weights = st.dictionaries(
    st.integers(-20, 20), st.integers(1, 50), min_size=1, max_size=6
).map(Distribution)
# Outcomes spread far apart exercise the sparse (dictionary) convolution path.
sparse_weights = st.dictionaries(
    st.integers(-(10**12), 10**12), st.integers(1, 10**6), min_size=1, max_size=5
).map(Distribution)
any_weights = st.one_of(small_weights, sparse_weights)


def brute_sum(*dists: Distribution) -> Distribution:
    """a + b + ... by enumerating every combination, the definition the fast code must meet."""
    totals: Counter[int] = Counter()
    for combo in product(*(d.pairs for d in dists)):
        weight = 1
        for _, w in combo:
            weight *= w
        totals[sum(o for o, _ in combo)] += weight
    return Distribution(totals)


class TestConstruction:
    def test_weights_are_reduced_so_equal_odds_compare_equal(self) -> None:
        assert Distribution({1: 2, 2: 4}) == Distribution({1: 1, 2: 2})
        assert hash(Distribution({1: 3, 2: 3})) == hash(Distribution({2: 1, 1: 1}))
        assert Distribution({1: 2, 2: 4}).pairs == ((1, 1), (2, 2))

    @pytest.mark.parametrize("weights", [{}, {1: 0}, {1: 1, 2: -3}])
    def test_empty_or_non_positive_weights_are_refused(self, weights: dict[int, int]) -> None:
        with pytest.raises(ValueError):
            Distribution(weights)

    @pytest.mark.parametrize("weights", [{1.5: 1}, {1: 0.5}, {"1": 1}])
    def test_non_integers_are_a_type_error(self, weights: dict[object, object]) -> None:
        with pytest.raises(TypeError):
            Distribution(weights)  # type: ignore[arg-type]

    def test_a_mapping_is_required(self) -> None:
        with pytest.raises(TypeError):
            Distribution([(1, 1)])  # type: ignore[arg-type]

    def test_constant_and_uniform(self) -> None:
        assert Distribution.constant(5).pmf() == {5: 1}
        assert D6.pmf() == {face: Fraction(1, 6) for face in range(1, 7)}
        assert Distribution.uniform([1, 1, 2]).probability(1) == Fraction(2, 3)
        with pytest.raises(ValueError):
            Distribution.uniform([])

    def test_immutable(self) -> None:
        with pytest.raises(AttributeError):
            D6._pairs = ()  # type: ignore[misc]
        with pytest.raises(AttributeError):
            D6.anything = 1  # type: ignore[attr-defined]
        with pytest.raises(AttributeError):
            del D6._total

    def test_pickle_and_copy_keep_the_value(self) -> None:
        assert pickle.loads(pickle.dumps(D6)) == D6
        assert copy.deepcopy(D6) == D6
        assert copy.copy(D6) == D6

    def test_not_equal_to_other_types(self) -> None:
        assert Distribution.constant(3) != 3
        assert len({D6, Distribution.uniform(range(1, 7)), Distribution.constant(1)}) == 2


class TestReading:
    def test_two_d6(self) -> None:
        two = D6 + D6
        assert two.outcomes == tuple(range(2, 13))
        assert two.probability(7) == Fraction(6, 36)
        assert two.probability(2) == Fraction(1, 36)
        assert two.probability(13) == 0
        assert two.weight(7) == 6 and two.weight(99) == 0
        assert two.total_weight == 36
        assert (two.min, two.max, len(two)) == (2, 12, 11)
        assert list(two) == list(range(2, 13))
        assert 7 in two and 13 not in two
        assert two.mean() == 7

    def test_cumulative_odds(self) -> None:
        two = D6 + D6
        assert two.at_most(4) == Fraction(6, 36)
        assert two.at_least(10) == Fraction(6, 36)
        assert two.at_least(2) == 1 and two.at_most(1) == 0
        assert two.probability_where(lambda x: x % 2 == 0) == Fraction(1, 2)

    def test_repr_is_short(self) -> None:
        assert repr(Distribution({0: 1, 1: 1})) == "Distribution({0: 1, 1: 1})"
        big = D6.repeat_sum(100)
        assert repr(big) == "<Distribution 100..600, 501 outcomes, mean 350>"


class TestArithmetic:
    def test_int_shifts_from_either_side(self) -> None:
        assert (D6 + 2).outcomes == tuple(range(3, 9))
        assert (2 + D6) == D6 + 2
        assert (D6 - 1).outcomes == tuple(range(0, 6))
        assert (7 - D6).outcomes == tuple(range(1, 7))
        assert D6 + 0 is D6
        assert sum([D6, D6]) == D6 + D6

    def test_negation_and_subtraction(self) -> None:
        assert (-D6).outcomes == tuple(range(-6, 0))
        difference = D6 - D6
        assert difference.outcomes == tuple(range(-5, 6))
        assert difference.probability(0) == Fraction(1, 6)
        assert difference.mean() == 0

    def test_unsupported_operands(self) -> None:
        with pytest.raises(TypeError):
            D6 + 1.5  # type: ignore[operator]
        with pytest.raises(TypeError):
            "x" - D6  # type: ignore[operator]

    def test_map_merges_outcomes(self) -> None:
        parity = D6.map(lambda x: x % 2)
        assert parity == Distribution({0: 1, 1: 1})
        with pytest.raises(TypeError):
            D6.map(lambda x: x / 2)  # type: ignore[arg-type,return-value]

    def test_repeat_sum_small_cases(self) -> None:
        assert D6.repeat_sum(0) == Distribution.constant(0)
        assert D6.repeat_sum(1) == D6
        assert D6.repeat_sum(3) == D6 + D6 + D6
        assert Distribution.constant(4).repeat_sum(10) == Distribution.constant(40)
        with pytest.raises(ValueError):
            D6.repeat_sum(-1)
        with pytest.raises(TypeError):
            D6.repeat_sum(2.0)  # type: ignore[arg-type]

    def test_repeat_sum_on_a_lattice_and_sparse(self) -> None:
        tens = Distribution.uniform([0, 10, 20])
        assert tens.repeat_sum(3) == brute_sum(tens, tens, tens)
        far = Distribution({0: 1, 10**9: 3})
        assert far.repeat_sum(4) == brute_sum(far, far, far, far)
        odd = Distribution({0: 2, 1: 1, 100: 5})
        assert odd.repeat_sum(5) == brute_sum(*[odd] * 5)

    def test_repeat_sum_is_fast_for_big_pools(self) -> None:
        start = time.perf_counter()
        d20 = Distribution.uniform(range(1, 21))
        d10 = Distribution.uniform(range(1, 11))
        thirteen = d20.repeat_sum(13)
        sixty = d10.repeat_sum(60)
        assert time.perf_counter() - start < 0.5  # milliseconds in practice
        assert thirteen.total_weight == 20**13 and thirteen.mean() == Fraction(273, 2)
        assert sixty.total_weight == 10**60 and sixty.mean() == 330


class TestLimits:
    def test_too_many_outcomes_fail_fast(self) -> None:
        wide = Distribution.uniform(range(0, 2_000))
        steps = Distribution.uniform(range(0, 2_000_000, 2_000))
        start = time.perf_counter()
        with pytest.raises(ValueError, match="outcomes"):
            wide + steps  # 2,000,000 outcomes
        assert time.perf_counter() - start < 0.5
        assert MAX_OUTCOMES == 1_000_000

    @pytest.mark.parametrize("n", [10**4, 10**9, 10**30])
    def test_absurd_repeats_fail_fast(self, n: int) -> None:
        start = time.perf_counter()
        with pytest.raises(ValueError, match=r"too large|outcomes"):
            Distribution.uniform(range(1, 101)).repeat_sum(n)
        assert time.perf_counter() - start < 0.5

    def test_a_huge_mapping_is_refused(self) -> None:
        with pytest.raises(ValueError, match="too large"):
            Distribution({0: 2 ** (2**25)})


class TestProperties:
    @given(any_weights)
    def test_probabilities_sum_to_one(self, dist: Distribution) -> None:
        assert sum(dist.pmf().values()) == 1
        assert dist.at_most(dist.max) == 1 == dist.at_least(dist.min)

    @given(any_weights, any_weights)
    def test_mean_of_a_sum_is_the_sum_of_means(self, a: Distribution, b: Distribution) -> None:
        assert (a + b).mean() == a.mean() + b.mean()
        assert (a - b).mean() == a.mean() - b.mean()

    @given(any_weights, any_weights)
    def test_addition_matches_brute_force(self, a: Distribution, b: Distribution) -> None:
        assert a + b == brute_sum(a, b) == b + a

    @given(small_weights, small_weights, small_weights)
    def test_addition_is_associative(
        self, a: Distribution, b: Distribution, c: Distribution
    ) -> None:
        assert (a + b) + c == a + (b + c)

    @given(any_weights, st.integers(0, 5))
    def test_repeat_sum_matches_repeated_addition(self, dist: Distribution, n: int) -> None:
        expected = Distribution.constant(0)
        for _ in range(n):
            expected = expected + dist
        assert dist.repeat_sum(n) == expected

    @given(any_weights, st.integers(-(10**6), 10**6))
    def test_negation_and_shift(self, dist: Distribution, k: int) -> None:
        negated = -dist
        assert -negated == dist
        assert (dist + k) - k == dist
        assert (k - dist) == -(dist - k)
        assert (dist + k).mean() == dist.mean() + k

    @given(any_weights)
    def test_equal_values_hash_equal(self, dist: Distribution) -> None:
        scaled = Distribution({o: 7 * w for o, w in dist.pairs})
        assert scaled == dist and hash(scaled) == hash(dist)
