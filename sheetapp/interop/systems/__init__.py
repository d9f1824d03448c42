"""One module per game system, each holding ``MAPPING``: its sheet as a tabletop view."""
