"""Movement ("Movement", "Movement Restrictions", "Movement of Alkiram and the Queen's
Guards", "Infiltration of Enemy Lines", "Stacking", "Defensive Fire", Movement
Restriction 8's Jump Table).

What is decided, and where (docs/movement.md has every reading):

- `tables`: what the search reads, kept per map and profile (the steps: Movement
  Restrictions 2-9 that depend on the map, judged by `steps.step`) and per position
  (who stands where: Restriction 1, stacking, webs).
- `who_moves`: who may move now, and his points left.
- `stacking`: who may share a hex on the way; those left sharing one at the end of a
  sequence put on the nearest free hex.
- `pathfinding`: `search(game, unit, budget, ...)`, every place a character may end a
  move with the cheapest path (then the fewest infiltration rolls, then the first found
  in direction order), its cost, level, facing options and the infiltration rolls it
  triggers; `legal_destinations(game, unit_id)`, the same for his normal move.
- `move`: the `Move` action judged (the first failing step names its rule), why a hex
  cannot be reached, the end of a movement sequence.
- `moving`: a `Move` carried out hex by hex, rolling for infiltration on each hex
  crossed but the last, pausing for defensive fire during the Krob movement phase.
- `jump`: a daredevil adventurer jumps one level up or down (Jump Table).

Our reading, a character's move is one continuous path: a character makes his Move (and his
Jumps) in one go; once another character has moved, his movement is over for the phase.
A Move or Jump that continues a character's movement right after his own previous one is
part of the same path: the hex he continues from is then crossed (it triggers
infiltration rolls), since he does not end his movement there.

The names below are what the client, the AI and the other rules modules ask of
movement, wherever they are defined. A name with a leading underscore is the package's
own: its modules share it, no caller outside the package should use it (the boats and
flight, which continue a character's move, use `who_moves`' too).
"""

from dragonnoir.engine.rules.movement.jump import JumpRules as JumpRules
from dragonnoir.engine.rules.movement.move import MoveRules as MoveRules
from dragonnoir.engine.rules.movement.move import footprint_of as footprint_of
from dragonnoir.engine.rules.movement.move import placement_level as placement_level
from dragonnoir.engine.rules.movement.move import stacking_at_end as stacking_at_end
from dragonnoir.engine.rules.movement.move import unit_moves as unit_moves
from dragonnoir.engine.rules.movement.move import why_not_reach as why_not_reach
from dragonnoir.engine.rules.movement.moving import DefensiveFireRules as DefensiveFireRules
from dragonnoir.engine.rules.movement.moving import (
    defensive_fire_possible as defensive_fire_possible,
)
from dragonnoir.engine.rules.movement.moving import resume_move as resume_move
from dragonnoir.engine.rules.movement.pathfinding import Destination as Destination
from dragonnoir.engine.rules.movement.pathfinding import (
    legal_destinations as legal_destinations,
)
from dragonnoir.engine.rules.movement.pathfinding import search as search
from dragonnoir.engine.rules.movement.pathfinding import search_all as search_all
from dragonnoir.engine.rules.movement.stacking import R_STACKING as R_STACKING
from dragonnoir.engine.rules.movement.stacking import (
    nearest_free_placement as nearest_free_placement,
)
from dragonnoir.engine.rules.movement.stacking import settle_stacks as settle_stacks
from dragonnoir.engine.rules.movement.stacking import shared_hexes as shared_hexes
from dragonnoir.engine.rules.movement.tables import R_ENEMY as R_ENEMY
from dragonnoir.engine.rules.movement.tables import R_MOVEMENT as R_MOVEMENT
from dragonnoir.engine.rules.movement.tables import MovementTables as MovementTables
from dragonnoir.engine.rules.movement.tables import (
    share_movement_tables as share_movement_tables,
)
from dragonnoir.engine.rules.movement.who_moves import budget_of as budget_of
from dragonnoir.engine.rules.movement.who_moves import may_move as may_move
from dragonnoir.engine.rules.movement.who_moves import start_moving as start_moving
