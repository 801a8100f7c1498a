"""Cheater Chefs on one screen.

Left: every seat's counter in a row, in turn order from the top (the row below
yours is your left neighbour, who plays next), poison plainly marked, the seat
to act framed. Top: whose turn, the round, the mode, and what the last player
did. Right: the viewer's order and hand (only with the curtain lifted), and
the choices: pick a card or a verb, then, for a trap or a counter move, its
target, which lights up on the table. Arrows move, confirm acts, back returns;
a tap acts on what is under it (a list row, or a lit card on the table).
"""

from __future__ import annotations

from functools import partial

import pygame

from game import i18n
from game.app import pictures, seat_keys
from game.app.motion import pulse
from game.app.session import Session, default_seats
from game.app.table import TableScene
from game.app.ui import ACCENT, DIM, GREEN, INK, MUTED, PANEL, PANEL_HI, RED
from game.engine import picking
from game.i18n import N_, _, ngettext
from game.input import Control

from .data import content
from .traps import MAX_COUNTER
from .words import VERBS, card_name, hand_label, label, words

LEFT, TOP, BOTTOM = 20, 122, 995
NAME_W, CARD_W, CARD_GAP = 270, 155, 10
ROW_W = NAME_W + MAX_COUNTER * (CARD_W + CARD_GAP) - 5
SIDE_X, SIDE_W = 1300, 600
ROW_H, ROW_GAP = 66, 8  # the choice list
LIST_Y, LIST_ROWS = 372, 9
POISON = (120, 230, 90)
DARK = (30, 22, 20)
PULSE_STEPS = 5  # the headline pulses through PULSE_STEPS + 1 colours, each rendered once
MODE_NAMES = {"classic": N_("Classic"), "menu": N_("Menu (teams)"), "turbo": N_("Turbo (teams)")}


DISCARD_STEPS = ("discard_hand", *picking.STEPS)  # a discard, its cards picked one at a time


def group_of(action: dict) -> str:
    """The first-level choice an action belongs to: a hand card or a verb."""
    if action["type"] in DISCARD_STEPS:
        return "discard_hand"
    return "card:" + action["card"] if action["type"] == "play" else action["type"]


class CheaterChefsScene(TableScene):
    opaque = True  # draw_table fills the stage first, and so does the curtain: App.draw need not
    guide_box = (
        20,
        770,
        1250,
        210,
    )  # under the counters, over nothing: the kitchen panel and the hint line stay in sight

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.group: str | None = None  # the chosen card or verb, while its target is chosen
        self.index = 0  # the highlighted row of the current list
        self.rows: list[tuple[str, object]] = []  # (label, group name or action), last drawn

    # ---- choosing ------------------------------------------------------------------
    def _choices(self, seat: int) -> list[tuple[str, object]]:
        """The rows of the list: first level (cards and verbs) or the targets of one."""
        legal = self.state.legal_actions(seat)
        if self._picked(seat):  # a discard half chosen: its steps until it is done or cancelled
            self.group = "discard_hand"
        if self.group is not None:
            return [(self._label(seat, a), a) for a in legal if group_of(a) == self.group]
        groups: list[str] = []
        for a in legal:
            if group_of(a) not in groups:
                groups.append(group_of(a))
        hand = self.state.observation(seat)["hand"]
        rows: list[tuple[str, object]] = [(hand_label(g[5:], hand), g) for g in groups if g.startswith("card:")]
        return rows + [(_(VERBS[g]), g) for g in groups if not g.startswith("card:")]

    def _picked(self, seat: int | None) -> list[str]:
        """The cards the seat has picked to discard so far (its own view only)."""
        return self.state.observation(seat).get("picked", []) if seat is not None else []

    def _label(self, seat: int, a: dict) -> str:
        return label(self.state, seat, a, self.session.names())

    def table_event(self, ev) -> bool:
        """The list of choices is a list: arrows move, confirm picks, back returns
        from a target list; taps go through the targets drawn (rows and cells)."""
        seat = self.acting_seat(ev)
        if not ev.pressed or seat is None or seat != self.my_turn():
            return False
        rows = self._choices(seat)
        if ev.control in (Control.UP, Control.LEFT, Control.DOWN, Control.RIGHT) and rows:
            self.index = (self.index + (-1 if ev.control in (Control.UP, Control.LEFT) else 1)) % len(rows)
            return True
        if ev.control == Control.CONFIRM and rows:
            return self._pick(seat, rows, min(self.index, len(rows) - 1))
        if ev.control == Control.BACK and self.group is not None and not self._picked(seat):
            self.group, self.index = None, 0
            return True
        return False  # with cards picked, back undoes the last pick (the table's undo)

    def _tap_cell(self, seat: int, cell: tuple) -> bool:
        """A tap on a lit card (or hand) of the table chooses the target row that aims at it."""
        rows = self._choices(seat)
        for i, (_label, action) in enumerate(rows):
            if cell in self._cells(seat, action):
                return self._pick(seat, rows, i) if i == self.index else self._highlight(i)
        return False

    def _highlight(self, i: int) -> bool:
        self.index = i
        return True

    def _pick(self, seat: int, rows, i: int) -> bool:
        _label, choice = rows[i]
        if isinstance(choice, dict):
            self._act(seat, choice)
            return True
        actions = [a for a in self.state.legal_actions(seat) if group_of(a) == choice]
        if len(actions) == 1 and not self._cells(seat, actions[0]):  # nothing to aim: act
            self._act(seat, actions[0])
        else:
            self.group, self.index = choice, 0
        return True

    def _act(self, seat: int, action: dict) -> None:
        self.group, self.index = None, 0
        self.submit(seat, action)

    def on_applied(self, seat: int, action) -> None:
        self.group, self.index = None, 0
        mine = self.my_turn()
        if action.get("type") in picking.STEPS and mine is not None:
            rows = self._choices(mine)  # the cursor stays among the cards still to pick
            self.index = next((i for i, (_l, a) in enumerate(rows) if isinstance(a, dict) and a["type"] == "pick"), 0)

    def on_moved(self, seat: int, action, before: dict, after: dict) -> None:
        """Counter cards that changed glide from where they came from: another place
        (a swap, a move, a steal) or the seat's hand (a card played); a card newly
        poisoned or cured flips."""
        old = {(s, p): c for s, row in enumerate(before["counters"]) for p, c in enumerate(row)}
        gone = [cell for cell, c in old.items() if after["counters"][cell[0]][cell[1] :][:1] != [c]]
        for s, row in enumerate(after["counters"]):
            for p, c in enumerate(row):
                if old.get((s, p)) == c:
                    continue
                if old.get((s, p), {}).get("card") == c["card"]:
                    self.motion.reveal(("cell", s, p))  # the same card, poisoned or cured
                    continue
                came = next((cell for cell in gone if old[cell]["card"] == c["card"]), None)
                if came is not None:
                    gone.remove(came)
                self.motion.start(("cell", s, p), self._cell_rect(*came) if came else self._hand_rect(s))

    def _row_box(self, seat: int) -> tuple[float, float]:
        """A seat's counter row: its top and height, design units."""
        row_h = min(190, (BOTTOM - TOP) / self.state.num_seats)
        return TOP + seat * row_h, row_h - 10

    def _cell_rect(self, seat: int, pos: int) -> pygame.Rect:
        y, h = self._row_box(seat)
        return self.ui.rect(LEFT + NAME_W + pos * (CARD_W + CARD_GAP), y + 8, CARD_W, h - 16)

    def _hand_rect(self, seat: int) -> pygame.Rect:
        y, h = self._row_box(seat)
        return self.ui.rect(LEFT + 20, y + 8, CARD_W, h - 16)

    def _cells(self, seat: int, action) -> list[tuple]:
        """The table places an action touches: (seat, place), or (seat, None) for a hand."""
        if not isinstance(action, dict):
            return []
        kind = action["type"]
        if kind in ("move", "discard_ingredient"):
            return [(seat, action["pos"])] + ([(seat, action["to"])] if kind == "move" else [])
        if kind == "swap":
            other = self.state.neighbour(seat, action["side"])
            return [(seat, action["pos"]), (other, self.state.swap_target(seat, action["side"]))]
        if kind == "play" and "seat" in action:
            cells = [(action["seat"], action.get("pos"))]
            return cells + ([(seat, action["mine"])] if "mine" in action else [])
        return []

    # ---- moments -------------------------------------------------------------------
    @classmethod
    def moments(cls):
        out = dict(super().moments())
        out["hand"] = lambda scene: scene.until_human(12)
        out["curtain"] = lambda scene: scene.until_human(12, lift=False)
        out["aiming"] = lambda scene: scene._aim()
        out["discarding"] = lambda scene: scene._discarding()
        out["six"] = lambda scene: scene._six_seats()
        return out

    def _aim(self) -> None:
        """A human about to aim a trap: advance until one holds a playable trap."""
        self.advance(16)
        for _i in range(60):
            self.until_human(1)
            seat = self.my_turn()
            if seat is not None:
                traps = [
                    a
                    for a in self.state.legal_actions(seat)
                    if a["type"] == "play" and "seat" in a and a["seat"] != seat
                ]
                if traps:
                    self.group = group_of(traps[0])
                    self.index = min(1, len(self._choices(seat)) - 1)
                    return

    def _discarding(self) -> None:
        """A human choosing a discard, one card picked."""
        self.until_human(8)
        seat = self.my_turn()
        if seat is not None:
            self.submit(seat, {"type": "pick", "card": self.state.observation(seat)["hand"][0]})

    def _six_seats(self) -> None:
        seats = default_seats(6, list(self.session.gdef.bots))
        for i, cfg in enumerate(seats):
            cfg.kind = "human" if i < 2 else "bot"
        old = self.session
        self.session = Session(old.gdef, seats, old.options, old.seed, None)
        old.close()
        self.until_human(30)

    # ---- drawing -------------------------------------------------------------------
    def draw_table(self, surf: pygame.Surface) -> None:
        surf.fill((34, 24, 22))
        obs = self.state.observation(self.viewer)
        mine = self.my_turn()
        self.rows = self._choices(mine) if mine is not None else []
        self.index = min(self.index, max(0, len(self.rows) - 1))
        lit = self._cells(mine, self.rows[self.index][1]) if mine is not None and self.rows and self.group else []
        self._draw_top(surf, obs)
        for seat in range(self.state.num_seats):
            self._draw_row(surf, obs, seat, *self._row_box(seat), lit)
        self._draw_side(surf, obs, mine)
        self._draw_hint(surf, mine)

    def _draw_top(self, surf, obs: dict) -> None:
        ui, current = self.ui, obs["current"]
        if obs["over"]:
            names = i18n.names(self.seat_name(s) for s in obs["winners"])
            n = len(obs["winners"])
            if obs["closed"]:
                head = ngettext("Closing time! {names} wins", "Closing time! {names} win", n).format(names=names)
            else:
                head = i18n.winners(self.seat_name(s) for s in obs["winners"])
            ink = ui.text(surf, head, (LEFT, 14), 52, GREEN, True, width=ROW_W)
            self.live(surf, ink, partial(self._pulse_head, head))
        else:
            turn = (
                ui.text(
                    surf,
                    _("{name}'s turn").format(name=self.seat_name(current)),
                    (LEFT, 14),
                    48,
                    self.seat_colour(current),
                    True,
                    width=ROW_W / 2,
                ).width
                / ui.u
                + 40
            )
            mode = _(MODE_NAMES[obs["mode"]]) + (" + " + _("Anti-order") if obs["anti_order"] else "")
            rounds = _("Round {r} of {n}").format(r=obs["turn"] // self.state.num_seats + 1, n=obs["round_limit"])
            ui.text(surf, f"{rounds}  ·  {mode}", (LEFT + ROW_W, 24), 34, MUTED, anchor="topright", width=ROW_W - turn)
        ui.text(surf, self.last_move_text() or _("Nobody has cooked yet."), (LEFT, 72), 36, INK, width=ROW_W)

    def _pulse_head(self, head: str, surf: pygame.Surface) -> None:
        """The winners' headline brightening and dimming, over itself: in PULSE_STEPS + 1
        colours, each rendered once (one render a frame filled the text cache)."""
        k = round(pulse(self.clock) * PULSE_STEPS) / PULSE_STEPS if self.motion.enabled else 1.0
        colour = tuple(int(g + (255 - g) * k * 0.4) for g in GREEN)
        with self.ui.unrecorded():  # the headline drawn under it is what the layout sees
            self.ui.text(surf, head, (LEFT, 14), 52, colour, True, width=ROW_W)

    def _draw_row(self, surf, obs: dict, seat: int, y: float, h: float, lit: list) -> None:
        ui = self.ui
        over, winner = obs["over"], seat in obs["winners"]
        colour = self.seat_colour(seat)
        row = ui.rect(LEFT, y, ROW_W, h)
        if over and winner:
            ui.panel(surf, row, PANEL_HI, 14)
            self.live(surf, row.inflate(ui.px(14) + 4, ui.px(14) + 4), partial(self._glow, row))
        else:
            turn = not over and seat == obs["current"]
            ui.panel(surf, row, PANEL_HI if turn else PANEL, 14)
            if turn:
                self.draw_turn(surf, row, ACCENT, 14)
        name_rect = ui.rect(LEFT, y, NAME_W - 10, h)
        self.target(
            name_rect,
            do=lambda me, _ev, seat=seat: self._tap_cell(me, (seat, None)),
            key=f"seat{seat}",
            focusable=False,
        )
        if (seat, None) in lit:
            ui.panel(surf, name_rect, (90, 40, 20), 14, RED)
        ui.text(surf, self.seat_name(seat), (LEFT + 18, y + 10), 40, colour, True, width=NAME_W - 36)
        detail = _("{n} in hand").format(n=obs["hand_sizes"][seat])
        if obs["mode"] != "classic":
            detail = (
                _("Team {t}").format(t="ABCDEF"[sorted(set(obs["teams"])).index(obs["teams"][seat])]) + " · " + detail
            )
        if over:
            detail = words(content().orders[obs["orders"][seat]], "name")
        size = self.ui.fit(detail, 34, NAME_W - 36, bold=True)
        below = y + 10 + min(56, h * 0.42)
        for line in ui.wrap(detail, size, NAME_W - 36)[:2]:
            ui.text(surf, line, (LEFT + 18, below), size, MUTED, width=NAME_W - 36)
            below += size + 4
        seat_keys.draw(self, surf, seat, (LEFT + 18, below, NAME_W - 36, y + h - 6 - below), right=False)
        counter = obs["counters"][seat]
        for pos in range(MAX_COUNTER):
            r = self._cell_rect(seat, pos)
            if pos >= len(counter):
                pygame.draw.rect(surf, (72, 54, 46), r, max(1, ui.px(2)), ui.px(10))
                continue
            self.target(
                r,
                do=lambda me, _ev, cell=(seat, pos): self._tap_cell(me, cell),
                key=f"cell{seat}.{pos}",
                focusable=False,
            )
            look = ("card", counter[pos]["card"], counter[pos]["poison"])
            paint = partial(self._paint_card, card=look[1], poisoned=look[2])
            at = ui.box(self.motion.place(("cell", seat, pos), r))
            wide = self.motion.flip(("cell", seat, pos), at)
            if wide < 1:  # turning over: narrower, about its middle
                face = self.faces.get(look, r.size, paint)
                face = pygame.transform.smoothscale(face, (max(1, round(face.get_width() * wide)), face.get_height()))
                surf.blit(face, face.get_rect(center=at.center))
            else:  # about the middle of where it lies (or glides): its words reported there
                self.faces.blit(surf, look, r.move(at.centerx - r.centerx, at.centery - r.centery), paint, kind=None)
            if (seat, pos) in lit:
                pygame.draw.rect(surf, ACCENT, r.inflate(ui.px(10), ui.px(10)), max(3, ui.px(7)), ui.px(12))
        if over and winner:
            self._celebrate(surf, LEFT + NAME_W + len(counter) * (CARD_W + CARD_GAP), y, h)

    def _glow(self, row: pygame.Rect, surf: pygame.Surface) -> None:
        """The winner's green frame breathing round its row (it lay under the row)."""
        k = pulse(self.clock, 5) if self.motion.enabled else 1.0
        grow = self.ui.px(8 + 6 * k)
        pygame.draw.rect(surf, GREEN, row.inflate(grow, grow), self.ui.px(4 + 3 * k) + 1, self.ui.px(16))

    def _celebrate(self, surf, x: float, y: float, h: float) -> None:
        """The winning counter: a big WINS! and sparks rising beside it."""
        ui = self.ui
        free = LEFT + ROW_W - x
        if free < 200:  # a full counter has no room for the word (the header and the green frame say it): sparks
            x, free = LEFT + NAME_W, ROW_W - NAME_W
        else:
            ui.text(surf, _("WINS!"), (x + free / 2, y + h / 2), 64, GREEN, True, "center", width=free - 24)
        self.live(surf, ui.rect(x - 10, y - 10, free + 20, h + 20).inflate(4, 4), partial(self._sparks, x, y, h, free))

    def _sparks(self, x: float, y: float, h: float, free: float, surf: pygame.Surface) -> None:
        """Sparks rising over the winning counter, `free` units wide from `x`; still without motion."""
        ui, t = self.ui, self.clock if self.motion.enabled else 0.0
        for i in range(14):
            phase = (t * 0.7 + i * 0.37) % 1.0
            sx = x + 20 + (i * 53) % max(40, int(free - 40))
            sy = y + h - phase * h
            colour = (ACCENT, GREEN, INK)[i % 3]
            pygame.draw.circle(surf, colour, (ui.px(sx), ui.px(sy)), max(2, ui.px(7 * (1 - phase) + 2)))

    def _paint_card(self, surf: pygame.Surface, card: str, poisoned: bool) -> None:
        """A counter card's face (drawn once per look and size: game/app/faces.py): the
        ingredient's picture on its colour, the two-letter tag in the corner for
        whoever cannot tell the colours apart; a poisoned one wears the skull."""
        ui, entry = self.ui, content().ingredients[card]
        r = surf.get_rect()
        pygame.draw.rect(surf, entry["colour"], r, border_radius=ui.px(10))
        pygame.draw.rect(surf, DARK, r, max(1, ui.px(3)), ui.px(10))
        ui.text(surf, _(entry["short"]), (10, 4), 28, DARK, True, width=r.width / ui.u - 20)
        side = min(r.width - ui.px(16), r.height - ui.px(38))
        disc = (r.centerx, (ui.px(30) + r.height) // 2)
        pygame.draw.circle(surf, (250, 244, 230), disc, side / 2)
        pictures.draw(surf, f"cheaterchefs.{card}", disc, side * 0.74)
        if poisoned:
            pygame.draw.rect(surf, POISON, r, max(3, ui.px(6)), ui.px(10))
            skull = min(ui.px(56), r.height // 2)
            pygame.draw.circle(surf, (20, 40, 20), (r.right - skull * 0.6, r.top + skull * 0.6), skull * 0.55)
            pictures.draw(surf, "cheaterchefs.poison", (r.right - skull * 0.6, r.top + skull * 0.6), skull * 0.8)

    def _draw_side(self, surf, obs: dict, mine: int | None) -> None:
        ui = self.ui
        box = ui.box(ui.rect(SIDE_X, 14, SIDE_W, 1052), "panel")  # what touches it lies on it
        ui.panel(surf, box, (48, 34, 30), 18)
        if obs["over"]:
            ui.text(surf, _("The winning order"), (SIDE_X + 24, 30), 40, GREEN, True, width=SIDE_W - 48)
            self._draw_order(surf, obs["orders"][obs["winners"][0]], obs["anti_order"], 88)
            return
        if self.viewer is None:
            lines = ui.wrap(_("Hands and orders are secret."), 40, SIDE_W - 60, True)
            for j, line in enumerate(lines):
                ui.text(surf, line, (SIDE_X + 30, 40 + 52 * j), 40, INK, True, width=SIDE_W - 60)
            self._draw_piles(surf, obs, 70 + 52 * len(lines))
            return
        viewer = self.viewer
        ui.text(
            surf,
            _("{name}'s kitchen").format(name=self.seat_name(viewer)),
            (SIDE_X + 24, 30),
            40,
            self.seat_colour(viewer),
            True,
            width=SIDE_W - 48,
        )
        self._draw_order(surf, obs["order"], obs["anti_order"], 88)
        self._draw_prompt(surf)
        if mine is None:
            for i, card in enumerate(sorted(set(obs["hand"]))):
                self._list_row(surf, i, hand_label(card, obs["hand"]), False, True, card)
            if not obs["over"]:
                ui.text(
                    surf,
                    _("Waiting for {name}").format(name=self.seat_name(obs["current"])),
                    (SIDE_X + 24, LIST_Y + 4 * (ROW_H + ROW_GAP) + 10),
                    36,
                    MUTED,
                    width=SIDE_W - 48,
                )
            return
        first = max(0, min(self.index - LIST_ROWS // 2, len(self.rows) - LIST_ROWS))
        for i, (text, choice) in enumerate(self.rows[first : first + LIST_ROWS]):
            group = self.group or choice
            card = group[5:] if isinstance(group, str) and group.startswith("card:") else None
            if isinstance(choice, dict) and choice["type"] in ("pick", "unpick"):
                card = choice["card"]
            rect = self._list_row(surf, i, text, first + i == self.index, False, card)
            self.target(
                rect,
                do=lambda me, _ev, row=first + i: self._pick(me, self._choices(me), row),
                key=f"row{first + i}",
                focusable=False,
            )
        if self.group is not None:
            return
        dead = [c for c in sorted(set(obs["hand"])) if "card:" + c not in {g for _l, g in self.rows}]
        if dead:
            names = i18n.names(card_name(c) for c in dead)
            y = LIST_Y + min(len(self.rows), LIST_ROWS) * (ROW_H + ROW_GAP) + 6
            for j, line in enumerate(ui.wrap(_("Cannot play now: {cards}").format(cards=names), 34, SIDE_W - 48)[:2]):
                ui.text(surf, line, (SIDE_X + 24, y + j * 40), 34, DIM, width=SIDE_W - 48)

    def _list_row(self, surf, i: int, label: str, selected: bool, faded: bool, card: str | None) -> pygame.Rect:
        """A row of the choice list; a card's row shows its picture before its words."""
        ui = self.ui
        y = LIST_Y + i * (ROW_H + ROW_GAP)
        rect = ui.rect(SIDE_X + 14, y, SIDE_W - 28, ROW_H)
        ui.panel(surf, rect, PANEL_HI if selected else PANEL, 12, ACCENT if selected else None)
        x = SIDE_X + 34
        if card is not None:
            ui.picture(surf, f"cheaterchefs.{card}", (SIDE_X + 58, y + ROW_H / 2), ROW_H - 12)
            x += 64
        # A long choice ("Discard Garlic, Poisoned!, and Sticky Fingers") takes two lines.
        ui.text_lines(
            surf,
            label,
            (x, y + ROW_H / 2),
            36,
            DIM if faded else INK,
            selected,
            "midleft",
            width=SIDE_W - 26 - x + SIDE_X,
            height=ROW_H - 8,
        )
        return rect

    def _draw_order(self, surf, order_id: str, anti: bool, y: float) -> None:
        ui, data = self.ui, content()
        order = data.orders[order_id]
        title = _("Anti-order: avoid these") if anti else words(order, "name")
        ui.text(
            surf,
            title,
            (SIDE_X + 24, y),
            self.ui.fit(title, 36, SIDE_W - 48, bold=True),
            ACCENT,
            True,
            width=SIDE_W - 48,
        )
        for i, ing in enumerate(order["ingredients"]):
            x, yy = SIDE_X + 24 + (i % 2) * 280, y + 50 + (i // 2) * 88
            r = ui.rect(x, yy, 270, 80)
            self.faces.blit(surf, ("chip", ing), r, partial(self._paint_chip, ing=ing), kind="chip")

    def _draw_prompt(self, surf) -> None:
        ui, y = self.ui, 88
        if self.group is not None:
            picked = self._picked(self.viewer)
            ui.text_lines(  # three cards picked run past one line: two, above the list
                surf,
                _("Aim {card}:").format(card=card_name(self.group[5:]))
                if self.group.startswith("card:")
                else _("Discard from hand: {cards}").format(cards=i18n.names(card_name(c) for c in picked))
                if picked
                else _(VERBS[self.group]) + ":",
                (SIDE_X + 24, y + 232),
                34,
                ACCENT,
                True,
                width=SIDE_W - 48,
                height=LIST_Y - (y + 232) - 6,
            )
        elif self.my_turn() is not None:
            ui.text(surf, _("Your turn: choose one action"), (SIDE_X + 24, y + 232), 34, ACCENT, width=SIDE_W - 48)

    def _paint_chip(self, surf: pygame.Surface, ing: str) -> None:
        """An order's ingredient: its picture on a disc, its name beside it on two lines
        before it shrinks ("Pomme de terre" was cut off), through ui.text: a name
        still too long is seen by the layout check."""
        ui, entry = self.ui, content().ingredients[ing]
        pygame.draw.rect(surf, entry["colour"], surf.get_rect(), border_radius=ui.px(10))
        h = surf.get_height()
        pygame.draw.circle(surf, (250, 244, 230), (h // 2 + ui.px(4), h // 2), h * 0.42)
        pictures.draw(surf, f"cheaterchefs.{ing}", (h // 2 + ui.px(4), h // 2), h * 0.66)
        left, room = h / ui.u + 10, (surf.get_width() - h - ui.px(18)) / ui.u
        name = words(entry, "name")
        ui.text_lines(surf, name, (left, h / ui.u / 2), 34, DARK, True, "midleft", width=room, height=h / ui.u - 6)

    def _draw_piles(self, surf, obs: dict, y: float) -> None:
        ui = self.ui
        ui.text(
            surf,
            ngettext("Deck: {n} card", "Deck: {n} cards", obs["deck_size"]).format(n=obs["deck_size"]),
            (SIDE_X + 30, y),
            36,
            MUTED,
            width=SIDE_W - 60,
        )
        ui.text(
            surf,
            _("Discard pile: {n}").format(n=len(obs["discard"])),
            (SIDE_X + 30, y + 50),
            36,
            MUTED,
            width=SIDE_W - 60,
        )
        if obs["discard"]:
            ui.text(
                surf,
                _("On top: {card}").format(card=card_name(obs["discard"][-1])),
                (SIDE_X + 30, y + 100),
                36,
                MUTED,
                width=SIDE_W - 60,
            )

    def _draw_hint(self, surf, mine: int | None) -> None:
        """The bottom line: the highlighted trap's text, or how to choose."""
        if mine is None or not self.rows:
            return
        group = self.group or self.rows[self.index][1]
        card = group[5:] if isinstance(group, str) and group.startswith("card:") else None
        trap = content().traps.get(card) if card else None
        text = words(trap, "text") if trap else _("Arrows choose, confirm acts, back returns; or tap.")
        room = SIDE_X - LEFT - 24  # stops short of the side panel (it ran 60 units into it)
        for j, line in enumerate(self.ui.wrap(text, 34, room)[:2]):
            self.ui.text(surf, line, (LEFT, 1000 + j * 38), 34, ACCENT if trap else MUTED, width=room)
