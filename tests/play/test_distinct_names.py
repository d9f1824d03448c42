"""A batch of generated NPCs never repeats a name: the systems' lists combine given and
family names, a taken name is drawn again, and only a batch larger than the lists can name
numbers its names."""

from __future__ import annotations

import re

import pytest

from sheetapp.play.batch import distinct_names, generate_npcs, people
from sheetapp.play.names import name_lists
from sheetapp.play.support import NpcRequest
from sheetapp.systems.amplitude.model import AmplitudeSheet
from sheetapp.systems.registry import system_ids

NUMBERED = re.compile(r" \d+$")


def names(sheets: list) -> list[str]:
    return [who.name for sheet in sheets for who in people(sheet)]


@pytest.mark.parametrize("system_id", system_ids())
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_a_batch_of_sixty_has_sixty_names_from_the_lists(system_id: str, seed: int) -> None:
    batch = names(list(generate_npcs(NpcRequest(system=system_id), 60, seed=seed)))
    assert len(batch) == 60
    assert len({n.casefold() for n in batch}) == 60
    assert not [n for n in batch if NUMBERED.search(n)]  # redrawn, never numbered


@pytest.mark.parametrize("list_id", sorted(name_lists()))
def test_every_name_list_names_sixty_apart(list_id: str) -> None:
    request = NpcRequest(system="amplitude", names=list_id)
    batch = names(list(generate_npcs(request, 60, seed=11)))
    assert len({n.casefold() for n in batch}) == 60
    assert not [n for n in batch if NUMBERED.search(n)]


def test_a_batch_larger_than_the_names_numbers_the_rest() -> None:
    batch = names(list(distinct_names(lambda: AmplitudeSheet(name="Hana Sato"), 4)))
    assert batch == ["Hana Sato", "Hana Sato 2", "Hana Sato 3", "Hana Sato 4"]
