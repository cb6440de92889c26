"""Checking a turn file: its chain, its signatures, its secrets, and every action replayed.

`Replay` walks the links in order and refuses the first thing that is not as the
protocol says (docs/pbem.md), naming the link: a link that does not follow the one
before (changed, dropped, reordered), a signature that is not its side's key's, a
revealed secret that does not match its commitment, an action the rules refuse or that
is not its side's to take, a link that stops while its side still has to act. The same
walk plays the links a player writes (`turns.py`), so what one program writes is what
the other checks.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragonnoir import __version__
from dragonnoir.engine.actions import Action, action_from_dict
from dragonnoir.engine.dice import Dice
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules_record import read_record, rules_for_save
from dragonnoir.engine.save import SaveError, game_from_carried
from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import RulesData
from dragonnoir.i18n import _
from dragonnoir.pbem import coins, keys
from dragonnoir.pbem.canonical import canonical_bytes, digest
from dragonnoir.pbem.orders import Orders, OrdersError
from dragonnoir.pbem.turnfile import TurnFile, TurnFileError
from dragonnoir.pbem.words import side_words

PROGRAM = f"dragonnoir {__version__}"
#: Links 0 and 1 are the hand-shake: the creator's commitment, the other side's first
#: secret. No die can be fair before both exist, so they carry no action.
HANDSHAKE = 2


def chain_start(game: str, start: dict[str, Any]) -> str:
    """What link 0 follows: the game's id and everything it starts from."""
    return digest({"game": game, "start": start})


def signed_part(link: dict[str, Any]) -> bytes:
    """The bytes a link's signature covers: the whole link but its signature."""
    return canonical_bytes({k: v for k, v in link.items() if k != "sig"})


def other(side: Side) -> Side:
    return Side.KROBS if side is Side.ADVENTURERS else Side.ADVENTURERS


@dataclass(frozen=True)
class LinkDice:
    """The dice of a link's actions (`Game.dice_source`): each action's own seed, made of
    the link's seed, the action's place in the link and the action itself (coins.py).
    `start` is how many actions the game had when the link began."""

    seed: str
    start: int

    def index(self, game: Game) -> int:
        """The place in the link of the action `game` takes next."""
        return len(game.history) - self.start

    def __call__(self, game: Game, action: Action) -> Dice:
        return Dice(coins.action_seed(self.seed, self.index(game), action.to_dict()))


@dataclass
class Replay:
    """A turn file's game, link by link."""

    src: Path
    game_id: str
    start: dict[str, Any]
    rules: RulesData
    links: list[dict[str, Any]] = field(default_factory=list)
    keys: dict[Side, str] = field(default_factory=dict)
    #: Each side's standing orders, as its last link gave them (orders.py).
    orders: dict[Side, Orders] = field(default_factory=dict)
    game: Game | None = None
    #: The events of each link, for showing what happened.
    events: list[list[Event]] = field(default_factory=list)

    # -- whose link ---------------------------------------------------------------------

    @property
    def creator(self) -> Side | None:
        return Side(self.links[0]["side"]) if self.links else None

    def next_side(self) -> Side | None:
        """The side that writes the next link (None: the game is over)."""
        if self.game is not None and self.game.over:
            return None
        if not self.links:
            return None
        return other(Side(self.links[-1]["side"]))

    def head(self) -> str:
        """What the next link follows."""
        return digest(self.links[-1]) if self.links else chain_start(self.game_id, self.start)

    # -- checking a link ----------------------------------------------------------------

    def refuse(self, n: int, message: str) -> TurnFileError:
        return TurnFileError(self.src, message, _("link {n}").format(n=n))

    def add(self, link: dict[str, Any]) -> None:
        """Check `link` as the next one and play its actions (TurnFileError if not)."""
        n = len(self.links)
        self._check_header(n, link)
        side = Side(link["side"])
        self._check_key(n, link, side)
        if not keys.verify(self.keys[side], link.get("sig", ""), signed_part(link)):
            raise self.refuse(
                n, _("the signature is not the key of {side}").format(side=side_words(side))
            )
        self._check_secrets(n, link)
        try:
            orders = Orders.from_dict(link.get("orders"))
        except OrdersError as exc:
            raise self.refuse(n, _("field orders: {why}").format(why=exc)) from None
        actions = link["actions"]
        events: list[Event] = []
        if n < HANDSHAKE:
            if actions:
                raise self.refuse(n, _("a hand-shake link carries no action"))
        else:
            self.begin_link(n, side, link["reveal"])
            for k, raw in enumerate(actions):
                events.extend(self._replay_action(n, side, k, raw))
            self.end_link(n, side)
        self.links.append(link)
        self.events.append(events)
        self.orders[side] = orders  # they answer for the side from the next link on

    def _replay_action(self, n: int, side: Side, k: int, raw: Any) -> list[Event]:
        """Action `k` of link `n`: the writer's own, or an answer the other side's
        standing orders give (then it must be that answer)."""
        if not isinstance(raw, dict):
            raise self.refuse(n, _("action {k}: expected an object").format(k=k))
        try:
            action = action_from_dict(raw)
        except (ValueError, TypeError, KeyError) as exc:
            raise self.refuse(n, _("action {k}: {why}").format(k=k, why=exc)) from None
        game = self.game
        assert game is not None
        actor = game.to_act()
        if actor is not None and actor is not side:
            if self.ordered(actor) != action:
                said = _("action {k}: not what the standing orders of {side} answer").format(
                    k=k, side=side_words(actor)
                )
                raise self.refuse(n, said)
            return self.play(n, actor, action)
        return self.play(n, side, action)

    def ordered(self, side: Side) -> Action | None:
        """What `side`'s standing orders answer now (None: they say to ask)."""
        assert self.game is not None
        return self.orders[side].answer(self.game, side)

    def _check_header(self, n: int, link: dict[str, Any]) -> None:
        if link.get("n") != n:
            raise self.refuse(
                n,
                _("it says it is link {said}: links dropped or reordered").format(
                    said=repr(link.get("n"))
                ),
            )
        if link.get("prev") != self.head():
            raise self.refuse(
                n,
                _("it does not follow the link before it (that link, or this one, was changed)"),
            )
        side = link.get("side")
        if side not in {s.value for s in Side}:
            raise self.refuse(n, _("unknown side {side}").format(side=repr(side)))
        if n > 0 and side == self.links[-1]["side"]:
            raise self.refuse(n, _("two links in a row by the same side"))
        for key, kind in (("program", str), ("commit", str), ("actions", list), ("said", list)):
            if not isinstance(link.get(key), kind):
                raise self.refuse(
                    n, _("field {key}: expected {kind}").format(key=key, kind=kind.__name__)
                )
        if not all(isinstance(line, str) for line in link["said"]):
            raise self.refuse(n, _("field said: expected a list of lines"))

    def _check_key(self, n: int, link: dict[str, Any], side: Side) -> None:
        """A side's first link binds its public key to the game; later ones carry none."""
        if n < HANDSHAKE:
            public = link.get("key")
            try:
                raw = base64.b64decode(public, validate=True) if isinstance(public, str) else b""
            except binascii.Error:
                raw = b""
            if len(raw) != 32:
                raise self.refuse(n, _("field key: expected a public key (32 bytes, base64)"))
            if public in self.keys.values():
                raise self.refuse(n, _("both sides have the same key"))
            self.keys[side] = public  # type: ignore[assignment]
        elif "key" in link:
            raise self.refuse(n, _("a side's key is given in its first link only"))

    def _check_secrets(self, n: int, link: dict[str, Any]) -> None:
        """Link 0 reveals nothing; link 1 reveals its side's first secret (fixed before it
        could know the creator's); every later link reveals the secret its side committed
        in its link before."""
        commit, reveal = link["commit"], link.get("reveal")
        if not coins.is_secret(commit):  # a SHA-256 in hex has the same shape as a secret
            raise self.refuse(n, _("field commit: expected 64 hex digits"))
        if n == 0:
            if reveal is not None:
                raise self.refuse(n, _("the first link reveals no secret"))
            return
        if not coins.is_secret(reveal):
            raise self.refuse(n, _("field reveal: expected a secret (64 hex digits)"))
        if n >= HANDSHAKE and coins.commitment(reveal) != self.links[n - 2]["commit"]:
            raise self.refuse(
                n,
                _("the secret revealed is not the one committed in link {n}").format(n=n - 2),
            )

    # -- playing a link -----------------------------------------------------------------

    def begin_link(self, n: int, side: Side, reveal: str) -> None:
        """Set the game up (at the first link after the hand-shake) and the seed of link
        `n`, whose side reveals `reveal`."""
        before = self.links[n - 1]["reveal"]
        if self.game is None:
            assert n == HANDSHAKE
            self.game = self._set_up(coins.start_seed(self.game_id, reveal, before))
        elif self.game.over:
            raise self.refuse(n, _("the game was over before this link"))
        elif (acting := self.game.to_act()) not in (side, None):
            assert acting is not None
            raise self.refuse(n, _("{side} are still to act").format(side=side_words(acting)))
        self.game.dice_source = LinkDice(
            coins.link_seed(self.game_id, n, reveal, before), len(self.game.history)
        )

    def play(self, n: int, actor: Side, action: Action) -> list[Event]:
        """Apply the link's next action, by `actor`, with its own dice."""
        game = self.game
        assert game is not None
        assert isinstance(game.dice_source, LinkDice)
        k = game.dice_source.index(game)
        if game.over:
            raise self.refuse(n, _("action {k}: the game is over").format(k=k))
        if game.to_act() is not actor:
            raise self.refuse(
                n,
                _("action {k}: it is not for {side} to act").format(k=k, side=side_words(actor)),
            )
        try:
            return game.apply(action)  # its dice from the link's seed (`LinkDice`)
        except IllegalAction as exc:
            raise self.refuse(n, _("action {k}: {why}").format(k=k, why=exc)) from None

    def end_link(self, n: int, side: Side) -> None:
        """A link ends when the game waits for the other side to decide and its standing
        orders do not say how, or when the game ends."""
        game = self.game
        assert game is not None
        actor = game.to_act()
        if game.over or actor is None:
            return
        if actor is side:
            raise self.refuse(
                n, _("it stops while {side} still have to act").format(side=side_words(side))
            )
        if self.ordered(actor) is not None:
            said = _("it stops where the standing orders of {side} answer").format(
                side=side_words(actor)
            )
            raise self.refuse(n, said)

    def _set_up(self, seed: int) -> Game:
        scenario = self.start["scenario"]
        try:
            return game_from_carried(
                self.src, scenario.get("carried"), str(scenario.get("id", "")), seed, self.rules
            )
        except SaveError as exc:
            raise TurnFileError(self.src, exc.detail, exc.place) from None


def replay(turn: TurnFile, src: Path, rules_in_use: RulesData) -> Replay:
    """Check every link of `turn` (read from `src`), replaying its game."""
    start = turn.start
    if set(start) != {"scenario", "rules"} or not isinstance(start.get("scenario"), dict):
        raise TurnFileError(src, _("expected scenario and rules"), _("field start"))
    scenario = start["scenario"]
    if not isinstance(scenario.get("id"), str) or not isinstance(scenario.get("name"), str):
        raise TurnFileError(src, _("expected an id and a name"), _("field start.scenario"))
    record = read_record(src, start["rules"], error=TurnFileError)
    rules = rules_for_save(src, record, rules_in_use, error=TurnFileError).rules
    walk = Replay(src, turn.game, start, rules)
    if not turn.links:
        raise TurnFileError(src, _("a turn file has at least its first link"), _("field links"))
    for link in turn.links:
        walk.add(link)
    return walk
