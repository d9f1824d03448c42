"""The window's side of a shared campaign: the Campaign menu and its dialogs, the GM's Party
view, who is connected, the sync state in the status bar and the GM's pending changes on a
player's sheet. Everything here talks to a ``CampaignService`` (``service.py``), never to
the network or the campaign's documents directly."""
