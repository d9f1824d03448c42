"""Who reads and writes what: every role against every kind, owned or not, revealed or not,
checked against the table written out in CAMPAIGN.md."""

from __future__ import annotations

import itertools

import pytest

from sheetapp.campaign.contracts import Kind, Member, Role, SharedDocument
from sheetapp.campaign.policy import may_read, may_write

ME = "m-me"
OTHER = "m-other"


def expected(role: Role, kind: Kind, owned: bool, revealed: bool) -> tuple[bool, bool]:
    """(may read, may write), straight from the design's table."""
    gm = role is Role.GM
    if kind is Kind.CAMPAIGN:
        return True, gm
    if kind is Kind.CHARACTER:
        return gm or owned or revealed, owned
    if kind is Kind.REQUESTS:
        return gm or owned, gm or owned
    return gm or revealed, gm  # NPC, encounter, pack


CASES = list(itertools.product(Role, Kind, [True, False], [True, False]))


@pytest.mark.parametrize(("role", "kind", "owned", "revealed"), CASES)
def test_access_follows_the_table(role: Role, kind: Kind, owned: bool, revealed: bool) -> None:
    member = Member(ME, "Me", role)
    doc = SharedDocument(f"{kind.value}:x", kind, ME if owned else OTHER, revealed=revealed)
    assert (may_read(member, doc), may_write(member, doc)) == expected(
        role, kind, owned, revealed
    )


@pytest.mark.parametrize(("role", "kind", "owned", "revealed"), CASES)
def test_nobody_writes_what_they_cannot_read(
    role: Role, kind: Kind, owned: bool, revealed: bool
) -> None:
    member = Member(ME, "Me", role)
    doc = SharedDocument(f"{kind.value}:x", kind, ME if owned else OTHER, revealed=revealed)
    assert may_read(member, doc) or not may_write(member, doc)
