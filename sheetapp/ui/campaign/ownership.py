"""Who may change a shared sheet on this machine, worked out from the library's link and
the memberships saved here, so the answer holds while no campaign is on too (after Leave,
or before Take Up Again): an edit made then could never be sent, and the owner's next
change would overwrite it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetapp.campaign.contracts import Member, Role
from sheetapp.campaign.membership import load_all
from sheetapp.i18n import _

if TYPE_CHECKING:
    from sheetapp.storage.library import Library


def why_read_only(
    library: Library,
    sheet_id: int,
    *,
    me: Member | None = None,
    campaign: str = "",
    owner_name: str = "",
) -> str | None:
    """Why ``sheet_id`` cannot be changed here, or None. ``me`` and ``campaign`` (its
    name) are this machine's member and campaign when one is on; otherwise the saved
    membership of the sheet's campaign is used, and a campaign this machine has no
    membership of leaves its sheets ordinary ones."""
    link = library.document_for(sheet_id)
    if link is None:
        return None
    if me is None:
        saved = next((m for m in load_all()[0] if m.campaign_id == link.campaign), None)
        if saved is None:
            return None
        me, campaign = saved.member, saved.campaign_name
    if link.owner == me.id:
        return None
    if me.role is Role.GM:
        owner = owner_name or _("a player")
        return _(
            "{owner}'s character in {campaign}: only they change it; ask "
            "with Request… on the Party view"
        ).format(owner=owner, campaign=campaign)
    return _("shown by the GM of {campaign}, read-only").format(campaign=campaign)
