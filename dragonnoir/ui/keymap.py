"""Every keyboard shortcut of the game screen, in one table.

The handlers ask `command_for(event)` which command a key press means; the help overlay
lists `help_rows()`. A key is bound in one place only, so the help can never drift from
what the keys do. Panning keys are held, not pressed: `PAN_KEYS` gives their direction
(`ui.map_view.MapControl` reads it); Ctrl/Alt + a pan key is never a pan.

The acting keys (Enter, Esc, F, A, R, P) are the controller's commands
(docs/client-controller.md): the game screen passes them to `Controller.command`. Esc is
`cancel`: it closes the help, else drops the selection, else goes back to the menu.
Space pauses the AI and 1-4 set the speed of its show (a game against the AI).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pygame

from dragonnoir.i18n import N_, NP_, _, pgettext


class Command(StrEnum):
    END_PHASE = "end_phase"
    UNDO = "undo"
    SAVE = "save"
    LOAD = "load"
    HELP = "help"
    RULES = "rules"
    FIT = "fit"
    ZOOM_IN = "zoom_in"
    ZOOM_OUT = "zoom_out"
    MENU = "menu"
    QUIT = "quit"
    # the controller's commands (`Controller.command(name)` takes the same names)
    CONFIRM = "confirm"
    CANCEL = "cancel"
    FIRE = "fire"
    ATTACK = "attack"
    CAST = "cast"
    ROTATE = "rotate"
    ROTATE_BACK = "rotate_back"
    BETWEEN_LEGS = "between_legs"
    PASS = "pass"
    LEAVE_MAP = "leave_map"
    ENTER_PASSAGE = "enter_passage"
    # the computer player's show (ui/ai_driver.py)
    AI_PAUSE = "ai_pause"
    AI_SPEED = "ai_speed"  # the next speed (the on-screen button)
    AI_SPEED_1 = "ai_speed_1"
    AI_SPEED_2 = "ai_speed_2"
    AI_SPEED_4 = "ai_speed_4"
    AI_INSTANT = "ai_instant"


#: Commands the game screen hands to `Controller.command`.
CONTROLLER_COMMANDS: frozenset[Command] = frozenset(
    {
        Command.CONFIRM,
        Command.CANCEL,
        Command.FIRE,
        Command.ATTACK,
        Command.CAST,
        Command.ROTATE,
        Command.ROTATE_BACK,
        Command.BETWEEN_LEGS,
        Command.PASS,
        Command.LEAVE_MAP,
        Command.ENTER_PASSAGE,
    }
)


CTRL = pygame.KMOD_CTRL
#: Modifiers a binding may not ignore (Shift and the lock keys are ignored).
_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META


@dataclass(frozen=True, slots=True)
class Binding:
    command: Command
    keys: tuple[tuple[int, int], ...]  # (pygame key, modifiers that must be held: 0 or CTRL)
    label: str  # how the help overlay writes the keys
    help: str


KEYMAP: tuple[Binding, ...] = (
    Binding(Command.END_PHASE, ((pygame.K_e, 0),), NP_("key", "E"), N_("end the phase")),
    Binding(
        Command.UNDO,
        ((pygame.K_z, CTRL),),
        NP_("key", "Ctrl+Z"),
        N_("undo your own actions (not past a die roll or the hand-over)"),
    ),
    Binding(Command.SAVE, ((pygame.K_s, CTRL),), NP_("key", "Ctrl+S"), N_("save the game")),
    Binding(Command.LOAD, ((pygame.K_o, CTRL),), NP_("key", "Ctrl+O"), N_("load a game")),
    Binding(
        Command.HELP, ((pygame.K_h, 0), (pygame.K_F1, 0)), NP_("key", "H, F1"), N_("this help")
    ),
    Binding(
        Command.RULES,
        ((pygame.K_F2, 0),),
        NP_("key", "F2"),
        N_("the rules at hand: our summary of the rule shown (also a rule's name in the log)"),
    ),
    Binding(
        Command.CONFIRM,
        ((pygame.K_RETURN, 0), (pygame.K_KP_ENTER, 0)),
        NP_("key", "Enter"),
        N_("confirm the shot, attack or move shown"),
    ),
    Binding(
        Command.FIRE, ((pygame.K_f, 0),), NP_("key", "F"), N_("fire: choose archers and a target")
    ),
    Binding(
        Command.ATTACK,
        ((pygame.K_a, 0),),
        NP_("key", "A"),
        N_("attack: choose attackers and defenders"),
    ),
    Binding(
        Command.CAST,
        ((pygame.K_m, 0),),
        NP_("key", "M"),
        N_("magic: a wizard's spell book, then aim it"),
    ),
    Binding(
        Command.ROTATE,
        ((pygame.K_r, 0),),
        NP_("key", "R"),
        N_("rotate a Guard or the Queen's end facing"),
    ),
    Binding(
        Command.ROTATE_BACK, ((pygame.K_t, 0),), NP_("key", "T"), N_("rotate it the other way")
    ),
    Binding(
        Command.BETWEEN_LEGS,
        ((pygame.K_l, 0),),
        NP_("key", "L"),
        N_("a Guard attacks the enemy between its legs (attack doubled, one column right)"),
    ),
    Binding(
        Command.PASS,
        ((pygame.K_p, 0),),
        NP_("key", "P"),
        N_("pass (no advance, no more defensive fire)"),
    ),
    Binding(
        Command.LEAVE_MAP,
        ((pygame.K_x, 0),),
        NP_("key", "X"),
        N_("the selected character leaves the map"),
    ),
    Binding(
        Command.ENTER_PASSAGE,
        ((pygame.K_d, 0),),
        NP_("key", "D"),
        N_("the selected character goes down a passage"),
    ),
    Binding(
        Command.FIT, ((pygame.K_HOME, 0), (pygame.K_0, 0)), NP_("key", "Home, 0"), N_("fit the map")
    ),
    Binding(
        Command.ZOOM_IN,
        ((pygame.K_PLUS, 0), (pygame.K_EQUALS, 0), (pygame.K_KP_PLUS, 0)),
        NP_("key", "+"),
        N_("zoom in"),
    ),
    Binding(
        Command.ZOOM_OUT,
        ((pygame.K_MINUS, 0), (pygame.K_KP_MINUS, 0)),
        NP_("key", "-"),
        N_("zoom out"),
    ),
    Binding(
        Command.CANCEL,
        ((pygame.K_ESCAPE, 0),),
        NP_("key", "Esc"),
        N_("close help / drop the selection / back to the menu"),
    ),
    Binding(Command.QUIT, ((pygame.K_q, CTRL),), NP_("key", "Ctrl+Q"), N_("quit the program")),
    Binding(
        Command.AI_PAUSE, ((pygame.K_SPACE, 0),), NP_("key", "Space"), N_("the AI: pause / resume")
    ),
    Binding(
        Command.AI_SPEED_1, ((pygame.K_1, 0),), NP_("key", "1"), N_("the AI's moves at 1x speed")
    ),
    Binding(
        Command.AI_SPEED_2, ((pygame.K_2, 0),), NP_("key", "2"), N_("the AI's moves at 2x speed")
    ),
    Binding(
        Command.AI_SPEED_4, ((pygame.K_3, 0),), NP_("key", "3"), N_("the AI's moves at 4x speed")
    ),
    Binding(
        Command.AI_INSTANT,
        ((pygame.K_4, 0),),
        NP_("key", "4"),
        N_("the AI's moves at once (no show)"),
    ),
)

PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}

#: What the mouse does on the map (listed in the help before the keys).
MOUSE_HELP: tuple[tuple[str, str], ...] = (
    (NP_("key", "left click"), N_("select a character, a destination, a shooter, a target...")),
    (NP_("key", "right click"), N_("cancel (as Esc)")),
    (NP_("key", "drag (left / middle)"), N_("pan")),
    (NP_("key", "wheel"), N_("zoom towards the cursor")),
    (NP_("key", "arrows"), N_("pan (hold to speed up)")),
)

_BY_KEY: dict[tuple[int, int], Command] = {
    key: binding.command for binding in KEYMAP for key in binding.keys
}


def command_for(event: pygame.event.Event) -> Command | None:
    """The command a KEYDOWN event means, or None."""
    if event.type != pygame.KEYDOWN:
        return None
    mods = getattr(event, "mod", 0) & _MODS
    wanted = CTRL if mods & CTRL else mods
    return _BY_KEY.get((event.key, wanted))


def label_of(command: Command) -> str:
    """The keys of `command` as the help writes them ("Ctrl+S"), in the player's language."""
    return pgettext("key", next(b.label for b in KEYMAP if b.command is command))


def help_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for the help overlay: the mouse, then every binding, in the
    player's language."""
    rows = [*MOUSE_HELP, *((b.label, b.help) for b in KEYMAP)]
    return [(pgettext("key", keys), _(does)) for keys, does in rows]
