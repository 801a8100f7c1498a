"""The base of every game's scene, and the scenes around a game: the
"pass to" curtain, pause and results.

A game's scene subclasses `TableScene` and writes `draw_table` and
`table_event`; it never decides a rule: it turns input into actions with
`submit` and the rules accept or refuse them. While drawing, it declares
what can be chosen with `target(rect, action)`: the base moves a focus ring
over them with arrows/d-pad, chooses with confirm and hit-tests taps.
"""

from __future__ import annotations

import importlib
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, Self

import pygame

from .. import i18n
from ..engine import SYSTEM, Rng
from ..engine.bots import RandomBot
from ..i18n import N_, _, ngettext
from ..input import DeviceId, PlayerEvent
from ..media.cues import Moment, cues, moment
from . import catalogue
from .confirm import ConfirmScene
from .faces import Faces
from .live import LiveLayer, Paint
from .motion import Motion, pulse
from .phones import LinksScene, draw_away
from .scene import Scene
from .session import Session
from .ui import ACCENT, BG, GREEN, INK, MUTED, PANEL, RED, SEAT_COLOURS, Item, Menu

END_READ_AFTER = 0.6  # a confirm this soon after the end is a press meant for the game, not "next"
END_WAIT = 0.25  # seconds the step seeing the end may wait for the game's save to leave the disk


class Step(Protocol):
    """A target's own step, called as do(seat, event). A Protocol, not a Callable, so
    that a lambda binding a loop variable as a default (`t=tile`) is still checked."""

    def __call__(self, seat: int, ev: PlayerEvent, /) -> Any: ...


@dataclass
class Target:
    """Something on the table a player can choose: drawn this frame at `rect`."""

    rect: pygame.Rect
    choose: Callable[[int, PlayerEvent], Any]  # (acting seat, event) -> truthy if used
    key: str  # the same thing keeps the same key from frame to frame (the focus follows it)
    focusable: bool = True  # reached with arrows; False: a tap target only
    owner: int | None = None  # a seat's own button (its mat): acts for that seat


def action_key(action) -> str:
    return json.dumps(action, sort_keys=True)


class TableScene(Scene):
    name = "table"
    # False where no seat has anything private on screen (Wok Up's piles are
    # face down for everyone): then no "pass to" curtain is ever needed.
    private_views = True
    # Seconds the final table stays up before the results; a confirm or a tap
    # moves on sooner. A game whose end needs reading (a scored placement) holds longer.
    end_hold = 2.5
    # True where a player must see what their turn brought (We Will Wok You's
    # purchase) before the screen is passed on: their view stays open, with
    # `draw_reveal`, until they press confirm or tap.
    reveal_after_turn = False
    # Where a guided first game's panel sits (x, y, w, h in design units): over
    # nothing its steps ask the player to tap (game/app/tutorial.py).
    guide_box: tuple[float, float, float, float] = (100, 880, 1720, 150)

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.viewer: int | None = None  # the seat whose private view is open
        self.curtain_for: int | None = None  # the seat the screen must be passed to
        self.reveal: int | None = None  # a seat looking at what its turn brought (reveal_after_turn)
        self._revealed = -1  # the log length whose reveal was seen
        self.flash_text = ""
        self.flash_until = 0.0
        self.over_since: float | None = None
        self._clock = 0.0  # seconds of scene time, for animations (`clock`)
        # What the last frame drawn showed (see `changes`): its look, whether its drawing read
        # the clock outside its live parts, the live parts, the scene time it must change at.
        self._look: tuple | None = None
        self._timed = False
        self._clock_read = False
        self._live = LiveLayer()
        self._frozen = False  # a panel covers the table: its live parts are painted in place, still
        self._change_at = math.inf
        # A guided step waits for the player: a real-time table's game clock stands still.
        self.time_held = False
        self._held_bots = session.bots  # the bots while hold_bots keeps them back
        self.missing: list[int] = []  # human seats whose gamepad is not connected
        self.targets: list[Target] = []  # what can be chosen, as drawn last frame
        self.focus_key: str | None = None  # the focused target's key
        self.pointer: tuple[float, float] | None = None  # where the mouse rests (design units), see hover
        self._mouse_at: tuple[int, int] | None = None
        self._end_read = False  # a player moved on from the final table
        self._known_devices = frozenset(app.devices.controllers())
        self._map_controllers()
        self.phones = app.phones.table_for(session)  # None while phones are off
        self._update_viewer()
        session.listener = self._heard
        self.motion = Motion(app.motion)  # eased moves, flips, flights, rising points
        self.faces = Faces(self.ui)  # cards, stalls, tiles drawn once per look
        if not session.demo:  # an attract-mode demo keeps the attract music
            app.audio.music("menu", table=True)

    # ---- the clock and what changes with it alone ----------------------------------
    @property
    def clock(self) -> float:
        """Seconds of scene time. Read while drawing (outside `live` and `before`), it
        tells the loop the picture follows the clock: the next frame is drawn whole."""
        self._clock_read = True
        return self._clock

    @clock.setter
    def clock(self, value: float) -> None:
        self._clock = value

    def before(self, t: float) -> bool:
        """True while the scene's clock is before `t` (a banner's end, a reveal's): the
        picture changes once, at `t`, and is drawn whole again then, not every frame."""
        if self._clock < t:
            self._change_at = min(self._change_at, t)
            return True
        return False

    def follows_clock(self) -> None:
        """This frame shows something moving with time other than `clock` (a real-time
        game's clock, physics): the next frame is drawn whole too."""
        self._clock_read = True

    def live(self, surf: pygame.Surface, area: pygame.Rect, paint: Paint) -> None:
        """Something only the clock changes (a pulse, a glow) within `area`, painted by
        `paint(surf)`: over the finished frame, and alone on the frames where nothing
        else changed (game/app/live.py). Under a panel covering the table, and where
        nobody watches (motion off), it is painted here and now, and stands still."""
        if self._frozen or not self.motion.enabled:
            read = self._clock_read
            paint(surf)
            self._clock_read = read
        else:
            self._live.add(area, paint)

    def look(self) -> tuple:
        """Everything the table's picture shows besides the clock: when it differs from
        the last frame's, the frame is drawn whole. A game whose picture follows more (a
        real-time table's game time while it runs) adds it in its own `look`."""
        return (
            id(self.state),
            len(self.state.log),
            self.viewer,
            self.curtain_for,
            self.reveal,
            self.focus_key,
            tuple(self.missing),
            self.flash_text if self.flash_live() else None,
            self.over_since is None,
            self._away(),
            self.ui.u,
            i18n.language(),
        )

    def covered(self) -> bool:
        """A panel lies over the table (a reveal, a missing controller or phone): the live
        parts would show through it, so they are painted in place and stand still."""
        return self.reveal is not None or bool(self.missing) or bool(self._away())

    def _away(self) -> tuple[int, ...]:
        """Human seats whose phone is away (their panels cover the table)."""
        if self.phones is None:
            return ()
        return tuple(s for s in self.session.humans() if self.app.phones.state_of(s) == "away")

    def changes(self) -> str:
        moving = self.motion.enabled and self.curtain_for is None and self.motion.settling
        if (
            self._look != self.look()
            or self._timed
            or self.faces.lagging
            or self._clock >= self._change_at
            or (moving and self.motion.damage(0) is None)
        ):
            return "whole"
        if moving:
            return "moving"
        return "live" if self._live.parts else "none"

    def draw_live(self, surf: pygame.Surface) -> list[pygame.Rect]:
        return self._live.repaint(surf)

    def damage(self) -> list[pygame.Rect]:
        return [*(self.motion.damage(self.ui.px(16)) or []), *self._live.areas]

    # ---- for subclasses ----------------------------------------------------
    def draw_table(self, surf: pygame.Surface) -> None:
        raise NotImplementedError

    def table_event(self, ev: PlayerEvent) -> bool:
        """A player event while no curtain is up (presses and releases).
        Return True if the scene used it; an unused "back" press undoes."""
        return False

    def on_applied(self, seat: int, action) -> None:
        """Called after any action was applied (animations, sounds)."""

    def on_moved(self, seat: int, action, before: dict, after: dict) -> None:
        """Optional: start motion (self.motion) for what an action changed, from the
        public views before and after it. Not called where motion is off."""

    @classmethod
    def moments(cls) -> dict[str, Callable[[Self], None]]:
        """Named situations for screenshots and benchmarks: name -> set-up function."""
        return {
            "start": lambda scene: None,
            "midgame": lambda scene: scene.advance(30),
            "end": lambda scene: scene.advance(100_000),
        }

    # ---- provided ----------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    def seat_name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        return SEAT_COLOURS[self.session.seats[seat].colour]

    def submit(self, seat: int, action) -> bool:
        ok = self.session.apply(seat, action)
        if ok:
            self.on_applied(seat, action)
            self._update_viewer()
        else:
            self.flash(_("Not allowed: {rule}").format(rule=self.session.error))
        return ok

    def last_move_text(self, exclude: int | None = None) -> str:
        """What the last player did, in words; with `exclude`, the last move of
        anyone but that seat (the viewer knows what they did themselves)."""
        for line in reversed(self.session.history()):
            if line["seat"] != SYSTEM and line["seat"] != exclude:
                return line["text"]
        return ""

    def flash(self, text: str, seconds: float = 3.0) -> None:
        self.flash_text, self.flash_until = text, time.monotonic() + seconds

    def acting_seat(self, ev: PlayerEvent) -> int | None:
        """The seat an event acts for: its device's seat, or for pointer and
        unassigned devices the single human whose view is open."""
        if ev.seat is not None:
            return ev.seat
        return self.viewer

    def my_turn(self) -> int | None:
        """The seat whose view is open, if it is one of the seats to act now."""
        seat = self.viewer
        return seat if seat is not None and seat in self.state.actors() else None

    def key_hint(self, seat: int, control: str = "confirm") -> str:
        """What `seat` presses for `control` on its own controller ("Enter", "A",
        "3"; "" for a touch seat or a bot): shown on mats, curtains and in flashes."""
        cfg = self.session.seats[seat]
        return "" if cfg.is_bot else self.app.devices.hint(cfg.controller, control)

    def not_your_turn(self, pressed_by: int) -> None:
        """A seat's confirm on someone else's turn: say whose turn it is and what they press."""
        seats = [s for s in self.state.actors() if s != SYSTEM]
        if len(seats) != 1:
            self.flash(self.turn_text() or _("Wait for the table"), 2.5)
            return
        seat, name = seats[0], self.seat_name(seats[0])
        key = self.key_hint(seat)
        text = _("{name}'s turn: {name} presses {key}") if key else _("{name}'s turn: {name} taps the screen")
        self.flash(text.format(name=name, key=key), 2.5)

    def turn_text(self) -> str:
        """Whose turn it is, in words ("" once the game is over)."""
        seats = [s for s in self.state.actors() if s != SYSTEM]
        if self.state.is_over() or not seats:
            return ""
        if len(seats) == 1:
            return _("{name}'s turn").format(name=self.seat_name(seats[0]))
        return _("Waiting for {names}").format(names=i18n.names(self.seat_name(s) for s in seats))

    def _heard(self, seat: int, action, before: Moment) -> None:
        """After every applied action (a bot's too): the sounds it makes (game/media/cues.py)."""
        after = moment(self.state)
        for name in cues(self.session.gdef, before, after, seat, action, self.session.humans()):
            self.app.audio.play(name)
        if self.motion.enabled:
            self.on_moved(seat, action, before.view, after.view)

    def seats_changed(self) -> None:
        """A seat changed hands (a guest took a demo's seat): route the controllers again."""
        self._map_controllers()
        self._update_viewer()

    def stand_in(self, seat: int, level: str | None) -> None:
        """A bot of `level` plays a human seat whose player walked away (kiosk
        mode); None gives the seat back. A real-time scene drives its own bots
        and overrides this."""
        bots = self.session.bots
        if bots is None:
            return
        if level is not None:
            bots.levels[seat] = level
        elif bots.levels.pop(seat, None) is not None and bots.job is not None and bots.job[0] == seat:
            bots.close()  # the player is back: the bot's pending move is not played

    def hold_bots(self, held: bool) -> None:
        """Keep every bot from playing (a guided game's steps are the player's), or
        let them play again. A real-time scene drives its own bots and overrides this."""
        if held:
            self._held_bots, self.session.bots = self.session.bots, None
        else:
            self.session.bots = self._held_bots

    def show_clip(self, clip: dict | None) -> bool:
        """The replay theatre reached a moment its game kept a clip of (GameDef.clip):
        play it over the table (None: the theatre moved on, stop). False: nothing to
        play. A game whose scene keeps clips (Wok Up's instant replay) overrides this."""
        return False

    @property
    def clip_playing(self) -> bool:
        """A clip is playing: the theatre holds its next move and redraws every frame."""
        return False

    # ---- targets: what a player can choose on the table -------------------------
    def target(
        self,
        rect: pygame.Rect,
        action=None,
        *,
        do: Step | None = None,
        key: str | None = None,
        focusable: bool = True,
        owner: int | None = None,
    ) -> None:
        """Declare, while drawing, something that can be chosen at `rect`: an
        action to submit, or `do(seat, event)` for a step of the scene's own
        (choosing a card before its target). Later targets lie on top."""
        if do is None:

            def do(seat, _ev, action=action):
                return self.submit(seat, action)

        self.targets.append(Target(rect, do, key or action_key(action), focusable, owner))

    def focused(self) -> Target | None:
        ring = [t for t in self.targets if t.focusable]
        if not ring:
            return None
        return next((t for t in ring if t.key == self.focus_key), ring[0])

    def move_focus(self, step: int) -> None:
        ring = [t for t in self.targets if t.focusable]
        here = self.focused()  # None only when the ring is empty
        if here is not None:
            self.focus_key = ring[(ring.index(here) + step) % len(ring)].key

    def _target_event(self, ev: PlayerEvent) -> bool:
        """Arrows move the focus, confirm chooses it, a tap chooses what is under it."""
        if not ev.pressed:
            return False
        seat = self.acting_seat(ev)
        if ev.control == "point" and ev.pos is not None:
            for t in reversed(self.targets):
                chooser = seat if t.owner is None else t.owner
                if t.rect.collidepoint(ev.pos) and chooser is not None:
                    if t.focusable:
                        self.focus_key = t.key
                    return bool(t.choose(chooser, ev))
            return False
        if seat is None:
            return False
        if ev.control in ("left", "up", "right", "down"):
            if not any(t.focusable for t in self.targets):
                return False
            self.move_focus(-1 if ev.control in ("left", "up") else 1)
            return True
        if ev.control == "confirm" and ev.seat is not None and self._off_turn(ev.seat):
            self.not_your_turn(ev.seat)
            return True
        if ev.control == "confirm" and (target := self.focused()) is not None:
            return bool(target.choose(seat, ev))
        return False

    def hover(self, pos: tuple[int, int] | None) -> None:
        """The mouse moved to `pos` (stage pixels; None: off the stage): the focus moves onto
        the target under it, and `pointer` says where it is for a scene that explains
        what lies there."""
        self.pointer = None if pos is None else (pos[0] / self.ui.u, pos[1] / self.ui.u)
        under = [t for t in self.targets if pos is not None and t.rect.collidepoint(pos)]
        if under and under[-1].focusable:
            self.focus_key = under[-1].key

    def _follow_mouse(self) -> None:
        """Hover, read once a frame: only a move counts, so a mouse at rest (or a touch
        screen's last tap) leaves the arrows' focus alone."""
        if not pygame.mouse.get_focused():
            return
        at = pygame.mouse.get_pos()
        if at != self._mouse_at:
            self._mouse_at = at
            stage = self.app.stage_rect
            self.hover((at[0] - stage.x, at[1] - stage.y) if stage.collidepoint(at) else None)

    def draw_turn(self, surf: pygame.Surface, rect: pygame.Rect, colour, radius: float = 16) -> None:
        """The ring of whose turn it is: it breathes, so the eye finds it from the sofa."""
        rect = pygame.Rect(rect)

        def paint(s: pygame.Surface) -> None:
            k = pulse(self.clock) if self.motion.enabled else 1.0
            lit = tuple(round(c + (255 - c) * 0.45 * k) for c in colour)
            grow = self.ui.px(2 + 6 * k)
            pygame.draw.rect(s, lit, rect.inflate(grow, grow), max(2, self.ui.px(4 + 3 * k)), self.ui.px(radius))

        most = self.ui.px(8) + 4
        self.live(surf, rect.inflate(most, most), paint)

    def draw_pulse(
        self,
        surf: pygame.Surface,
        rect: pygame.Rect,
        colour,
        grow: float,
        width: tuple[float, float],
        radius: float,
        speed: float = 6.0,
    ) -> None:
        """A ring `grow` units wider than `rect` whose width (`width`: middle, swing, in
        units) breathes with the clock: something that can be chosen. A live part."""
        ring = rect.inflate(self.ui.px(grow), self.ui.px(grow))

        def paint(s: pygame.Surface) -> None:
            w = width[0] + width[1] * math.sin(self.clock * speed)
            pygame.draw.rect(s, colour, ring, self.ui.px(w), self.ui.px(radius))

        self.live(surf, ring.inflate(4, 4), paint)

    def _off_turn(self, seat: int) -> bool:
        """A turn-based table waiting for others while `seat` has nothing to do."""
        state = self.state
        return not (self.session.gdef.realtime or state.is_over()) and seat not in state.actors()

    def draw_focus(self, surf: pygame.Surface) -> None:
        """A pulsing ring around the focused target."""
        t = self.focused()
        if t is None:
            return
        ring = t.rect.inflate(self.ui.px(10), self.ui.px(10))
        if ring.collidelist(self.ui.covers) >= 0:  # under a panel drawn over the table (a reveal): not shown
            return

        def paint(s: pygame.Surface) -> None:
            pulse = 3 + int(2 * (1 + math.sin(self.clock * 6)))
            pygame.draw.rect(s, ACCENT, ring, self.ui.px(pulse), border_radius=self.ui.px(14))

        self.live(surf, ring.inflate(4, 4), paint)

    # ---- playing forward (moments, screenshots, tests) ----------------------------
    def play_until(self, done: Callable[[Any], bool] = lambda state: False, limit: int = 400) -> None:
        """Play actions at once by the seats' bots (random for humans and the
        table) until `done(state)`, the end, or `limit` actions."""
        rng = Rng(self.session.seed ^ len(self.state.log))
        for _i in range(limit):
            if self.state.is_over() or done(self.state):
                break
            seat = rng.choice(self.state.actors())
            if seat == SYSTEM:
                action = self.state.sample_action(seat, rng)
            else:
                bot = self.session.bot_for(seat) or RandomBot()
                action = bot.choose(self.state, seat, rng)
            self.submit(seat, action)
        self.reveal = None  # played forward at once: nobody is looking at a reveal
        self._update_viewer()

    def advance(self, actions: int) -> None:
        """Play `actions` actions at once (see play_until)."""
        self.play_until(limit=actions)

    def until_human(self, after: int = 0, lift: bool = True) -> None:
        """Play `after` actions, then on until a human seat is to act; open its
        view (`lift`) or leave the curtain down for it."""
        self.advance(after)
        humans = self.session.humans()
        self.play_until(lambda state: any(s in humans for s in state.actors()))
        seat = next((s for s in self.state.actors() if s in humans), None)
        if seat is not None:
            self.viewer, self.curtain_for = (seat, None) if lift else (None, seat)

    def _map_controllers(self) -> None:
        """Route each device to its seat and list the seats whose controller is
        gone. A seat whose gamepad is gone takes the next unclaimed pad that
        appears (SDL renumbers a replugged pad); a buzzer station keeps its name
        (box id and station), so it is simply back when its box is."""
        seats, devices = self.session.seats, self.app.devices
        present = set(devices.controllers())
        kind = {s: d for s, cfg in enumerate(seats) if (d := DeviceId.parse(cfg.controller)) is not None}
        self.missing = [
            s
            for s, cfg in enumerate(seats)
            if not cfg.is_bot and s in kind and kind[s].unpluggable and cfg.controller not in present
        ]
        claimed = {cfg.controller for cfg in seats}
        spare = [c for c in present if c.startswith("gamepad-") and c not in claimed]
        for seat in list(self.missing):
            if spare and kind[seat].kind == "gamepad":
                seats[seat].controller = spare.pop(0)
                self.missing.remove(seat)
                self.app.say(_("Gamepad connected for {name}").format(name=seats[seat].name))
        devices.seat_of = {cfg.controller: s for s, cfg in enumerate(seats) if cfg.controller and not cfg.is_bot}

    def missing_text(self, seat: int) -> str:
        device = DeviceId.parse(self.session.seats[seat].controller)
        name = self.seat_name(seat)
        if device is not None and device.kind == "buzzer":
            return _("{name}'s buzzer box {box} is unplugged: plug it back in").format(name=name, box=device.unit)
        return _("{name}'s gamepad is not connected: plug it in, or play by touch or mouse").format(name=name)

    def hands_on_phones(self) -> bool:
        """Every human seat's private view is on its phone (the TV's words can say so)."""
        humans = self.session.humans()
        return self.phones is not None and bool(humans) and set(humans) <= set(self.phones.server.phone_seats())

    def _update_viewer(self) -> None:
        state, humans = self.state, self.session.humans()
        private = self.private_views and state.hidden_information
        # A seat with a phone sees its private view there; the TV keeps the others'
        # behind the curtain (even a lone one's: the phones' players see the TV).
        phoned = set(self.phones.server.phone_seats()) if self.phones is not None and private else set()
        on_tv = [s for s in humans if s not in phoned]
        pending = [s for s in state.actors() if s in on_tv]
        if not private or (len(humans) <= 1 and not phoned):
            # Nothing to hide: a lone human sees the table as theirs; several take
            # turns, and a real-time table belongs to nobody in particular.
            realtime = self.session.gdef.realtime
            self.viewer = humans[0] if len(humans) == 1 else (pending[0] if pending and not realtime else None)
            self.curtain_for = None
            return
        if self.reveal is not None:
            return  # the last player is still looking at what their turn brought
        if self.viewer is not None and self.viewer not in pending and self._just_played(self.viewer):
            self.reveal = self.viewer
        elif not pending:
            self.viewer, self.curtain_for = None, None  # the private view closes (or every hand is on a phone)
        elif self.viewer not in pending:
            self.viewer, self.curtain_for = None, pending[0]

    def _just_played(self, seat: int) -> bool:
        log = self.state.log
        seen = self._revealed == len(log)
        return (
            self.reveal_after_turn and bool(log) and log[-1]["seat"] == seat and not seen and not self.state.is_over()
        )

    def draw_reveal(self, surf: pygame.Surface, seat: int) -> None:
        """What `seat`'s turn brought, over its still-open view (reveal_after_turn).
        By default its last move in words; a game draws its own (cards bought)."""
        self.ui.cover(self.ui.rect(260, 380, 1400, 150))
        self.ui.panel(surf, self.ui.rect(260, 380, 1400, 150), PANEL, 20, self.seat_colour(seat))
        self.ui.text(surf, self.last_move_text(), (960, 410), 40, INK, True, "midtop")

    def _draw_reveal_prompt(self, surf: pygame.Surface, seat: int) -> None:
        key = self.key_hint(seat)
        text = _("{name}: press {key} or tap to pass the screen on") if key else _("{name}: tap to pass the screen on")
        r = self.ui.rect(360, 560, 1200, 70)
        self.ui.cover(r)
        self.ui.panel(surf, r, (24, 16, 14), 16, ACCENT)
        self.ui.text(
            surf, text.format(name=self.seat_name(seat), key=key), (960, 574), 38, ACCENT, True, "midtop", width=1160
        )

    # ---- scene -------------------------------------------------------------
    def handle(self, ev: PlayerEvent) -> None:
        if ev.control == "menu" and ev.pressed:
            self.app.push(PauseScene(self.app, self))
            return
        if self.phones is not None and self.phones.take(ev, self.submit, lambda: self.session.error):
            # A phone's choice, through the same rules (a refusal is told to the phone); the
            # new view goes at once, before anything can cover the table until the next update.
            self.phones.refresh(self.state, self.last_move_text())
            return
        if self.reveal is not None and ev.pressed and ev.control in ("confirm", "point"):
            if ev.seat in (None, self.reveal):
                self.reveal, self._revealed = None, len(self.state.log)
                self._update_viewer()
            else:
                self.flash(_("{name} is looking at their turn first").format(name=self.seat_name(self.reveal)), 2)
            return
        if self.curtain_for is not None:
            if ev.pressed and ev.control in ("confirm", "point") and ev.seat in (None, self.curtain_for):
                self.viewer, self.curtain_for = self.curtain_for, None
            elif ev.pressed and ev.control == "confirm" and ev.seat is not None:
                self.not_your_turn(ev.seat)
            return
        if (
            self.state.is_over()
            and self.over_since is not None
            and ev.pressed
            and ev.control in ("confirm", "point")
            and self.clock - self.over_since >= END_READ_AFTER
        ):
            self._end_read = True  # the players have seen the end: on to the results
            return
        if self.table_event(ev) or self._target_event(ev) or not (ev.pressed and ev.control == "back"):
            return
        seat = self.acting_seat(ev)
        if seat is not None and self.session.undo(seat):
            self.flash(_("Undone"), 1.5)

    def update(self, dt: float) -> None:
        self.clock += dt
        self._watch_controllers()
        self._follow_mouse()
        before = len(self.state.log)
        if self.session.bots is not None:
            self.session.bots.update(time.monotonic(), self.app.settings.bot_delay)
        if len(self.state.log) != before:
            entry = self.state.log[-1]
            self.on_applied(entry["seat"], entry["action"])
        self._update_viewer()
        if self.phones is not None:
            self.phones.refresh(self.state, self.last_move_text())
        if self.state.is_over():
            if self.over_since is None:
                self.over_since = self.clock
                if self.session.saves is not None:  # the removal of its save on its way: see end_kept
                    self.session.saves.flush(END_WAIT)
            elif (self._end_read or self.clock - self.over_since >= self.end_hold) and self.session.end_kept():
                self.app.replace(ResultsScene(self.app, self.session))

    def refresh_controllers(self) -> None:
        """Map the seats again if a controller came or went since last time."""
        devices = frozenset(self.app.devices.controllers())
        if devices != self._known_devices:
            self._known_devices = devices
            self._map_controllers()

    def _watch_controllers(self) -> None:
        self.refresh_controllers()
        # A real-time game cannot go on without a player's hands: wait for them.
        needed = [
            s
            for s in self.missing
            if self.session.gdef.realtime
            or getattr(DeviceId.parse(self.session.seats[s].controller), "kind", "") == "buzzer"
        ]
        if needed and self.app.top is self and not self.state.is_over():
            self.app.push(ControllerWaitScene(self.app, self))

    def draw(self, surf: pygame.Surface) -> None:
        self.targets = []
        self.ui.covers = []
        self._live.clear()
        self._frozen = self.covered()
        self._clock_read, self._change_at = False, math.inf
        self._draw_all(surf)
        self._timed = self._clock_read  # the picture followed the clock outside its live parts
        self._live.finish(surf)
        self._look = self.look()

    def _draw_all(self, surf: pygame.Surface) -> None:
        if self.curtain_for is None:  # the curtain hides the whole table: then only it is drawn
            self.motion.tick(self._clock, self.ui.u)
            self.faces.next_frame()
            self.draw_table(surf)
            self.motion.draw(surf, self.ui)
            if self.my_turn() is not None:
                self.draw_focus(surf)
            for i, seat in enumerate(self.missing):
                text = self.missing_text(seat)
                self.ui.panel(surf, self.ui.rect(260, 900 - 70 * i, 1400, 60), (70, 24, 20), 12, RED)
                self.ui.text(surf, text, (960, 908 - 70 * i), 34, INK, anchor="midtop", width=1360)
            if self.reveal is not None:  # what the last turn brought, before the curtain falls
                self.draw_reveal(surf, self.reveal)
                self._draw_reveal_prompt(surf, self.reveal)
            if self.phones is not None:
                draw_away(self, surf)
        else:
            draw_curtain(self, surf, self.curtain_for)
        self.draw_flash(surf)  # over the curtain too

    def flash_live(self) -> bool:
        return bool(self.flash_text) and time.monotonic() < self.flash_until

    def draw_flash(self, surf: pygame.Surface) -> None:
        if self.flash_live():
            self.ui.text(surf, self.flash_text, (960, 1010), 40, RED, True, "midbottom", width=1800)

    def close(self) -> None:
        self.session.close()


def draw_curtain(scene: TableScene, surf: pygame.Surface, seat: int) -> None:
    ui = scene.ui
    surf.fill(BG)
    colour = scene.seat_colour(seat)
    r = ui.rect(360, 300, 1200, 480)
    ui.panel(surf, r, PANEL, 30, colour)
    inner = 1120  # the panel less its margins
    ui.text(
        surf,
        _("Pass to {name}").format(name=scene.seat_name(seat)),
        (960, 380),
        96,
        colour,
        True,
        "midtop",
        width=inner,
    )
    ui.text(
        surf, _("Everyone else, look away: private cards follow."), (960, 540), 40, INK, anchor="midtop", width=inner
    )
    key = scene.key_hint(seat)
    ready = _("{name}: press {key} or tap when ready") if key else _("{name}: tap the screen when ready")
    ui.text(
        surf, ready.format(name=scene.seat_name(seat), key=key), (960, 640), 40, ACCENT, anchor="midtop", width=inner
    )


class ControllerWaitScene(Scene):
    """Covers a real-time table while a seat's controller is unplugged. Only
    the top scene advances, so the game's clock stands still underneath; it
    lifts by itself when the controller is back."""

    name = "controller-wait"
    overlay = True
    still = True  # the table under it stands still too; a controller back pops it

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table

    def handle(self, ev: PlayerEvent) -> None:
        if ev.pressed and ev.control == "menu":
            self.app.push(PauseScene(self.app, self.table))

    def update(self, dt: float) -> None:
        self.table.refresh_controllers()
        if not self.table.missing:
            self.app.pop()

    def draw(self, surf: pygame.Surface) -> None:
        self.ui.shade(surf, 200)
        self.ui.title(surf, _("Waiting for a controller"), 300)
        for i, seat in enumerate(self.table.missing):
            self.ui.text(surf, self.table.missing_text(seat), (960, 460 + 70 * i), 44, INK, anchor="midtop", width=1800)
        self.ui.text(
            surf, _("The game is paused and nothing is lost."), (960, 760), 38, MUTED, anchor="midtop", width=1800
        )


class PauseScene(Scene):
    name = "pause"
    overlay = True
    still = True  # a menu over a table that stands still underneath

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        if app.mode.locked:  # guests resume, read the rules or end the game; nothing leaves the arcade
            items = [
                Item(N_("Resume"), app.pop),
                Item(N_("Rules"), self._rules),
                Item(N_("End this game"), self._end, N_("The game is over for everyone at the table.")),
            ]
        else:
            items = [
                Item(N_("Resume"), app.pop),
                Item(N_("Move history"), lambda: app.open("history", table.session)),
                Item(N_("Rules"), self._rules),
                *([Item(N_("Phones"), self._phones, N_("Each seat's QR code"))] if app.phones.on else []),
                Item(N_("Quit to menu"), self._quit, self._quit_note()),
                Item(N_("Abandon this game"), self._abandon),
            ]
        self.menu = Menu(items, y=250)

    def _quit_note(self) -> str:
        """What quitting keeps: a guided game is not saved until its steps are over."""
        if self.table.session.saves is None:
            return N_("This game is not saved yet: quitting ends it.")
        return N_("The game is saved: resume it from the title screen.")

    def _rules(self) -> None:
        self.app.open("rules", self.table.session.gdef.id)

    def _phones(self) -> None:
        self.app.push(LinksScene(self.app, self.table.session))

    def _quit(self) -> None:
        self.table.close()
        self.app.restart_at("title")

    def _abandon(self) -> None:
        """Asks first: an abandoned game's save is deleted and cannot be resumed."""
        session = self.table.session
        question = _("Abandon this game of {game} after {n} moves? It cannot be resumed afterwards.").format(
            game=catalogue.title(session.gdef.id), n=len(session.history())
        )
        self.app.push(ConfirmScene(self.app, question, self._abandoned, N_("Abandon")))

    def _abandoned(self) -> None:
        self.app.mode.end_game(self.table, "abandoned from the pause menu")

    def _end(self) -> None:
        self.app.mode.end_game(self.table, "ended from the pause menu")

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        if ev.control in ("menu", "back"):
            self.app.pop()
        else:
            self.menu.handle(ev.control, ev.pos)

    def draw(self, surf: pygame.Surface) -> None:
        ui, m = self.ui, self.menu
        ui.shade(surf, 190)
        # An opaque sheet under the title and the menu: the table's words no longer show through them.
        sheet = ui.rect(m.x - 60, 70, m.w + 120, m.bottom() + 40 - 70)
        ui.cover(sheet)
        ui.panel(surf, sheet, (24, 16, 14), 24, ACCENT)
        ui.title(surf, _("Paused"), 110)
        m.draw(surf, ui)


class ResultsScene(Scene):
    name = "results"
    still = True  # a menu under the scores: it changes with input only

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        if not session.demo:  # (a demo's, a stand-in app's table: never kept)
            app.replays.keep(session)  # to be watched again (game/app/replays.py)
        items = [
            Item(N_("Play again"), self._again),
            Item(N_("Move history"), self._history),
            Item(N_("Watch again"), self._watch),
            Item(N_("Menu"), self._menu),
        ]
        self.menu = Menu(items, x=560, y=720, h=74, gap=6)

    def _history(self) -> None:
        self.app.open("history", self.session)  # the whole game, told again after its end

    def _watch(self) -> None:
        self.app.open("replay", self.app.replays.player(self.session))

    def _again(self) -> None:
        s = self.session
        saves = s.saves if s.saves is not None else self.app.saves  # after a guided game: a real one, saved
        fresh = Session(s.gdef, s.seats, s.options, s.seed + 1, saves)
        self.app.replace(make_table(self.app, fresh))

    def _menu(self) -> None:
        self.app.restart_at("title")

    def handle(self, ev: PlayerEvent) -> None:
        if ev.pressed:
            self.menu.handle(ev.control, ev.pos)

    def draw(self, surf: pygame.Surface) -> None:
        ui, state = self.ui, self.session.state
        ui.title(surf, _("Results"))
        winners = state.winners()
        names = i18n.names(self.session.seats[w].name for w in winners)
        headline = ngettext("{names} wins!", "{names} win!", len(winners))
        ui.text(surf, headline.format(names=names), (960, 200), 64, GREEN, True, "midtop", width=1800)
        scores = state.scores()
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        for row, seat in enumerate(order):
            y = 300 + row * 68  # six rows above the menu
            cfg = self.session.seats[seat]
            r = ui.rect(460, y, 1000, 60)
            ui.panel(surf, r, PANEL, 14, ACCENT if seat in winners else None)
            pygame.draw.circle(surf, SEAT_COLOURS[cfg.colour], ui.rect(500, y + 30, 0, 0).topleft, ui.px(18))
            ui.text(surf, cfg.name, (540, y + 8), 42, INK, True, width=500)
            ui.text(surf, _("bot") if cfg.is_bot else "", (1060, y + 14), 34, MUTED, width=200)
            ui.text(
                surf,
                i18n.number(scores[seat], 1 if scores[seat] % 1 else 0),
                (1420, y + 8),
                46,
                ACCENT,
                True,
                "topright",
                width=140,
            )
        self.menu.draw(surf, ui)


def scene_class(gdef) -> type[TableScene]:
    """The game's own scene class, named by its GameDef."""
    module, _sep, cls = gdef.scene.partition(":")
    return getattr(importlib.import_module(module), cls)


def make_table(app, session: Session) -> TableScene:
    return scene_class(session.gdef)(app, session)
