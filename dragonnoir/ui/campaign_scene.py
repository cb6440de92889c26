"""The campaign screens: the list of campaigns (new or resumed), and the campaign screen
between two scenarios — the general plan of the caves with its links, the party (names,
wounds, the wizards' level and EP), what is known of the Krobs, the last scenario's
outcome and the next scenario with its briefing; Continue plays it, Save writes the
campaign.

When a scenario ends, the game screen's end screen says who won and why; its "Continue
the campaign" button (`GameScene.on_game_over`) brings the players back here.

The plan shows the Adventurer player's view (sightings only) unless the Krob player asks
for his, behind a warning: the bands' caves are the Krobs' secret. The campaign itself
(`dragonnoir.campaign`) has no pygame; `CampaignSession` joins it to the client: the
game screen's hooks (`GameHooks`) save a campaign game into the campaign file (a campaign
game does not replay from its scenario file alone).
"""

from __future__ import annotations

import html
import secrets
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox

from dragonnoir.campaign import CampaignError, CampaignRun, StepResult, campaign_files
from dragonnoir.campaign.notes import say_note
from dragonnoir.campaign.plan import Campaign, load_campaign
from dragonnoir.campaign.run import said_reason
from dragonnoir.campaign.store import load_campaign_save, save_campaign
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.tables import RulesData
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import N_, _, current
from dragonnoir.narration.names import data_name
from dragonnoir.render import fonts
from dragonnoir.ui.app import App, Reset, Result, Scene
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.player_choice import ROWS_H, PlayerChoice
from dragonnoir.ui.rules_status import rules_or_reason
from dragonnoir.ui.storage import data_dir, file_stem

MENU_BUTTON = ObjectID(class_id="@menu_button")
GROUND = (16, 13, 11)
LINK = (96, 84, 66)
CAVE = (58, 50, 40)
CAVE_EDGE = (150, 130, 96)
NEXT = (230, 190, 90)
VISITED = (120, 150, 110)
SIGHTED = (230, 110, 80)
BAND = (200, 70, 60)
TEXT = (226, 214, 190)
DIM = (150, 138, 116)


#: How a band moves between scenarios (`Band.moves`), as the Krob player's view says it.
MOVES = {
    "guard": N_("guards its cave"),
    "wander": N_("wanders"),
    "hunt": N_("hunts the party"),
    "gather": N_("gathers"),
}

#: Who won a scenario of the campaign, as its report says it.
WON = {
    "adventurers": N_("the Adventurers won"),
    "krobs": N_("the Krobs won"),
    "gharvs": N_("the Gharvs won"),
}


def campaigns_dir() -> Path:
    """Where campaign saves go: one per campaign id (the user data folder)."""
    return data_dir() / "campaigns"


def save_path_for(campaign_id: str) -> Path:
    return campaigns_dir() / f"{file_stem(campaign_id, 'campaign')}.json"


def _rules() -> RulesData:
    """The rules data in use (the player's own files when there are any)."""
    rules, reason = rules_or_reason()
    if rules is None:
        raise CampaignError(None, reason)
    return rules


class CampaignSession:
    """A campaign being played in the client: its run, its save file, and the game
    screen's hooks."""

    def __init__(self, app: App, run: CampaignRun, path: Path) -> None:
        self.app = app
        self.run = run
        self.path = path
        self.last: StepResult | None = None

    @classmethod
    def new(cls, app: App, campaign: Campaign, seed: int | None = None) -> CampaignSession:
        seed = secrets.randbelow(2**31) if seed is None else seed
        run = CampaignRun.start(campaign, seed, _rules())
        return cls(app, run, save_path_for(campaign.id))

    # -- GameHooks ---------------------------------------------------------------------

    def autosave(self, game: Game) -> None:
        save_campaign(self.run, self.path, game)

    def save(self, game: Game) -> Path:
        return save_campaign(self.run, self.path, game)

    def continue_after(self, game: Game, result: object) -> Result:
        """The end screen's "Continue the campaign": read the game back, show the campaign
        (the menu under it)."""
        return Reset(self.finish(game))

    # -- the campaign ------------------------------------------------------------------

    def finish(self, game: Game) -> CampaignScene:
        """Read the finished game into the campaign, save it, show the campaign."""
        self.last = self.run.finish(game)
        scene = CampaignScene(self.app, self)
        try:
            save_campaign(self.run, self.path)
        except DragonNoirError as exc:
            scene.message = _("Could not save the campaign: {why}").format(why=exc)
        return scene

    def play(self, game: Game | None = None) -> Scene:
        """The game screen on the current step's game (a new one unless given)."""
        if game is None:
            game = self.run.new_game()
        game.players = dict(self.run.state.players)  # chosen when the campaign started
        return self.app.screens.game(
            self.app, game, new=not game.history, on_game_over=self.continue_after, hooks=self
        )


# -- the campaign screen --------------------------------------------------------------------


class CampaignScene(Scene):
    """Between two scenarios: the plan, the party, what is known, what comes next."""

    title = N_("Campaign")

    def __init__(self, app: App, session: CampaignSession, message: str = "") -> None:
        super().__init__(app)
        self.session = session
        self.message = message
        #: The Krob player's view of the plan (bands where they are) is showing.
        self.krob_view = False
        self.buttons: dict[str, UIButton] = {}
        self.info: UITextBox | None = None

    @property
    def run(self) -> CampaignRun:
        return self.session.run

    # -- layout ------------------------------------------------------------------------

    def plan_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(24, 70, int(w * 0.58) - 24, h - 150)

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        UILabel(
            pygame.Rect(24, 14, w - 48, 44),
            self.run.campaign.texts.name(),
            self.manager,
            container=root,
            object_id=ObjectID(object_id="#heading"),
        )
        plan = self.plan_rect()
        x = plan.right + 20
        self.info = UITextBox(
            self.info_html(),
            pygame.Rect(x, 70, w - x - 24, h - 150),
            self.manager,
            container=root,
        )
        y = h - 66
        self.buttons = {}
        over = self.run.state.over
        items = [("menu", _("Menu"), 24, 150), ("save", _("Save"), 186, 150)]
        krobs = _("Hide the Krobs") if self.krob_view else _("Krob player's view")
        items.append(("krobs", krobs, 348, 230))
        for key, text, bx, bw in items:
            self.buttons[key] = UIButton(
                pygame.Rect(bx, y, bw, 46), text, self.manager, container=root
            )
        self.buttons["continue"] = UIButton(
            pygame.Rect(w - 264, y, 240, 46),
            _("Back to the menu") if over else _("Continue"),
            self.manager,
            container=root,
            object_id=MENU_BUTTON,
        )

    # -- text --------------------------------------------------------------------------

    def info_html(self) -> str:
        """The side panel: the last outcome, the party, the Krobs as known, what next."""
        parts: list[str] = []
        if self.message:
            parts.append(f"<font color='#ff9a6a'>{html.escape(self.message)}</font><br><br>")
        parts += self.outcome_html()
        parts += self.party_html()
        parts += self.krobs_html()
        parts += self.next_html()
        return "".join(parts)

    def outcome_html(self) -> list[str]:
        state = self.run.state
        last_step = self.session.last
        last = last_step.played if last_step else (state.played[-1] if state.played else None)
        if last is None:
            return []
        words = self.run.campaign.texts.word
        if last.winner == "draw":
            verdict = _("a draw")
        elif last.winner in WON:
            verdict = _(WON[last.winner])
        else:
            verdict = _("{side} won").format(side=last.winner)
        parts = [f"<b>{html.escape(words(last.name))}</b>: {html.escape(verdict)}"]
        if last.reason:
            parts.append(f" — {html.escape(said_reason(last.reason, words))}")
        parts.append(html.escape(_(" (turn {turn}).").format(turn=last.turn)) + "<br>")
        if last.fallen:
            names = ", ".join(self.member_name(uid) for uid in last.fallen)
            parts.append(html.escape(_("Fallen: {names}.").format(names=names)) + "<br>")
        for uid in last_step.levelled if last_step else []:
            levelled = _("{name} survived: he is now a level 2 wizard (Magic).")
            parts.append(html.escape(levelled.format(name=self.member_name(uid))) + "<br>")
        if last.text:
            parts.append(f"<i>{html.escape(words(last.text))}</i><br>")
        return [*parts, "<br>"]

    def party_html(self) -> list[str]:
        state = self.run.state
        head = html.escape(_("The party"))
        parts = [f"<font color='#c9a45a'>{head}</font><br>"]
        for m in state.party:
            name = self.member_name(m.id)
            if not m.alive:
                fallen = html.escape(_("{name}: fallen").format(name=name))
                parts.append(f"<font color='#8a7d68'>{fallen}</font><br>")
                continue
            if m.status is Status.HEALTHY:
                line = _("{name}: healthy").format(name=name)
            else:
                line = _("{name}: wounded ({n})").format(name=name, n=m.wounds)
            sheet = state.wizards.get(m.id)
            if sheet is not None:
                line += _(" — wizard level {level}, {energy} EP left").format(
                    level=sheet.level, energy=sheet.energy
                )
            parts.append(html.escape(line) + "<br>")
        return [*parts, "<br>"]

    def krobs_html(self) -> list[str]:
        head = html.escape(_("The Krobs"))
        parts = [f"<font color='#c9a45a'>{head}</font><br>"]
        view = self.run.state.view(Side.KROBS if self.krob_view else Side.ADVENTURERS)
        words = self.run.campaign.texts.word
        caves = {c.id: words(c.name) for c in self.run.campaign.data.cave}
        if self.krob_view:
            for note in self.session.last.krob_notes if self.session.last else []:
                parts.append(f"<i>{html.escape(say_note(note, words))}</i><br>")
            for b in view["bands"]:
                alive = sum(1 for u in b["units"] if u["status"] != "killed")
                band = _("{band}: {n} in {cave} ({moves})").format(
                    band=words(b["name"]),
                    n=alive,
                    cave=caves[b["cave"]],
                    moves=_(MOVES.get(b["moves"], b["moves"])),
                )
                parts.append(html.escape(band) + "<br>")
        elif view["sightings"]:
            for s in view["sightings"]:
                if s["how"] == "fought":
                    seen = _("{band}: fought in {cave} after scenario {after} — {strength}")
                else:
                    seen = _("{band}: heard in {cave} after scenario {after} — {strength}")
                said = seen.format(
                    band=words(s["name"]),
                    cave=caves[s["cave"]],
                    after=s["after"],
                    strength=say_note(s["strength"], words),
                )
                parts.append(html.escape(said) + "<br>")
        else:
            parts.append(html.escape(_("Nothing is known of their bands yet.")) + "<br>")
        return [*parts, "<br>"]

    def next_html(self) -> list[str]:
        run = self.run
        if run.state.over:
            _winner, title, text = run.ending_text()
            words = run.campaign.texts.word
            over = _("The campaign is over: {ending}").format(ending=words(title))
            return [f"<b>{html.escape(over)}</b><br>", f"{html.escape(words(text))}<br>"]
        step = run.step
        assert step is not None
        try:
            prepared = run.prepared()
        except DragonNoirError as exc:  # a scenario file broken or gone since
            why = html.escape(_("Cannot set up {step}: {why}").format(step=step.id, why=exc))
            return [f"<font color='#ff9a6a'>{why}</font><br>"]
        scenario = prepared.scenario
        words = run.campaign.texts.word
        cave = words(run.campaign.cave(step.cave).name)
        title = html.escape(words(step.name) if step.name else scenario.title())
        number = html.escape(_("Scenario {n}:").format(n=len(run.state.played) + 1))
        where = _("{scenario} in {cave}").format(scenario=f"<b>{title}</b>", cave=html.escape(cave))
        parts = [f"<font color='#c9a45a'>{number}</font> {where}<br>"]
        for note in prepared.notes + (prepared.secret if self.krob_view else []):
            parts.append(f"<i>{html.escape(say_note(note, words))}</i><br>")
        for text in (words(step.briefing) if step.briefing else "", scenario.briefing_in()):
            if text:
                parts.append(f"{html.escape(text)}<br>")
        return parts

    def member_name(self, uid: str) -> str:
        m = self.run.state.member(uid)
        roster = self.run.rules.roster
        if m is not None and m.name:
            return self.run.campaign.texts.word(m.name)
        kind = m.kind if m is not None else uid
        return data_name(roster[kind].name, current()) if kind in roster else uid

    # -- events ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Result:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Reset()
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
        if key == "menu":
            return Reset()
        if key == "save":
            self.save()
        elif key == "krobs":
            return self.toggle_krob_view()
        elif key == "continue":
            return self.go_on()
        return None

    def save(self) -> bool:
        try:
            path = save_campaign(self.run, self.session.path)
        except DragonNoirError as exc:
            self.message = _("Could not save: {why}").format(why=exc)
            self.rebuild()
            return False
        self.message = _("Saved in {path}").format(path=path)
        self.rebuild()
        return True

    def toggle_krob_view(self) -> Result:
        if self.krob_view:
            self.krob_view = False
            self.rebuild()
            return None

        def show() -> Result:
            self.krob_view = True
            self.rebuild()
            return None

        return ConfirmDialog(
            self.app,
            self,
            _("The Krobs' secret"),
            _("The Krob player's view shows where every band is. Adventurer player, look away."),
            [(_("Show it"), show), (_("Cancel"), lambda: None)],
        )

    def go_on(self) -> Result:
        if self.run.state.over:
            return Reset()
        try:
            scene = self.session.play()
            save_campaign(self.run, self.session.path, scene.game)  # type: ignore[attr-defined]
        except DragonNoirError as exc:
            self.message = _("Cannot start the scenario: {why}").format(why=exc)
            self.rebuild()
            return None
        return scene

    # -- drawing -----------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(GROUND)
        draw_plan(screen, self.plan_rect(), self.run, krob_view=self.krob_view)


def cave_points(rect: pygame.Rect, campaign: Campaign) -> dict[str, tuple[int, int]]:
    """Each cave's centre in `rect` (the file's `at` runs 0..100 both ways)."""
    pad = 60
    inner = rect.inflate(-2 * pad, -2 * pad)
    return {
        c.id: (
            inner.x + round(inner.width * c.at[0] / 100),
            inner.y + round(inner.height * c.at[1] / 100),
        )
        for c in campaign.data.cave
    }


def draw_plan(
    screen: pygame.Surface, rect: pygame.Rect, run: CampaignRun, *, krob_view: bool
) -> list[str]:
    """The general plan: links, caves (the next one ringed in gold, those played in
    green), and the Krobs as the viewer may know them. Returns the labels drawn (tests
    read them: nothing of a band unseen may be among them in the Adventurer view)."""
    pygame.draw.rect(screen, (24, 20, 16), rect, border_radius=8)
    pygame.draw.rect(screen, (60, 52, 40), rect, 1, border_radius=8)
    campaign = run.campaign
    state = run.state
    points = cave_points(rect, campaign)
    small, label_font = fonts.font(14), fonts.font(17)
    drawn: list[str] = []
    for link in campaign.data.link:
        a, b = (points[c] for c in link.between)
        pygame.draw.line(screen, LINK, a, b, 5)
        if link.name:
            mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            said = campaign.texts.word(link.name)
            _text(screen, small, said, mid, DIM)
            drawn.append(said)
    played = {campaign.step(p.step).cave for p in state.played}
    step = run.step
    radius = 30
    for cave in campaign.data.cave:
        x, y = points[cave.id]
        pygame.draw.circle(screen, CAVE, (x, y), radius)
        edge = VISITED if cave.id in played else CAVE_EDGE
        pygame.draw.circle(screen, edge, (x, y), radius, 3)
        if step is not None and step.cave == cave.id:
            pygame.draw.circle(screen, NEXT, (x, y), radius + 7, 3)
        cave_name = campaign.texts.word(cave.name)
        _text(screen, label_font, cave_name, (x, y + radius + 14), TEXT)
        drawn.append(cave_name)
    view = state.view(Side.KROBS if krob_view else Side.ADVENTURERS)
    marks: dict[str, list[tuple[str, tuple[int, int, int]]]] = {}
    if krob_view:
        for b in view["bands"]:
            alive = sum(1 for u in b["units"] if u["status"] != "killed")
            if alive:
                band = campaign.texts.word(b["name"])
                marks.setdefault(b["cave"], []).append((f"{band} ({alive})", BAND))
    else:
        for s in view["sightings"]:
            band = campaign.texts.word(s["name"])
            seen = _("{band}: fought") if s["how"] == "fought" else _("{band}: heard")
            marks.setdefault(s["cave"], []).append((seen.format(band=band), SIGHTED))
    for cave_id, items in marks.items():
        x, y = points[cave_id]
        for i, (text, colour) in enumerate(items):
            pygame.draw.circle(screen, colour, (x + radius - 4, y - radius + 4 + i * 4), 7)
            _text(screen, small, text, (x, y - radius - 14 - 16 * i), colour)
            drawn.append(text)
    if krob_view:
        legend = _("Krob player's view: where the bands are")
    else:
        legend = _("What the Adventurers know")
    _text(screen, small, legend, (rect.centerx, rect.bottom - 16), DIM)
    return drawn


def _text(
    screen: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    centre: tuple[int, int],
    colour: tuple[int, int, int],
) -> None:
    image = font.render(text, True, colour)
    screen.blit(image, image.get_rect(center=centre))


# -- the list of campaigns ------------------------------------------------------------------


class CampaignMenu(Scene):
    """Choose a campaign: start it anew, or resume its save."""

    title = N_("Campaign")

    def __init__(self, app: App, message: str = "") -> None:
        super().__init__(app)
        self.message = message
        self.entries: list[tuple[Path, Campaign | None, str]] = []
        for path in campaign_files():
            try:
                self.entries.append((path, load_campaign(path), ""))
            except DragonNoirError as exc:
                self.entries.append((path, None, str(exc)))
        self.selected = 0
        #: The selected campaign as it starts, for the plan under its details.
        self._preview: CampaignRun | None = None
        self.list: UISelectionList | None = None
        self.buttons: dict[str, UIButton] = {}
        #: Who plays each side in a new campaign's games (a resumed one keeps its own).
        self.choice = PlayerChoice(app)

    def build(self, root: UIContainer) -> None:
        w, h = self.app.size
        self.choice.build(
            root,
            pygame.Rect(374, 254, w - 404, ROWS_H - 8),
            pygame.Rect(200, h - 70, max(100, w - 680), 40),  # between Back and Resume
        )
        UILabel(
            pygame.Rect(30, 20, 500, 40),
            _("Choose a campaign"),
            self.manager,
            container=root,
            object_id=ObjectID(object_id="#heading"),
        )
        labels: list[str | tuple[str, str]] = [
            c.texts.name() if c is not None else _("{file} (broken)").format(file=p.name)
            for p, c, _error in self.entries
        ]
        self.list = UISelectionList(
            pygame.Rect(30, 76, 320, h - 170),
            labels,
            self.manager,
            container=root,
            default_selection=labels[self.selected] if labels else None,
        )
        UITextBox(
            self.details_html(),
            pygame.Rect(374, 76, w - 404, 170),
            self.manager,
            container=root,
        )
        self.buttons = {
            "back": UIButton(
                pygame.Rect(30, h - 74, 160, 46), _("Back"), self.manager, container=root
            ),
            "resume": UIButton(
                pygame.Rect(w - 460, h - 74, 200, 46), _("Resume"), self.manager, container=root
            ),
            "new": UIButton(
                pygame.Rect(w - 240, h - 74, 210, 46),
                _("New campaign"),
                self.manager,
                container=root,
                object_id=MENU_BUTTON,
            ),
        }
        campaign = self.campaign
        if campaign is None:
            self.buttons["new"].disable()  # type: ignore[no-untyped-call]
        if campaign is None or not save_path_for(campaign.id).is_file():
            self.buttons["resume"].disable()  # type: ignore[no-untyped-call]

    @property
    def campaign(self) -> Campaign | None:
        return self.entries[self.selected][1] if self.entries else None

    def preview_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(374, 260 + ROWS_H, w - 404, h - 354 - ROWS_H)

    def draw(self, screen: pygame.Surface) -> None:
        """Under the details: the selected campaign's plan as the Adventurers see it."""
        screen.fill(GROUND)
        campaign = self.campaign
        if campaign is None:
            return
        if self._preview is None or self._preview.campaign is not campaign:
            self._preview = CampaignRun.start(campaign, 0)
        draw_plan(screen, self.preview_rect(), self._preview, krob_view=False)

    def details_html(self) -> str:
        parts = []
        if self.message:
            parts.append(f"<font color='#ff9a6a'>{html.escape(self.message)}</font><br><br>")
        if not self.entries:
            parts.append(html.escape(_("No campaigns found.")))
            return "".join(parts)
        _path, campaign, error = self.entries[self.selected]
        if campaign is None:
            parts.append(f"<font color='#ff9a6a'>{html.escape(error)}</font>")
            return "".join(parts)
        data = campaign.data
        texts = campaign.texts
        parts.append(
            f"<b>{html.escape(texts.name())}</b><br>{html.escape(texts.briefing())}<br><br>"
        )
        parts.append(
            html.escape(
                _("{steps} scenarios on a plan of {caves} caves; the party: {party} characters.")
            ).format(steps=len(data.step), caves=len(data.cave), party=len(data.party))
            + "<br>"
        )
        saved = save_path_for(campaign.id)
        if saved.is_file():
            kept = _("A campaign in progress is saved in {path}.").format(path=saved)
            parts.append(f"<br>{html.escape(kept)}")
        return "".join(parts)

    def handle(self, event: pygame.event.Event) -> Result:
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.list
        ):
            labels = [item["text"] for item in self.list.item_list]
            if event.text in labels:
                self.selected = labels.index(event.text)
                self.message = ""
                self.rebuild()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Reset()
        if self.choice.handle(event):
            self.rebuild()
            return None
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if event.ui_element is self.buttons.get("back"):
            return Reset()
        campaign = self.campaign
        if campaign is None:
            return None
        if event.ui_element is self.buttons.get("new"):
            return self.ask_then_start(campaign)
        if event.ui_element is self.buttons.get("resume"):
            return self.resume(save_path_for(campaign.id))
        return None

    def ask_then_start(self, campaign: Campaign) -> Result:
        """A new campaign replaces the saved one of the same campaign: ask first."""
        saved = save_path_for(campaign.id)
        if not saved.is_file():
            return self.start(campaign)
        return ConfirmDialog(
            self.app,
            self,
            _("A campaign in progress"),
            _(
                "{campaign} is in progress. A new one replaces it (the old file is kept as "
                "{file}.bak)."
            ).format(campaign=campaign.texts.name(), file=saved.name),
            [(_("Start anew"), lambda: self.start(campaign)), (_("Cancel"), lambda: None)],
        )

    def start(self, campaign: Campaign, seed: int | None = None) -> Result:
        try:
            session = CampaignSession.new(self.app, campaign, seed)
            session.run.state.players = self.choice.for_game()
            save_campaign(session.run, session.path)
        except DragonNoirError as exc:
            self.message = str(exc)
            self.rebuild()
            return None
        self.choice.remember()
        return CampaignScene(self.app, session)

    def resume(self, path: Path) -> Result:
        scene = resume_scene(self.app, path)
        if isinstance(scene, str):
            self.message = scene
            self.rebuild()
            return None
        return scene


def resume_scene(app: App, path: Path) -> Scene | str:
    """The scene a campaign save resumes on (the game in progress, or the campaign
    screen), or the one-line reason it cannot be resumed."""
    try:
        run, game = load_campaign_save(path, _rules())
    except DragonNoirError as exc:
        return _("Cannot resume the campaign: {why}").format(why=" ".join(str(exc).split()))
    session = CampaignSession(app, run, path)
    if game is None:
        return CampaignScene(app, session)
    if game.over:  # the players looked at the map after the end and left
        return session.finish(game)
    return session.play(game)
