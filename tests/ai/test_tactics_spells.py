"""The wizards' spells in the tactical AI, on small hand-made positions: Fireball, Healing
hands, the galleries and bridges that open a way, Blink, Far sight.
Each test asserts the choice a good player would make, and why."""

from __future__ import annotations

import pytest
from ai_helpers import ROOM, choose_for, win_by, win_by_reaching

from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import CastSpell, EndPhase, Move, Pass
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.resources import find as resource


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
    cast = choose_for(game, Side.ADVENTURERS)
    assert isinstance(cast, CastSpell) and cast.spell == "fireball"
    assert cast.targets == ("warrior_01",)
    # The easy level casts nothing: how well it plays, not the rules.
    assert not isinstance(choose_for(game, Side.ADVENTURERS, level="easy"), CastSpell)


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
        win_by(game, {"side": "adventurers", "kind": "kill", "units": ["queen_alkiram"]})
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
        cast = choose_for(game, Side.ADVENTURERS, level="normal")
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
    cast = choose_for(game, Side.ADVENTURERS)
    assert isinstance(cast, CastSpell) and cast.spell == "healing"
    assert cast.targets == ("rebel_swordsman_1",)


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
    win_by_reaching(game, Side.ADVENTURERS, [(7, 0), (7, 1)])
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
    win_by_reaching(game, Side.ADVENTURERS, [(2, 2)])
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
    win_by_reaching(game, Side.ADVENTURERS, [(7, 0), (7, 1)])
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


def test_the_wizard_blinks_out_of_reach_before_the_krobs_attack() -> None:
    # Zacharie (le-marais: the Krobs win by killing him) has two Warriors next to him
    # when the Krob combat phase begins. At that window ("during that of the Krobs") he
    # blinks to a free hex within three where no Krob can strike him this turn.
    game = position(
        ROOM,
        [Piece("zacharie", (5, 4)), Piece("warrior_01", (6, 4)), Piece("warrior_02", (6, 3))],
        phase="krob_movement",
    )
    win_by(game, {"side": "krobs", "kind": "kill", "units": ["zacharie"]})
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
