"""How play by e-mail names things to its player: a side as its players name it, in
the reader's language. Its own module so that the checker (`chain`), the turns and the
client's session all say "the Krobs" alike, without importing one another."""

from __future__ import annotations

from dragonnoir.engine.state import Side
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.sides import side_name


def side_words(side: Side) -> str:
    """A side as its players name it, in the reader's language ("the Krobs")."""
    return Narrator(str, str).value(side_name(side.value))  # a side's name needs no game
