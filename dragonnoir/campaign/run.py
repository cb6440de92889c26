"""Playing a campaign: start it, set up each step's game, read each finished game back,
choose the next step, move the Krob bands in secret.

`CampaignRun` joins the checked campaign file (`plan.Campaign`) and its state
(`state.CampaignState`). The client asks it for the next game (`new_game`), plays it, and
gives it back when it is over (`finish`), which carries the survivors over, chooses the
branch, moves the bands and returns what happened.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from dragonnoir.campaign.campaign_format import BranchEntry, StepEntry
from dragonnoir.campaign.carry import Prepared, prepare, record
from dragonnoir.campaign.krobs import derived_seed, move_bands
from dragonnoir.campaign.notes import Note
from dragonnoir.campaign.plan import Campaign, CampaignError, is_spectre, is_wizard
from dragonnoir.campaign.state import (
    Band,
    BandUnit,
    CampaignState,
    Member,
    Played,
    Sheet,
    Sighting,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.tables import RulesData, default_rules_data
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import N_, _

#: The ending when no member of the party is left alive (every campaign has it).
PARTY_LOST = "party-lost"


@dataclass
class StepResult:
    """A finished step as the campaign screen tells it."""

    played: Played
    levelled: list[str] = field(default_factory=list)
    #: For the Krob player only: how the bands moved.
    krob_notes: list[Note] = field(default_factory=list)


class CampaignRun:
    """A campaign file and its state, and the operations that move it on."""

    def __init__(
        self, campaign: Campaign, state: CampaignState, rules: RulesData | None = None
    ) -> None:
        self.campaign = campaign
        self.state = state
        self.rules = rules or default_rules_data()
        self._prepared: Prepared | None = None

    @classmethod
    def start(cls, campaign: Campaign, seed: int, rules: RulesData | None = None) -> CampaignRun:
        """A new campaign at its first step: the party as it sets out, the bands in
        their caves."""
        rules = rules or default_rules_data()
        party: list[Member] = []
        wizards: dict[str, Sheet] = {}
        for m in campaign.data.party:
            uid = m.id or m.kind
            party.append(
                Member(id=uid, kind=m.kind, name=m.name, status=Status(m.status), wounds=m.wounds)
            )
            if is_wizard(rules, m.kind):
                level = m.wizard_level or 1
                energy = m.energy if m.energy is not None else level * 100
                wizards[uid] = Sheet(level=level, energy=energy, wounds=m.wounds)
        bands = [
            Band(
                id=b.id,
                name=b.name,
                cave=b.cave,
                moves=b.moves,
                toward=b.toward,
                speed=b.speed,
                units=[BandUnit(id=u.id or u.kind, kind=u.kind, adult=u.adult) for u in b.unit],
            )
            for b in campaign.data.band
        ]
        state = CampaignState(
            campaign=campaign.id,
            seed=seed,
            step=campaign.data.first,
            party=party,
            wizards=wizards,
            bands=bands,
        )
        return cls(campaign, state, rules)

    # -- the step to play -------------------------------------------------------------------

    @property
    def step(self) -> StepEntry | None:
        return None if self.state.step is None else self.campaign.step(self.state.step)

    def prepared(self) -> Prepared:
        """The current step's scenario with the party and the bands put in (cached)."""
        step = self.step
        if step is None:
            raise ValueError(_("the campaign is over: no scenario to play"))
        if self._prepared is None:
            scenario = load_scenario(self.campaign.scenario_files[step.id], self.rules)
            self._prepared = prepare(self.campaign, self.state, step, scenario, self.rules)
        return self._prepared

    def game_seed(self) -> int:
        """The dice seed of the current step's game (from the campaign's seed)."""
        return derived_seed(self.state.seed, "game", len(self.state.played), self.state.step)

    def new_game(self) -> Game:
        """The current step's game, at its start."""
        # Its scenario_path still names the file (for the end screen's title), but the
        # campaign's save holds this game: it does not replay from the file alone.
        return self.prepared().scenario.new_game(self.game_seed(), self.rules)

    # -- a finished game ----------------------------------------------------------------

    def finish(self, game: Game) -> StepResult:
        """Read the finished `game` back, choose where the campaign goes, move the bands."""
        step = self.step
        if step is None:
            raise ValueError(_("the campaign is over"))
        if not game.over:
            raise ValueError(_("the game is not over"))
        scratch = game.state.scratch
        result: dict[str, Any] = scratch.get("result") or {}
        winner = game.state.winner
        won: Literal["adventurers", "krobs", "draw"] = "draw"
        if winner is Side.ADVENTURERS:
            won = "adventurers"
        elif winner is Side.KROBS:
            won = "krobs"
        offmap = scratch.get("offmap") or {}
        cave = step.cave
        present = [b for b in self.state.bands if b.cave == cave and b.strength() > 0]
        before = {b.id: b.strength() for b in present}
        units = [u for u in game.state.units.values() if not is_spectre(self.rules, u.kind)]
        outcome = record(self.state, units, game.state.wizards, offmap)
        condition = _condition_of(result)
        played = Played(
            step=step.id,
            scenario=self.prepared().scenario.id,
            name=step.name or self.prepared().scenario.name,
            winner=won,
            reason=str(result.get("reason") or _default_reason(won)),
            turn=int(result.get("turn") or game.state.turn),
            condition=condition,
            fallen=outcome.fallen,
            exited=outcome.exited,
        )
        for band in present:
            lost = before[band.id] - band.strength()
            message = N_("left: {left}, fallen: {lost}") if lost else N_("left: {left}")
            seen = Note(message=message, numbers={"left": band.strength(), "lost": lost})
            self.state.sightings.append(
                Sighting(
                    band=band.id,
                    name=band.name,
                    cave=cave,
                    after=len(self.state.played) + 1,
                    how="fought",
                    strength=seen,
                )
            )
        branch = self.choose(step, played, condition)
        played.goto, played.text = branch.goto, branch.text
        played.notes = list(self.prepared().notes)
        self.state.played.append(played)
        for band_id in branch.alert:
            alerted = self.state.band(band_id)
            if alerted is not None:
                alerted.moves = "hunt"
        krob_notes: list[Note] = []
        self._prepared = None
        if not self.state.alive():
            self.state.step, self.state.ending = None, PARTY_LOST
        elif self.campaign.ending(branch.goto) is not None:
            self.state.step, self.state.ending = None, branch.goto
        else:
            self.state.step = branch.goto
            nxt = self.campaign.step(branch.goto)
            krob_notes = move_bands(self.campaign, self.state, nxt.cave)
        return StepResult(played, outcome.levelled, krob_notes)

    def choose(self, step: StepEntry, played: Played, condition: str | None) -> BranchEntry:
        """The first branch whose tests all hold (the last has none)."""
        for branch in step.next:
            if self._holds(branch, played, condition):
                return branch
        return step.next[-1]

    def _holds(self, b: BranchEntry, played: Played, condition: str | None) -> bool:
        alive = {m.id for m in self.state.alive()}
        dead = {m.id for m in self.state.party if not m.alive}
        return (
            (b.winner is None or b.winner == played.winner)
            and (
                b.condition is None or b.condition == condition or _kind_met(b.condition, condition)
            )
            and (b.survivors is None or len(alive) >= b.survivors)
            and all(uid in alive for uid in b.alive)
            and all(uid in dead for uid in b.dead)
            and (b.exited is None or played.exited >= b.exited)
        )

    # -- the end -----------------------------------------------------------------------

    def ending_text(self) -> tuple[str, str, str]:
        """(winner, title, text) of the campaign's end."""
        ending = self.state.ending
        if ending == PARTY_LOST:
            return (
                "krobs",
                _("The party is no more"),
                _("No one is left to go on: the Krobs hold the caves."),
            )
        found = None if ending is None else self.campaign.ending(ending)
        if found is None:
            return ("draw", "", "")
        return (found.winner, found.name, found.text)


def check_campaign(campaign: Campaign, seed: int = 1, rules: RulesData | None = None) -> int:
    """Set up every step's game with the party as it sets out and the bands where they
    start (`dragonnoir validate`): a scenario that cannot take the party is found before
    anyone plays. Returns the steps checked; a fault is a `CampaignError` naming the step."""
    for i, step in enumerate(campaign.data.step):
        run = CampaignRun.start(campaign, seed, rules)
        run.state.step = step.id
        try:
            run.new_game()
        except DragonNoirError as exc:
            raise CampaignError(
                campaign.source,
                _("its scenario cannot be set up with the party: {exc}").format(exc=exc),
                place=f"field step[{i}] (id {step.id!r})",
            ) from None
    return len(campaign.data.step)


def _condition_of(result: dict[str, Any]) -> str | None:
    """The met condition as "id|kind" from `scratch["result"]` (`"condition": "c1",
    "kind": "exit"`), None when the game ended without one."""
    raw = result.get("condition")
    entry: dict[str, Any] = raw if isinstance(raw, dict) else {"id": raw}
    ident, kind = entry.get("id"), entry.get("kind", result.get("kind"))
    if not isinstance(ident, str) and not isinstance(kind, str):
        return None
    return f"{ident if isinstance(ident, str) else ''}|{kind if isinstance(kind, str) else ''}"


def _kind_met(wanted: str, condition: str | None) -> bool:
    """A branch naming a condition by id ("c1") or kind ("exit") matches either part."""
    return condition is not None and wanted in condition.split("|")


#: Why a scenario ended when its game gave no reason, by winner: kept in the state in
#: English (the catalog's key) and said in the reader's language (`said_reason`).
DEFAULT_REASONS = {
    "draw": N_("the turn limit came with no winner"),
    "adventurers": N_("the Adventurers won"),
    "krobs": N_("the Krobs won"),
}


def _default_reason(winner: str) -> str:
    return DEFAULT_REASONS.get(winner, DEFAULT_REASONS["draw"])


def said_reason(reason: str, word: Callable[[str], str]) -> str:
    """A played scenario's reason in the reader's language: ours through the catalog,
    the campaign's or the game's own through `word` (the campaign file's texts)."""
    return _(reason) if reason in DEFAULT_REASONS.values() else word(reason)
