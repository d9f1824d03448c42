"""The Alternity hero form."""
