"""The generic d6 dice pool: six attributes, skills and traits rated 1..6, pools of d6 where
each 5 or 6 is a success."""
