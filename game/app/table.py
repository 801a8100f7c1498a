"""The base of every game's scene: it composes the table's parts.

A game's scene subclasses `TableScene` and writes `draw_table` and
`table_event`; it never decides a rule: it turns input into actions with
`submit` and the rules accept or refuse them. While drawing, it declares
what can be chosen with `target(rect, action)`: the focus ring (focus.py)
moves over them with arrows/d-pad, confirm chooses, taps are hit-tested.
Who may see what is viewer.py's, the controllers controllers.py's, the
curtain and reveal panels curtain.py's; pause.py and results.py follow.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Self

import pygame

from .. import i18n
from ..engine import SYSTEM
from ..i18n import _
from ..input import Control, PlayerEvent
from ..media.cues import Moment, cues
from . import forward
from .controllers import ControllerWaitScene, ControllerWatch
from .curtain import draw_curtain, draw_last_move, draw_missing, draw_reveal_prompt
from .ending import Ending
from .focus import FocusRing, Step, Target, action_key
from .pause import PauseScene
from .phones import draw_away
from .results import ResultsScene
from .session import Session
from .table_drawing import TableDrawing
from .ui import RED, SEAT_COLOURS
from .viewer import View, who_sees


class TableScene(TableDrawing):
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
        # Who may see what (viewer.py): the open private view, the curtain, a reveal.
        self.viewer: int | None = None
        self.curtain_for: int | None = None
        self.reveal: int | None = None
        self._revealed = -1  # the log length whose reveal was seen
        self.flash_text = ""
        self.flash_until = 0.0
        self.ending = Ending(session)  # the final table, then the results
        # A guided step waits for the player: a real-time table's game clock stands still.
        self.time_held = False
        self.ring = FocusRing()  # what can be chosen, as drawn last frame, and the focus
        self.controllers = ControllerWatch(session.seats, app.devices, app.say)
        self.phones = app.phones.table_for(session)  # None while phones are off
        self._update_viewer()
        session.listener = self._heard
        if not session.demo:  # an attract-mode demo keeps the attract music
            app.audio.music("menu", table=True)

    def look(self) -> tuple:
        """Everything the table's picture shows besides the clock: when it differs from
        the last frame's, the frame is drawn whole. A game whose picture follows more (a
        real-time table's game time while it runs) adds it in its own `look`."""
        return (len(self.state.log), self.focus_key, *self.setting())

    def setting(self) -> tuple:
        """What the picture shows besides the game's moves and the focus: who views, the
        panels over the table, the scale and language (a part of the picture in `regions`
        that shows none of these changes only with the game)."""
        return (
            id(self.state),
            self.viewer,
            self.curtain_for,
            self.reveal,
            tuple(self.missing),
            self.flash_text if self.flash_live() else None,
            self.ending.since is None,
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
        """Play `action` for `seat`; True if the rules took it (see `play`)."""
        return self.play(seat, action) is None

    def play(self, seat: int, action) -> str | None:
        """Play `action` for `seat`: None when applied, else the refusal, flashed
        with its rule (a phone's choice is told it too)."""
        refusal = self.session.apply(seat, action)
        if refusal is None:
            self.on_applied(seat, action)
            self._update_viewer()
        else:
            self.flash(_("Not allowed: {rule}").format(rule=refusal))
        return refusal

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

    def key_hint(self, seat: int, control: str = Control.CONFIRM) -> str:
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
        after = self.session.moment()
        for name in cues(self.session.gdef, before, after, seat, action, self.session.humans()):
            self.app.audio.play(name)
        if self.motion.enabled:
            self.on_moved(seat, action, before.view, after.view)

    def seats_changed(self) -> None:
        """A seat changed hands (a guest took a demo's seat): route the controllers again."""
        self.controllers.remap()
        self._update_viewer()

    def stand_in(self, seat: int, level: str | None) -> None:
        """A bot of `level` plays a human seat whose player walked away (kiosk
        mode); None gives the seat back. A real-time scene drives its own bots
        and overrides this."""
        if self.session.bots is not None:
            self.session.bots.stand_in(seat, level)

    def hold_bots(self, held: bool) -> None:
        """Keep every bot from playing (a guided game's steps are the player's), or
        let them play again. A real-time scene drives its own bots and overrides this."""
        self.session.hold_bots(held)

    def show_clip(self, clip: dict | None) -> bool:
        """The replay theatre reached a moment its game kept a clip of (GameDef.clip):
        play it over the table (None: the theatre moved on, stop). False: nothing to
        play. A game whose scene keeps clips (Wok Up's instant replay) overrides this."""
        return False

    @property
    def clip_playing(self) -> bool:
        """A clip is playing: the theatre holds its next move and redraws every frame."""
        return False

    # ---- targets: what a player can choose on the table (focus.py) ----------------
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

        self.ring.add(Target(rect, do, key or action_key(action), focusable, owner))

    @property
    def targets(self) -> list[Target]:
        return self.ring.targets

    @property
    def focus_key(self) -> str | None:
        return self.ring.key

    @focus_key.setter
    def focus_key(self, key: str | None) -> None:
        self.ring.key = key

    @property
    def pointer(self) -> tuple[float, float] | None:
        """Where the mouse rests (design units), for a scene that explains what lies there."""
        return self.ring.pointer

    @pointer.setter
    def pointer(self, at: tuple[float, float] | None) -> None:
        self.ring.pointer = at

    def focused(self) -> Target | None:
        return self.ring.focused()

    def move_focus(self, step: int) -> None:
        self.ring.move(step)

    def _target_event(self, ev: PlayerEvent) -> bool:
        """Arrows move the focus, confirm chooses it, a tap chooses what is under it."""
        if not ev.pressed:
            return False
        seat = self.acting_seat(ev)
        if ev.control == Control.POINT and ev.pos is not None:
            tapped = self.ring.tapped(ev.pos, seat)
            return tapped is not None and bool(tapped[0].choose(tapped[1], ev))
        if seat is None:
            return False
        if ev.control in (Control.LEFT, Control.UP, Control.RIGHT, Control.DOWN):
            return self.ring.move(-1 if ev.control in (Control.LEFT, Control.UP) else 1)
        if ev.control == Control.CONFIRM and ev.seat is not None and self._off_turn(ev.seat):
            self.not_your_turn(ev.seat)
            return True
        if ev.control == Control.CONFIRM and (target := self.focused()) is not None:
            return bool(target.choose(seat, ev))
        return False

    def hover(self, pos: tuple[int, int] | None) -> None:
        """The mouse moved to `pos` (stage pixels; None: off the stage): the focus moves
        onto the target under it, and `pointer` says where it is."""
        self.ring.hover(pos, self.ui.u)

    def _off_turn(self, seat: int) -> bool:
        """A turn-based table waiting for others while `seat` has nothing to do."""
        state = self.state
        return not (self.session.gdef.realtime or state.is_over()) and seat not in state.actors()

    # ---- playing forward at once (forward.py: moments, screenshots, tests) ----------
    def play_until(self, done: Callable[[Any], bool] = lambda state: False, limit: int = 400) -> None:
        """Play at once by the seats' bots until `done(state)`, the end, or `limit` actions."""
        forward.play_until(self, done, limit)

    def advance(self, actions: int) -> None:
        """Play `actions` actions at once (see play_until)."""
        self.play_until(limit=actions)

    def until_human(self, after: int = 0, lift: bool = True) -> None:
        """Play `after` actions, then on until a human seat is to act; open its
        view (`lift`) or leave the curtain down for it."""
        forward.until_human(self, after, lift)

    # ---- controllers (controllers.py) ---------------------------------------------
    @property
    def missing(self) -> list[int]:
        """Human seats whose gamepad or buzzer box is not connected."""
        return self.controllers.missing

    def refresh_controllers(self) -> None:
        """Map the seats again if a controller came or went since last time."""
        self.controllers.refresh()

    def missing_text(self, seat: int) -> str:
        return self.controllers.text(seat)

    def _watch_controllers(self) -> None:
        self.controllers.refresh()
        # A real-time game cannot go on without a player's hands: wait for them.
        needed = self.controllers.needed(self.session.gdef.realtime)
        if needed and self.app.top is self and not self.state.is_over():
            self.app.push(ControllerWaitScene(self.app, self))

    # ---- who may see what (viewer.py) ------------------------------------------------
    def hands_on_phones(self) -> bool:
        """Every human seat's private view is on its phone (the TV's words can say so)."""
        humans = self.session.humans()
        return self.phones is not None and bool(humans) and set(humans) <= set(self.phones.server.phone_seats())

    def _update_viewer(self) -> None:
        state, log = self.state, self.state.log
        # A seat with a phone sees its private view there; the TV keeps the others'
        # behind the curtain (even a lone one's: the phones' players see the TV).
        seen = self._revealed == len(log)
        fresh = self.reveal_after_turn and bool(log) and not seen and not state.is_over()
        view = who_sees(
            View(self.viewer, self.curtain_for, self.reveal),
            self.session.humans(),
            state.actors(),
            phoned=self.phones.server.phone_seats() if self.phones is not None else (),
            private=self.private_views and state.hidden_information,
            realtime=self.session.gdef.realtime,
            just_played=log[-1]["seat"] if fresh else None,
        )
        self.viewer, self.curtain_for, self.reveal = view.viewer, view.curtain_for, view.reveal

    def draw_reveal(self, surf: pygame.Surface, seat: int) -> None:
        """What `seat`'s turn brought, over its still-open view (reveal_after_turn).
        By default its last move in words; a game draws its own (cards bought)."""
        draw_last_move(self, surf, seat)

    # ---- scene -------------------------------------------------------------
    def handle(self, ev: PlayerEvent) -> None:
        if ev.control == Control.MENU and ev.pressed:
            self.app.push(PauseScene(self.app, self))
            return
        if self.phones is not None and self.phones.take(ev, self.play):
            # A phone's choice, through the same rules (a refusal is told to the phone); the
            # new view goes at once, before anything can cover the table until the next update.
            self.phones.refresh(self.state, self.last_move_text())
            return
        if self.reveal is not None and ev.pressed and ev.control in (Control.CONFIRM, Control.POINT):
            if ev.seat in (None, self.reveal):
                self.reveal, self._revealed = None, len(self.state.log)
                self._update_viewer()
            else:
                self.flash(_("{name} is looking at their turn first").format(name=self.seat_name(self.reveal)), 2)
            return
        if self.curtain_for is not None:
            if ev.pressed and ev.control in (Control.CONFIRM, Control.POINT) and ev.seat in (None, self.curtain_for):
                self.viewer, self.curtain_for = self.curtain_for, None
            elif ev.pressed and ev.control == Control.CONFIRM and ev.seat is not None:
                self.not_your_turn(ev.seat)
            return
        if ev.pressed and ev.control in (Control.CONFIRM, Control.POINT) and self.ending.press(self.clock):
            return
        if self.table_event(ev) or self._target_event(ev) or not (ev.pressed and ev.control == Control.BACK):
            return
        seat = self.acting_seat(ev)
        if seat is not None and self.session.undo(seat):
            self.flash(_("Undone"), 1.5)

    def update(self, dt: float) -> None:
        self.clock += dt
        self._watch_controllers()
        self.ring.follow_mouse(self.app.stage_rect, self.ui.u)
        before = len(self.state.log)
        if self.session.bots is not None:
            self.session.bots.update(time.monotonic(), self.app.settings.bot_delay)
        if len(self.state.log) != before:
            entry = self.state.log[-1]
            self.on_applied(entry["seat"], entry["action"])
        self._update_viewer()
        if self.phones is not None:
            self.phones.refresh(self.state, self.last_move_text())
        if self.ending.due(self.clock, self.end_hold):
            self.app.replace(ResultsScene(self.app, self.session))

    def draw(self, surf: pygame.Surface) -> None:
        self.ring.clear()
        self.ui.covers = []
        self.draw_frame(surf, self._draw_all)

    def _draw_all(self, surf: pygame.Surface) -> None:
        if self.curtain_for is None:  # the curtain hides the whole table: then only it is drawn
            self.motion.tick(self._clock, self.ui.u)
            self.faces.next_frame()
            self.draw_table(surf)
            self.motion.draw(surf, self.ui)
            if self.my_turn() is not None and (focused := self.focused()) is not None:
                self.draw_focus(surf, focused.rect)
            draw_missing(self, surf)
            if self.reveal is not None:  # what the last turn brought, before the curtain falls
                self.draw_reveal(surf, self.reveal)
                draw_reveal_prompt(self, surf, self.reveal)
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
