"""What the host and every client read off a Yjs update without applying it.

Both sides ask the same two questions many times a second (is this update a no-op; does a
document already hold it): answered here once, from the update's bytes and a state vector,
so neither side rebuilds a document to find out.
"""

from __future__ import annotations

from pycrdt import get_update

EMPTY_UPDATE = b"\x00\x00"  # the update of a transaction that changed nothing


def uncovered(update: bytes, state: bytes) -> bool:
    """Whether ``update`` carries an item that the state vector ``state`` does not cover:
    what is left of it past ``state`` then names at least one writer (an update's first
    number is its count of writers with items). Deletions are not counted: a document
    that lacks an item lacks what deletes it too."""
    return get_update(update, state)[:1] != b"\x00"
