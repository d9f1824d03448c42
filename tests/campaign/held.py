"""A shared sheet in the trash with a change from the campaign waiting for it: what every
path that restores a sheet from the trash must take (the shelf, the command line, the app).
"""

from __future__ import annotations

from pycrdt import Doc

from sheetapp.campaign import ydoc
from sheetapp.campaign.shelf import CampaignRef, Shelf
from sheetapp.storage.library import Library

CAMPAIGN = CampaignRef("camp-held", "Harbour Nights")


def hold_a_rename(library: Library, sheet_id: int, new_name: str) -> None:
    """Share ``sheet_id`` as another member's character, move it to the trash, then let that
    member's rename of its first character arrive: the library holds it back."""
    shelf = Shelf(library)
    name, _doc = shelf.share(sheet_id, CAMPAIGN.id, "character", "m-ana")
    library.delete([sheet_id])
    data = ydoc.read(shelf.doc(name))
    data["characters"][0]["name"] = new_name
    other = Doc()
    for update in library.updates(CAMPAIGN.id, name):
        other.apply_update(update)
    before = other.get_state()
    ydoc.write(other, data)
    library.append_update(CAMPAIGN.id, name, other.get_update(before))
    held = shelf.remote_changed(name, shelf.doc(name), "Ana", sender_id="m-ana")
    assert held.status == "held" and library.load(sheet_id).characters[0].name != new_name
