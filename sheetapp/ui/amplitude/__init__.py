"""The Amplitude Engine form: the character, play at the table, and odds on the table."""
