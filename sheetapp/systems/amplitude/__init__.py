"""The Amplitude Engine: Fudge dice, a column from OB - DB, a row from Amplitude, an outcome
read off one printed table, and a wound track that a hit moves by thresholds."""
