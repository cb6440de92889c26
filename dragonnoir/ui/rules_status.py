"""What the screens say of the rules data in use (rules_folder.py): the main menu's
line, and the reason a screen cannot open a game when the player's own rules files
cannot be used. Below the screens that ask it (the menus, the campaign)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir import rules_folder
from dragonnoir.i18n import _

if TYPE_CHECKING:
    from dragonnoir.engine.tables import RulesData


def rules_status(check: bool = True) -> tuple[str, str]:
    """The main menu's line on the rules data in use (rules_folder.py), and why play is
    off ("" when it is not): a file of the player's that cannot be used. The rules are
    read only when the player has files of their own and `check` is true."""
    choice = rules_folder.look()
    line = _("Rules data: {summary}. Your own rules files go in {folder}").format(
        summary=rules_folder.summary(choice, where=False), folder=choice.folder
    )
    if not (choice.own and check):
        return line, ""
    try:
        rules_folder.rules_in_use()
    except rules_folder.RulesFolderError as exc:
        off = _("New game, Load and Continue are off: your rules data cannot be used. {why}")
        return line, off.format(why=" ".join(str(exc).split()))
    return line, ""


def rules_or_reason() -> tuple[RulesData | None, str]:
    """The rules data in use, or None and why not (a scene opened past the main menu's
    refusal, or a file that broke since, shows the reason instead of its list)."""
    try:
        return rules_folder.rules_in_use(), ""
    except rules_folder.RulesFolderError as exc:
        return None, _("Your rules data cannot be used: {why}").format(why=exc)
