"""What each Amazing Engine attribute and pool stands for, in our own words: the tooltips of
their names on the core and character pages (one wording for both)."""

from __future__ import annotations

from sheetapp.i18n import N_, TranslatedTable, _
from sheetapp.systems.amazing_engine.names import POOL_ATTRIBUTES, Attribute, Pool, label

ATTRIBUTE_TIPS: dict[Attribute, str] = TranslatedTable({
    Attribute.FITNESS: N_("Strength, health and stamina; body points and the load come from it."),
    Attribute.REFLEXES: N_("Speed, agility and coordination; the attack chance and initiative "
    "come from it."),
    Attribute.LEARNING: N_("Knowledge and training; it sets how many profession skills a "
    "character starts with."),
    Attribute.INTUITION: N_("Insight and perception; it sets how many free skills a character "
    "starts with."),
    Attribute.PSYCHE: N_("Strength of mind and any psychic gift."),
    Attribute.WILLPOWER: N_("Determination and courage; stamina comes from it and Reflexes."),
    Attribute.CHARM: N_("Personal appeal: how others take to the character."),
    Attribute.POSITION: N_("Standing in society: rank, wealth and contacts."),
})


def pool_tip(pool: Pool) -> str:
    """The pool and the two attributes it feeds."""
    a, b = POOL_ATTRIBUTES[pool]
    return _(
        "The {label} pool: its rank gives rank points and its dice go to {label2} and {label3}."
    ).format(label=label(pool), label2=label(a), label3=label(b))


# Where the System Guide leaves equality open (its combat chapter hits at or under, its skill
# chapter says "less than"), the product succeeds on a roll equal to the chance.
CHECK_READING = (
    N_("Roll d100 at or under the chance. A roll equal to the chance succeeds: our reading, as "
    "the combat chapter counts an equal roll as a hit and the skill chapter leaves it open. "
    "Rolls of 95-00 always fail.")
)
