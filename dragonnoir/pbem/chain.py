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
from dragonnoir.pbem.blind import fits_play_by_files, hidden_ids
from dragonnoir.pbem.canonical import canonical_bytes, digest
from dragonnoir.pbem.orders import Orders, OrdersError
from dragonnoir.pbem.reveals import HiddenLinkError, HiddenPlay, cut_field, parse_openings
from dragonnoir.pbem.seals import Opening
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


@dataclass
class LinkDice:
    """The dice of a link's actions (`Game.dice_source`): each action's own seed, made of
    the link's seed, the action's place in the link and the action itself (coins.py).
    `start` is how many actions the game had when the link began; `skipped`, how many
    sealed actions of the link the game did not play (the Adventurers' blind game:
    reveals.py), which count for the places all the same."""

    seed: str
    start: int
    skipped: int = 0

    def index(self, game: Game) -> int:
        """The place in the link of the action `game` takes next."""
        return len(game.history) - self.start + self.skipped

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
    #: The openings of the hidden Krobs' sealed actions this computer holds (the Krob
    #: player's, or the end audit's): with them the replay plays the full game.
    openings: dict[str, Opening] | None = None
    #: A game with hidden Krobs: the blind and the full game (reveals.py).
    hidden: HiddenPlay | None = None
    #: Each link's dice seed, by link (a cut plays an action of the link before again).
    seeds: dict[int, str] = field(default_factory=dict)
    #: The link that cut the Adventurers' link before it: it may find them still to act.
    cut_by: int | None = None

    # -- whose link ---------------------------------------------------------------------

    @property
    def creator(self) -> Side | None:
        return Side(self.links[0]["side"]) if self.links else None

    def next_side(self) -> Side | None:
        """The side that writes the next link (None: the game is over). A game with
        hidden Krobs ends with their player's end audit."""
        if self.game is not None and self.game.over:
            if self.hidden is not None and not self.hidden.audited:
                return Side.KROBS
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
        elif self.set_up_at(n, link["reveal"]) or "cut" in link or "audit" in link:
            try:
                events = self._replay_hidden(n, side, link)
            except HiddenLinkError as exc:
                raise self.refuse(n, str(exc)) from None
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                # The blind game holds Krobs whose counters came from the other player's
                # openings (checked against their seals, but not every value can be): one
                # the engine never writes can break a rule at any later action. That is a
                # file refused, never a crash of the program that reads it.
                said = _("the game cannot go on with the Krobs opened so far ({why})")
                raise self.refuse(n, said.format(why=exc)) from None
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
        actor, action = self._parse_action(n, side, k, raw)
        return self.play(n, actor, action)

    def _parse_action(self, n: int, side: Side, k: int, raw: Any) -> tuple[Side, Action]:
        """Action `k` of link `n` read, with the side that takes it."""
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
            return actor, action
        return side, action

    # -- a link of a game with hidden Krobs (reveals.py) ----------------------------------

    def set_up_at(self, n: int, reveal: str) -> bool:
        """Set the game up at the first link of play, whose side reveals `reveal` (the
        seed needs it); does it hide Krobs?"""
        if self.game is None:
            assert n == HANDSHAKE
            before = self.links[n - 1]["reveal"]
            self.game = self._set_up(coins.start_seed(self.game_id, reveal, before))
        return self.hidden is not None

    def _replay_hidden(self, n: int, side: Side, link: dict[str, Any]) -> list[Event]:
        """Link `n` of a game with hidden Krobs: its cut, its entries, its audit."""
        hidden = self.hidden
        if hidden is None:
            raise HiddenLinkError(_("fields cut and audit: nothing is hidden in this game"))
        events = self.begin_link(n, side, link["reveal"], link.get("cut"))
        if side is Side.ADVENTURERS:
            if "audit" in link:
                raise HiddenLinkError(_("the Adventurers have nothing to open"))
            hidden.marks = []
            for k, raw in enumerate(link["actions"]):
                actor, action = self._parse_action(n, side, k, raw)
                self.check_turn(n, k, actor)
                try:
                    stands, said = hidden.adventurer_action(action)
                except IllegalAction as exc:
                    raise self.refuse(n, _("action {k}: {why}").format(k=k, why=exc)) from None
                events.extend(said)
                if not stands:
                    hidden.cut = k  # the Krobs' next link must cut it here
                    return events
        else:
            events.extend(self._krob_entries(n, side, link["actions"]))
        if "audit" in link:
            self._audit(n, link)
        self.end_link(n, side)
        return events

    def _krob_entries(self, n: int, side: Side, entries: list[Any]) -> list[Event]:
        """A Krob link's entries: openings, then the action they come before (in the
        clear, or its seal)."""
        hidden = self.hidden
        assert hidden is not None
        events: list[Event] = []
        opens: list[Any] = []
        k = 0
        for raw in entries:
            if isinstance(raw, dict) and set(raw) == {"open"}:
                opens.append(raw["open"])
                continue
            if isinstance(raw, dict) and set(raw) == {"sealed"}:
                action = None
                self.check_turn(n, k, side)
            else:
                actor, action = self._parse_action(n, side, k, raw)
                self.check_turn(n, k, actor)
            try:
                events.extend(hidden.krob_action(n, k, opens, raw, action))
            except IllegalAction as exc:
                raise self.refuse(n, _("action {k}: {why}").format(k=k, why=exc)) from None
            opens, k = [], k + 1
        if opens:
            raise HiddenLinkError(_("openings before no action"))
        return events

    def _cut(self, n: int, raw: Any) -> list[Event]:
        """The cut a Krob link makes in the Adventurers' link before it: back to its first
        action that does not stand, played again with what it reveals opened first."""
        hidden = self.hidden
        assert hidden is not None and self.game is not None
        at, opens = cut_field(raw)
        if self.links[-1]["side"] != Side.ADVENTURERS.value:
            raise HiddenLinkError(_("field cut: the link before is not the Adventurers' link"))
        hidden.begin_cut(at)
        self.cut_by = n
        raw_action = self.links[-1]["actions"][at]
        action = action_from_dict(raw_action)  # read once already, when its link was
        for game in hidden.games():
            game.dice_source = LinkDice(self.seeds[n - 1], len(game.history) - at)
        try:
            return hidden.krob_action(n - 1, at, opens, raw_action, action)
        except IllegalAction as exc:
            raise HiddenLinkError(_("field cut: action {k}: {why}").format(k=at, why=exc)) from None

    def play_sealing(self, n: int, actor: Side, action: Action) -> tuple[list[Any], list[Event]]:
        """The Krob player's computer plays the next action of its link `n` (a game with
        hidden Krobs): the entries the link carries for it, and the Adventurers' events."""
        hidden = self.hidden
        assert hidden is not None and hidden.lock is not None
        game = hidden.lock.full
        assert isinstance(game.dice_source, LinkDice)
        k = game.dice_source.index(game)
        self.check_turn(n, k, actor)
        try:
            return hidden.play_full(n, k, action, coins.new_secret())
        except IllegalAction as exc:
            raise self.refuse(n, _("action {k}: {why}").format(k=k, why=exc)) from None

    def write_cut(self, n: int) -> tuple[dict[str, Any], list[Event]] | None:
        """The Krob player's computer, about to write link `n`: the cut it makes in the
        Adventurers' link before, played, and the Adventurers' events of the action played
        again (None: that link stands whole)."""
        hidden = self.hidden
        if hidden is None or hidden.cut is None:
            return None
        at = hidden.cut
        hidden.begin_cut(at)
        self.cut_by = n
        action = action_from_dict(self.links[-1]["actions"][at])
        for game in hidden.games():
            game.dice_source = LinkDice(self.seeds[n - 1], len(game.history) - at)
        entries, events = hidden.play_full(n - 1, at, action, "")
        return {"at": at, "open": [e["open"] for e in entries[:-1]]}, events

    def audit(self) -> dict[str, Any] | None:
        """The Krob player's end audit: every seal's opening, once the game is over."""
        hidden = self.hidden
        if hidden is None or hidden.audited or self.game is None or not self.game.over:
            return None
        hidden.audited = True
        return {sealed: o.to_list() for sealed, o in sorted(hidden.known.items())}

    def _audit(self, n: int, link: dict[str, Any]) -> None:
        """The end audit: the game over, the Krob player opens every seal, and the whole
        game is replayed in full, as the Krob computer played it; anything the links
        should have revealed and did not is found there."""
        hidden = self.hidden
        assert hidden is not None and self.game is not None
        if not self.game.over:
            raise HiddenLinkError(_("field audit: the game is not over"))
        openings = parse_openings(link["audit"])
        if set(openings) != set(hidden.seals.values()):
            raise HiddenLinkError(_("field audit: it does not open every seal of the game"))
        hidden.audited = True
        if hidden.lock is not None:
            return  # this replay is the full one already
        turn = TurnFile(self.game_id, self.start, [*self.links, link])
        try:
            replay(turn, self.src, self.rules, openings)
        except TurnFileError as exc:
            said = _("the end audit: {place}: {why}").format(place=exc.place, why=exc.detail)
            raise HiddenLinkError(said) from None

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

    def begin_link(self, n: int, side: Side, reveal: str, cut: Any = None) -> list[Event]:
        """Set the game up (at the first link after the hand-shake) and the seed of link
        `n`, whose side reveals `reveal`; first, in a game with hidden Krobs, the `cut`
        it makes in the Adventurers' link before (its events)."""
        before = self.links[n - 1]["reveal"]
        events: list[Event] = []
        if self.game is None:
            assert n == HANDSHAKE
            self.game = self._set_up(coins.start_seed(self.game_id, reveal, before))
        if cut is not None:
            if self.hidden is None:
                raise HiddenLinkError(_("field cut: nothing is hidden in this game"))
            events = self._cut(n, cut)
        elif self.hidden is not None and self.hidden.cut is not None:
            raise HiddenLinkError(
                _(
                    "the Adventurers' link before does not stand from its action {k} on (a "
                    "Krob revealed there), and this link does not say so"
                ).format(k=self.hidden.cut)
            )
        auditing = self.hidden is not None and not self.hidden.audited
        if self.game.over and not (auditing and side is Side.KROBS):
            raise self.refuse(n, _("the game was over before this link"))
        if n == HANDSHAKE or self.cut_by == n:
            pass  # the first link of play, or a cut, may find the other side to act
        elif not self.game.over and (acting := self.game.to_act()) not in (side, None):
            assert acting is not None
            raise self.refuse(n, _("{side} are still to act").format(side=side_words(acting)))
        self.seeds[n] = coins.link_seed(self.game_id, n, reveal, before)
        games = [self.game] if self.hidden is None else self.hidden.games()
        for game in games:
            game.dice_source = LinkDice(self.seeds[n], len(game.history))
        return events

    def check_turn(self, n: int, k: int, actor: Side) -> None:
        """Action `k` of link `n` may be taken now by `actor`."""
        game = self.game
        assert game is not None
        if game.over:
            raise self.refuse(n, _("action {k}: the game is over").format(k=k))
        if game.to_act() is not actor:
            raise self.refuse(
                n,
                _("action {k}: it is not for {side} to act").format(k=k, side=side_words(actor)),
            )

    def play(self, n: int, actor: Side, action: Action) -> list[Event]:
        """Apply the link's next action, by `actor`, with its own dice."""
        game = self.game
        assert game is not None
        assert isinstance(game.dice_source, LinkDice)
        k = game.dice_source.index(game)
        self.check_turn(n, k, actor)
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
        unaudited = self.hidden is not None and not self.hidden.audited
        if game.over and unaudited and side is Side.KROBS:
            raise self.refuse(n, _("the game ends in this link, which opens no seal (the audit)"))
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
            game = game_from_carried(
                self.src, scenario.get("carried"), str(scenario.get("id", "")), seed, self.rules
            )
        except SaveError as exc:
            raise TurnFileError(self.src, exc.detail, exc.place) from None
        if not hidden_ids(game):
            return game
        why = fits_play_by_files(game)
        if why is not None:
            raise TurnFileError(self.src, f"these hidden characters cannot be kept so: {why}")
        self.hidden = HiddenPlay.start(self.game_id, game, self.openings)
        return self.hidden.game


def replay(
    turn: TurnFile,
    src: Path,
    rules_in_use: RulesData,
    openings: dict[str, Opening] | None = None,
) -> Replay:
    """Check every link of `turn` (read from `src`), replaying its game; in full, hidden
    Krobs and all, with `openings` (the Krob player's computer, the end audit)."""
    start = turn.start
    if set(start) != {"scenario", "rules"} or not isinstance(start.get("scenario"), dict):
        raise TurnFileError(src, _("expected scenario and rules"), _("field start"))
    scenario = start["scenario"]
    if not isinstance(scenario.get("id"), str) or not isinstance(scenario.get("name"), str):
        raise TurnFileError(src, _("expected an id and a name"), _("field start.scenario"))
    record = read_record(src, start["rules"], error=TurnFileError)
    rules = rules_for_save(src, record, rules_in_use, error=TurnFileError).rules
    walk = Replay(src, turn.game, start, rules, openings=openings)
    if not turn.links:
        raise TurnFileError(src, _("a turn file has at least its first link"), _("field links"))
    for link in turn.links:
        walk.add(link)
    return walk
