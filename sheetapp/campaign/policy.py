"""Who may read and who may write each shared document.

The host asks these two questions and nothing else decides access: the client's own checks
are for the user's convenience, the host's are what a modified client cannot get around.
Kept free of I/O so the whole table can be tested role by kind by ownership.
"""

from __future__ import annotations

from sheetapp.campaign.contracts import Kind, Member, Role, SharedDocument

GM_DOCUMENTS = frozenset({Kind.NPC, Kind.ENCOUNTER, Kind.PACK})


def may_read(member: Member, doc: SharedDocument) -> bool:
    """Every member reads the campaign; the GM reads everything; a player reads what they
    own (their characters and the requests on them) and what the GM revealed."""
    if member.role is Role.GM or doc.kind is Kind.CAMPAIGN:
        return True
    if doc.kind in (Kind.CHARACTER, Kind.REQUESTS):
        return doc.owner == member.id or (doc.kind is Kind.CHARACTER and doc.revealed)
    return doc.revealed


def may_write(member: Member, doc: SharedDocument) -> bool:
    """The GM writes the campaign and their own documents; a character only its owner
    (the GM changes a player's character through requests); requests the GM and the
    character's owner (``owner`` of a requests document is the character's owner)."""
    if doc.kind is Kind.CAMPAIGN or doc.kind in GM_DOCUMENTS:
        return member.role is Role.GM
    if doc.kind is Kind.CHARACTER:
        return doc.owner == member.id
    return member.role is Role.GM or doc.owner == member.id
