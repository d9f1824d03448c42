"""A linear pre-scan of a pack's TOML text that refuses shapes no pack needs, before tomllib.

tomllib takes time quadratic in the parts of a dotted key (a 15,000-part key takes seconds,
50,000 parts minutes) and Python refuses to turn a run of more than 4,300 digits into an
integer (ValueError, not a TOML error). Neither is a pack a game master would write, so one
pass over its tokens (one regular expression), tracking only strings, comments, brackets and
whether a key or a value is being read, refuses them with the line to fix; tomllib then sees
only text whose structure is small.

>>> structure_problem('id = "x"\\nformulas.stamina = "fitness"\\n') is None
True
>>> structure_problem('a = 1\\n' + '.'.join('k' * 12) + ' = 1\\n')
(2, 'pack.key_parts', 'a dotted key has more than 10 parts; write [tables] instead')
>>> structure_problem('n = ' + '9' * 101)
(1, 'pack.number', 'a number has more than 100 digits; no setting needs one that long')
"""

from __future__ import annotations

import re

from sheetapp.i18n import _

MAX_KEY_PARTS = 10  # a pack needs two or three (formulas.stamina); tables nest the rest
MAX_BRACKETS = 40  # arrays and inline tables inside one another (packs.MAX_NESTING)
MAX_NUMBER_DIGITS = 100  # settings are at most four digits; floats a handful more


Problem = tuple[int, str, str]  # line, code, message


def structure_problem(text: str) -> Problem | None:
    """The first line whose structure passes a limit, its problem's code and what is wrong;
    None if none does.

    Only counts: syntax errors are left to tomllib, which reports them with their line.
    """
    scan = _Scan(text)
    return scan.run()



# One token per match; every alternative always matches where it starts (an unclosed string
# runs to its line's or the text's end), so the scan never backtracks far.
_TOKENS = re.compile(
    r"""
    (?P<newline>\n)
    | (?P<comment>\#[^\n]*)
    | (?P<text>\"\"\"(?:[^"\\]|\\(?:.|\Z)|"(?!""))*(?:\"\"\"|\Z)
      | '''(?:[^']|'(?!''))*(?:'''|\Z)
      | "(?:[^"\\\n]|\\(?:.|\Z))*"?
      | '[^'\n]*'?)
    | (?P<digits>[0-9_]+)
    | (?P<mark>[.=\[\]{},])
    | (?P<other>[^\n\#"'0-9_.=\[\]{},]+)
    """,
    re.VERBOSE | re.DOTALL,
)


class _Scan:
    def __init__(self, text: str) -> None:
        self.text = text
        self.line = 1
        self.stack: list[str] = []  # "[" for an array, "{" for an inline table
        self.reading_key = True  # at a line's start at top level, or after "{" or ","
        self.in_header = False
        self.parts = 1

    def run(self) -> Problem | None:
        for token in _TOKENS.finditer(self.text):
            kind, value = token.lastgroup, token.group()
            problem = None
            if kind == "newline":
                self.line += 1
                if not self.stack:
                    self.reading_key, self.in_header, self.parts = True, False, 1
            elif kind == "text":
                self.line += value.count("\n")
            elif kind == "mark":
                problem = self.key_mark(value) if self.reading_key else self.value_mark(value)
            elif kind == "digits" and not self.reading_key:
                if len(value) - value.count("_") > MAX_NUMBER_DIGITS:
                    problem = "pack.number", (
                        _(
                            "a number has more than {n} digits; no setting needs one that long"
                        ).format(n=MAX_NUMBER_DIGITS)
                    )
            if problem is not None:
                return self.line, *problem
        return None

    def key_mark(self, c: str) -> tuple[str, str] | None:
        if c == ".":
            self.parts += 1
            if self.parts > MAX_KEY_PARTS:
                return "pack.key_parts", (
                    _("a dotted key has more than {n} parts; write [tables] instead").format(
                        n=MAX_KEY_PARTS
                    )
                )
        elif c == "=" and not self.in_header:
            self.reading_key, self.parts = False, 1
        elif c == "[" and not self.stack:
            self.in_header = True  # "[table]" or "[[array of tables]]"
        elif c == "]" and self.in_header:
            self.in_header, self.reading_key, self.parts = False, False, 1
        elif c == "}" and self.stack:  # an empty inline table, or a trailing comma
            self.stack.pop()
            self.reading_key = False
        return None

    def value_mark(self, c: str) -> tuple[str, str] | None:
        if c in "[{":
            self.stack.append(c)
            if len(self.stack) > MAX_BRACKETS:
                return "pack.nesting", (
                    _(
                        "arrays or inline tables are nested more than {n} deep; flatten the tree"
                    ).format(n=MAX_BRACKETS)
                )
            if c == "{":
                self.reading_key, self.parts = True, 1
        elif c in "]}" and self.stack:
            self.stack.pop()
        elif c == "," and self.stack and self.stack[-1] == "{":
            self.reading_key, self.parts = True, 1
        return None
