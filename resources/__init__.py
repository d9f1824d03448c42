"""Data shipped with sheetapp: universe packs, fonts and icons."""
