"""The Roll20 macros we write, and a parser for exactly that grammar (to check each one).

A macro shows the default roll template: ``&{template:default} {{name=Label}}`` then one
``{{row=...}}`` per line, a row holding plain text or one inline roll ``[[expr]]``:

    expr   := term (("+" | "-") term)* [(">" | "<") number]
    term   := [number] "d" (number | "F") | number

(``4d6>5`` counts the dice showing 5 or more and ``1d100<45`` a die showing 45 or less,
Roll20's success checks; ``4dF`` is Fudge dice.) Text never holds ``{``, ``}``, ``[``,
``]``, ``|``, ``@``, ``%``, ``&`` or ``~``, the characters Roll20 reads as macro syntax,
so a name cannot turn into a command.
"""

from __future__ import annotations

import re

from sheetapp.i18n import _

TEMPLATE = "&{template:default}"
_UNSAFE = re.compile(r"[{}\[\]|@%&~\n\r]")
_ROW = re.compile(r" \{\{([^{}=\[\]]+)=((?:[^{}\[\]]|\[\[[^\[\]]*\]\])*)\}\}")
_TERM = r"(?:\d*d(?:\d+|F)|\d+)"
_EXPR = re.compile(rf"{_TERM}(?:[+-]{_TERM})*(?:[<>]\d+)?")


class MacroError(ValueError):
    """A macro outside the grammar above."""


def safe(text: str) -> str:
    return _UNSAFE.sub(" ", text).strip() or "-"


def macro(label: str, rows: list[tuple[str, str]]) -> str:
    """``rows`` are (row name, text or ``[[expr]]``); names and texts are made safe."""
    parts = [TEMPLATE, f" {{{{name={safe(label)}}}}}"]
    for name, content in rows:
        if content.startswith("[[") and content.endswith("]]"):
            body = content
        else:
            body = safe(content)
        parts.append(f" {{{{{safe(name).replace('=', ' ')}={body}}}}}")
    return "".join(parts)


def parse(text: str) -> list[tuple[str, str]]:
    """The rows of a macro, each roll checked against the grammar; MacroError otherwise."""
    if not text.startswith(TEMPLATE):
        raise MacroError(_("a macro starts with the default template"))
    rest, rows = text[len(TEMPLATE):], []
    while rest:
        match = _ROW.match(rest)
        if not match:
            raise MacroError(_("not a template row: {rest!r}").format(rest=rest[:40]))
        name, content = match.groups()
        for roll in re.findall(r"\[\[([^\[\]]*)\]\]", content):
            if not _EXPR.fullmatch(roll):
                raise MacroError(_("not an inline roll: {roll!r}").format(roll=roll))
        if re.sub(r"\[\[[^\[\]]*\]\]", "", content) and "[[" in content:
            raise MacroError(
                _("a row holds one roll and nothing else: {content!r}").format(content=content)
            )
        rows.append((name, content))
        rest = rest[match.end():]
    if not rows or rows[0][0] != "name":
        raise MacroError(_("a macro's first row is its name"))
    return rows
