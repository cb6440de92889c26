"""What every screen does with its buttons' state."""

from __future__ import annotations

from pygame_gui.elements import UIButton


def set_enabled(button: object, on: bool) -> None:
    """Enable or disable `button`; nothing when it is not a button (a screen's widget
    not built yet) or is already so (pygame_gui redraws a button it enables again)."""
    if not isinstance(button, UIButton) or button.is_enabled == on:
        return
    if on:
        button.enable()  # type: ignore[no-untyped-call]
    else:
        button.disable()  # type: ignore[no-untyped-call]
