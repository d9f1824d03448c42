"""Everything a person wrote prints: every string field of every system's sheet model gets
a unique marker, and each marker must be found in the exported PDF's text.

The models are walked generically (their ``model_fields``, nested models, one item in
every list), so a field added later is covered without touching this test; the only
hand-written list is ``NOT_WRITTEN``, the fields that are not text a person wrote.
"""

from __future__ import annotations

import enum
import io
import itertools
import re
import types
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import pytest
from pydantic import BaseModel, ValidationError
from pypdf import PdfReader

from sheetapp.pdf.export import export_pdf_bytes
from sheetapp.systems import registry

# (model class name, field name): why the field is not printed as the person typed it.
NOT_WRITTEN: dict[tuple[str, str], str] = {
    # Ids shown by display name: the universe is printed by its catalogue name.
    ("Character", "universe"): "a universe id, printed by its display name",
    # Ids the app makes to link records, never typed nor shown.
    ("Character", "id"): "an internal id linking ledger entries to the character",
    ("Skill", "id"): "an internal id (d6 pool) that ledger raises point at",
    ("Trait", "id"): "an internal id (d6 pool) that ledger raises point at",
    ("XpEntry", "item"): "the id of the skill or trait a d6 raise bought",
    # Written by the app when a raise is recorded, printed for raises (an award has none).
    ("XpEntry", "name"): "the raised skill's name as the app recorded it, shown for raises",
    # A campaign setting, not the character: each skill it names is marked "free".
    ("Settings", "free_skills"): "the referee's list of free skills, marked on each skill",
    # Pictures, not text.
    ("Character", "portrait"): "a portrait data URI, printed as the picture",
    ("AlternitySheet", "portrait"): "a portrait data URI, printed as the picture",
    ("AmplitudeSheet", "portrait"): "a portrait data URI, printed as the picture",
    ("D6PoolSheet", "portrait"): "a portrait data URI, printed as the picture",
    ("ForgottenFuturesSheet", "portrait"): "a portrait data URI, printed as the picture",
}

_SKIP = object()


class Markers:
    """Hands out short unique tokens (``QX17``) that survive line wrapping, remembering
    where each went."""

    def __init__(self, parent: Markers | None = None, *, padding: str = "") -> None:
        self._count = parent._count if parent else itertools.count(10)
        self.padding = parent.padding if parent else padding
        self.placed: dict[str, str] = {}

    def new(self, where: str) -> str:
        """A fresh token, after ``padding`` (words that a cut to N characters would keep
        while dropping the token at the end)."""
        token = f"QX{next(self._count)}Z"
        self.placed[token] = where
        return self.padding + token


def _unwrap_optional(annotation: Any) -> Any:
    """The type under ``Annotated[...]`` and ``X | None``."""
    if get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _value(annotation: Any, where: str, markers: Markers) -> Any:
    """A value for a field of this type: a marker for text, a filled model for a model,
    items for a list; ``_SKIP`` (keep the default) for everything else."""
    annotation = _unwrap_optional(annotation)
    if annotation is str:
        return markers.new(where)
    if _is_model(annotation):
        return _filled(annotation, markers, where)
    if get_origin(annotation) is list:
        (item,) = get_args(annotation)
        item = _unwrap_optional(item)
        if _is_model(item):
            return _variants(item, markers, f"{where}[]")
        value = _value(item, f"{where}[0]", markers)
        return _SKIP if value is _SKIP else [value]
    return _SKIP


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _first_choice(annotation: Any) -> Any:
    """A valid value for a field that is not text: the first of its choices, or 1."""
    annotation = _unwrap_optional(annotation)
    if get_origin(annotation) is Literal:
        return get_args(annotation)[0]
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return next(iter(annotation))
    return 1


def _switches(model: type[BaseModel]) -> list[tuple[str, Any]]:
    """The non-text settings that may change how an item prints (its kind, whether it is
    a weapon, an optional figure given): each becomes an item of its own."""
    found: list[tuple[str, Any]] = []
    for name, field in model.model_fields.items():
        annotation = _unwrap_optional(field.annotation)
        if get_origin(annotation) is Literal:
            found += [(name, choice) for choice in get_args(annotation)]
        elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            found += [(name, choice.value) for choice in annotation]
        elif not field.is_required() and field.default is None and annotation is not str:
            found.append((name, _first_choice(annotation)))
    return found


def _variants(model: type[BaseModel], markers: Markers, where: str) -> list[dict[str, Any]]:
    """One item as it comes, then one for each switch that a valid item can have, every
    one with its own markers."""
    items = []
    for switch in [None, *_switches(model)]:
        trial = Markers(markers)
        data = _filled(model, trial, f"{where}{'' if switch is None else switch}")
        if switch is not None:
            data[switch[0]] = switch[1]
        try:
            model.model_validate(data)
        except ValidationError:
            continue  # a combination the model refuses: no such item can be saved
        markers.placed.update(trial.placed)
        items.append(data)
    return items


def _filled(model: type[BaseModel], markers: Markers, where: str) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        value = _SKIP
        if (model.__name__, name) not in NOT_WRITTEN:
            value = _value(field.annotation, f"{where}.{name}", markers)
        if value is _SKIP and field.is_required():
            value = _first_choice(field.annotation)
        if value is not _SKIP:
            data[name] = value
    return data


def _text_of(pdf: bytes) -> str:
    return re.sub(r"\s+", "", "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages))


@pytest.mark.parametrize("system_id", registry.system_ids())
@pytest.mark.parametrize("padding", ["", "word " * 60], ids=["short", "long"])
def test_every_string_field_prints(system_id: str, padding: str) -> None:
    model = registry.get_system(system_id).model
    markers = Markers(padding=padding)
    sheet = model.model_validate(_filled(model, markers, model.__name__))
    text = _text_of(export_pdf_bytes([sheet], invariant=True))
    missing = sorted(where for token, where in markers.placed.items() if token not in text)
    assert not missing, f"{len(missing)} of {len(markers.placed)} fields missing: {missing}"


@pytest.mark.parametrize("system_id", registry.system_ids())
def test_stat_blocks_name_every_character(system_id: str) -> None:
    """A stat block is the GM's compact summary, cut to fit its block by design; what it
    is for is telling the characters apart, so each one's name must print in it."""
    model = registry.get_system(system_id).model
    sheet = model.model_validate(_filled(model, Markers(), model.__name__))
    text = _text_of(export_pdf_bytes([sheet], stat_blocks=True, invariant=True))
    names = [c.name for c in getattr(sheet, "characters", [sheet])]
    assert names and all(name in text for name in names)
