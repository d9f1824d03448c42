"""The GM's library in the window: the roster tab, its actions and dialogs, and play at the
table. Everything here shows ``sheetapp.storage.library`` and calls ``sheetapp.play``; no
rule and no SQL lives in a widget."""
