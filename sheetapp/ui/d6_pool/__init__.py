"""The d6 dice pool form."""
