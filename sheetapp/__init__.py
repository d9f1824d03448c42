"""sheetapp: character sheets for tabletop role-playing games."""

__version__ = "0.1.0"
