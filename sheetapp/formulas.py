"""A whitelisting evaluator for the formulas that data files carry.

Universe packs are written by game masters and shared; a formula such as
``ceil((willpower + reflexes) / 2)`` must never be able to do more than arithmetic. So the
text is parsed into Python's AST and every node is checked against a short list before
anything is evaluated; nothing ever reaches ``eval``. What a formula may hold: numbers, the
names it is given, ``+ - * / // %``, parentheses, comparisons (worth 1 when true, 0 when
false) and the functions min, max, ceil, floor, round and abs. Text length, node count,
nesting depth and every number's size are bounded, so hostile input is refused quickly
instead of hanging or eating memory.

The one documented refusal is ``FormulaError`` (a ValueError) with a message that says what
to change; nothing else escapes, whatever the text (a property test holds us to that).

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
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from sheetapp.i18n import _

MAX_TEXT = 500
MAX_NODES = 200
MAX_DEPTH = 25
MAX_MAGNITUDE = 10**12
# Exact fractions keep "/ 3" honest, but repeated division could grow a denominator without
# bound while the value stays small; past this many bits the formula is refused.
MAX_DENOMINATOR_BITS = 256


class FormulaError(ValueError):
    """A formula that cannot be accepted or evaluated; the message says why."""


Number = int | Fraction


def _round_half_up(x: Number) -> int:
    # Players round halves up; Python's round() would send 2.5 to 2.
    return math.floor(Fraction(x) + Fraction(1, 2))


_FUNCTIONS: dict[str, tuple[Callable[..., Number], int, int]] = {
    # name: (function, least args, most args)
    # Packed into a tuple, since min(5) alone would look for an iterable.
    "min": (lambda *args: min(args), 1, 20),
    "max": (lambda *args: max(args), 1, 20),
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

# What people reach for most often, refused with a hint instead of a bare node name.
_REFUSED: dict[type[ast.AST], str] = {
    ast.Attribute: "attribute access ('.') is not allowed",
    ast.Subscript: "indexing with [ ] is not allowed",
    ast.Lambda: "lambda is not allowed",
    ast.NamedExpr: "assignment (:=) is not allowed",
    ast.IfExp: "'x if c else y' is not allowed; use a comparison, e.g. 5 * (fitness > 40)",
    ast.BoolOp: "'and'/'or' are not allowed; use min(), max() or comparisons",
    ast.List: "lists are not allowed",
    ast.Tuple: "tuples are not allowed",
    ast.Set: "sets are not allowed",
    ast.Dict: "dictionaries are not allowed",
    ast.ListComp: "comprehensions are not allowed",
    ast.SetComp: "comprehensions are not allowed",
    ast.DictComp: "comprehensions are not allowed",
    ast.GeneratorExp: "comprehensions are not allowed",
    ast.JoinedStr: "only numbers may appear as values, not text",
    ast.Await: "await is not allowed",
    ast.Starred: "* arguments are not allowed",
}


@dataclass(frozen=True)
class Formula:
    """A checked formula, ready to evaluate as often as needed."""

    text: str
    names: frozenset[str]
    _tree: ast.Expression

    @property
    def used_names(self) -> frozenset[str]:
        """The names the formula actually reads."""
        called = {id(n.func) for n in ast.walk(self._tree) if isinstance(n, ast.Call)}
        return frozenset(
            n.id for n in ast.walk(self._tree) if isinstance(n, ast.Name) and id(n) not in called
        )

    def evaluate(self, values: Mapping[str, int]) -> int:
        """The formula's value, rounded down to a whole number."""
        result = _evaluate(self._tree.body, values)
        return math.floor(result)


def compile_formula(text: str, names: Iterable[str]) -> Formula:
    """Parse and check ``text``; raise FormulaError naming the first thing refused."""
    allowed = frozenset(names)
    if not isinstance(text, str):
        raise FormulaError(_("a formula must be text"))
    if len(text) > MAX_TEXT:
        raise FormulaError(
            _("formula is longer than {MAX_TEXT} characters").format(MAX_TEXT=MAX_TEXT)
        )
    if not text.strip():
        raise FormulaError(_("formula is empty"))
    if "\x00" in text:
        raise FormulaError(_("formula holds a NUL character"))
    try:
        with warnings.catch_warnings():
            # Odd escapes in a string literal warn while parsing; the literal is refused anyway.
            warnings.simplefilter("ignore")
            tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise FormulaError(
            _("not a formula: {msg} (column {offset})").format(msg=exc.msg, offset=exc.offset)
        ) from None
    except (RecursionError, MemoryError):
        raise FormulaError(_("formula is nested too deeply")) from None
    except ValueError as exc:
        raise FormulaError(_("not a formula: {exc}").format(exc=exc)) from None
    count = 0
    for _unused in ast.walk(tree):
        count += 1
        if count > MAX_NODES:
            raise FormulaError(
                _("formula has more than {MAX_NODES} parts").format(MAX_NODES=MAX_NODES)
            )
    _check(tree.body, allowed, 0)
    return Formula(text.strip(), allowed, tree)


def formula_problem(text: str, names: Iterable[str]) -> str | None:
    """Why ``text`` is refused, or None when it is a good formula."""
    try:
        compile_formula(text, names)
    except FormulaError as exc:
        return str(exc)
    return None


def _check(node: ast.AST, names: frozenset[str], depth: int) -> None:
    if depth > MAX_DEPTH:
        raise FormulaError(_("formula is nested too deeply"))
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
            raise FormulaError(
                _("only numbers may appear as values, not {shown}").format(shown=_shown(node.value))
            )
        if not abs(node.value) <= MAX_MAGNITUDE:  # also refuses inf and nan
            raise FormulaError(_("number {shown} is too large").format(shown=_shown(node.value)))
        if _exact(node.value).denominator > MAX_MAGNITUDE:
            raise FormulaError(
                _("number {shown} has too many decimal places").format(shown=_shown(node.value))
            )
    elif isinstance(node, ast.Name):
        if node.id not in names:
            known = ", ".join(sorted(names))
            raise FormulaError(
                _("unknown name '{id}'; a formula may use {known}").format(id=node.id, known=known)
            )
    elif isinstance(node, ast.BinOp):
        if type(node.op) not in _BINARY:
            raise FormulaError(_("only + - * / // % may combine values"))
        _check(node.left, names, depth + 1)
        _check(node.right, names, depth + 1)
    elif isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, (ast.USub, ast.UAdd)):
            raise FormulaError(_("only + and - may stand before a value"))
        _check(node.operand, names, depth + 1)
    elif isinstance(node, ast.Compare):
        if any(type(op) not in _COMPARE for op in node.ops):
            raise FormulaError(_("only < <= > >= == != may compare values"))
        for part in (node.left, *node.comparators):
            _check(part, names, depth + 1)
    elif isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            raise FormulaError(_("only min, max, ceil, floor, round and abs may be called"))
        _unused, least, most = _FUNCTIONS[node.func.id]
        if any(isinstance(arg, ast.Starred) for arg in node.args):
            raise FormulaError(_("* arguments are not allowed"))
        if node.keywords or not least <= len(node.args) <= most:
            raise FormulaError(
                _("{id}() takes {least} to {most} plain arguments").format(
                    id=node.func.id, least=least, most=most
                )
            )
        for arg in node.args:
            _check(arg, names, depth + 1)
    else:
        name = type(node).__name__
        raise FormulaError(_REFUSED.get(type(node), f"'{name}' is not allowed in a formula"))


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _exact(value: int | float) -> Number:
    # 0.1 means one tenth, as written, not the nearest binary fraction.
    return Fraction(repr(value)) if isinstance(value, float) else value


def _bounded(value: Number) -> Number:
    if abs(value) > MAX_MAGNITUDE:
        raise FormulaError(_("formula value grew beyond the allowed size"))
    if isinstance(value, Fraction) and value.denominator.bit_length() > MAX_DENOMINATOR_BITS:
        raise FormulaError(_("formula divides into fractions too fine to keep"))
    return value


def _evaluate(node: ast.AST, values: Mapping[str, int]) -> Number:
    if isinstance(node, ast.Constant):
        return _exact(node.value)
    if isinstance(node, ast.Name):
        if node.id not in values:
            raise FormulaError(_("no value for '{id}'").format(id=node.id))
        return values[node.id]
    if isinstance(node, ast.BinOp):
        left = _evaluate(node.left, values)
        right = _evaluate(node.right, values)
        if isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)) and right == 0:
            raise FormulaError(_("formula divides by zero"))
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
    raise FormulaError(
        _("'{name__}' is not allowed in a formula").format(name__=type(node).__name__)
    )
