"""We Will Wok You on one screen: the market with its live prices, the Wok cards on
offer, each seat's front area, the viewer's own hand, and the scored end per Wok.

Choosing: every legal action has a target drawn on screen (a coin line, a row, the
"Take a Wok card" button, a card kind in the hand, a Wok card on offer, Cancel,
Pass). Arrows move a highlight over the targets, confirm acts; a tap acts on the
target under it. Tapping a Wok card on offer starts taking it: lay the cards, and
the card is taken as soon as four symbols show.
"""
from __future__ import annotations

import math

import pygame

from game.app.table import TableScene
from game.app.ui import ACCENT, DIM, GREEN, INK, MUTED, PANEL, PANEL_HI, RED
from game.i18n import N_, _

from . import symbols
from .data import content
from .rules import ROW_LINE

INGREDIENT_LOOK = {  # colour, two-letter tag, short name
    "tuna": ((86, 128, 170), "Tu", N_("Tuna")),
    "broccoli": ((70, 150, 70), "Br", N_("Broccoli")),
    "carrot": ((228, 122, 40), "Ca", N_("Carrot")),
    "chicken": ((206, 170, 60), "Ch", N_("Chicken")),
    "prawn": ((214, 96, 120), "Pr", N_("Prawn")),
    "octopus": ((140, 90, 180), "Oc", N_("Octopus")),
}
WOK_KIND = {
    "independent": N_("Lidded wok"), "group": N_("Group wok"), "hard": N_("Hard wok"),
    "experimental": N_("Experimental"), "alternative": N_("Alternative"), "free": N_("Free wok"),
    "concert": N_("Concert"), "double_man": N_("Double man"),
    "mighty_man": N_("All-powerful"), "changing_man": N_("Changing man"),
}
BLUE = (70, 120, 220)
WOK_RED = (200, 60, 50)
ROW_NAMES = "ABCD"
END_HOLD = 20.0  # seconds the scored placement stays up unless a player moves on
CARD_W, CARD_H = 150, 104  # an ingredient card, design units
OFFER_X, OFFER_Y, OFFER_W, OFFER_H = 1000, 66, 300, 92
HAND_Y = 660


def wok_lines(wok: dict) -> tuple[str, str, str]:
    """What a Wok card says: its kind, what it takes, and its points."""
    kind = wok["kind"]
    points = "" if wok["points"] is None else f"{wok['points']}"
    tag = lambda ing: INGREDIENT_LOOK[ing][1]  # noqa: E731
    if kind == "group":
        detail = " ".join(f"{n}{tag(i)}" for i, n in wok["recipe"].items())
    elif kind == "hard":
        detail = _("each {k} alike").format(k=wok["series"])
    elif kind == "concert":
        detail = "  ".join(f"{s['count']}{tag(s['ingredient'])}x{s['points']}" for s in wok["slots"])
    else:
        detail = _({
            "independent": N_("no ingredients"), "experimental": N_("per card"), "alternative": N_("per hand card"),
            "free": N_("per blank card"), "double_man": N_("swaps a concert"), "mighty_man": N_("any red card"),
            "changing_man": N_("new ingredient"),
        }[kind])
    return _(WOK_KIND[kind]), detail, points


def describe(event: dict, name: str) -> str:
    """One line for what a seat did last."""
    kind = event["type"]
    if kind == "coin":
        return _("{name} took a coin from line {n}").format(name=name, n=event["line"] + 1)
    if kind == "buy":
        tags = " ".join(INGREDIENT_LOOK[content().cards[c].ingredient][1] for c in event["cards"])
        return _("{name} bought row {row} for {price}: {cards}").format(
            name=name, row=ROW_NAMES[event["row"]], price=event["price"], cards=tags)
    if kind == "wok":
        return _("{name} took a {wok}, laying {n} cards").format(
            name=name, wok=wok_lines(content().woks[event["wok"]])[0], n=len(event["cards"]))
    return _("{name} passed").format(name=name)


class WokScene(TableScene):
    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.focus = 0
        self.want_wok: int | None = None  # the Wok card tapped before laying
        self.targets: list[tuple[pygame.Rect, dict]] = []  # drawn this frame: where each action is
        self.end_since: float | None = None
        self.end_read = False  # a player has looked at the placement and moved on

    # ---- input -----------------------------------------------------------------
    def _my_turn(self) -> int | None:
        seat = self.viewer
        return seat if seat is not None and seat in self.state.actors() else None

    def update(self, dt: float) -> None:
        # Hold the scored placement so players can check it, card by card.
        if self.state.is_over() and self.over_since is not None and not self.end_read:
            self.end_read = self.clock - self.end_since >= END_HOLD
            self.over_since = self.clock
        super().update(dt)
        if self.state.is_over() and self.end_since is None:
            self.end_since = self.clock

    def table_event(self, ev) -> bool:
        if not ev.pressed:
            return False
        if self.state.is_over() and ev.control in ("confirm", "point"):
            self.end_read = True
            return True
        seat = self.acting_seat(ev)
        if seat is None or seat not in self.state.actors() or self.session.seats[seat].is_bot:
            return False
        if ev.control == "back" and self.state.pending is not None:
            self.want_wok = None
            return self.submit(seat, {"type": "cancel"})
        if ev.control in ("left", "up", "right", "down") and self.targets:
            step = -1 if ev.control in ("left", "up") else 1
            self.focus = (self.focus + step) % len(self.targets)
            return True
        if ev.control == "confirm" and self.targets:
            return self._act(seat, self.targets[self.focus % len(self.targets)][1])
        if ev.control == "point" and ev.pos is not None:
            for rect, action in self.targets:
                if rect.collidepoint(ev.pos):
                    return self._act(seat, action)
            return self._tap_offer(seat, ev.pos)
        return False

    def _tap_offer(self, seat: int, pos) -> bool:
        """A tap on a Wok card on offer starts taking that card."""
        if {"type": "take_wok"} not in self.state.legal_actions(seat):
            return False
        for i, wok in enumerate(self.state.offer):
            if self._offer_rect(i).collidepoint(pos):
                self.want_wok = wok
                return self.submit(seat, {"type": "take_wok"})
        return False

    def _act(self, seat: int, action: dict) -> bool:
        if action["type"] == "cancel":
            self.want_wok = None
        ok = self.submit(seat, action)
        self.focus = 0
        pending = self.state.pending
        if ok and pending and self.want_wok in self.state.offer and symbols.shown(pending["laid"]) == symbols.NEED:
            self.submit(seat, {"type": "choose", "wok": self.want_wok})
            self.want_wok = None
        return ok

    # ---- moments -----------------------------------------------------------------
    @classmethod
    def moments(cls):
        out = dict(super().moments())
        out["hand"] = lambda scene: scene._until(lambda s: scene._viewer_to_act() and len(s.hands[s.turn]) >= 5)
        out["laying"] = lambda scene: scene._start_laying()
        return out

    def _viewer_to_act(self) -> bool:
        return self.state.turn in self.session.humans() and not self.state.is_over()

    def _until(self, done, limit: int = 400) -> None:
        for _i in range(limit):
            if self.state.is_over() or done(self.state):
                break
            self.advance(1)
        self.viewer, self.curtain_for = self.state.turn, None

    def _start_laying(self) -> None:
        self._until(lambda s: self._viewer_to_act() and {"type": "take_wok"} in s.legal_actions(s.turn))
        seat = self.state.turn
        if {"type": "take_wok"} in self.state.legal_actions(seat):
            self.want_wok = self.state.offer[0]
            self.submit(seat, {"type": "take_wok"})
            lay = next(a for a in self.state.legal_actions(seat) if a["type"] == "lay")
            self.submit(seat, lay)

    # ---- drawing -----------------------------------------------------------------
    def draw_table(self, surf: pygame.Surface) -> None:
        surf.fill((34, 24, 22))
        obs = self.state.observation(self.viewer)
        self.targets = []
        seat = self._my_turn()
        human = seat is not None and not self.session.seats[seat].is_bot
        legal = self.state.legal_actions(seat) if human else []
        if obs["result"] is not None:
            self._draw_end(surf, obs)
            return
        self._draw_market(surf, obs, legal)
        self._draw_offer(surf, obs, legal)
        self._draw_hand(surf, obs, legal)
        self._draw_seats(surf, obs)
        self._draw_status(surf, obs, legal)
        if self.targets:
            rect = self.targets[self.focus % len(self.targets)][0]
            pulse = 3 + int(2 * (1 + math.sin(self.clock * 6)))
            pygame.draw.rect(surf, ACCENT, rect.inflate(self.ui.px(10), self.ui.px(10)), self.ui.px(pulse),
                             border_radius=self.ui.px(14))

    def _target(self, rect: pygame.Rect, action: dict, legal: list[dict]) -> None:
        if action in legal:
            self.targets.append((rect, action))

    def _draw_card(self, surf, card: int, x: float, y: float, count: int = 1, faded: bool = False) -> pygame.Rect:
        ui = self.ui
        c = content().cards[card]
        colour, tag, name = INGREDIENT_LOOK[c.ingredient]
        r = ui.rect(x, y, CARD_W, CARD_H)
        ui.panel(surf, r, tuple(v // 2 for v in colour) if faded else colour, 12, INK)
        ui.text(surf, _(name), (x + CARD_W / 2, y + 6), 28, INK, True, "midtop")
        for k, sym in enumerate(c.symbols):
            self._symbol(surf, sym, (x + CARD_W / 2 + (k - (len(c.symbols) - 1) / 2) * 44, y + 68), 19)
        if not c.symbols:
            ui.text(surf, "-", (x + CARD_W / 2, y + 66), 34, INK, True, "center")
        if count > 1:
            badge = ui.rect(x + CARD_W - 40, y + CARD_H - 38, 44, 44)
            pygame.draw.ellipse(surf, (30, 20, 18), badge)
            ui.text(surf, f"{count}", (x + CARD_W - 18, y + CARD_H - 16), 34, ACCENT, True, "center")
        return r

    def _symbol(self, surf, sym: str, centre, radius: float) -> None:
        ui = self.ui
        cx, cy, r = ui.px(centre[0]), ui.px(centre[1]), ui.px(radius)
        pygame.draw.circle(surf, (250, 244, 230), (cx, cy), r)
        dark = (60, 40, 30)
        if sym == "cookie":
            pygame.draw.circle(surf, (196, 140, 70), (cx, cy), int(r * 0.8))
            for dx, dy in ((-0.3, -0.2), (0.25, 0.1), (-0.05, 0.35)):
                pygame.draw.circle(surf, dark, (cx + int(dx * r), cy + int(dy * r)), max(2, r // 7))
        elif sym == "spoon":
            pygame.draw.ellipse(surf, dark, (cx - r * 0.35, cy - r * 0.8, r * 0.7, r * 0.8))
            pygame.draw.line(surf, dark, (cx, cy), (cx, cy + int(r * 0.8)), max(2, r // 5))
        elif sym == "bowl":
            pygame.draw.arc(surf, dark, (cx - r * 0.75, cy - r * 0.9, r * 1.5, r * 1.5), math.pi, 2 * math.pi,
                            max(3, r // 3))
            pygame.draw.line(surf, dark, (cx - int(r * 0.75), cy - int(r * 0.15)),
                             (cx + int(r * 0.75), cy - int(r * 0.15)), max(2, r // 5))
        elif sym == "chopsticks":
            for dx in (-0.25, 0.25):
                pygame.draw.line(surf, dark, (cx + int((dx - 0.3) * r), cy - int(0.75 * r)),
                                 (cx + int((dx + 0.2) * r), cy + int(0.75 * r)), max(2, r // 5))
        else:  # the star, the joker
            pts = [(cx + r * 0.9 * math.cos(-math.pi / 2 + k * math.pi / 5) * (1 if k % 2 == 0 else 0.45),
                    cy + r * 0.9 * math.sin(-math.pi / 2 + k * math.pi / 5) * (1 if k % 2 == 0 else 0.45))
                   for k in range(10)]
            pygame.draw.polygon(surf, (230, 180, 20), pts)

    def _draw_market(self, surf, obs: dict, legal: list[dict]) -> None:
        ui = self.ui
        ui.text(surf, _("Market"), (30, 14), 44, ACCENT, True)
        ui.text(surf, _("Deck: {n}").format(n=obs["deck_size"]), (300, 22), 34, MUTED)
        for row in range(4):
            y = 72 + row * 118 + (14 if row >= 2 else 0)
            box = ui.rect(20, y - 6, 570, CARD_H + 12)
            ui.panel(surf, box, PANEL, 14)
            ui.text(surf, ROW_NAMES[row], (46, y + 30), 44, MUTED, True)
            for k, card in enumerate(obs["rows"][row]):
                self._draw_card(surf, card, 80 + k * (CARD_W + 12), y)
            self._target(box, {"type": "buy", "row": row}, legal)
        for line in (0, 1):
            y = 72 + line * 250
            box = ui.rect(604, y - 6, 376, 2 * 118 - 12)
            ui.panel(surf, box, PANEL_HI, 14)
            rows = "/".join(ROW_NAMES[r] for r in range(4) if ROW_LINE[r] == line)
            ui.text(surf, _("Coin line {n}").format(n=line + 1), (622, y + 4), 36, INK, True)
            ui.text(surf, _("price of {rows}").format(rows=rows), (622, y + 50), 34, MUTED)
            ui.text(surf, f"{obs['lines'][line]}", (964, y + 84), 96, ACCENT, True, "topright")
            self._coins(surf, obs["lines"][line], 622, y + 104)
            ui.text(surf, _("take one: tap"), (622, y + 170), 30, MUTED)
            self._target(box, {"type": "coin", "line": line}, legal)
        ui.text(surf, _("Set aside: {n}").format(n=len(obs["aside"])), (24, 560), 34, MUTED)
        self._tags(surf, obs["aside"], 24, 604, 570)

    def _coins(self, surf, n: int, x: float, y: float) -> None:
        for k in range(min(n, 8)):
            pygame.draw.circle(surf, (236, 196, 70), self.ui.rect(x + 18 + k * 20, y + 18, 0, 0).topleft,
                               self.ui.px(15))
            pygame.draw.circle(surf, (150, 110, 30), self.ui.rect(x + 18 + k * 20, y + 18, 0, 0).topleft,
                               self.ui.px(15), max(1, self.ui.px(2)))

    def _tags(self, surf, cards: list[int], x: float, y: float, width: float) -> float:
        """Ingredient chips (count and tag) for cards everyone may see, wrapped to
        `width`; returns the height used."""
        counts: dict[str, int] = {}
        for c in cards:
            ing = content().cards[c].ingredient
            counts[ing] = counts.get(ing, 0) + 1
        left, top = x, y
        for ing, n in counts.items():
            if x + 100 > left + width:
                x, y = left, y + 50
            colour, tag, _name = INGREDIENT_LOOK[ing]
            self.ui.panel(surf, self.ui.rect(x, y, 100, 44), colour, 10)
            self.ui.text(surf, f"{n}{tag}", (x + 50, y + 22), 32, INK, True, "center")
            x += 108
        return y - top + 50 if counts else 0

    def _offer_rect(self, i: int) -> pygame.Rect:
        col, row = i % 3, i // 3
        return self.ui.rect(OFFER_X + col * (OFFER_W + 7), OFFER_Y + row * (OFFER_H + 6), OFFER_W, OFFER_H)

    def _draw_wok(self, surf, wok: int, rect: pygame.Rect, highlight: bool = False) -> None:
        w = content().woks[wok]
        blue = w["kind"] in ("double_man", "mighty_man", "changing_man")
        self.ui.panel(surf, rect, PANEL_HI if highlight else PANEL, 14, BLUE if blue else WOK_RED)
        title, detail, points = wok_lines(w)
        x, y = rect.x / self.ui.u, rect.y / self.ui.u
        self.ui.text(surf, title, (x + 12, y + 4), 34, INK, True)
        self.ui.text(surf, points, (x + OFFER_W - 12, y + 2), 40, ACCENT, True, "topright")
        self.ui.text(surf, detail, (x + 12, y + 48), 34, ACCENT)

    def _draw_offer(self, surf, obs: dict, legal: list[dict]) -> None:
        self.ui.text(surf, _("Wok cards on offer"), (OFFER_X, 14), 44, ACCENT, True)
        for i, wok in enumerate(obs["offer"]):
            rect = self._offer_rect(i)
            self._draw_wok(surf, wok, rect, wok == self.want_wok)
            self._target(rect, {"type": "choose", "wok": wok}, legal)

    def _draw_hand(self, surf, obs: dict, legal: list[dict]) -> None:
        """The viewer's hand, one card per kind of identical cards with a count."""
        ui = self.ui
        if "hand" not in obs or self.viewer is None:
            ui.text(surf, _("Hands are private: pass the screen to see yours."), (24, HAND_Y + 30), 36, MUTED)
            return
        hand, pending = obs["hand"], obs["pending"]
        if pending is not None and obs["turn"] == self.viewer:
            ui.text(surf, _("Laid: {n} of 4").format(n=symbols.shown(pending["laid"])), (604, 556), 36, ACCENT, True)
            self._tags(surf, pending["laid"], 604, 604, 380)
        else:
            ui.text(surf, _("{name}'s hand:").format(name=self.seat_name(self.viewer)), (604, 600), 36,
                    self.seat_colour(self.viewer), True)
        kinds: dict[tuple, list[int]] = {}
        for c in hand:
            card = content().cards[c]
            kinds.setdefault((card.ingredient, card.symbols), []).append(c)
        step = min(CARD_W + 8, 1380 / max(1, len(kinds)))
        for k, (_kind, cards) in enumerate(sorted(kinds.items())):
            r = self._draw_card(surf, cards[0], 24 + k * step, HAND_Y, len(cards))
            self._target(r, {"type": "lay", "card": cards[0]}, legal)
        if not hand:
            ui.text(surf, _("No ingredients yet"), (24, HAND_Y + 30), 36, MUTED)

    def _button(self, surf, label: str, x: float, y: float, w: float, action: dict, legal: list[dict]) -> None:
        if action not in legal:
            return
        r = self.ui.rect(x, y, w, 58)
        self.ui.panel(surf, r, PANEL_HI, 14, ACCENT)
        self.ui.text(surf, label, (x + w / 2, y + 29), 36, INK, True, "center")
        self._target(r, action, legal)

    def _draw_status(self, surf, obs: dict, legal: list[dict]) -> None:
        """The action buttons, whose turn it is and what to do, and what the others did."""
        ui = self.ui
        self._button(surf, _("Take a Wok card"), 1420, 662, 480, {"type": "take_wok"}, legal)
        self._button(surf, _("Cancel"), 1420, 726, 235, {"type": "cancel"}, legal)
        self._button(surf, _("Pass"), 1665, 726, 235, {"type": "pass"}, legal)
        turn = obs["turn"]
        if obs["last_round"] is not None:
            ui.text(surf, _("Last round: {n} action(s) left").format(n=len(obs["last_round"])),
                    (1000, 18), 34, RED, True)
        who = self.seat_name(turn)
        if legal and obs["pending"] is not None:
            prompt = _("Lay cards showing four identical symbols (stars are wild)")
            if symbols.shown(obs["pending"]["laid"]) == symbols.NEED:
                prompt = _("Choose the Wok card to take")
        elif legal:
            prompt = _("Your turn, {name}: one action").format(name=who)
        else:
            prompt = _("{name} is playing").format(name=who)
        ui.text(surf, prompt, (24, 790), 36, INK, True)
        others = [e for e in obs["recent"] if e["seat"] != self.viewer] or obs["recent"]
        last = describe(others[-1], self.seat_name(others[-1]["seat"])) if others else _("A new game: good luck!")
        ui.text(surf, last, (1900, 792), 34, MUTED, anchor="topright")

    def _draw_seats(self, surf, obs: dict) -> None:
        ui = self.ui
        n = self.state.num_seats
        width = 1880 / n
        top = 840
        for s, info in enumerate(obs["seats"]):
            x = 20 + s * width
            r = ui.rect(x, top, width - 12, 232)
            active = obs["turn"] == s
            ui.panel(surf, r, PANEL_HI if active else PANEL, 16, self.seat_colour(s) if active else None)
            ui.text(surf, self.seat_name(s), (x + 16, top + 8), 40, self.seat_colour(s), True)
            ui.text(surf, _("Coins {c} · Hand {h}").format(c=info["coins"], h=info["hand_size"]),
                    (x + 16, top + 56), 34, INK)
            tags = [wok_lines(content().woks[w])[0] for w in info["woks"]]
            line = ", ".join(tags) if tags else _("No Wok card yet")
            for k, part in enumerate(ui.wrap(line, 30, width - 44)[:2]):
                ui.text(surf, part, (x + 16, top + 102 + k * 36), 30, ACCENT if tags else MUTED)
            if info["front"]:
                self._tags(surf, info["front"], x + 16, top + 178, width - 44)

    # ---- the end ---------------------------------------------------------------------
    def _draw_end(self, surf, obs: dict) -> None:
        ui = self.ui
        winners = self.state.winners()
        names = ", ".join(self.seat_name(w) for w in winners)
        ui.text(surf, _("Final placement: {names} wins").format(names=names), (960, 12), 50, GREEN, True, "midtop")
        ui.text(surf, _("Confirm or tap for the results"), (960, 1076), 30, MUTED, anchor="midbottom")
        n = self.state.num_seats
        width = 1880 / n
        for s, result in enumerate(obs["result"]):
            x = 20 + s * width
            ui.panel(surf, ui.rect(x, 84, width - 12, 950), PANEL, 16, self.seat_colour(s))
            ui.text(surf, self.seat_name(s), (x + 16, 96), 42, self.seat_colour(s), True)
            ui.text(surf, f"{result['score']}", (x + width - 36, 92), 52, ACCENT, True, "topright")
            y = 156
            men = {m["wok"]: [] for m in result["men"]}
            for m in result["men"]:
                men[m["wok"]].append(m)
            for entry in result["woks"]:
                wok = content().woks[entry["wok"]]
                title, detail, _points = wok_lines(wok)
                # Values matter to check group, hard and concert scores; the rest say it in the title.
                label = f"{title} {detail}" if wok["kind"] in ("group", "hard", "concert") else title
                ui.text(surf, label, (x + 16, y), 30, MUTED)
                ui.text(surf, f"{entry['points']}", (x + width - 36, y - 4), 38, INK, True, "topright")
                y += 40
                for m in men.get(entry["wok"], []):
                    text = wok_lines(content().woks[m["man"]])[0]
                    if m["change"]:
                        a, b = (INGREDIENT_LOOK[i][1] for i in m["change"])
                        text += f" {a}>{b}"
                    ui.text(surf, "+ " + text, (x + 30, y), 30, (140, 170, 240))
                    y += 36
                y += self._tags(surf, entry["cards"], x + 30, y, width - 60) + 8
            for m in men.get(None, []):
                ui.text(surf, wok_lines(content().woks[m["man"]])[0] + ": 0", (x + 16, y), 30, DIM)
                y += 36
            ui.text(surf, _("Unused: {n}").format(n=len(result["unused"])), (x + 16, y + 4), 32, MUTED, True)
            self._tags(surf, result["unused"], x + 30, y + 46, width - 60)
