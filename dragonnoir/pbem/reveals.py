"""The links of a game with hidden Krobs: seals, openings, cuts, and the end audit.

`HiddenPlay` is the part of a turn file's replay (chain.py) that knows hidden Krobs
(docs/pbem.md, "Hidden Krobs"). It runs in one of two ways:

- *blind* (the Adventurers' computer): only the blind game. A sealed action is skipped
  (its place in the link still counts for the dice), an opening is checked against the
  seals made at the time and puts its Krob into the blind game, a cut takes the blind game
  back to the action where the Adventurers' link stopped standing;
- *full* (the Krob computer, with its openings; anyone at the end audit, with the audit's):
  the full game and the blind game in step (`blind.Lockstep`). It plays every action,
  derives what the link must say (seal or not, which openings, where a cut falls) and
  refuses a link that says anything else: a reveal held back, a seal that is not the
  action's, a cut where nothing differed.

Every refusal is a `HiddenLinkError`, which the replay turns into "link n: ...".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dragonnoir.engine.actions import Action, action_from_dict
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.i18n import _
from dragonnoir.narration.names import names_of
from dragonnoir.pbem import coins
from dragonnoir.pbem.blind import (
    KEPT_FROM,
    Divergence,
    Lockstep,
    Mark,
    back,
    blind_copy,
    destination,
    hidden_ids,
    mark,
    movers,
    opening_of,
    public_events,
    put_in,
    skip_sealed,
)
from dragonnoir.pbem.opened_fields import checked_moving, checked_offmap
from dragonnoir.pbem.seals import Opening

Place = tuple[int, int]


class HiddenLinkError(Exception):
    """A link of a hidden game that is not as the protocol says (the reason)."""


def parse_openings(raw: Any) -> dict[str, Opening]:
    """An audit's openings, by seal (HiddenLinkError when it is not one)."""
    if not isinstance(raw, dict):
        raise HiddenLinkError(_("field audit: expected an object"))
    try:
        return {str(c): Opening.from_list(o) for c, o in raw.items()}
    except ValueError as exc:
        raise HiddenLinkError(_("field audit: {why}").format(why=exc)) from None


@dataclass
class HiddenPlay:
    """A hidden game's replay, blind or full (the module's docstring)."""

    game_id: str
    blind: Game
    #: The full game in step with the blind one; None on the Adventurers' computer.
    lock: Lockstep | None
    #: The openings this replay knows, by seal (full: all of them).
    known: dict[str, Opening]
    #: Each hidden character as the set-up has him (kind, side), to check an opening.
    cast: dict[str, dict[str, Any]]
    #: The characters of the set-up, in order (`blind.put_in`).
    order: tuple[str, ...]
    #: Where each seal of the game stands (link, place in the link).
    seals: dict[Place, str] = field(default_factory=dict)
    #: Full: the places of each hidden character's sealed actions.
    sealed_by: dict[str, list[Place]] = field(default_factory=dict)
    #: Blind: the blind game before each action of the Adventurers' last link.
    marks: list[Mark] = field(default_factory=list)
    #: Full: the action of the Adventurers' last link from which its outcome differs.
    cut: int | None = None
    audited: bool = False

    @classmethod
    def start(cls, game_id: str, full: Game, known: dict[str, Opening] | None) -> HiddenPlay:
        """A hidden game at its set-up: full when `known` is given (the openings this
        computer holds), blind otherwise."""
        cast = {uid: full.state.units[uid].to_dict() for uid in hidden_ids(full)}
        order = tuple(full.state.units)
        if known is None:
            return cls(game_id, blind_copy(full), None, {}, cast, order)
        lock = Lockstep.of(full)
        return cls(game_id, lock.blind, lock, dict(known), cast, order)

    @property
    def game(self) -> Game:
        """The game the replay's checks read: the full one when this computer has it."""
        return self.lock.full if self.lock is not None else self.blind

    def games(self) -> list[Game]:
        return [self.blind] if self.lock is None else [self.lock.full, self.blind]

    # -- a Krob link ----------------------------------------------------------------------

    def krob_action(
        self, n: int, k: int, opens: list[Any], entry: dict[str, Any], action: Action | None
    ) -> list[Event]:
        """Entry `k` of Krob link `n` (a clear `action`, or a seal when None), after the
        openings `opens`: checked and played; the Adventurers' events."""
        if self.lock is None:
            for opened in opens:
                self.put_in(n, opened)
            if action is None:
                self._seal_at(n, k, entry)
                skip_sealed(self.blind)
                return []
            return self.blind.apply(action)
        salt = coins.new_secret()  # an action in the clear: never sealed, any will do
        if action is None:
            action = self._opened_action(n, k, entry)
            salt = self.known[entry["sealed"]].salt
        derived, events = self.play_full(n, k, action, salt)
        if derived != [*({"open": o} for o in opens), entry]:
            raise HiddenLinkError(self._what_differs(k, derived, opens, entry))
        if "sealed" in entry:
            self._seal_at(n, k, entry)
        return events

    def play_full(
        self, n: int, k: int, action: Action, salt: str
    ) -> tuple[list[dict[str, Any]], list[Event]]:
        """Play `action` on both games (full): the entries the link must carry for it
        (openings, then the action or its seal) and the Adventurers' events. IllegalAction
        when the full game refuses it."""
        lock = self.lock
        assert lock is not None
        before = {uid: opening_of(lock.full, uid) for uid in lock.kept}
        log_before = len(lock.full.log)
        lock.full.apply(action)
        if lock.sealable(action, log_before):
            opening = Opening(n, k, salt, action.to_dict())
            sealed = opening.seal(self.game_id)
            self.known[sealed] = opening
            for uid in movers(action):
                self.sealed_by.setdefault(uid, []).append((n, k))
            skip_sealed(self.blind)
            return [{"sealed": sealed}], []
        try:
            opened, events = lock.play_in_blind(action, before, log_before)
        except Divergence as exc:
            raise HiddenLinkError(str(exc)) from None
        entries = [{"open": self.with_seals(o)} for o in opened]
        return [*entries, action.to_dict()], events

    def with_seals(self, opened: dict[str, Any]) -> dict[str, Any]:
        """An opening with the openings of every action its Krob took sealed so far."""
        uid = opened["unit"]["id"]
        by_place = {(o.link, o.index): o for o in self.known.values()}
        places = self.sealed_by.get(uid, [])
        return {**opened, "seals": [by_place[p].to_list() for p in places]}

    def _opened_action(self, n: int, k: int, entry: dict[str, Any]) -> Action:
        opening = self.known.get(entry.get("sealed", ""))
        if opening is None or (opening.link, opening.index) != (n, k):
            raise HiddenLinkError(_("action {k}: no opening of this seal").format(k=k))
        if opening.seal(self.game_id) != entry["sealed"]:
            raise HiddenLinkError(_("action {k}: its opening does not match its seal").format(k=k))
        try:
            return action_from_dict(opening.action)
        except (ValueError, TypeError, KeyError) as exc:
            raise HiddenLinkError(
                _("action {k}: the opened action: {why}").format(k=k, why=exc)
            ) from None

    def _seal_at(self, n: int, k: int, entry: dict[str, Any]) -> None:
        sealed = entry.get("sealed")
        if not coins.is_secret(sealed):  # a SHA-256 in hex has a secret's shape
            raise HiddenLinkError(_("action {k}: field sealed: expected 64 hex digits").format(k=k))
        self.seals[(n, k)] = sealed

    def _what_differs(
        self, k: int, derived: list[dict[str, Any]], opens: list[Any], entry: dict[str, Any]
    ) -> str:
        must = sorted(e["open"]["unit"]["id"] for e in derived if "open" in e)
        said = sorted(str(uid_of(o)) for o in opens if isinstance(o, dict) and "unit" in o)

        def names(ids: list[str]) -> str:
            return ", ".join(names_of(self.blind)(uid) for uid in ids) or _("nobody")

        if must != said:
            return _(
                "action {k}: the rules reveal {must} here, the link opens {said} (a reveal "
                "held back, or an opening that is not the one made at the time)"
            ).format(k=k, must=names(must), said=names(said))
        if ("sealed" in derived[-1]) != ("sealed" in entry):
            return _("action {k}: sealed where it must be in the clear, or the other way").format(
                k=k
            )
        return _("action {k}: not what the openings of the Krobs and the rules give").format(k=k)

    # -- an opening ------------------------------------------------------------------------

    def _of(self, uid: str, why: str) -> str:
        """A refusal of an opening, naming its Krob as players name him."""
        return _("an opening of {unit}: {why}").format(unit=names_of(self.blind)(uid), why=why)

    def put_in(self, n: int, opened: Any) -> None:
        """Check an opening against the seals made at the time, then put its Krob into
        the blind game where his opened actions left him."""
        if not isinstance(opened, dict) or set(opened) != {"unit", "offmap", "moving", "seals"}:
            raise HiddenLinkError(_("an opening: expected unit, offmap, moving and seals"))
        try:  # the bookkeeping an opening carries, in the shapes the engine writes
            opened = {
                **opened,
                "offmap": checked_offmap(opened["offmap"]),
                "moving": checked_moving(opened["moving"]),
            }
        except ValueError as exc:
            raise HiddenLinkError(_("an opening: {why}").format(why=exc)) from None
        moving = opened["moving"]
        if moving is not None and moving["unit"] != uid_of(opened):
            raise HiddenLinkError(_("an opening: field moving: expected his own move or null"))
        unit, uid = opened["unit"], uid_of(opened)
        if uid is None or uid not in self.cast or uid in self.blind.state.units:
            raise HiddenLinkError(
                _("an opening of a character who is no Krob hidden from the Adventurers")
            )
        if unit.get("kind") != self.cast[uid]["kind"] or unit.get("side") != "krobs":
            raise HiddenLinkError(self._of(uid, _("not the character the set-up hides")))
        if unit.get("hidden_from") != KEPT_FROM.value:
            raise HiddenLinkError(self._of(uid, _("he was hidden until now")))
        seals = opened["seals"] if isinstance(opened["seals"], list) else None
        if seals is None:
            raise HiddenLinkError(self._of(uid, _("field seals: expected a list")))
        where = None
        for raw in seals:
            try:
                opening = Opening.from_list(raw)
            except ValueError as exc:
                raise HiddenLinkError(self._of(uid, str(exc))) from None
            at = (opening.link, opening.index)
            if self.seals.get(at) != opening.seal(self.game_id):
                said = _("link {n} action {k} was not sealed so").format(n=at[0], k=at[1])
                raise HiddenLinkError(self._of(uid, said))
            where = destination(opening.action) or where
        if where is not None and unit.get("hex") != list(where):
            said = _("he stands elsewhere than his sealed moves took him")
            raise HiddenLinkError(self._of(uid, said))
        try:
            put_in(self.blind, opened, self.order)
        except (ValueError, TypeError, KeyError) as exc:
            raise HiddenLinkError(self._of(uid, str(exc))) from None

    # -- an Adventurers' link and its cut -----------------------------------------------

    def adventurer_action(self, action: Action) -> tuple[bool, list[Event]]:
        """An action of the Adventurers' link (theirs or an answer of the Krobs' orders):
        does it stand (the blind game gives what the full game gives)? Played on both
        games when it does; neither when not (the cut begins there)."""
        if self.lock is None:
            self.marks.append(mark(self.blind))
            return True, self.blind.apply(action)
        full, blind = self.lock.full, self.blind
        marks = mark(full), mark(blind)
        logs = len(full.log), len(blind.log)
        blind.apply(action)  # IllegalAction: not even legal where they played it
        try:
            full.apply(action)
            stands = self.lock.same() and public_events(full, logs[0]) == public_events(
                blind, logs[1]
            )
        except IllegalAction:
            stands = False
        if not stands:
            back(full, marks[0])
            back(blind, marks[1])
            return False, []
        return True, public_events(blind, logs[1])

    def begin_cut(self, at: int) -> None:
        """Blind: take the blind game back to before action `at` of the Adventurers'
        last link, the first that does not stand."""
        if self.lock is None:
            if not 0 <= at < len(self.marks):
                raise HiddenLinkError(
                    _("field cut: the link of the Adventurers has no action {k}").format(k=at)
                )
            back(self.blind, self.marks[at])
        elif self.cut != at:
            raise HiddenLinkError(
                _(
                    "field cut: the link of the Adventurers stands until action {k}, not {at}"
                ).format(k=self.cut, at=at)
                if self.cut is not None
                else _("field cut: the link of the Adventurers stands whole")
            )
        self.cut = None
        self.marks = []


def uid_of(opened: dict[str, Any]) -> str | None:
    """The id of the opened Krob (None: the opening names none)."""
    unit = opened["unit"]
    uid = unit.get("id") if isinstance(unit, dict) else None
    return uid if isinstance(uid, str) else None


def cut_field(raw: Any) -> tuple[int, list[Any]]:
    """A link's cut: the action of the Adventurers' link before it from which it no longer
    stands, and the openings that action needs."""
    if not (isinstance(raw, dict) and set(raw) == {"at", "open"}):
        raise HiddenLinkError(_("field cut: expected at and open"))
    at, opens = raw["at"], raw["open"]
    if not isinstance(at, int) or not isinstance(opens, list):
        raise HiddenLinkError(_("field cut: expected a number and a list"))
    return at, opens
