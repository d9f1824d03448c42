"""The client's copy of each shared document, kept in the library so a machine rejoins a
campaign after days offline from what it already had, and sends only what it made since.

A ``Library`` is one SQLite connection used from one thread: a client running on a worker
thread opens its own ``Library`` on the same file there (WAL lets both write) and hands
that one to its ``LibraryReplicaStore``.
"""

from __future__ import annotations

from sheetapp.storage.library import Library


class LibraryReplicaStore:
    """The ``ReplicaStore`` of ``sheetapp.campaign.client`` over a library, for one
    campaign (every campaign has a document named "campaign", so the id keeps them apart).
    """

    def __init__(self, library: Library, campaign: str) -> None:
        self.library = library
        self.campaign = campaign

    def updates(self, name: str) -> list[bytes]:
        """The document's updates as kept, oldest first (merged into one past a bound)."""
        return self.library.updates(self.campaign, name)

    def append(self, name: str, update: bytes) -> None:
        """Keep one more update; ``LibraryError`` (one line) for what is not a Y update."""
        self.library.append_update(self.campaign, name, update)
