"""The end of a game: who won, why (the condition met, in the scenario's words), the
casualties of each side and the turns played; then "Play again" (the same scenario with
new dice), "Look at the map" (back to the finished board) or "Back to menu".

`game_result(game)` is the pure part (no drawing): the engine's `scratch["result"]`
(`Game.end_game`) read into a `GameResult`, the casualties counted from the units. A
campaign continues from here: `GameScene(..., on_game_over=callback)` makes the end
screen's first button "Continue the campaign", which calls `callback(game, result)` and
goes wherever it returns (the campaign screen, the next scenario).
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UIImage, UILabel, UITextBox

from dragonnoir.engine.events import GameEnded
from dragonnoir.engine.game import Game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side, Status
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import N_, _, ngettext
from dragonnoir.local_texts import file_texts as scenario_texts
from dragonnoir.narration.phrase import Phrase
from dragonnoir.render.board_view import BoardView
from dragonnoir.ui.app import App, BackTo, Pop, Reset, Result, Scene
from dragonnoir.ui.library import SIDE_COLOURS, scenario_name
from dragonnoir.ui.names import names_of
from dragonnoir.ui.visibility import OBJECTIVE_KINDS

#: The sides as the end screen names them.
SIDE_NAMES = {
    "adventurers": N_("the Adventurers"),
    "krobs": N_("the Krobs"),
    "gharvs": N_("the Gharvs"),
}
#: Who won, by the winning side.
WINNERS = {
    "adventurers": N_("The Adventurers win"),
    "krobs": N_("The Krobs win"),
    "gharvs": N_("The Gharvs win"),
}


def side_words(side: str) -> str:
    """A side's name in the player's language ("the Krobs")."""
    return _(SIDE_NAMES[side]) if side in SIDE_NAMES else side


@dataclass(frozen=True, slots=True)
class SideLosses:
    """What one side lost: names of the dead, the knocked out and wounded still
    standing, and the casualty points the enemy scored (when the scenario counts them)."""

    killed: tuple[str, ...] = ()
    knocked_out: tuple[str, ...] = ()
    wounded: tuple[str, ...] = ()
    points: float | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game as the end screen (and a campaign) reads it."""

    #: "adventurers", "krobs", or None for a draw / no result.
    winner: str | None
    reason: str
    turn: int
    turn_limit: int | None
    #: The condition met as the scenario states it ({"id", "kind", "side", "text", ...}),
    #: or {"id": "turn_limit" | "wiped_out", "kind": ...}; None when the engine says none.
    condition: dict[str, Any] | None
    losses: dict[str, SideLosses] = field(default_factory=dict)
    #: The engine's casualties block as it gave it (points per side, ...).
    casualties: dict[str, Any] = field(default_factory=dict)
    #: `reason` in the player's words (the game's narrator: names, not ids).
    said_reason: str = ""

    @property
    def headline(self) -> str:
        if self.winner is None:
            return _("A draw") if "draw" in self.reason.lower() else _("No winner")
        if self.winner in WINNERS:
            return _(WINNERS[self.winner])
        return _("{side} win").format(side=_upper_first(self.winner))


def game_result(game: Game) -> GameResult:
    """The result of a finished game (or of the game so far): the engine's
    `scratch["result"]`, else its `GameEnded` event, else the state."""
    raw = game.state.scratch.get("result")
    result: dict[str, Any] = dict(raw) if isinstance(raw, dict) else {}
    if not result:
        ended = [e for e in game.log if isinstance(e, GameEnded)]
        if ended:
            result = {"winner": ended[-1].winner, "reason": ended[-1].reason, **ended[-1].details}
    winner = result.get("winner")
    if winner is None and game.state.winner is not None:
        winner = game.state.winner.value
    condition = _condition(game, result)
    casualties = result.get("casualties")
    casualties = casualties if isinstance(casualties, dict) else {}
    names = names_of(game)
    losses: dict[str, SideLosses] = {}
    for side in (Side.ADVENTURERS, Side.KROBS):
        units = sorted((u for u in game.state.units.values() if u.side is side), key=lambda u: u.id)
        killed = tuple(names.of(u) for u in units if u.status is Status.KILLED)
        out = tuple(names.of(u) for u in units if u.status is Status.KNOCKED_OUT)
        wounded = tuple(
            names.of(u) for u in units if u.status is Status.WOUNDED or (u.alive and u.wounds)
        )
        points = _points(casualties, side)
        losses[side.value] = SideLosses(killed, out, wounded, points)
    turn = result.get("turn")
    reason = result.get("reason") or ""
    texts = scenario_texts(Path(game.scenario_path)) if game.scenario_path else None
    if texts is not None and isinstance(condition, dict) and condition.get("text"):
        condition = {**condition, "said": texts.word(str(condition["text"]))}
    last = next((e for e in reversed(game.log) if isinstance(e, GameEnded)), None)
    if last is not None and isinstance(last.reason, Phrase):  # the engine's own words
        said = names.say(last.reason)
    elif isinstance(reason, str) and texts is not None:
        said = names.say(texts.word(reason)) if reason else ""
    else:
        said = names.say(reason) if reason else ""
    if not said and not game.over:
        said = _("the game goes on")
    return GameResult(
        winner=str(winner) if winner is not None else None,
        said_reason=said,
        reason=str(reason or ("the game goes on" if not game.over else "")),
        turn=int(turn) if isinstance(turn, int) else game.state.turn,
        turn_limit=game.state.turn_limit,
        condition=condition,
        losses=losses,
        casualties=casualties,
    )


def _condition(game: Game, result: dict[str, Any]) -> dict[str, Any] | None:
    """The condition met: the engine names it by id ("c1", or "turn_limit" /
    "wiped_out") with its kind; the scenario's own entry gives its words."""
    raw = result.get("condition")
    if isinstance(raw, dict):
        return raw
    if not isinstance(raw, str) or not raw:
        return None
    scenario = game.state.scratch.get("scenario")
    victory = scenario.get("victory") if isinstance(scenario, dict) else None
    conditions = victory.get("conditions", ()) if isinstance(victory, dict) else ()
    for c in conditions:
        if isinstance(c, dict) and c.get("id") == raw:
            return dict(c)
    return {"id": raw, "kind": result.get("kind", raw)}


def _points(casualties: dict[str, Any], side: Side) -> float | None:
    """The casualty points the enemy scored for `side`'s dead: the engine's block is
    {side: {"lost": [ids], "points": n}} (victory.casualties)."""
    value = casualties.get(side.value)
    if isinstance(value, dict):
        value = value.get("points")
    return float(value) if isinstance(value, int | float) else None


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def result_html(result: GameResult) -> str:
    """The end screen's text: why, casualties per side, turns."""
    said = _upper_first(result.said_reason or result.reason) or _("The game is over")
    parts = [f"<b>{html.escape(said)}</b>"]
    cond = result.condition
    if cond is not None and cond.get("text") and cond.get("text") != result.reason:
        parts.append(f"<i>{html.escape(str(cond.get('said') or cond['text']))}</i>")
    if result.turn_limit:
        played = _("Game turns played: {turn} of {limit}.").format(
            turn=result.turn, limit=result.turn_limit
        )
    else:
        played = _("Game turns played: {turn}.").format(turn=result.turn)
    below = _(
        "Below, the caves as the game ended (a dot per character still there; a gold ring: "
        "the real objective counter)."
    )
    parts.append(html.escape(f"{played} {below}"))
    parts.append("")
    for side, loss in result.losses.items():
        colour = "#8fb4f0" if side == "adventurers" else "#f08f7a"
        head = f"<font color='{colour}'><b>{html.escape(_upper_first(side_words(side)))}</b></font>"
        bits = []
        for what, who in (
            (ngettext("{n} killed ({who})", "{n} killed ({who})", len(loss.killed)), loss.killed),
            (
                ngettext(
                    "{n} knocked out ({who})", "{n} knocked out ({who})", len(loss.knocked_out)
                ),
                loss.knocked_out,
            ),
            (
                ngettext("{n} wounded ({who})", "{n} wounded ({who})", len(loss.wounded)),
                loss.wounded,
            ),
        ):
            if who:
                bits.append(what.format(n=len(who), who=", ".join(who)))
        lost = "; ".join(bits) if bits else _("no losses")
        points = ""
        if loss.points is not None:
            points = _(" — {points} casualty points to the enemy").format(points=f"{loss.points:g}")
        parts.append(f"{head}: {html.escape(lost + points)}.")
    return "<br>".join(parts)


class EndScreen(Scene):
    """The result of a game over the finished board. `on_continue` (a campaign) adds a
    first button that calls it with the game and its result."""

    title = N_("Game over")

    def __init__(
        self,
        app: App,
        game: Game,
        *,
        on_continue: Callable[[Game, GameResult], Result] | None = None,
        continue_label: str = N_("Continue the campaign"),
        back_to: Scene | None = None,
    ) -> None:
        super().__init__(app)
        self.game = game
        self.result = game_result(game)
        self.on_continue = on_continue
        self.continue_label = continue_label
        #: The scene the game came from and goes back to (the map editor); None: the
        #: main menu.
        self.back_to = back_to
        self.buttons: dict[str, UIButton] = {}
        self.text: UITextBox | None = None

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        m = self.manager
        UILabel(
            pygame.Rect(0, 40, w, 64),
            self.result.headline,
            m,
            container=root,
            object_id=ObjectID(object_id="#title"),
        )
        UILabel(
            pygame.Rect(0, 104, w, 34),
            self.scenario_name(),
            m,
            container=root,
            object_id=ObjectID(object_id="#subtitle"),
        )
        box_w = min(760, w - 80)
        text = result_html(self.result)
        lines = text.count("<br>") + 2 + sum(len(part) // 90 for part in text.split("<br>"))
        box_h = max(120, min(h - 156 - 120, 26 * lines))
        self.text = UITextBox(
            text, pygame.Rect((w - box_w) // 2, 156, box_w, box_h), m, container=root
        )
        room = (w - 80, h - 156 - box_h - 130)
        if room[0] > 80 and room[1] > 80:
            picture = final_board(self.game, room)
            pw, ph = picture.get_size()
            UIImage(
                pygame.Rect((w - pw) // 2, 156 + box_h + 16, pw, ph), picture, m, container=root
            )
        items: list[tuple[str, str]] = []
        if self.on_continue is not None:
            items.append(("continue", _(self.continue_label)))
        else:
            items.append(("again", _("Play again")))
        back = _("Back to menu") if self.back_to is None else _("Back to the editor")
        items += [("map", _("Look at the map")), ("menu", back)]
        bw, gap = 220, 16
        x = (w - len(items) * bw - (len(items) - 1) * gap) // 2
        self.buttons = {}
        for key, label in items:
            self.buttons[key] = UIButton(
                pygame.Rect(x, h - 90, bw, 50),
                label,
                m,
                container=root,
                object_id=ObjectID(class_id="@menu_button"),
            )
            x += bw + gap
        if "again" in self.buttons and not self.game.scenario_path:
            self.buttons["again"].disable()  # type: ignore[no-untyped-call]

    def scenario_name(self) -> str:
        """The scenario's name as the picker shows it, in the player's language (its id
        when the file is gone)."""
        path = self.game.scenario_path
        name = scenario_name(Path(path)) if path else ""
        return name or self.game.scenario_id.replace("-", " ").capitalize()

    def handle(self, event: pygame.event.Event) -> Result:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    return self.choose(key)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        return None

    def choose(self, key: str) -> Result:
        if key == "continue" and self.on_continue is not None:
            return self.on_continue(self.game, self.result)
        if key == "again":
            return self.play_again()
        if key == "map":
            return Pop()
        if key == "menu":
            return Reset() if self.back_to is None else BackTo(self.back_to)
        return None

    def play_again(self, seed: int | None = None) -> Result:
        """The same scenario from the start with new dice."""
        try:
            scenario = load_scenario(self.game.scenario_path)
        except DragonNoirError as exc:
            if self.text is not None:
                self.text.set_text(html.escape(_("Cannot start again: {why}").format(why=exc)))
            return None
        game = scenario.new_game(secrets.randbelow(2**31) if seed is None else seed)
        game.players = dict(self.game.players)  # the same players again
        again = self.app.screens.game(self.app, game, new=True, back_to=self.back_to)
        return Reset(again) if self.back_to is None else BackTo(self.back_to, again)

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill((16, 13, 11))


def final_board(game: Game, size: tuple[int, int]) -> pygame.Surface:
    """The map as the game ended, fitted into `size`: a dot per character still on it
    in his side's colour (a ring when knocked out), the real objective in gold. Nothing
    is secret any more."""
    view = BoardView(game.board)
    view.show_seams = False
    zoom = min(size[0] / view.map_w, size[1] / view.map_h)
    picture = view.surface(zoom).copy()
    grid = game.board.grid
    radius = max(3, round(20 * zoom))

    def centre(h: object) -> tuple[int, int]:
        x, y = grid.hex_centre(h)  # type: ignore[arg-type]
        return round(x * zoom), round(y * zoom)

    for acc in game.state.accessories.values():
        if acc.kind in OBJECTIVE_KINDS and acc.properties.get("real") and acc.hexes:
            c = centre(acc.hexes[0])
            pygame.draw.circle(picture, (244, 204, 96), c, radius + 3, max(2, radius // 3))
    for unit in game.state.units.values():
        if unit.hex is None or unit.status is Status.KILLED:
            continue
        c = centre(unit.hex)
        colour = SIDE_COLOURS.get(unit.side, (200, 200, 200))
        pygame.draw.circle(picture, (0, 0, 0), c, radius + 1)
        if unit.status is Status.KNOCKED_OUT:
            pygame.draw.circle(picture, colour, c, radius, max(1, radius // 3))
        else:
            pygame.draw.circle(picture, colour, c, radius)
    return picture
