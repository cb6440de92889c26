"""The hotseat client's input logic (`dragonnoir.ui.controller`), driven by clicks and
commands on small hand-made positions and the test scenarios — no display, no pygame.

Every check compares what the controller shows with what the engine says (legal
destinations, `explain_shot`, `explain(Attack)`), and what a click did with the engine's
state: the controller computes no rule of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dragonnoir.engine.actions import (
    Advance,
    ChooseCasualty,
    Declare,
    EndPhase,
    Fire,
    Jump,
    Move,
    Pass,
    ResolveCombat,
    Retreat,
)
from dragonnoir.engine.events import CombatResolved, Event, ShotResolved, UnitMoved
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import fire
from dragonnoir.engine.rules.movement import legal_destinations
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, cell_of, force_dice, hexes, position
from dragonnoir.narration.phrase import english
from dragonnoir.ui.controller import (
    HIDDEN_REASON,
    AttackPreview,
    Controller,
    Mode,
    MovePreview,
    ShotPreview,
)
from dragonnoir.ui.visibility import visible_to

SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios"

FLOOR = """
. . . . . . .
 . . . . . . .
. . . . . . .
 . . . . . . .
. . . . . . .
"""


def at(game: Game, cell: tuple[int, int]) -> Any:
    return hexes(game, cell)[0]


def snapshot(game: Game) -> tuple[dict[str, Any], int]:
    return game.state.to_dict(), len(game.history)


def of(events: list[Event] | None, kind: type) -> list[Any]:
    return [e for e in events or () if isinstance(e, kind)]


# -- moving ------------------------------------------------------------------------------------


def test_selecting_a_character_shows_the_engines_destinations_cost_and_rolls() -> None:
    game = position(FLOOR, {"zed": (1, 2), "hunter_01": (4, 1)})
    ui = Controller(game, Side.ADVENTURERS)
    assert ui.mode is Mode.IDLE
    ui.click_hex(at(game, (1, 2)))
    assert ui.mode is Mode.MOVE
    shown = ui.overlays().reachable
    engine = legal_destinations(game, "zed")
    assert shown.keys() == engine.keys()
    for h, d in engine.items():
        assert (shown[h].cost, shown[h].rolls, shown[h].path) == (d.cost, d.rolls, d.path)
    assert any(r.rolls for r in shown.values())  # the Hunter makes him roll past it
    # Hovering a hex shows the path and the preview of that move.
    far = max(engine.values(), key=lambda d: (d.rolls, d.cost))
    ui.hover_hex(far.hex)
    assert ui.overlays().path == far.path
    preview = ui.preview()
    assert isinstance(preview, MovePreview)
    assert (preview.cost, preview.rolls) == (far.cost, far.rolls)
    assert "zed" in ui.overlays().selected


def test_a_click_on_a_destination_moves_the_character() -> None:
    game = position(FLOOR, {"zed": (1, 2)})
    ui = Controller(game)
    ui.click_hex(at(game, (1, 2)))
    events = ui.click_hex(at(game, (3, 2)))
    assert of(events, UnitMoved) and cell_of(game, "zed") == (3, 2)
    assert game.history == [Move("zed", legal_destinations_path(game))]
    assert ui.mode is Mode.IDLE and not ui.message().refused  # type: ignore[union-attr]


def legal_destinations_path(game: Game) -> tuple[Any, ...]:
    move = game.history[-1]
    assert isinstance(move, Move)
    return move.path


def test_confirm_moves_stages_the_move_until_confirmed() -> None:
    game = position(FLOOR, {"zed": (1, 2)})
    ui = Controller(game, confirm_moves=True)
    ui.click_hex(at(game, (1, 2)))
    assert ui.click_hex(at(game, (2, 2))) is None
    assert ui.mode is Mode.CONFIRM and cell_of(game, "zed") == (1, 2)
    assert isinstance(ui.staged(), Move) and isinstance(ui.preview(), MovePreview)
    ui.command("confirm")
    assert cell_of(game, "zed") == (2, 2)


def test_an_illegal_click_shows_the_engines_reason_and_rule_and_changes_nothing() -> None:
    game = position(
        """
        . # . . .
         . . . . .
        """,
        {"zed": (0, 0), "rebel_swordsman_1": (3, 0), "hunter_01": (4, 1)},
    )
    ui = Controller(game)
    before = snapshot(game)
    ui.click_hex(at(game, (0, 0)))
    ui.click_hex(at(game, (1, 0)))  # rock
    msg = ui.message()
    assert msg is not None and msg.refused and msg.rule and msg.text
    assert snapshot(game) == before and ui.mode is Mode.MOVE
    # An enemy is not his to move: the engine's refusal of the phase.
    ui.click_hex(at(game, (4, 1)))
    assert snapshot(game) == before
    # A character who already moved this phase: the rule of the continuous path.
    ui.click_hex(at(game, (0, 1)))
    assert cell_of(game, "zed") == (0, 1)
    ui.click_hex(at(game, (3, 0)))
    ui.click_hex(at(game, (2, 0)))
    assert cell_of(game, "rebel_swordsman_1") == (2, 0)
    before = snapshot(game)
    ui.click_hex(at(game, (0, 1)))
    msg = ui.message()
    assert msg is not None and msg.refused and "continuous path" in msg.rule
    assert snapshot(game) == before and ui.mode is Mode.IDLE


def test_jumps_are_offered_where_allowed() -> None:
    game = position(". . _ _", {"rebel_scout_1": (1, 0), "rebel_swordsman_1": (0, 0)})
    ui = Controller(game)
    ui.click_hex(at(game, (1, 0)))
    jumps = ui.overlays().jumps
    assert set(jumps) == {at(game, (2, 0))}
    assert (
        jumps[at(game, (2, 0))].cost
        == game.explain(Jump("rebel_scout_1", at(game, (2, 0)))).details["cost"]
    )
    ui.hover_hex(at(game, (2, 0)))
    preview = ui.preview()
    assert (
        isinstance(preview, MovePreview) and preview.kind == "jump" and preview.direction == "down"
    )
    # Not a daredevil: no jump; on this ledge his only move ends on the scout's hex (a
    # move may end on a friend: Stacking is checked at the end of the phase).
    ui.click_hex(at(game, (0, 0)))
    assert ui.overlays().unit == "rebel_swordsman_1"
    assert set(ui.overlays().reachable) == {at(game, (1, 0))}
    assert not ui.overlays().jumps


def test_a_guard_chooses_its_end_facing_with_rotate() -> None:
    game = load_scenario(SCENARIOS / "nest.toml").new_game(1)
    while game.state.phase != "krob_movement" or game.state.pending:  # the start's window too
        game.apply(Pass() if game.state.pending else EndPhase())
    ui = Controller(game, Side.KROBS)
    guard = game.state.units["guard_1"]
    assert guard.hex is not None
    ui.click_hex(guard.hex)
    reach = ui.overlays().reachable
    assert reach.keys() == legal_destinations(game, "guard_1").keys()
    target = next(h for h, r in reach.items() if r.path and len(r.facings) > 1)
    ui.hover_hex(target)
    ui.command("rotate")
    facing = ui.overlays().facing
    assert facing in reach[target].facings
    preview = ui.preview()
    assert isinstance(preview, MovePreview) and preview.facing == facing
    ui.click_hex(target)
    while game.state.pending:  # the pauses for defensive fire and for a wizard's spell
        game.apply(Pass())
    assert game.state.units["guard_1"].hex == target
    assert game.state.units["guard_1"].facing == facing


# -- fire --------------------------------------------------------------------------------------


def fire_game(**kw: Any) -> Game:
    return position(
        FLOOR,
        [Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (3, 2))],
        phase="adventurer_fire",
        **kw,
    )


def test_fire_preview_is_the_engines_and_confirm_resolves_the_shot() -> None:
    game = fire_game()
    ui = Controller(game, Side.ADVENTURERS)
    ui.click_hex(at(game, (0, 2)))
    assert ui.mode is Mode.FIRE and ui.overlays().shooters == ("ork_archer_1",)
    assert ui.overlays().target_candidates == ("hunter_01",)
    ui.hover_hex(at(game, (3, 2)))
    assert ui.overlays().lines  # the line to the hovered enemy
    ui.click_hex(at(game, (3, 2)))
    assert ui.mode is Mode.CONFIRM and ui.staged() == Fire(("ork_archer_1",), "hunter_01")
    preview = ui.preview()
    assert isinstance(preview, ShotPreview) and preview.legal
    engine = fire.explain_shot(game, "ork_archer_1", "hunter_01").details
    shot = preview.shots[0]
    assert shot.probabilities == engine["probabilities"]
    assert {c: shot.chance(c) for c in "ABC"} == {c: engine["probabilities"][c] for c in "ABC"}
    assert shot.cover == engine["cover"] and shot.range == engine["line"]["range"]
    assert [m[1] for m in shot.modifiers] == [m["reason"] for m in engine["modifiers"]]
    assert [r[0] for r in shot.cover_why] == [c["reason"] for c in engine["cover_why"]]
    line = ui.overlays().lines[0]
    assert [[h.q, h.r] for h in line.crossed_hexes] == engine["line"]["crossed_hexes"]
    assert list(line.start) == engine["line"]["start"] and line.possible
    force_dice(game, 2)
    events = ui.command("confirm")
    shots = of(events, ShotResolved)
    assert len(shots) == 1 and shots[0] in game.log
    assert ui.mode is Mode.FIRE and ui.overlays().shooters == ()  # ready for the next shot


def test_clicking_the_target_again_fires() -> None:
    game = fire_game()
    ui = Controller(game)
    ui.click_hex(at(game, (3, 2)))
    assert ui.overlays().target == "hunter_01" and ui.mode is Mode.FIRE
    ui.click_hex(at(game, (0, 2)))
    force_dice(game, 10)
    assert of(ui.click_hex(at(game, (3, 2))), ShotResolved)


def test_a_shooter_who_may_not_fire_is_refused_with_the_rule() -> None:
    game = fire_game()
    game.state.units["ork_archer_1"].status = Status.KNOCKED_OUT
    game.touch()
    ui = Controller(game)
    before = snapshot(game)
    ui.command("fire")
    ui.click_hex(at(game, (0, 2)))
    msg = ui.message()
    assert msg is not None and msg.refused and msg.rule
    assert ui.overlays().shooters == () and snapshot(game) == before


def test_fire_outside_the_fire_phase_is_refused_by_the_phase_rule() -> None:
    game = position(FLOOR, {"ork_archer_1": (0, 2), "hunter_01": (3, 2)})
    ui = Controller(game)
    ui.command("fire")
    msg = ui.message()
    assert msg is not None and msg.refused and msg.rule == game.phase.section
    assert ui.mode is Mode.IDLE


# -- combat ------------------------------------------------------------------------------------

C = (3, 2)


def combat_game(pieces: dict[str, tuple[int, int]]) -> Game:
    return position(FLOOR, [Piece(k, c) for k, c in pieces.items()], phase="adventurer_combat")


def neighbour(game: Game, cell: tuple[int, int], direction: int) -> tuple[int, int]:
    return game.board.grid.to_cell(at(game, cell).neighbour(direction))


def declare_and_resolve(ui: Controller) -> list[object]:
    """Confirm the staged attack (it declares the combat), then Declare and Resolve from
    the combat prompt's buttons (issue 8, ruling 2): the events of the three."""
    events: list[object] = list(ui.command("confirm") or [])
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == "combats"
    assert isinstance(prompt.choices[0].action, Declare)
    events += ui.choose(0) or []
    prompt = ui.prompt()
    assert prompt is not None and isinstance(prompt.choices[0].action, ResolveCombat)
    events += ui.choose(0) or []
    return events


def test_a_single_attack_preview_is_the_engines_then_retreat_and_advance_by_clicks() -> None:
    game = position(FLOOR, {"zed": C}, phase="adventurer_combat")
    e = neighbour(game, C, 0)
    game = combat_game({"zed": C, "hunter_01": e})
    ui = Controller(game)
    ui.click_hex(at(game, C))
    assert ui.mode is Mode.ATTACK and ui.overlays().attackers == ("zed",)
    assert "hunter_01" in ui.overlays().defender_candidates
    ui.click_hex(at(game, e))
    assert ui.mode is Mode.CONFIRM
    preview = ui.preview()
    assert isinstance(preview, AttackPreview)
    d = game.explain(ui.staged()).details  # type: ignore[arg-type]
    assert (preview.attack, preview.defence, preview.odds, preview.column) == (
        d["attack"],
        d["defence"],
        d["odds"],
        d["column"],
    )
    assert preview.probabilities == d["probabilities"]
    assert [s.reason for s in preview.shifts] == [s["reason"] for s in d["shifts"]]
    # The reading a player planning it must know, in words with its section (issue 40).
    from dragonnoir.ui.names import names_of
    from dragonnoir.ui.preview_card import card_for

    rows = dict(card_for(preview, names_of(game)).rows)
    assert rows["reading"].startswith("planned: it may be withdrawn until the combats are")
    assert "(Combat (declared" in rows["reading"]
    force_dice(game, 6)  # 6 vs 2: 3-1, die 6: DR
    events = declare_and_resolve(ui)
    assert of(events, CombatResolved)[0].result == "DR"
    # The Krob player chooses the retreat path: the prompt, then a click on its end.
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == "retreat" and prompt.side is Side.KROBS
    assert ui.mode is Mode.DECISION and prompt.unit == "hunter_01"
    assert {c.action for c in prompt.choices} == set(game.legal_actions())
    to = next(c.action for c in prompt.choices if isinstance(c.action, Retreat))
    assert isinstance(to, Retreat)
    off = neighbour(game, e, 2)  # still next to Zed: refused, nothing changes
    before = snapshot(game)
    ui.click_hex(at(game, off))
    msg = ui.message()
    assert msg is not None and msg.refused and "farther from every enemy" in msg.english
    assert snapshot(game) == before
    ui.click_hex(to.path[-1])
    assert game.state.units["hunter_01"].hex == to.path[-1]
    # Zed may advance: the prompt offers each destination and Pass.
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == "advance" and prompt.can_pass
    advance = next(c.action for c in prompt.choices if isinstance(c.action, Advance))
    assert isinstance(advance, Advance)
    ui.hover_hex(advance.path[-1])
    preview = ui.preview()
    assert isinstance(preview, MovePreview) and preview.kind == "advance"
    ui.click_hex(advance.path[-1])
    assert game.state.units["zed"].hex == advance.path[-1]
    assert ui.prompt() is None


def test_advance_may_be_declined_with_pass() -> None:
    game = combat_game({"zed": C})
    e = neighbour(game, C, 0)
    game = combat_game({"zed": C, "hunter_01": e})
    ui = Controller(game)
    ui.click_hex(at(game, C))
    ui.click_hex(at(game, e))
    force_dice(game, 6)
    declare_and_resolve(ui)
    prompt = ui.prompt()
    assert prompt is not None
    ui.choose(next(i for i, c in enumerate(prompt.choices) if isinstance(c.action, Retreat)))
    assert ui.prompt() is not None and ui.prompt().kind == "advance"  # type: ignore[union-attr]
    ui.command("pass")
    assert not game.state.pending and game.history[-1] == Pass()


def test_a_joint_attack_preview_and_the_casualty_chosen_by_a_click() -> None:
    game = combat_game({"zed": C})
    e = neighbour(game, C, 0)
    pieces = {
        "zed": C,
        "rebel_swordsman_1": neighbour(game, C, 1),
        "warrior_01": e,
        "warrior_02": neighbour(game, e, 0),
    }
    game = combat_game(pieces)
    ui = Controller(game)
    ui.command("attack")
    ui.click_hex(at(game, pieces["rebel_swordsman_1"]))
    ui.click_hex(at(game, C))
    ui.click_hex(at(game, e))
    preview = ui.preview()
    assert isinstance(preview, AttackPreview) and preview.legal
    d = game.explain(ui.staged()).details  # type: ignore[arg-type]
    assert preview.attack == d["attack"] == 11 and preview.odds == d["odds"] == "2-1"
    assert preview.column == d["column"] == "3-1"
    assert preview.probabilities == d["probabilities"]
    joint = [s for s in preview.shifts if "together" in english(s.reason)]
    assert joint and joint[-1].column_after == "3-1"
    assert preview.shifts[-1].column_after == preview.column
    force_dice(game, 10)  # 10 + 1 = 11: AK
    events = declare_and_resolve(ui)
    assert of(events, CombatResolved)[0].result == "AK"
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == "casualty" and prompt.side is Side.ADVENTURERS
    assert {c.action for c in prompt.choices} == {
        ChooseCasualty("zed"),
        ChooseCasualty("rebel_swordsman_1"),
    }
    before = snapshot(game)
    ui.click_hex(at(game, pieces["warrior_02"]))  # not his to choose
    assert ui.message() is not None and ui.message().refused  # type: ignore[union-attr]
    assert snapshot(game) == before
    ui.click_hex(at(game, pieces["rebel_swordsman_1"]))
    assert game.state.units["rebel_swordsman_1"].status is Status.KNOCKED_OUT


def test_an_attack_at_less_than_one_to_one_is_previewed_and_refused() -> None:
    game = combat_game({"zed": C})
    game = combat_game({"rebel_swordsman_1": C, "guard_1": neighbour(game, C, 0)})
    ui = Controller(game)
    ui.click_hex(at(game, C))
    guard = game.state.units["guard_1"]
    assert guard.hex is not None
    ui.click_hex(guard.hex)
    preview = ui.preview()
    assert isinstance(preview, AttackPreview) and not preview.legal and preview.rule
    before = snapshot(game)
    ui.command("confirm")
    msg = ui.message()
    assert msg is not None and msg.refused and msg.rule == preview.rule
    assert snapshot(game) == before


# -- defensive fire during the Krob move -------------------------------------------------------


def test_defensive_fire_answered_by_clicks_and_pass() -> None:
    game = position(
        FLOOR.replace(". . . . . . .", ". . . . . . . . .").replace(
            " . . . . . . .", " . . . . . . . . ."
        ),
        [Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (5, 2))],
        phase="krob_movement",
    )
    ui = Controller(game, follow_to_act=True)
    ui.click_hex(at(game, (5, 2)))
    ui.click_hex(at(game, (3, 2)))
    assert cell_of(game, "hunter_01") == (4, 2)
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == "defensive_fire"
    assert prompt.side is Side.ADVENTURERS and ui.viewer is Side.ADVENTURERS
    assert prompt.can_pass and ui.overlays().target == "hunter_01"
    ui.click_hex(at(game, (0, 2)))
    preview = ui.preview()
    assert isinstance(preview, ShotPreview) and preview.mode == "defensive"
    engine = fire.explain_shot(game, "ork_archer_1", "hunter_01", "defensive").details
    assert preview.shots[0].probabilities == engine["probabilities"]
    force_dice(game, 2)  # B: a wound, the move goes on
    events = ui.command("confirm")
    assert of(events, ShotResolved)[0].mode == "defensive"
    assert game.state.units["hunter_01"].wounds == 1
    # Pass lets the Krob go on (if it was asked again).
    if ui.prompt() is not None:
        ui.command("pass")
    assert not game.state.pending and game.to_act() is Side.KROBS


def test_defensive_fire_at_unmoved_krobs_then_pass() -> None:
    game = position(
        FLOOR, [Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (4, 2))], phase="krob_movement"
    )
    ui = Controller(game)
    ui.command("end_phase")
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == fire.UNMOVED_DECISION
    assert ui.overlays().target_candidates == ("hunter_01",)
    ui.click_hex(at(game, (0, 2)))
    ui.click_hex(at(game, (4, 2)))
    assert ui.mode is Mode.CONFIRM
    ui.command("cancel")
    assert ui.mode is Mode.DECISION and ui.overlays().shooters == ()
    ui.command("pass")
    assert not game.state.pending and game.state.phase == "krob_combat"


# -- end phase, undo ---------------------------------------------------------------------------


def test_end_phase_and_undo() -> None:
    game = position(FLOOR, {"zed": (1, 2)})
    ui = Controller(game)
    ui.click_hex(at(game, (1, 2)))
    ui.click_hex(at(game, (2, 2)))
    assert cell_of(game, "zed") == (2, 2)
    ui.command("undo")
    assert cell_of(game, "zed") == (1, 2) and ui.mode is Mode.IDLE
    ui.command("undo")
    msg = ui.message()
    assert msg is not None and "nothing to undo" in msg.english
    ui.command("end_phase")
    assert game.state.phase == "adventurer_combat"


def test_a_change_behind_the_controllers_back_drops_the_selection() -> None:
    game = position(FLOOR, {"zed": (1, 2)})
    ui = Controller(game)
    ui.click_hex(at(game, (1, 2)))
    assert ui.mode is Mode.MOVE
    game.apply(Move("zed", hexes(game, (2, 2))))
    assert ui.mode is Mode.IDLE and ui.overlays().reachable == {}


# -- hidden information ------------------------------------------------------------------------


def hidden_web(game: Game) -> Game:
    for acc in game.state.accessories.values():
        acc.hidden_from = Side.ADVENTURERS
    game.touch()
    return game


def test_a_hidden_web_is_not_revealed_by_the_reachable_hexes() -> None:
    art = """
    . . . . . . .
     . . . . . . .
    . . . . . . .
    """
    game = hidden_web(position(art, {"zed": (0, 1)}, webs=[(2, 1)]))
    assert any(d.web_stop for d in legal_destinations(game, "zed").values())
    ui = Controller(game, Side.ADVENTURERS)
    ui.click_hex(at(game, (0, 1)))
    reach = ui.overlays().reachable
    assert reach and all(r.web_stop is None for r in reach.values())
    assert at(game, (2, 1)) in reach  # the web hex looks like any other
    assert visible_to(game, Side.ADVENTURERS).accessories(game) == []
    # The Krob player (and a referee) may see it.
    referee = Controller(game)
    referee.click_hex(at(game, (0, 1)))
    assert any(r.web_stop for r in referee.overlays().reachable.values())
    assert len(visible_to(game, Side.KROBS).accessories(game)) == 1


def test_a_hidden_web_is_not_revealed_by_the_line_of_fire() -> None:
    game = hidden_web(
        position(
            FLOOR,
            [Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (4, 2))],
            phase="adventurer_fire",
            webs=[(2, 2)],
        )
    )
    engine = fire.explain_shot(game, "ork_archer_1", "hunter_01")
    assert "web" in engine.reason  # the engine knows
    ui = Controller(game, Side.ADVENTURERS)
    ui.click_hex(at(game, (0, 2)))
    ui.click_hex(at(game, (4, 2)))
    preview = ui.preview()
    assert isinstance(preview, ShotPreview)
    text = " ".join(preview.lines()).lower()
    assert "web" not in text
    assert (preview.reason, preview.rule) == HIDDEN_REASON
    ui.command("confirm")
    msg = ui.message()
    assert msg is not None and msg.refused and "web" not in str(msg).lower()


# -- the test scenarios ------------------------------------------------------------------------


def test_the_corridor_scenario_moves_and_ends_phases_through_the_controller() -> None:
    game = load_scenario(SCENARIOS / "corridor.toml").new_game(7)
    ui = Controller(game, follow_to_act=True)
    assert game.state.phase == "adventurer_fire"
    ui.command("end_phase")
    assert game.state.phase == "adventurer_movement"
    zed = game.state.units["zed"]
    assert zed.hex is not None
    ui.click_hex(zed.hex)
    reach = ui.overlays().reachable
    assert reach.keys() == legal_destinations(game, "zed").keys()
    nearest = min(reach.values(), key=lambda r: (r.cost, r.hex))
    ui.click_hex(nearest.hex)
    assert game.state.units["zed"].hex == nearest.hex
    ui.command("end_phase")
    assert game.state.phase == "adventurer_combat"


@pytest.mark.parametrize("name", ["corridor", "nest", "fosse_pit"])
def test_the_views_are_safe_in_every_phase_of_a_scenario(name: str) -> None:
    """Idle clicks on every counter in every phase of the first turn: the views build,
    and a click never changes the game except through an action it reports."""
    game = load_scenario(SCENARIOS / f"{name}.toml").new_game(3)
    ui = Controller(game, follow_to_act=True)
    for _ in range(12):
        if game.over or game.state.turn > 1:
            break
        for unit in list(game.state.units.values()):
            if unit.hex is None:
                continue
            before = len(game.history)
            events = ui.click_hex(unit.hex)
            assert (events is None) == (len(game.history) == before)
            ui.overlays(), ui.preview(), ui.prompt(), ui.hint()
            ui.command("cancel")
        while game.state.pending:
            prompt = ui.prompt()
            assert prompt is not None and prompt.choices
            ui.choose(len(prompt.choices) - 1)
        ui.command("end_phase")


def test_a_passenger_rows_his_boat_by_a_click_on_a_highlighted_hex() -> None:
    """Movement by Boat in the client: the selected passenger's journeys are offered
    (cost in boat hexes), a click rows the boat there."""
    from dragonnoir.engine.state import Accessory, AccessoryKind

    game = position(
        ". l l l l .\n ~ ~ ~ ~ ~ ~\n~ ~ ~ ~ ~ ~",
        {"rebel_swordsman_1": (1, 1)},
        levels="0 - - - - 0\n - - - - - -\n- - - - - -",
    )
    stern, bow = at(game, (0, 1)), at(game, (1, 1))
    game.state.accessories["boat_1"] = Accessory("boat_1", AccessoryKind.BOAT, (stern, bow))
    game.touch()
    ui = Controller(game)
    ui.click_hex(bow)
    sails = ui.overlays().sails
    target = at(game, (3, 1))
    assert target in sails and sails[target].cost == 2 and sails[target].budget == 4
    ui.hover_hex(target)
    preview = ui.preview()
    assert isinstance(preview, MovePreview) and preview.kind == "row" and preview.cost == 2
    ui.click_hex(target)
    assert game.state.accessories["boat_1"].hexes == (at(game, (2, 1)), target)
    assert game.state.units["rebel_swordsman_1"].hex == target


def test_a_wizard_casts_from_his_spell_book_with_the_chance_shown_first() -> None:
    """Magic in the client: M opens the wizard's spell book (cost and chance), a spell is
    chosen, its target clicked, the card gives the chance; Enter casts it."""
    from dragonnoir.engine.actions import CastSpell
    from dragonnoir.engine.state import Wizard
    from dragonnoir.narration.phrase import english
    from dragonnoir.ui.controller import SpellPreview

    game = position(". . . . . .\n . . . . . .", {"zacharie": (0, 0)}, phase="adventurer_movement")
    game.state.wizards["zacharie"] = Wizard("zacharie", 1, 100)
    ui = Controller(game)
    ui.command("cast")
    book = ui.prompt()
    assert book is not None and book.kind == "spell_book"
    labels = [english(c.label) for c in book.choices]
    assert any(label.startswith("Blink: 8 EP") for label in labels)
    assert not any("Far sight" in label for label in labels)  # level 2 only
    ui.choose(next(i for i, c in enumerate(book.choices) if c.action.spell == "blink"))
    to = at(game, (2, 0))
    ui.click_hex(to)
    assert ui.overlays().spell_targets == (to,) and to in ui.overlays().spell_range
    preview = ui.preview()
    assert isinstance(preview, SpellPreview) and preview.legal and preview.chance == 1.0
    staged = ui.staged()
    assert isinstance(staged, CastSpell) and staged.spell == "blink"
    ui.command("confirm")
    assert game.state.units["zacharie"].hex == to
    assert game.state.wizards["zacharie"].energy == 92


def test_a_fireball_is_aimed_at_a_web_by_a_click_on_its_hex() -> None:
    """ "Fireballs automatically destroy spider webs": a click on a web the Adventurers
    know of aims the Fireball there; Enter burns it."""
    from dragonnoir.engine.actions import CastSpell
    from dragonnoir.engine.state import Wizard

    game = position(
        ". . . . . .\n . . . . . .",
        {"zacharie": (0, 0)},
        phase="adventurer_movement",
        webs=[(3, 0)],
    )
    game.state.wizards["zacharie"] = Wizard("zacharie", 1, 100)
    ui = Controller(game)
    ui.command("cast")
    book = ui.prompt()
    assert book is not None
    ui.choose(next(i for i, c in enumerate(book.choices) if c.action.spell == "fireball"))
    web = at(game, (3, 0))
    ui.click_hex(web)
    staged = ui.staged()
    assert isinstance(staged, CastSpell) and staged.targets == (f"{web.q},{web.r}",)
    force_dice(game, 10)
    ui.command("confirm")
    assert not any(a.face_up for a in game.state.accessories.values())


def test_a_gargoyle_flies_by_a_click_on_an_f_hex() -> None:
    from dragonnoir.engine.actions import Fly  # noqa: F401 (the action the click makes)

    game = position(". . . . . . . .\n . . . . . . . .\n. . . . . . . .", {"gargoyle_1": (0, 1)})
    ui = Controller(game)
    ui.click_hex(at(game, (0, 1)))
    far = at(game, (5, 1))
    option = ui.overlays().jumps.get(far)
    assert option is not None and option.direction == "fly" and option.cost == 5
    ui.click_hex(far)
    assert game.state.units["gargoyle_1"].hex == far
