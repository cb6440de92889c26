"""The dice of a spell shown where they were rolled (issue 45, section 2): the wizard's
roll to cast ("Fireball succeeds"), and a Fireball's roll on its table with what it
did to its target ("Fireball 3 -> 4: Wounded"), which the log's die line alone never
said.

Pure logic without pygame: beats for `InterphaseShow` (ui/interphase_show.py), built
only from the events the viewer may read (and the action, for where a Fireball that
did nothing burst). What the Fireball did is read from the events that follow its die,
so a Queen's "wounded becomes retreats" is shown as it happened, not as the table reads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dragonnoir.engine.actions import Action, CastSpell
from dragonnoir.engine.events import (
    CombatResolved,
    DecisionRequested,
    DieRolled,
    Event,
    ShotResolved,
    SpellCast,
    UnitKilled,
    UnitKnockedOut,
    UnitRetreated,
    UnitWounded,
)
from dragonnoir.engine.rules.magic import R_FIREBALL, R_RESOLUTION, parse_hex
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import N_, _
from dragonnoir.ui.interphase_show import (
    RESULT_LENGTH,
    Beat,
    ResultMark,
    data_name,
    die_mark,
    die_text,
)

#: What a Fireball did to the one it burst on, by the first event about him after its die.
FIREBALL_OUTCOMES: tuple[tuple[type[Event], str], ...] = (
    (UnitKilled, N_("Killed")),
    (UnitWounded, N_("Wounded")),
    (UnitKnockedOut, N_("Knocked out")),
    (UnitRetreated, N_("Retreats one hex")),
)
NO_EFFECT = N_("No effect")


def shot_mark(event: ShotResolved, at: Hex | None) -> ResultMark | None:
    """A shot's die and result, on the target's hex (`at`)."""
    outcome = data_name(event.meaning) if event.meaning else event.result
    return die_mark(at, event.die, event.modified_die, outcome)


def spell_beat(
    events: Sequence[Event],
    i: int,
    at: Callable[[str], Hex | None],
    name: Callable[[str], str],
    action: Action | None = None,
) -> Beat | None:
    """The beat of `events[i]` when it is a spell's die: a cast's roll at the wizard, a
    Fireball's roll on its table at the one it burst on; else None. `at` finds a
    character's hex (where he stood, if he is gone); `action`, when known, says where a
    Fireball that touched nobody burst."""
    event = events[i]
    if isinstance(event, SpellCast):
        return _cast_beat(events[:i], event, at, name)
    if isinstance(event, DieRolled) and event.rule == R_FIREBALL:
        return _fireball_beat(events[i + 1 :], event, at, name, action)
    return None


def _cast_beat(
    before: Sequence[Event],
    cast: SpellCast,
    at: Callable[[str], Hex | None],
    name: Callable[[str], str],
) -> Beat | None:
    where = at(cast.wizard)
    roll = next(
        (
            e
            for e in reversed(before)
            if isinstance(e, DieRolled) and e.rule == R_RESOLUTION and e.by == cast.wizard
        ),
        None,
    )
    if where is None or roll is None:
        return None
    spell = data_name(cast.name)
    if cast.success:
        outcome = _("{spell} succeeds").format(spell=spell)
    else:
        outcome = _("{spell} fails").format(spell=spell)
    caption = _("{wizard} casts {spell}, die {die}: {outcome}").format(
        wizard=name(cast.wizard),
        spell=spell,
        die=die_text(roll.value, roll.modified),
        outcome=outcome,
    )
    mark = die_mark(where, roll.value, roll.modified, outcome)
    return Beat(caption, (where,), mark=mark, length=RESULT_LENGTH)


def _fireball_beat(
    after: Sequence[Event],
    die: DieRolled,
    at: Callable[[str], Hex | None],
    name: Callable[[str], str],
    action: Action | None,
) -> Beat | None:
    struck, said = _fireball_outcome(after, die.by)
    where = at(struck) if struck else _burst(action, at)
    if where is None:
        return None
    text = die_text(die.value, die.modified)
    label = _("Fireball {die}: {outcome}").format(die=text, outcome=_(said))
    caption = _("Fireball Table, die {die}: {outcome}").format(die=text, outcome=_(said))
    if struck:
        caption = _("{target}: Fireball Table, die {die}: {outcome}").format(
            target=name(struck), die=text, outcome=_(said)
        )
    mark = ResultMark(where, str(die.modified), label)
    return Beat(caption, (where,), mark=mark, length=RESULT_LENGTH)


def _fireball_outcome(after: Sequence[Event], wizard: str) -> tuple[str, str]:
    """Who the Fireball struck and what it did (English key), from the events after its
    die: the first blow or retreat on someone else, a retreat asked of his player, or
    nothing before the next roll or combat."""
    for event in after:
        if isinstance(event, DieRolled | SpellCast | CombatResolved | ShotResolved):
            break
        if isinstance(event, DecisionRequested) and event.decision == "retreat":
            return "", FIREBALL_OUTCOMES[-1][1]
        for kind, said in FIREBALL_OUTCOMES:
            unit = getattr(event, "unit", "")
            if isinstance(event, kind) and unit and unit != wizard:
                return unit, said
    return "", NO_EFFECT


def _burst(action: Action | None, at: Callable[[str], Hex | None]) -> Hex | None:
    """Where a Fireball was aimed (its action's first target: a hex, or a character), if
    the action is known."""
    if not isinstance(action, CastSpell) or not action.targets:
        return None
    target = action.targets[0]
    return parse_hex(target) or at(target)
