"""A linear pre-scan of a pack's TOML text that refuses shapes no pack needs, before tomllib.

tomllib takes time quadratic in the parts of a dotted key (a 15,000-part key takes seconds,
50,000 parts minutes) and Python refuses to turn a run of more than 4,300 digits into an
integer (ValueError, not a TOML error). Neither is a pack a game master would write, so one
pass over the characters, tracking only strings, comments, brackets and whether a key or a
value is being read, refuses them with the line to fix; tomllib then sees only text whose
structure is small.

>>> structure_problem('id = "x"\\nformulas.stamina = "fitness"\\n') is None
True
>>> structure_problem('a = 1\\n' + '.'.join('k' * 12) + ' = 1\\n')
(2, 'pack.key_parts', 'a dotted key has more than 10 parts; write [tables] instead')
>>> structure_problem('n = ' + '9' * 101)
(1, 'pack.number', 'a number has more than 100 digits; no setting needs one that long')
"""

from __future__ import annotations

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


class _Scan:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.line = 1
        self.stack: list[str] = []  # "[" for an array, "{" for an inline table
        self.reading_key = True  # at a line's start at top level, or after "{" or ","
        self.in_header = False
        self.parts = 1
        self.digits = 0

    def run(self) -> Problem | None:
        text = self.text
        while self.i < len(text):
            c = text[self.i]
            if c == "\n":
                self.line += 1
                self.digits = 0
                if not self.stack:
                    self.reading_key, self.in_header, self.parts = True, False, 1
            elif c == "#":
                end = text.find("\n", self.i)
                self.i = len(text) if end < 0 else end
                continue
            elif c in "\"'":
                self.skip_string(c)
                self.digits = 0
                continue
            else:
                problem = self.key_char(c) if self.reading_key else self.value_char(c)
                if problem is not None:
                    return self.line, *problem
            self.i += 1
        return None

    def key_char(self, c: str) -> tuple[str, str] | None:
        if c == ".":
            self.parts += 1
            if self.parts > MAX_KEY_PARTS:
                return "pack.key_parts", (
                    f"a dotted key has more than {MAX_KEY_PARTS} parts; write [tables] instead"
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

    def value_char(self, c: str) -> tuple[str, str] | None:
        if "0" <= c <= "9":
            self.digits += 1
            if self.digits > MAX_NUMBER_DIGITS:
                return "pack.number", (
                    f"a number has more than {MAX_NUMBER_DIGITS} digits; "
                    "no setting needs one that long"
                )
            return None
        if c != "_":
            self.digits = 0
        if c in "[{":
            self.stack.append(c)
            if len(self.stack) > MAX_BRACKETS:
                return "pack.nesting", (
                    f"arrays or inline tables are nested more than {MAX_BRACKETS} deep; "
                    "flatten the tree"
                )
            if c == "{":
                self.reading_key, self.parts = True, 1
        elif c in "]}" and self.stack:
            self.stack.pop()
        elif c == "," and self.stack and self.stack[-1] == "{":
            self.reading_key, self.parts = True, 1
        return None

    def skip_string(self, quote: str) -> None:
        """Move past the string starting here, counting its lines (escapes only in "...")."""
        text = self.text
        triple = text.startswith(quote * 3, self.i)
        end_mark = quote * 3 if triple else quote
        j = self.i + len(end_mark)
        while j < len(text):
            c = text[j]
            if c == "\\" and quote == '"':
                if j + 1 < len(text) and text[j + 1] == "\n":
                    self.line += 1
                j += 2
                continue
            if c == "\n":
                if not triple:
                    break  # an unclosed string: tomllib will say so
                self.line += 1
            elif text.startswith(end_mark, j):
                j += len(end_mark)
                while triple and j < len(text) and text[j] == quote:  # up to two more quotes
                    j += 1
                break
            j += 1
        self.i = j
