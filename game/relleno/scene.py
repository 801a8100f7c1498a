"""Relleno on one screen.

Top: the day, whose turn, what the last player did. Then the book: every
recipe face up in a row, its requirements as big pictures, its points and
ability below. Then the day's order (or who has chosen, while time cards are
secret), the viewer's hand behind the curtain, and at the bottom every seat's
area: cards in hand, discard pile, recipes taken, points so far (the discard
piles and the recipes taken are public, so the points are too).

Choosing a time card: tap (or focus and confirm) a timed card of your hand,
pick early arrivals by tapping them (one at a time, kept by the rules like a
fill's cards), then "Play". Filling: tap hand cards to
pick them, one at a time (the rules keep the picked cards: game/engine/picking.py;
back puts the last one back); the book lights every recipe they cover, spare
cards or not; tap a lit recipe to fill it (a recipe tapped with nothing picked
picks its first cover).
Restocking is a button; "Reserve" then a recipe restocks and puts it back on
the deck. When the last time card is in, the reveal shows every card and the
day's order for a few seconds; the end shows each score broken down.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Hashable
from functools import partial

import pygame

from game import i18n
from game.app import seat_keys
from game.app.per_version import PerVersion
from game.app.table import Step, TableScene
from game.app.ui import ACCENT, DIM, GREEN, INK, MUTED, PANEL, PANEL_HI
from game.engine import picking
from game.engine.rng import Rng
from game.i18n import _, ngettext
from game.input import Control

from .bots import easy_bot
from .data import content
from .filling import minimal_covers
from .rules import Phase, is_early
from .words import ability_name, card_name, clock, label

BOOK_Y, BOOK_H = 128, 330
ORDER_Y = 470
RESERVED_W = 620  # "Reserved for tomorrow: <recipe>" at the right of the last move's line
HAND_Y, HAND_H = 590, 250
SEATS_Y, SEATS_H = 862, 206
SEATS_WIDE = 420  # a seat's panel at least this wide shows its time card beside its point symbols
REVEAL_S = 3.5  # how long the reveal stays up (any confirm or tap still acts beneath)
PAPER = (250, 240, 222)
CARD_INK = (48, 34, 30)
ADVANCED = (200, 40, 40)
POINT_KINDS = ("star", "coin", "trophy")


STRIP = 96  # a recipe's left-column strip: this far above the card's bottom (design units)


def requirement_row(w: float, h: float, name_bottom: float, count: int) -> tuple[float, float]:
    """Where a recipe's requirement pictures go on a card w x h (design units): their
    top and size, between the name and the left column's strip, as large as that room
    allows (a short hand card leaves little: the pictures never reach the strip)."""
    top = max(name_bottom + 8, h * 0.36) if h >= 300 else name_bottom + 4
    pic = min(72, (w - 20) / max(1, count) - 6, h * 0.26, h - STRIP - 14 - top)
    return top, pic


class RellenoScene(TableScene):
    opaque = True  # draw_table fills the stage first, and so does the curtain: App.draw need not
    guide_box = (16, SEATS_Y, 1888, SEATS_H)  # over the seats' totals: the book, hand and buttons stay in sight

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.time_pick: str | None = None  # the time card picked while choosing (early arrivals: the rules')
        self.reserving = False  # the next recipe tapped is reserved
        self.reveal_at: float | None = None  # scene clock of the last reveal
        # What the reveal shows, as the last time card turned them over: each seat in the day's
        # order with its time and early arrivals (a seat that plays under it keeps its row).
        self.revealed: tuple[tuple[int, int | None, int], ...] = ()
        self._obs = PerVersion()  # the viewer's observation (`_view`)

    # ---- acting --------------------------------------------------------------------
    def on_applied(self, seat: int, action) -> None:
        if action.get("type") in picking.STEPS and self.state.phase == Phase.CHOOSE:
            return  # an early arrival picked: the time card chosen so far stays
        self.time_pick, self.reserving = None, False
        if action.get("type") == "time_card" and self.state.phase != Phase.CHOOSE:
            self._start_reveal()

    def _start_reveal(self) -> None:
        obs = self.state.observation(None)
        # Up from the next frame (any time after now): the last time card's frame draws that
        # move alone (in the regions it changed), the reveal's first the panel over the table.
        self.reveal_at = math.nextafter(self._clock, math.inf)
        self.revealed = tuple((seat, obs["times"][seat], max(0, len(obs["fronts"][seat]) - 1)) for seat in obs["order"])

    def _act(self, seat: int, action: dict) -> bool:
        return self.submit(seat, action)

    def _tap_hand(self, seat: int, card: str) -> bool:
        phase = self.state.phase
        if phase == Phase.CHOOSE:
            hand = self.state.observation(seat)["hand"]
            if is_early(card) and any(not is_early(c) for c in hand):
                kind = "unpick" if card in self._picked(seat) else "pick"
                return self._act(seat, {"type": kind, "card": card})
            self.time_pick = None if self.time_pick == card else card
            return True
        if phase == Phase.BAD_BATCH:
            return self._act(seat, {"type": "remove", "card": card})
        if phase == Phase.TURN and not self.state.must_restock(seat):
            kind = "unpick" if card in self._picked(seat) else "pick"
            if not self._act(seat, {"type": kind, "card": card}):
                self.flash(_("Your hand covers no recipe of the book: restock today"))
                return False
            return True
        return False

    def _picked(self, seat: int | None) -> list[str]:
        """The cards the seat has picked for a fill or its time card so far (its own view only)."""
        return self.state.observation(seat).get("picked", []) if seat is not None else []

    def _tap_recipe(self, seat: int, recipe: str) -> bool:
        legal = self.state.legal_actions(seat)
        if self.reserving:
            return self._act(seat, {"type": "restock", "reserve": recipe})
        kind = "bonus_fill" if self.state.phase == Phase.BONUS else "fill"
        fills = [a for a in legal if a["type"] == kind and a["recipe"] == recipe]
        if fills:
            return self._act(seat, fills[0])
        picked = self._picked(seat)
        if picked:
            self.flash(_("The cards you chose do not cover {recipe}").format(recipe=card_name(recipe)))
            return False
        hand = self.state.observation(seat)["hand"]
        cover = minimal_covers(hand, content().cards[recipe].requires) if kind == "fill" else []
        if not cover or self.state.must_restock(seat):
            self.flash(self._why_not(seat, recipe))
            return False
        for card in cover[0]:  # nothing picked: pick a cover; the next tap fills
            self._act(seat, {"type": "pick", "card": card})
        return True

    def _why_not(self, seat: int, recipe: str) -> str:
        if self.state.phase == Phase.BONUS:
            return _("The cards you just played do not cover {recipe}").format(recipe=card_name(recipe))
        if self.state.must_restock(seat):
            return _("You revealed no timed card: restock today")
        return _("Your hand does not cover {recipe}").format(recipe=card_name(recipe))

    def _confirm_time(self, seat: int, _ev=None) -> bool:
        if self.time_pick is None:
            self.flash(_("Choose a time card from your hand first"))
            return False
        early = self._picked(seat) if not is_early(self.time_pick) else []
        return self._act(seat, {"type": "time_card", "card": self.time_pick, "early": early})

    def table_event(self, ev) -> bool:
        if ev.pressed and ev.control == Control.BACK and (self.reserving or self.time_pick):
            self.time_pick, self.reserving = None, False
            return True
        return False

    # ---- moments -------------------------------------------------------------------
    @classmethod
    def moments(cls):
        out = dict(super().moments())
        out["day"] = lambda scene: scene._to_turn_start()
        out["choosing"] = lambda scene: scene._choosing()
        out["curtain"] = lambda scene: scene.until_human(lift=False)
        out["reveal"] = lambda scene: scene._reveal()
        out["filling"] = lambda scene: scene._filling()
        out["spare"] = lambda scene: scene._filling(spare=True)
        return out

    def _to_turn_start(self) -> None:
        """A new day's book with a human choosing: day 2 if the game gets there."""
        self.play_until(lambda s: s.day >= 2 and s.phase == Phase.CHOOSE)
        self.until_human()

    def _choosing(self) -> None:
        self.until_human()
        seat = self.my_turn()
        if seat is not None:
            timed = [c for c in self.state.observation(seat)["hand"] if not is_early(c)]
            self.time_pick = timed[0] if timed else None

    def _reveal(self) -> None:
        self.play_until(lambda s: s.phase != Phase.CHOOSE)
        self.until_human()
        self._start_reveal()
        self.reveal_at = self.clock - REVEAL_S / 2  # every card turned over

    def _filling(self, spare: bool = False) -> None:
        """A human on turn with a cover of a book recipe picked (from day 4: a hand
        holding recipes too); `spare`: a hand of five or more, a spare card picked too."""
        if spare:  # humans played by the easy bot (random ones seldom fill): hands grow
            self._easy_until(lambda s: s.day >= 6 and s.phase == Phase.TURN and s.current() in self.session.humans())
        for _turn in range(200):
            self.play_until(lambda s: s.day >= 4 and s.phase == Phase.TURN and s.current() in self.session.humans())
            seat = self.state.current()
            if seat is None:
                return
            turn = (self.state.day, self.state.turn_index)
            self.until_human()
            hand = self.state.observation(seat)["hand"]
            fills = self.state.fills(seat, hand) if len(hand) >= (5 if spare else 1) else []
            if fills:
                extra = [c for c in hand if c not in fills[0]["cards"]][:1] if spare else []
                for card in fills[0]["cards"] + extra:
                    self.submit(seat, {"type": "pick", "card": card})
                self.reveal_at = None
                return

            def next_turn(s, turn=turn) -> bool:
                return (s.day, s.turn_index) != turn

            self.play_until(next_turn)  # the next turn

    def _easy_until(self, done, limit: int = 2000) -> None:
        """Play every seat with the easy bot until `done(state)` (a moment's setting)."""
        bot, rng = easy_bot(), Rng(self.session.seed)
        for _i in range(limit):
            if self.state.is_over() or done(self.state):
                return
            seat = self.state.actors()[0]
            self.submit(seat, bot.choose(self.state, seat, rng))

    # ---- drawing -------------------------------------------------------------------
    def _view(self) -> dict:
        """The viewer's observation, computed once per state version (a move, an undo)."""
        return self._obs.get(self.state, lambda: self.state.observation(self.viewer), self.viewer)

    def _rows(self) -> list[pygame.Rect]:
        """The picture's rows, top to bottom: the top lines, the book, the order line, the
        hand's panel, the seats (`regions`)."""
        w, h = self.ui.px(1920), self.ui.px(1080)  # the stage (a table drawn for a picture has no app stage)
        cuts = [0, *(self.ui.px(y) for y in (BOOK_Y, ORDER_Y - 6, HAND_Y - 70, SEATS_Y - 6)), h]
        return [pygame.Rect(0, y0, w, y1 - y0) for y0, y1 in itertools.pairwise(cuts)]

    def draw_table(self, surf: pygame.Surface) -> None:
        surf.fill((40, 26, 34))
        obs = self._view()
        mine = self.my_turn()
        top, _book, order, _hand, _seats = self._rows()
        # Drawn in part, the rows without faces the frame's area misses are left out.
        if self.shows(top):
            self._draw_top(surf, obs)
        self._draw_book(surf, obs, mine)
        if self.shows(order):
            self._draw_order(surf, obs)
        self._draw_hand(surf, obs, mine)
        self._draw_seats(surf, obs)
        if obs["phase"] == Phase.OVER:
            self._draw_end(surf, obs)
        elif self._revealing(obs):
            self._draw_reveal(surf)
        elif self.reveal_at is not None:
            self.before(self.reveal_at)  # about to come up: drawn whole then

    def _revealing(self, obs: dict) -> bool:
        """The reveal is up (a new day ends it early)."""
        at = self.reveal_at
        return at is not None and at <= self._clock < at + REVEAL_S and bool(obs["order"])

    def setting(self) -> tuple:
        """The reveal's panel is one of the panels over the table (TableScene.setting)."""
        return (*super().setting(), (self.reveal_at, self.revealed) if self._revealing(self._view()) else None)

    def regions(self) -> list[tuple[pygame.Rect, Hashable]] | None:
        """The top lines, the book, the order line, the hand's panel and the seats, each
        with what it shows besides faces and pulses (the loop follows those): a bot's pick
        changes its top line, a fill the book and its seat too. The reveal's panel, shade
        included, is in the setting: the same in each while it is up. A seat acting here,
        or the end: not cut (targets, the focus and the end's panel reach across)."""
        obs = self._view()
        if self.my_turn() is not None or obs["phase"] == Phase.OVER:
            return None
        every = (self.setting(), tuple((self.seat_name(s), self.seat_colour(s)) for s in range(self.state.num_seats)))
        phase, n = obs["phase"], self.state.num_seats
        choosing = phase == Phase.CHOOSE
        book = (obs["book"], self.reserving)
        order = obs["chosen"] if choosing else (obs["order"], obs["times"], obs["current"])
        hand = (
            (obs["hand"], self._prompt(obs, None), self._chosen_cards(obs))
            if self.viewer is not None and "hand" in obs
            else None  # hands are secret
        )
        seats = [self._seat_look(obs, s) for s in range(n)]
        parts = (self._top_lines(obs), book, order, hand, seats)
        return [(rect, (*every, part)) for rect, part in zip(self._rows(), parts, strict=True)]

    def _top_lines(self, obs: dict) -> tuple[str, str, str | None, str]:
        """The top's words: the day and whose turn, the deck's count, the recipe reserved
        for tomorrow (None: none), the last move."""
        head = _("Day {n}").format(n=obs["day"])
        turn = self.turn_text()
        if obs["phase"] == Phase.CHOOSE:
            turn = _("Everyone chooses a time card in secret")
        deck = ngettext("{n} recipe left in the deck", "{n} recipes left in the deck", obs["deck_size"])
        reserved = obs["reserved"][:1]  # on the last move's line: the order line needs its width at 6 seats
        return (
            f"{head}  ·  {turn}" if turn else head,
            deck.format(n=obs["deck_size"]),
            _("Reserved for tomorrow: {recipe}").format(recipe=card_name(reserved[0])) if reserved else None,
            self.last_move_text() or _("The pastry shop opens."),
        )

    def _draw_top(self, surf, obs: dict) -> None:
        ui = self.ui
        head, deck, reserved, last = self._top_lines(obs)
        r = ui.text(surf, deck, (1896, 24), 34, MUTED, anchor="topright")
        # The day and whose turn it is take what the deck count leaves (French runs long).
        ui.text(surf, head, (24, 14), 46, ACCENT, True, width=r.left / ui.u - 48)
        right = 1896.0
        if reserved is not None:
            right = ui.text(surf, reserved, (1896, 76), 32, MUTED, anchor="topright", width=RESERVED_W).left / ui.u - 24
        # A long move (a pie filled with four cards, in French) takes two lines above the book.
        ui.text_lines(surf, last, (24, 72), 36, INK, width=right - 24, height=BOOK_Y - 72 - 4)

    # -- the book
    def _book_rects(self, n: int) -> list[pygame.Rect]:
        gap = 16
        w = min(262, (1872 - gap * (n - 1)) / max(1, n))
        x0 = 960 - (n * w + (n - 1) * gap) / 2
        return [self.ui.rect(x0 + i * (w + gap), BOOK_Y, w, BOOK_H) for i in range(n)]

    def _draw_book(self, surf, obs: dict, mine: int | None) -> None:
        ui = self.ui
        book = obs["book"]
        legal = self.state.legal_actions(mine) if mine is not None else []
        fill_kind = "bonus_fill" if obs["phase"] == Phase.BONUS else "fill"
        fillable = {a["recipe"] for a in legal if a["type"] == fill_kind}
        for i, (recipe, rect) in enumerate(zip(book, self._book_rects(len(book)))):
            self._blit_card(surf, recipe, rect, ("book", i))
            lit = recipe in fillable
            if self.reserving and mine is not None:
                lit = True
            if lit:
                self.draw_pulse(surf, rect, GREEN, 12, (4, 2), 16)
            if mine is not None and obs["phase"] in (Phase.TURN, Phase.BONUS):
                self.target(rect, do=lambda seat, _ev, r=recipe: self._tap_recipe(seat, r), key=f"book:{recipe}")
        if not book:
            ui.text(
                surf, _("The book is empty until tonight's refill."), (960, BOOK_Y + 140), 38, MUTED, anchor="midtop"
            )

    def _blit_card(self, surf, card: str, rect: pygame.Rect, place: tuple) -> None:
        """A card at `rect`, its face drawn once per size and language (game/app/faces.py):
        the layout recorder sees its box and the words on it. A move bringing several new
        cards paints one a frame, the others show their `place`'s last card a frame or two."""
        self.faces.blit(surf, ("card", card), rect, partial(self._paint_card, card=card), place=place)

    def _paint_card(self, surf: pygame.Surface, card: str) -> None:
        """A card as printed: time top right, name, then for a recipe its requirements
        as pictures, and along the bottom the left column (fillings it provides),
        points and ability. Every word through ui.text, so a cut one is seen."""
        ui, c = self.ui, content().cards[card]
        r = surf.get_rect()
        u = ui.u
        pygame.draw.rect(surf, PAPER, r, border_radius=ui.px(14))
        edge = ADVANCED if c.advanced else (CARD_INK if c.colour is None else (120, 90, 60))
        pygame.draw.rect(surf, edge, r, max(2, ui.px(6 if c.advanced else 3)), ui.px(14))
        w = r.width / u  # design units from here on
        h = r.height / u
        name = card_name(card)
        stamp = clock(c.time) if c.time is not None else _("Early")
        ui.text(surf, stamp, (w - 10, 6), 34, ADVANCED if c.time is None else CARD_INK, True, "topright", width=w - 20)
        size_name, lines = ui.fit_lines(name, 30, w - 20, 2, True)
        y: float = 46
        for line in lines:
            ui.text(surf, line, (10, y), size_name, CARD_INK, True, width=w - 20)
            y += size_name + 2
        if c.requires:
            top, pic = requirement_row(w, h, y, len(c.requires))
            row_w = len(c.requires) * (pic + 6) - 6
            for i, filling in enumerate(c.requires):
                cx = w / 2 - row_w / 2 + i * (pic + 6) + pic / 2
                cy = top + pic / 2
                pygame.draw.circle(surf, (236, 222, 200), (ui.px(cx), ui.px(cy)), ui.px(pic / 2 + 2))
                ui.picture(surf, f"relleno.{filling}", (cx, cy), pic * 0.84)
        # The left column: what the card gives, then its points.
        strip_y = h - STRIP if c.requires else max(y + 10, h * 0.45)
        pygame.draw.line(
            surf, (210, 190, 160), (ui.px(8), ui.px(strip_y - 6)), (r.width - ui.px(8), ui.px(strip_y - 6))
        )
        small = min(44, (w - 20) / max(1, len(c.provides) + len(c.points)) - 4)
        for i, filling in enumerate(c.provides):
            ui.picture(surf, f"relleno.{filling}", (14 + small / 2 + i * (small + 4), strip_y + small / 2), small)
        x = w - 14 - small / 2
        for kind in reversed(c.points):
            ui.picture(surf, f"relleno.{kind}", (x, strip_y + small / 2), small)
            x -= small + 4
        ability = ability_name(c.ability)
        if ability:  # under the strip's pictures, on two lines if need be ("Relleno de bonificación")
            size_ab, ab_lines = ui.fit_lines(ability, 26, w - 16, 2, True)
            bottom = h - 6
            for line in reversed(ab_lines):
                colour = ADVANCED if c.advanced else (150, 70, 20)
                ui.text(surf, line, (w / 2, bottom), size_ab, colour, True, "midbottom", width=w - 16)
                bottom -= size_ab

    # -- the day's order
    def _draw_order(self, surf, obs: dict) -> None:
        ui = self.ui
        x: float = 24
        if obs["phase"] == Phase.CHOOSE:
            x = ui.text(surf, _("Time cards:"), (x, ORDER_Y), 36, MUTED).right / ui.u + 16
            for seat in range(self.state.num_seats):
                done = obs["chosen"][seat]
                mark = "✓" if done else "…"
                r = ui.text(
                    surf,
                    f"{self.seat_name(seat)} {mark}",
                    (x, ORDER_Y),
                    36,
                    self.seat_colour(seat) if done else DIM,
                    done,
                )
                x = r.right / ui.u + 28
            return
        if not obs["order"]:
            return
        entries = []
        for i, seat in enumerate(obs["order"]):
            time = obs["times"][seat]
            entries.append(f"{i + 1}. {self.seat_name(seat)} {clock(time) if time is not None else _('last')}")
        # One size for the whole line, so that it stops short of the reserved recipe on its right.
        room = 1896 - x - 28 * len(entries)
        size = ui.fit(" ".join([_("Today's order:"), *entries]), 36, room, bold=True)
        x = ui.text(surf, _("Today's order:"), (x, ORDER_Y), size, MUTED).right / ui.u + 16
        for seat, text in zip(obs["order"], entries):
            turn = obs["current"] == seat
            r = ui.text(surf, text, (x, ORDER_Y), size, self.seat_colour(seat), turn)
            if turn:
                pygame.draw.line(surf, ACCENT, r.bottomleft, r.bottomright, max(2, ui.px(4)))
            x = r.right / ui.u + 28

    # -- the viewer's hand and the choices
    def _draw_hand(self, surf, obs: dict, mine: int | None) -> None:
        ui = self.ui
        area = ui.rect(16, HAND_Y - 66, 1888, HAND_H + 76)
        ui.panel(surf, area, (58, 38, 46), 18)
        if self.viewer is None or "hand" not in obs:
            text = _("Hands are secret: each player looks at their own when the screen is theirs.")
            ui.text(surf, text, (960, HAND_Y + 90), ui.fit(text, 38, 1800), MUTED, anchor="midtop")
            return
        viewer = self.viewer
        hand = list(obs["hand"])
        phase = obs["phase"]
        prompt = self._prompt(obs, mine)
        buttons = self._buttons(obs, mine) if mine is not None else []
        room = (buttons[0][2] if buttons else 1888) - 36 - 24  # the prompt stops short of the buttons
        ui.text(
            surf,
            _("{name}'s hand").format(name=self.seat_name(viewer)),
            (36, HAND_Y - 56),
            38,
            self.seat_colour(viewer),
            True,
            width=room,
        )
        ui.text(surf, prompt, (36, HAND_Y - 14), 32, ACCENT if mine is not None else MUTED, width=room)
        cards = hand + (obs["discards"][viewer] if phase == Phase.BAD_BATCH and mine is not None else [])
        if not cards:
            ui.text(surf, _("No cards in hand."), (960, HAND_Y + 90), 38, MUTED, anchor="midtop")
        gap = 12
        w = min(200, (1860 - gap * (len(cards) - 1)) / max(1, len(cards)))
        chosen = self._chosen_cards(obs)
        for i, card in enumerate(cards):
            rect = ui.rect(30 + i * (w + gap), HAND_Y + 30, w, HAND_H - 30)
            self._blit_card(surf, card, rect, ("hand", i))
            if i >= len(hand):  # a discard pile's card, offered to the bad batch
                pygame.draw.rect(surf, DIM, rect, max(2, ui.px(5)), ui.px(14))
            if card in chosen:
                pygame.draw.rect(surf, ACCENT, rect.inflate(ui.px(10), ui.px(10)), max(3, ui.px(7)), ui.px(16))
                pygame.draw.circle(surf, ACCENT, rect.topleft, ui.px(16))
            if mine is not None and self._hand_active(phase, mine):
                self.target(rect, do=lambda seat, _ev, c=card: self._tap_hand(seat, c), key=f"hand:{card}")
        self._draw_buttons(surf, buttons)

    def _hand_active(self, phase: str, seat: int) -> bool:
        return phase in (Phase.CHOOSE, Phase.BAD_BATCH) or (phase == Phase.TURN and not self.state.must_restock(seat))

    def _chosen_cards(self, obs: dict) -> set[str]:
        if obs["phase"] == Phase.CHOOSE:
            return ({self.time_pick} if self.time_pick else set()) | set(obs.get("picked", []))
        if obs["phase"] == Phase.BONUS:
            return set(obs["just_played"])
        return set(obs.get("picked", []))

    def _prompt(self, obs: dict, mine: int | None) -> str:
        phase = obs["phase"]
        if mine is None:
            if phase == Phase.CHOOSE and obs.get("choice"):
                return _("Your time card is chosen: waiting for the others")
            return self.turn_text()
        if phase == Phase.CHOOSE:
            if self.time_pick is None:
                return _("Choose your time card (early arrivals take an hour off), then Play")
            early = obs.get("picked", []) if not is_early(self.time_pick) else []
            return label(
                self.state, mine, {"type": "time_card", "card": self.time_pick, "early": early}, self.session.names()
            )
        if phase == Phase.BONUS:
            return _("Bonus fill: choose a lit recipe the cards just played cover, or skip")
        if phase == Phase.BAD_BATCH:
            return _("Bad batch: choose a card of your hand or discard pile to remove from the game")
        if self.state.must_restock(mine):
            return _("You revealed no timed card: restock today")
        if self.reserving:
            return _("Choose the recipe to put back on the deck")
        if obs.get("picked"):
            return _("Lit recipes are covered by your cards: choose one to fill it")
        return _("Choose cards to fill a recipe, or restock")

    def _buttons(self, obs: dict, mine: int) -> list[tuple[str, dict | Step, float, float]]:
        """The seat's buttons, right-aligned above the hand: (text, action, x, width)."""
        phase = obs["phase"]
        buttons: list[tuple[str, dict | Step]] = []
        if phase == Phase.CHOOSE:
            buttons.append((_("Play"), self._confirm_time))
        elif phase == Phase.BONUS:
            buttons.append((_("No bonus fill"), {"type": "skip_bonus"}))
        elif phase == Phase.TURN and obs.get("picked"):
            buttons.append((_("Put them back"), {"type": "cancel"}))
        elif phase == Phase.TURN:
            back = len(obs["discards"][mine])
            buttons.append((_("Restock ({n})").format(n=back), {"type": "restock"}))
            if obs["book"]:
                buttons.append((_("Cancel") if self.reserving else _("Restock and reserve"), self._toggle_reserve))
        placed: list[tuple[str, dict | Step, float, float]] = []
        x = 1888.0
        for text, what in reversed(buttons):
            w = max(200, self.ui.font(34, True).size(text)[0] / self.ui.u + 48)
            x -= w
            placed.insert(0, (text, what, x, w))
            x -= 16
        return placed

    def _draw_buttons(self, surf, buttons: list[tuple[str, dict | Step, float, float]]) -> None:
        for text, what, x, w in buttons:
            rect = self.ui.rect(x, HAND_Y - 60, w, 64)
            self.ui.panel(surf, rect, PANEL_HI, 14, ACCENT)
            self.ui.text(surf, text, (x + w / 2, HAND_Y - 28), 34, INK, True, "center")
            if isinstance(what, dict):
                self.target(rect, what, key=f"button:{text}")
            else:
                self.target(rect, do=what, key=f"button:{text}")

    def _toggle_reserve(self, _seat: int, _ev=None) -> bool:
        self.reserving = not self.reserving
        return True

    # -- every seat's area
    def _draw_seats(self, surf, obs: dict) -> None:
        """Each seat's panel, a face drawn once per look (`_seat_look`): a move repaints the
        panels it changed, in the frames after it, not every seat's words and symbols."""
        ui, n = self.ui, self.state.num_seats
        gap = 12
        w = (1888 - gap * (n - 1)) / n
        for seat in range(n):
            look = self._seat_look(obs, seat)
            rect = ui.rect(16 + seat * (w + gap), SEATS_Y, w, SEATS_H)
            paint = partial(self._paint_seat, seat=seat, look=look, w=w)
            self.faces.blit(surf, ("seat", seat, w, *look), rect, paint, place=("seat", seat), kind=None)

    def _seat_look(self, obs: dict, seat: int) -> tuple:
        """Everything a seat's panel shows: whether it acts, its points, keys, counts, its
        revealed time card (None: none shown) and point symbols."""
        choosing = obs["phase"] == Phase.CHOOSE
        when = obs["times"][seat]
        front = obs["fronts"][seat] and not choosing  # a revealed time card, until its turn
        kinds = self._kinds(obs, seat)
        return (
            self.seat_name(seat),
            self.seat_colour(seat),
            seat in self.state.actors() and not choosing,
            obs["points"][seat]["total"],
            tuple(seat_keys.keys(self, seat)),
            obs["hand_sizes"][seat],
            len(obs["discards"][seat]),
            len(obs["taken"][seat]),
            (clock(when) if when is not None else _("last")) if front else None,
            tuple(kinds[k] for k in POINT_KINDS),
        )

    def _paint_seat(self, surf: pygame.Surface, seat: int, look: tuple, w: float) -> None:
        """A seat's panel on its face (design units from the face's top left)."""
        ui = self.ui
        name, colour, acting, total, keys, hand, discards, taken, tag, kinds = look
        ui.panel(surf, surf.get_rect(), PANEL_HI if acting else PANEL, 16, ACCENT if acting else None)
        points = ngettext("{n} pt", "{n} pts", total).format(n=total)
        r = ui.text(surf, points, (w - 14, 12), 36, ACCENT, True, "topright")
        start = 16 + seat_keys.name_room(ui, name, 38) + 16
        drawn = seat_keys.draw(self, surf, seat, (start, 18, r.left / ui.u - 16 - start, 30))
        lift = 0.0  # a narrow panel (5 or 6 seats): its lines close up, the keys go under the point symbols
        if drawn is None and keys:
            lift = 14
            seat_keys.draw(self, surf, seat, (16, 172, w - 32, 30), right=False)
        left = (drawn or r).left / ui.u  # the name stops short of the keys and points
        ui.text(surf, name, (16, 10), ui.fit(name, 38, left - 12 - 16, 26, True), colour, True)
        lines = [
            _("Hand {h} · Discards {d}").format(h=hand, d=discards),
            ngettext("{n} recipe filled", "{n} recipes filled", taken).format(n=taken),
        ]
        # A narrow panel (5 or 6 seats) has no room for the time card beside the point
        # symbols: while it is face up it takes the recipes line, which waits a turn.
        narrow = w < SEATS_WIDE
        if tag is not None and narrow:
            lines.pop()
        for j, line in enumerate(lines):
            at = 60 - lift / 2 + (38 - lift / 2) * j
            ui.text(surf, line, (16, at), ui.fit(line, 32, w - 32, 22), MUTED)
        room = w - 32  # the point symbols' row; a time card beside them takes its right end
        if tag is not None and narrow:
            ui.picture(surf, "relleno.time_card", (36, 115 - lift / 2), 34)
            ui.text(surf, tag, (62, 98 - lift / 2), 32, INK, True, width=w - 78)
        elif tag is not None:
            r = ui.text(surf, tag, (w - 14, 150), 34, INK, True, "topright")
            ui.picture(surf, "relleno.time_card", (r.left / ui.u - 24, 170), 38)
            room = r.left / ui.u - 24 - 19 - 8 - 16  # short of the time card's picture ("08:35" in French)
        self._draw_kinds(surf, kinds, 16, 142 - lift, room)

    def _kinds(self, obs: dict, seat: int) -> Counter:
        """Point symbols a seat owns: its recipes taken and not removed (chefs carry none)."""
        kept = Counter(obs["taken"][seat]) - Counter(obs["removed"][seat])
        cards = content().cards
        return Counter(k for c in kept.elements() for k in cards[c].points)

    def _draw_kinds(self, surf, kinds: tuple[int, ...], x: float, y: float, width: float) -> None:
        """The seat's count of each point symbol (`POINT_KINDS`), each beside its picture."""
        ui = self.ui
        step = min(110, width / 3)
        icon = min(38, step * 0.42)  # narrow seats (six, a time card shown): smaller, never overlapping
        for i, kind in enumerate(POINT_KINDS):
            ui.picture(surf, f"relleno.{kind}", (x + icon / 2 + 1 + i * step, y + 20), icon)
            count = str(kinds[i])
            ui.text(surf, count, (x + icon + 6 + i * step, y + 20), 34, INK, True, "midleft", width=step - icon - 8)

    # -- the reveal and the end
    def _draw_reveal(self, surf) -> None:
        ui = self.ui
        start = self.reveal_at or 0.0
        self.before(start + REVEAL_S)  # drawn whole again when it goes
        ui.shade(surf, 150)
        n = len(self.revealed)
        box = ui.rect(260, 180, 1400, 140 + 92 * n)
        ui.cover(box)
        ui.panel(surf, box, (70, 44, 52), 22, ACCENT)
        ui.text(surf, _("Time cards revealed: today's order"), (960, 200), 48, ACCENT, True, "midtop")
        # The cards turn over one after another as live parts: only their rows are painted
        # each frame, and once the last has turned the panel stands still (TableDrawing.before).
        turning = self.motion.enabled and self.before(start + 0.25 * (n - 1) + 0.35)
        for i, (seat, when, extra) in enumerate(self.revealed):
            y = 290 + 92 * i
            ui.text(surf, f"{i + 1}.", (320, y + 14), 44, MUTED, True)
            ui.text(surf, self.seat_name(seat), (400, y + 14), 44, self.seat_colour(seat), True)
            if turning:
                turn = partial(self._paint_turning, at=start + 0.25 * i, y=y, when=when, extra=extra)
                self.live(surf, ui.rect(1036, y - 4, 614, 88), turn)
            else:
                self._paint_time_card(surf, 1.0, y, when, extra)

    def _paint_turning(self, surf, at: float, y: float, when: int | None, extra: int) -> None:
        """A time card turning over from `at` (a live part): face down, narrowing, face up."""
        self._paint_time_card(surf, max(0.0, min(1.0, (self.clock - at) / 0.35)), y, when, extra)

    def _paint_time_card(self, surf, flip: float, y: float, when: int | None, extra: int) -> None:
        """A revealed time card `flip` turned over (narrowing, then face up), and its early arrivals."""
        ui = self.ui
        card = ui.rect(1040 + 130 * (1 - flip) / 2, y, 260 * max(flip, 0.04), 80)
        ui.panel(surf, card, PAPER if flip >= 0.5 else (192, 80, 122), 12)
        if flip >= 0.5:
            tag = clock(when) if when is not None else _("last")
            ui.text(surf, tag, (1170, y + 40), 44, CARD_INK, True, "center", width=250)
            if extra > 0:
                note = ngettext("{n} early arrival", "{n} early arrivals", extra).format(n=extra)
                ui.text(surf, note, (1330, y + 40), 32, MUTED, anchor="midleft", width=310)

    def _draw_end(self, surf, obs: dict) -> None:
        ui = self.ui
        ui.shade(surf, 170)
        n = self.state.num_seats
        box = ui.rect(200, 120, 1520, 250 + 96 * n)
        ui.cover(box)
        ui.panel(surf, box, (70, 44, 52), 22, GREEN)
        winners = obs["winners"]
        head = i18n.winners(self.seat_name(s) for s in winners)
        ui.text(surf, head, (960, 140), 58, GREEN, True, "midtop")
        cols = [(720, "star"), (840, "coin"), (960, "trophy")]
        y0 = 240
        for x, kind in cols:
            ui.picture(surf, f"relleno.{kind}", (x, y0 + 20), 46)
        ui.text(surf, _("Sets"), (1110, y0 + 20), 34, MUTED, True, "center")
        ui.text(surf, _("Cards"), (1290, y0 + 20), 34, MUTED, True, "center")
        ui.text(surf, _("Total"), (1480, y0 + 20), 34, MUTED, True, "center")
        ranked = sorted(range(n), key=lambda s: (-obs["points"][s]["total"], s))
        for i, seat in enumerate(ranked):
            y = y0 + 60 + 96 * i
            win = seat in winners
            if win:
                ui.panel(surf, ui.rect(240, y - 6, 1440, 84), PANEL_HI, 14, GREEN)
            ui.text(surf, self.seat_name(seat), (270, y + 36), 42, self.seat_colour(seat), True, "midleft")
            kinds = self._kinds(obs, seat)
            for x, kind in cols:
                ui.text(surf, str(kinds[kind]), (x, y + 36), 42, INK, False, "center")
            pts = obs["points"][seat]
            ui.text(surf, f"{pts['sets']} × 2", (1110, y + 36), 40, INK, False, "center")
            cards = obs["hand_sizes"][seat] + len(obs["discards"][seat]) + len(obs["fronts"][seat])
            ui.text(surf, str(cards), (1290, y + 36), 40, MUTED, False, "center")
            ui.text(surf, str(pts["total"]), (1480, y + 36), 48, GREEN if win else ACCENT, True, "center")
        ui.text(
            surf,
            _("1 point per symbol, 2 more per star-coin-trophy set; ties: most cards"),
            (960, y0 + 80 + 96 * n),
            32,
            MUTED,
            anchor="midtop",
        )
