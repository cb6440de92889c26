"""The numbers before a player commits, laid out: verdict first, then a small table, then
the chances as bars.

`card_for(preview, names)` turns a controller `Preview` (ui/controller_views.py: every number
is the engine's) into a `Card` of plain strings — what tests read — and `draw_card`
paints it for the side panel:

1. the title ("Offensive fire at Warrior 3");
2. the verdict in one line: "Allowed" in green, or the refusal and its rule in red;
3. rows of (label, value): range, cover and why, die modifiers; or attack, defence,
   odds, each column shift, the column read, die modifiers;
4. the chance of each result as a bar — only for an allowed action: a refused shot or
   attack shows no chances (and the screen disables Confirm).

Characters are named and reasons said by `ui.names.Names` (the game's narrator, never an
id); every word is in the player's language (`dragonnoir.i18n`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from dragonnoir.i18n import N_, _, ngettext, pgettext
from dragonnoir.narration.phrase import Phrase, english
from dragonnoir.render.fonts import ui_font
from dragonnoir.ui.controller_views import (
    AttackPreview,
    MovePreview,
    Preview,
    ShotPreview,
    SpellPreview,
    WebPreview,
)
from dragonnoir.ui.names import Names
from dragonnoir.ui.text_wrap import wrap_text
from dragonnoir.ui.words import cover_words

TITLE_INK = (232, 195, 106)
TEXT_INK = (230, 220, 198)
LABEL_INK = (176, 160, 134)
RULE_INK = (150, 136, 112)
OK_INK = (140, 214, 120)
REFUSED_INK = (255, 118, 86)
BAR_BACK = (58, 48, 38)
#: Bar colour per kind of result (by its name's first word), else the default.
BAR_COLOURS = {
    "killed": (200, 64, 52),
    "wounded": (220, 130, 60),
    "knocked": (220, 190, 80),
    "retreat": (150, 170, 220),
    "no": (110, 104, 96),
}
BAR_DEFAULT = (150, 190, 110)


@dataclass(frozen=True, slots=True)
class Card:
    """A preview as text: `legal` and `verdict` (+ `rule`) first, then `rows`, then
    `chances` ((label, probability) each; empty for a refused action)."""

    title: str
    legal: bool
    verdict: str
    rule: str = ""
    rows: tuple[tuple[str, str], ...] = ()
    chances: tuple[tuple[str, float], ...] = ()
    chances_title: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: The colour of each chance's bar (by the result's English name: `_bar_colour`).
    inks: tuple[tuple[int, int, int], ...] = ()

    def lines(self) -> list[str]:
        """The card as plain lines (tests, logs)."""
        verdict = self.verdict + (f" [{self.rule}]" if self.rule else "")
        out = [self.title, verdict]
        out.extend(f"{k}: {v}" if k else v for k, v in self.rows)
        if self.chances_title and self.chances:
            out.append(self.chances_title)
        out.extend(f"{label} {p:.0%}" for label, p in self.chances)
        out.extend(self.notes)
        return out


def _verdict(
    legal: bool, reason: Phrase | str, rule: str, names: Names, ok: str
) -> tuple[str, str]:
    if legal:
        return ok, ""
    return _("Not allowed: {reason}").format(reason=names.say(reason)), names.rule(rule)


def _chances(
    probabilities: dict[str, float], result_names: dict[str, str], names: Names
) -> tuple[tuple[str, float], ...]:
    """Each result's label ("A killed") and its chance; the result's name as the rules
    data has it, in the player's language."""
    out = []
    for code, p in probabilities.items():
        name = result_names.get(code)
        if code == "-":
            label = names.data(name) if name else _("no effect")
        else:
            label = f"{code} {names.data(name) if name else code}"
        out.append((label, p))
    return tuple(out)


def _inks(
    probabilities: dict[str, float], result_names: dict[str, str]
) -> tuple[tuple[int, int, int], ...]:
    """The bar colour of each result, by its English name (the same in every language)."""
    return tuple(
        _bar_colour(f"{code} {result_names.get(code, 'no effect' if code == '-' else code)}")
        for code in probabilities
    )


def card_for(preview: Preview, names: Names) -> Card:
    """The card of any controller preview."""
    if isinstance(preview, ShotPreview):
        return _shot_card(preview, names)
    if isinstance(preview, AttackPreview):
        return _attack_card(preview, names)
    if isinstance(preview, WebPreview):
        verdict, rule = _verdict(preview.legal, preview.reason, preview.rule, names, _("Allowed"))
        return Card(
            _("{unit} destroys the web at {cell}").format(
                unit=names.full(preview.unit), cell=names.where(preview.at)
            ),
            preview.legal,
            verdict,
            rule,
            (
                (
                    pgettext("card", "cost"),
                    _("{cost} MP of {budget} left").format(
                        cost=preview.cost, budget=preview.budget
                    ),
                ),
            ),
        )
    if isinstance(preview, SpellPreview):
        return _spell_card(preview, names)
    return _move_card(preview, names)


def _spell_card(p: SpellPreview, names: Names) -> Card:
    """A spell before it is cast: the verdict, cost and energy, what the die must beat,
    the level's bonus and any penalty beyond the range, then the chance of success."""
    title = _("{spell} by {wizard}").format(spell=names.data(p.name), wizard=names.full(p.wizard))
    verdict, rule = _verdict(p.legal, p.reason, p.rule, names, _("Allowed"))
    rows: list[tuple[str, str]] = [
        (
            pgettext("card", "energy"),
            _("{cost} EP of {energy} left").format(cost=p.cost, energy=p.energy),
        )
    ]
    if p.legal:
        rows.append((pgettext("card", "success"), _("the die must beat {n}").format(n=p.needs)))
        rows.append((pgettext("card", "level"), _("+{n} to the die").format(n=p.level)))
        if p.penalty:
            rows.append(
                (
                    pgettext("card", "range"),
                    _("{distance} hexes, {reach} in range: -{penalty}").format(
                        distance=p.distance, reach=p.reach, penalty=p.penalty
                    ),
                )
            )
        else:
            rows.append(
                (
                    pgettext("card", "range"),
                    _("{distance} of {reach} hexes").format(distance=p.distance, reach=p.reach),
                )
            )
    if p.text:
        rows.append(("", names.say(p.text)))
    chances = ((_("succeeds"), p.chance), (_("fails"), 1 - p.chance)) if p.legal else ()
    return Card(
        title, p.legal, verdict, rule, tuple(rows), chances, names.rule("Resolution of a Spell")
    )


#: The title of a move's card by its kind.
MOVE_VERBS = {
    "move": N_("Move"),
    "jump": N_("Jump"),
    "advance": N_("Advance"),
    "retreat": N_("Retreat"),
    "row": N_("Row the boat"),
    "fly": N_("Fly"),
}


def _move_card(p: MovePreview, names: Names) -> Card:
    verb = _(MOVE_VERBS[p.kind]) if p.kind in MOVE_VERBS else p.kind
    title = _("{verb}: {unit} to {cell}").format(
        verb=verb, unit=names.full(p.unit), cell=names.where(p.to)
    )
    verdict, rule = _verdict(p.legal, p.reason, p.rule, names, _("Allowed"))
    rows: list[tuple[str, str]] = []
    if p.kind == "fly":
        flown = ngettext(
            "{n} hex of 5, over level-1 obstacles", "{n} hexes of 5, over level-1 obstacles", p.cost
        )
        rows.append((pgettext("card", "flight"), flown.format(n=p.cost)))
        return Card(title, p.legal, verdict, rule, tuple(rows))
    if p.kind == "row":
        rowed = ngettext(
            "{n} hex rowed (a turn over 60° counts one)",
            "{n} hexes rowed (a turn over 60° counts one)",
            p.cost,
        )
        rows.append((pgettext("card", "boat"), rowed.format(n=p.cost)))
        return Card(title, p.legal, verdict, rule, tuple(rows))
    if p.kind != "retreat":
        rows.append((pgettext("card", "cost"), _("{n} MP").format(n=p.cost)))
    if p.path:
        rows.append((pgettext("card", "hexes"), str(len(p.path))))
    if p.rolls:
        rolls = ngettext("{n} roll", "{n} rolls", p.rolls).format(n=p.rolls)
        rows.append((pgettext("card", "infiltration"), rolls))
    if p.direction:
        rows.append(
            (
                pgettext("card", "jump"),
                _("{direction}: the Jump Table is rolled").format(direction=p.direction),
            )
        )
    return Card(title, p.legal, verdict, rule, tuple(rows))


#: The kinds of fire, as a shot's card names them.
FIRE_MODES = {
    "offensive": N_("Offensive fire at {target}"),
    "defensive": N_("Defensive fire at {target}"),
}


def _shot_card(p: ShotPreview, names: Names) -> Card:
    target = names.full(p.target)
    if p.mode in FIRE_MODES:
        title = _(FIRE_MODES[p.mode]).format(target=target)
    else:
        title = _("{mode} fire at {target}").format(mode=p.mode.capitalize(), target=target)
    n = len(p.shots)
    allowed = ngettext("Allowed: one shot, one die", "Allowed: {n} shots, one die each", n)
    verdict, rule = _verdict(p.legal, p.reason, p.rule, names, allowed.format(n=n))
    rows: list[tuple[str, str]] = []
    chances: tuple[tuple[str, float], ...] = ()
    inks: tuple[tuple[int, int, int], ...] = ()
    shooter = pgettext("card", "shooter")
    for shot in p.shots:
        who = names.full(shot.shooter)
        if not shot.weapon:  # the engine could not even look at this shot
            if not p.legal and shot.reason == p.reason:
                rows.append((shooter, who))
            else:
                rows.append((who, _("cannot fire: {reason}").format(reason=names.say(shot.reason))))
            continue
        rows.append((shooter, f"{who} ({names.weapon(shot.weapon)})"))
        far = ngettext("{n} hex", "{n} hexes", shot.range).format(n=shot.range)
        rows.append((pgettext("card", "range"), far))
        rows.append((pgettext("card", "cover"), cover_words(shot.cover)))
        rows.extend(
            ("", f"  {names.say(reason)}")
            for reason, _rule in shot.cover_why
            if english(reason) not in english(shot.reason)  # the refusal, said once in the verdict
        )
        rows.extend(
            (pgettext("card", "die"), f"{value:+d} {names.say(reason)}")
            for value, reason, _rule in shot.modifiers
        )
        if not shot.legal and p.legal:
            refused = _("this shot is refused: {reason}").format(reason=names.say(shot.reason))
            rows.append(("", refused))
    chances_title = ""
    if p.legal:
        legal_shots = [s for s in p.shots if s.legal and s.probabilities]
        if legal_shots:
            first = legal_shots[0]
            chances = _chances(first.probabilities, first.result_names, names)
            inks = _inks(first.probabilities, first.result_names)
            same = all(s.probabilities == first.probabilities for s in legal_shots)
            chances_title = _("chances per shot") if n > 1 and same else _("chances")
            if not same:  # different shooters, different odds: each his own bars
                chances = tuple(
                    (f"{names.short(s.shooter)}: {label}", prob)
                    for s in legal_shots
                    for label, prob in _chances(s.probabilities, s.result_names, names)
                )
                inks = tuple(
                    ink for s in legal_shots for ink in _inks(s.probabilities, s.result_names)
                )
    return Card(title, p.legal, verdict, rule, tuple(rows), chances, chances_title, inks=inks)


def _attack_card(p: AttackPreview, names: Names) -> Card:
    attack = ngettext(
        "{attackers} attacks {defenders}", "{attackers} attack {defenders}", len(p.attackers)
    )
    title = attack.format(attackers=names.many(p.attackers), defenders=names.many(p.defenders))
    verdict, rule = _verdict(p.legal, p.reason, p.rule, names, _("Allowed"))
    rows: list[tuple[str, str]] = []
    if p.attack or p.attack_parts:
        parts = " + ".join(f"{v} {names.short(u)}" for u, v, _w in p.attack_parts)
        rows.append(
            (
                pgettext("card", "attack"),
                f"{p.attack}" + (f" = {parts}" if len(p.attack_parts) > 1 else ""),
            )
        )
    if p.defence or p.defence_parts:
        parts = " + ".join(f"{v} {names.short(u)}" for u, v, _w in p.defence_parts)
        rows.append(
            (
                pgettext("card", "defence"),
                f"{p.defence}" + (f" = {parts}" if len(p.defence_parts) > 1 else ""),
            )
        )
    if p.zone:
        zone = _("{zone} of the big Krob").format(zone=names.say(p.zone))
        rows.append((pgettext("card", "zone"), zone))
    if p.between_legs:
        rows.append(("", _("between the legs")))
    if p.odds:
        rows.append(
            (
                pgettext("card", "odds"),
                p.odds + (f" ({p.ratio})" if p.ratio and p.ratio != p.odds else ""),
            )
        )
    rows.extend(
        (
            pgettext("card", "shift"),
            _("{columns} to {column}: {reason}").format(
                columns=f"{s.columns:+d}", column=s.column_after, reason=names.say(s.reason)
            ),
        )
        for s in p.shifts
    )
    if p.column and p.shifts:
        rows.append((pgettext("card", "column"), p.column))
    rows.extend((pgettext("card", "die"), f"{v:+d} {names.say(why)}") for v, why in p.die_modifiers)
    if p.joined:
        rows.append((pgettext("card", "joins"), names.many(p.joined)))
    rows.extend(
        (pgettext("card", "reading"), f"{names.say(text)} ({names.rule(rule)})")
        for text, rule in p.notes
    )
    chances = _chances(p.probabilities, p.result_names, names) if p.legal else ()
    inks = _inks(p.probabilities, p.result_names) if p.legal else ()
    return Card(
        title,
        p.legal,
        verdict,
        rule,
        tuple(rows),
        chances,
        _("chances") if chances else "",
        inks=inks,
    )


# -- drawing -------------------------------------------------------------------------------


def _bar_colour(label: str) -> tuple[int, int, int]:
    words = label.lower().split()
    for word in words[1:] + words[:1]:
        if word in BAR_COLOURS:
            return BAR_COLOURS[word]
    return BAR_DEFAULT


def draw_card(card: Card, size: tuple[int, int]) -> pygame.Surface:
    """The card painted `size[0]` wide, all of it: as tall as its lines need, and at
    least `size[1]` (the side panel's box, which scrolls when the card is taller).
    Nothing is cut: every row, every wrapped line and every chance is drawn."""
    w, least = size
    tall = pygame.Surface((w, 4000))
    used = _paint(card, tall)
    surf = pygame.Surface((w, max(least, used)))
    surf.blit(tall, (0, 0))
    pygame.draw.rect(surf, (70, 58, 44), surf.get_rect(), 1)
    return surf


def _paint(card: Card, surf: pygame.Surface) -> int:
    """Paint the card from the top of `surf`; returns the height used."""
    w = surf.get_width()
    surf.fill((23, 19, 15))
    pad = 10
    inner = w - 2 * pad
    title_font = ui_font(15, bold=True)
    font = ui_font(14)
    bold = ui_font(14, bold=True)
    small = ui_font(12)
    y = 8
    for line in wrap_text(card.title, title_font, inner):
        surf.blit(title_font.render(line, True, TITLE_INK), (pad, y))
        y += title_font.get_linesize()
    y += 2
    ink = OK_INK if card.legal else REFUSED_INK
    for line in wrap_text(card.verdict, bold, inner):
        surf.blit(bold.render(line, True, ink), (pad, y))
        y += font.get_linesize()
    if card.rule:
        for line in wrap_text(f"[{card.rule}]", small, inner):
            surf.blit(small.render(line, True, RULE_INK), (pad, y))
            y += small.get_linesize()
    y += 4
    label_w = min(max((small.size(k)[0] for k, _v in card.rows), default=0) + 10, inner // 3)
    for label, value in card.rows:
        if label:
            surf.blit(small.render(label, True, LABEL_INK), (pad, y + 2))
        for line in wrap_text(value, font, inner - label_w):
            surf.blit(font.render(line, True, TEXT_INK), (pad + label_w, y))
            y += font.get_linesize() - 2
    if card.chances:
        y += 6
        if card.chances_title:
            surf.blit(small.render(card.chances_title, True, LABEL_INK), (pad, y))
            y += small.get_linesize()
        y = _paint_chances(card, surf, y, pad, inner, font)
    for note in card.notes:
        for line in wrap_text(note, small, inner):
            surf.blit(small.render(line, True, LABEL_INK), (pad, y))
            y += small.get_linesize()
    return y + 8


def _paint_chances(
    card: Card, surf: pygame.Surface, y: int, pad: int, inner: int, font: pygame.font.Font
) -> int:
    """Each result's label (wrapped when long) and its bar; returns the next y."""
    pct_w = font.size("100%")[0] + 8
    label_w = min(max(font.size(label)[0] for label, _p in card.chances) + 10, inner - 110)
    bar_x = pad + label_w
    bar_w = inner - label_w - pct_w
    row_h = font.get_linesize()
    for i, (label, p) in enumerate(card.chances):
        lines = wrap_text(label, font, label_w - 6)
        for j, line in enumerate(lines):
            surf.blit(font.render(line, True, TEXT_INK), (pad, y + j * (row_h - 2)))
        bar = pygame.Rect(bar_x, y + 4, bar_w, row_h - 8)
        pygame.draw.rect(surf, BAR_BACK, bar)
        filled = bar.copy()
        filled.w = round(bar_w * max(0.0, min(1.0, p)))
        ink = card.inks[i] if i < len(card.inks) else _bar_colour(label)
        pygame.draw.rect(surf, ink, filled)
        surf.blit(font.render(f"{p:.0%}", True, TEXT_INK), (bar.right + 6, y))
        y += max(row_h, len(lines) * (row_h - 2) + 2)
    return y
