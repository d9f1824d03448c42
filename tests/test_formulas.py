"""The formula evaluator accepts arithmetic on attributes and refuses everything else, fast."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetapp.formulas import FormulaError, compile_formula

NAMES = {"fitness", "reflexes", "willpower"}


@pytest.mark.parametrize(
    ("text", "values", "expected"),
    [
        ("ceil((willpower + reflexes) / 2)", {"willpower": 12, "reflexes": 36}, 24),
        ("ceil(fitness / 5)", {"fitness": 21}, 5),
        ("max(10, fitness // 2) + 3 * (fitness > 20)", {"fitness": 21}, 13),
        ("round(fitness / 2)", {"fitness": 5}, 3),  # halves round up, as players expect
        ("floor(-fitness / 4)", {"fitness": 5}, -2),
        ("abs(min(fitness, 3) - 10) % 4", {"fitness": 1}, 1),
        ("fitness * 1.5", {"fitness": 3}, 4),
    ],
)
def test_formulas_compute(text, values, expected) -> None:
    assert compile_formula(text, NAMES).evaluate(values) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("__import__('os').system('echo hi')", "only min, max"),
        ("fitness.__class__", "Attribute"),
        ("[fitness]", "List"),
        ("fitness ** 2", "only + - * / // %"),
        ("lambda: 1", "Lambda"),
        ("strength + 1", "unknown name 'strength'"),
        ("'a' * 3", "only numbers"),
        ("True + 1", "only numbers"),
        ("max(*[1, 2])", "* arguments"),
        ("ceil(fitness, 2)", "takes 1 to 1"),
        ("fitness if fitness else 1", "IfExp"),
        ("", "empty"),
        ("1" * 600, "longer than"),
        ("(fitness + " * 40 + "1" + ")" * 40, "nested too deeply"),
        ("10 ** 100", "only + - * / // %"),
        ("1+" * 150 + "1", "more than 200 parts"),
    ],
)
def test_hostile_formulas_are_refused_with_a_reason(text, reason) -> None:
    with pytest.raises(FormulaError) as caught:
        compile_formula(text, NAMES)
    assert reason.lower() in str(caught.value).lower()


def test_division_by_zero_and_runaway_values_are_refused_when_evaluated() -> None:
    with pytest.raises(FormulaError, match="divides by zero"):
        compile_formula("fitness / (reflexes - reflexes)", NAMES).evaluate(
            {"fitness": 1, "reflexes": 2}
        )
    huge = "fitness" + " * 999999" * 5
    with pytest.raises(FormulaError, match="allowed size"):
        compile_formula(huge, NAMES).evaluate({"fitness": 999999})


@given(st.text(max_size=300))
def test_any_text_is_a_formula_or_a_formula_error_in_well_under_a_second(text: str) -> None:
    start = time.perf_counter()
    try:
        formula = compile_formula(text, NAMES)
        formula.evaluate({"fitness": 30, "reflexes": 40, "willpower": 50})
    except FormulaError:
        pass
    assert time.perf_counter() - start < 0.5
