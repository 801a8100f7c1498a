"""Kiosk mode over the app: an unattended cabinet (issue 16, README "Kiosk mode").

`KioskMode` is the app's mode (game/app/mode.py, the hooks in SCENES.md) at
a cabinet: `admits(ev)` sees every player event before the scenes do,
`after_step(dt)` follows every fixed step, `draw_over(surf)` the scenes'
drawing, `frame_drawn()` each display flip (the watchdog's heartbeat). It owns
the back end of `game.kiosk` (statistics, hall of fame, notify, crash loop,
PIN) and decides, on its own clock of fixed steps (so tests speed time up):

* **idle**: no input for `attract_after` outside a game -> attract mode; any
  input there -> the chooser (attract.py draws it and runs the demos);
* **seats and games left alone**: a human seat to act untouched for
  `seat_idle` is played by a bot until its player presses again; no human
  input at all for `game_idle` -> "Still playing?", then the game ends,
  recorded abandoned, its save deleted;
* **statistics**: every game on the stack is recorded started, finished or
  abandoned (demos never), and a human winner's result offered to the hall
  of fame;
* **the operator's way in**: decks 1 and 5 held together for `HOLD`
  seconds on one controller (keys 1 + 5 of keyboard zone 1, 6 + 0 of zone 2,
  a buzzer station's two outer buttons, a gamepad's Y + LB), or the four
  corners tapped clockwise from the top left; then the PIN.

Scenes are opened by name (game/app/scene.py), so this module imports no
kiosk screen and the imports stay one way.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
import uuid
from typing import Any

import pygame

from .. import i18n
from ..i18n import _
from ..input import Control, PlayerEvent
from ..kiosk import crashloop, notify, pin
from ..kiosk.kinds import kinds
from ..kiosk_settings import level_for
from ..userdirs import data_dir
from . import catalogue
from .menus import newest_saved
from .results import ResultsScene
from .session import Session
from .table import TableScene
from .table_making import make_table
from .ui import INK, PANEL, SEAT_COLOURS

log = logging.getLogger(__name__)
HOLD = 5.0  # seconds the operator's combination is held
COMBO = {"deck0", "deck4"}  # decks 1 and 5: keys 1 + 5, a buzzer station's outer buttons
GUESTS_QUIET = {"attract", "still-playing", "initials"}  # screens with idle rules of their own
OPERATOR = {"operator", "operator-games", "operator-times", "operator-stats", "buzzer-menu", "buzzer-seats"}
OPERATOR |= {"buzzer-test"}
OPERATOR_IDLE = 120.0  # an operator screen left alone closes: guests must not find it open
SAVE_WAIT = 0.25  # seconds a frame may wait for its action's save (an fsync: ~20 ms; more on a stalling disk)
LEAVE_STATUS = 64  # the exit status of "leave to the desktop": the unit does not restart it


class KioskMode:
    name = "kiosk"
    home = "chooser"  # guests never see the title's Quit or Settings
    fullscreen = True
    locked = True

    def __init__(self, app, environ: dict | None = None, defer: bool = False) -> None:
        self.app = app
        self.conf = app.settings.kiosk
        self.notifier = notify.Notifier(environ)
        self.heartbeat = notify.Heartbeat(self.notifier, notify.watchdog_interval(environ))
        self.starts = crashloop.Starts.in_dir(data_dir())
        # The statistics database opens after the first frame (SQLAlchemy takes a
        # second to import: a restarted cabinet shows its game first).
        self.stats: Any = EarlyRecords()
        self.hall: Any = None  # the HallOfFame, once the database is open
        if not defer:
            self.open_records()
        self.corners = pin.Gesture()
        self.now = 0.0  # kiosk time: fixed steps, so tests and the soak can speed it up
        self.last_input = 0.0
        self.held: dict[str, dict[str, float]] = {}  # device -> control -> since
        self.seat_seen: dict[int, float] = {}  # seat -> last press or the moment it had to act
        self.away: set[int] = set()  # human seats a bot plays for now
        self.session: Session | None = None  # the game being recorded
        # The games whose end is recorded, by their save id: never id(session), which
        # Python gives again to a later game once an old one is collected.
        self.recorded: set[str] = set()
        # Games ended early, recorded abandoned once their save's removal is on disk
        # (killed before, the cabinet resumes the game, which is then not yet counted).
        self.ending: list[tuple[Session, str]] = []
        self.fame_asks: list = []  # (session, kind, value, future): the hall of fame is asked
        self.exit_status = 0
        self._ready = False
        self._status = ""
        self._digest: tuple = (None, "")
        self._saved_key: tuple = (None, 0)
        self._over_key: tuple | None = None  # what draw_over showed last frame (see `overlay`)
        self._banner_at: pygame.Rect | None = None
        self.over_alone = True  # draw_over paints only inside what `overlay` gave (not dimming)

    def open_records(self) -> None:
        """Open the statistics database and hand it the records made so far."""
        from ..kiosk import halloffame, stats  # here: after the first frame (see __init__)

        early = self.stats
        self.stats = stats.Stats.open(self.conf.stats_url, data_dir=data_dir(), cabinet=self.conf.cabinet or None)
        for name, args, kw in early.calls:
            getattr(self.stats, name)(*args, **kw)
        self.hall = halloffame.HallOfFame(self.stats)

    # ---- start ---------------------------------------------------------------------
    def start(self) -> None:
        """The first scenes: the running game again after a crash (no question),
        attract mode after a crash loop (the save set aside) or a clean start."""
        check = self.starts.record_start()
        saved = newest_saved(self.app)
        ref = saved[2].get("stats_ref") if saved else None
        if check.crashed:
            self.stats.crash(check.describe(), game_ref=ref)
            log.warning("%s", check.describe())
        if saved and check.fall_back:
            aside = self.app.saves.set_aside(saved[1])
            self.stats.game_abandoned(ref, "crash loop", actions=len(saved[2]["log"]))
            log.warning("crash loop: %s set aside", aside)
        elif saved:
            entry, save_id, doc = saved
            try:
                session = Session.resume(doc, self.app.saves, entry.gdef, save_id)
            except Exception as exc:  # a save that no longer replays must not stop the cabinet
                log.error("cannot resume %s (%s); set aside", save_id, exc)
                self.app.saves.set_aside(save_id)
            else:
                if not session.state.is_over():
                    self.app.restart_at(self.home)
                    self.app.push(make_table(self.app, session))
                    return
                log.warning("%s: the saved game is over; its save is removed", save_id)  # never resumed
                self.app.saves.delete(save_id)
        self.app.restart_at("attract")

    def loop_starts(self) -> None:
        """The restored state itself on screen (and READY told), before any step moves it on."""
        if self.app.scenes:
            self.app.draw()
            pygame.display.flip()
            self.frame_drawn()

    # ---- what guests may play -------------------------------------------------------
    def offered(self) -> list[catalogue.Entry]:
        """The playable games the operator enabled, in the catalogue's order."""
        chosen = set(self.conf.games)
        return [e for e in catalogue.load() if e.playable and (not chosen or e.id in chosen)]

    def seat_range(self, entry: catalogue.Entry) -> tuple[int, int]:
        lo, hi = entry.players
        return lo, max(lo, min(hi, self.conf.max_seats.get(entry.id, hi)))

    def bot_level(self, gdef) -> str:
        return level_for(list(gdef.bots), self.conf.bot_strength)

    def bot_levels(self, gdef) -> list[str]:
        return [self.bot_level(gdef)]  # one level, the operator's

    def guest_languages(self) -> list[str]:
        return [code for code in i18n.LANGUAGES if not self.conf.languages or code in self.conf.languages]

    # ---- input -----------------------------------------------------------------------
    def swallows(self, e) -> bool:
        """True if kiosk mode swallows this SDL event: the window's close
        button, Alt-F4 and the fullscreen key lead nowhere for a guest."""
        if e.type == pygame.QUIT:
            log.info("kiosk mode: a request to close the window was ignored")
            return True
        return e.type == pygame.KEYDOWN and (
            e.key == pygame.K_F11 or (e.key == pygame.K_F4 and e.mod & pygame.KMOD_ALT)
        )

    def admits(self, ev: PlayerEvent) -> bool:
        """Before the scenes: True if the event goes on to them."""
        self._track_held(ev)
        if not ev.pressed:
            return self.app.scenes[0].name != "attract"
        self.last_input = self.now
        corner = pin.corner_token(*ev.pos, self.app.stage_rect.size) if ev.control == Control.POINT and ev.pos else None
        if self.corners.feed(corner, time.monotonic()):
            self.open_operator()
            return False
        if self.app.scenes[0].name == "attract":
            self.app.scenes[0].wake(ev)
            return False
        table = self.table()
        if table is not None and not table.session.demo:
            seat = table.acting_seat(ev)
            if seat is not None:
                self.seat_seen[seat] = self.now
                if seat in self.away:
                    self.away.discard(seat)
                    table.stand_in(seat, None)
                    self.app.say(_("{name} is back").format(name=table.seat_name(seat)), 3)
        return True

    def _track_held(self, ev: PlayerEvent) -> None:
        held = self.held.setdefault(ev.device, {})
        if ev.pressed:
            held.setdefault(ev.control, self.now)
        else:
            held.pop(ev.control, None)

    def _combination_held(self) -> bool:
        for held in self.held.values():
            if held.keys() >= COMBO and all(self.now - held[c] >= HOLD for c in COMBO):
                held.clear()  # once: the keys must be let go and held again
                return True
        return False

    def open_operator(self) -> None:
        if not any(s.name.startswith("operator") for s in self.app.scenes):
            self.app.open("operator-pin")

    @property
    def gate(self) -> pin.PinGate:
        """The PIN check as the settings say now; its count of wrong tries lives in a file."""
        c = self.conf
        return pin.PinGate(c.operator_pin, c.pin_tries, c.pin_lock_seconds, state_path=data_dir() / "operator-pin.json")

    # ---- every step --------------------------------------------------------------------
    def table(self) -> TableScene | None:
        return next((s for s in reversed(self.app.scenes) if isinstance(s, TableScene)), None)

    def after_step(self, dt: float) -> None:
        self.now += dt
        self._record_ends()
        self._buzzer_faults()
        if self._combination_held():
            self.open_operator()
        root = self.app.scenes[0] if self.app.scenes else None
        if root is not None and root.name == "attract":
            root.tick(dt)
            return
        self._record()
        table = self.table()
        names = {s.name for s in self.app.scenes}
        if names & OPERATOR:
            if self.now - self.last_input >= OPERATOR_IDLE:
                self.app.restart_at(self.home)
            return
        if names & GUESTS_QUIET or "operator-pin" in names:
            return
        if table is None or table.session.demo:
            if self.now - self.last_input >= self.conf.attract_after:
                self.app.restart_at("attract")
            return
        if table.state.is_over():
            return
        if table is self.app.top:
            self._stand_ins(table)
        if self.now - self.last_input >= self.conf.game_idle:
            while self.app.top is not table:  # a pause menu or the rules left open
                self.app.pop()
            self.app.open("still-playing", table)

    def _buzzer_faults(self) -> None:
        """Unplugged boxes, stuck buttons: into the statistics, with the game they hit."""
        buzzers = self.app.buzzers
        while buzzers is not None and not buzzers.faults.empty():
            box, station, kind = buzzers.faults.get()
            ref = self.session.stats_ref if self.session is not None else None
            self.stats.buzzer_fault(box, station, kind, game_ref=ref)

    def _stand_ins(self, table: TableScene) -> None:
        """A bot for each human seat to act whose player has not pressed for
        `seat_idle`, while another human still plays: a table everyone left
        waits for "Still playing?" instead of playing itself to the end."""
        actors = set(table.state.actors())
        realtime = table.session.gdef.realtime
        humans = table.session.humans()
        for seat in humans:
            if seat in self.away or len(self.away) >= len(humans) - 1:
                continue
            if seat not in actors and not realtime:
                self.seat_seen.pop(seat, None)  # not waited for: the clock starts when it is to act
                continue
            since = self.seat_seen.setdefault(seat, self.now)
            if self.now - since >= self.conf.seat_idle:
                self.away.add(seat)
                table.stand_in(seat, self.bot_level(table.session.gdef))

    # ---- statistics ------------------------------------------------------------------
    def _record(self) -> None:
        """Record the game on the stack as it starts and ends."""
        top = self.app.top if self.app.scenes else None
        session = top.session if isinstance(top, ResultsScene) else getattr(self.table(), "session", None)
        if session is not None and session.demo:
            session = None
        if session is not self.session:
            old = self.session
            if old is not None:
                self._end(old, "left the table")
            self.session = session
            self.away.clear()
            self.seat_seen.clear()
            if session is not None and session.stats_ref is None:
                session.stats_ref = self.stats.game_started(session.gdef.id, session.seats, session.options)
                session.save()  # a crash from here on resumes under the same record
        if session is not None and session.end_kept() and session.save_id not in self.recorded:
            self.recorded.add(session.save_id)
            state = session.state
            self.stats.game_finished(session.stats_ref, state.winners(), state.scores(), actions=len(state.log))
            self._ask_fame(session)
        self._fame_answers()

    def _end(self, session: Session, reason: str) -> None:
        """The one way a game ends early: its save deleted (the next guests are not
        offered it), then, once that is on disk, recorded abandoned (`_record_ends`)."""
        if session.save_id in self.recorded:
            return
        self.recorded.add(session.save_id)
        if session.saves is not None:
            session.saves.delete(session.save_id)
        self.ending.append((session, reason))

    def _record_ends(self) -> None:
        settled = [(s, why) for s, why in self.ending if s.saves is None or s.saves.settled(s.save_id)]
        self.ending = [e for e in self.ending if e not in settled]
        for session, reason in settled:
            self.stats.game_abandoned(session.stats_ref, reason, actions=len(session.state.log))

    def end_game(self, table: TableScene, reason: str) -> None:
        """End the table's game for good and go back to the chooser."""
        table.close()
        self._end(table.session, reason)
        self.session = None
        self.app.restart_at(self.home)

    def scene_failed(self, text: str) -> None:
        """A scene raised (App.recover): recorded as a crash; its game is set
        aside rather than resumed into the same failure."""
        table = self.table()
        session = table.session if table is not None and not table.session.demo else None
        self.stats.crash(text, game_ref=session.stats_ref if session else None)
        if session is not None:
            if session.saves is not None:
                session.saves.flush()
                if session.saves.path(session.save_id).exists():
                    session.saves.set_aside(session.save_id)
            self.recorded.add(session.save_id)  # set aside above: recorded at once
            self.stats.game_abandoned(session.stats_ref, "a scene failed", actions=len(session.state.log))
        self.session = None
        self.app.restart_at(self.home)

    def idle_ended(self, table: TableScene) -> None:
        """ "Still playing?" ran out: the game ends and attract mode begins."""
        self.end_game(table, f"nobody played for {self.conf.game_idle + self.conf.still_playing} s")
        self.app.restart_at("attract")

    # ---- the hall of fame --------------------------------------------------------------
    def fame_results(self, session: Session) -> list[tuple[str, float]]:
        """(kind, value) of the results the hall of fame keeps, of the best
        human winner (a seat a bot finished for has no claim to them)."""
        state, humans = session.state, session.humans()
        winners = [w for w in state.winners() if w in humans and w not in self.away]
        if not winners:
            return []
        best = max(winners, key=lambda w: state.scores()[w])
        gdef = session.gdef
        values = gdef.records(state)[best] if gdef.records else {"score": float(state.scores()[best])}
        kept = kinds(gdef.id)
        return [(kind, value) for kind, value in values.items() if kind in kept and value >= 0]

    def _ask_fame(self, session: Session) -> None:
        if self.hall is None:
            return
        self.fame_asks = [
            (session, kind, value, self.hall.qualifies(session.gdef.id, kind, value, wait=False))
            for kind, value in self.fame_results(session)
        ]

    def _fame_answers(self) -> None:
        """Once the results are on screen and the database answered: the initials."""
        if not self.fame_asks or not isinstance(self.app.top, ResultsScene):
            return
        if self.fame_asks[0][0] is not self.app.top.session:
            self.fame_asks = []  # another game by now
        elif all(f.done() for *_x, f in self.fame_asks):
            wanted = [(s, k, v) for s, k, v, f in self.fame_asks if f.result()]
            self.fame_asks = []
            if wanted:
                self.app.open("initials", wanted)

    def record_fame(self, entries: list, initials: str) -> None:
        for session, kind, value in entries:
            self.hall.record(session.gdef.id, kind, value, initials, game_ref=session.stats_ref)

    # ---- drawing and the frame ---------------------------------------------------------
    def draw_over(self, surf: pygame.Surface) -> None:
        root = self.app.scenes[0] if self.app.scenes else None
        if root is not None and root.name == "attract":
            root.draw_over(surf)
            return
        table = self.table()
        if table is None or not self.away or table is not self.app.top:
            return
        ui = self.ui
        for i, seat in enumerate(sorted(self.away)):
            r = ui.rect(360, 930 - 62 * i, 1200, 54)
            ui.panel(surf, r, PANEL, 12, SEAT_COLOURS[table.session.seats[seat].colour])
            text = _("{name} is away: a bot plays. Press any button to come back.").format(name=table.seat_name(seat))
            ui.text(surf, text, (960, 936 - 62 * i), ui.fit(text, 32, 1160), INK, anchor="midtop")

    def overlay(self) -> list[pygame.Rect] | None:
        """What `draw_over` changes in the next frame (App.frame): [] nothing, the
        rectangles it draws in (the banner's last place and its next), or None when
        the whole picture changes with it (dimming or black begins or ends)."""
        root = self.app.scenes[0] if self.app.scenes else None
        if root is not None and root.name == "attract":
            mode, _centre = root.banner()
            rect = root.banner_rect()
            key: tuple = ("attract", mode)
            rects = [] if mode == "black" else [self._banner_at or rect, rect]
            self._banner_at, self.over_alone = rect, mode == "lit"
        else:
            table = self.table()
            shown = table is not None and bool(self.away) and table is self.app.top
            key = ("away", tuple(sorted(self.away))) if shown else ()
            rects = [self.ui.rect(360, 930 - 62 * i, 1200, 54) for i in range(len(self.away))] if shown else []
            self._banner_at, self.over_alone = None, True
        if key != self._over_key:
            self._over_key = key
            return None
        return rects

    @property
    def ui(self):
        return self.app.ui

    def before_flip(self) -> None:
        """A frame showing a new action waits (at most SAVE_WAIT) for that action's
        save to reach the disk: killed at any moment, the cabinet comes back to
        what was on screen, not to a state an action or two older."""
        table = self.table()
        if table is None or table.session.demo:
            return
        key = (table.session.save_id, len(table.state.log))
        if key != self._saved_key:
            self._saved_key = key
            self.app.saves.flush(SAVE_WAIT)

    def frame_drawn(self) -> None:
        """After each flip: READY once, then the heartbeat (it means frames are drawn)."""
        if not self._ready:
            self._ready = True
            self._status = self.describe()
            self.notifier.ready(self._status)
            if isinstance(self.stats, EarlyRecords):
                self.open_records()
        self.heartbeat.beat()
        status = self.describe()
        if status != self._status:
            self._status = status
            self.notifier.status(status)

    def describe(self) -> str:
        """One line for `systemctl status` (and the crash test): what is on screen."""
        if not self.app.scenes:
            return "stopping"
        if self.app.scenes[0].name == "attract":
            return "attract mode"
        table = self.table()
        if table is None:
            return self.app.top.name
        s = table.session
        key = (s.save_id, len(s.state.log))
        if self._digest[0] != key:  # once per action, not per frame
            self._digest = (key, log_digest(s.seed, s.state.log))
        return f"playing {s.gdef.id} · {len(s.state.log)} actions · {self._digest[1]}"

    def leave(self) -> None:
        """The operator leaves to the desktop: a clean end that the unit does not restart."""
        self.exit_status = LEAVE_STATUS
        self.app.running = False

    def settle(self, timeout: float = 10.0) -> bool:
        """Everything ended so far is on record: the saves on disk, the early ends
        recorded (they wait for their save's removal), the database caught up (or,
        before it opens, the records held for it)."""
        saved = self.app.saves is None or self.app.saves.flush(timeout)
        self._record_ends()
        return saved and (isinstance(self.stats, EarlyRecords) or self.stats.flush(timeout))

    def close(self) -> None:
        self.notifier.stopping()
        self._record_ends()  # the app flushed the saves first: the games ended in the last frames
        if isinstance(self.stats, EarlyRecords) and self.stats.calls:
            self.open_records()
        if not isinstance(self.stats, EarlyRecords):
            self.stats.close(timeout=2)
        self.starts.mark_clean_shutdown()
        self.notifier.close()


class EarlyRecords:
    """Stands in for the statistics until the database is open: keeps the
    records made meanwhile (a crash, a resumed game's end) for `open_records`."""

    KEPT = ("game_finished", "game_abandoned", "crash", "buzzer_fault", "write", "keep_replay")

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, dict]] = []

    def game_started(self, game: str, seats, options: dict | None = None, **kw) -> str | None:
        if kw.get("demo"):
            return None
        ref = uuid.uuid4().hex
        self.calls.append(("game_started", (game, seats, options), {**kw, "ref": ref}))
        return ref

    def __getattr__(self, name: str):
        if name not in self.KEPT:
            raise AttributeError(name)
        return lambda *args, **kw: self.calls.append((name, args, kw))


def log_digest(seed: int, log: list) -> str:
    """A short fingerprint of a game's state (its seed and action log), for the status line."""
    return hashlib.sha1(json.dumps([seed, log], sort_keys=True).encode()).hexdigest()[:12]
