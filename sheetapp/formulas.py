"""A whitelisting evaluator for the formulas that data files carry.

Universe packs are written by game masters and shared; a formula such as
``ceil((willpower + reflexes) / 2)`` must never be able to do more than arithmetic. So the
text is parsed into Python's AST and every node is checked against a short list before
anything is evaluated; nothing ever reaches ``eval``. Sizes, depth and magnitudes are
bounded so hostile input is refused quickly instead of hanging.

>>> f = compile_formula("ceil((willpower + reflexes) / 2)", {"willpower", "reflexes"})
>>> f.evaluate({"willpower": 12, "reflexes": 36})
24
>>> compile_formula("__import__('os')", {"fitness"})
Traceback (most recent call last):
...
sheetapp.formulas.FormulaError: only min, max, ceil, floor, round and abs may be called
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

MAX_TEXT = 500
MAX_NODES = 200
MAX_DEPTH = 25
MAX_MAGNITUDE = 10**12


class FormulaError(ValueError):
    """A formula that cannot be accepted or evaluated; the message says why."""


Number = int | Fraction


def _round_half_up(x: Number) -> int:
    # Players round halves up; Python's round() would send 2.5 to 2.
    return math.floor(Fraction(x) + Fraction(1, 2))


_FUNCTIONS: dict[str, tuple[Callable[..., Number], int, int]] = {
    # name: (function, least args, most args)
    "min": (min, 1, 20),
    "max": (max, 1, 20),
    "ceil": (math.ceil, 1, 1),
    "floor": (math.floor, 1, 1),
    "round": (_round_half_up, 1, 1),
    "abs": (abs, 1, 1),
}

_BINARY: dict[type[ast.operator], Callable[[Number, Number], Number]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: Fraction(a) / Fraction(b),
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
}

_COMPARE: dict[type[ast.cmpop], Callable[[Number, Number], bool]] = {
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
}


@dataclass(frozen=True)
class Formula:
    text: str
    names: frozenset[str]
    _tree: ast.Expression

    def evaluate(self, values: Mapping[str, int]) -> int:
        """The formula's value, rounded down to a whole number."""
        result = _evaluate(self._tree.body, values)
        return math.floor(result)


def compile_formula(text: str, names: Iterable[str]) -> Formula:
    """Parse and check ``text``; raise FormulaError naming the first thing refused."""
    allowed = frozenset(names)
    if not isinstance(text, str):
        raise FormulaError("a formula must be text")
    if len(text) > MAX_TEXT:
        raise FormulaError(f"formula is longer than {MAX_TEXT} characters")
    if not text.strip():
        raise FormulaError("formula is empty")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise FormulaError(f"not a formula: {exc.msg} (column {exc.offset})") from None
    except (RecursionError, MemoryError, ValueError):
        raise FormulaError("formula is nested too deeply") from None
    count = 0
    for _ in ast.walk(tree):
        count += 1
        if count > MAX_NODES:
            raise FormulaError(f"formula has more than {MAX_NODES} parts")
    _check(tree.body, allowed, 0)
    return Formula(text.strip(), allowed, tree)


def _check(node: ast.AST, names: frozenset[str], depth: int) -> None:
    if depth > MAX_DEPTH:
        raise FormulaError("formula is nested too deeply")
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
            raise FormulaError(f"only numbers may appear as values, not {node.value!r}")
        if abs(node.value) > MAX_MAGNITUDE:
            raise FormulaError(f"number {node.value} is too large")
    elif isinstance(node, ast.Name):
        if node.id not in names:
            known = ", ".join(sorted(names))
            raise FormulaError(f"unknown name '{node.id}'; a formula may use {known}")
    elif isinstance(node, ast.BinOp):
        if type(node.op) not in _BINARY:
            raise FormulaError("only + - * / // % may combine values")
        _check(node.left, names, depth + 1)
        _check(node.right, names, depth + 1)
    elif isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, (ast.USub, ast.UAdd)):
            raise FormulaError("only + and - may stand before a value")
        _check(node.operand, names, depth + 1)
    elif isinstance(node, ast.Compare):
        if any(type(op) not in _COMPARE for op in node.ops):
            raise FormulaError("only < <= > >= == != may compare values")
        for part in (node.left, *node.comparators):
            _check(part, names, depth + 1)
    elif isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            raise FormulaError("only min, max, ceil, floor, round and abs may be called")
        _, least, most = _FUNCTIONS[node.func.id]
        if node.keywords or not least <= len(node.args) <= most:
            raise FormulaError(f"{node.func.id}() takes {least} to {most} plain arguments")
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                raise FormulaError("* arguments are not allowed")
            _check(arg, names, depth + 1)
    else:
        raise FormulaError(f"'{type(node).__name__}' is not allowed in a formula")


def _bounded(value: Number) -> Number:
    if abs(value) > MAX_MAGNITUDE:
        raise FormulaError("formula value grew beyond the allowed size")
    return value


def _evaluate(node: ast.AST, values: Mapping[str, int]) -> Number:
    if isinstance(node, ast.Constant):
        return Fraction(node.value) if isinstance(node.value, float) else node.value
    if isinstance(node, ast.Name):
        if node.id not in values:
            raise FormulaError(f"no value for '{node.id}'")
        return values[node.id]
    if isinstance(node, ast.BinOp):
        left = _evaluate(node.left, values)
        right = _evaluate(node.right, values)
        if isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)) and right == 0:
            raise FormulaError("formula divides by zero")
        return _bounded(_BINARY[type(node.op)](left, right))
    if isinstance(node, ast.UnaryOp):
        operand = _evaluate(node.operand, values)
        return -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.Compare):
        left = _evaluate(node.left, values)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = _evaluate(comparator, values)
            if not _COMPARE[type(op)](left, right):
                return 0
            left = right
        return 1
    if isinstance(node, ast.Call):
        func = _FUNCTIONS[node.func.id][0]  # type: ignore[union-attr]
        return _bounded(func(*(_evaluate(arg, values) for arg in node.args)))
    raise FormulaError(f"'{type(node).__name__}' is not allowed in a formula")
