"""Wok Up on one screen: the table seen from above, in real time.

The middle is the table at `S` design units per mm, the wok filling the height
between the mats: the pentagon of decks and dividers, the face-up recipes as
pictograms, the tokens (a disc in the ingredient's colour, its picture and its
count as a numeral, to read from the sofa). A flying token is drawn above
its shadow, larger the higher it is, and narrows as it flips until its other
face shows. Each seat's mat lies on the table at its edge: name, pile, won
cards, "out this round", and for a human seat on a touch screen its own small
pentagon of deck buttons and a Wok'up! button. Clicking or tapping a recipe on
the table itself slaps it for the pointer's seat (or the one human playing).

The scene keeps the game clock (ns of game time, stopped whenever the scene
does not update), runs the pymunk table during throws, runs its own bots
(each plans its claims for a look, see bots.py) and submits the table's
actions: the signal, the settle, the resolve, the timeout's pick. It decides
no rule. Claims carry the time of the press, not of the frame.
"""

from __future__ import annotations

import logging
import math
import time
from typing import NamedTuple

import pygame

from game import i18n
from game.app import pictures, seat_keys
from game.app.table import TableScene
from game.app.ui import ACCENT, GREEN, INK, MUTED, PANEL, RED
from game.engine import SYSTEM
from game.i18n import N_, _, ngettext
from game.input.devices import controller_label
from game.input.events import deck_index

from ...input import Control
from .. import bots, clips, data, geometry, words
from ..driver import Driver
from ..rules import MS, _timing
from . import art
from .replay import CLOSE_NS, SLOW, Replay, claim_marks

log = logging.getLogger(__name__)
# Design units per mm: the wok's cards (y -219 to +196 mm) fill the height between the
# top and bottom mats, so that tokens (36 mm, 65 units) read from the sofa (issue 26).
S = 1.75
CX, CY = 960, 553  # the wok's middle on screen: a little low, its top card reaches further
RING = (CX - 470, 146, 940, 792)  # a replay's frame round the wok: an oval between the mats
DIAL = (1500, 400, 58)  # the countdown to the next throw: centre and radius, right of the wok
SEAT_S = 1.45  # where the seats' mats lie along the screen's edges (their own scale, set by the mats' room)
FELT = (38, 92, 70)
FELT_EDGE = (28, 70, 54)
WOOD = (92, 60, 38)
DIVIDER = (70, 46, 30)
CARD = (252, 246, 232)
BANNER_S = 2.6
COUNT = Control.DOWN  # held, any seat's: the wok's counts shown in large type (buzzer boxes: learning mode)
COUNT_SIZE = 56  # the counts on demand: larger than a token's own numeral (43 px at 1080p)
COUNT_KEYS = ((COUNT, N_("counts")),)  # shown on each mat: what to hold for them
MAT_BOTTOM = (520, 132)  # a seat's mat at the top or bottom edge
MAT_SIDE = (290, 250)  # at the left or right edge
MAT_CARD = (24, 34)  # a recipe won, small on its winner's mat
# The learning counts' panel: the first of these corners that no mat takes at a table's seat count.
LEARNING_SIZE = (204, 340)  # narrow enough for the corner beside a top mat at 3, 5 or 6 seats
LEARNING_SPOTS = [(10, 10), (10, 372), (10, 730), (1706, 10), (1706, 730)]
LEVEL_NAMES = {
    "random": N_("random"),
    "gentle": N_("gentle"),
    "relaxed": N_("relaxed"),
    "normal": N_("normal"),
    "sharp": N_("sharp"),
}


def mm(x: float, y: float) -> tuple[float, float]:
    """A table point (mm) in design units."""
    return CX + x * S, CY + y * S


def seat_point(x: float, y: float) -> tuple[float, float]:
    """A seat's hand (mm) in design units, on the screen's edge where its mat lies."""
    return 960 + x * SEAT_S, 540 + y * SEAT_S


class WokUpScene(TableScene):
    private_views = False  # nobody looks at a pile: one table for everyone, no curtain
    opaque = True  # draw_table blits the table's layer over the whole stage first: App.draw need not fill it
    # A guided game's panel: left of the wok and the banner, under the learning counts.
    guide_box = (20, 372, 480, 400)

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        players = {seat: bots.make(cfg.level) for seat, cfg in enumerate(session.seats) if cfg.is_bot}
        # The table in game time (physics, bots' claims, the table's own actions): see driver.py.
        self.driver = Driver(lambda: self.state, self.submit, players, session.seed)
        self.table = self.driver.table
        self.wok = geometry.wok()
        self.mono_at = time.monotonic_ns()
        self.hands: list[dict] = []  # claims shown on the cards
        self.counting: set[int] = set()  # seats holding the count control: the counts shown, large
        self.banner: list[tuple[str, tuple]] = []
        self.banner_until = 0.0
        self.splash_until = 0.0
        self.shouts: dict[int, float] = {}  # seat -> scene time its "Wok'up!" bubble ends
        self._impacts = 0  # the table's impacts already heard
        self._tick = 0  # the countdown second already heard
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._static_decks: tuple = ()  # what each deck showed when the layer was painted
        self._deck_rects: list[pygame.Rect] = []  # where the decks lie, made with the static layer
        # Each token as the last frame drew it: what it showed and where (None: on the floor).
        self._token_drawn: dict[str, TokenLook | None] = {}
        # The last second of the wok, again after a close call (recorded in a game that is
        # kept even where nobody watches: its close calls are kept with it as clips).
        self.replay = Replay(app.motion, keep=session.saves is not None and not session.demo)
        # Show counts and complete recipes: chosen for this game, or in the settings for all.
        self.learning = self.state.options["learning"] or app.settings.learning_mode

    # ---- time ---------------------------------------------------------------
    @property
    def game_ns(self) -> float:
        """The game's clock: it runs only while this scene updates (paused underneath a menu)."""
        return self.driver.now

    def press_time(self, t_ns: int) -> int:
        """The game time of a press stamped `t_ns` by its device (monotonic)."""
        return int(self.driver.now + (t_ns - self.mono_at))

    def update(self, dt: float) -> None:
        super().update(dt)
        if not (self.state.is_over() or self.state.paused or self.time_held):
            self.driver.advance(dt * 1e9)
        self.replay.record(self.game_ns, self._tokens())
        self.mono_at = time.monotonic_ns()
        self._sounds()

    def _sounds(self) -> None:
        """What the rules never see: tokens touching down, the last seconds before the signal."""
        if self.table.impacts != self._impacts:
            self._impacts = self.table.impacts
            self.app.audio.play("token_land")
        tick = 0
        state = self.state
        if state.phase == "look" and not state.claims and not (state.paused or self.time_held):
            left = (state.legal_actions(SYSTEM)[0]["t"] - self.game_ns) / 1e9
            tick = math.ceil(left) if 0 < left <= 3 else 0
        if tick and tick != self._tick:
            self.app.audio.play("countdown_tick")
        self._tick = tick

    def stand_in(self, seat: int, level: str | None) -> None:
        self.driver.set_player(seat, None if level is None else bots.make(level))

    def hold_bots(self, held: bool) -> None:
        if held:
            self._held_players = dict(self.driver.players)
            self.driver.hold_bots()
            return
        for seat, bot in self._held_players.items():  # they plan from the next look
            self.driver.set_player(seat, bot)

    # ---- what players do ------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.control == Control.MENU and ev.pressed:
            self.counting.clear()  # a count key let go under the pause menu would never reach the table
        super().handle(ev)

    def table_event(self, ev) -> bool:
        """Deck and Wok'up! controls (keys, pads, buzzer stations), confirm for a
        replay, down held for the counts; taps reach `act` through the targets drawn (the decks, each seat's
        own buttons, the claim banner for a replay)."""
        seat, control = self.acting_seat(ev), ev.control
        if control == COUNT and seat is not None:  # held: the wok's counts in large type; the rules never hear it
            (self.counting.add if ev.pressed else self.counting.discard)(seat)
            return True
        if ev.pressed and control == Control.CONFIRM and self.banner and not self.state.is_over():
            return self.start_replay()  # confirm (unused here otherwise) on a claim's result replays it
        if not ev.pressed or seat is None or not (deck_index(control) is not None or control == Control.WOKUP):
            return False  # an unknown control ("deck9" from a corrupt frame) is ignored
        self.press(seat, control, ev)
        return True

    def press(self, seat: int, control: str, ev) -> bool:
        self.act(seat, control, self.press_time(ev.t_ns), ev.uncertainty_ns)
        return True

    def _control_target(self, rect: pygame.Rect, control: str, owner: int | None) -> None:
        self.target(
            rect,
            do=lambda seat, ev: self.press(seat, control, ev),
            key=f"{owner}:{control}",
            focusable=False,
            owner=owner,
        )

    def act(self, seat: int, control: str, t: int, u: int = 0) -> None:
        """A seat's deck or Wok'up! control, pressed at game time `t`."""
        state = self.state
        deck = deck_index(control)
        if deck is None and control != Control.WOKUP:
            return  # not a control of this game
        if state.phase == "pick":
            if state.picks[0]["seat"] == seat and deck is not None:
                self.submit(seat, {"type": state.picks[0]["kind"], "deck": deck, "t": max(t, state.now)})
            return
        if state.phase == "flight":
            self.flash(_("Wait until the wok settles"), 1.5)
        elif state.phase == "look" and state.out[seat]:
            self.flash(_("{name} is out this round").format(name=self.seat_name(seat)), 1.5)
        elif state.phase == "look" and deck is not None and not state.face_up[deck]:
            self.flash(_("No recipe on deck {n}").format(n=deck + 1), 1.5)
        elif state.phase == "look":
            action = {"type": "wokup"} if deck is None else {"type": "slap", "deck": deck}
            self.submit(seat, {**action, "t": max(t, state.look_start), "u": u})

    def on_applied(self, seat: int, action) -> None:
        kind = action.get("type")
        if kind == "slap":
            self.hands.append({"seat": seat, "deck": action["deck"], "result": None})
        elif kind == "wokup":
            self.shouts[seat] = self.clock + BANNER_S
        elif kind == "signal":
            self.splash_until = self.clock + 0.45
        elif kind == "turn":
            self.motion.reveal(("deck", action["deck"]))
        elif kind == "resolve":
            self._announce()
        if kind in ("resolve", "signal"):
            self._lights()

    def _claim_lines(self) -> list[tuple[str, tuple]]:
        """The decided claims in words, each in its colour, the first with its margin ("by 12 ms")."""
        last = self.state.last
        colour = {"won": self.seat_colour, "wrong": lambda s: RED, "covered": lambda s: GREEN}
        lines = [(text, colour[kind](seat)) for text, seat, kind in words.claim_lines(last, self.session.names())]
        margin = words.margin_text(last)
        if margin and lines:
            lines[0] = (f"{lines[0][0]} ({margin})", lines[0][1])
        return lines

    def _announce(self) -> None:
        last = self.state.last
        results = {(c["seat"], c.get("deck")): c["result"] for c in last["claims"]}
        for hand in self.hands:
            hand["result"] = results.get((hand["seat"], hand["deck"]))
        lines = self._claim_lines()
        for seat, card_id in last["won"]:  # the card flies to its winner, whose count rises
            deck = data.card_by_id()[card_id].deck
            mat, _shape = self._mat_rect(seat)
            index = [d.id for d in data.decks_and_cards()[0]].index(deck)
            src = self._deck_rects[index] if self._deck_rects else mat
            dst = pygame.Rect(mat.x + mat.w // 3, mat.y, mat.h // 2, mat.h * 3 // 4)
            self.motion.fly(f"wokup.back.{deck}", src, dst)
            self.motion.rise("+1", (mat.centerx / self.ui.u, mat.centery / self.ui.u), self.seat_colour(seat))
        self.banner, self.banner_until = lines[:2], self.clock + BANNER_S
        gap = words.margin_ns(last)
        if gap is not None and gap < CLOSE_NS:
            self._keep_clip()
            self.start_replay()
        if self.state.is_over():  # the end stays up until the results screen
            names = i18n.names(self.seat_name(w) for w in self.state.winners())
            self.banner = [(_("{names}: Grand Master of the Wok!").format(names=names), ACCENT)] + lines[:1]
            self.banner_until = self.clock + 600

    def start_replay(self) -> bool:
        """The last second of the wok again, slowly, with each claim's press marked."""
        return self.replay.begin(self.clock, claim_marks(self.state.last or {"claims": []}))

    def _keep_clip(self) -> None:
        """A close call's last second, kept with the game for the theatre (game/wokup/clips.py)."""
        frames = self.replay.last_second()
        if self.replay.keep and frames:
            self.session.clips.append(clips.encode(len(self.state.log), frames))
            self.session.save()  # with the save too (the resolve's was written before it)

    # ---- in the theatre ---------------------------------------------------------------
    def show_clip(self, clip: dict | None) -> bool:
        """A kept close call played back at its claim, as at the table: the wok's last second
        slowly, each press marked with its time, each slap's hand on its card, the claims
        in words with the margin. None (the theatre moved on) ends it. False: no clip, or
        one that does not fit game/wokup/clips.py (logged; the replay plays on without it)."""
        self.replay.clip, self.hands, self.banner, self.shouts = [], [], [], {}
        last = self.state.last
        if clip is None or not last or not last.get("claims"):
            return False
        try:
            frames = clips.decode(clip)
        except ValueError as exc:
            log.warning("a kept instant replay cannot be shown: %s", exc)
            return False
        self.hands = [
            {"seat": c["seat"], "deck": c["deck"], "result": c["result"]} for c in last["claims"] if c["type"] == "slap"
        ]
        for c in last["claims"]:
            if c["type"] == "wokup":
                self.shouts[c["seat"]] = self.clock + self.clip_seconds(frames)
        self.banner, self.banner_until = self._claim_lines()[:2], self.clock + self.clip_seconds(frames)
        return self.replay.play(frames, self.clock, claim_marks(last))

    @staticmethod
    def clip_seconds(frames: list[tuple[float, list[dict]]]) -> float:
        """Scene seconds a clip's playback lasts."""
        return (frames[-1][0] - frames[0][0]) / 1e9 / SLOW

    @property
    def clip_playing(self) -> bool:
        return self.replay.at(self._clock) is not None  # ends it once its time is over, drawn or not

    def _lights(self) -> None:
        """Buzzer stations (docs/buzzers.md): lit for a seat that has just won a
        card, blinking for a seat out of the round, dark otherwise."""
        buzzers = self.app.buzzers
        if buzzers is None:
            return
        winners = {seat for seat, _card in self.state.last["won"]} if self.state.phase == "pick" else set()
        for seat in range(self.state.num_seats):
            mode = "blink" if self.state.out[seat] else "on" if seat in winners else "off"
            buzzers.set_seat_led(seat, mode)

    # ---- drawing ----------------------------------------------------------------
    def draw_table(self, surf: pygame.Surface) -> None:
        state, ui = self.state, self.ui
        static = self._static_layer(surf)
        surf.blit(static, (0, 0))
        for d, rect in enumerate(self._deck_rects):  # a recipe being turned over narrows, then widens
            if state.decks[d]:
                ui.box(rect)  # the layout test knows where the cards lie (no banner over them)
            wide = self.motion.flip(("deck", d), rect)
            if wide < 1:
                face = pygame.transform.smoothscale(static.subsurface(rect), (max(1, round(rect.w * wide)), rect.h))
                surf.fill((58, 120, 94), rect)
                surf.blit(face, face.get_rect(center=rect.center))
        # The decks on the table are tap targets too, for the pointer's seat
        # (or the one human playing); the seats' own buttons, drawn later, win.
        for d, rect in enumerate(self._deck_rects):
            self._control_target(rect, f"deck{d}", None)
        self._draw_glow(surf)
        shown = self.replay.at(self._clock)
        if shown is not None or (self.driver.flying() and not self.motion.enabled):
            self.follows_clock()  # a replay (its tags follow the clock), or nobody watches: drawn whole
        for tok in self._tokens() if shown is None else self.replay.tokens(shown):
            self._draw_token(surf, tok)
        self._draw_hands(surf)
        for seat in range(state.num_seats):
            self._draw_mat(surf, seat)
        self._draw_clock(surf)
        if self.learning or self.counting:
            self._draw_learning(surf, large=bool(self.counting))
        self._draw_banner(surf)
        if shown is not None:
            self._draw_replay(surf, shown)

    def _tokens(self) -> list[dict]:
        """The tokens as drawn now: from the physics during a throw, else where they lie."""
        return self.table.snapshot() if self.driver.flying() else self._lying()

    def _draw_replay(self, surf: pygame.Surface, t: float) -> None:
        """A ring round the wok being replayed, a "Replay" tag and each claim's press once
        the replay reaches it, in the top right corner (no seat's mat lies there). More than
        three presses go in two columns: six in one would run onto the right-hand seat's mat."""
        ui = self.ui
        pygame.draw.ellipse(surf, ACCENT, ui.rect(*RING), max(2, ui.px(6)))
        ui.panel(surf, ui.box(ui.rect(1480, 150, 420, 60), "chip"), (24, 16, 14), 16, ACCENT)
        ui.text(surf, _("Replay"), (1690, 180), 40, ACCENT, True, "center", width=400)
        first = self.replay.marks[0][1] if self.replay.marks else 0
        pressed = [(seat, at) for seat, at in self.replay.marks if at <= t]
        columns = 1 if len(self.replay.marks) <= 3 else 2
        w = (420 - 8 * (columns - 1)) / columns
        for i, (seat, at) in enumerate(pressed):
            colour = self.seat_colour(seat)
            row, col = divmod(i, columns)
            r = ui.box(ui.rect(1480 + col * (w + 8), 218 + row * 50, w, 44), "chip")
            ui.panel(surf, r, (24, 16, 14), 12, colour)
            label = f"{self.seat_name(seat)}  +{round((at - first) / 1e6)} ms"
            ui.text(surf, label, (r.centerx / ui.u, r.centery / ui.u), 32, colour, True, "center", width=w - 20)

    def _lying(self) -> list[dict]:
        return [
            {
                "id": t["id"],
                "x": t["x"],
                "y": t["y"],
                "z": 0.0,
                "phi": math.pi * t["face"],
                "angle": math.radians(t["a"]),
                "off": t["off"],
                "airborne": False,
            }
            for t in self.state.table
        ]

    def _static_layer(self, surf: pygame.Surface) -> pygame.Surface:
        """The table, the wok, the decks and the face-up recipes: painted whole when the
        size, the learning mode or the language change; a recipe won or turned over paints
        its deck's area again, in place (a new layer painted whole cost 6-8 ms at 1080p:
        most of a claim's frame)."""
        state = self.state
        key = (surf.get_size(), self.learning, i18n.language())  # the learning mode: the decks' names on their backs
        decks = tuple(state.decks[d][-1] if state.face_up[d] else len(state.decks[d]) for d in range(5))
        if key != self._static_key or self._static is None:
            self._static_key, self._static_decks = key, decks
            self._static = pygame.Surface(surf.get_size(), 0, surf)
            self._deck_rects = [_bounds(self._poly(card)) for card in self.wok.cards]
            self._paint_static(self._static)
            # A won card's back, known ahead: leaving its deck (the flight's first size) and
            # on the winner's mat. Scaled now, not in the claim's frame (a load and two scalings).
            for deck, rect in zip(data.decks_and_cards()[0], self._deck_rects, strict=True):
                pictures.pictures().warm([f"wokup.back.{deck.id}"], rect.size)
                pictures.pictures().warm([f"wokup.back.{deck.id}"], self.ui.rect(0, 0, *MAT_CARD).size)
        elif decks != self._static_decks:
            changed = [d for d in range(5) if decks[d] != self._static_decks[d]]
            self._static_decks = decks
            for d in changed:
                self._static.set_clip(self._deck_area(d))
                self._paint_static(self._static)
            self._static.set_clip(None)
        return self._static

    def _deck_area(self, d: int) -> pygame.Rect:
        """All that deck `d` ever paints on the table layer: its card, the stack's thickness
        under it (down and right), its number beside it, its name across its back."""
        card = self._deck_rects[d]
        area = card.union(card.move(8, 8)).union(self._deck_number(d)[1])
        if self.learning:
            area.union_ip(self._deck_name(d)[1])
        return area.inflate(4, 4)

    def _deck_name(self, d: int) -> tuple[pygame.Surface, pygame.Rect]:
        """The deck's name on its back (learning mode) and the dark band under it."""
        deck, rect = data.decks_and_cards()[0][d], self.wok.cards[d]
        label = self.ui.render(_(words.DECK_NAMES[deck.id]), 26, INK, True)
        return label, label.get_rect(center=self._pt(rect.x, rect.y)).inflate(self.ui.px(8), 0)

    def _deck_number(self, d: int) -> tuple[pygame.Surface, pygame.Rect]:
        """The deck's control number and where it lies: beside the card's inner half on the
        side away from the middle of the screen (beyond the card's end it would lie under the
        top seat's mat or the claims banner across the wok)."""
        rect = self.wok.cards[d]
        num = self.ui.render(str(d + 1), 34, ACCENT, True)
        along = -rect.half_length / 2
        side = (rect.half_width + 14) * (1 if -rect.uy * rect.ux >= 0 else -1)
        at = (rect.x + rect.ux * along - rect.uy * side, rect.y + rect.uy * along + rect.ux * side)
        return num, num.get_rect(center=self._pt(*at))

    def _pt(self, x: float, y: float) -> tuple[int, int]:
        dx, dy = mm(x, y)
        return self.ui.px(dx), self.ui.px(dy)

    def _poly(self, rect) -> list[tuple[int, int]]:
        return [self._pt(x, y) for x, y in rect.corners()]

    def _paint_static(self, s: pygame.Surface) -> None:
        ui, spec = self.ui, data.table()
        s.fill((30, 22, 20))
        w, h = spec.table["width"] / 2, spec.table["height"] / 2
        table = pygame.Rect(self._pt(-w, -h), (ui.px(2 * w * S), ui.px(2 * h * S)))
        pygame.draw.rect(s, WOOD, table.inflate(ui.px(24), ui.px(24)), border_radius=ui.px(30))
        pygame.draw.rect(s, FELT, table, border_radius=ui.px(22))
        ring = max(self.wok.reach + 40, 0)
        pygame.draw.circle(s, FELT_EDGE, self._pt(0, 0), ui.px(ring * S))
        pygame.draw.polygon(s, (58, 120, 94), [self._pt(x, y) for x, y in self.wok.corners])
        for rect in self.wok.dividers:
            pygame.draw.polygon(s, DIVIDER, self._poly(rect))
        for d in range(5):  # (one deck painted again: its neighbours only where they reach it)
            if self._deck_area(d).colliderect(s.get_clip()):
                self._paint_deck(s, d)

    def _paint_deck(self, s: pygame.Surface, d: int) -> None:
        ui, state, rect = self.ui, self.state, self.wok.cards[d]
        deck = data.decks_and_cards()[0][d]
        corners = self._poly(rect)
        if not state.decks[d]:
            pygame.draw.polygon(s, (50, 104, 82), corners, max(1, ui.px(3)))
            return
        for depth in range(min(4, len(state.decks[d])), 0, -1):  # the stack's thickness
            pygame.draw.polygon(s, (30, 24, 20), [(x + depth * 2, y + depth * 2) for x, y in corners])
        pygame.draw.polygon(s, art.deck_colour(deck.id), corners)
        cx, cy = self._pt(rect.x, rect.y)
        if state.face_up[d]:
            inner = geometry.Rect(rect.x, rect.y, rect.ux, rect.uy, rect.half_length - 5, rect.half_width - 5)
            pygame.draw.polygon(s, CARD, self._poly(inner))
            face = art.card_face(state.decks[d][-1], ui.px(90), ui.px(48))  # the card's width, less a margin
            s.blit(face, face.get_rect(center=(cx, cy)))
        else:  # the family's back: colour, pattern and emblem (the name only in the learning mode)
            box = (ui.px(2 * rect.half_width * S), ui.px(2 * rect.half_length * S))
            back = pygame.transform.rotate(
                pictures.get(f"wokup.back.{deck.id}", box), math.degrees(math.atan2(rect.ux, rect.uy))
            )
            s.blit(back, back.get_rect(center=(cx, cy)))
            if self.learning:
                label, band = self._deck_name(d)
                pygame.draw.rect(s, (30, 22, 20), band)
                s.blit(label, label.get_rect(center=(cx, cy)))
        s.blit(*self._deck_number(d))

    def _draw_glow(self, surf: pygame.Surface) -> None:
        """Decks a winner may pick light up, pulsing (a live part each); complete recipes
        too in learning mode."""
        state, ui = self.state, self.ui
        if state.phase == "pick":
            lit = [a["deck"] for a in state.legal_actions(state.picks[0]["seat"])]
        elif self.learning and state.phase == "look":
            lit = state.complete_decks()
        else:
            return
        picking, width = state.phase == "pick", max(2, ui.px(7))
        for d in lit:
            poly = self._poly(self.wok.cards[d])

            def paint(s: pygame.Surface, poly=poly) -> None:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
                pygame.draw.polygon(s, (255, round(160 + 90 * pulse), 40) if picking else GREEN, poly, width)

            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            area = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            self.live(surf, area.inflate(2 * width, 2 * width), paint)

    def own_moves(self) -> list[pygame.Rect]:
        """Where the tokens that move this frame (in the air, sliding, flipping: the pymunk
        bodies) were drawn last frame and will be drawn now: the frame is drawn there alone."""
        if not self.driver.flying():
            return []  # lying still: they move only with the state, and its frame is drawn whole
        now = {tok["id"]: self._token_look(tok) for tok in self.table.snapshot()}
        areas = []
        for tid in now.keys() | self._token_drawn.keys():
            was, will = self._token_drawn.get(tid), now.get(tid)
            if (was and was.key) != (will and will.key):
                areas += [look.rect for look in (was, will) if look]
        return areas

    def _token_look(self, tok: dict) -> TokenLook | None:
        """What a token shows and the rectangle it covers with its shadow (any turn of it)."""
        if tok["off"]:
            return None  # on the floor: out of the picture until the tokens are shared back
        ui = self.ui
        x, y = self._pt(tok["x"], tok["y"])
        d = self.token_px()
        lift = tok["z"] * S * ui.u
        shadow = (x + lift * 0.25, y + lift * 0.1) if tok["airborne"] or tok["z"] > 0 else None
        size = max(4, round(d * (1 + tok["z"] / 500)))
        squash = abs(math.cos(tok["phi"]))
        side = 0 if math.cos(tok["phi"]) >= 0 else 1
        width = size if squash >= 0.98 else max(2, round(size * squash)) if squash > 0.15 else 0  # 0: its edge
        # Lying, a disc looks the same at any angle: drawn upright, its count reads the right way up.
        turn = round(-math.degrees(tok["angle"]) / 10) * 10 if tok["airborne"] or squash < 0.98 else None
        centre = (x, y - lift * 0.6)
        reach = math.ceil(size * 0.75) + 2  # half the diagonal of its turned face, and a pixel
        rect = pygame.Rect(0, 0, 2 * reach, 2 * reach)
        rect.center = round(centre[0]), round(centre[1])
        if shadow is not None:
            under = pygame.Rect(0, 0, d + 4, d + 4)
            under.center = round(shadow[0]), round(shadow[1])
            rect.union_ip(under)
        return TokenLook((tok["id"], side, size, width, turn, centre, shadow), rect)

    def _draw_token(self, surf: pygame.Surface, tok: dict) -> None:
        look = self._token_look(tok)
        was = self._token_drawn.get(tok["id"])
        self._token_drawn[tok["id"]] = look
        if (was and was.key) != (look and look.key):
            for moved in (was, look):
                if moved:
                    self.moved_at(moved.rect.clip(surf.get_rect()))
        if look is None or not look.rect.colliderect(surf.get_clip()):
            return  # on the floor, or outside the area this frame draws
        tid, side, size, width, turn, centre, shadow = look.key
        d = self.token_px()
        if shadow is not None:
            disc = art.token_shadow(d)
            surf.blit(disc, disc.get_rect(center=shadow))
        ingredient, count = art.faces_of(tid)[side]
        # The face painted once at the lying size, scaled while it flies: painted at every
        # height it rose to (a size a pixel apart each frame), the cache missed 2-3 times a frame.
        face = art.token_face(ingredient, count, d)
        if not width:
            face = art.token_edge(size)
        elif (width, size) != (d, d):
            face = pygame.transform.smoothscale(face, (width, size))
        if turn is not None:  # spinning in the air
            face = pygame.transform.rotate(face, turn)
        surf.blit(face, face.get_rect(center=centre))

    def token_px(self) -> int:
        """A lying token's diameter on screen, in pixels."""
        return self.ui.px(2 * self.wok.token_radius * S)

    def _draw_hands(self, surf: pygame.Surface) -> None:
        """Each slap as a hand of the seat's colour on the card; a tick or a cross once judged."""
        ui, state = self.ui, self.state
        if state.phase == "flight":
            self.hands = []
        latest = {(h["deck"], h["seat"]): h for h in self.hands}  # a seat's second slap on a card: one hand
        on_deck: dict[int, list[dict]] = {}
        for hand in latest.values():
            on_deck.setdefault(hand["deck"], []).append(hand)
        for hand in latest.values():
            rect, same = self.wok.cards[hand["deck"]], on_deck[hand["deck"]]
            x, y = self._pt(rect.x, rect.y)
            # Side by side, two to a row past two: every mark readable, every one on its card.
            k, across = same.index(hand), 2 if len(same) > 2 else len(same)
            rows = (len(same) + 1) // 2 if len(same) > 2 else 1
            box = self._deck_rects[hand["deck"]]  # closer together where many would leave the card
            step_x = min(62, (box.w / ui.u - 44) / max(1, across - 1))
            step_y = min(60, (box.h / ui.u - 44) / max(1, rows - 1))
            x += ui.px(step_x * (k % across - (across - 1) / 2))
            y += ui.px(step_y * (k // across - (rows - 1) / 2))
            colour = self.seat_colour(hand["seat"])
            pygame.draw.circle(surf, colour, (x, y), ui.px(34))
            for k in range(4):  # fingers
                a = math.radians(-60 + 40 * k)
                pygame.draw.circle(surf, colour, (x + ui.px(40) * math.sin(a), y - ui.px(40) * math.cos(a)), ui.px(11))
            pygame.draw.circle(surf, INK, (x, y), ui.px(34), max(1, ui.px(3)))
            mark = {"won": ("✓", GREEN), "wrong": ("✗", RED), "wrong-gives": ("✗", RED)}.get(hand["result"])
            if mark:  # on a dark disc, so it shows on any seat's colour
                pygame.draw.circle(surf, (24, 16, 14), (x, y), ui.px(26))
                ui.text(surf, mark[0], (x / ui.u, y / ui.u), 52, mark[1], True, "center")
            else:
                ui.text(surf, self.seat_name(hand["seat"])[:1], (x / ui.u, y / ui.u), 40, INK, True, "center")

    def _mat_rect(self, seat: int) -> tuple[pygame.Rect, str]:
        hx, hy = data.table().seats[self.state.num_seats][seat]
        sx, sy = seat_point(hx, hy)
        if abs(hy) >= abs(hx) * 0.6 or abs(hx) < 400:
            w, h = MAT_BOTTOM
            top = 1080 - h - 6 if hy > 0 else 6
            return self.ui.rect(sx - w / 2, top, w, h), "row"
        w, h = MAT_SIDE
        left = 1920 - w - 6 if hx > 0 else 6
        return self.ui.rect(left, sy - h / 2, w, h), "side"

    def _draw_mat(self, surf: pygame.Surface, seat: int) -> None:
        ui, state = self.ui, self.state
        rect, shape = self._mat_rect(seat)
        colour = self.seat_colour(seat)
        out = state.out[seat] and state.phase in ("look", "flight")
        picking = state.phase == "pick" and state.picks[0]["seat"] == seat
        ui.panel(surf, ui.box(rect, "panel"), (70, 30, 26) if out else PANEL, 16, None if picking else colour)
        if picking:
            self.draw_turn(surf, rect, ACCENT)
        x0, y0 = rect.x / ui.u + 16, rect.y / ui.u + 6
        room = rect.width / ui.u - 32
        if shape == "row" and not self.session.seats[seat].is_bot:
            room -= 216  # a human's touch buttons (and their key letters) take the mat's last 200 units
        start = x0 + seat_keys.name_room(ui, self.seat_name(seat), 36) + 16  # the counts' key beside the name
        keys = seat_keys.draw(self, surf, seat, (start, y0 + 6, x0 + room - start, 30), controls=COUNT_KEYS)
        name_room = (keys.left / ui.u - 12 - x0) if keys else room
        ui.text(surf, self.seat_name(seat), (x0, y0), 36, colour, True, width=name_room)
        won = len(state.won[seat])
        for k in range(won):  # one small card per recipe won, its deck's back
            card = data.card_by_id()[state.won[seat][k]]
            r = ui.box(ui.rect(x0 + k * 26, y0 + 44, *MAT_CARD))
            surf.blit(pictures.get(f"wokup.back.{card.deck}", r.size), r)
        ui.text(
            surf,
            ngettext("{n} token", "{n} tokens", len(state.piles[seat])).format(n=len(state.piles[seat])),
            (x0 + won * 26 + (12 if won else 0), y0 + 42),
            34,
            MUTED,
            width=room - won * 26 - (12 if won else 0),
        )
        if out:
            status, tint = _("OUT this round"), RED
        elif picking:
            status = _("Take a recipe") if state.picks[0]["kind"] == "take" else _("Turn a deck")
            tint = ACCENT
        elif state.phase == "look" and state.num_seats >= 5 and seat in state.throwers():
            status, tint = _("throws next"), INK
        elif self.session.seats[seat].is_bot:
            status, tint = _("bot: {level}").format(level=_(LEVEL_NAMES.get(self.session.seats[seat].level, ""))), MUTED
        else:  # a human: which controller the keys on the buttons belong to
            status, tint = controller_label(self.session.seats[seat].controller), MUTED
        ui.text(surf, status, (x0, y0 + 84), 34, tint, True, width=room)
        if self.before(self.shouts.get(seat, 0)):
            if shape == "side":  # under the mat (over it in the lower half): beside the wok
                at = rect.centerx / ui.u - 120, (rect.y / ui.u - 70) if rect.y > ui.px(540) else rect.bottom / ui.u + 10
            else:  # beside a top or bottom mat, toward the middle: under or over it would cover a card
                at = (
                    (rect.right / ui.u + 10) if rect.centerx <= ui.px(960) else (rect.x / ui.u - 250),
                    rect.centery / ui.u - 30,
                )
            bubble = ui.rect(*at, 240, 60)
            ui.panel(surf, ui.box(bubble, "banner"), ACCENT, 28)  # up for a moment: over no card
            cx, cy = bubble.centerx / ui.u, bubble.centery / ui.u
            ui.picture(surf, "wokup.shout", (cx - 88, cy), 44)  # the megaphone
            ui.text(surf, _("Wok'up!"), (cx + 22, cy), 38, (40, 20, 10), True, "center", width=170)
        if not self.session.seats[seat].is_bot:
            self._draw_buttons(surf, seat, rect, shape)

    def _draw_buttons(self, surf: pygame.Surface, seat: int, rect: pygame.Rect, shape: str) -> None:
        """A human seat's own small pentagon of deck buttons and its Wok'up! button:
        tap targets, each labelled with the key or pad button of the seat's
        controller that does the same (a touch seat's are blank: they tap)."""
        ui = self.ui
        if shape == "side":
            cx, cy = rect.centerx / ui.u - 40, rect.bottom / ui.u - 66
        else:
            cx, cy = rect.right / ui.u - 162, rect.centery / ui.u + 14
        for d in range(5):
            a = math.radians(-90 + 72 * d)
            b = ui.rect(cx + 33 * math.cos(a) - 17, cy + 33 * math.sin(a) - 17, 34, 34)
            up = self.state.face_up[d]
            pygame.draw.ellipse(surf, (235, 225, 205) if up else (90, 70, 60), b)
            key = self.key_hint(seat, f"deck{d}")
            if key:
                ui.text(
                    surf, key, (b.centerx / ui.u, b.centery / ui.u), 26, (40, 20, 10) if up else INK, True, "center"
                )
            self._control_target(b.inflate(ui.px(6), ui.px(6)), f"deck{d}", seat)
        w = ui.rect(cx + 52, cy - 30, 110, 60)  # room for a key's name at MIN_TEXT ("Leertaste")
        ui.panel(surf, w, ACCENT, 20)
        key = self.key_hint(seat, "wokup")
        ui.text(
            surf, "Wok!", (w.centerx / ui.u, w.centery / ui.u - (12 if key else 0)), 28, (40, 20, 10), True, "center"
        )
        if key:
            ui.text(surf, key, (w.centerx / ui.u, w.centery / ui.u + 14), 24, (40, 20, 10), False, "center", width=106)
        self._control_target(w, "wokup", seat)

    def _draw_clock(self, surf: pygame.Surface) -> None:
        """The signal: a ring round the wok empties over the look; "Throw!" when it fires.
        The ring and the last seconds follow the game's clock: a live part of the frame."""
        ui, state = self.ui, self.state
        if self.before(self.splash_until):
            ui.text(surf, _("Throw!"), (CX, CY), 110, ACCENT, True, "center", width=380)  # between cards 2 and 5
        if state.phase != "look" or state.claims or state.paused or self.time_held:
            return  # no countdown while nothing counts down
        at = state.legal_actions(SYSTEM)[0]["t"]
        # A dial right of the wok (a ring round the bigger wok would cross its cards): its
        # face is drawn with the table, its arc and last seconds are a live part.
        dial = ui.rect(DIAL[0] - DIAL[2], DIAL[1] - DIAL[2], 2 * DIAL[2], 2 * DIAL[2])
        pygame.draw.circle(surf, (24, 16, 14), dial.center, dial.w // 2)

        def paint(s: pygame.Surface) -> None:
            left = max(0.0, (at - self.game_ns) / 1e9)
            share = min(1.0, left / (_timing("look_ms") / 1e9))
            if share > 0:
                pygame.draw.arc(s, ACCENT, dial, math.pi / 2, math.pi / 2 + 2 * math.pi * share, max(2, ui.px(9)))
            if 0 < left <= 3:
                ui.text(s, str(math.ceil(left)), DIAL[:2], 72, ACCENT, True, "center")

        self.live(surf, dial, paint)

    def _learning_spot(self) -> tuple[float, float]:
        """Where the learning counts go: the first corner of the screen's sides that no
        seat's mat (nor the countdown dial) takes at this many seats."""
        ui = self.ui
        taken = [self._mat_rect(seat)[0] for seat in range(self.state.num_seats)]
        taken.append(ui.rect(DIAL[0] - DIAL[2], DIAL[1] - DIAL[2], 2 * DIAL[2], 2 * DIAL[2]))
        for x, y in LEARNING_SPOTS:
            if ui.rect(x, y, *LEARNING_SIZE).collidelist(taken) < 0:
                return x, y
        return LEARNING_SPOTS[0]

    def look(self) -> tuple:
        return (*super().look(), tuple(sorted(self.counting)))

    def _draw_learning(self, surf: pygame.Surface, large: bool = False) -> None:
        """What the wok holds, picture by picture: in learning mode, and `large` while a
        seat holds the count control (counts on demand, read from the sofa)."""
        ui, c = self.ui, self.state.wok_content()
        x0, y0 = self._learning_spot()
        r = ui.box(ui.rect(x0, y0, *LEARNING_SIZE), "panel")
        ui.panel(surf, r, (30, 40, 34), 14, GREEN)
        ui.text(surf, _("In the wok"), (x0 + 12, y0 + 8), 34, GREEN, True, width=180)
        for i, ing in enumerate(data.INGREDIENTS):
            y = y0 + 60 + i * 50
            art.icon(surf, ing, (ui.px(x0 + 36), ui.px(y + 18)), ui.px(44 if large else 38))
            count = str(c.counts[ing])
            ui.text(surf, count, (x0 + 70, y + 20), COUNT_SIZE if large else 40, INK, True, "midleft", width=124)
        if max(c.counts.values()) >= 10:  # under the counts
            ui.text(surf, _("Wok'up!"), (x0 + 102, y0 + 302), 34, ACCENT, True, "midtop", width=180)

    def _draw_banner(self, surf: pygame.Surface) -> None:
        ui, state = self.ui, self.state
        if not self.before(self.banner_until):
            self.banner = []
            if state.phase != "pick":
                self.hands = [h for h in self.hands if h["result"] is None]
            return
        # Across the wok between its upper cards and its lower ones (assets/wokup/DESIGN.md,
        # "The claims banner"): over tokens for a moment, never over a card or its claims.
        upper = max(r.bottom for r in self._deck_rects if r.centery < ui.px(CY)) / ui.u
        lower = min(r.top for r in self._deck_rects if r.centery > ui.px(CY)) / ui.u
        y = (upper + lower) / 2 - (62 * len(self.banner) - 6) / 2 + 4
        for i, (text, colour) in enumerate(self.banner):
            r = ui.rect(510, y + i * 62 - 4, 900, 56)
            # Tapping the result of a claim replays it (where motion runs: someone watches).
            self.target(r, do=lambda seat, ev: self.start_replay(), key=f"replay{i}", focusable=False)
            ui.panel(surf, ui.box(r, "banner"), (24, 16, 14), 14, colour)
            ui.text(surf, text, (960, y + i * 62), 38, colour, True, "midtop", width=860)

    # ---- moments (screenshots, bench) -----------------------------------------------
    def run_for(self, seconds: float, until=None, step: float = 1 / 30) -> None:
        """Play `seconds` of game time (bots and the table), stopping early when `until(self)`."""
        for _i in range(int(seconds / step)):
            if self.state.is_over() or (until and until(self)):
                return
            self.update(step)

    @classmethod
    def moments(cls):
        return {
            "start": lambda s: None,
            "midflight": lambda s: s.run_for(
                30,
                lambda k: k.state.phase == "flight" and k.table.time > 0.2 and k.state.round_throws >= 2,
                step=1 / 60,
            ),
            "settled": lambda s: s.run_for(60, lambda k: k.state.phase == "look" and len(k.state.table) >= 7),
            "midgame": lambda s: s.run_for(40),
            "slap": lambda s: s._claim_moment(right=True),
            "wrong_slap": lambda s: s._claim_moment(right=False),
            "replay": lambda s: s._replay_moment(),
            "wokup": lambda s: s._wokup_moment(),
            "learning": lambda s: s._learning_moment(),
            "counts": lambda s: s._counts_moment(),
            "end": lambda s: s._end_moment(),
        }

    def _end_moment(self) -> None:
        """Played to its end, bots standing in for the human seats too: two humans who never
        press would throw for ever (the wok cleared and filled again, never an end)."""
        for seat in self.session.humans():
            self.stand_in(seat, self.session.seats[seat].level)
        self.run_for(3600, step=0.1)

    def _claim_moment(self, right: bool, rival_ms: int | None = None) -> None:
        """Seat 0 slaps: a complete recipe (right) or an incomplete one, then the table
        judges; seat 1 slaps the same card `rival_ms` later if given."""
        self.driver.hold_bots()  # the moment is seat 0's
        for _i in range(40):
            self.run_for(30, lambda k: k.state.phase == "look" and k.state.table and not k.state.claims)
            complete = self.state.complete_decks()
            wrong = [d for d in range(5) if self.state.face_up[d] and d not in complete]
            targets = complete if right else wrong
            if targets and self.state.round_throws >= 2:
                self.act(0, f"deck{targets[0]}", self.state.look_start + 700 * MS)
                if rival_ms is not None:
                    self.act(1, f"deck{targets[0]}", self.state.look_start + (700 + rival_ms) * MS)
                self.run_for(3, lambda k: k.state.phase != "look" or not k.state.claims)
                return
            self.run_for(1, lambda k: k.state.phase == "flight")

    def _replay_moment(self) -> None:
        """A close call (12 ms) replayed, watched as in a window: the presses marked."""
        self.replay.enabled = True
        self._claim_moment(right=True, rival_ms=12)
        self.run_for(5, lambda k: not k.replay.playing or k.replay.marks[-1][1] < (k.replay.at(k.clock) or 0))

    def _wokup_moment(self) -> None:
        """Nobody claims until ten of one ingredient lie in the wok; then seat 1 shouts."""
        self.driver.hold_bots()
        self.run_for(600, lambda k: k.state.phase == "look" and max(k.state.wok_content().counts.values()) >= 10)
        self.act(1, "wokup", self.state.look_start + 900 * MS)
        self.run_for(3, lambda k: not k.state.claims)

    def _counts_moment(self) -> None:
        """Ana holds her down key: the wok's counts in large type beside it."""
        self.run_for(60, lambda k: k.state.phase == "look" and len(k.state.table) >= 8)
        self.counting.add(0)

    def _learning_moment(self) -> None:
        self.learning = True
        self.run_for(60, lambda k: k.state.phase == "look" and len(k.state.table) >= 8)


class TokenLook(NamedTuple):
    key: tuple  # everything its drawing depends on: equal keys, equal pixels
    rect: pygame.Rect  # what it covers, shadow included


def _bounds(points: list[tuple[int, int]]) -> pygame.Rect:
    xs, ys = [x for x, _y in points], [y for _x, y in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
