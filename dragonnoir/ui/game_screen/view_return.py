"""Solo: after the AI's turn, the view comes back to where the person's action is
(issue 45, section 5). Following the AI's moves turns the map to them; when his turn
comes back, he finds the view he left at the end of his own, or, if none of his
characters is in it any more (a retreat, a Gharv), the view framed on them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.state import Side

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene


class ViewReturn:
    """Where the person was looking when his turn ended, and whether it is due back."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        #: Whose phase it was at the last look (the Gharvs' interphases do not count).
        self._side: Side | None = scene.game.phase.side
        self._left: tuple[float, float, float] | None = None
        #: His turn has come back: the view returns once the AI's last move is shown.
        self.due = False

    def note(self) -> None:
        """After every change: his turn ended (keep the camera) or came back (due)."""
        scene = self.scene
        side = scene.game.phase.side
        if scene.human is None or side not in (Side.ADVENTURERS, Side.KROBS):
            return
        if side is self._side:
            return
        cam = scene.map.camera
        if self._side is scene.human:
            self._left = (cam.x, cam.y, cam.zoom)
        elif side is scene.human:
            self.due = True
        self._side = side

    def update(self) -> None:
        """Once a frame: bring the view back when it is due and nothing is being shown."""
        scene = self.scene
        if self.due and scene.interphase.current is None and not scene.ai_turn():
            self.come_back()

    def come_back(self) -> None:
        """The view he left, or framed on his characters when none is in it."""
        self.due = False
        scene = self.scene
        cam = scene.map.camera
        if self._left is not None:
            cam.x, cam.y, cam.zoom = self._left
            cam.clamp()
        grid = scene.map.view.grid
        mine = [
            grid.hex_centre(u.hex)
            for u in scene.game.state.units.values()
            if u.side is scene.human and u.alive and u.hex is not None
        ]
        if mine and not any(cam.shows(x, y, inset=40) for x, y in mine):
            cam.frame(mine, highest=cam.zoom)
