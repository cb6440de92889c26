"""Draw docs/screenshots/campaign*.png headless: the campaign screen of La Descente as it
opens, after a won first scenario (Shaman a level 2 wizard, a band heard), the Krob
player's view, and the list of campaigns. A throw-away DRAGONNOIR_HOME keeps the
player's files out of it. Usage:
SDL_VIDEODRIVER=dummy .venv/bin/python tools/campaign_screenshots.py [OUTPUT_DIR]"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["DRAGONNOIR_HOME"] = tempfile.mkdtemp(prefix="dn-shots-")

import pygame

from dragonnoir.campaign import load_campaign
from dragonnoir.engine.state import Side, Status
from dragonnoir.resources import find
from dragonnoir.ui.app import App
from dragonnoir.ui.campaign_scene import CampaignMenu, CampaignScene, CampaignSession
from dragonnoir.ui.screens import open_app
from dragonnoir.ui.settings import Settings


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    campaign = load_campaign(find("campaigns", "la-descente"))
    holder: dict[str, CampaignSession] = {}

    def first(app: App) -> CampaignScene:
        holder["s"] = CampaignSession.new(app, campaign, seed=3)
        return CampaignScene(app, holder["s"])

    app = open_app(first, settings=Settings(window_width=1280, window_height=800))
    session = holder["s"]
    for _ in range(3):
        app.step(0.05)
    pygame.image.save(app.screen, str(out / "campaign.png"))
    game = session.run.new_game()
    game.state.units["rebel_crossbowman_1"].status = Status.KILLED
    knight = game.state.units["rebel_knight_1"]
    knight.status, knight.wounds = Status.WOUNDED, 1
    game.state.wizards["shaman"].energy = 40
    game.state.scratch["game_over"] = True
    game.state.winner = Side.ADVENTURERS
    game.state.scratch["result"] = {"winner": "adventurers", "reason": "the pit is cleared"}
    app.go(session.finish(game))
    for _ in range(3):
        app.step(0.05)
    pygame.image.save(app.screen, str(out / "campaign-after-the-pit.png"))
    scene = app.scene
    assert isinstance(scene, CampaignScene)
    scene.krob_view = True
    scene.rebuild()
    for _ in range(3):
        app.step(0.05)
    pygame.image.save(app.screen, str(out / "campaign-krob-view.png"))
    app.go(CampaignMenu(app))
    for _ in range(3):
        app.step(0.05)
    pygame.image.save(app.screen, str(out / "campaign-menu.png"))
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
