"""The screens a scene may open, as a table the client is given (issue 43 §1).

Scenes open one another: the main menu a game, a game the Load list, the end screen a
new game, the editor its test game. If each imported the others, the client's screens
would form one import cycle and none could be read or tested alone. Instead a scene asks
`app.screens` for the screen it wants, and the table is composed in one place above them
all (`ui/screens.py`), as the engine's rules are composed in `engine/standard_rules.py`.
Tests may give an App a table of their own.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game
    from dragonnoir.pbem.session import Session
    from dragonnoir.ui.app import App, Scene
    from dragonnoir.ui.game_scene import GameScene


class Screens(Protocol):
    """Each method makes one screen for `app` (it is not shown until returned as a
    scene's result or pushed)."""

    def main_menu(self, app: App) -> Scene: ...

    def new_game(self, app: App, folder: Path | None = None, seed: int | None = None) -> Scene:
        """The scenario picker (`folder`: where its scenarios are; `seed`: the dice's)."""
        ...

    def load(self, app: App) -> Scene:
        """The list of saved games."""
        ...

    def game(self, app: App, game: Game, **options: Any) -> GameScene:
        """The game screen on `game` (options as `GameScene` takes them)."""
        ...

    def watch_replay(self, app: App) -> Scene:
        """The list of saves to watch in the replay viewer."""
        ...

    def campaign_menu(self, app: App) -> Scene: ...

    def editor(self, app: App, path: Path | None = None) -> Scene:
        """The map editor, on the board, layout or scenario at `path` if given."""
        ...

    def pbem_menu(self, app: App, file: Path | None = None) -> Scene:
        """*Play by e-mail*: start a game, open a received turn file (`file`: at once)."""
        ...

    def pbem_game(self, app: App, session: Session) -> Scene:
        """The game screen on a received turn file (ui/pbem_game.py)."""
        ...
