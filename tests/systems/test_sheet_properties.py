"""Properties every registered system keeps, over many random sheets (one helper for all, so
a new system is covered by registering it):

- a generated sheet validates, round-trips through its file, and the same seed makes it again;
- any single mutation of a file is accepted (then checked, figured, described and listed in
  the roster without a crash) or refused at load with one clear line;
- an edit the form makes (one field set by path) is refused by validation or accepted, and
  an accepted edit is a sheet the file format takes back.

What only one system has (its score ranges, XP operations, play steps, which way each odds
input is better, with ``tests/systems/monotonicity.py``) stays in that system's
``test_properties.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from sheetapp.findings import Severity
from sheetapp.storage.document import DocumentError, dumps, loads
from sheetapp.systems.field_paths import set_value
from sheetapp.systems.forgotten_futures import experience as ff_experience
from sheetapp.systems.plugin import NewOptions, SystemPlugin, figures_json
from sheetapp.systems.registry import get_system, system_ids
from tests.reliability.test_hostile_input import places, replace_at

SEEDS = st.integers(min_value=0, max_value=2**32)

# The prefix of every finding code a system's check makes.
CODE_PREFIX = {
    "amazing-engine": "ae.",
    "forgotten-futures": "ff.",
    "d6-pool": "d6.",
    "alternity": "alt.",
    "amplitude": "amp.",
}

HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.integers(min_value=-3, max_value=14),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(
        ["<b>&", "</para>", "Ωμέγα", "Жизнь", "中文", "", "BODY+1", "Melee/0", "C/K",
         "d4s/d6w/d4m", "d6-2", "+3d20", "killed", "U", "major", "negative", "prime"]
    ),
    st.lists(st.integers(min_value=-100, max_value=100), max_size=3),
    st.dictionaries(
        st.sampled_from(["strength", "will", "fitness", "body", "mind", "soul", "luck", "x"]),
        st.integers(min_value=-100, max_value=200),
        max_size=3,
    ),
)


def random_sheet(system_id: str, seed: int, *, npc: bool = False) -> BaseModel:
    return get_system(system_id).new(NewOptions(random=True, seed=seed, npc=npc))


def _with_bonus_history(seed: int) -> BaseModel:
    """A Forgotten Futures record with play behind it: points awarded and an improvement
    tried, so mutations reach the bonus ledger too."""
    sheet = ff_experience.award(random_sheet("forgotten-futures", seed), 30)
    try:
        return ff_experience.improve_skill(sheet, 2, 4, adventure="One")
    except ff_experience.BonusRefused:
        return sheet


# The sheet a system's mutation and edit properties start from: a random one, or one with
# the history a plain random sheet lacks.
SAMPLE: dict[str, Callable[[int], BaseModel]] = {"forgotten-futures": _with_bonus_history}


def sample(system_id: str, seed: int) -> BaseModel:
    return SAMPLE.get(system_id, lambda s: random_sheet(system_id, s))(seed)


def assert_shown_without_a_crash(plugin: SystemPlugin, sheet: BaseModel) -> None:
    """What the app does with a sheet it has loaded: check, figures, summary, roster."""
    findings = plugin.check(sheet)
    assert all(f.message and f.code.startswith(CODE_PREFIX[plugin.id]) for f in findings)
    json.dumps(figures_json(plugin.figures(sheet)))
    assert plugin.describe(sheet)
    plugin.roster(sheet)


@pytest.mark.parametrize("system_id", system_ids())
@given(seed=SEEDS, npc=st.booleans())
def test_a_generated_sheet_validates_and_round_trips(system_id: str, seed: int, npc) -> None:
    plugin = get_system(system_id)
    sheet = random_sheet(system_id, seed, npc=npc)
    errors = [f"{f.path}: {f.message}" for f in plugin.check(sheet) if f.severity is Severity.ERROR]
    assert errors == []
    assert loads(dumps(sheet)) == sheet
    again = random_sheet(system_id, seed, npc=npc)
    assert _without_ids(again.model_dump()) == _without_ids(sheet.model_dump())


def _without_ids(node: Any) -> Any:
    """A document with its item ids left out: they are random by design (unique across
    sheets), everything else the seed decides."""
    if isinstance(node, dict):
        return {k: _without_ids(v) for k, v in node.items() if k != "id"}
    if isinstance(node, list):
        return [_without_ids(v) for v in node]
    return node


@pytest.mark.parametrize("system_id", system_ids())
@given(seed=SEEDS, data=st.data())
def test_a_mutated_file_is_accepted_or_refused_in_one_line(system_id: str, seed, data) -> None:
    doc = json.loads(dumps(sample(system_id, seed)))
    path = data.draw(st.sampled_from(places(doc)))
    replace_at(doc, path, data.draw(HOSTILE), delete=False)
    try:
        loaded = loads(json.dumps(doc))
    except DocumentError as exc:
        assert str(exc).startswith("<sheet>: ") and "\n" not in str(exc)
        return
    assert_shown_without_a_crash(get_system(system_id), loaded)


@pytest.mark.parametrize("system_id", system_ids())
@given(seed=SEEDS, data=st.data())
def test_a_form_edit_is_refused_by_validation_or_kept_by_the_file(system_id, seed, data) -> None:
    sheet = sample(system_id, seed)
    doc = sheet.model_dump(mode="json")
    path = data.draw(st.sampled_from([p for p in places(doc) if p[0] != "system"]))
    try:
        set_value(sheet, path, data.draw(HOSTILE))
    except (ValidationError, ValueError):
        return
    assert_shown_without_a_crash(get_system(system_id), sheet)
    assert loads(dumps(sheet)) == sheet  # what the form accepts, saving keeps
