"""Every sentence the phone page shows, through the app's catalog (``sheetapp.i18n``), so
the page speaks the host's language like the rest of the app. The host fills the page's
``{{key}}`` places with them and hands the script the rest as a JSON block (read as data,
never run: the page's policy runs no inline script); the page keeps a copy for offline.
"""

from __future__ import annotations

import html
import json

from sheetapp.i18n import _


def words() -> dict[str, str]:
    """Each of the page's sentences by key; ``{name}`` places are filled by the page."""
    return {
        "lang": _("en"),
        "character": _("Character"),
        "pair_title": _("Pair this phone"),
        "pair_text": _(
            "Open the link from the QR code your campaign's app shows (Campaign ▸ Pair a "
            "Phone), or ask your GM for one."
        ),
        "not_paired": _("This phone is not paired"),
        "pair_again": _("{reason} Pair it again from the app's QR code."),
        "revoked": _("This phone was revoked."),
        "answered": _("The host answered {status}."),
        "offline": _("Offline since {time}: showing what this phone last saw."),
        "refused": _("The host refused: {reason}"),
        "refused_change": _("The host refused a change: {reason}"),
        "sent": _("Sent to the table."),
        "accepted": _("Accepted."),
        "declined": _("Declined."),
        "no_character": _("No character of yours is shared in this campaign yet."),
        "tracks": _("Tracks"),
        "no_tracks": _("This sheet keeps no tracks."),
        "figures": _("Figures"),
        "rolls": _("Rolls"),
        "attributes": _("Attributes"),
        "skills": _("Skills"),
        "weapons": _("Weapons"),
        "points_for": _("Points for {track}"),
        "damage": _("Damage"),
        "heal": _("Heal"),
        "roll": _("Roll"),
        "roll_name": _("Roll {name}"),
        "chances_of": _("Chances of {name}: {odds}"),
        "gear": _("Gear"),
        "no_gear": _("No gear on this sheet."),
        "unnamed": _("(unnamed)"),
        "one_less": _("One less {name}"),
        "one_more": _("One more {name}"),
        "notes": _("Notes"),
        "save_notes": _("Save notes"),
        "dice_log": _("Dice log"),
        "no_rolls": _("No rolls yet."),
        "requests": _("Requests from the GM"),
        "nothing_waiting": _("Nothing waiting."),
        "accept": _("Accept"),
        "decline": _("Decline"),
        "encounter": _("Encounter"),
        "no_encounter": _("The GM shows no encounter."),
        "party": _("Party"),
        "gm_name": _("{name} (GM)"),
        "no_condition": _("No condition"),
        "party_note": _("The party's conditions show while the GM shows an encounter."),
        "sheet": _("Sheet"),
        "table": _("Table"),
        "fingerprint": _(
            "The host's certificate, as the QR code named it (compare with your browser's): "
            "{fp}"
        ),
    }


def page(template: str) -> str:
    """The page with its places filled (escaped) and the script's words beside them."""
    said = words()
    filled = template
    for key, text in said.items():
        filled = filled.replace("{{" + key + "}}", html.escape(text))
    # "<" escaped: the block cannot end early, whatever a translation holds
    block = json.dumps(said, ensure_ascii=False).replace("<", "\\u003c")
    return filled.replace("{{words}}", block)
