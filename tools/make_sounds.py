"""The game's sounds, synthesised: a die, a shot, a blow, a Gharv, a spell, the hand-over.

Run from the repository's root: `python tools/make_sounds.py [FOLDER]` (default
assets/sounds). Every sound is made here from sine waves and seeded noise (the standard
library only: `wave`, `math`, `random`), so the files are ours, and running the script
again gives byte-identical WAV files (tests/ui/test_sound.py checks the committed ones).
22,050 Hz, 16-bit, mono: a few KB each.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22_050
ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "assets" / "sounds"

Samples = list[float]


def _silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def _mix(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    if len(into) < start + len(sound):
        into.extend([0.0] * (start + len(sound) - len(into)))
    for i, v in enumerate(sound):
        into[start + i] += v * gain


def _envelope(n: int, attack: float, decay: float) -> list[float]:
    """A quick rise, then an exponential fall (times in seconds)."""
    a = max(1, int(attack * RATE))
    return [(i / a) if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def _noise(seconds: float, rng: random.Random, lowpass: float = 0.0) -> Samples:
    """White noise, smoothed by a one-pole low-pass (0: none, 0.95: dull)."""
    out: Samples = []
    last = 0.0
    for _ in range(int(seconds * RATE)):
        last = lowpass * last + (1 - lowpass) * rng.uniform(-1.0, 1.0)
        out.append(last)
    return out


def _tone(freq: float, seconds: float, sweep: float = 0.0, vibrato: float = 0.0) -> Samples:
    """A sine wave from `freq`, its pitch moving by `sweep` Hz a second."""
    out: Samples = []
    phase = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        f = freq + sweep * t + vibrato * math.sin(2 * math.pi * 6 * t)
        phase += 2 * math.pi * f / RATE
        out.append(math.sin(phase))
    return out


def _shaped(sound: Samples, attack: float, decay: float) -> Samples:
    return [v * e for v, e in zip(sound, _envelope(len(sound), attack, decay), strict=True)]


def die(rng: random.Random) -> Samples:
    """A d10 rattling on a table: a few clicks, closer and softer as it settles."""
    out = _silence(0.05)
    t = 0.0
    for bounce in range(6):
        click = _shaped(_noise(0.03, rng, 0.3), 0.001, 0.006)
        knock = _shaped(_tone(900 + 250 * rng.random(), 0.03), 0.001, 0.008)
        _mix(out, click, t, 0.7 / (1 + bounce * 0.5))
        _mix(out, knock, t, 0.35 / (1 + bounce * 0.5))
        t += 0.09 * (0.75**bounce) + 0.02
    return out


def shot(rng: random.Random) -> Samples:
    """A bow: the string's twang (a plucked string, Karplus-Strong) and the arrow's hiss."""
    period = RATE // 110
    ring = [rng.uniform(-1, 1) for _ in range(period)]
    string: Samples = []
    for i in range(int(0.35 * RATE)):
        v = ring[i % period]
        ring[i % period] = 0.996 * 0.5 * (v + ring[(i + 1) % period])
        string.append(v)
    out = _shaped(string, 0.001, 0.12)
    hiss = _shaped(_noise(0.25, rng, 0.2), 0.08, 0.05)
    _mix(out, hiss, 0.03, 0.25)
    return out


def blow(rng: random.Random) -> Samples:
    """A blow struck: a low thud and a short crack."""
    out = _shaped(_tone(70, 0.35, sweep=-60), 0.002, 0.08)
    _mix(out, _shaped(_noise(0.08, rng, 0.6), 0.001, 0.02), 0.0, 0.8)
    return out


def gharv(rng: random.Random) -> Samples:
    """A Gharv rising from the water: a splash and a low growl."""
    out = _shaped(_noise(0.5, rng, 0.85), 0.01, 0.15)
    growl = [
        v * (0.6 + 0.4 * math.sin(2 * math.pi * 23 * i / RATE))
        for i, v in enumerate(_tone(55, 0.7, sweep=15))
    ]
    _mix(out, _shaped(growl, 0.15, 0.3), 0.1, 0.7)
    return out


def spell(rng: random.Random) -> Samples:
    """A spell: a rising shimmer of three notes with a vibrato."""
    out = _silence(0.01)
    for k, freq in enumerate((523.25, 659.25, 783.99)):
        note = _shaped(_tone(freq, 0.7, sweep=40, vibrato=4), 0.05, 0.25)
        _mix(out, note, 0.08 * k, 0.3)
    _mix(out, _shaped(_noise(0.6, rng, 0.0), 0.2, 0.15), 0.05, 0.04)
    return out


def handover(rng: random.Random) -> Samples:
    """The hand-over: a soft two-note chime."""
    out = _silence(0.01)
    for k, freq in enumerate((880.0, 660.0)):
        bell = [a + 0.3 * b for a, b in zip(_tone(freq, 0.8), _tone(freq * 2.76, 0.8), strict=True)]
        _mix(out, _shaped(bell, 0.005, 0.25), 0.18 * k, 0.35)
    return out


#: Each sound's name (its file's) and how it is made.
SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "die": die,
    "shot": shot,
    "blow": blow,
    "gharv": gharv,
    "spell": spell,
    "handover": handover,
}


def write_wav(path: Path, samples: Samples) -> None:
    """16-bit mono WAV, normalised to 80% of full scale, with a 5 ms fade at each end."""
    peak = max((abs(v) for v in samples), default=1.0) or 1.0
    fade = int(0.005 * RATE)
    n = len(samples)
    frames = bytearray()
    for i, v in enumerate(samples):
        edge = min(1.0, i / fade, (n - 1 - i) / fade) if fade else 1.0
        frames += struct.pack("<h", round(v / peak * 0.8 * edge * 32767))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def make_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for seed, (name, make) in enumerate(SOUNDS.items()):
        path = folder / f"{name}.wav"
        write_wav(path, make(random.Random(seed)))
        written.append(path)
    return written


if __name__ == "__main__":
    for path in make_all(Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER):
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
