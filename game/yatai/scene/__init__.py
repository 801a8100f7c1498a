"""Yatai on one screen.

Top: the round track, whose turn, what the last player did. Left: the action
board — the 2×3 grid, the arrows where a tile slides in (three columns from
the top, two rows from the left) and the four free tiles — and under it what
the player to act chooses now. Right: every chef's stall at once (queue,
dishes, fridge, crate, menu, sink, reputation board, reviews, influencer,
special tokens, points), the part that just changed glowing for a moment.

A turn: tap a free tile, then an arrow: the grid shows where it would go and
lights the row or column that will run; tap the arrow again or "Slide it in".
Then tap a lit tile of the line to do its action (its options, if it has
several, appear under the board). Guests are sent by tapping a queue, seated
by tapping a space of the reputation board; the other choices are buttons.
Nothing is private (only the bag's order is hidden, and nobody sees it), so
there is no curtain. The end lays the scoring out category by category.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from functools import partial

import pygame

from game import i18n
from game.app import seat_keys
from game.app.per_version import PerVersion
from game.app.table import TableScene, action_key
from game.app.ui import ACCENT, DIM, GREEN, INK, MIN_TEXT, MUTED, PANEL, PANEL_HI, RED
from game.i18n import _

from ...input import Control
from .. import words
from ..data import content
from ..pictures import BONUS_ICONS
from ..rules import ARROWS, ROUNDS, Choice, Phase, line_tiles, slide
from .art import STALL_H, STALL_W, UPPER_H, StallView, dish, drink, guest_picture, name_size, tile_face

TILE_W, TILE_H, GAP = 150, 118, 12
GRID_X, GRID_Y = 150, 226
FREE_Y = 520
PANEL_Y = 664
STALLS_X, STALLS_Y = 692, 120
SUPPLY_W, SUPPLY_H = 590, 260  # the bag, dishes, drinks and tokens left
HISTORY_W = 570  # the column of last moves
# What the stall's upper half shows (StallView.upper); the rest of a chef is the lower half's.
UPPER_KEYS = ("points", "influencer", "queue", "dishes", "stove_up", "fridge", "fridge_up", "crate", "menu", "sink")
GLOW_S = 2.0  # how long a changed part of a stall glows
PARTS = (
    "queue",
    "dishes",
    "fridge",
    "crate",
    "menu",
    "sink",
    "board",
    "reviews",
    "points",
    "influencer",
    "tokens",
    "fridge_up",
    "stove_up",
)
BOARD_ACTIONS = ("insert", "guest", "replace", "board")
PANEL_BOTTOM = 1058  # the choices' lowest edge: the focus ring around them stays on the panel
BUTTON_H, BUTTON_GAP = 84, 12
BUTTON_SCALES = (1.0, 0.85, 0.7, 0.6)  # many options: smaller buttons, never past the panel (34 x 0.6 > MIN_TEXT)


class YataiScene(TableScene):
    private_views = False  # only the bag's order is hidden, and nobody sees it
    opaque = True  # draw_table fills the stage first (no curtain: nothing private)
    end_hold = 15.0  # the scoring takes a while to read (a tap moves on)
    guide_box = (1304, 650, 600, 420)  # over the older moves: the board, stalls and choices stay in sight

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.tile_pick: int | None = None
        self.arrow_pick: int | None = None
        self.slot_pick: int | None = None
        self.guest_pick = 0  # which drawn guest is being placed
        self.glows: dict[tuple, float] = {}  # (seat, part) or ("grid",) -> scene clock
        self.rises: dict[int, int] = {}  # seat -> points just earned (drawn rising while its glow lasts)
        self.landed: dict[int, list[int]] = {}  # seat -> board spaces a guest just took (drawn landing)
        self._snap = self._snapshot()
        self._offered: dict[str, dict] = {}  # target key -> its action, as drawn this frame
        self._views = PerVersion()  # the public observation and the actions of the seat choosing here
        self._seen = 0  # the log's length when they were last worked out (shorter since: an undo)
        self._skips: dict[tuple, list[int]] = {}  # (log length, tile, arrow) -> slots the line would skip

    # ---- acting --------------------------------------------------------------------
    def _snapshot(self) -> dict:
        obs = self.state.observation(None)
        return {"chefs": obs["chefs"], "grid": obs["grid"]}

    def on_applied(self, seat: int, action) -> None:
        self.tile_pick = self.arrow_pick = self.slot_pick = None
        self.guest_pick = 0
        snap = self._snapshot()
        self.glows.clear()  # only what the last action changed glows
        self.landed = {
            s: [i for i, (a, b) in enumerate(zip(old["board"], new["board"])) if a is None and b is not None]
            for s, (old, new) in enumerate(zip(self._snap["chefs"], snap["chefs"]))
        }
        self.rises = {
            s: new["points"] - old["points"]
            for s, (old, new) in enumerate(zip(self._snap["chefs"], snap["chefs"]))
            if new["points"] > old["points"]
        }
        for s, (old, new) in enumerate(zip(self._snap["chefs"], snap["chefs"])):
            for part in PARTS:
                if old.get(part) != new.get(part):
                    self.glows[(s, part)] = self.clock
        if snap["grid"] != self._snap["grid"]:
            self.glows[("grid",)] = self.clock
        self._snap = snap

    def table_event(self, ev) -> bool:
        picked = self.tile_pick is not None or self.arrow_pick is not None or self.slot_pick is not None
        if ev.pressed and ev.control == Control.BACK and picked:
            self.tile_pick = self.arrow_pick = self.slot_pick = None
            return True
        return False

    def _pick_tile(self, _seat: int, tile: int) -> bool:
        self.tile_pick = None if self.tile_pick == tile else tile
        return True

    def _pick_arrow(self, seat: int, arrow: int) -> bool:
        if self.tile_pick is None:
            self.flash(_("Choose one of the four free tiles first"))
            return False
        if self.arrow_pick == arrow:
            return self._slide(seat)
        self.arrow_pick = arrow
        return True

    def _slide(self, seat: int, _ev=None) -> bool:
        if self.tile_pick is None or self.arrow_pick is None:
            self.flash(_("Choose a free tile, then an arrow"))
            return False
        return self.submit(seat, {"type": "insert", "tile": self.tile_pick, "arrow": self.arrow_pick})

    def _undo(self, seat: int, _ev=None) -> bool:
        if self.session.undo(seat):
            self.flash(_("Undone"), 1.5)
            self.tile_pick = self.arrow_pick = self.slot_pick = None
            return True
        return False

    def _tap_slot(self, seat: int, slot: int) -> bool:
        options = [a for a in self.state.legal_actions(seat) if a.get("slot") == slot]
        if not options:
            self.flash(_("This action cannot be done now"))
            return False
        if len(options) == 1:
            return self.submit(seat, options[0])
        self.slot_pick = slot
        return True

    # ---- moments -------------------------------------------------------------------
    @classmethod
    def moments(cls):
        out = dict(super().moments())
        out["setup"] = lambda scene: scene.until_human()
        out["start"] = lambda scene: scene._to_tile(1)
        out["choosing"] = lambda scene: scene._choosing()
        out["serve"] = lambda scene: scene._serving()
        out["midgame"] = lambda scene: scene._to_tile(6)
        # The screens a newcomer meets inside a turn (the layout sweep draws each of them):
        out["skip"] = lambda scene: scene._skipping()  # a previewed line that skips an action: the warning
        out["hover"] = lambda scene: scene._hovering()  # the mouse over the reputation board: its legend
        out["guests"] = lambda scene: scene._choice(Choice.GUEST)  # drawn guests to send, and the queues lit
        out["seat"] = lambda scene: scene._choice(Choice.BOARD)  # a served guest to seat: the focused space explained
        out["options"] = lambda scene: scene._most_options()  # the most buttons, the focus on the last one
        return out

    def _skipping(self) -> None:
        self._to_tile(2)
        if self.state.phase != Phase.TILE:
            return
        seat = self.state.turn
        picks = [(t, a) for t in self.state.free for a in range(len(ARROWS)) if self.state.skipped(seat, t, a)]
        if picks:
            self.tile_pick, self.arrow_pick = picks[0]
            self.focus_key = "button:slide"

    def _hovering(self) -> None:
        self._to_tile(4)
        spaces = range(len(content().spaces))
        space = max(spaces, key=lambda i: sum(len(t) for t in words.legend(i)))  # the longest explanation
        rect = self._stall_view(self.state.num_seats - 1).cell_rect(space)  # the last stall: the screen's corner
        self.pointer = (rect.centerx / self.ui.u, rect.centery / self.ui.u)

    def _choice(self, kind: Choice) -> None:
        humans = self.session.humans()
        self.play_until(lambda s: s.turn in humans and bool(s.pending) and s.pending[0]["kind"] == kind, limit=5000)
        seats = [a for a in self.state.legal_actions(self.state.turn) if a["type"] == "board"]
        if kind == Choice.BOARD and seats:  # the focus on the last space: the legend of the board's corner
            self.focus_key = action_key(seats[-1])

    def _most_options(self) -> None:
        """A human's turn where a tile of the line offers many options (a two-dish cook on a
        long menu): they are shown, the focus on the last one, at the panel's corner."""
        humans = self.session.humans()

        def many(s) -> bool:
            if s.turn not in humans or s.phase != Phase.ACTIONS or s.pending:
                return False
            slots = [a["slot"] for a in s.legal_actions(s.turn) if "slot" in a]
            return max((slots.count(n) for n in set(slots)), default=0) >= 6

        self.play_until(many, limit=5000)
        legal = self.state.legal_actions(self.state.turn)
        slots = [a["slot"] for a in legal if "slot" in a]
        if slots and not self.state.pending:
            self.slot_pick = max(set(slots), key=slots.count)
            self.focus_key = action_key(self._options(self.state.observation(None), legal)[-1])

    def _to_tile(self, round_: int) -> None:
        """A human about to insert a tile, from round `round_` on."""
        humans = self.session.humans()
        self.play_until(lambda s: s.round >= round_ and s.phase == Phase.TILE and s.turn in humans, limit=5000)

    def _choosing(self) -> None:
        self._to_tile(2)
        if self.state.phase == Phase.TILE:
            self.tile_pick, self.arrow_pick, self.focus_key = self.state.free[0], 3, "button:slide"

    def _serving(self) -> None:
        humans = self.session.humans()

        def serve_ready(s) -> bool:
            return s.turn in humans and s.phase == Phase.ACTIONS and not s.pending and bool(self._serves(s))

        self.play_until(serve_ready, limit=5000)
        serves = self._serves(self.state)
        if serves:
            self.slot_pick, self.focus_key = serves[0]["slot"], action_key(serves[0])

    @staticmethod
    def _serves(state) -> list[dict]:
        return [a for a in state.legal_actions(state.turn) if a["type"] == "serve" and "slot" in a]

    # ---- drawing -------------------------------------------------------------------
    def _view(self) -> tuple[dict, int | None, list[dict]]:
        """The public observation, the seat choosing at the screen and its legal actions,
        computed once per state version (game/app/per_version.py)."""
        mine = self.my_turn()
        return self._views.get(self.state, lambda: self._observe(mine), mine)

    def _observe(self, mine: int | None) -> tuple[dict, int | None, list[dict]]:
        if len(self.state.log) < self._seen:  # an undo: nothing new to show
            self._snap, self.glows = self._snapshot(), {}
        self._seen = len(self.state.log)
        return self.state.observation(None), mine, self.state.legal_actions(mine) if mine is not None else []

    def _tile(self, surf, number: int, rect: pygame.Rect, fade: bool) -> None:
        self.faces.blit(surf, ("tile", number, fade), rect, lambda s: tile_face(self.ui, s, number, s.get_rect(), fade))

    def draw_table(self, surf: pygame.Surface) -> None:
        surf.fill((30, 26, 34))
        self._offered = {}
        obs, mine, legal = self._view()
        top, left, _right = self._cut()
        # Drawn in part where nobody here chooses (nothing offered), the top line and the board
        # (no face in a place: its tiles are faces of no place) are left out where it misses them.
        if mine is not None or self.shows(top):
            self._draw_top(surf, obs)
        if mine is not None or self.shows(left):
            self._draw_board(surf, obs, mine, legal)
        self._draw_stalls(surf, obs, mine, legal)
        self._draw_choices(surf, obs, mine, legal)
        if obs["phase"] != Phase.OVER:
            self._draw_legend(surf)
        if obs["phase"] == Phase.OVER:
            self.ui.shade(surf, 180)
            self._draw_end(surf, obs)

    def regions(self) -> list[tuple[pygame.Rect, Hashable]] | None:
        """The top line, the left column (board and choices) and the stalls with the supply
        and the moves, each with what it shows: a bot's move changes the first two, its
        stalls' faces come in the frames after it. A seat choosing here: not cut (its
        previews, targets and focus reach across)."""
        if self.my_turn() is not None:
            return None
        obs, setting = self._view()[0], self.setting()
        top, left, right = self._cut()
        seats = [(self.seat_name(s), self.seat_colour(s), seat_keys.keys(self, s)) for s in range(self.state.num_seats)]
        return [
            (top, (setting, obs["round"], obs["phase"], self.turn_text(), self.last_move_text())),
            (left, self.look()),  # changes with every move
            (right, (setting, obs["phase"], obs["turn"], self.pointer, seats)),
        ]

    def _cut(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The top line, the left column (board and choices), the stalls (`regions`)."""
        w, h = self.ui.px(1920), self.ui.px(1080)  # the stage (a table drawn for a picture has no app stage)
        top = pygame.Rect(0, 0, w, self.ui.px(118))
        left = pygame.Rect(0, top.bottom, self.ui.px(692), h - top.bottom)
        return top, left, pygame.Rect(left.right, top.bottom, w - left.right, h - top.bottom)

    def _draw_top(self, surf, obs: dict) -> None:
        ui = self.ui
        rnd = obs["round"]
        if obs["phase"] in (Phase.MENU, Phase.BOTTLE):
            head = _("Setting up")
        elif rnd > ROUNDS:
            head = _("Extra turn")
        else:
            head = _("Round {n} of {total}").format(n=rnd, total=ROUNDS)
        ui.text(surf, head, (24, 12), ui.fit(head, 44, 380, 26, True), ACCENT, True)
        for i in range(ROUNDS + 1):
            r = ui.rect(420 + i * 50, 12, 46, 46)
            done = i + 1 < rnd
            now = i + 1 == rnd
            ui.panel(surf, r, ACCENT if now else (PANEL_HI if done else PANEL), 8, INK if now else None)
            mark = "+" if i == ROUNDS else str(i + 1)
            ui.text(surf, mark, (443 + i * 50, 35), 30, (30, 26, 34) if now else MUTED, True, "center")
        turn = self.turn_text()
        ui.text(surf, turn, (1896, 12), ui.fit(turn, 44, 820, 30, True), INK, True, "topright")
        last = self.last_move_text() or _("The stalls open for the night.")
        ui.text(surf, last, (24, 66), ui.fit(last, 38, 1872), INK)

    def _glow(self, surf, rect: pygame.Rect, key: tuple) -> None:
        """A ring fading round what just changed (a live part: only its area is repainted)."""
        since = self.glows.get(key)
        if since is None or not self.before(since + GLOW_S):
            return
        ring = self.ui.box(rect.inflate(self.ui.px(8), self.ui.px(8)), "frame")

        def paint(s: pygame.Surface) -> None:
            fade = max(0.0, 1 - (self.clock - since) / GLOW_S)
            pygame.draw.rect(s, GREEN, ring, max(2, self.ui.px(3 + 5 * fade)), self.ui.px(12))

        self.live(surf, ring.inflate(2, 2), paint)

    # -- the action board
    def _cell(self, row: int, col: int) -> pygame.Rect:
        return self.ui.rect(GRID_X + col * (TILE_W + GAP), GRID_Y + row * (TILE_H + GAP), TILE_W, TILE_H)

    def _arrow_rect(self, arrow: int) -> pygame.Rect:
        kind, index = ARROWS[arrow]
        if kind == "col":
            return self.ui.rect(GRID_X + index * (TILE_W + GAP) + TILE_W / 2 - 36, GRID_Y - 78, 72, 70)
        return self.ui.rect(GRID_X - 88, GRID_Y + index * (TILE_H + GAP) + TILE_H / 2 - 36, 78, 72)

    def _preview(self, obs: dict) -> tuple[list[list[int]], int | None]:
        """The grid as it would be after the picked insertion, and the tile it pushes out."""
        grid = [list(row) for row in obs["grid"]]
        if self.tile_pick is None or self.arrow_pick is None or obs["phase"] != Phase.TILE:
            return grid, None
        kind, index = ARROWS[self.arrow_pick]
        if kind == "col":
            out = grid[1][index]
            grid[1][index], grid[0][index] = grid[0][index], self.tile_pick
        else:
            out = grid[index].pop()
            grid[index].insert(0, self.tile_pick)
        return grid, out

    def _line_cells(self, arrow: int | None) -> list[tuple[int, int]]:
        if arrow is None:
            return []
        kind, index = ARROWS[arrow]
        return [(index, c) for c in range(3)] if kind == "row" else [(0, index), (1, index)]

    def _skipped(self, mine: int | None) -> list[int]:
        """The slots of the previewed line that nothing lets the player do (the rules try it
        once per pick, not every frame)."""
        if mine is None or self.tile_pick is None or self.arrow_pick is None or self.state.phase != Phase.TILE:
            return []
        key = (len(self.state.log), self.tile_pick, self.arrow_pick)
        if key not in self._skips:
            self._skips = {key: self.state.skipped(mine, self.tile_pick, self.arrow_pick)}
        return self._skips[key]

    def _label(self, surf, text: str, rect: pygame.Rect, size: float, colour) -> None:
        """A button's words centred in `rect`: on one line, else on two, as large as they fit."""
        ui = self.ui
        w, h = rect.w / ui.u - 12, rect.h / ui.u - 4
        lines, size = [text], ui.fit(text, size, w, size * 0.75, True)
        if ui.font(size, True).size(text)[0] > ui.px(w):
            lines = ui.wrap(text, size, w, True)[:2]
            size = min(h / 2.2, *(ui.fit(line, size, w, MIN_TEXT, True) for line in lines))
        cx, cy = rect.centerx / ui.u, rect.centery / ui.u
        for i, line in enumerate(lines):
            dy = (i - (len(lines) - 1) / 2) * size * 1.05
            ui.text(surf, line, (cx, cy + dy), size, colour, True, "center", width=w)

    def _draw_board(self, surf, obs: dict, mine: int | None, legal: list[dict]) -> None:
        ui = self.ui
        ui.panel(surf, ui.rect(16, 120, 660, 532), PANEL, 16)
        choosing = mine is not None and obs["phase"] == Phase.TILE and not obs["pending"]
        grid, out = self._preview(obs)
        running = self.arrow_pick if out is not None else obs["line"]
        lit = self._line_cells(running)
        slots_lit = {a["slot"] for a in legal if "slot" in a}
        skips = self._skipped(mine) if out is not None else []
        for row in range(2):
            for col in range(3):
                rect = self._cell(row, col)
                number = grid[row][col]
                in_line = (row, col) in lit
                slot_no = lit.index((row, col)) if in_line else None
                done = obs["phase"] == Phase.ACTIONS and slot_no in obs["done"]
                self._tile(surf, number, rect, done or (bool(lit) and not in_line))
                if in_line:
                    colour = GREEN if out is not None or slot_no in slots_lit else ACCENT
                    colour = RED if slot_no in skips else colour
                    self.draw_pulse(surf, rect, colour, 10, (4, 2), 14)
                if done:
                    ui.text(surf, "✓", (rect.right / ui.u - 10, rect.y / ui.u + 2), 40, GREEN, True, "topright")
                if slot_no is not None and slot_no in slots_lit and mine is not None:
                    self.target(rect, do=lambda seat, _ev, s=slot_no: self._tap_slot(seat, s), key=f"slot:{slot_no}")
        self._glow(surf, ui.rect(GRID_X - 6, GRID_Y - 6, 3 * TILE_W + 2 * GAP + 12, 2 * TILE_H + GAP + 12), ("grid",))
        free = [t for t in obs["free"] if t != self.tile_pick or out is None] + ([out] if out is not None else [])
        ui.text(surf, _("Free tiles"), (28, FREE_Y - 40), 30, MUTED)
        for i, number in enumerate(free):
            rect = ui.rect(28 + i * (TILE_W + 6), FREE_Y, TILE_W, TILE_H)
            pushed = number == out
            self._tile(surf, number, rect, pushed)
            if pushed:
                ui.text(surf, _("out"), (rect.centerx / ui.u, rect.centery / ui.u), 40, (200, 40, 40), True, "center")
            if number == self.tile_pick and out is None:
                pygame.draw.rect(surf, ACCENT, rect.inflate(ui.px(10), ui.px(10)), max(3, ui.px(7)), ui.px(14))
            if choosing and not pushed:
                self.target(rect, do=lambda seat, _ev, t=number: self._pick_tile(seat, t), key=f"free:{number}")
        for arrow in range(len(ARROWS)):
            self._draw_arrow(surf, arrow, choosing)
        if mine is not None and self.state.can_undo(mine):  # "back" undoes too; this is for taps
            rect = ui.rect(26, 132, 150, 60)  # short of the first column's arrow
            ui.panel(surf, rect, PANEL_HI, 12, MUTED)
            self._label(surf, _("Undo"), rect, 34, INK)
            self.target(rect, do=self._undo, key="button:undo")

    def _draw_arrow(self, surf, arrow: int, choosing: bool) -> None:
        ui = self.ui
        r = self._arrow_rect(arrow)
        picked = self.arrow_pick == arrow and self.tile_pick is not None
        colour = ACCENT if picked else ((200, 120, 140) if choosing else DIM)
        kind, _index = ARROWS[arrow]
        cx, cy, h = r.centerx, r.centery, r.height // 2
        if kind == "col":  # a cherry-branch arrow pointing down into the column
            points = [(cx - h, cy - h // 2), (cx + h, cy - h // 2), (cx, cy + h)]
        else:
            points = [(cx - h // 2, cy - h), (cx - h // 2, cy + h), (cx + h, cy)]
        pygame.draw.polygon(surf, colour, points)
        pygame.draw.polygon(surf, INK if picked else (60, 40, 40), points, max(2, ui.px(3)))
        if choosing:
            self.target(r, do=lambda seat, _ev, a=arrow: self._pick_arrow(seat, a), key=f"arrow:{arrow}")

    # -- the stalls
    def _stall_view(self, seat: int) -> StallView:
        place = seat * 2 if self.state.num_seats == 2 else seat  # two stalls: one above the other
        col, row = place % 2, place // 2
        return StallView(self.ui, STALLS_X + col * (STALL_W + 12), STALLS_Y + row * (STALL_H + 12))

    def _draw_stalls(self, surf, obs: dict, mine: int | None, legal: list[dict]) -> None:
        pending = obs["pending"][0] if obs["pending"] else None
        if self.state.num_seats < 4:  # free room: the supply and the last moves
            tall = self.state.num_seats == 2
            x, y = STALLS_X + STALL_W + 12, STALLS_Y + (0 if tall else STALL_H + 12)
            self.ui.panel(surf, self.ui.rect(x, y, STALL_W, 2 * STALL_H + 12 if tall else STALL_H), PANEL, 16)
            self._blit_supply(surf, obs, x + 16, y + 10)
            self._blit_history(surf, x + 10, y + 270, y + (2 * STALL_H + 12 if tall else STALL_H) - 10)
        for seat, chef in enumerate(obs["chefs"]):
            view = self._stall_view(seat)
            acting = seat == obs["turn"] and obs["phase"] != Phase.OVER
            view.panel(surf, acting)
            self._blit_stall(surf, view, seat, chef)
            for part in PARTS:
                if (seat, part) in self.glows:
                    self._glow(surf, view.part(part), (seat, part))
            self._draw_rise(surf, view, seat)
            self._draw_landing(surf, view, seat, chef)
            if mine is None or pending is None:
                continue
            if pending["kind"] == Choice.GUEST:
                self._guest_targets(surf, view, seat, legal)
            elif pending["kind"] == Choice.BOARD and seat == mine:
                self._board_targets(surf, view, chef, legal)

    def _blit_stall(self, surf, view: StallView, seat: int, chef: dict) -> None:
        """The stall's two halves, each a face drawn again only when what it shows changes,
        at most one per frame (game/app/faces.py): a move that changes every stall never
        makes a long frame."""
        name, colour = self.seat_name(seat), self.seat_colour(seat)
        up = {k: chef[k] for k in UPPER_KEYS}
        low = {k: chef[k] for k in chef if k not in UPPER_KEYS}
        halves = (
            (("stall-up", json.dumps(up), name, colour), 0, UPPER_H, lambda v, s: v.upper(s, chef, name, colour)),
            (("stall-low", json.dumps(low)), UPPER_H, STALL_H - UPPER_H, lambda v, s: v.lower(s, chef)),
        )
        for look, top, height, paint in halves:
            rect = self.ui.rect(view.x, view.y + top, STALL_W, height)
            origin = StallView(self.ui, 0, -top)  # the half's own corner is the face's (0, 0)
            self.faces.blit(surf, look, rect, partial(paint, origin), place=(look[0], seat), kind=None)
        self.ui.box(self.ui.rect(view.x, view.y, STALL_W, STALL_H))  # the stall, for the layout test
        # The seat's keys between its name (on the face) and its influencer count.
        ui = self.ui
        start = view.x + 16 + ui.font(name_size(ui, name), True).size(name)[0] / ui.u + 16
        seat_keys.draw(self, surf, seat, (start, view.y + 16, view.x + STALL_W - 282 - start, 30))

    def _draw_rise(self, surf, view: StallView, seat: int) -> None:
        """Points just earned float up from the stall's score (a live part)."""
        since = self.glows.get((seat, "points"))
        if seat not in self.rises or since is None or not self.before(since + GLOW_S):
            return
        text, x = f"+{self.rises[seat]}", view.x + STALL_W - 60

        def paint(s: pygame.Surface) -> None:
            t = min(1.0, (self.clock - since) / GLOW_S)
            with self.ui.unrecorded():  # on its way up it crosses the stall for a moment, by design
                self.ui.text(s, text, (x, view.y + 70 - 50 * t), 48, GREEN, True, "center")

        self.live(surf, self.ui.rect(x - 90, view.y - 20, 180, 130), paint)

    def _draw_landing(self, surf, view: StallView, seat: int, chef: dict) -> None:
        """A guest just seated drops onto its space, big at first, then ringed while the glow lasts (live parts)."""
        since = self.glows.get((seat, "board"))
        if since is None or not self.before(since + GLOW_S):
            return
        for space in self.landed.get(seat, []):
            rect = view.cell_rect(space)
            picture = guest_picture(chef["board"][space])

            def paint(s: pygame.Surface, rect=rect, picture=picture) -> None:
                t = min(1.0, (self.clock - since) / GLOW_S)
                centre = (rect.centerx / self.ui.u, rect.centery / self.ui.u)
                if t < 0.25:  # lands in the first quarter
                    self.ui.picture(s, picture, centre, 40 * (1 + 1.5 * max(0.0, 1 - 4 * t)))
                pygame.draw.circle(s, GREEN, rect.center, self.ui.px(30 + 6 * (1 - t)), max(2, self.ui.px(4)))

            area = pygame.Rect(0, 0, self.ui.px(110), self.ui.px(110))
            area.center = rect.center
            self.live(surf, area, paint)

    def _guest_targets(self, surf, view: StallView, seat: int, legal: list[dict]) -> None:
        pick = self._guest_index()
        for a in legal:
            if a["type"] not in ("guest", "replace") or a["seat"] != seat or a["guest"] != pick:
                continue
            pos = a["pos"] if a["type"] == "replace" else len(self.state.chefs[seat]["queue"])
            rect = view.queue_rect(pos)
            self.draw_pulse(surf, rect, GREEN, 8, (3, 2), 12)
            self._offer(rect, a)

    def _offer(self, rect: pygame.Rect, action: dict, focusable: bool = True) -> None:
        """A target that submits `action` (its words show while it has the focus)."""
        self._offered[action_key(action)] = action
        self.target(rect, action, focusable=focusable)

    def _guest_index(self) -> int:
        """The drawn guest being placed, named as the rules name it (the first of identical ones)."""
        guests = self.state.pending[0]["guests"]
        pick = min(self.guest_pick, len(guests) - 1)
        return guests.index(guests[pick])

    def _board_targets(self, surf, view: StallView, chef: dict, legal: list[dict]) -> None:
        allowed = {a["space"] for a in legal if a["type"] == "board"}
        for space, guest in enumerate(chef["board"]):
            if guest is not None:
                continue
            rect = view.cell_rect(space)
            if space in allowed:
                self.draw_pulse(surf, rect, GREEN, 6, (3, 2), 8)
            # every empty space can be tapped: the rules refuse a wrong one, saying why
            self._offer(rect, {"type": "board", "space": space}, focusable=space in allowed)

    # -- the legend of the reputation board: the space under the mouse, or the focused one
    def _legend_at(self) -> tuple[int, int] | None:
        """(seat, space) of the board space under the pointer, else of the focused seat target."""
        if self.pointer is not None:
            at = (self.ui.px(self.pointer[0]), self.ui.px(self.pointer[1]))
            for seat in range(self.state.num_seats):
                view = self._stall_view(seat)
                for space in range(len(content().spaces)):
                    if view.cell_rect(space).collidepoint(at):
                        return seat, space
        focus = self.focused() if self.my_turn() is not None else None
        action = self._offered.get(focus.key) if focus is not None else None
        if action is not None and action["type"] == "board":
            return self.state.turn, action["space"]
        return None

    def _draw_legend(self, surf) -> None:
        """What a board space gives, beside the board it belongs to (over that stall's sink and reviews)."""
        found = self._legend_at()
        if found is None:
            return
        seat, space = found
        ui, view = self.ui, self._stall_view(seat)
        x, y, w, h = view.x + 256, view.y + 216, STALL_W - 262, STALL_H - 222  # over the sink and reviews
        ring = view.cell_rect(space)
        pygame.draw.rect(surf, ACCENT, ring.inflate(ui.px(6), ui.px(6)), max(2, ui.px(4)), ui.px(8))
        box = ui.rect(x, y, w, h)
        ui.cover(box)
        ui.panel(surf, box, (24, 16, 14), 12, ACCENT)
        title, effect, red = words.legend(space)
        bonus = content().spaces[space]["bonus"]
        if bonus == "double":
            ui.text(surf, "×2", (x + 30, y + 28), 30, MUTED, True, "center")
        else:
            ui.picture(surf, BONUS_ICONS[bonus], (x + 30, y + 28), 40)
        ui.text(surf, title, (x + 58, y + 28), ui.fit(title, 30, w - 70, 24, True), ACCENT, True, "midleft", w - 70)
        room = h - 62
        for size in (32, 30, 28, 26, 24, 22):
            lines = ui.wrap(effect, size, w - 24) + (ui.wrap(red, size, w - 24, True) if red else [])
            if len(lines) * (size + 4) <= room:
                break
        ty = y + 54
        for i, line in enumerate(lines):
            is_red = bool(red) and i >= len(lines) - len(ui.wrap(red, size, w - 24, True))
            ui.text(surf, line, (x + 12, ty), size, RED if is_red else INK, is_red, width=w - 24)
            ty += size + 4

    # -- what the player to act chooses
    def _prompt(self, obs: dict, mine: int | None) -> str:
        if mine is None:
            return self.turn_text() if obs["phase"] != Phase.OVER else ""
        said = words.choice_prompt(obs)  # said the same way on the phones
        if said:
            return said
        pending = obs["pending"][0] if obs["pending"] else None
        if pending is not None and pending["kind"] == Choice.GUEST:
            return _("Send the guest to a lit queue")
        if pending is not None:
            return _("Seat the served guest on a lit space of your board")
        phase = obs["phase"]
        if phase == Phase.TILE:
            if self.tile_pick is None:
                return _("Choose a free tile")
            if self.arrow_pick is None:
                return _("Now choose an arrow: where does the tile slide in?")
            return _("The lit line will run: slide it in, or choose another arrow")
        return _("Do the lit actions, one at a time")

    def _options(self, obs: dict, legal: list[dict]) -> list[dict]:
        """The legal actions shown as buttons under the board (the rest are taps on the table)."""
        slots = sorted({a["slot"] for a in legal if "slot" in a})
        pick = self.slot_pick if self.slot_pick in slots else (slots[0] if len(slots) == 1 else None)
        return [a for a in legal if a["type"] not in BOARD_ACTIONS and a.get("slot", pick) == pick]

    def _draw_choices(self, surf, obs: dict, mine: int | None, legal: list[dict]) -> None:
        """The choice panel, top down: what to do now, what the focused choice would do (and
        a warning if the previewed line skips an action), then the buttons, as small as
        their number needs so that they (and the focus ring) stay on the panel."""
        ui = self.ui
        ui.panel(surf, ui.rect(16, PANEL_Y, 660, 1070 - PANEL_Y), PANEL, 16, ACCENT if mine is not None else None)
        y = self._lines(surf, self._prompt(obs, mine), PANEL_Y + 10, (34, 30, 28, 26), ACCENT, True)
        if mine is None:
            self._draw_idle(surf, obs, PANEL_Y + 60)
            return
        pending = obs["pending"][0] if obs["pending"] else None
        buttons = self._options(obs, legal)
        if obs["phase"] == Phase.TILE and not pending and self.tile_pick is not None and self.arrow_pick is not None:
            buttons = [{"type": "slide"}, *buttons]
        hint = self._hint(mine, buttons)
        if hint:
            y = self._lines(surf, hint, y + 2, (32, 30, 28, 26), INK)
        skips = self._skipped(mine)
        if skips and self.tile_pick is not None and self.arrow_pick is not None:  # (skips come only with both)
            line = line_tiles(slide(self.state.grid, self.tile_pick, self.arrow_pick)[0], self.arrow_pick)
            actions = i18n.names(words.tile(line[s]) for s in skips)
            warning = _("Careful: this line skips {actions}").format(actions=actions)
            y = self._lines(surf, warning, y + 2, (32, 30, 28, 26), RED, True)
        y = max(y + 10, PANEL_Y + 146)
        if pending is not None and pending["kind"] == Choice.GUEST:
            y = self._draw_drawn(surf, pending["guests"], y)
        for a, rect, scale in self._flow(buttons, y):
            ui.panel(surf, ui.box(rect), PANEL_HI, 14 * scale, ACCENT)
            self._draw_face(surf, a, rect, scale)
            if a["type"] == "slide":
                self.target(rect, do=self._slide, key="button:slide")
            else:
                self._offer(rect, a)
        if not buttons and not (pending and pending["kind"] == Choice.GUEST):
            self._draw_idle(surf, obs, y)

    def _lines(self, surf, text: str, y: float, sizes: tuple, colour, bold: bool = False) -> float:
        """`text` in at most two lines across the panel, at the largest of `sizes` that
        holds it; returns the y under it."""
        ui = self.ui
        for size in sizes:
            lines = ui.wrap(text, size, 628, bold)
            if len(lines) <= 2:
                break
        for line in lines[:2]:
            ui.text(surf, line, (32, y), size, colour, bold, width=628)
            y += size + 8
        return y

    def _flow(self, buttons: list[dict], top: float) -> list[tuple[dict, pygame.Rect, float]]:
        """Where the buttons go, in rows from `top`, at the largest scale whose rows end on the panel."""
        for scale in BUTTON_SCALES:
            x, y, placed = 32.0, top, []
            for a in buttons:
                w = min(628, self._face_width(a) * scale)
                if x + w > 660 and x > 32:
                    x, y = 32, y + (BUTTON_H + BUTTON_GAP) * scale
                placed.append((a, (x, y, w, BUTTON_H * scale), scale))
                x += w + BUTTON_GAP * scale
            if y + BUTTON_H * scale <= PANEL_BOTTOM:
                break
        return [(a, self.ui.rect(*r), scale) for a, r, scale in placed]

    def _hint(self, mine: int, buttons: list[dict]) -> str:
        """The focused choice in the rules' words. The buttons are declared after the texts
        above them, so the focus is found among the targets so far and the buttons to come."""
        keys = [t.key for t in self.targets if t.focusable]
        keys += ["button:slide" if a["type"] == "slide" else action_key(a) for a in buttons]
        focus = self.focus_key if self.focus_key in keys else (keys[0] if keys else None)
        offered = self._offered.get(focus) if focus is not None else None
        action = offered or next((a for a in buttons if action_key(a) == focus), None)
        if action is None and self.tile_pick is not None and self.arrow_pick is not None:
            action = {"type": "insert", "tile": self.tile_pick, "arrow": self.arrow_pick}
        return self.state.label(mine, action, self.session.names()) if action is not None else ""

    def _draw_idle(self, surf, obs: dict, y: float) -> None:
        """Room left in the choice panel: at four seats (no spare place), the supply and the last moves."""
        if self.state.num_seats == 4 and obs["phase"] != Phase.OVER:
            if y + SUPPLY_H <= 1070:  # the supply face ends on the panel
                self._blit_supply(surf, obs, 40, y)
                y += SUPPLY_H
            self._blit_history(surf, 32, y, 1060)

    # The supply and the moves change with the state only: drawn once per look, like the stalls.
    def _blit_supply(self, surf, obs: dict, x: float, y: float) -> None:
        look = ("supply", json.dumps([obs["bag"], obs["dish_supply"], obs["drink_supply"], obs["offer"]]))
        rect = self.ui.rect(x, y, SUPPLY_W, SUPPLY_H)
        self.faces.blit(surf, look, rect, partial(self._draw_supply, obs=obs, x=0, y=0), place="supply", kind=None)

    def _blit_history(self, surf, x: float, y: float, bottom: float) -> None:
        if bottom - y < 30:  # no room left under the choices
            return
        lines = tuple(line["text"] for line in self.session.history()[-21:-1])
        rect = self.ui.rect(x, y, HISTORY_W, bottom - y)
        paint = partial(self._draw_history, x=0, y=0, bottom=bottom - y)
        self.faces.blit(surf, ("history", lines), rect, paint, place="history", kind=None)

    def _draw_history(self, surf, x: float, y: float, bottom: float) -> None:
        """The moves before the last one (which the top line says), newest first, down to
        `bottom`: everyone sees what happened."""
        ui, width = self.ui, HISTORY_W
        for n, line in enumerate(reversed(self.session.history()[-21:-1])):
            if not line["text"]:
                continue
            size = 34 if n == 0 else 30
            for part in ui.wrap(line["text"], size, width):
                if y + ui.font(size).get_linesize() / ui.u > bottom:  # the line's whole box, not its size
                    return
                ui.text(surf, part, (x, y), size, INK if n == 0 else MUTED)
                y += size + 8
            y += 6

    def _draw_supply(self, surf, obs: dict, x: float, y: float) -> None:
        """What is left beside the stalls: the bag, the dish and drink supply, the special tokens."""
        ui, data = self.ui, content()
        bag = obs["bag"]
        for i, guest in enumerate([*data.colours, "tourist"]):
            ui.picture(surf, guest_picture(guest), (x + 24 + i * 112, y + 24), 46)
            ui.text(surf, str(bag.count(guest)), (x + 52 + i * 112, y + 24), 34, INK, True, "midleft")
        for i, colour in enumerate(data.colours):
            dish(ui, surf, colour, (x + 24 + i * 112, y + 82), 46)
            ui.text(surf, str(obs["dish_supply"][colour]), (x + 52 + i * 112, y + 82), 34, INK, True, "midleft")
            drink(ui, surf, colour, (x + 24 + i * 112, y + 140), 46)
            ui.text(surf, str(obs["drink_supply"][colour]), (x + 52 + i * 112, y + 140), 34, INK, True, "midleft")
        offer = obs["offer"]
        ui.picture(surf, "yatai.special", (x + 24, y + 198), 40)
        text = ", ".join(f"{_(words.TOKENS[t])} ×{offer.count(t)}" for t in sorted(set(offer))) or "—"
        size = ui.fit(text, 34, 530, 26)
        for i, part in enumerate(ui.wrap(text, size, 530)[:2]):
            ui.text(surf, part, (x + 56, y + 182 + (size + 4) * i), size, INK)

    def _draw_drawn(self, surf, guests: list[str], y: float) -> float:
        """The guests drawn and still to place: tap one to place it next."""
        ui = self.ui
        pick = min(self.guest_pick, len(guests) - 1)
        for i, guest in enumerate(guests):
            rect = ui.rect(32 + i * 96, y, 84, 84)
            ui.panel(surf, rect, PANEL_HI, 14, ACCENT if i == pick else None)
            ui.picture(surf, guest_picture(guest), (rect.centerx / ui.u, rect.centery / ui.u), 70)
            if len(guests) > 1:
                self.target(rect, do=lambda _s, _ev, g=i: self._set_guest(g), key=f"drawn:{i}")
        return y + 96

    def _set_guest(self, i: int) -> bool:
        self.guest_pick = i
        return True

    def _face_width(self, a: dict) -> float:
        icons, text = self._face(a)
        width = len(icons) * 60 + (self.ui.font(34, True).size(text)[0] / self.ui.u if text else 0)
        return max(96, width + 32 + (10 if icons and text else 0))

    def _face(self, a: dict) -> tuple[list[tuple[str, str]], str]:
        """A button's face: pictures ("dish"/"drink"/"guest", colour) and a few words."""
        kind = a["type"]
        if kind == "slide":
            return [], _("Slide it in")
        if kind == "menu":
            return [("dish", a["dish"])], ""
        if kind in ("bottle", "offer_drink"):
            return [("drink", a["colour"])], ""
        if kind == "penalty":
            return [], _("−2 reviews")
        if kind == "cook":
            return [("dish", d) for d in a["dishes"]], ""
        if kind == "drinks":
            return [("drink", d) for d in a["colours"]], ""
        if kind == "serve":
            chef = self.state.chefs[self.state.turn]
            plate = [] if a["taiyaki"] else [("dish", chef["dishes"][0])]
            return plate + [("drink", d) for d in a["drinks"]], _("taiyaki") if a["taiyaki"] else ""
        if kind in ("customers", "recycle"):
            return [], _(words.ACTIONS[kind])
        if kind in ("end", "stop"):
            return [], _("End turn")
        if kind == "review":
            sign = "+1" if self.state.pending[0]["sign"] > 0 else "−1"
            return [], f"{_(words.REVIEWS[a['track']]).capitalize()} {sign}"
        if kind == "pick":
            return [("guest", a["guest"])], ""
        if kind in ("take", "taiyaki"):
            return [], _(words.TOKENS[a.get("token", "taiyaki")])
        if kind == "use" and a["token"] == "urgent_call":
            return [], f"{_(words.TOKENS['urgent_call'])} {a['a'] + 1}↔{a['b'] + 1}"
        return [], _(words.TOKENS[a["token"]])

    def _draw_face(self, surf, a: dict, rect: pygame.Rect, scale: float = 1.0) -> None:
        """A button's face at `scale` of its full size (see _flow)."""
        ui = self.ui
        icons, text = self._face(a)
        x, cy = rect.x / ui.u + 16 * scale, rect.centery / ui.u
        for what, colour in icons:
            centre = (x + 28 * scale, cy)
            if what == "dish":
                dish(ui, surf, colour, centre, 56 * scale)
            elif what == "drink":
                drink(ui, surf, colour, centre, 56 * scale)
            else:
                ui.picture(surf, guest_picture(colour), centre, 56 * scale)
            x += 60 * scale
        if text:
            x += 10 * scale if icons else 0
            room = rect.right / ui.u - x - 8 * scale
            ui.text(surf, text, (x, cy), 34 * scale, INK, True, "midleft", width=room)

    # -- the end: the scoring, category by category
    def _draw_end(self, surf, obs: dict) -> None:
        ui, data = self.ui, content()
        n = self.state.num_seats
        box = ui.rect(80, 110, 1760, 330 + 100 * n)
        ui.cover(box)
        ui.panel(surf, box, (52, 40, 56), 22, GREEN)
        winners = self.state.winners()
        head = i18n.winners(self.seat_name(s) for s in winners)
        ui.text(surf, head, (960, 126), 58, GREEN, True, "midtop")
        y0 = 204
        groups = [
            (_("In play"), 500, 500),
            (_("Dish majorities"), 610, 880),
            (_("Guest majorities"), 990, 1260),
            (_("Reviews"), 1425, 1425),
            (_("Tokens"), 1595, 1595),
            (_("Total"), 1760, 1760),
        ]
        for label, a, b in groups:  # a long name takes two lines rather than its neighbour's room
            width = max(165, b - a + 70)
            lines = ui.wrap(label, 30, width, True)[:2]
            size = min(ui.fit(line, 30 if len(lines) > 1 else 34, width, MIN_TEXT, True) for line in lines)
            for i, line in enumerate(lines):
                ui.text(surf, line, ((a + b) / 2, y0 + i * (size + 4)), size, MUTED, True, "midtop", width)
        y1 = y0 + 104
        ui.picture(surf, "common.star", (500, y1), 50)
        for i, colour in enumerate(data.colours):
            dish(ui, surf, colour, (610 + 90 * i, y1), 56)
            ui.picture(surf, guest_picture(colour), (990 + 90 * i, y1), 56)
        ui.picture(surf, "yatai.review", (1425, y1), 50)
        ui.picture(surf, "yatai.special", (1595, y1), 50)
        result = obs["result"] or []
        ranked = sorted(range(n), key=lambda s: (-result[s]["total"], s)) if result else []
        for row, seat in enumerate(ranked):
            y = y1 + 50 + 100 * row
            r = result[seat]
            if seat in winners:
                ui.panel(surf, ui.rect(110, y, 1700, 88), PANEL_HI, 14, GREEN)
            cy = y + 44
            name = self.seat_name(seat)
            ui.text(surf, name, (140, cy), ui.fit(name, 44, 320, 28, True), self.seat_colour(seat), True, "midleft")
            cells = [(500, r["play"])]
            cells += [(610 + 90 * i, r["dishes"][c]) for i, c in enumerate(data.colours)]
            cells += [(990 + 90 * i, r["guests"][c]) for i, c in enumerate(data.colours)]
            cells += [(1425, sum(r["reviews"].values())), (1595, r["tokens"])]
            for x, value in cells:
                ui.text(surf, str(value) if value else "·", (x, cy), 42, INK if value else DIM, False, "center")
            ui.text(surf, str(r["total"]), (1760, cy), 52, GREEN if seat in winners else ACCENT, True, "center")
        note = _(
            "A majority scores its count, a tie scores nothing; tie-break: most guests seated, then fewest bottles"
        )
        ui.text(surf, note, (960, y1 + 60 + 100 * n), ui.fit(note, 34, 1700, 24), MUTED, anchor="midtop")
