"""What changed between two revisions of a sheet, field by field, in the rules' words.

Both revisions are walked as their JSON (the stored form, so any system works alike). Lines
of a list are matched by their ``id`` where they carry one (a core's characters), else by
their name as the system's labels read it (skills, weapons, gear: "Pilot added" rather
than "line 4 changed"), else by place. Each change is labelled by the system's own
``field_label`` (the words findings use), so "characters[0].attributes.fitness" reads
"Kess › Attributes › Fitness".

>>> from sheetapp.systems.amazing_engine.model import AmazingEngineSheet, Character, Skill
>>> kess = Character(id="k", name="Kess", attributes={"fitness": 31})
>>> before = AmazingEngineSheet(characters=[kess])
>>> after = before.model_copy(deep=True)
>>> after.characters[0].attributes["fitness"] = 36
>>> after.characters[0].skills.append(Skill(path=["Pilot"], attribute="reflexes"))
>>> summary(changes(before, after))
'Kess › Attributes › Fitness 31 -> 36; Kess › Skills › Pilot added'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from sheetapp.systems.field_labels import item_name
from sheetapp.systems.field_paths import get_value
from sheetapp.systems.registry import get_system

Kind = Literal["changed", "added", "removed"]
LONG_TEXT = 40  # characters: longer text (notes) is said to have changed, not quoted


@dataclass(frozen=True)
class Change:
    """One difference: ``path`` as findings write it, ``label`` as a player reads it."""

    path: str
    label: str
    kind: Kind
    before: Any = None
    after: Any = None

    @property
    def text(self) -> str:
        if self.kind != "changed":
            return f"{self.label} {self.kind}"
        if _long(self.before) or _long(self.after):
            return f"{self.label} changed"
        return f"{self.label} {_shown(self.before)} -> {_shown(self.after)}"

    def as_dict(self) -> dict[str, Any]:
        found = {"path": self.path, "label": self.label, "kind": self.kind, "text": self.text}
        if self.kind != "added":
            found["before"] = self.before
        if self.kind != "removed":
            found["after"] = self.after
        return found


def changes(before: BaseModel, after: BaseModel) -> list[Change]:
    """Every difference from ``before`` to ``after``, in the sheet's own order."""
    system = getattr(after, "system", None)
    if getattr(before, "system", None) != system:
        return [Change("system", "System", "changed", getattr(before, "system", None), system)]
    label = get_system(str(system)).field_label
    walk = _Walk(before, after, getattr(label, "name_of", item_name))
    found = []
    for path, kind, old, new in walk.walk(
        (), before.model_dump(mode="json"), after.model_dump(mode="json")
    ):
        text = _path_text(path)
        owner = before if kind == "removed" else after
        try:
            words = label(owner, text)
        except (LookupError, TypeError, ValueError, AttributeError):
            words = text  # a path the labels cannot follow still reads as a path
        found.append(Change(text, words, kind, old, new))
    return found


def summary(found: list[Change]) -> str:
    """The changes in one line, as a GM reads them ("" when nothing changed)."""
    return "; ".join(c.text for c in found)


Step = str | int
Walked = tuple[tuple[Step, ...], Kind, Any, Any]


@dataclass(frozen=True)
class _Walk:
    """Both revisions' JSON walked side by side; the sheets themselves name list lines."""

    before: BaseModel
    after: BaseModel
    name_of: Callable[[Any], str]

    def walk(self, path: tuple[Step, ...], old: Any, new: Any) -> Iterator[Walked]:
        if old == new:
            return
        if isinstance(old, dict) and isinstance(new, dict):
            for key in [*old, *(k for k in new if k not in old)]:
                if key not in new:
                    yield (*path, key), "removed", old[key], None
                elif key not in old:
                    if new[key] not in (None, "", [], {}):
                        yield (*path, key), "added", None, new[key]
                else:
                    yield from self.walk((*path, key), old[key], new[key])
            return
        if isinstance(old, list) and isinstance(new, list) and _lines(old + new):
            yield from self._lines(path, old, new)
            return
        yield path, "changed", old, new

    def _lines(self, path: tuple[Step, ...], old: list[Any], new: list[Any]) -> Iterator[Walked]:
        old_keys = self._keys(self.before, path, old)
        new_keys = self._keys(self.after, path, new)
        old_at = dict(zip(old_keys, range(len(old)), strict=True))
        for place, key in enumerate(new_keys):
            if key in old_at:
                yield from self.walk((*path, place), old[old_at[key]], new[place])
            else:
                yield (*path, place), "added", None, new[place]
        kept = set(new_keys)
        for place, key in enumerate(old_keys):
            if key not in kept:
                yield (*path, place), "removed", old[place], None

    def _keys(
        self, sheet: BaseModel, path: tuple[Step, ...], items: list[dict[str, Any]]
    ) -> list[tuple[Any, ...]]:
        """What matches a line across revisions: its id, else its name (the n-th of that
        name), else its place."""
        try:
            models = list(get_value(sheet, path))
        except (LookupError, TypeError, AttributeError):
            models = []
        seen: dict[tuple[Any, ...], int] = {}
        keys = []
        for place, item in enumerate(items):
            name = self.name_of(models[place]) if place < len(models) else ""
            if item.get("id"):
                base: tuple[Any, ...] = ("id", item["id"])
            elif name:
                base = ("name", name)
            else:
                base = ("place", place)
            seen[base] = seen.get(base, 0) + 1
            keys.append((*base, seen[base]))
        return keys


def _lines(items: list[Any]) -> bool:
    """Whether a list holds records (lines of a table) rather than plain values."""
    return bool(items) and all(isinstance(i, dict) for i in items)


def _path_text(path: tuple[Step, ...]) -> str:
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def _long(value: Any) -> bool:
    return isinstance(value, str) and (len(value) > LONG_TEXT or "\n" in value)


def _shown(value: Any) -> str:
    if value in (None, ""):
        return "(empty)"
    if isinstance(value, list):
        return ", ".join(_shown(v) for v in value) or "(empty)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "…"
    return str(value)
