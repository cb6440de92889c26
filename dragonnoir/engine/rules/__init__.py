"""Rules modules: each judges and carries out some action types and decisions.

Importing this package registers them all with `dragonnoir.engine.game`.
"""

import dragonnoir.engine.rules.boats
import dragonnoir.engine.rules.combat
import dragonnoir.engine.rules.combat_plan
import dragonnoir.engine.rules.fire
import dragonnoir.engine.rules.flight
import dragonnoir.engine.rules.gharvs
import dragonnoir.engine.rules.infiltration
import dragonnoir.engine.rules.magic
import dragonnoir.engine.rules.movement
import dragonnoir.engine.rules.objectives
import dragonnoir.engine.rules.offmap
import dragonnoir.engine.rules.victory  # noqa: F401  (last: judged after the reveals)
