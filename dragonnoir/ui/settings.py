"""The player's settings: window, scrolling and zoom speed, the hand-over screen,
animations (moves sliding, how long a result waits), the standing order for defensive
fire, who played each side last, how fast the AI's moves are shown, the language and the
sound. Kept as
JSON in the user's config folder (`storage.settings_path()`).

A missing file means the defaults. A broken one (not JSON, a wrong value) also means the
defaults, plus one line saying what was wrong, which the main menu shows — the game must
start whatever the file holds. Unknown keys are ignored so an older version reads a
newer file.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dragonnoir.errors import DataFileError, place_words
from dragonnoir.i18n import N_, _, ngettext
from dragonnoir.pydantic_words import validation_reason
from dragonnoir.safe_read import (
    SETTINGS,
    JsonError,
    Missing,
    check_limits,
    file_problem,
    parse_json,
    read_text,
)
from dragonnoir.safe_write import write_text
from dragonnoir.ui.storage import settings_path

#: A seat's player as the settings keep it (ui/ai_driver.py lists them).
PLAYER_PATTERN = r"^(human|ai:(easy|normal|hard))$"
#: Window sizes the settings screen offers.
WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1024, 700),
    (1280, 800),
    (1440, 900),
    (1600, 1000),
    (1920, 1080),
)

#: The standing orders for defensive fire (`Settings.defensive_fire`) in the order the
#: buttons cycle through them, with the settings screen's words
#: (ui/game_screen/fire_orders.py says what each does).
DEFENSIVE_FIRE_ORDERS: dict[str, str] = {
    "in_range": N_("When a Krob comes in range"),
    "always": N_("At every step"),
    "never": N_("Never"),
}
#: What the settings screen offers for `result_hold` (seconds; 0: until a click or a key).
RESULT_HOLDS: tuple[float, ...] = (0.0, 2.0, 4.0)
#: The speeds whose slider goes down to 0 (off).
OFF_AT_0 = ("animation_speed", "move_slide")


def next_order(order: str) -> str:
    """The standing order after `order` (a button's next press)."""
    keys = list(DEFENSIVE_FIRE_ORDERS)
    return keys[(keys.index(order) + 1) % len(keys)] if order in keys else keys[0]


def next_hold(seconds: float) -> float:
    """The result's wait after `seconds` (the settings button's next press)."""
    later = [h for h in RESULT_HOLDS if h > seconds]
    return later[0] if later else RESULT_HOLDS[0]


def hold_text(seconds: float) -> str:
    """The result's wait in words."""
    if seconds <= 0:
        return _("Until a click or a key")
    n = round(seconds)
    return ngettext("{n} second", "{n} seconds", n).format(n=n)


class Settings(BaseModel):
    """What the player may change; every field has a default."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    window_width: int = Field(default=1280, ge=800, le=7680)
    window_height: int = Field(default=800, ge=600, le=4320)
    fullscreen: bool = False
    #: Multiplier of the held-key panning speed.
    scroll_speed: float = Field(default=1.0, ge=0.25, le=4.0)
    #: Multiplier of the zoom animation speed.
    zoom_speed: float = Field(default=1.0, ge=0.25, le=4.0)
    #: Show the hand-over screen between the two sides' turns even when the scenario
    #: hides nothing (with hidden information it is always shown).
    handover: bool = True
    #: Phases in which the phasing side has nothing it may do (no archer with a
    #: target, no attack possible) pass by themselves, with one line in the log.
    auto_pass: bool = True
    #: In the Krob turn, stop at every moment a wizard may cast (True), or only when the
    #: player asks for it with M or the Cast now button (False: the windows pass quietly).
    spell_every_window: bool = False
    #: Multiplier of animation speeds; 0 turns animations off.
    animation_speed: float = Field(default=1.0, ge=0.0, le=4.0)
    #: The player's own moves slide along their path, at this multiple of the animation
    #: speed; 0: the counter is on its new hex at once (and nothing waits for it).
    move_slide: float = Field(default=1.0, ge=0.0, le=4.0)
    #: After the player's last action of a turn rolled a die, the hand-over screen waits
    #: until he has seen the result: 0, until he clicks or presses a key; else this many
    #: seconds after it is shown.
    result_hold: float = Field(default=0.0, ge=0.0, le=10.0)
    #: The standing order for defensive fire in the Krob turn: ask at every step an
    #: archer may fire ("always"), only when a Krob comes into range of an archer with a
    #: line of fire to it ("in_range"), or never (the Krob goes on; M still stops it).
    defensive_fire: str = Field(default="in_range", pattern=r"^(never|in_range|always)$")
    #: Who played each side in the last game started from the scenario picker (it asks
    #: the same again): "human", or the AI at a level ("ai:easy", "ai:normal", "ai:hard").
    adventurers_player: str = Field(default="human", pattern=PLAYER_PATTERN)
    krobs_player: str = Field(default="human", pattern=PLAYER_PATTERN)
    #: How fast the AI's moves are shown: a multiplier of the animation speed, 0 instant.
    ai_speed: float = Field(default=1.0, ge=0.0, le=8.0)
    #: The language the program speaks ("en", "fr"); "" for the system's. `--lang` and
    #: DRAGONNOIR_LANG win over it (`i18n.choose`).
    language: str = Field(default="", pattern=r"^([a-z]{2})?$")
    #: The sounds' volume, 0 (silent) to 100.
    sound_volume: int = Field(default=70, ge=0, le=100)
    #: No sound at all.
    sound_muted: bool = False

    @property
    def window_size(self) -> tuple[int, int]:
        return (self.window_width, self.window_height)


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings at `path` (default: the user's config folder), and a one-line
    warning when the file is broken and the defaults are used instead."""
    src = path or settings_path()
    if isinstance(file_problem(src), Missing):
        return Settings(), None
    try:
        text = read_text(src, limit=SETTINGS.size, what=SETTINGS.what)
    except DataFileError as exc:
        return Settings(), _(
            "{file}: cannot read the settings ({reason}); using the defaults"
        ).format(file=src, reason=exc.detail)
    try:
        data = parse_json(text)
        if not isinstance(data, dict):
            raise ValueError(_("not a JSON object"))
        check_limits(data, SETTINGS, src)  # before the model is built
        return Settings.model_validate(data), None
    except JsonError as exc:
        why = (
            _("not JSON ({reason} at line {line})").format(reason=exc.msg, line=exc.line)
            if exc.line
            else _("not JSON ({reason})").format(reason=exc.msg)
        )
    except DataFileError as exc:  # more than a settings file holds
        why = f"{place_words(exc.place)}: {exc.detail}" if exc.place else exc.detail
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        why = f"{where}: {validation_reason(err)}"
    except ValueError as exc:
        why = str(exc)
    return Settings(), _("{file}: broken settings file, {reason}; using the defaults").format(
        file=src, reason=why
    )


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically; returns the file (a `WriteError` says why not)."""
    target = path or settings_path()
    write_text(target, json.dumps(settings.model_dump(), indent=2) + "\n")
    return target
