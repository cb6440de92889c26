"""The tactical AI on small hand-made positions: boats, deep passages, the Gharvs'
waters, the wizards' spells, the Queen's rear, baby Krobs and lines to infiltrate.
Each test asserts the choice a good player would make, and why."""

from __future__ import annotations

from typing import Any

import pytest
from ai_helpers import HALL, ISLE, ISLE_LEVELS, knight_goblin_and_boat, le_pont_at_movement

from dragonnoir.ai import mobility, tactical
from dragonnoir.ai.orders import GroupPlan, Order
from dragonnoir.ai.runner import play_game
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import (
    Action,
    Attack,
    CastSpell,
    EndPhase,
    EnterPassage,
    Fire,
    Jump,
    LeaveMap,
    Move,
    Pass,
    SailBoat,
)
from dragonnoir.engine.events import MovementStopped
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.rules.combat_geometry import rear_zone
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.steps import landed
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.resources import find as resource


def _goal(game: Game, side: Side, cells: list[tuple[int, int]]) -> None:
    """A scenario whose `side` wins by reaching these cells."""
    zone = [[h.q, h.r] for h in hexes(game, *cells)]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": side.value, "kind": "reach", "hexes": zone}]}
    game.touch()


def _choose(
    game: Game, side: Side, level: str = "hard", agent: TacticalAgent | None = None
) -> Action:
    agent = agent or TacticalAgent(side, 1, level=level)
    return agent.choose(view_for(game, side))


def _win_by(game: Game, *conditions: dict[str, Any]) -> None:
    """The scenario's victory conditions are these."""
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": list(conditions)}
    game.touch()


def _move_all(game: Game, side: Side, agent: TacticalAgent, most: int = 4) -> None:
    """Play `side`'s moves as `agent` chooses them, up to `most`, until it does something
    other than move (ends the phase)."""
    for _ in range(most):
        action = agent.choose(view_for(game, side))
        if not isinstance(action, Move):
            return
        game.apply(action)


def _orders_after_a_plan(game: Game, side: Side = Side.ADVENTURERS) -> dict[str, Order]:
    """Each character's order once a normal-level agent has planned (and chosen)."""
    agent = TacticalAgent(side, 1, level="normal")
    agent.choose(view_for(game, side))
    return agent._orders


LAKE = """
. l l l l .
 ~ ~ ~ ~ ~ ~
~ ~ ~ ~ ~ ~
 ~ ~ ~ ~ ~ ~
. h h h h .
"""
LAKE_LEVELS = """
0 - - - - 0
 - - - - - -
- - - - - -
 - - - - - -
0 - - - - 0
"""


def test_a_knight_who_cannot_swim_takes_the_boat_and_rows_it_across() -> None:
    # "Only Adventurers can move by boat"; an armoured man "would sink like a stone"
    # (Movement Restriction 2): the south shore is his goal, the lake between.
    game = position(LAKE, [Piece("rebel_knight_1", (2, 0))], levels=LAKE_LEVELS)
    stern, bow = hexes(game, (1, 1), (2, 1))
    game.state.accessories["boat_1"] = Accessory(
        "boat_1", AccessoryKind.BOAT, (stern, bow), facing=stern.direction_to(bow) or 0
    )
    _goal(game, Side.ADVENTURERS, [(1, 4), (2, 4), (3, 4), (4, 4)])
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    board = _choose(game, Side.ADVENTURERS, agent=agent)
    assert isinstance(board, Move) and board.path[-1] in (stern, bow)
    game.apply(board)
    row = _choose(game, Side.ADVENTURERS, agent=agent)
    # Boarded with half his points or fewer: "the boat can move immediately 2 hexes".
    assert isinstance(row, SailBoat), row
    before = game.state.units["rebel_knight_1"].hex
    game.apply(row)
    after = game.state.units["rebel_knight_1"].hex
    assert before is not None and after is not None
    assert game.board.grid.to_cell(after)[1] > game.board.grid.to_cell(before)[1]  # southwards


def test_a_swimmer_makes_for_a_beach_not_for_the_landing_stage_he_cannot_climb() -> None:
    # The north shore: a beach at its west end, a landing stage beside the swimmer.
    # No one climbs onto the stage from the water but a Goblin (Movement Restriction 3;
    # the Goblins "can pass freely from a water hex to a bridge or wooden landing-stage
    # hex"): the elf swims west to the beach, where the planner's one graph
    # for everyone made the stage his way and he trod water beside it (l-ile: the Orb's
    # bearer swam to the south stage and drowned there).
    art = """
    h l l l l l l l l l
     ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
    ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
    """
    for uid, climbs in (("elf_1", False), ("goblin_spearman_1", True)):
        game = position(art, [Piece(uid, (8, 1))])
        _goal(game, Side.ADVENTURERS, [(c, 0) for c in range(10)])
        move = _choose(game, Side.ADVENTURERS, level="normal")
        assert isinstance(move, Move), (uid, move)
        end = game.board.cells[move.path[-1]].terrain
        if climbs:
            assert end == "landing_stage", uid
        else:
            assert end == "water" and game.board.grid.to_cell(move.path[-1])[0] < 8, uid


def test_a_swimmer_keeps_out_of_the_gharvs_waters_when_a_dry_way_is_as_good() -> None:
    # Two ways to the east end of a hall: along the floor, or through a pool one hex
    # shorter. Ending the move in the water would call the Gharvs ("Appearance of the
    # Gharvs"): the elf stays dry.
    game = position(
        """
        . . . . . . . .
         . ~ ~ ~ ~ ~ . .
        . . . . . . . .
        """,
        [Piece("elf_1", (0, 1))],
        levels="""
        0 0 0 0 0 0 0 0
         0 - - - - - 0 0
        0 0 0 0 0 0 0 0
        """,
    )
    _goal(game, Side.ADVENTURERS, [(7, 1)])
    move = _choose(game, Side.ADVENTURERS)
    assert isinstance(move, Move)
    terrain = game.board.cells[move.path[-1]].terrain
    assert terrain != "water", game.board.grid.to_cell(move.path[-1])


def test_a_character_takes_the_deep_passage_when_it_is_the_short_way() -> None:
    # Two caves walled apart; a passage from the west cave's entrance comes out in the
    # east cave one turn later: the goal is in the east cave.
    game = position(
        """
        . . . # . . .
         . . . # . . .
        . . . # . . .
        """,
        [Piece("elf_1", (0, 1))],
    )
    entrance, out = hexes(game, (0, 1), (5, 1))
    game.state.scratch["scenario"] = {
        "passages": {"deep": {"a": [entrance.q, entrance.r], "b": [out.q, out.r], "turns": 1,
                              "name": "the deep way"}}
    }  # fmt: skip
    _goal(game, Side.ADVENTURERS, [(6, 1)])
    assert _choose(game, Side.ADVENTURERS) == EnterPassage("elf_1", "deep")


def _passages(game: Game, *ways: tuple[str, tuple[int, int], tuple[int, int], int]) -> None:
    """The scenario's deep passages: (id, one end's cell, the other's, turns)."""
    table: dict[str, Any] = {}
    for pid, a, b, turns in ways:
        one, other = hexes(game, a, b)
        table[pid] = {"a": [one.q, one.r], "b": [other.q, other.r], "turns": turns, "name": pid}
    game.state.scratch.setdefault("scenario", {})["passages"] = table
    game.touch()


def test_passages_in_a_row_are_one_way_in_the_plan() -> None:
    # Three caves walled apart. The first passage leads from the west cave to the
    # middle one, the second from the middle cave to the east one, where the goal is:
    # only the two taken one after the other lead there (les-six-cavernes: the pit's
    # trapdoor to the marsh tower's vault, the vault stair to the nest). The elf walks
    # to the first one's entrance, and goes down.
    def three_caves(elf: tuple[int, int]) -> Game:
        game = position(
            """
            . . . # . . . # . . .
             . . . # . . . # . . .
            . . . # . . . # . . .
            """,
            [Piece("elf_1", elf)],
        )
        _passages(game, ("down", (0, 1), (4, 1), 1), ("on", (6, 1), (8, 1), 1))
        _goal(game, Side.ADVENTURERS, [(10, 1)])
        return game

    game = three_caves((2, 1))
    walk = _choose(game, Side.ADVENTURERS)
    assert isinstance(walk, Move) and walk.path[-1] == hexes(game, (0, 1))[0], walk
    assert _choose(three_caves((0, 1)), Side.ADVENTURERS) == EnterPassage("elf_1", "down")


# A long cave: from its west end the goal is a long walk east; a passage of two turns
# leads there from the same hex.
LONG_CAVE = """
. . . . . . . . . . .
 . . . . . . . . . . .
"""


@pytest.mark.parametrize(("who", "goes_down"), [("dwarf_axeman_1", True), ("elf_1", False)])
def test_a_turn_underground_is_worth_the_walker_s_own_move(who: str, goes_down: bool) -> None:
    # Two turns in the dark cost a Black Dwarf (4 movement points) eight points of his
    # walk and the ten-hex walk costs him ten: he goes down. An Elf walks the ten hexes
    # in less than two of his moves: he walks.
    game = position(LONG_CAVE, [Piece(who, (0, 0))])
    _passages(game, ("deep", (0, 0), (10, 0), 2))
    _goal(game, Side.ADVENTURERS, [(10, 0)])
    choice = _choose(game, Side.ADVENTURERS)
    assert (choice == EnterPassage(who, "deep")) is goes_down, choice
    if not goes_down:
        assert isinstance(choice, Move), choice


def test_a_passage_that_comes_out_in_the_marsh_is_still_taken() -> None:
    # The passage comes out in a marsh where Gharvs rise ("The Gharvs"): Zacharie fears
    # them, but he comes out turns from now and walks on; standing at the entrance
    # wastes his turn.
    game = position(
        """
        . . . # m m m
         . . . # m m m
        . . . # m m m
        """,
        [Piece("zacharie", (0, 1))],
        turn_limit=10,
    )
    _passages(game, ("deep", (0, 1), (5, 1), 1))
    _goal(game, Side.ADVENTURERS, [(6, 1)])
    assert _choose(game, Side.ADVENTURERS, level="normal") == EnterPassage("zacharie", "deep")


@pytest.mark.parametrize(
    ("shooter", "goal", "fires"),
    [
        ("dwarf_crossbowman_1", (15, 0), False),  # a long way to go: he walks
        ("dwarf_crossbowman_1", (5, 0), True),  # on his goal already: he shoots
        ("elf_1", (15, 0), True),  # a long bow: he shoots and walks
    ],
)
def test_a_crossbowman_with_a_long_way_to_go_walks_rather_than_shoots(
    shooter: str, goal: tuple[int, int], fires: bool
) -> None:
    # "All Adventurers may move, except the crossbowmen who have just fired" (the Rate
    # of Fire & Movement table): a Hunter four hexes behind him, his goal ten hexes on.
    # The shot costs the crossbowman his move; it costs the Elf nothing.
    game = position(
        """
        . . . . . . . . . . . . . . . .
         . . . . . . . . . . . . . . . .
        """,
        [Piece(shooter, (5, 0)), Piece("hunter_01", (1, 0))],
        phase="adventurer_fire",
    )
    _goal(game, Side.ADVENTURERS, [goal])
    choice = _choose(game, Side.ADVENTURERS, level="normal")
    assert isinstance(choice, Fire) is fires, choice


def test_the_wizard_throws_a_fireball_at_a_krob_in_range() -> None:
    # "Magic": Zacharie, level 1, 100 EP; a Warrior four hexes away. The Fireball Table
    # (ours) wounds or pushes him back; it is the spell worth most now.
    game = position(
        """
        . . . . . . . .
         . . . . . . . .
        """,
        [Piece("zacharie", (0, 0)), Piece("warrior_01", (4, 0))],
        phase="adventurer_fire",
    )
    cast = _choose(game, Side.ADVENTURERS)
    assert isinstance(cast, CastSpell) and cast.spell == "fireball"
    assert cast.targets == ("warrior_01",)
    # The easy level casts nothing: how well it plays, not the rules.
    assert not isinstance(_choose(game, Side.ADVENTURERS, level="easy"), CastSpell)


def _shaman_queen_and_killer(queen: tuple[int, int], kill_the_queen: bool = False) -> Game:
    """Shaman, the Queen (facing the wizard) and a Killer, both within his range."""
    game = position(
        ROOM,
        [
            Piece("shaman", (5, 3)),
            Piece("queen_alkiram", queen, facing=3),
            Piece("killer_1", (3, 7)),
        ],
        phase="adventurer_fire",
    )
    if kill_the_queen:
        _win_by(game, {"side": "adventurers", "kind": "kill", "units": ["queen_alkiram"]})
    return game


@pytest.mark.parametrize("corner", [(10, 1), (10, 7)])
def test_the_wizard_throws_his_fireball_at_the_queen_when_she_has_no_room_to_retreat(
    corner: tuple[int, int],
) -> None:
    # "Wounded becomes retreats one hex" for the Queen and her Guards, and a retreat she
    # has no room for is a wound ("A blocked retreat": a Krob takes a wound instead).
    # In the open, the Killer (whom a Fireball wounds) is the better target; with her
    # back to the cave wall, the Queen is.
    def target(game: Game) -> tuple[str, ...]:
        cast = _choose(game, Side.ADVENTURERS, level="normal")
        assert isinstance(cast, CastSpell) and cast.spell == "fireball"
        return cast.targets

    assert target(_shaman_queen_and_killer((7, 4))) == ("killer_1",)
    assert target(_shaman_queen_and_killer(corner)) == ("queen_alkiram",)
    # Where killing her wins the game, even a push is worth the Fireball.
    assert target(_shaman_queen_and_killer((7, 4), kill_the_queen=True)) == ("queen_alkiram",)


def test_the_wizard_heals_a_badly_wounded_friend_before_throwing_fire() -> None:
    game = position(
        """
        . . . . . . . .
         . . . . . . . .
        """,
        [
            Piece("zacharie", (0, 0)),
            Piece("rebel_swordsman_1", (1, 0), status=Status.WOUNDED, wounds=1),
            Piece("hunter_01", (6, 1)),
        ],
        phase="adventurer_fire",
    )
    cast = _choose(game, Side.ADVENTURERS)
    assert isinstance(cast, CastSpell) and cast.spell == "healing"
    assert cast.targets == ("rebel_swordsman_1",)


ROOM = "\n".join((" " if r % 2 else "") + " ".join("." for _ in range(12)) for r in range(9))

#: Two halls parted by a rock wall one hex thick; the only way between them is at the
#: southern end, some twenty steps round from the north.
PARTED = "\n".join(
    (" " if r % 2 else "") + " ".join("#" if c == 4 and r < 9 else "." for c in range(9))
    for r in range(10)
)


def _parted(phase: str) -> Game:
    game = position(
        PARTED,
        [
            Piece("zacharie", (1, 1)),
            Piece("rebel_knight_1", (2, 0)),
            Piece("hunter_01", (8, 9)),
        ],
        phase=phase,
    )
    _goal(game, Side.ADVENTURERS, [(7, 0), (7, 1)])
    return game


def test_the_wizard_opens_a_gallery_where_the_rock_parts_the_party_from_its_goal() -> None:
    # "Magic Spells" (ours: data/spells.toml): a gallery opens in the rock. Through the
    # wall the objective is six steps away; round it, seventeen.
    game = _parted("adventurer_fire")
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    cast = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(cast, CastSpell) and cast.wizard == "zacharie"
    assert cast.spell == "gallery"  # the cheapest that opens the way (16 EP)
    assert game.explain(cast).legal
    line = agent.intent[-1]
    assert "Zacharie casts Straight gallery" in line
    assert "Knight of Halöven 1" in line and "rebel_knight_1" not in line
    # Where nothing parts them from their goal, no way is opened.
    _goal(game, Side.ADVENTURERS, [(2, 2)])
    again = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    assert not isinstance(again.choose(view_for(game, Side.ADVENTURERS)), CastSpell)


#: A river one hex wide between two beaches, the ford at its southern end.
RIVER = "\n".join(
    (" " if r % 2 else "")
    + " ".join(
        ("~" if r < 9 else "h") if c == 4 else "h" if c in (3, 5) else "/" if c in (2, 6) else "."
        for c in range(9)
    )
    for r in range(10)
)


def test_the_wizard_bridges_the_river_for_the_knight_who_cannot_swim() -> None:
    # "Movement Restriction 2": an armoured knight never enters the water; the ford is
    # nine hexes south. A small bridge (one water hex) lets him cross where he stands.
    game = position(
        RIVER,
        [
            Piece("zacharie", (1, 1)),
            Piece("rebel_knight_1", (2, 0)),
            Piece("hunter_01", (8, 9)),
        ],
        phase="adventurer_fire",
    )
    _goal(game, Side.ADVENTURERS, [(7, 0), (7, 1)])
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    cast = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(cast, CastSpell) and cast.spell == "small_bridge"
    assert "Knight of Halöven 1" in agent.intent[-1]


def test_the_party_walks_through_the_gallery_once_it_is_open() -> None:
    # The AI's walking map is the map as its counters make it: once the gallery lies in
    # the wall, the knight's way to the objective goes through it.
    game = _parted("adventurer_movement")
    wall = hexes(game, (4, 0))[0]
    game.state.accessories["gallery_straight_1_1"] = Accessory(
        "gallery_straight_1_1",
        AccessoryKind.GALLERY,
        (wall,),
        facing=0,
        properties={"counter": "gallery_straight_1", "shape": "straight"},
    )
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    knight = game.state.units["rebel_knight_1"]
    while not knight.moved:
        action = agent.choose(view_for(game, Side.ADVENTURERS))
        assert isinstance(action, Move)
        game.apply(action)
    assert knight.hex is not None and knight.hex.distance(wall) <= 2
    assert knight.hex.q >= wall.q  # in the gallery or through it: not walking round


def test_the_queen_turns_her_rear_away_from_the_enemy() -> None:
    # "Defence": the weaker number is for an attack "from behind, through the greyed
    # zone of the counter". Wherever she goes, she faces the elf.
    game = position(
        ROOM,
        [Piece("queen_alkiram", (3, 4), facing=3), Piece("elf_1", (10, 4))],
        phase="krob_movement",
    )
    move = _choose(game, Side.KROBS)
    assert isinstance(move, Move) and move.unit == "queen_alkiram" and move.facing is not None
    queen = game.state.units["queen_alkiram"]
    game.apply(move)
    elf = game.state.units["elf_1"].hex
    assert elf is not None
    rear = rear_zone(game, queen)
    body = footprint(game, queen)
    front = {n for h in body for n in h.neighbours()} - rear - set(body)
    assert min(elf.distance(h) for h in front) < min(elf.distance(h) for h in rear)


@pytest.mark.parametrize(
    ("facing", "cell"), [(1, (4, 2)), (1, (4, 6)), (0, (3, 4)), (3, (9, 4)), (4, (4, 6))]
)
def test_a_troll_goes_round_the_guard_to_strike_him_from_behind(
    facing: int, cell: tuple[int, int]
) -> None:
    # "Defence": from behind, through the greyed zone of the counter, the Guard's
    # defence is the number in parentheses (3 against 6). Every hex next to him is as
    # near the goal (kill him); the Troll, who can reach the greyed zone this move,
    # ends his move in it.
    game = position(
        ROOM,
        [Piece("guard_1", (6, 4), facing=facing), Piece("troll_1", cell)],
        phase="adventurer_movement",
    )
    _win_by(game, {"side": "adventurers", "kind": "kill", "units": ["guard_1"]})
    move = _choose(game, Side.ADVENTURERS, level="normal")
    assert isinstance(move, Move) and move.unit == "troll_1"
    assert move.path[-1] in rear_zone(game, game.state.units["guard_1"])


def test_a_character_goes_where_his_blow_adds_most_not_where_friends_already_win() -> None:
    # Two Trolls on the first Hunter (16 against 2) already fight at the Combat Table's
    # best column: a third attacker adds nothing there. The second Hunter stands alone.
    # A character weighs the combat he would join by what he adds to it, so the
    # Adventurers' movement ends with someone on each Hunter.
    game = position(
        ROOM,
        [
            Piece("hunter_01", (3, 2)),
            Piece("troll_1", (2, 2)),
            Piece("troll_2", (2, 1)),
            Piece("hunter_02", (3, 6)),
            Piece("rebel_swordsman_1", (6, 4)),
        ],
        phase="adventurer_movement",
    )
    _move_all(game, Side.ADVENTURERS, TacticalAgent(Side.ADVENTURERS, 1, level="normal"))
    units = game.state.units
    party = [u.hex for u in game.living_units(Side.ADVENTURERS) if u.hex is not None]
    for hunter in ("hunter_01", "hunter_02"):
        at = units[hunter].hex
        assert at is not None and any(h.distance(at) == 1 for h in party), hunter


def test_the_queen_and_her_guards_never_end_a_move_on_a_friend() -> None:
    # "Stacking": one living character per hex at the end of each movement sequence.
    # A Guard ending on one of the Queen's seven hexes left her, who could move no more,
    # to be put by the engine on the nearest free hex, her back to the assault (la-reine,
    # seed 1, turn 2: dead in the next combat phase). The Krob AI's moves never leave
    # a big counter so.
    big = {"queen_alkiram", "guard_1", "guard_2", "guard_3", "guard_4"}
    played: list[Game] = []

    def keep(game: Game, side: Side, action: Action) -> None:
        if not played:
            played.append(game)

    for seed in (1, 2):
        played.clear()
        play_game(
            scenario_games(resource("scenarios", "la-reine")),
            seed,
            {Side.KROBS: "ai", Side.ADVENTURERS: "ai"},
            on_action=keep,
            max_turns=4,
        )
        put = [
            e
            for e in played[0].log
            if isinstance(e, MovementStopped) and e.rule == "Stacking" and e.unit in big
        ]
        assert not put, put[0].reason


def test_a_baby_krob_keeps_out_of_the_fight() -> None:
    # A grown Hunter and a newborn ("Baby Krobs are killed at the first wound") next to
    # the nest floor, a knight three hexes away: the Hunter goes for him, the baby does
    # not end next to him.
    game = position(
        ROOM,
        [
            Piece("hunter_01", (2, 4)),
            Piece("hunter_02", (2, 5), adult=False),
            Piece("rebel_knight_1", (6, 4)),
        ],
        phase="krob_movement",
    )
    knight = game.state.units["rebel_knight_1"].hex
    assert knight is not None
    _move_all(game, Side.KROBS, TacticalAgent(Side.KROBS, 1, level="hard"))
    baby = game.state.units["hunter_02"].hex
    assert baby is not None and baby.distance(knight) > 1
    hunter = game.state.units["hunter_01"].hex
    assert hunter is not None and hunter.distance(knight) < 4  # the grown one went


def test_a_daredevil_jumps_down_the_ledge_rather_than_walk_round() -> None:
    # A ledge (level 0 above, -1 below) with the only stairs far to the west: the scout
    # jumps (Movement Restriction 8, the Jump Table); the swordsman, no daredevil, walks.
    game = position(
        """
        s . . . . . . .
         _ _ _ _ _ _ _ _
        """,
        [Piece("rebel_scout_1", (6, 0))],
    )
    _goal(game, Side.ADVENTURERS, [(7, 1)])
    choice = _choose(game, Side.ADVENTURERS)
    assert isinstance(choice, Jump) and choice.unit == "rebel_scout_1", choice


def _hall(length: int) -> str:
    """A hall `length` hexes long and three rows deep, for `position`."""
    return "\n".join(
        " ".join("." for _ in range(length))
        if r % 2 == 0
        else " " + " ".join("." for _ in range(length))
        for r in range(3)
    )


def _two_counters(
    game: Game, kind: AccessoryKind, first: tuple[int, int], second: tuple[int, int]
) -> tuple[Hex, Hex]:
    """A '?' counter of `kind` on each of two cells, the second the true one."""
    hs = hexes(game, first, second)
    for i, h in enumerate(hs):
        game.state.accessories[f"{kind.value}_{i}"] = Accessory(
            f"{kind.value}_{i}", kind, (h,), properties={"real": i == 1}
        )
    return hs[0], hs[1]


def _hall_with_two_orb_counters(
    pieces: list[Piece], at: tuple[tuple[int, int], tuple[int, int]]
) -> tuple[Game, Hex, Hex]:
    """A hall 14 hexes long, `pieces` in it, an "Orb?" counter on each cell of `at` (the
    second one the true Orb), the party to carry the Orb out."""
    game = position(_hall(14), pieces)
    first, second = _two_counters(game, AccessoryKind.ORB, *at)
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "orb_off"}]}
    game.touch()
    return game, first, second


def _goals(game: Game, uids: list[str]) -> tuple[TacticalAgent, list[frozenset[Hex]]]:
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    agent.choose(view_for(game, Side.ADVENTURERS))
    return agent, [agent._orders[u].goal for u in uids]


def test_the_party_splits_by_pairs_to_turn_over_two_counters() -> None:
    # Two "Orb?" counters at the two ends of a hall, four rebels in the middle: two go
    # each way ("Revealed" by contact), rather than all four to the nearer one.
    party = ["rebel_knight_1", "rebel_swordsman_1", "elf_1", "dwarf_axeman_1"]
    game, west, east = _hall_with_two_orb_counters(
        [
            Piece(uid, cell)
            for uid, cell in zip(party, [(6, 1), (7, 1), (6, 0), (7, 0)], strict=True)
        ],
        ((0, 1), (13, 1)),
    )
    agent, goals = _goals(game, party)
    assert sorted(goals.count(frozenset({h})) for h in (west, east)) == [2, 2]
    assert any("split to turn over 2 '?' counters" in line for line in agent.intent)


def test_two_searchers_go_alone_to_counters_far_apart() -> None:
    # Thirteen hexes between the counters (more than a move: `SEARCH_APART`): going
    # round them together costs turns, so each of two rebels turns one over alone.
    party = ["rebel_knight_1", "elf_1"]
    game, west, east = _hall_with_two_orb_counters(
        [Piece("rebel_knight_1", (6, 1)), Piece("elf_1", (7, 1))], ((0, 1), (13, 1))
    )
    _, goals = _goals(game, party)
    assert sorted(goals.count(frozenset({h})) for h in (west, east)) == [1, 1]


def test_two_searchers_stay_together_where_the_counters_lie_close() -> None:
    # Four hexes between the counters: a lone searcher is easy prey and the walk from
    # one to the other is short, so the two go together (the whole goal, not one each).
    party = ["rebel_knight_1", "elf_1"]
    game, first, second = _hall_with_two_orb_counters(
        [Piece("rebel_knight_1", (6, 1)), Piece("elf_1", (7, 1))], ((4, 1), (8, 1))
    )
    _, goals = _goals(game, party)
    assert goals[0] == goals[1] and {first, second} <= goals[0]


def test_of_two_kill_conditions_the_party_goes_for_the_one_nearest_done() -> None:
    # Kill the Guard (far, strong) or the newborn Hunter (near, dies of a wound): all go
    # for the newborn (Le Nid's choice).
    game = position(
        ROOM,
        [
            Piece("rebel_knight_1", (2, 4)),
            Piece("elf_1", (2, 5)),
            Piece("hunter_01", (5, 4), adult=False),
            Piece("guard_1", (10, 4), facing=3),
        ],
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [
            {"side": "adventurers", "kind": "kill", "units": ["guard_1"]},
            {"side": "adventurers", "kind": "kill", "units": ["hunter_01"]},
        ]
    }
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    agent.choose(view_for(game, Side.ADVENTURERS))
    baby = game.state.units["hunter_01"].hex
    assert agent._orders["rebel_knight_1"].goal == frozenset({baby})


def test_the_party_escorts_khuzun_rather_than_crowd_the_exits() -> None:
    # Khuzun freed (a unit on the map) and a khuzun_out condition: Khuzun makes for the
    # exits and leaves; the others follow him, so they never stand on the hexes he needs.
    game = position(
        ROOM,
        [Piece("troll_1", (3, 4)), Piece("dwarf_miner_1", (3, 5)), Piece("khuzun", (5, 4))],
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "khuzun_out"}]}
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    khuzun = game.state.units["khuzun"].hex
    assert agent._orders["khuzun"].leave
    assert agent._orders["troll_1"].goal == frozenset({khuzun})
    assert any("bring Khuzun out" in line for line in agent.intent)


MARSH = """
. m m m m m m .
 . m m m m m m .
. m m m m m m ~
"""


def _late(game: Game, condition: dict[str, Any]) -> None:
    """Turn 9 of 10, the turn limit against the Adventurers, who win by `condition`."""
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"at_turn_limit": "krobs", "conditions": [condition]}
    game.state.turn_limit, game.state.turn = 10, 9
    game.touch()


def test_time_running_out_hurries_a_party_out_rather_than_into_fights() -> None:
    # A party that wins by leaving by the east wall walks on as the limit nears; one
    # that wins by killing the Hunter grows bolder ("time runs out: they press on").
    game = position(
        ROOM,
        [Piece("rebel_swordsman_1", (2, 4)), Piece("hunter_01", (3, 4))],
        phase="adventurer_movement",
    )
    east = [[h.q, h.r] for h in hexes(game, (11, 3), (11, 4), (11, 5))]
    _late(game, {"side": "adventurers", "kind": "exit", "count": 1, "hexes": east})
    walking = _orders_after_a_plan(game)["rebel_swordsman_1"]
    _late(game, {"side": "adventurers", "kind": "kill", "units": ["hunter_01"]})
    hunting = _orders_after_a_plan(game)["rebel_swordsman_1"]
    assert walking.leave and walking.aggression == 0.5  # as far from the limit
    assert hunting.aggression > 0.8


def _hold(game: Game, cells: list[tuple[int, int]], turn: int) -> None:
    """A scenario the Adventurers win by holding these cells at the end of `turn`."""
    zone = [[h.q, h.r] for h in hexes(game, *cells)]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [{"side": "adventurers", "kind": "hold", "hexes": zone, "turn": turn}]
    }
    game.touch()


def test_a_place_to_hold_at_turn_ten_is_waited_for_out_of_the_marsh() -> None:
    # The place to hold lies across a marsh where Gharvs rise (the Gharv Appearance
    # Table: "In the marsh"). On turn 1 of 10 there is time: the Ork stays on firm
    # ground (no wandering either: the noise of `normal` picks among moves, it does not
    # make one). On turn 9 he must go, and wades in.
    game = position(MARSH, [Piece("ork_warrior_1", (0, 1))], turn_limit=10)
    _hold(game, [(7, 1)], turn=10)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    choice = agent.choose(view_for(game, Side.ADVENTURERS))
    assert choice.to_dict()["type"] == "EndPhase", choice
    assert any("wait out of harm's way" in line for line in agent.intent)
    game.state.turn = 9
    game.touch()
    late = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    choice = late.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(choice, Move) and choice.unit == "ork_warrior_1", choice


def _exit_by_the_east(game: Game) -> None:
    """Turn 3 of 10: the Adventurers win by leaving by the east end, or lose at the limit."""
    east = [[h.q, h.r] for h in hexes(game, (9, 1))]
    _late(game, {"side": "adventurers", "kind": "exit", "count": 1, "hexes": east})
    game.state.turn = 3
    game.touch()


@pytest.mark.parametrize("named", [False, True])
def test_the_wizard_wades_into_the_marsh_that_lies_across_his_only_way_out(named: bool) -> None:
    # Every step towards the way out ends in the marsh, where a Gharv may rise next to
    # him ("The Gharvs"). Waiting on firm ground makes it no safer: the marsh does not
    # dry and time runs out. He goes in. Not when the Krobs win by his death: the party
    # needs him alive more than it needs him out.
    marsh = """
    . m m m m m m m m .
     . m m m m m m m m .
    . m m m m m m m m ~
    """
    game = position(marsh, [Piece("zacharie", (0, 1)), Piece("hunter_01", (9, 0))], turn_limit=10)
    _exit_by_the_east(game)
    if named:
        setup: dict[str, Any] = game.state.scratch["scenario"]
        setup["victory"]["conditions"].append(
            {"side": "krobs", "kind": "kill", "units": ["zacharie"]}
        )
        game.touch()
    choice = _choose(game, Side.ADVENTURERS, level="normal")
    if named:
        assert choice == EndPhase(), choice
    else:
        assert isinstance(choice, Move) and choice.unit == "zacharie", choice


def test_the_wizard_keeps_to_the_dry_ledge_beside_the_marsh() -> None:
    # The same marsh with a dry ledge along its north side: the way out does not need
    # the marsh, so he keeps out of it.
    ledge = """
    . . . . . . . . . .
     . m m m m m m m m .
    . m m m m m m m m ~
    """
    game = position(ledge, [Piece("zacharie", (0, 1))], turn_limit=10)
    _exit_by_the_east(game)
    choice = _choose(game, Side.ADVENTURERS, level="normal")
    assert isinstance(choice, Move), choice
    assert game.board.cells[choice.path[-1]].terrain != "marsh", choice


def test_without_the_gharvs_a_place_to_hold_is_not_waited_for() -> None:
    # The same hall as firm floor, no water and no marsh: no Gharv rises anywhere ("The
    # Gharvs": in the water, next to it, in a boat, in the marshes), so waiting would
    # only give the defenders time: he goes at once.
    floor = MARSH.replace("~", ".").replace("m", ".")
    game = position(floor, [Piece("ork_warrior_1", (0, 1))], turn_limit=10)
    _hold(game, [(7, 1)], turn=10)
    choice = _choose(game, Side.ADVENTURERS, level="normal")
    assert isinstance(choice, Move) and choice.unit == "ork_warrior_1", choice


def test_the_badly_wounded_walks_on_while_no_enemy_can_reach_him() -> None:
    # One more wound kills the elf. With the Krob far off (more than a turn's walk and
    # strike) he makes for the goal, out of fights; with the Krob near, he keeps away
    # while a friend can go on for him; alone, he is the party's last hope and goes on.
    def order_with_krob_at(cell: tuple[int, int], friend: bool = True) -> Order:
        pieces = [Piece("elf_1", (1, 4), status=Status.WOUNDED, wounds=1), Piece("hunter_01", cell)]
        if friend:
            pieces.append(Piece("goblin_spearman_1", (0, 8)))
        game = position(ROOM, pieces)
        _goal(game, Side.ADVENTURERS, [(11, 8)])
        agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
        agent.choose(view_for(game, Side.ADVENTURERS))
        return agent._orders["elf_1"]

    far = order_with_krob_at((11, 0))
    assert not far.avoid and far.goal and far.aggression <= 0.1
    assert order_with_krob_at((4, 4)).avoid
    alone = order_with_krob_at((4, 4), friend=False)
    assert not alone.avoid and alone.goal


def test_an_ambush_lies_across_the_enemy_way_not_anywhere_in_its_zone() -> None:
    # The elf must cross the hall from west to east ("reach"). Of a zone spanning the
    # hall from north to south, the hidden Hunter takes a hex on the elf's way (the
    # middle rows), whatever the chance among hexes as good.
    import random

    from dragonnoir.ai.ambush import ambush_spot
    from dragonnoir.engine.actions import Deploy

    game = position(ROOM, [Piece("elf_1", (0, 4)), Piece("hunter_01", (11, 0))])
    _goal(game, Side.ADVENTURERS, [(11, 4)])
    zone = hexes(game, *[(6, r) for r in range(9)])
    middle = hexes(game, (6, 4))[0]
    view = view_for(game, Side.KROBS)
    for seed in range(8):
        spot = ambush_spot(view, [Deploy("hunter_01", h) for h in zone], random.Random(seed))
        assert spot.to.distance(middle) <= 2, (seed, spot)


def _knight_between_hunter_and_killer() -> Game:
    """A knight in combat between a Hunter (the better odds) and a Killer."""
    return position(
        ROOM,
        [Piece("rebel_knight_1", (5, 4)), Piece("hunter_01", (6, 4)), Piece("killer_1", (4, 4))],
        phase="adventurer_combat",
    )


def test_blows_to_the_enemy_the_side_wins_by_killing_weigh_more() -> None:
    # A knight between a Hunter (the better odds) and a Killer. Left to himself he
    # strikes the Hunter; when the scenario is won by killing the Killer, he strikes the
    # Killer: each wound brings the end of the game nearer.
    def choice(kill: list[str]) -> Action:
        game = _knight_between_hunter_and_killer()
        if kill:
            setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
            setup["victory"] = {
                "conditions": [{"side": "adventurers", "kind": "kill", "units": kill}]
            }
            game.touch()
        return _choose(game, Side.ADVENTURERS, level="normal")

    assert choice([]) == Attack(("rebel_knight_1",), ("hunter_01",))
    assert choice(["killer_1"]) == Attack(("rebel_knight_1",), ("killer_1",))


@pytest.mark.parametrize(
    ("knight", "cornered", "wall", "free", "middle"),
    [
        ((1, 4), "hunter_01", (0, 4), "hunter_02", (2, 4)),
        ((10, 4), "hunter_02", (11, 4), "hunter_01", (9, 4)),
    ],
)
def test_the_knight_strikes_the_hunter_with_his_back_to_the_wall(
    knight: tuple[int, int],
    cornered: str,
    wall: tuple[int, int],
    free: str,
    middle: tuple[int, int],
) -> None:
    # Two Hunters beside a knight, at the same odds; one stands against the cave's edge.
    # A retreat he has no room for is a wound ("A blocked retreat": a Krob takes a wound
    # instead), so the blows that would only push the other back wound him.
    game = position(
        ROOM,
        [Piece("rebel_knight_1", knight), Piece(cornered, wall), Piece(free, middle)],
        phase="adventurer_combat",
    )
    assert _choose(game, Side.ADVENTURERS, level="normal") == Attack(
        ("rebel_knight_1",), (cornered,)
    )


@pytest.mark.parametrize(
    ("elf", "cornered", "wall", "free", "open_floor"),
    [
        ((6, 4), "hunter_01", (11, 4), "hunter_02", (1, 4)),
        ((5, 4), "hunter_02", (0, 4), "hunter_01", (10, 4)),
    ],
)
def test_the_archer_shoots_the_hunter_with_no_room_to_fall_back(
    elf: tuple[int, int],
    cornered: str,
    wall: tuple[int, int],
    free: str,
    open_floor: tuple[int, int],
) -> None:
    # Two Hunters five hexes from the Elf, one against the cave's edge. A Krob's
    # knock-out is a retreat away from the shooter; with no room for it he takes a
    # wound instead ("A blocked retreat"): the same shot is worth more at him.
    game = position(
        ROOM,
        [Piece("elf_1", elf), Piece(cornered, wall), Piece(free, open_floor)],
        phase="adventurer_fire",
    )
    assert _choose(game, Side.ADVENTURERS, level="normal") == Fire(("elf_1",), cornered)


def test_the_party_makes_for_a_near_exit_rather_than_a_long_fight_far_off() -> None:
    # Two ways to win: leave by the exit two hexes away, or kill the Queen across the
    # hall (seven wounds to deal). The party makes for the exit; with the exit far and
    # the Krob a weak one next to them, it goes for the Krob.
    def goal_of(kill: str, exit_cell: tuple[int, int], enemy_cell: tuple[int, int]) -> str:
        game = position(
            ROOM, [Piece("rebel_knight_1", (1, 4)), Piece("elf_1", (1, 5)), Piece(kill, enemy_cell)]
        )
        zone = [[h.q, h.r] for h in hexes(game, exit_cell)]
        setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
        setup["victory"] = {
            "conditions": [
                {"side": "adventurers", "kind": "reach", "hexes": zone},
                {"side": "adventurers", "kind": "kill", "units": [kill]},
            ]
        }
        game.touch()
        agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
        agent.choose(view_for(game, Side.ADVENTURERS))
        target = game.state.units[kill].hex
        return "kill" if agent._orders["rebel_knight_1"].goal == frozenset({target}) else "place"

    assert goal_of("queen_alkiram", (3, 4), (9, 4)) == "place"
    assert goal_of("hunter_01", (11, 8), (3, 4)) == "kill"


def _knight_on_the_isle_the_boat_afloat() -> tuple[Game, Hex, Hex]:
    """The knight and a Goblin on the isle of ISLE, the one boat out on the lake (its
    stern and bow)."""
    return knight_goblin_and_boat((2, 3), (3, 3), ((4, 1), (5, 1)))


def test_a_swimmer_brings_the_boat_to_the_knight_cut_off_on_the_island() -> None:
    # The knight cannot swim ("would sink like a stone") and must leave by the north
    # shore; the only boat lies out on the lake. The Goblin swims to it, then rows it
    # until its free seat touches the island, where the knight steps in.
    from dragonnoir.ai import shuttle

    game, stern, bow = _knight_on_the_isle_the_boat_afloat()
    zone = [[h.q, h.r] for h in hexes(game, *[(c, 0) for c in range(6)])]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "exit", "hexes": zone}]}
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    assert agent._orders["goblin_spearman_1"].goal == frozenset({stern, bow})
    assert any("brings a boat to Knight" in line for line in agent.intent), agent.intent
    # Aboard (he began his turn there): he rows, and the free seat ends next to the isle.
    game.state.units["goblin_spearman_1"].hex = bow
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    row = agent.choose(view_for(game, Side.ADVENTURERS))
    order = agent._orders["goblin_spearman_1"]
    assert order.ferry and isinstance(row, SailBoat), row
    game.apply(row)
    seats = game.state.accessories["boat_1"].hexes
    gob = game.state.units["goblin_spearman_1"].hex
    assert gob is not None and shuttle.ferry_gap(order.ferry, seats, gob) == 0
    knight = game.state.units["rebel_knight_1"]
    free = next(h for h in seats if h != gob)
    assert knight.hex is not None and knight.hex.distance(free) <= 2


def test_the_ferryman_of_the_orbs_bearer_swims_for_the_boat() -> None:
    # The knight carries the Orb on the isle, the Gharvs in play; the Goblin beside him
    # would escort him by land, weighing the waters thrice. Once he is to bring the boat,
    # the water is his way: he swims for it (l-ile, seed 347: the Elf kept to the island,
    # the boat afloat beside it, until the time ran out).
    from dragonnoir.ai.behaviours import WARY

    game, stern, bow = _knight_on_the_isle_the_boat_afloat()
    _give_the_orb(game, "rebel_knight_1")
    from dragonnoir.hexmap.board import Zone, ZoneKind

    game.board.zones.append(Zone(ZoneKind.EXIT, "north", frozenset(hexes(game, (0, 0)))))
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["switches"] = {"gharvs": True}
    _win_by(game, {"side": "adventurers", "kind": "orb_off"})
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    move = agent.choose(view_for(game, Side.ADVENTURERS))
    order = agent._orders["goblin_spearman_1"]
    assert order.goal == frozenset({stern, bow}) and order.daring < WARY, order
    assert isinstance(move, Move) and move.unit == "goblin_spearman_1", move
    assert game.board.cells[move.path[-1]].terrain == "water" or move.path[-1] in (stern, bow)


def _give_the_orb(game: Game, uid: str) -> None:
    """The true Orb, turned over, in the hands of `uid` where he stands."""
    here = game.state.units[uid].hex
    assert here is not None
    game.state.accessories["orb_1"] = Accessory(
        "orb_1",
        AccessoryKind.ORB,
        (here,),
        properties={"real": True, "revealed": True, "carried_by": uid},
    )


def _bearer_on_the_isle(
    gharvs: bool, elf: tuple[int, int] = (2, 0)
) -> tuple[Game, dict[str, Order]]:
    """The Goblin carries the Orb on the island of ISLE; the swordsman stands beside
    him, the elf on the north shore across the water (or where given)."""
    game = position(
        ISLE,
        [
            Piece("goblin_spearman_1", (2, 3)),
            Piece("rebel_swordsman_1", (3, 3)),
            Piece("elf_1", elf),
        ],
        levels=ISLE_LEVELS,
    )
    _give_the_orb(game, "goblin_spearman_1")
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["switches"] = {"gharvs": gharvs}
    _win_by(game, {"side": "adventurers", "kind": "orb_off"})
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    ashore = "Elf Archer 1 keeps to the land rather than swim after Goblin Spearman 1"
    assert any(ashore in line for line in agent.intent) == gharvs, agent.intent
    return game, agent._orders


def test_escorts_follow_the_orb_bearer_by_land_but_not_over_the_gharvs_waters() -> None:
    # "The Gharvs": whoever is in the water, in a boat or next to the water may call a
    # Gharv. The swordsman on the island goes with the bearer; the elf across the water
    # keeps ashore rather than swim after him, weighing the waters thrice.
    from dragonnoir.ai.behaviours import WARY

    game, orders = _bearer_on_the_isle(gharvs=True)
    bearer = game.state.units["goblin_spearman_1"].hex
    assert orders["goblin_spearman_1"].leave
    assert orders["rebel_swordsman_1"].goal == frozenset({bearer})
    assert orders["elf_1"].goal == frozenset() and orders["elf_1"].daring == WARY
    # Where the scenario plays without the Gharvs, the water is only a way: he follows.
    game, orders = _bearer_on_the_isle(gharvs=False)
    assert orders["elf_1"].goal == frozenset({bearer}) and orders["elf_1"].daring == 1.0
    # Swimming between the shore and the isle, he makes for land, not for the bearer.
    game, orders = _bearer_on_the_isle(gharvs=True, elf=(2, 1))
    shore, isle, lake = hexes(game, (2, 0), (3, 3), (2, 2))
    assert shore in orders["elf_1"].goal and isle in orders["elf_1"].goal
    assert lake not in orders["elf_1"].goal


def test_the_wounded_bearer_of_the_orb_still_makes_for_the_way_out() -> None:
    # The elf carries the Orb and one more wound would kill him, a Hunter close by:
    # still he leaves (the Orb is the victory), daring what water lies on the way.
    from dragonnoir.ai.behaviours import BEARER_DARING

    game = position(
        ROOM,
        [Piece("elf_1", (1, 4), status=Status.WOUNDED, wounds=1), Piece("hunter_01", (4, 4))],
    )
    _give_the_orb(game, "elf_1")
    _win_by(game, {"side": "adventurers", "kind": "orb_off"})
    order = _orders_after_a_plan(game)["elf_1"]
    assert order.leave and not order.avoid and order.daring == BEARER_DARING


def test_the_krob_standing_on_the_lying_orb_is_the_one_attacked() -> None:
    # The Orb lies revealed under a Killer; a Hunter beside offers the better odds.
    # The knight strikes the Killer: he is in the way of the victory.
    def choice(orb_under_killer: bool) -> Action:
        game = _knight_between_hunter_and_killer()
        spot = game.state.units["killer_1" if orb_under_killer else "rebel_knight_1"].hex
        assert spot is not None
        game.state.accessories["orb_1"] = Accessory(
            "orb_1", AccessoryKind.ORB, (spot,), properties={"real": True, "revealed": True}
        )
        _win_by(game, {"side": "adventurers", "kind": "orb_off"})
        return _choose(game, Side.ADVENTURERS, level="normal")

    assert choice(False) == Attack(("rebel_knight_1",), ("hunter_01",))
    assert choice(True) == Attack(("rebel_knight_1",), ("killer_1",))


def test_the_hardest_hitter_deploys_first_nearest_the_goal() -> None:
    # Four Troll-strength blows against an archer's: the Troll takes the deployment hex
    # nearest the hall's far end, not the first in alphabetical order (the archer).
    from dragonnoir.engine.actions import Deploy

    game = position(ROOM, [Piece("troll_1", (0, 0)), Piece("rebel_archer_1", (0, 8))])
    _goal(game, Side.ADVENTURERS, [(11, 4)])
    spots = hexes(game, (2, 4), (6, 4))
    legal: list[Action] = [Deploy(u, h) for u in ("rebel_archer_1", "troll_1") for h in spots]
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    first = agent._deploy(view_for(game, Side.ADVENTURERS), legal)
    assert first == Deploy("troll_1", spots[1]), first


def test_on_the_last_turn_the_ork_wades_into_the_place_to_hold() -> None:
    # Turn 10 of 10, the tower one marsh hex away: standing in it is the victory, and
    # the Gharvs that may rise there no reason to stay out.
    game = position(MARSH, [Piece("ork_warrior_1", (5, 1))], turn_limit=10)
    _hold(game, [(6, 1)], turn=10)
    game.state.turn = 10
    game.touch()
    choice = _choose(game, Side.ADVENTURERS, level="normal")
    assert isinstance(choice, Move) and choice.path[-1] == hexes(game, (6, 1))[0], choice


def test_the_last_sun_left_face_down_is_the_true_one() -> None:
    # Three "Sun?" counters; two were turned over and found empty. "On the back of one
    # of them is the sun": the last one is it, so the party leaves by its gallery without
    # walking to the counter first.
    game = position(ROOM, [Piece("rebel_knight_1", (1, 4)), Piece("elf_1", (1, 5))])
    cells = hexes(game, (11, 0), (11, 8), (6, 8))
    gallery = hexes(game, (5, 8), (6, 8), (7, 8))
    for i, h in enumerate(cells):
        props: dict[str, Any] = {"real": i == 2, "revealed": i < 2}
        if i == 2:
            props["zone"] = ";".join(f"{g.q},{g.r}" for g in gallery)
        game.state.accessories[f"sun_{i}"] = Accessory(f"sun_{i}", AccessoryKind.SUN, (h,),
                                                       properties=props)  # fmt: skip
    _win_by(game, {"side": "adventurers", "kind": "sun_exit"})
    order = _orders_after_a_plan(game)["rebel_knight_1"]
    assert order.leave and order.goal == frozenset(gallery), order


def test_the_searchers_count_the_deep_passages_on_their_way() -> None:
    # Two "Sun?" counters in two caves walled apart; a passage of one turn leads from
    # the west cave to the east one. The Elf is nearest the west counter; the Black
    # Dwarf, standing on the passage's entrance, gets to the east one first by going
    # down (the party splits to turn them over: one each, the caves being far apart).
    game = position(
        """
        . . . . . # . . . . .
         . . . . . # . . . . .
        . . . . . # . . . . .
        """,
        [Piece("dwarf_axeman_1", (0, 1)), Piece("elf_1", (2, 1))],
    )
    west, east = _two_counters(game, AccessoryKind.SUN, (4, 0), (10, 1))
    _passages(game, ("deep", (0, 1), (8, 1), 1))
    _win_by(game, {"side": "adventurers", "kind": "sun_exit"})
    orders = _orders_after_a_plan(game)
    assert orders["elf_1"].goal == frozenset({west}), orders["elf_1"]
    assert orders["dwarf_axeman_1"].goal == frozenset({east}), orders["dwarf_axeman_1"]


def test_where_several_must_get_out_the_bands_share_far_counters_as_one_party() -> None:
    # Two "Sun?" counters at the two ends of a long hall, two of the party to get out by
    # the true one. The west band stands by the west counter, the east band farther
    # east. The west counter's team is the four who get there first (the two needed and
    # two spare); the other six, the fifth of the west band too, go east, where a team
    # would win last. Each band's own share (three of its five to the nearer) would send
    # six west and four east.
    west_band = ["ork_warrior_1", "ork_warrior_2", "ork_warrior_3", "ork_warrior_4", "ork_axeman_1"]
    east_band = ["ork_axeman_2", "ork_axeman_3", "ork_axeman_4", "rebel_swordsman_1",
                 "rebel_swordsman_2"]  # fmt: skip
    game = position(
        _hall(30),
        [Piece(uid, (1 + i // 2, i % 2 * 2)) for i, uid in enumerate(west_band)]
        + [Piece(uid, (12 + i // 2, i % 2 * 2)) for i, uid in enumerate(east_band)],
    )
    west, east = _two_counters(game, AccessoryKind.SUN, (0, 1), (29, 1))
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["groups"] = {
        "band_a": {"side": "adventurers", "name": "The west band", "units": west_band},
        "band_b": {"side": "adventurers", "name": "The east band", "units": east_band},
    }
    _win_by(game, {"side": "adventurers", "kind": "sun_exit", "count": 2})
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    orders = agent._orders
    going_west = {uid for uid, o in orders.items() if o.goal == frozenset({west})}
    going_east = {uid for uid, o in orders.items() if o.goal == frozenset({east})}
    assert going_west == set(west_band[:4]), going_west
    assert going_east == {"ork_axeman_1", *east_band}
    # Each band's intent says where it goes: one counter, named by its cell, or both.
    intents = " | ".join(agent.intent)
    assert "The east band (Ork Axeman 2, " in intents
    assert "go to turn over the '?' counter on (29,1)" in intents, intents
    assert "split to turn over 2 '?' counters" in intents, intents


def test_the_one_whose_death_loses_the_game_keeps_clear_of_friends_in_the_marsh() -> None:
    # A Gharv rises next to the Ork who called it and may strike whoever stands next to
    # it: Zacharie (the Krobs win by killing him) counts that danger beside an Ork in the
    # marsh, none two hexes farther off, and his order weighs the waters thrice.
    from dragonnoir.ai.behaviours import WARY

    game = position(
        MARSH,
        [Piece("zacharie", (0, 0)), Piece("ork_warrior_1", (1, 1)), Piece("hunter_01", (7, 0))],
        turn_limit=10,
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [
            {"side": "adventurers", "kind": "reach", "hexes": [[h.q, h.r] for h in
                                                                hexes(game, (7, 2))]},
            {"side": "krobs", "kind": "kill", "units": ["zacharie"]},
        ]
    }  # fmt: skip
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    view = view_for(game, Side.ADVENTURERS)
    agent.choose(view)
    assert agent._orders["zacharie"].daring == WARY
    zacharie = game.state.units["zacharie"]
    near, far = hexes(game, (0, 1), (4, 2))
    assert agent._beside_callers(view, zacharie, near) > 0
    assert agent._beside_callers(view, zacharie, far) == 0


#: Beaches at the water's level each side of a lake (a beach, not a landing stage: no
#: one but a Goblin climbs onto a landing stage from the water, Movement Restriction 3).
SHORES = "\n".join(
    (" " if r % 2 else "") + " ".join(("~" if 6 <= r <= 8 else "h") for _ in range(8))
    for r in range(10)
)


def _shores(hunter_02: tuple[int, int], *more: Piece) -> Game:
    """Hunter 1 at the water's edge, Hunter 2 where given, the elf across the lake."""
    pieces = [Piece("hunter_01", (3, 5)), Piece("hunter_02", hunter_02), *more]
    return position(SHORES, [*pieces, Piece("elf_1", (3, 9))], phase="krob_movement")


def _held(game: Game, level: str) -> TacticalAgent:
    """The agent of `level` once it has planned the Krobs' move (and chosen it)."""
    agent = TacticalAgent(Side.KROBS, 1, level=level)
    agent.choose(view_for(game, Side.KROBS))
    return agent


def test_hard_krob_swimmers_wait_at_the_waters_edge_to_cross_together() -> None:
    # Hunter 1 is at the water's edge, Hunter 2 five hexes behind; the elf is across the
    # lake. Swimming over one by one, each would meet her alone: the hard Hunter waits
    # for his friend (ai/crossing.py); normal swims on.
    hard = TacticalAgent(Side.KROBS, 1, level="hard")
    move = hard.choose(view_for(_shores((3, 0)), Side.KROBS))
    assert hard._orders["hunter_01"].hold and not hard._orders["hunter_02"].hold
    assert isinstance(move, Move) and move.unit == "hunter_02"
    assert any("wait at the water's edge" in line for line in hard.intent)
    assert not _held(_shores((3, 0)), "normal")._orders["hunter_01"].hold
    # Once his friend has come up beside him, they both swim.
    hard = _held(_shores((4, 5)), "hard")
    assert not hard._orders["hunter_01"].hold and not hard._orders["hunter_02"].hold
    # A friend fighting where he stands is not coming: nobody waits for him (the pack
    # hunts the elf, whom the Krobs win by killing; the goblin holds Hunter 2 up).
    game = _shores((3, 0), Piece("goblin_archer_1", (4, 0)))
    _win_by(game, {"side": "krobs", "kind": "kill", "units": ["elf_1"]})
    assert not _held(game, "hard")._orders["hunter_01"].hold


def test_the_wizard_blinks_out_of_reach_before_the_krobs_attack() -> None:
    # Zacharie (le-marais: the Krobs win by killing him) has two Warriors next to him
    # when the Krob combat phase begins. At that window ("during that of the Krobs") he
    # blinks to a free hex within three where no Krob can strike him this turn.
    game = position(
        ROOM,
        [Piece("zacharie", (5, 4)), Piece("warrior_01", (6, 4)), Piece("warrior_02", (6, 3))],
        phase="krob_movement",
    )
    _win_by(game, {"side": "krobs", "kind": "kill", "units": ["zacharie"]})
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    start = agent.choose(view_for(game, Side.ADVENTURERS))  # before the Krobs move
    assert start == Pass()  # kept open: he may yet blink away before they attack
    game.apply(start)
    game.apply(EndPhase())  # the Krobs have moved: the window before they attack
    assert game.to_act() is Side.ADVENTURERS
    cast = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(cast, CastSpell) and cast.spell == "blink", cast
    game.apply(cast)
    zacharie = game.state.units["zacharie"].hex
    assert zacharie is not None and zacharie != hexes(game, (5, 4))[0]
    krobs = [game.state.units[k].hex for k in ("warrior_01", "warrior_02")]
    assert all(k is not None and k.distance(zacharie) > 1 for k in krobs)
    assert any("casts Blink" in line for line in agent.intent)


DOCK = """
l l l l l l
 l l l l l l
~ ~ ~ ~ ~ ~
 ~ ~ ~ ~ ~ ~
~ ~ ~ ~ ~ ~
"""


def test_a_passenger_rows_on_to_dock_rather_than_sit_in_a_boat_that_has_not_landed() -> None:
    # "To dock at a landing stage, the two hexes of the boat must be in contact with the
    # landing stage": the knight's boat touches it with its bow only, and no one steps
    # ashore from it. He rows it alongside first, then lands.
    game = position(DOCK, [Piece("rebel_knight_1", (2, 2))], phase="adventurer_movement")
    bow, stern = hexes(game, (2, 2), (2, 3))
    game.state.accessories["boat_1"] = Accessory(
        "boat_1", AccessoryKind.BOAT, (bow, stern), facing=stern.direction_to(bow) or 0
    )
    _goal(game, Side.ADVENTURERS, [(0, 0), (1, 0), (2, 0), (3, 0)])
    assert not any(isinstance(a, Move) and a.unit == "rebel_knight_1" and a.path[-1] not in (
        bow, stern) for a in game.legal_actions())  # fmt: skip
    row = _choose(game, Side.ADVENTURERS, level="normal")
    assert isinstance(row, SailBoat), row
    game.apply(row)
    boat = game.state.accessories["boat_1"]
    assert landed(game, boat.hexes)


def test_zacharie_goes_where_far_sight_settles_which_sun_is_true() -> None:
    # les-six-cavernes: four "Sun?" counters, on Le Labyrinthe, Le Pont, Le Marais and Le
    # Nid. With the first two turned over and found empty, Far sight ("on the wizard's
    # map, or one map away") settles the question from every board next to the marsh's
    # or the nest's (one seen, the other is known by elimination), not from the maze:
    # Zacharie, in the maze, makes for them. With the marsh's turned over too, the
    # nest's is the true one: nothing is left to learn, from anywhere.
    from dragonnoir.ai import sight
    from dragonnoir.ai.behaviours import plan_groups
    from dragonnoir.ai.spells import _far_sight_worth

    game = scenario_games(resource("scenarios", "les-six-cavernes"))(2)
    for sid in ("sun_1", "sun_2"):
        game.state.accessories[sid].properties["revealed"] = True
    zacharie = game.state.units["zacharie"]
    in_the_maze, in_the_pit = hexes(game, (9, 9), (37, 9))
    assert game.layout is not None
    assert game.layout.board_ids_at(in_the_maze) == ["labyrinthe"]
    assert game.layout.board_ids_at(in_the_pit) == ["fosse"]
    zacharie.hex = in_the_maze
    game.touch()
    spots = sight.spots(game, zacharie)
    boards = {b for h in spots for b in game.layout.board_ids_at(h)}
    assert boards == {"fosse", "ile", "pont", "marais", "nid"}
    view = view_for(game, Side.ADVENTURERS)
    assert _far_sight_worth(view, zacharie) == 0
    plans = plan_groups(view, {})
    orders = {uid: o for p in plans for uid, o in p.orders.items()}
    assert orders["zacharie"].goal == spots
    assert any("Zacharie goes where his Far sight will reach them" in p.intent for p in plans)
    zacharie.hex = in_the_pit
    game.touch()
    assert _far_sight_worth(view_for(game, Side.ADVENTURERS), zacharie) > 0
    game.state.accessories["sun_3"].properties["revealed"] = True
    game.touch()
    assert not sight.spots(game, zacharie)
    assert _far_sight_worth(view_for(game, Side.ADVENTURERS), zacharie) == 0


def test_a_path_past_a_krob_may_end_where_the_infiltration_table_stops_it() -> None:
    # An Elf walks east along a hall; a Krob Warrior stands in the row below, beside the
    # second and third hexes he crosses. Our Infiltration Table's Warrior column lets him
    # pass on 1-5 (S 6-8, K 9, W 10): he ends on the first of them half the time, on the
    # second a quarter, and gets on a quarter (the end hex is not crossed: "A character
    # who ends his movement on a hex adjacent to the enemy does not trigger a die roll").
    from dragonnoir.ai.evaluation import loss_share
    from dragonnoir.ai.infiltration import _harm, crossing
    from dragonnoir.engine.tables import RollEffect

    game = position(
        """
        . . . . . .
         . . . . . .
        . . . . . .
        """,
        [Piece("elf_1", (0, 0)), Piece("warrior_01", (2, 1))],
    )
    elf = game.state.units["elf_1"]
    path = hexes(game, (1, 0), (2, 0), (3, 0), (4, 0), (5, 0))
    found = crossing(game, elf, path)
    assert found is not None
    assert [h for h, _ in found.stops] == list(path[1:3])
    assert [p for _, p in found.stops] == pytest.approx([0.5, 0.25])
    assert found.arrives == pytest.approx(0.25)
    harm = (loss_share(game, elf, "knocked_out") + loss_share(game, elf, "wounded")) / 10
    assert found.hurt == pytest.approx(harm * (1 + 0.5))
    # Ending beside him is no crossing: no roll on the way.
    assert crossing(game, elf, path[:2]) is None
    # A Krob cannot be knocked out: a K only stops him ("Special Rules"); a wound hurts.
    warrior = game.state.units["warrior_01"]
    assert _harm(game, warrior, RollEffect.KNOCKED_OUT) == 0.0
    assert _harm(game, warrior, RollEffect.WOUNDED) == loss_share(game, warrior, "wounded")
    assert _harm(game, elf, RollEffect.KNOCKED_OUT) == loss_share(game, elf, "knocked_out") > 0
    assert crossing(game, elf, hexes(game, (0, 1), (0, 2))) is None


def test_a_walker_does_not_run_a_gauntlet_the_infiltration_table_would_stop_him_in() -> None:
    # A corridor east, a Killer in an alcove on each side of it. Every hex beside them
    # that the Elf crosses makes him roll twice on the Killer column (passes on 1-4 only;
    # 8 knocks him out, 9-10 wound him), so running past them ends, five times in six, on
    # the first such hex, between two Killers, often hurt. Hard stops short of them;
    # normal does not weigh the table and runs it (the level's difference).
    game = position(
        """
        # # # # . # # # # # # #
         . . . . . . . . . . . .
        # # # # . # # # # # # #
        """,
        [Piece("elf_1", (0, 1)), Piece("killer_1", (4, 0)), Piece("killer_2", (4, 2))],
    )
    _goal(game, Side.ADVENTURERS, [(11, 1)])
    move = _choose(game, Side.ADVENTURERS, level="hard")
    assert isinstance(move, Move)
    assert move.path[-1] == hexes(game, (2, 1))[0], [game.where(h) for h in move.path]
    run = _choose(game, Side.ADVENTURERS, level="normal")
    assert isinstance(run, Move) and run.path[-1] == hexes(game, (7, 1))[0]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_wounded_knight_walks_round_to_the_stairs_an_embankment_too_steep_for_him(
    level: str,
) -> None:
    # The embankment costs 4 MP: the wounded knight (3) may not enter it (Movement
    # Restriction 6), so his way up is the stairs at the far end of the ledge. Planned
    # over the embankment, he stood at its foot for the rest of the game (l-ile, seed 32:
    # on the east beach with the Orb, the Gharvs striking). Healthy, he climbs it.
    art = """
    . . . . . . . .
     # e # # # # s #
    _ _ _ _ _ _ _ _
    """
    for wounds, first_step in ((0, (1, 1)), (1, (4, 2))):
        status = Status.WOUNDED if wounds else Status.HEALTHY
        game = position(art, [Piece("rebel_knight_1", (1, 2), status=status, wounds=wounds)])
        _goal(game, Side.ADVENTURERS, [(1, 0)])
        choice = _choose(game, Side.ADVENTURERS, level)
        assert isinstance(choice, Move), (wounds, choice)
        assert choice.path[-1] == hexes(game, first_step)[0], (wounds, game.where(choice.path[-1]))


def test_a_plan_is_said_once_a_turn_even_when_it_comes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The band's plan goes from one '?' counter to another and back within a turn (its
    # team changing hands as the searchers move): the log says each plan once that
    # turn, and again on the next turn.
    game = position(ROOM, [Piece("rebel_knight_1", (2, 4))])
    plans = iter(["west", "east", "west", "east", "west"])

    def plan_groups(view: Any, posts: Any) -> list[GroupPlan]:
        side = next(plans)
        plan = GroupPlan("band", "The band", "objective", ["rebel_knight_1"])
        plan.intent, plan.mode = f"The band: go {side}", f"search-1-{side}"
        return [plan]

    monkeypatch.setattr(tactical, "plan_groups", plan_groups)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    view = view_for(game, Side.ADVENTURERS)
    for _ in range(3):
        agent._plan(view)
    assert agent.intent == [
        "Turn 1, adventurers: The band: go west",
        "Turn 1, adventurers: The band: go east",
    ]
    game.state.turn = 2
    agent._plan(view_for(game, Side.ADVENTURERS))
    assert agent.intent[-1] == "Turn 2, adventurers: The band: go east"


def _afloat_on_the_lake(
    uid: str, boat: tuple[tuple[int, int], tuple[int, int]], goal: list[tuple[int, int]]
) -> Game:
    """`uid` in a boat (stern, bow) on `LAKE`, the Gharvs in play, his goal `goal`."""
    game = position(LAKE, [Piece(uid, boat[0])], levels=LAKE_LEVELS)
    stern, bow = hexes(game, *boat)
    game.state.accessories["boat_1"] = Accessory(
        "boat_1", AccessoryKind.BOAT, (stern, bow), facing=stern.direction_to(bow) or 0
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["switches"] = {"gharvs": True}
    _goal(game, Side.ADVENTURERS, goal)
    return game


def test_a_row_ends_in_the_boat_not_in_the_water() -> None:
    # Rowed to a hex, he sits in the boat there: the Gharvs rise for one in a boat one
    # time in five, for a swimmer one in two (the Gharv Appearance Table). The map
    # shows only water where the boat will lie, and read as a swim, rowing to the
    # island's stage was worth no more than swimming there: the passengers swam, and
    # drowned (l-ile, seed 0; seeds 0-399 against the random player: 357 wins, 332
    # before).
    game = _afloat_on_the_lake("elf_1", ((2, 1), (3, 1)), [(1, 4), (2, 4), (3, 4), (4, 4)])
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view := view_for(game, Side.ADVENTURERS))
    elf, order = view.game.state.units["elf_1"], agent._orders["elf_1"]
    field = mobility.goal_field(view.game, elf, order.goal)
    (there,) = hexes(game, (2, 3))
    rows = [
        agent._option(view, elf, a, order, field)
        for a in view.game.legal_actions()
        if isinstance(a, SailBoat) and mobility.sail_end(view.game, elf, a) == there
    ]
    (swim,) = [
        agent._option(view, elf, a, order, field)
        for a in view.game.legal_actions()
        if isinstance(a, Move) and a.path[-1] == there
    ]
    assert rows and swim is not None
    assert max(r for r in rows if r is not None) > swim + 3, (rows, swim)


def test_a_rower_lands_with_the_half_of_his_points_he_keeps() -> None:
    # "A character who begins his turn on a boat can move 4 hexes by boat, or 2 hexes
    # and half of his movement potential if he reaches a landing stage or a beach hex":
    # two hexes from the beach, the knight rows there and steps ashore to his goal
    # (2 of his 4 points). Before, he sat in the beached boat through the Gharv
    # interphases (l-ile: the party afloat by the island's shore).
    game = _afloat_on_the_lake("rebel_knight_1", ((1, 2), (2, 2)), [(4, 4)])
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    played = []
    while game.to_act() is Side.ADVENTURERS and len(played) < 3:
        action = agent.choose(view_for(game, Side.ADVENTURERS))
        if not isinstance(action, Move | SailBoat):
            break
        played.append(type(action).__name__)
        game.apply(action)
    assert played == ["SailBoat", "Move"], played
    assert game.state.units["rebel_knight_1"].hex == hexes(game, (4, 4))[0]


def test_hard_moves_first_the_one_nearest_his_goal_as_normal_does() -> None:
    # A knight (4 MP) ahead of a scout (7 MP) in a gallery, both walking east: the scout
    # would gain more by moving, but the knight, nearer the goal, moves first at every
    # level. (Hard once moved first whoever gained most: as Adventurers it lost games
    # normal won; benchmarks/README.md, session 18.)
    game = position(
        ". . . . . . . . . . . . . .",
        [Piece("rebel_knight_1", (3, 0)), Piece("rebel_scout_1", (1, 0))],
    )
    _goal(game, Side.ADVENTURERS, [(13, 0)])
    for level in ("normal", "hard"):
        first = _choose(game, Side.ADVENTURERS, level=level)
        assert isinstance(first, Move) and first.unit == "rebel_knight_1", (level, first)


def test_the_party_leaves_only_by_the_exits_that_count() -> None:
    # The west bank's entry zone on the map's edge is a way out too, but leaving there
    # counts for nothing ("four of the party ... by the eastern galleries"): Godiva,
    # set on it, walks on; an Elf set on an eastern exit leaves.
    from dragonnoir.engine.rules.offmap import exit_hexes

    game = le_pont_at_movement(1)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))  # plans: the goal is the eastern exits
    east = agent._orders["elf_2"].goal
    taken = set(game.occupancy())
    west = sorted((h for h in exit_hexes(game) - east if h not in taken), key=lambda h: (h.q, h.r))
    assert west, "le-pont has no other way out: the test needs one"
    game.state.units["godiva"].hex = west[0]
    game.touch()
    fresh = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    view = view_for(game, Side.ADVENTURERS)
    assert LeaveMap("godiva") in view.legal  # the engine allows it ...
    first = fresh.choose(view)
    assert first != LeaveMap("godiva")  # ... the AI does not waste her
    out = sorted((h for h in east if h not in set(game.occupancy())), key=lambda h: (h.q, h.r))
    game.state.units["elf_2"].hex = out[0]
    game.touch()
    again = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    assert again.choose(view_for(game, Side.ADVENTURERS)) == LeaveMap("elf_2")


def _exit_hall(count: int) -> Game:
    """Godiva, an Elf and Zed must get `count` of them out by the east wall; the Krobs
    win by killing Godiva; a Warrior stands in sight across the hall."""
    game = position(
        HALL,
        [
            Piece("godiva", (0, 1)),
            Piece("elf_2", (0, 2)),
            Piece("zed", (1, 1)),
            Piece("warrior_06", (7, 2)),
        ],
        turn_limit=8,
    )
    east = [[h.q, h.r] for h in hexes(game, (9, 0), (9, 1), (9, 2), (9, 3))]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [
            {"side": "adventurers", "kind": "exit", "count": count, "hexes": east},
            {"side": "krobs", "kind": "kill", "units": ["godiva"]},
        ]
    }
    game.touch()
    return game


def test_hard_keeps_back_the_one_the_enemy_wins_by_killing_while_the_others_are_enough() -> None:
    from dragonnoir.engine.rules.offmap import _offmap_table

    def godiva_order(count: int, level: str) -> Order:
        game = _exit_hall(count)
        agent = TacticalAgent(Side.ADVENTURERS, 1, level=level)
        plans = agent._plan(view_for(game, Side.ADVENTURERS))
        return plans["godiva"]

    # Two must get out and the Elf and Zed are two: hard keeps Godiva back, and says so.
    spared = godiva_order(2, "hard")
    assert spared.avoid and not spared.leave
    # Three must: she is needed, she goes (as normal always sends her).
    needed = godiva_order(3, "hard")
    assert needed.leave and not needed.avoid
    assert godiva_order(2, "normal").leave
    # Three must, and a fourth of the party is already out: the Elf and Zed are enough.
    game = position(
        HALL,
        [Piece("godiva", (0, 1)), Piece("elf_2", (0, 2)), Piece("zed", (1, 1)),
         Piece("elf_3", (2, 1)), Piece("warrior_06", (7, 2))],
        turn_limit=8,
    )  # fmt: skip
    game.state.scratch["scenario"] = _exit_hall(3).state.scratch["scenario"]
    gate = hexes(game, (9, 1))[0]  # by the east wall: his leaving counts
    _offmap_table(game)["elf_3"] = {"state": "exited", "turn": 1, "at": [gate.q, gate.r]}
    game.state.units["elf_3"].hex = None
    game.touch()
    hard = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    assert hard._plan(view_for(game, Side.ADVENTURERS))["godiva"].avoid
    # Gone by the west wall instead, he counts for nothing (as the engine judges it).
    west = hexes(game, (0, 3))[0]
    _offmap_table(game)["elf_3"] = {"state": "exited", "turn": 1, "at": [west.q, west.r]}
    game.touch()
    hard = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    assert hard._plan(view_for(game, Side.ADVENTURERS))["godiva"].leave
    game = _exit_hall(2)
    hard = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    hard._plan(view_for(game, Side.ADVENTURERS))
    assert any("Godiva keeps back: the others are enough to get out" in x for x in hard.intent)


def _krobs_plan(game: Game, level: str = "hard") -> tuple[dict[str, Order], list[str]]:
    """The Krobs' orders and intent once an agent of `level` has planned."""
    agent = TacticalAgent(Side.KROBS, 1, level=level)
    orders = agent._plan(view_for(game, Side.KROBS))
    return orders, agent.intent


def test_hard_krobs_make_for_the_place_the_party_must_hold_in_time() -> None:
    # The party holds the east end "and no Krob does" at the end of turn 6. A hard Krob
    # who can walk into it by then makes for it once the moves left are at most his
    # walk's moves plus three (CONTEST_MARGIN): the Hunter one move away from turn 3,
    # the Warrior at the far end (two moves) from turn 2; before, they hunt the party.
    def orders(turn: int, level: str) -> tuple[dict[str, Order], list[str]]:
        game = position(
            HALL,
            [Piece("rebel_knight_1", (0, 1)), Piece("hunter_01", (5, 1)),
             Piece("warrior_06", (1, 3))],
            phase="krob_movement",
            turn_limit=8,
        )  # fmt: skip
        zone = [[h.q, h.r] for h in hexes(game, (9, 1), (9, 2))]
        setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
        setup["victory"] = {
            "conditions": [{"side": "adventurers", "kind": "hold", "hexes": zone, "turn": 6}]
        }
        game.state.turn = turn
        game.touch()
        return _krobs_plan(game, level)

    place = frozenset(hexes(position(HALL, []), (9, 1), (9, 2)))
    plans, intent = orders(3, "hard")
    assert plans["hunter_01"].goal == place and plans["hunter_01"].prize > 0
    assert any("for the place by" in line and "turn 6" in line for line in intent), intent
    early, _ = orders(2, "hard")
    assert early["warrior_06"].goal == place  # the far one sets off first
    assert early["hunter_01"].goal != place  # too early for the near one: he hunts
    assert orders(1, "hard")[0]["warrior_06"].goal != place  # too early for both
    last, _ = orders(6, "hard")  # the turn itself
    assert last["hunter_01"].goal == place
    assert last["warrior_06"].goal != place  # two moves away: he cannot be in it in time
    assert all(o.goal != place for o in orders(7, "hard")[0].values())  # over
    assert all(o.goal != place for o in orders(3, "normal")[0].values())  # normal does not


def test_hard_krobs_keep_the_true_orb_then_go_after_its_bearer() -> None:
    # The party must carry the Orb off the map; the Krobs know the true "Orb?" counter
    # (the east one) and an Adventurer picks the Orb up by standing on it. Hard sends one
    # Krob to stand on it: of the two who can be there within two moves the Warrior
    # (defence 4), not the nearer Hunter (2). Normal does not read it so.
    game, _, true = _hall_with_two_orb_counters(
        [Piece("rebel_knight_1", (0, 1)), Piece("hunter_01", (9, 1)),
         Piece("warrior_06", (6, 2))],
        ((2, 1), (11, 1)),
    )  # fmt: skip
    game.state.phase = "krob_movement"
    game.touch()
    orders, intent = _krobs_plan(game)
    assert orders["warrior_06"].goal == frozenset({true}) and orders["warrior_06"].prize > 0
    assert orders["hunter_01"].goal != frozenset({true})
    assert any("Warrior 6 keeps the Orb on (11,1)" in line for line in intent), intent
    assert all(o.goal != frozenset({true}) for o in _krobs_plan(game, "normal")[0].values())
    # The knight has it: every Krob goes after him, wherever his post.
    knight = game.state.units["rebel_knight_1"].hex
    assert knight is not None
    orb = game.state.accessories["orb_1"]
    orb.hexes = (knight,)
    orb.properties.update(revealed=True, carried_by="rebel_knight_1")
    game.touch()
    orders, intent = _krobs_plan(game)
    assert all(orders[u].goal == frozenset({knight}) for u in ("hunter_01", "warrior_06"))
    assert any("go after Knight of Halöven 1" in line for line in intent), intent


def test_hard_krobs_strike_the_orb_bearer_first() -> None:
    # A Killer between a Goblin (the better odds) and the swordsman who carries the Orb:
    # his fall drops it, so hard strikes the swordsman; normal takes the better odds.
    def choice(level: str) -> Action:
        game = position(
            ROOM,
            [Piece("goblin_spearman_1", (6, 4)), Piece("killer_1", (5, 4)),
             Piece("rebel_swordsman_1", (4, 4))],
            phase="krob_combat",
        )  # fmt: skip
        _give_the_orb(game, "rebel_swordsman_1")
        _win_by(game, {"side": "adventurers", "kind": "orb_off"})
        return _choose(game, Side.KROBS, level=level)

    assert choice("normal") == Attack(("killer_1",), ("goblin_spearman_1",))
    assert choice("hard") == Attack(("killer_1",), ("rebel_swordsman_1",))


def test_hard_krobs_go_after_khuzun_freed() -> None:
    # Le Labyrinthe: the party wins when Khuzun, freed, gets off the map. Hard's Krobs go
    # after him rather than the nearer Troll; normal's hunt whoever is nearest.
    game = position(
        _hall(14),
        [Piece("khuzun", (0, 1)), Piece("troll_1", (8, 1)), Piece("hunter_01", (11, 1))],
        phase="krob_movement",
    )
    _win_by(game, {"side": "adventurers", "kind": "khuzun_out"})
    khuzun = game.state.units["khuzun"].hex
    orders, intent = _krobs_plan(game)
    assert orders["hunter_01"].goal == frozenset({khuzun})
    assert any("go after Khuzun" in line for line in intent), intent
    assert _krobs_plan(game, "normal")[0]["hunter_01"].goal != frozenset({khuzun})


def test_hard_krobs_go_after_whoever_is_about_to_slip_away() -> None:
    # Le Pont: the party wins by getting two out by the east end. The Elf is within two
    # of his moves of it, Zed far back: hard's Warrior goes after the Elf, though Zed is
    # nearer him (RUNNER_MOVES); normal's hunts both alike.
    game = position(
        _hall(14),
        [Piece("zed", (0, 1)), Piece("elf_2", (10, 1)), Piece("warrior_06", (4, 1))],
        phase="krob_movement",
        turn_limit=8,
    )
    east = [[h.q, h.r] for h in hexes(game, (13, 0), (13, 1), (13, 2))]
    _win_by(game, {"side": "adventurers", "kind": "exit", "count": 2, "hexes": east})
    elf = game.state.units["elf_2"].hex
    orders, intent = _krobs_plan(game)
    assert orders["warrior_06"].goal == frozenset({elf})
    said = "go after Elf Archer 2: his escape is the enemy's victory"
    assert any(said in line for line in intent), intent
    assert _krobs_plan(game, "normal")[0]["warrior_06"].goal != frozenset({elf})
