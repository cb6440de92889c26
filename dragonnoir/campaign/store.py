"""Campaign saves: the campaign's state and the game in progress, in one JSON file.

A campaign game is not its scenario file's game (the party and the bands changed it), so
it cannot be saved as a plain save that replays from the file. The campaign save holds
the game as a save does ("Dice are events": seed, actions, the state they lead to, the
log text); loading rebuilds the step's scenario from the campaign state — which does not
change while a step is played — starts it with the seed, replays every action through
`Game.apply` and compares the result with the snapshot (`engine.save.differences`).

The format::

    {"format": "dragonnoir-campaign", "version": 1, "program": "dragonnoir 0.1.0",
     "campaign": {"id": ..., "path": <relative to the save>, "absolute": ...},
     "state": {...},                      # campaign.state.CampaignState
     "game": null | {"seed": ..., "actions": [...], "state": {...}, "log": [...]}}

Writing is atomic (a temporary file renamed over the old one, which is kept as
`<name>.bak`); reading goes through `safe_read`; any fault — corrupt JSON, an unknown
version, a field of the wrong type, a campaign file gone, a game that does not replay —
is one `CampaignError` naming the file and the field, never a traceback.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from dragonnoir import __version__
from dragonnoir.campaign import find_campaign
from dragonnoir.campaign.plan import Campaign, CampaignError, load_campaign
from dragonnoir.campaign.run import CampaignRun
from dragonnoir.campaign.state import CampaignState
from dragonnoir.datafiles import field_path
from dragonnoir.engine.actions import action_from_dict
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.save import differences, dumps_save
from dragonnoir.engine.tables import RulesData
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import _
from dragonnoir.narration.narrator import Narrator
from dragonnoir.pydantic_words import validation_reason
from dragonnoir.safe_read import (
    CAMPAIGN_SAVE,
    NameRefused,
    check_limits,
    json_document,
    read_text,
    resolve_name,
    resolved,
)
from dragonnoir.safe_write import WriteError, os_reason, write_text

CAMPAIGN_FORMAT = "dragonnoir-campaign"
CAMPAIGN_VERSION = 1


def campaign_document(run: CampaignRun, path: Path, game: Game | None) -> dict[str, Any]:
    """The JSON document `save_campaign` writes to `path`."""
    src = resolved(run.campaign.source)
    try:
        relative: str | None = Path(os.path.relpath(src, resolved(path).parent)).as_posix()
    except ValueError:  # another drive (Windows)
        relative = None
    doc: dict[str, Any] = {
        "format": CAMPAIGN_FORMAT,
        "version": CAMPAIGN_VERSION,
        "program": f"dragonnoir {__version__}",
        "campaign": {"id": run.campaign.id, "path": relative, "absolute": src.as_posix()},
        "state": run.state.model_dump(mode="json"),
        "game": None,
    }
    if game is not None:
        doc["game"] = {
            "seed": game.seed,
            "actions": [a.to_dict() for a in game.history],
            "state": game.state.to_dict(),
            "log": Narrator.of(game).log(game, None),
        }
    return doc


def save_campaign(run: CampaignRun, path: Path | str, game: Game | None = None) -> Path:
    """Write the campaign (and `game`, the current step's game in progress) atomically,
    keeping the previous file as `<name>.bak`. Refuses to replace a file that is not a
    campaign save."""
    target = Path(path)
    text = dumps_save(campaign_document(run, target, game))
    if target.is_dir():
        raise CampaignError(target, _("is a folder, not a file"))
    try:
        head = target.read_bytes()[:256] if target.exists() else b""
    except OSError as exc:
        raise CampaignError(
            target, _("cannot read it: {os_reason}").format(os_reason=os_reason(exc))
        ) from None
    if head.strip() and CAMPAIGN_FORMAT.encode() not in head:
        raise CampaignError(target, _("is not a Dragon Noir campaign save; not overwriting it"))
    try:
        write_text(target, text, backup=True)
    except WriteError as exc:
        raise CampaignError(target, exc.detail) from None
    return target


def load_campaign_save(
    path: Path | str, rules: RulesData | None = None
) -> tuple[CampaignRun, Game | None]:
    """The campaign saved at `path` and its game in progress (None between scenarios),
    played with `rules` (default: the shipped rules data)."""
    src = Path(path)
    doc = _read(src)
    campaign = _campaign_file(src, doc["campaign"])
    try:
        state = CampaignState.model_validate(doc["state"])
    except ValidationError as exc:
        first = exc.errors()[0]
        place = field_path(doc["state"], tuple(first["loc"]))
        raise CampaignError(
            src, validation_reason(first), place=f"field state.{place[6:]}"
        ) from None
    _check_state(src, campaign, state)
    run = CampaignRun(campaign, state, rules)
    raw = doc.get("game")
    if raw is None:
        return run, None
    if state.step is None:
        raise CampaignError(src, _("a game in progress, but the campaign is over"), "field game")
    return run, _replay(src, run, raw)


def _read(src: Path) -> dict[str, Any]:
    text = read_text(src, limit=CAMPAIGN_SAVE.size, what=CAMPAIGN_SAVE.what, error=CampaignError)
    doc = json_document(
        src,
        text,
        marker=CAMPAIGN_FORMAT,
        version=CAMPAIGN_VERSION,
        names=("campaign save", "campaign save", "campaign save"),
        error=CampaignError,
    )
    check_limits(doc, CAMPAIGN_SAVE, src, error=CampaignError)
    for key, kind in (("campaign", dict), ("state", dict)):
        if not isinstance(doc.get(key), kind):
            raise CampaignError(src, _("missing or not an object"), place=f"field {key}")
    if doc.get("game") is not None and not isinstance(doc["game"], dict):
        raise CampaignError(src, _("not an object"), place="field game")
    return doc


def _campaign_file(src: Path, ref: dict[str, Any]) -> Campaign:
    """The campaign file the save names: beside the save as saved, at its absolute path,
    or a shipped (or the player's) campaign of that id."""
    candidates: list[Path] = []
    refused: list[CampaignError] = []
    for key in ("path", "absolute"):  # under the rule of names inside files
        value = ref.get(key)
        if not isinstance(value, str) or not value:
            continue
        try:
            candidates.append(resolve_name(resolved(src).parent, value, "campaign"))
        except NameRefused as exc:
            refused.append(CampaignError(src, str(exc), f"field campaign.{key}"))
    ident = ref.get("id")
    if isinstance(ident, str) and ident:
        found = find_campaign(ident)
        if found is not None:
            candidates.append(found)
    for candidate in candidates:
        if candidate.is_file():
            try:
                campaign = load_campaign(candidate)
            except DragonNoirError as exc:
                raise CampaignError(
                    src,
                    _("its campaign file cannot be read: {exc}").format(exc=exc),
                    "field campaign",
                ) from None
            if campaign.id != ident:
                continue
            return campaign
    if refused:
        raise refused[0]
    raise CampaignError(
        src, _("the campaign file of {ident!r} is missing").format(ident=ident), "field campaign"
    )


def _check_state(src: Path, campaign: Campaign, state: CampaignState) -> None:
    """Names in the state that the campaign file must know."""
    steps = {s.id for s in campaign.data.step}
    if state.campaign != campaign.id:
        raise CampaignError(
            src,
            _("a save of {campaign!r}, not {id!r}").format(campaign=state.campaign, id=campaign.id),
            "field state.campaign",
        )
    if state.step is not None and state.step not in steps:
        raise CampaignError(
            src, _("no step {step!r} in the campaign").format(step=state.step), "field state.step"
        )
    caves = {c.id for c in campaign.data.cave}
    for i, band in enumerate(state.bands):
        if band.cave not in caves:
            raise CampaignError(
                src,
                _("no cave {cave!r} in the campaign").format(cave=band.cave),
                f"field state.bands[{i}].cave",
            )


def _replay(src: Path, run: CampaignRun, raw: dict[str, Any]) -> Game:
    seed, actions = raw.get("seed"), raw.get("actions")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CampaignError(src, _("expected an integer"), "field game.seed")
    if not isinstance(actions, list):
        raise CampaignError(src, _("expected a list"), "field game.actions")
    if seed != run.game_seed():
        raise CampaignError(src, _("the game's seed is not this step's"), "field game.seed")
    try:
        game = run.new_game()
    except DragonNoirError as exc:
        raise CampaignError(
            src,
            _("the step's scenario cannot be set up: {exc}").format(exc=exc),
            "field state.step",
        ) from None
    for i, entry in enumerate(actions):
        place = f"field game.actions[{i}]"
        try:
            if not isinstance(entry, dict):
                raise ValueError(_("an action is an object"))
            game.apply(action_from_dict(entry))
        except IllegalAction as exc:
            raise CampaignError(src, _("refused on replay: {exc}").format(exc=exc), place) from None
        except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
            raise CampaignError(
                src, _("cannot be replayed ({exc})").format(exc=exc), place
            ) from None
    replayed = json.loads(json.dumps(game.state.to_dict()))
    diffs = differences(raw.get("state"), replayed)
    if diffs:
        raise CampaignError(
            src,
            _("the replay does not reproduce the snapshot: {diffs}").format(diffs=diffs[0]),
            "field game.state",
        )
    return game
