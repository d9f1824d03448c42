"""A stat block as words (``TextBlock``) and its two written forms, plain and Markdown.

A block is a title, a line of facts (system, setting, profession...), a strip of scores
and a few labelled lines ("Skills", "Weapons"). Every user string is kept to one line, and
in Markdown its markup characters are escaped, so a name like ``*Vex* | 2`` cannot bold a
word or break the table.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Literal

from sheetapp.i18n import _

Form = Literal["text", "markdown"]
FORMS: tuple[Form, ...] = ("text", "markdown")


@dataclass(frozen=True)
class TextBlock:
    name: str
    facts: Sequence[str] = ()  # "" entries are left out
    scores: Sequence[tuple[str, str]] = ()  # ("FIT", "31"), shown as a strip
    figures: Sequence[tuple[str, str]] = ()  # ("Stamina", "12"), on one line
    lines: Sequence[tuple[str, str]] = field(default_factory=tuple)  # ("Skills", "...")


def one_line(value: Any) -> str:
    """Any text on one line: line breaks and tabs become spaces, runs of spaces one."""
    return " ".join(str(value).split())


def blocks_of(sheet: Any, character: int | None = None) -> list[TextBlock]:
    """The blocks of a sheet: one per character (an Amazing Engine core's, or just
    ``character`` when given), one for a sheet of another system."""
    system_id = str(getattr(sheet, "system", ""))
    module = _module(system_id)
    if module is None:
        return [TextBlock(one_line(getattr(sheet, "name", "") or system_id))]
    return module.blocks(sheet, character)


def _module(system_id: str) -> ModuleType | None:
    """The system's module here, named after the system's folder (``d6-pool``:
    ``sheetapp.statblocks.d6_pool``); None for a system without one."""
    name = f"{__package__}.{system_id.replace('-', '_')}"
    if not system_id.replace("-", "_").isidentifier():
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module is there but something it imports is not
        return None


def write(blocks: Iterable[TextBlock], form: Form) -> str:
    """The blocks one after another, in ``form``, ending with a newline."""
    writer = _markdown if form == "markdown" else _plain
    return "\n\n".join(writer(b) for b in blocks) + "\n"


def _plain(block: TextBlock) -> str:
    lines = [one_line(block.name) or _("(no name)")]
    facts = [one_line(f) for f in block.facts if one_line(f)]
    if facts:
        lines.append(" · ".join(facts))
    if block.scores:
        lines.append("  ".join(f"{k} {one_line(v)}" for k, v in block.scores))
    if block.figures:
        lines.append(" · ".join(f"{k} {one_line(v)}" for k, v in block.figures))
    lines += [f"{label}: {one_line(text)}" for label, text in block.lines if one_line(text)]
    return "\n".join(lines)


# What makes markup inside a line (a block's text never starts a line of its own, so "#",
# "+" or "1." cannot start a heading or a list).
_MARKUP = re.compile(r"([\\`*_\[\]<>|~])")


def escape(value: str) -> str:
    """A user string as Markdown shows it literally."""
    return _MARKUP.sub(r"\\\1", one_line(value))


def _markdown(block: TextBlock) -> str:
    parts = [f"### {escape(block.name) or _('(no name)')}"]
    facts = [escape(f) for f in block.facts if one_line(f)]
    if facts:
        parts.append("*" + " · ".join(facts) + "*")
    if block.scores:
        heads = " | ".join(escape(k) for k, _unused in block.scores)
        rule = " | ".join("---" for _unused in block.scores)
        values = " | ".join(escape(v) for _unused, v in block.scores)
        parts.append(f"| {heads} |\n| {rule} |\n| {values} |")
    rows = []
    if block.figures:
        rows.append(" · ".join(f"**{escape(k)}** {escape(v)}" for k, v in block.figures))
    rows += [
        f"**{escape(label)}:** {escape(text)}" for label, text in block.lines if one_line(text)
    ]
    if rows:
        parts.append("  \n".join(rows))  # two spaces: a line break within the paragraph
    return "\n\n".join(parts)
