"""A game with hidden Krobs played by files: the full game and the Adventurers' blind one.

The Adventurers' computer never holds a hidden Krob: it plays the *blind game*, the same
game without the characters hidden from the Adventurers (docs/pbem.md, "Hidden Krobs").
The Krob computer, and anyone at the end audit, holds both: the full game, and the blind
game exactly as the Adventurers' computer has it, played in step. Comparing the two after
each action decides what the file must say:

- a hidden Krob's action that changes nothing the Adventurers can see is *sealed*
  (seals.py): the link carries its seal, the blind game skips it;
- an action after which the Adventurers would see something else than the blind game
  shows (a Krob comes into sight, a move is stopped by one) is preceded by *openings*: the
  Krobs it reveals, as they stood before it, with the seals of all they did so far. Put
  into the blind game, they make it give what the full game gives; if they are not
  enough (a die drawn for a Krob still hidden), every hidden Krob is opened: the game
  stays right and loses its secret, which the tests show le-pont does not come to;
- an action of the Adventurers' link whose outcome differs *cuts* the link there: what
  came before stands, the Krobs' next link opens what it revealed and plays it again,
  what came after is void (the Adventurers played it on a map that was not the real one).

Both computers run the same code, so what one writes is what the other derives.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from dragonnoir.engine.actions import Action, Deploy, EnterMap, EnterPassage, Move, action_from_dict
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import actors, clone
from dragonnoir.engine.state import GameState, Side, Unit
from dragonnoir.i18n import _

#: The side hidden characters are kept from in a game by files (docs/pbem.md).
KEPT_FROM = Side.ADVENTURERS
#: `state.scratch` key of the characters off the map (engine/rules/offmap.py).
OFFMAP = "offmap"
#: `state.scratch` key of the last character to move (rules/movement/who_moves.py).
MOVING = "moving"


class Divergence(Exception):
    """The full and the blind game differ in what the Adventurers see, with everything
    opened: an engine rule that leaks what is hidden (a bug, not a player's doing)."""


def hidden_ids(game: Game) -> set[str]:
    """The characters hidden from the Adventurers."""
    return {u.id for u in game.state.units.values() if u.hidden_from is KEPT_FROM}


def fits_play_by_files(game: Game) -> str | None:
    """Why a game's hidden characters cannot be kept hidden by files (None: they can).
    Only Krobs placed in secret during the game (a deployment) are kept out of the file:
    a place written in the scenario is on both computers anyway."""
    for unit in game.state.units.values():
        if unit.hidden_from is None:
            continue
        if unit.hidden_from is not KEPT_FROM:
            return _("a character is hidden from the Krobs")
        if unit.hex is not None:
            return _("a character is hidden at a place the scenario gives")
    return None


def movers(action: Action) -> tuple[str, ...]:
    """The characters an action moves or makes act (a placement included)."""
    if isinstance(action, Deploy | EnterMap | EnterPassage):
        return (action.unit,)
    return actors(action)


def destination(action: dict[str, Any]) -> tuple[int, int] | None:
    """Where an opened action leaves its character (None: it does not move him)."""
    try:
        parsed = action_from_dict(action)
    except (ValueError, TypeError, KeyError):
        return None
    if isinstance(parsed, Deploy | EnterMap):
        return (parsed.to.q, parsed.to.r)
    if isinstance(parsed, Move) and parsed.path:
        return (parsed.path[-1].q, parsed.path[-1].r)
    return None


# -- what the Adventurers see of a game ------------------------------------------------


def public(game: Game, kept: Iterable[str] = (), dice: bool = True) -> dict[str, Any]:
    """The state without the characters `kept` out of the blind game: what must be the
    same in both games (the dice too, unless `dice` is False: a skipped action rolls none
    in the blind game)."""
    out = game.state.to_dict()
    gone = set(kept)
    out["units"] = {u["id"]: u for u in out["units"] if u["id"] not in gone}
    out["wizards"] = [w for w in out["wizards"] if w["unit"] not in gone]
    table = out["scratch"].get(OFFMAP)
    if isinstance(table, dict):
        out["scratch"][OFFMAP] = {k: v for k, v in table.items() if k not in gone}
    if out["scratch"].get(MOVING, {}).get("unit") in gone:
        del out["scratch"][MOVING]  # the blind game forgot its last mover (`skip_sealed`)
    if not dice:
        del out["dice"]
    return out


def named_in(events: Iterable[Event], ids: Iterable[str]) -> set[str]:
    """Which of the characters `ids` the events name (as the log's secrecy reads them:
    engine/rules/hidden.py, `secret_from`)."""
    wanted = set(ids)
    found: set[str] = set()
    for event in events:
        for f in fields(event):
            value = getattr(event, f.name)
            for name in value if isinstance(value, tuple) else (value,):
                if isinstance(name, str) and name in wanted:
                    found.add(name)
    return found


def public_events(game: Game, since: int) -> list[Event]:
    """The events logged since log entry `since` that the Adventurers may read."""
    pairs = zip(game.log[since:], game.secret[since:], strict=True)
    return [e for e, kept_from in pairs if kept_from is not KEPT_FROM]


@dataclass
class Mark:
    """A game as it was before an action, to go back to (a cut, a second try)."""

    state: dict[str, Any]
    history: int
    log: int


def mark(game: Game) -> Mark:
    return Mark(game.state.to_dict(), len(game.history), len(game.log))


def back(game: Game, to: Mark) -> None:
    game.state = GameState.from_dict(to.state)
    del game.history[to.history :]
    del game.log[to.log :]
    del game.secret[to.log :]
    game.touch()


def skip_sealed(blind: Game) -> None:
    """The blind game passes over a sealed action: its place counts for the dice of the
    link's next actions, and the last character to move is now one it does not hold (no
    character it holds may go on with his move)."""
    blind.dice_source.skipped += 1  # type: ignore[union-attr]
    blind.state.scratch.pop(MOVING, None)


def blind_copy(game: Game) -> Game:
    """`game` without the characters hidden from the Adventurers."""
    blind = clone(game)
    blind.record_undo = False
    for uid in hidden_ids(game):
        del blind.state.units[uid]
        blind.state.scratch.get(OFFMAP, {}).pop(uid, None)
    blind.touch()
    return blind


def opening_of(game: Game, uid: str) -> dict[str, Any]:
    """A hidden character as he stands in `game` (before the action that reveals him):
    his counter, his off-map entry, and whether he is the last to have moved (he may go on
    with his move)."""
    moving = game.state.scratch.get(MOVING)
    return {
        "unit": game.state.units[uid].to_dict(),
        "offmap": game.state.scratch.get(OFFMAP, {}).get(uid),
        "moving": moving if isinstance(moving, dict) and moving.get("unit") == uid else None,
    }


def put_in(blind: Game, opened: dict[str, Any], order: tuple[str, ...]) -> str:
    """Put an opened character into the blind game, in his place among the characters:
    `order`, the set-up's, as the full game holds them (rules that go through them in
    turn must meet him where the full game does); those the game made since (a spectre,
    a Gharv) after, as they came. His id."""
    if not isinstance(opened.get("offmap"), dict | None):
        raise ValueError(_("field offmap: expected an object or null"))
    unit = Unit.from_dict(opened["unit"])
    units = {**blind.state.units, unit.id: unit}
    place = {uid: i for i, uid in enumerate(order)}
    ordered = sorted(units, key=lambda uid: place.get(uid, len(place)))  # stable: as came
    blind.state.units = {uid: units[uid] for uid in ordered}
    if opened.get("offmap") is not None:
        blind.state.scratch.setdefault(OFFMAP, {})[unit.id] = opened["offmap"]
    if opened.get("moving") is not None:
        blind.state.scratch[MOVING] = opened["moving"]
    blind.touch()
    return unit.id


@dataclass
class Lockstep:
    """The full game and the blind game played in step (the Krob computer, the audit)."""

    full: Game
    blind: Game
    #: Characters hidden from the Adventurers and not in the blind game.
    kept: set[str] = field(default_factory=set)
    #: The characters of the set-up, in the full game's order (`put_in`).
    order: tuple[str, ...] = ()

    @classmethod
    def of(cls, full: Game) -> Lockstep:
        full.record_undo = False
        return cls(full, blind_copy(full), hidden_ids(full), tuple(full.state.units))

    def same(self, dice: bool = True) -> bool:
        return public(self.full, self.kept, dice) == public(self.blind, dice=dice)

    def sealable(self, action: Action, log_before: int) -> bool:
        """Played on the full game: did `action` move only hidden Krobs who stay hidden,
        and change nothing the Adventurers see?"""
        who = movers(action)
        return (
            bool(who)
            and all(
                uid in self.kept and self.full.state.units[uid].hidden_from is KEPT_FROM
                for uid in who
            )
            and not public_events(self.full, log_before)
            and public(self.full, self.kept, dice=False) == self._blind_after_skip()
        )

    def _blind_after_skip(self) -> dict[str, Any]:
        view = public(self.blind, dice=False)
        view["scratch"].pop(MOVING, None)
        return view

    def reveals(self, action: Action, before: dict[str, dict[str, Any]]) -> list[str]:
        """The hidden characters the full game's `action` brought out: those it revealed,
        and hidden ones it made act."""
        units = self.full.state.units
        return sorted(
            uid
            for uid in before
            if units[uid].hidden_from is not KEPT_FROM or uid in movers(action)
        )

    def play_in_blind(
        self, action: Action, before: dict[str, dict[str, Any]], full_log: int
    ) -> tuple[list[dict[str, Any]], list[Event]]:
        """Play `action` (already played on the full game) on the blind game, opening
        first what it revealed; if that is not enough, also the hidden characters its
        events name (a Gharv came for one in the water, a die rolled for one); if that is
        not enough, everything: the openings and the blind game's events."""
        wanted = self.reveals(action, before)
        named = sorted(set(wanted) | named_in(self.full.log[full_log:], before))
        start = mark(self.blind)
        for attempt in (wanted, named, sorted(before)):
            opened = [before[uid] for uid in attempt]
            for entry in opened:
                put_in(self.blind, entry, self.order)
            log_before = len(self.blind.log)
            try:
                self.blind.apply(action)
            except IllegalAction:
                back(self.blind, start)  # he who acts is among those not opened
                continue
            kept = self.kept - set(attempt)
            if public(self.full, kept) == public(self.blind) and public_events(
                self.full, full_log
            ) == public_events(self.blind, log_before):
                self.kept = kept
                return opened, public_events(self.blind, log_before)
            back(self.blind, start)
        raise Divergence(_("the game of the Adventurers differs from the full game"))
