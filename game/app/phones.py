"""The arcade's side of the phones (game/web): the server's life, the links of
each game, the QR codes on the TV, and the TV's confirmation of a take-over.

`app.phones` is a `Phones`, always there; it runs a `PhoneServer` only while
Settings > Phones is on. The seats screen opens a game's links (a QR code per
seat); the table then gets a `PhoneTable` (`table_for`) and plays the phones'
choices through the session's rules like any controller's. A new game makes
new links; going back to the title (quit, kiosk reset, a crash) or switching
phones off ends every link.

A phone's move is never lost: the server takes one move per view and waits for
the arcade's answer (a new view once applied, a message if refused). A move
that comes while something covers its table (the pause menu, new codes, a
take-over question) waits in `held` and goes to the table when it is on top
again, through the same rules; a move whose table is gone is refused at once.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from ..i18n import _
from ..input import Control, PlayerEvent
from ..web import qr
from ..web.bridge import PhoneTable
from ..web.views import WORDS, page_words
from .scene import Scene
from .ui import ACCENT, GREEN, INK, MUTED, PANEL, RED, SEAT_COLOURS

if TYPE_CHECKING:
    from ..web.server import PhoneServer

log = logging.getLogger(__name__)


class Phones:
    def __init__(self, app, host: str = "0.0.0.0", port: int | None = None) -> None:
        self.app = app
        self.host, self.port = host, port  # None: the server's DEFAULT_PORT; tests use loopback and port 0
        self.address: str | None = None  # the address in the links (None: this machine's on the LAN)
        self.server: PhoneServer | None = None
        self.urls: dict[int, str] = {}  # seat -> link of the game open to phones
        self.pending = False  # links opened by the seats screen, not yet given to a table
        self._qr: dict[tuple[str, int], pygame.Surface] = {}
        self.drawn: dict[int, pygame.Rect] = {}  # where each seat's code is on screen (tests)
        self.show_for = None  # a table whose new codes the TV shows at its first step
        self.answered: set[int] = set()  # tokens of take-overs the TV answered, until the server has acted
        self.held: list[tuple[Scene, PlayerEvent]] = []  # phone moves waiting for their covered table

    @property
    def on(self) -> bool:
        return self.server is not None

    def apply_setting(self) -> None:
        """Start or stop the server as Settings > Phones says."""
        if self.app.settings.phones and self.server is None:
            self.start()
        elif not self.app.settings.phones and self.server is not None:
            self.stop()

    def start(self) -> bool:
        # aiohttp is imported only when phones are switched on: half a second
        # less before the first frame (a kiosk restarted after a crash).
        from ..web.server import DEFAULT_PORT, PhoneServer

        if self.port is None:
            self.port = DEFAULT_PORT
        try:
            self.server = PhoneServer(
                self.app.queue, port=self.port, host=self.host, address=self.address, words=page_words()
            ).start()
        except OSError as exc:
            log.error("the phone server cannot listen on port %s: %s", self.port, exc)
            self.app.say(_("Phones are off: port {port} is in use ({error}).").format(port=self.port, error=exc), 10)
            self.server = None
            return False
        log.info("phones: %s", self.server.base_url)
        return True

    def stop(self) -> None:
        if self.server is not None:
            self.server.invalidate()
            self.server.stop()
        self.server, self.urls, self.pending, self.held = None, {}, False, []

    def set_language(self) -> None:
        if self.server is not None:
            self.server.set_words(page_words())

    # ---- links -------------------------------------------------------------------
    def open_links(self, seats: list[int]) -> dict[int, str]:
        """New links for `seats` (the seats screen: every seat that may be human);
        every earlier link dies. The next table keeps them."""
        if self.server is None:
            return {}
        self.urls, self.pending = self.server.new_game(seats), True
        return self.urls

    def table_for(self, session) -> PhoneTable | None:
        """The phones of a table starting: the seats screen's links if it opened
        them for these humans, else new ones (a resumed game, "play again")."""
        if self.server is None:
            return None
        humans = session.humans()
        if not (self.pending and set(humans) <= set(self.urls)):
            self.urls, self.held = self.server.new_game(humans), []  # the old links' phones were let go
            self.show_for = session if humans else None  # new codes: shown as the table opens
        self.pending = False
        return PhoneTable(self.server, session.names(), humans)

    def invalidate(self) -> None:
        """Back to the title, a kiosk reset: no link works any more."""
        if self.server is not None and (self.urls or self.pending):
            self.server.invalidate()
        self.urls, self.pending, self.show_for, self.held = {}, False, None, []

    def state_of(self, seat: int) -> str:
        """ "joined", "away" or "" (no phone yet), for the TV."""
        if self.server is None:
            return ""
        if self.server.connected(seat):
            return "joined"
        return "away" if self.server.away(seat) else ""

    # ---- moves ---------------------------------------------------------------------
    def hold(self, ev: PlayerEvent) -> bool:
        """Before the top scene sees `ev`: True if it is a phone's move kept back
        (its table is covered) or refused (no table has it); False to hand it on."""
        if ev.control != Control.ACTION or ev.action is None or ev.seat is None or not ev.device.startswith("phone-"):
            return False
        table = self._table()
        if table is None:
            self._refuse(ev)
        elif table is self.app.top:
            self.release()  # the moves that came first go first
            return False
        else:
            self.app.top.handle(ev)  # the cover sees it first, as any input ("Still playing?": a press answers it)
            if table is self.app.top:
                self.release()
                return False
            log.info("phone move of seat %s waits: %s covers the table", ev.seat, type(self.app.top).__name__)
            self.held.append((table, ev))
        return True

    def release(self) -> None:
        """Held moves go to their table once it is on top again (its rules decide
        if they are still legal); a table that left the screen refuses them."""
        held, self.held = self.held, []
        for i, (table, ev) in enumerate(held):
            if table not in self.app.scenes:
                self._refuse(ev)
            elif table is self.app.top:
                table.handle(ev)
            else:
                self.held += held[i:]  # covered again (a menu press among them): the rest wait, in order
                return

    def _table(self) -> Scene | None:
        """The topmost scene playing with the phones (a table), covered or not."""
        return next((s for s in reversed(self.app.scenes) if isinstance(getattr(s, "phones", None), PhoneTable)), None)

    def _refuse(self, ev: PlayerEvent) -> None:
        log.info("phone move of seat %s refused: no table takes it", ev.seat)
        if self.server is not None and ev.seat is not None:
            self.server.tell(ev.seat, _(WORDS["stale"]))  # with its latest view: it may choose again

    def update(self) -> None:
        """Every step: held moves whose table is back are played; a second device
        asking for a taken seat is put to the TV."""
        self.release()
        if self.server is None or isinstance(self.app.top, TakeoverScene) or self.app.devices.typing:
            return  # one question at a time; a name being typed is finished first
        if self.show_for is not None and getattr(self.app.top, "session", None) is self.show_for:
            self.app.push(LinksScene(self.app, self.show_for, until_joined=True))  # "play again", a resumed game
            self.show_for = None
        requests = self.server.takeover_tokens()
        self.answered &= set(requests.values())  # the server hops threads: an answer takes a moment
        asking = [(s, token) for s, token in sorted(requests.items()) if token not in self.answered]
        if asking:
            seat, token = asking[0]
            self.app.push(TakeoverScene(self.app, seat, self.seat_name(seat), token))

    def seat_name(self, seat: int) -> str:
        """The seat's name at the table or on the seats screen under the top scene."""
        for scene in reversed(self.app.scenes):
            session = getattr(scene, "session", None)
            seats = session.seats if session is not None else getattr(scene, "seats", None)
            if seats and seat < len(seats):
                return seats[seat].name
        return _("Seat {n}").format(n=seat + 1)

    # ---- drawing -------------------------------------------------------------------
    def qr_surface(self, url: str, size: int) -> pygame.Surface:
        """The link's QR code, `size` pixels square, dark on white, sharp modules."""
        key = (url, size)
        if key not in self._qr:
            rows = qr.matrix(url)
            n = len(rows)
            small = pygame.Surface((n, n))
            small.fill((255, 255, 255))
            for y, row in enumerate(rows):
                for x, dark in enumerate(row):
                    if dark:
                        small.set_at((x, y), (0, 0, 0))
            scale = max(1, size // n)  # whole pixels per module: every module the same size
            if len(self._qr) > 32:
                self._qr.clear()
            self._qr[key] = pygame.transform.scale(small, (n * scale, n * scale))
        return self._qr[key]

    def draw_links(self, surf: pygame.Surface, ui, box: tuple, seats: list[tuple[int, str, str]], caption=None) -> None:
        """QR codes in the design-unit box (x, y, w, h) for `seats`, as (seat, name,
        colour) tuples: a tile per seat with its name, its code and a caption
        (`caption(seat)` -> (text, colour); by default its phone's state), in as
        many columns as fit."""
        x, y, w, h = box
        ui.panel(surf, ui.rect(x, y, w, h), PANEL, 18)
        heading = _("Phones: scan your seat's code")
        ui.text(surf, heading, (x + w / 2, y + 14), ui.fit(heading, 30, w - 20, 18, True), ACCENT, True, "midtop")
        if self.server is not None:
            ui.text(surf, self.server.base_url, (x + w / 2, y + 54), 28, MUTED, anchor="midtop")
        shown = [s for s in seats if s[0] in self.urls]
        if not shown:
            ui.text(surf, _("No human seat"), (x + w / 2, y + h / 2), 34, MUTED, anchor="center")
            return

        def code_size(cols: int) -> float:
            rows = -(-len(shown) // cols)
            return min((w - 20) / cols - 20, (h - 100) / rows - 76)

        cols = max(range(1, len(shown) + 1), key=code_size)  # the layout with the biggest codes
        tw, code = (w - 20) / cols, code_size(cols)
        th = code + 76  # name, code, caption
        self.drawn = {}
        for i, (seat, name, colour) in enumerate(shown):
            tx, ty = x + 10 + (i % cols) * tw, y + 96 + (i // cols) * th
            ui.text(surf, name, (tx + tw / 2, ty), 30, SEAT_COLOURS.get(colour, INK), True, "midtop")
            image = self.qr_surface(self.urls[seat], ui.px(code))
            self.drawn[seat] = surf.blit(image, image.get_rect(midtop=ui.rect(tx + tw / 2, ty + 36, 0, 0).topleft))
            text, tint = caption(seat) if caption else self.caption(seat)
            if text:
                ui.text(surf, text, (tx + tw / 2, ty + 40 + image.get_height() / ui.u), 26, tint, anchor="midtop")

    def caption(self, seat: int) -> tuple[str, tuple]:
        state = self.state_of(seat)
        return {"joined": (_("phone joined"), GREEN), "away": (_("phone away"), RED)}.get(state, ("", INK))

    def bound_caption(self, seat: int) -> tuple[str, tuple]:
        """The seat's phone clock bound (the buzzer test)."""
        if self.state_of(seat) != "joined":
            return self.caption(seat)
        bound = self.server.clock_bound_ns(seat) if self.server is not None else None
        if bound is None:
            return _("clock: syncing…"), MUTED
        return _("clock ±{ms:.2f} ms").format(ms=bound / 1e6), GREEN


def draw_away(scene, surf: pygame.Surface) -> None:
    """On a table: each human seat whose phone is away (asleep, out of Wi-Fi), in
    the panels of missing controllers, above them."""
    phones = scene.app.phones
    away = [s for s in scene.session.humans() if phones.state_of(s) == "away"]
    for i, seat in enumerate(away, len(scene.missing)):
        text = _("{name}'s phone is away: it gets its seat back when it reconnects").format(name=scene.seat_name(seat))
        scene.ui.panel(surf, scene.ui.rect(260, 900 - 70 * i, 1400, 60), (70, 24, 20), 12, scene.seat_colour(seat))
        scene.ui.text(surf, text, (960, 908 - 70 * i), 34, INK, anchor="midtop")


class TakeoverScene(Scene):
    """A second phone asks for a seat another phone holds: the table decides."""

    name = "phone-takeover"
    overlay = True

    def __init__(self, app, seat: int, seat_name: str, token: int = 0) -> None:
        super().__init__(app)
        self.seat, self.seat_name, self.token = seat, seat_name, token

    def _answer(self, allow: bool) -> None:
        phones = self.app.phones
        if phones.server is not None:
            (phones.server.allow_takeover if allow else phones.server.refuse_takeover)(self.seat)
            phones.answered.add(self.token)
        self.app.pop()

    def handle(self, ev: PlayerEvent) -> None:
        if not ev.pressed:
            return
        if ev.control == Control.CONFIRM:
            self._answer(True)
        elif ev.control in (Control.BACK, Control.MENU):
            self._answer(False)
        elif ev.control == Control.POINT and ev.pos is not None:
            yes, no = self._buttons()
            if yes.collidepoint(ev.pos):
                self._answer(True)
            elif no.collidepoint(ev.pos):
                self._answer(False)

    def _buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        return self.ui.rect(560, 600, 380, 90), self.ui.rect(980, 600, 380, 90)

    def draw(self, surf: pygame.Surface) -> None:
        ui = self.ui
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 200))
        surf.blit(shade, (0, 0))
        ui.panel(surf, ui.rect(360, 300, 1200, 440), PANEL, 24, ACCENT)
        ask = _("Another phone asks for {name}'s seat").format(name=self.seat_name)
        ui.text(surf, ask, (960, 340), ui.fit(ask, 52, 1160, 30, True), ACCENT, True, "midtop")
        ui.text(surf, _("Give it the seat? The first phone is let go."), (960, 440), 38, INK, anchor="midtop")
        yes, no = self._buttons()
        for rect, label in ((yes, _("Confirm: allow")), (no, _("Back: refuse"))):
            ui.panel(surf, rect, PANEL, 16, ACCENT)
            ui.text(surf, label, (rect.centerx / ui.u, rect.centery / ui.u), 38, INK, True, "center")


class LinksScene(Scene):
    """The QR codes of a table's human seats, from the pause menu: a resumed game
    or "play again" has new links, and a phone may have lost its own. New links
    (`until_joined`) give way by themselves once every human seat's phone joined:
    players on phones cannot dismiss the TV's codes, and their moves wait for it."""

    name = "phone-links"
    overlay = True

    def __init__(self, app, session, until_joined: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.until_joined = until_joined

    def handle(self, ev: PlayerEvent) -> None:
        if ev.pressed and ev.control in (Control.BACK, Control.MENU, Control.CONFIRM, Control.POINT):
            self.app.pop()

    def update(self, dt: float) -> None:
        phones = self.app.phones
        if self.until_joined and all(phones.state_of(s) == "joined" for s in self.session.humans()):
            self.app.pop()

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((34, 24, 22))
        seats = [(s, self.session.seats[s].name, self.session.seats[s].colour) for s in self.session.humans()]
        self.app.phones.draw_links(surf, self.ui, (360, 40, 1200, 960), seats)
        self.ui.footer(surf, _("Confirm or back: return to the game"))
