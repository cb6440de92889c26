"""The game's sounds: a die, a shot, a blow, a Gharv, a spell, the hand-over (issue 45 §7).

The sounds are ours, synthesised by `tools/make_sounds.py` into `assets/sounds/`. What
happened in a game decides what is heard (`sounds_for`: the events of one action, a few
sounds at most, in the order they happened); `SoundBoard` plays them at the player's
volume, or not at all when muted, and stays silent, without a word of complaint, where
the machine has no audio device (a server, a test run with SDL's dummy driver off): a
game never fails for want of sound.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pygame

from dragonnoir import resources
from dragonnoir.engine import events as ev

#: The sounds there are (their files: assets/sounds/<name>.wav).
NAMES = ("die", "shot", "blow", "gharv", "spell", "handover")

#: What each kind of event sounds like (an event not listed is silent).
EVENT_SOUNDS: dict[type[ev.Event], str] = {
    ev.DieRolled: "die",
    ev.ShotResolved: "shot",
    ev.CombatResolved: "blow",
    ev.GharvAppeared: "gharv",
    ev.BoatCapsized: "gharv",
    ev.SpellCast: "spell",
}

#: At most this many sounds for one action's events: a Krob turn's dozens of dice would
#: be a din, not a signal.
MOST_AT_ONCE = 3


def sounds_for(events: Iterable[ev.Event]) -> list[str]:
    """The sounds of one action's events, in order, each once, at most `MOST_AT_ONCE`."""
    heard: list[str] = []
    for event in events:
        name = EVENT_SOUNDS.get(type(event))
        if name is not None and name not in heard:
            heard.append(name)
    return heard[:MOST_AT_ONCE]


class SoundBoard:
    """Plays the game's sounds at `volume` (0-1); silent when `muted` or without audio."""

    def __init__(self, volume: float = 0.7, muted: bool = False, folder: Path | None = None):
        self.volume = min(1.0, max(0.0, volume))
        self.muted = muted
        self._folder = folder or resources.sounds_dir()
        self._sounds: dict[str, pygame.mixer.Sound] | None = None
        #: Why there is no sound, when there is none (said once in the settings).
        self.unavailable = ""

    def _loaded(self) -> dict[str, pygame.mixer.Sound]:
        """The sounds, loaded on first use (the mixer opened then: a game that never
        makes a sound never opens the audio device)."""
        if self._sounds is None:
            self._sounds = {}
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                for name in NAMES:
                    self._sounds[name] = pygame.mixer.Sound(str(self._folder / f"{name}.wav"))
            except (pygame.error, FileNotFoundError, OSError, NotImplementedError) as exc:
                # NotImplementedError: a pygame built without its mixer (our binaries
                # left SDL_mixer out until issue 45), said like a missing device.
                self._sounds = {}
                self.unavailable = f"no sound: {exc}"
        return self._sounds

    def play(self, name: str) -> bool:
        """Play `name`; False when nothing was heard (muted, no audio, no such sound)."""
        if self.muted or self.volume <= 0.0:
            return False
        sound = self._loaded().get(name)
        if sound is None:
            return False
        sound.set_volume(self.volume)
        return sound.play() is not None

    def play_events(self, events: Iterable[ev.Event]) -> list[str]:
        """Play the sounds of one action's events; the names of those heard."""
        return [name for name in sounds_for(events) if self.play(name)]
