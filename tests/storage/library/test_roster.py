"""The roster: rows from columns only, sorted and filtered the way a GM types."""

from __future__ import annotations

import pytest

from sheetapp.storage.library import SORT_KEYS, RosterQuery
from sheetapp.storage.library import library as library_module
from sheetapp.storage.library.roster_sql import order_by

from .conftest import hero, npc


@pytest.fixture
def cast(lib):
    """Five sheets in two campaigns with tags; their ids by name."""
    ids = {
        "Zoë Ängström": lib.add(npc(1, "Zoë Ängström"), campaign="Harbour", tags=["smuggler"]),
        "brannoc": lib.add(npc(2, "brannoc"), campaign="Harbour", tags=["guard", "act 1"]),
        "Алёша Карамазов": lib.add(npc(3, "Алёша Карамазов", notes="a quiet monk")),
        "山田太郎": lib.add(npc(4, "山田太郎"), campaign="Far East", tags=["guard"]),
        "Mira <the> & Co": lib.add(hero(5, "Mira <the> & Co"), campaign="Far East"),
    }
    return ids


def names(rows) -> list[str]:
    return [r.name for r in rows]


def test_listing_never_parses_a_sheet(lib, cast, monkeypatch) -> None:
    def refuse(*_args):
        raise AssertionError("the roster parsed a document")

    monkeypatch.setattr(library_module, "decode", refuse)
    assert len(lib.roster()) == 5
    assert lib.rows(lib.roster_ids(RosterQuery(text="guard")))
    assert lib.search("monk")


def test_default_order_is_by_name_ignoring_case_and_accents(lib, cast) -> None:
    assert names(lib.roster()) == [
        "brannoc",
        "Mira <the> & Co",
        "Zoë Ängström",
        "Алёша Карамазов",
        "山田太郎",
    ]


@pytest.mark.parametrize("key", SORT_KEYS)
def test_every_sort_key_orders_both_ways(lib, cast, key) -> None:
    up = lib.roster(RosterQuery(sort=key))
    down = lib.roster(RosterQuery(sort=key, descending=True))
    assert sorted(r.id for r in up) == sorted(cast.values())
    assert [r.id for r in down] == [r.id for r in reversed(up)]


def test_sorting_by_campaign_kind_and_updated(lib, cast) -> None:
    by_campaign = lib.roster(RosterQuery(sort="campaign"))
    assert [r.campaign for r in by_campaign] == ["", "Far East", "Far East", "Harbour", "Harbour"]
    # Player characters first, then NPCs, each by name.
    assert names(lib.roster(RosterQuery(sort="kind"))) == [
        "Mira <the> & Co",
        "brannoc",
        "Zoë Ängström",
        "Алёша Карамазов",
        "山田太郎",
    ]
    lib.save(cast["brannoc"], npc(9, "brannoc"))
    assert lib.roster(RosterQuery(sort="updated", descending=True))[0].name == "brannoc"


def test_unknown_sort_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown sort"):
        order_by(RosterQuery(sort="colour"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (RosterQuery(text="bran"), ["brannoc"]),  # start of a name
        (RosterQuery(text="NNOC"), ["brannoc"]),  # any part of a name, any case
        (RosterQuery(text="zoe angst"), ["Zoë Ängström"]),  # accents optional, every word
        (RosterQuery(text="алеша"), ["Алёша Карамазов"]),
        (RosterQuery(text="太郎"), ["山田太郎"]),  # no spaces in the script: part of the name
        (RosterQuery(text="<the>"), ["Mira <the> & Co"]),
        (RosterQuery(text="&"), ["Mira <the> & Co"]),
        (RosterQuery(text="monk"), ["Алёша Карамазов"]),  # a word of the notes
        (RosterQuery(text="smug"), ["Zoë Ängström"]),  # a tag
        (RosterQuery(text='" OR *'), []),  # query syntax is just text
        (RosterQuery(campaign="Harbour"), ["brannoc", "Zoë Ängström"]),
        (RosterQuery(campaign=""), ["Алёша Карамазов"]),
        (RosterQuery(tag="guard"), ["brannoc", "山田太郎"]),
        (RosterQuery(tag="gua"), []),  # tags match whole
        (RosterQuery(npc=False), ["Mira <the> & Co"]),
        (RosterQuery(system="amazing-engine", campaign="Far East", npc=True), ["山田太郎"]),
        (RosterQuery(system="d6-pool"), []),
        (RosterQuery(text="guard", campaign="Harbour"), ["brannoc"]),
    ],
)
def test_filters(lib, cast, query, expected) -> None:
    assert names(lib.roster(query)) == expected
    assert lib.roster_ids(query) == [r.id for r in lib.roster(query)]


def test_ids_then_rows_for_a_lazy_view(lib, cast) -> None:
    ids = lib.roster_ids(RosterQuery(sort="name", descending=True))
    wanted = [ids[3], ids[0], 999]
    assert [r.id for r in lib.rows(wanted)] == wanted[:2]
    assert lib.rows([]) == []


def test_choices_for_the_filter_menus(lib, cast) -> None:
    assert lib.campaigns() == ["Far East", "Harbour"]
    assert lib.systems() == ["amazing-engine"]
    assert lib.tags() == ["act 1", "guard", "smuggler"]
    lib.delete([cast["Zoë Ängström"]])
    assert lib.tags() == ["act 1", "guard"]  # what the roster shows, not the trash


def test_rows_as_json_carry_id_name_and_system(lib, cast) -> None:
    row = lib.row(cast["brannoc"]).as_dict()
    assert {"id", "name", "system", "campaign", "tags", "npc", "setting", "updated"} <= set(row)
    assert row["tags"] == ["act 1", "guard"]
