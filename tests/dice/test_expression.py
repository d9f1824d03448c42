"""Dice expressions: parsing, normalised text, exact odds, rolls, and helpful refusals."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.dice import (
    DiceExpression,
    DiceExpressionError,
    Distribution,
    Roller,
    RollResult,
    dice_sum,
    die,
    fudge,
    parse,
)
from sheetapp.dice.expression import ConstantTerm, DiceTerm, RolledTerm, Term, is_valid


class Faces(random.Random):
    """A generator that rolls the given faces, in order, so printed rolls can be checked."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self._faces = iter(faces)

    def randint(self, a: int, b: int) -> int:
        face = next(self._faces)
        assert a <= face <= b
        return face


signs = st.sampled_from([1, -1])
dice_terms = st.builds(
    DiceTerm, st.integers(0, 1000), st.one_of(st.integers(1, 10_000), st.just("F")), signs
)
constant_terms = st.builds(ConstantTerm, st.integers(0, 10**9), signs)
expressions = st.lists(st.one_of(dice_terms, constant_terms), min_size=1, max_size=8).map(
    lambda terms: DiceExpression(tuple(terms))
)
small_expressions = st.lists(
    st.one_of(
        st.builds(DiceTerm, st.integers(0, 6), st.one_of(st.integers(1, 20), st.just("F")), signs),
        st.builds(ConstantTerm, st.integers(0, 50), signs),
    ),
    min_size=1,
    max_size=5,
).map(lambda terms: DiceExpression(tuple(terms)))


@st.composite
def handwritten(draw: st.DrawFn, expr: DiceExpression) -> str:
    """``expr`` as a person might type it: spacing, case, d%, omitted counts all vary."""
    spaces = st.text(alphabet=" \t", max_size=2)
    out = [draw(spaces)]
    for index, term in enumerate(expr.terms):
        if index or term.sign < 0 or draw(st.booleans()):
            out.append(("+" if term.sign > 0 else "-") + draw(spaces))
        if isinstance(term, ConstantTerm):
            out.append(str(term.value))
        else:
            count = "" if term.count == 1 and draw(st.booleans()) else str(term.count)
            sides = str(term.sides)
            if term.sides == 100 and draw(st.booleans()):
                sides = "%"
            elif term.sides == "F":
                sides = draw(st.sampled_from("Ff"))
            out.append(count + draw(st.sampled_from("dD")) + sides)
        out.append(draw(spaces))
    return "".join(out)


def term_mean(term: Term) -> Fraction:
    if isinstance(term, ConstantTerm):
        return Fraction(term.sign * term.value)
    if term.sides == "F":
        return Fraction(0)
    return term.sign * Fraction(term.count * (term.sides + 1), 2)


class TestParse:
    @pytest.mark.parametrize(
        ("text", "normalised"),
        [
            ("2d6+1", "2d6+1"),
            (" 2D6 +  1 ", "2d6+1"),
            ("d6", "1d6"),
            ("d%", "1d100"),
            ("3d%", "3d100"),
            ("4dF", "4dF"),
            ("df", "1dF"),
            ("dF+d4-2", "1dF+1d4-2"),
            ("-d4", "-1d4"),
            ("+3", "3"),
            ("0", "0"),
            ("007d06", "7d6"),
            ("1d20 - 1d4 + 0d6", "1d20-1d4+0d6"),
        ],
    )
    def test_normalised_text(self, text: str, normalised: str) -> None:
        expr = parse(text)
        assert expr.text == normalised == str(expr)
        assert parse(normalised) == expr

    def test_terms(self) -> None:
        assert parse("2d6-d%+dF-3").terms == (
            DiceTerm(2, 6),
            DiceTerm(1, 100, -1),
            DiceTerm(1, "F"),
            ConstantTerm(3, -1),
        )

    def test_limits_that_are_still_allowed(self) -> None:
        assert parse("1000d10000").terms == (DiceTerm(1000, 10_000),)
        assert len(parse("+".join(["1"] * 50)).terms) == 50
        assert parse("1" + " " * 199).text == "1"

    def test_is_valid(self) -> None:
        assert is_valid("d8+2")
        assert not is_valid("d8+")
        assert not is_valid("")
        assert not is_valid(8)


class TestErrors:
    def test_missing_sides_names_the_term(self) -> None:
        with pytest.raises(DiceExpressionError) as info:
            parse("3d")
        assert str(info.value) == "'3d' needs a number of sides after 'd'"

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("", "empty"),
            ("   ", "empty"),
            ("2d6+", "'2d6+' ends with '+'"),
            ("2d6 -", "ends with '-'"),
            ("-", "ends with '-'"),
            ("2d6++1", "'+' is followed by '+'"),
            ("+-3", "'+' is followed by '-'"),
            ("d", "'d' needs a number of sides"),
            ("2d6+d-1", "'d' needs a number of sides"),
            ("d0", "'d0': a die needs 1 to 10000 sides"),
            ("2d10001", "'2d10001': a die needs 1 to 10000 sides"),
            ("1001d6", "'1001d6': at most 1000 dice"),
            ("2 d6", "'2 d6': no spaces inside a term"),
            ("2d 6", "no spaces"),
            ("x", "'x' is not a dice term"),
            ("2d6*2", "'2d6*2' is not a dice term"),
            ("1.5", "'1.5' is not a dice term"),
            ("2d6d6", "not a dice term"),
            ("dd6", "not a dice term"),
            ("2d6 3", "no spaces"),
            ("d%%", "not a dice term"),
            ("d６", "not a dice term"),  # a full-width digit is not a digit here
            ("+".join(["1"] * 51), "at most 50 terms"),
            ("1" * 201, "at most 200 characters"),
        ],
    )
    def test_refusals_explain_themselves(self, text: str, message: str) -> None:
        with pytest.raises(DiceExpressionError, match=re.escape(message)):
            parse(text)

    def test_error_is_a_value_error(self) -> None:
        assert issubclass(DiceExpressionError, ValueError)

    def test_non_text_is_a_type_error(self) -> None:
        with pytest.raises(TypeError):
            parse(None)  # type: ignore[arg-type]

    @given(st.text(max_size=80))
    def test_any_text_parses_or_raises_the_dice_error(self, text: str) -> None:
        self._parses_or_refuses(text)

    @given(st.text(alphabet="0123456789dDfF%+- \t", max_size=40))
    def test_dice_like_text_parses_or_raises_the_dice_error(self, text: str) -> None:
        self._parses_or_refuses(text)

    @staticmethod
    def _parses_or_refuses(text: str) -> None:
        try:
            expr = parse(text)
        except DiceExpressionError:
            assert not is_valid(text)
        else:
            assert is_valid(text)
            assert parse(str(expr)) == expr

    @pytest.mark.parametrize(
        "build",
        [
            lambda: DiceTerm(1001, 6),
            lambda: DiceTerm(1, 0),
            lambda: DiceTerm(1, "G"),  # type: ignore[arg-type]
            lambda: DiceTerm(1, 6, 0),
            lambda: ConstantTerm(-1),
            lambda: DiceExpression(()),
            lambda: DiceExpression(("2d6",)),  # type: ignore[arg-type]
        ],
    )
    def test_terms_built_by_hand_are_checked(self, build) -> None:  # type: ignore[no-untyped-def]
        with pytest.raises(DiceExpressionError):
            build()


class TestRoundTrip:
    @given(expressions)
    def test_str_parses_back(self, expr: DiceExpression) -> None:
        assert parse(str(expr)) == expr

    @given(expressions.flatmap(lambda e: st.tuples(st.just(e), handwritten(e))))
    def test_handwritten_forms_parse_to_the_same_expression(
        self, pair: tuple[DiceExpression, str]
    ) -> None:
        expr, text = pair
        assert parse(text) == expr


class TestDistribution:
    def test_matches_the_standard_dice(self) -> None:
        assert parse("2d6+1").distribution() == dice_sum(2, 6) + 1
        assert parse("d%").distribution() == die(100)
        assert parse("4dF").distribution() == fudge(4)
        assert parse("2d6-d6").distribution() == dice_sum(2, 6) - die(6)
        assert parse("3").distribution() == Distribution.constant(3)
        assert parse("2d6+3d6").distribution() == dice_sum(5, 6)

    @given(small_expressions)
    def test_mean_is_the_sum_of_the_term_means(self, expr: DiceExpression) -> None:
        dist = expr.distribution()
        assert dist.mean() == sum((term_mean(t) for t in expr.terms), Fraction(0))
        assert sum(dist.pmf().values()) == 1

    @pytest.mark.parametrize("text", ["1000d10000", "+".join(["1000d6"] * 28), "999d999+999d998"])
    def test_too_large_to_compute_is_refused_quickly(self, text: str) -> None:
        start = time.perf_counter()
        with pytest.raises(DiceExpressionError, match=r"too large|outcomes"):
            parse(text).distribution()
        assert time.perf_counter() - start < 0.5

    def test_fifty_big_terms_are_refused_quickly(self) -> None:
        start = time.perf_counter()
        with pytest.raises(DiceExpressionError, match="too large"):
            DiceExpression((DiceTerm(1000, 6),) * 50).distribution()
        assert time.perf_counter() - start < 0.5


class TestRoll:
    def test_shows_every_die(self) -> None:
        result = parse("2d6+1").roll(Roller(rng=Faces([3, 5])))
        assert result == RollResult(
            "2d6+1", 9, (RolledTerm("2d6", 1, (3, 5), 8), RolledTerm("1", 1, (), 1))
        )
        assert str(result) == "2d6 (3, 5) + 1 = 9"

    def test_negative_and_fudge_parts(self) -> None:
        assert str(parse("-d4+2").roll(Roller(rng=Faces([3])))) == "-1d4 (3) + 2 = -1"
        fudged = parse("4dF - 1").roll(Roller(rng=Faces([-1, 0, 1, 1])))
        assert str(fudged) == "4dF (-1, 0, 1, 1) - 1 = 0"
        assert str(parse("5").roll(Roller(1))) == "5 = 5"

    @given(small_expressions, st.integers())
    def test_total_is_the_signed_sum_of_the_dice(self, expr: DiceExpression, seed: int) -> None:
        result = expr.roll(Roller(seed))
        assert result == expr.roll(Roller(seed))
        assert result.expression == expr.text
        assert result.total == sum(p.signed_value for p in result.parts)
        assert result.total in expr.distribution()
        for term, part in zip(expr.terms, result.parts, strict=True):
            if isinstance(term, DiceTerm):
                assert len(part.dice) == term.count
                low, high = (-1, 1) if term.sides == "F" else (1, term.sides)
                assert all(low <= face <= high for face in part.dice)
                assert part.value == sum(part.dice)
            else:
                assert part.dice == () and part.value == term.value
