"""The player's language: every word the program says goes through here (issue 41).

Dragon Noir 2 is a French game; the program speaks English and French. Messages are
written in English in the code and marked for translation; the standard library's
`gettext` finds them in the catalog of the language in use
(`dragonnoir/locale/<code>/LC_MESSAGES/dragonnoir.mo`, compiled from the `.po` beside it
with Babel: docs/translating.md). A message without a translation is said in English.

The language is chosen, first found wins: the command line (`--lang fr`), the
environment (`DRAGONNOIR_LANG`), the player's setting, the system's language; English
where none of them names a language we have. `set_language` switches at once: the
functions below ask the current catalog at each call, so a message built after the
switch is in the new language (nothing is translated at import time: module-level texts
are marked with `N_` and translated where they are shown).

`qps` is a pseudo-language for tests and screenshots: every message accented and
lengthened by 40%, so a text left in English, a letter a font cannot draw or a label too
small for a French text shows at once.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

DOMAIN = "dragonnoir"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The environment variable that chooses the language (over the player's setting).
LANG_ENV = "DRAGONNOIR_LANG"
#: The language the messages are written in.
SOURCE = "en"
#: The pseudo-language of tests and screenshots (see `PseudoTranslations`).
PSEUDO = "qps"
#: The languages a player may choose, by their own names.
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}


class Catalog(Protocol):
    """What the program asks of a language's catalog (gettext's translations)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


#: The catalog in use; None until the first message is said, when the language is chosen
#: (`current`): a command that says nothing (`dragonnoir render` of a good map) never
#: loads gettext, and its start-up stays as quick as Tiled's (issue 16).
_translations: Catalog | None = None
_language = SOURCE


def available() -> list[str]:
    """The languages the program can speak: English, and each one with a catalog."""
    found = {SOURCE}
    if LOCALE_DIR.is_dir():
        found |= {
            d.name for d in LOCALE_DIR.iterdir() if (d / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
        }
    return sorted(found, key=lambda code: (code != SOURCE, code))


def system_language() -> str | None:
    """The system's language as a two-letter code ("fr" for fr_CA.UTF-8), if it says one."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "").split(":")[0]
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return value[:2].lower()
    import locale  # here: only when the environment does not say (start-up time)

    try:
        code = locale.getlocale()[0]
    except ValueError:
        code = None
    return code[:2].lower() if code else None


def prefer(explicit: str | None) -> None:
    """The language the command line asks for (`--lang`), to be chosen over the others
    when the first message is said; None leaves the choice to the rest."""
    global _explicit, _translations
    _explicit = explicit
    _translations = None  # chosen again, with it, on the next message


_explicit: str | None = None


def choose(explicit: str | None = None, setting: str | None = None) -> str:
    """The language to speak: `explicit` (the command line), then DRAGONNOIR_LANG, then
    `setting` (the player's), then the system's; the first we can speak, else English."""
    speakable = {*available(), PSEUDO}
    explicit = explicit or _explicit
    for wanted in (explicit, os.environ.get(LANG_ENV), setting, system_language()):
        code = (wanted or "").strip().lower().replace("-", "_")
        if code in speakable:
            return code
        if code[:2] in speakable:
            return code[:2]
    return SOURCE


def translations(code: str) -> Catalog:
    """The catalog of `code` (nothing translated for English or a language we do not
    have), loaded once."""
    found = _CATALOGS.get(code)
    if found is None:
        import gettext  # here, not at the top: see `_translations`

        if code == PSEUDO:
            found = PseudoTranslations()
        elif code != SOURCE and code in available():
            found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
        else:
            found = gettext.NullTranslations()
        _CATALOGS[code] = found
    return found


_CATALOGS: dict[str, Catalog] = {}


def set_language(code: str) -> str:
    """Speak `code` from now on (English for a language without a catalog); returns the
    language now in use."""
    global _translations, _language
    speakable = code == PSEUDO or code in available()
    _language = code if speakable else SOURCE
    _translations = translations(_language)
    return _language


def current() -> Catalog:
    """The catalog of the language in use (chosen by `choose` on first use, unless
    `set_language` chose it before)."""
    if _translations is None:
        set_language(choose())
    assert _translations is not None
    return _translations


def language() -> str:
    """The language in use (chosen now if nothing was said yet)."""
    current()
    return _language


def _(message: str) -> str:
    """`message` in the player's language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for `n` in the player's language ("1 hex", "4 hexes")."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the player's language, where the same English word has two meanings
    (`context` tells them apart: "Fire" the phase and "Fire" the button)."""
    return current().pgettext(context, message)


def N_(message: str) -> str:
    """Marks a message for translation without translating it (a module-level text that is
    translated where it is shown, in the language of that moment)."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks a message and its context (as `pgettext` takes them) for translation without
    translating it."""
    return message


# -- the pseudo-language ------------------------------------------------------------------

#: Each plain letter and an accented one the fonts we use can draw (Latin-1 and Latin
#: Extended-A: every letter French needs).
_ACCENTED = str.maketrans(
    "aceinouyAEIOUCNY",
    "àçéîñôûÿÀÉÎÔÛÇÑŸ",
)


def pseudo(message: str) -> str:
    """`message` accented and 40% longer, its `{fields}` and `%s` left as they are:
    "[Wàrrîôr îs kñôçkéd ôût ~~~~~~~]"."""
    out: list[str] = []
    depth = 0
    i = 0
    while i < len(message):
        ch = message[i]
        if ch == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif ch == "%" and i + 1 < len(message) and not depth:  # %s, %d, %(name)s, %%
            end = i + 1
            if message[end] == "(":
                end = message.find(")", end) + 1 or len(message)
            out.append(message[i : end + 1])
            i = end + 1
            continue
        out.append(ch if depth else ch.translate(_ACCENTED))
        i += 1
    text = "".join(out)
    visible = sum(1 for c in text if not c.isspace())
    return f"[{text} {'~' * max(1, (visible * 2) // 5)}]"


class PseudoTranslations:
    """Every message in the pseudo-language (`pseudo`): tests and screenshots see at once
    a text left untranslated (it stays plain English) or cut off (its end is lost)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
