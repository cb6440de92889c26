"""The client's screens composed in one place, and the client's entry points.

`StandardScreens` is the table every scene opens other screens through
(`ui/navigation.py` says why). It imports each screen's module when that screen is
first opened: the main menu's first frame loads no rules engine and no map reader
(tests/test_lazy_imports.py), which is what start-up time asks. Nothing below this
module imports it, so those imports close no cycle (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dragonnoir.ui.app import App, Scene
from dragonnoir.ui.settings import Settings

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game
    from dragonnoir.pbem.session import Session
    from dragonnoir.ui.game_scene import GameScene


class StandardScreens:
    """The screens of the game as shipped."""

    def main_menu(self, app: App) -> Scene:
        from dragonnoir.ui.scenes import MainMenu

        return MainMenu(app)

    def new_game(self, app: App, folder: Path | None = None, seed: int | None = None) -> Scene:
        from dragonnoir.ui.scenes import ScenarioPicker

        return ScenarioPicker(app, folder=folder, seed=seed)

    def load(self, app: App) -> Scene:
        from dragonnoir.ui.scenes import LoadScene

        return LoadScene(app)

    def game(self, app: App, game: Game, **options: Any) -> GameScene:
        from dragonnoir.ui.game_scene import GameScene

        return GameScene(app, game, **options)

    def watch_replay(self, app: App) -> Scene:
        from dragonnoir.ui.watch_picker import WatchPicker

        return WatchPicker(app)

    def campaign_menu(self, app: App) -> Scene:
        from dragonnoir.ui.campaign_scene import CampaignMenu

        return CampaignMenu(app)

    def editor(self, app: App, path: Path | None = None) -> Scene:
        from dragonnoir.ui.editor_scene import EditorScene

        return EditorScene(app, path)

    def pbem_menu(self, app: App, file: Path | None = None) -> Scene:
        from dragonnoir.ui.pbem_menu import PbemMenu

        return PbemMenu(app, file)

    def pbem_game(self, app: App, session: Session) -> Scene:
        from dragonnoir.ui.pbem_game import PbemGameScene

        return PbemGameScene(app, session)


def open_app(
    first: Callable[[App], Scene] | None = None, *, settings: Settings | None = None
) -> App:
    """The client's window on `first` (the main menu when None), with the standard
    screens."""
    return App(first, screens=StandardScreens(), settings=settings)


def run_app(first: Callable[[App], Scene] | None = None) -> int:
    """Open the client (the main menu, or `first`) and run until the player quits."""
    return open_app(first).run()
