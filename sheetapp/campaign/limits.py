"""Every budget the host gives a member, declared once.

A table of seven shares one host, often the GM's laptop: one member's runaway script, or
a modified client, must cost that member their own time and no one else theirs. Each
limit is checked at the host (``host.py``, ``guard.py``) and a refusal names the limit,
so the member's app can say what happened; docs/campaigns.md lists them with these values.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one campaign's host allows.

    ``cpu_share``: the fraction of one core the host spends at most, sustained, on one
    member's updates (checking and applying them); ``cpu_burst``: seconds of it a member
    may spend at once before being slowed (a join's first exchange of every document
    fits). A member past it is not refused: their next frames wait, so a flood slows
    only its sender. ``documents_per_member``: documents one member may create (their
    characters, and for the GM the NPCs, encounters and packs; requests documents are
    the characters' and not counted). ``document_bytes``: how large one document may grow,
    as its encoded state. ``members``: members a campaign takes (devices of a member are
    not counted). ``connections_per_member``: connections one member's devices hold at
    once (a GM's app reading 1,000 sheets holds about 2,000: every sheet and its requests);
    ``connections_per_document``: connections one device holds to one document (the app
    holds one, two while it reconnects): past either the handshake is refused (429) and
    the app tries again later, so a script opening sockets in a loop costs the host a
    refusal each, not a room's exchange. ``send_backlog_bytes``: what the host queues for
    one connection that stops reading before it cuts it (the client reconnects and
    exchanges; it must hold a whole document's first exchange). ``compact_after``:
    updates of one document the host keeps before it merges them into one, while serving.
    """

    cpu_share: float = 0.2
    cpu_burst: float = 0.25
    documents_per_member: int = 200
    document_bytes: int = 2 * 1024 * 1024
    members: int = 32
    connections_per_member: int = 4096
    connections_per_document: int = 4
    send_backlog_bytes: int = 8 * 1024 * 1024
    compact_after: int = 1000


DEFAULT = Limits()
