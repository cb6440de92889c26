"""The tactical AI in a fight, on small hand-made positions: whom to strike and from where
(rears, walls, the blows the victory counts), fire or walk, the Queen and her guards, baby
Krobs, ambushes and the Infiltration Table.
Each test asserts the choice a good player would make, and why."""

from __future__ import annotations

from typing import Any

import pytest
from ai_helpers import ROOM, choose_for, win_by, win_by_reaching

from dragonnoir.ai.orders import Order
from dragonnoir.ai.runner import play_game
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Action, Attack, Fire, Move
from dragonnoir.engine.events import MovementStopped
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.rules.combat_geometry import rear_zone
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.resources import find as resource


def _move_all(game: Game, side: Side, agent: TacticalAgent, most: int = 4) -> None:
    """Play `side`'s moves as `agent` chooses them, up to `most`, until it does something
    other than move (ends the phase)."""
    for _ in range(most):
        action = agent.choose(view_for(game, side))
        if not isinstance(action, Move):
            return
        game.apply(action)


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
    win_by_reaching(game, Side.ADVENTURERS, [goal])
    choice = choose_for(game, Side.ADVENTURERS, level="normal")
    assert isinstance(choice, Fire) is fires, choice


def test_the_queen_turns_her_rear_away_from_the_enemy() -> None:
    # "Defence": the weaker number is for an attack "from behind, through the greyed
    # zone of the counter". Wherever she goes, she faces the elf.
    game = position(
        ROOM,
        [Piece("queen_alkiram", (3, 4), facing=3), Piece("elf_1", (10, 4))],
        phase="krob_movement",
    )
    move = choose_for(game, Side.KROBS)
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
    win_by(game, {"side": "adventurers", "kind": "kill", "units": ["guard_1"]})
    move = choose_for(game, Side.ADVENTURERS, level="normal")
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


def test_the_badly_wounded_walks_on_while_no_enemy_can_reach_him() -> None:
    # One more wound kills the elf. With the Krob far off (more than a turn's walk and
    # strike) he makes for the goal, out of fights; with the Krob near, he keeps away
    # while a friend can go on for him; alone, he is the party's last hope and goes on.
    def order_with_krob_at(cell: tuple[int, int], friend: bool = True) -> Order:
        pieces = [Piece("elf_1", (1, 4), status=Status.WOUNDED, wounds=1), Piece("hunter_01", cell)]
        if friend:
            pieces.append(Piece("goblin_spearman_1", (0, 8)))
        game = position(ROOM, pieces)
        win_by_reaching(game, Side.ADVENTURERS, [(11, 8)])
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
    win_by_reaching(game, Side.ADVENTURERS, [(11, 4)])
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
        return choose_for(game, Side.ADVENTURERS, level="normal")

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
    assert choose_for(game, Side.ADVENTURERS, level="normal") == Attack(
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
    assert choose_for(game, Side.ADVENTURERS, level="normal") == Fire(("elf_1",), cornered)


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
        win_by(game, {"side": "adventurers", "kind": "orb_off"})
        return choose_for(game, Side.ADVENTURERS, level="normal")

    assert choice(False) == Attack(("rebel_knight_1",), ("hunter_01",))
    assert choice(True) == Attack(("rebel_knight_1",), ("killer_1",))


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
    win_by_reaching(game, Side.ADVENTURERS, [(11, 1)])
    move = choose_for(game, Side.ADVENTURERS, level="hard")
    assert isinstance(move, Move)
    assert move.path[-1] == hexes(game, (2, 1))[0], [game.where(h) for h in move.path]
    run = choose_for(game, Side.ADVENTURERS, level="normal")
    assert isinstance(run, Move) and run.path[-1] == hexes(game, (7, 1))[0]
