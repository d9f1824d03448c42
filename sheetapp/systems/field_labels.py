"""Field paths as a player reads them, from a table of words each system keeps.

Findings point at fields by path (``skills[2].points``); people read "Skills › Marksman ›
Points". Every system turns a path into words the same way: a field name from its table of
words (else capitalised with spaces), a list line by the name of what it holds (else "line
N"). The systems differ only in data, so each holds one ``FieldLabels`` and nothing else.

>>> from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character
>>> labels = FieldLabels(words={"rank_points": "Rank points"}, hidden=frozenset({"creation"}),
...                      stand_ins={"characters": "Character"})
>>> sheet = AmazingEngineSheet(characters=[Character(name="Leo"), Character()])
>>> labels(sheet, "characters[0].creation.rank_points.charm")
'Leo › Rank points › Charm'
>>> labels(sheet, "characters[1].xp_ledger[2].amount")
'Character 2 › Xp ledger › line 3 › Amount'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sheetapp.i18n import _
from sheetapp.systems.field_paths import get_value, parse_path

SEPARATOR = " › "


def item_name(item: Any) -> str:
    """What names a list line: its ``name``, or "" for a line without one."""
    name = getattr(item, "name", "")
    return name if isinstance(name, str) else ""


@dataclass(frozen=True)
class FieldLabels:
    """How one system names the fields of its sheets; call it with a sheet and a path."""

    words: Mapping[str, str] = field(default_factory=dict)  # a field name -> what a player reads
    hidden: frozenset[str] = frozenset()  # fields left out of the label (a record's inner parts)
    # Lists whose line stands for the list itself: the line's name (else "<word> N") replaces
    # the list's word, so a character's fields read "Leo › ..." rather than "Characters › Leo".
    stand_ins: Mapping[str, str] = field(default_factory=dict)
    numbered: frozenset[str] = frozenset()  # lists whose lines read "line N" even when named
    name_of: Callable[[Any], str] = item_name  # the name of a list line

    def __call__(self, sheet: Any, path: str) -> str:
        steps = parse_path(path)
        parts: list[str | None] = []  # None: a stand-in no line has replaced
        for depth, step in enumerate(steps):
            if isinstance(step, int):
                owner = steps[depth - 1] if depth else None
                name = self._name(get_value(sheet, steps[: depth + 1]), owner)
                if isinstance(owner, str) and owner in self.stand_ins:
                    parts[-1] = name or _("{word} {number}").format(
                        word=_(self.stand_ins[owner]), number=step + 1
                    )
                else:
                    parts.append(name or _("line {number}").format(number=step + 1))
            elif step in self.stand_ins:
                parts.append(None)
            elif step not in self.hidden:
                # The words are marked (N_) in each system's table and read here, in the
                # reader's language; a field without a word reads as the code names it, through
                # the catalog (tests/i18n/test_shown_words.py keeps every field named there).
                word = self.words.get(step) or step.replace("_", " ").capitalize()
                parts.append(_(word))
        return SEPARATOR.join(p for p in parts if p is not None)

    def _name(self, item: Any, owner: str | int | None) -> str:
        return "" if item is None or owner in self.numbered else self.name_of(item)
