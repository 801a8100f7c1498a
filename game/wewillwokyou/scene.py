"""We Will Wok You on one screen: the market with its live prices, the Wok cards on
offer, each seat's front area, the viewer's own hand, and the scored end per Wok.

Choosing: every legal action has a target drawn on screen (a coin line, a row, the
"Take a Wok card" button, a card kind in the hand, a Wok card on offer, Cancel,
Pass). Arrows move a highlight over the targets, confirm acts; a tap acts on the
target under it. Tapping a Wok card on offer starts taking it: lay the cards, and
the card is taken as soon as four symbols show.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

import pygame

from game import i18n
from game.app import pictures, seat_keys
from game.app.per_version import PerVersion
from game.app.table import TableScene
from game.app.ui import ACCENT, DIM, GREEN, INK, MUTED, PANEL, PANEL_HI, RED
from game.i18n import _, ngettext
from game.input import Control

from . import symbols, words
from .colours import INGREDIENT_COLOUR
from .data import content
from .rules import ROW_LINE

BLUE = (70, 120, 220)
WOK_RED = (200, 60, 50)
CARD_W, CARD_H = 150, 104  # an ingredient card, design units
OFFER_X, OFFER_Y, OFFER_W, OFFER_H = 1000, 66, 300, 92
HAND_Y = 668  # under the offer's cards gliding, drawn 16 units taller (`regions`)
# The cut (`regions`): the market's right and the hand's top (the offer's cards gliding,
# drawn 16 units wider, stay within them), the turn's line.
MARKET_W, TOP_H, STATUS_Y = 982, 666, 784


class WokScene(TableScene):
    opaque = True  # draw_table fills the stage first, and so does the curtain: App.draw need not
    end_hold = 20.0  # the scored placement stays up for checking, card by card, unless a player moves on
    reveal_after_turn = True  # a buyer sees the cards just bought before the screen is passed on

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.want_wok: int | None = None  # the Wok card tapped before laying
        self._obs = PerVersion()  # the viewer's observation (`_view`)

    # ---- input -----------------------------------------------------------------
    def table_event(self, ev) -> bool:
        seat = self.my_turn()
        if ev.pressed and ev.control == Control.BACK and seat is not None and self.state.pending is not None:
            self.want_wok = None
            return self.submit(seat, {"type": "cancel"})
        return False

    def _take(self, seat: int, wok: int) -> bool:
        """A tap on a Wok card on offer starts taking that card."""
        self.want_wok = wok
        return self.submit(seat, {"type": "take_wok"})

    def _act(self, seat: int, action: dict) -> bool:
        if action["type"] == "cancel":
            self.want_wok = None
        ok = self.submit(seat, action)
        pending = self.state.pending
        if ok and pending and self.want_wok in self.state.offer and symbols.shown(pending["laid"]) == symbols.NEED:
            self.submit(seat, {"type": "choose", "wok": self.want_wok})
            self.want_wok = None
        return ok

    def on_moved(self, seat: int, action, before: dict, after: dict) -> None:
        """A coin taken flies from its line to the seat, and the seat's coins rise."""
        if action.get("type") == "coin" and seat in range(self.state.num_seats):
            line = self.ui.rect(604 + 170, 72 + action["line"] * 250 + 100, 40, 40)
            x, width = self._seat_x(seat)
            self.motion.fly("wewillwokyou.coin", line, self.ui.rect(x + width / 2 - 20, 880, 40, 40))
            gained = after["seats"][seat]["coins"] - before["seats"][seat]["coins"]
            self.motion.rise(f"+{gained}", (x + width / 2, 900), ACCENT)

    def _seat_x(self, seat: int) -> tuple[float, float]:
        """Where a seat's panel starts and how wide it is, design units."""
        width = 1880 / self.state.num_seats
        return 20 + seat * width, width - 12

    # ---- moments -----------------------------------------------------------------
    @classmethod
    def moments(cls):
        out = dict(super().moments())
        out["hand"] = lambda scene: scene._to_human(lambda s: len(s.hands[s.turn]) >= 5)
        out["laying"] = lambda scene: scene._start_laying()
        out["bought"] = lambda scene: scene._buy_moment()
        return out

    def _buy_moment(self) -> None:
        """A human buys a row: the cards bought stay on screen before the screen is passed on."""
        self._to_human(lambda s: any(a["type"] == "buy" for a in s.legal_actions(s.turn)))
        seat = self.state.turn
        buys = [a for a in self.state.legal_actions(seat) if a["type"] == "buy"]
        if buys:
            self.submit(seat, max(buys, key=lambda a: len(self.state.rows[a["row"]])))

    def _to_human(self, done) -> None:
        humans = self.session.humans()
        self.play_until(lambda s: s.turn in humans and done(s))
        self.viewer, self.curtain_for = self.state.turn, None

    def _start_laying(self) -> None:
        self._to_human(lambda s: {"type": "take_wok"} in s.legal_actions(s.turn))
        seat = self.state.turn
        if {"type": "take_wok"} in self.state.legal_actions(seat):
            self._take(seat, self.state.offer[0])
            lay = next(a for a in self.state.legal_actions(seat) if a["type"] == "lay")
            self.submit(seat, lay)

    # ---- drawing -----------------------------------------------------------------
    def _view(self) -> dict:
        """The viewer's observation, once per state version: `regions` and each pass of the
        drawing read it."""
        return self._obs.get(self.state, lambda: self.state.observation(self.viewer), self.viewer)

    def _cut(self) -> list[pygame.Rect]:
        """The market, the Wok cards on offer, the hand's row, the turn's line with the seats
        (`regions`)."""
        ui = self.ui
        w, h = ui.px(1920), ui.px(1080)  # the stage (a table drawn for a picture has no app stage)
        market, top, status = ui.px(MARKET_W), ui.px(TOP_H), ui.px(STATUS_Y)
        return [
            pygame.Rect(0, 0, market, top),
            pygame.Rect(market, 0, w - market, top),
            pygame.Rect(0, top, w, status - top),
            pygame.Rect(0, status, w, h - status),
        ]

    def regions(self) -> list[tuple[pygame.Rect, Hashable]] | None:
        """The market (rows, coin lines, the cards set aside), the Wok cards on offer, the
        hand's row and the turn's line with the seats, each with what it shows besides faces,
        glides and the turn's ring: a bot's buy changes the market and the seats, not the
        offer nor the hand. A seat acting here, or the end: not cut (targets, the focus and
        the scores reach across)."""
        obs = self._view()
        if self.my_turn() is not None or obs["result"] is not None:
            return None
        setting, viewer = self.setting(), self.viewer
        mine = (obs.get("pending"), self.seat_name(viewer), self.seat_colour(viewer)) if viewer is not None else None
        market = (obs["deck_size"], obs["rows"], obs["lines"], obs["aside"], mine)  # the hand's head lies there
        offer = (obs["offer"], self.want_wok, self.app.settings.learning_mode)
        hand = (obs.get("hand"), self.hands_on_phones())
        seats = [(self.seat_name(s), self.seat_colour(s), seat_keys.keys(self, s)) for s in range(self.state.num_seats)]
        turn = (obs["turn"], obs["last_round"], self.last_move_text(exclude=viewer), obs["seats"], seats)
        parts = (market, offer, hand, turn)
        return [(rect, (setting, part)) for rect, part in zip(self._cut(), parts, strict=True)]

    def draw_table(self, surf: pygame.Surface) -> None:
        surf.fill((34, 24, 22))
        obs = self._view()
        seat = self.my_turn()
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

    def _target(self, rect: pygame.Rect, action: dict, legal: list[dict]) -> None:
        if action in legal:
            self.target(rect, action, do=lambda seat, _ev: self._act(seat, action))

    def _draw_card(
        self,
        surf,
        card: int,
        x: float,
        y: float,
        count: int = 1,
        faded: bool = False,
        k: float = 1.0,
        glides: bool = True,
    ) -> pygame.Rect:
        """An ingredient card, `k` times its size (a big hand); a card drawn elsewhere
        last frame glides from there (`glides`: a second picture of a card also drawn
        in its place, as the reveal shows it, does not: each frame would start a glide)."""
        ui = self.ui
        r = ui.rect(x, y, CARD_W * k, CARD_H * k)
        r = ui.box(self.motion.place(("card", card), r) if glides else r)
        c = content().cards[card]
        face = partial(self._card_face, ingredient=c.ingredient, syms=c.symbols, count=count, faded=faded)
        self.faces.blit(surf, ("card", c.ingredient, c.symbols, count, faded), r, face, kind=None)  # boxed above
        return r

    def _card_face(self, surf, ingredient: str, syms: tuple, count: int, faded: bool) -> None:
        """The physical card: the singer's picture, its symbols beside it, the two-letter
        tag under the picture for whoever cannot tell the colours apart."""
        ui = self.ui
        k = surf.get_width() / max(1, ui.px(CARD_W))
        colour = INGREDIENT_COLOUR[ingredient]
        ui.panel(surf, surf.get_rect(), tuple(v // 2 for v in colour) if faded else colour, 12 * k, INK)
        ui.panel(surf, ui.rect(8 * k, 8 * k, 76 * k, 88 * k), (250, 244, 230), 10 * k)
        ui.picture(surf, f"wewillwokyou.{ingredient}", (46 * k, 44 * k), 62 * k)
        ui.text(surf, words.tag(ingredient), (46 * k, 97 * k), 24 * k, (60, 40, 30), True, "midbottom", width=72 * k)
        for i, sym in enumerate(syms):
            self._symbol(surf, sym, (117 * k, (29 + i * 46) * k), 21 * k)
        if count > 1:
            pygame.draw.circle(surf, (30, 20, 18), ui.rect(22 * k, 22 * k, 0, 0).topleft, ui.px(18 * k))
            ui.text(surf, f"{count}", (22 * k, 22 * k), 28 * k, ACCENT, True, "center")

    def _symbol(self, surf, sym: str, centre, radius: float) -> None:
        """A symbol (cookie, spoon, bowl, chopsticks, star) on a light disc."""
        ui = self.ui
        pygame.draw.circle(surf, (250, 244, 230), (ui.px(centre[0]), ui.px(centre[1])), ui.px(radius))
        ui.picture(surf, f"wewillwokyou.{sym}", centre, radius * 1.6)

    def _draw_market(self, surf, obs: dict, legal: list[dict]) -> None:
        ui = self.ui
        ui.text(surf, _("Market"), (30, 14), 44, ACCENT, True, width=260)
        ui.text(surf, _("Deck: {n}").format(n=obs["deck_size"]), (300, 22), 34, MUTED, width=280)
        for row in range(4):
            y = 72 + row * 118 + (14 if row >= 2 else 0)
            box = ui.rect(20, y - 6, 570, CARD_H + 12)
            ui.panel(surf, box, PANEL, 14)
            ui.text(surf, words.ROW_NAMES[row], (46, y + 30), 44, MUTED, True)
            for k, card in enumerate(obs["rows"][row]):
                self._draw_card(surf, card, 80 + k * (CARD_W + 12), y)
            self._target(box, {"type": "buy", "row": row}, legal)
        for line in (0, 1):
            y = 72 + line * 250
            box = ui.rect(604, y - 6, 376, 2 * 118 - 12)
            ui.panel(surf, box, PANEL_HI, 14)
            rows = "/".join(words.ROW_NAMES[r] for r in range(4) if ROW_LINE[r] == line)
            ui.text(surf, _("Coin line {n}").format(n=line + 1), (622, y + 4), 36, INK, True, width=340)
            ui.text(surf, _("price of {rows}").format(rows=rows), (622, y + 50), 34, MUTED, width=270)
            ui.text(surf, f"{obs['lines'][line]}", (964, y + 78), 96, ACCENT, True, "topright")
            self._coins(surf, obs["lines"][line], 622, y + 104)
            ui.text(surf, _("take one: tap"), (622, y + 170), 30, MUTED, width=340)
            self._target(box, {"type": "coin", "line": line}, legal)
        ui.text(surf, _("Set aside: {n}").format(n=len(obs["aside"])), (24, 560), 34, MUTED)
        self._tags(surf, obs["aside"], 24, 604, 570)

    def _coins(self, surf, n: int, x: float, y: float) -> None:
        for k in range(min(n, 8)):
            self.ui.picture(surf, "wewillwokyou.coin", (x + 18 + k * 20, y + 18), 34)

    def _tags(self, surf, cards: list[int], x: float, y: float, width: float, wrap: bool = False) -> float:
        """Ingredient chips (picture and count) for cards everyone may see: one row
        narrowed to fit `width`, or with `wrap` as many rows as needed; returns the height used."""
        counts: dict[str, int] = {}
        for c in cards:
            ing = content().cards[c].ingredient
            counts[ing] = counts.get(ing, 0) + 1
        ui, left, top = self.ui, x, y
        w = 100 if wrap else min(100, width / max(1, len(counts)) - 8)
        for ing, n in counts.items():
            if x + w > left + width + 1:
                x, y = left, y + 50
            ui.panel(surf, ui.box(ui.rect(x, y, w, 44), "chip"), INGREDIENT_COLOUR[ing], 10)
            ui.picture(surf, f"wewillwokyou.{ing}", (x + min(26, w * 0.3), y + 22), min(36, w * 0.48))
            ui.text(surf, f"{n}", (x + w * 0.76, y + 22), 32 if w >= 70 else 26, INK, True, "center")
            x += w + 8
        return y - top + 50 if counts else 0

    def _offer_rect(self, i: int) -> pygame.Rect:
        col, row = i % 3, i // 3
        return self.ui.rect(OFFER_X + col * (OFFER_W + 7), OFFER_Y + row * (OFFER_H + 6), OFFER_W, OFFER_H)

    def _draw_wok(self, surf, wok: int, rect: pygame.Rect, highlight: bool = False) -> None:
        rect = self.ui.box(self.motion.place(("wok", wok), rect))
        learning = self.app.settings.learning_mode
        face = partial(self._wok_face, wok=wok, highlight=highlight, learning=learning)
        self.faces.blit(surf, ("wok", wok, highlight, learning), rect, face, kind=None)  # boxed above

    def _wok_face(self, surf, wok: int, highlight: bool, learning: bool) -> None:
        """A Wok card: its kind's picture, its points, what it takes (ingredients as
        pictures); the kind's name only in the learning mode."""
        ui = self.ui
        w = content().woks[wok]
        blue = w["kind"] in ("double_man", "mighty_man", "changing_man")
        ui.panel(surf, surf.get_rect(), PANEL_HI if highlight else PANEL, 14, BLUE if blue else WOK_RED)
        title, detail, points = words.wok_lines(w)
        ui.panel(surf, ui.rect(8, 8, 76, 76), (250, 244, 230), 12)
        ui.picture(surf, f"wewillwokyou.wok.{w['kind']}", (46, 46), 64)
        drawn = ui.text(surf, points, (OFFER_W - 12, 2), 40, ACCENT, True, "topright")
        if learning:  # the title stops short of the points
            ui.text(surf, title, (94, 6), 28, INK, True, width=OFFER_W - 114 - drawn.width / ui.u)
        self._wok_needs(surf, w, detail, 94, 66, OFFER_W - 106, 2 * (OFFER_H - 2 - 66))

    def _wok_needs(
        self, surf, wok: dict, detail: str, x: float, y: float, width: float, height: float | None = None
    ) -> None:
        """What a Wok card takes, on one line centred on `y`: "3 <tuna> 2 <carrot>" for a
        group, "3 <prawn> x1" per concert slot, the words for the others."""
        if wok["kind"] == "group":
            parts = [(f"{n}", ing, "") for ing, n in wok["recipe"].items()]
        elif wok["kind"] == "concert":
            parts = [(f"{s['count']}", s["ingredient"], f"x{s['points']}") for s in wok["slots"]]
        else:  # words: on two lines before they shrink ("qualsiasi carta rossa")
            self.ui.text_lines(surf, detail, (x, y), 30, ACCENT, anchor="midleft", width=width, height=height)
            return
        ui = self.ui
        pic = min(34.0, width / len(parts) - 44)
        for count, ing, after in parts:
            x = ui.text(surf, count, (x, y), 30, INK, True, "midleft").right / ui.u + 2
            ui.picture(surf, f"wewillwokyou.{ing}", (x + pic / 2, y), pic)
            x += pic + 2
            if after:
                x = ui.text(surf, after, (x, y), 26, ACCENT, True, "midleft").right / ui.u
            x += 10

    def _draw_offer(self, surf, obs: dict, legal: list[dict]) -> None:
        self.ui.text(surf, _("Wok cards on offer"), (OFFER_X, 14), 44, ACCENT, True)
        for i, wok in enumerate(obs["offer"]):
            rect = self._offer_rect(i)
            self._draw_wok(surf, wok, rect, wok == self.want_wok)
            if {"type": "take_wok"} in legal:
                self.target(
                    rect, do=lambda seat, _ev, wok=wok: self._take(seat, wok), key=f"offer{wok}", focusable=False
                )
            self._target(rect, {"type": "choose", "wok": wok}, legal)

    def _draw_hand(self, surf, obs: dict, legal: list[dict]) -> None:
        """The viewer's hand, one card per kind of identical cards with a count."""
        ui = self.ui
        if "hand" not in obs or self.viewer is None:
            words = _("Hands are on the phones.") if self.hands_on_phones() else None
            text = words or _("Hands are private: pass the screen to see yours.")
            ui.text(surf, text, (24, HAND_Y + 30), 36, MUTED, width=1380)
            return
        hand, pending = obs["hand"], obs["pending"]
        if pending is not None and obs["turn"] == self.viewer:
            ui.text(
                surf,
                _("Laid: {n} of 4").format(n=symbols.shown(pending["laid"])),
                (604, 556),
                36,
                ACCENT,
                True,
                width=380,
            )
            self._tags(surf, pending["laid"], 604, 604, 380)
        else:
            ui.text(
                surf,
                _("{name}'s hand:").format(name=self.seat_name(self.viewer)),
                (604, 600),
                36,
                self.seat_colour(self.viewer),
                True,
                width=376,  # within the market's part (`regions`)
            )
        kinds: dict[tuple, list[int]] = {}
        for c in hand:
            card = content().cards[c]
            kinds.setdefault((card.ingredient, card.symbols), []).append(c)
        scale = min(1.0, 1380 / (max(1, len(kinds)) * (CARD_W + 8)))  # a big hand: smaller cards, never fanned
        for k, (_kind, cards) in enumerate(sorted(kinds.items())):
            x, y = 24 + k * (CARD_W + 8) * scale, HAND_Y + CARD_H * (1 - scale)
            r = self._draw_card(surf, cards[0], x, y, len(cards), k=scale)
            self._target(r, {"type": "lay", "card": cards[0]}, legal)
        if not hand:
            ui.text(surf, _("No ingredients yet"), (24, HAND_Y + 30), 36, MUTED, width=560)

    def _button(self, surf, label: str, x: float, y: float, w: float, action: dict, legal: list[dict]) -> None:
        if action not in legal:
            return
        r = self.ui.rect(x, y, w, 58)
        self.ui.panel(surf, r, PANEL_HI, 14, ACCENT)
        self.ui.text(surf, label, (x + w / 2, y + 29), 36, INK, True, "center", width=w - 20)
        self._target(r, action, legal)

    def _draw_status(self, surf, obs: dict, legal: list[dict]) -> None:
        """The action buttons, whose turn it is and what to do, and what the others did."""
        ui = self.ui
        self._button(surf, _("Take a Wok card"), 1420, 662, 480, {"type": "take_wok"}, legal)
        self._button(surf, _("Cancel"), 1420, 726, 235, {"type": "cancel"}, legal)
        self._button(surf, _("Pass"), 1665, 726, 235, {"type": "pass"}, legal)
        turn = obs["turn"]
        left = 24.0  # the turn's line: the last round's count first (it lay over the offer's heading)
        if obs["last_round"] is not None:
            n = len(obs["last_round"])
            said = ngettext("Last round: {n} action left", "Last round: {n} actions left", n).format(n=n)
            left = ui.text(surf, said, (24, 790), 36, RED, True, width=600).right / ui.u + 24
        who = self.seat_name(turn)
        if legal and obs["pending"] is not None:
            prompt = _("Lay cards showing four identical symbols (stars are wild)")
            if symbols.shown(obs["pending"]["laid"]) == symbols.NEED:
                prompt = _("Choose the Wok card to take")
        elif legal:
            prompt = _("Your turn, {name}: one action").format(name=who)
        else:
            prompt = _("{name} is playing").format(name=who)
        last = self.last_move_text(exclude=self.viewer) or _("A new game: good luck!")
        # One line for both, 1812 units: the prompt (up to 1200) left, the last move right. When
        # both are long (the laying prompt beside a row of three bought, in Spanish), each gets
        # room in proportion to its width and shrinks: neither runs over the other.
        wide = ui.font(36, True).size(prompt)[0] / ui.u, ui.font(34).size(last)[0] / ui.u
        line = 1812 - (left - 24)
        room = min(1200, wide[0])
        if room + wide[1] > line:
            room = min(room, line * wide[0] / sum(wide))
        drawn = ui.text(surf, prompt, (left, 790), 36, INK, True, width=room)
        ui.text(surf, last, (1900, 792), 34, MUTED, anchor="topright", width=1876 - drawn.right / ui.u - 40)

    def _draw_seats(self, surf, obs: dict) -> None:
        ui = self.ui
        n = self.state.num_seats
        width = 1880 / n
        top = 840
        for s, info in enumerate(obs["seats"]):
            x = 20 + s * width
            r = ui.rect(x, top, width - 12, 232)
            active = obs["turn"] == s
            ui.panel(surf, r, PANEL_HI if active else PANEL, 16)
            if active:
                self.draw_turn(surf, r, self.seat_colour(s))
            start = x + 16 + seat_keys.name_room(ui, self.seat_name(s), 40) + 16
            keys = seat_keys.draw(self, surf, s, (start, top + 16, x + width - 28 - start, 34))
            room = (keys.left / ui.u - 24 if keys else x + width - 28) - (x + 16)  # the name stops short of the keys
            ui.text(surf, self.seat_name(s), (x + 16, top + 8), 40, self.seat_colour(s), True, width=room)
            ui.text(
                surf,
                _("Coins {c} · Hand {h}").format(c=info["coins"], h=info["hand_size"]),
                (x + 16, top + 56),
                34,
                INK,
                width=width - 44,
            )
            if not info["woks"]:
                ui.text(surf, _("No Wok card yet"), (x + 16, top + 102), 30, MUTED, width=width - 44)
            step = min(60, (width - 44) / max(1, len(info["woks"])))
            for k, w in enumerate(info["woks"]):  # the Wok cards won, as their pictures (flown from the offer)
                side = min(56, step - 4)
                spot = ui.rect(x + 40 + k * step - side / 2, top + 130 - side / 2, side, side)
                at = self.motion.place(("wok", w), spot)
                pictures.draw(surf, f"wewillwokyou.wok.{content().woks[w]['kind']}", at.center, at.size)
            if info["front"]:
                self._tags(surf, info["front"], x + 16, top + 178, width - 44)

    def draw_reveal(self, surf, seat: int) -> None:
        """The cards a buyer just bought (or the Wok card just taken), before the screen goes on."""
        ui = self.ui
        done = next((e for e in reversed(self.state.observation(seat)["recent"]) if e["seat"] == seat), None)
        if done is None:
            super().draw_reveal(surf, seat)
            return
        ui.cover(ui.rect(200, 300, 1520, 250))
        ui.panel(surf, ui.rect(200, 300, 1520, 250), (24, 16, 14), 20, self.seat_colour(seat))
        if done["type"] == "buy":
            head = _("{name} bought row {row} for {price}:").format(
                name=self.seat_name(seat), row=words.ROW_NAMES[done["row"]], price=done["price"]
            )
        else:
            head = _("{name} took {wok} with:").format(name=self.seat_name(seat), wok=words.wok_text(done["wok"]))
        ui.text(surf, head, (960, 316), 42, INK, True, "midtop")
        cards = done["cards"]
        left = 960 - (len(cards) * (CARD_W + 12) - 12) / 2
        for k, card in enumerate(cards):
            self._draw_card(surf, card, left + k * (CARD_W + 12), 400, glides=False)  # also in the hand beneath

    # ---- the end ---------------------------------------------------------------------
    def _draw_end(self, surf, obs: dict) -> None:
        ui = self.ui
        winners = self.state.winners()
        ui.text(
            surf,
            _("Final placement: {headline}").format(headline=i18n.winners(self.seat_name(w) for w in winners)),
            (960, 12),
            50,
            GREEN,
            True,
            "midtop",
            width=1880,
        )
        ui.text(surf, _("Confirm or tap for the results"), (960, 1076), 30, MUTED, anchor="midbottom", width=1880)
        n = self.state.num_seats
        width = 1880 / n
        for s, result in enumerate(obs["result"]):
            x = 20 + s * width
            ui.panel(surf, ui.rect(x, 84, width - 12, 950), PANEL, 16, self.seat_colour(s))
            ui.text(surf, self.seat_name(s), (x + 16, 96), 42, self.seat_colour(s), True, width=width - 140)
            ui.text(surf, f"{result['score']}", (x + width - 36, 92), 52, ACCENT, True, "topright")
            y: float = 156
            men: dict[int | None, list[dict]] = {m["wok"]: [] for m in result["men"]}
            for m in result["men"]:
                men[m["wok"]].append(m)
            for entry in result["woks"]:
                wok = content().woks[entry["wok"]]
                title, detail, _points = words.wok_lines(wok)
                ui.picture(surf, f"wewillwokyou.wok.{wok['kind']}", (x + 32, y + 17), 34)
                # Values matter to check group, hard and concert scores; the rest say it in the title.
                if wok["kind"] in ("group", "concert"):
                    self._wok_needs(surf, wok, detail, x + 58, y + 17, width - 150)
                else:
                    label = f"{title} {detail}" if wok["kind"] == "hard" else title
                    ui.text(surf, label, (x + 56, y), 30, MUTED, width=width - 150)
                ui.text(surf, f"{entry['points']}", (x + width - 36, y - 4), 38, INK, True, "topright")
                y += 40
                for m in men.get(entry["wok"], []):
                    text = words.wok_lines(content().woks[m["man"]])[0]
                    if m["change"]:
                        a, b = (_(words.INGREDIENT_WORDS[i][1]) for i in m["change"])
                        text += f" {a} > {b}"
                    ui.text(surf, "+ " + text, (x + 30, y), 30, (140, 170, 240), width=width - 60)
                    y += 36
                y += self._tags(surf, entry["cards"], x + 30, y, width - 60, wrap=True) + 8
            for m in men.get(None, []):
                ui.text(surf, words.wok_lines(content().woks[m["man"]])[0] + ": 0", (x + 16, y), 30, DIM)
                y += 36
            ui.text(surf, _("Unused: {n}").format(n=len(result["unused"])), (x + 16, y + 4), 32, MUTED, True)
            self._tags(surf, result["unused"], x + 30, y + 46, width - 60, wrap=True)
