"""The Forgotten Futures form."""
