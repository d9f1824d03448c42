"""Step-by-step creation wizards shared by every game system (see ``stepped`` and ``steps``)."""
