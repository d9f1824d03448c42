"""The phone companion page: a small web page the campaign's host serves to members'
phones on the local network, over TLS with the host's own certificate (see docs/phone.md).

``beside`` starts it next to the host, ``https`` serves it, ``pairing`` makes a phone's
device and link (``remote``: asked for from a member's app), ``gateway`` answers the page
(each phone through its own client of the host, so its edits pass the host's gate),
``character`` computes what the page shows from the system's code, ``checks`` lists the
rolls a sheet offers, ``dice_log`` reads a character's rolls, and ``static/`` holds the
page itself.
"""
