"""Per-seat links: a fresh random secret per seat, for one game only.

A link names the game (a random id, new for every game) and the seat, and
carries that seat's secret in the URL's query (`/?g=...&s=...&k=...`), so the
page's first request can carry the seat's hand (one round trip, not two, on a
slow phone network). The server logs no request and the page sends no referrer;
the page moves the link from its address bar to the tab's session storage at
once, so it is not in a screenshot or a shared address. Older links with the same
fields in the fragment (`/#g=...`) still open the page (their hand comes over the
socket).

`new_game` makes a new game id and new secrets and forgets the old ones, so a
link from an earlier game (a photo of last game's QR code, a phone left open)
is refused as "old-game"; `invalidate` forgets everything (quit, kiosk reset).
Secrets are compared in constant time.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

SECRET_BYTES = 18  # 144 random bits per seat: 24 URL-safe characters
GAME_BYTES = 9
MAX_SEATS = 6

OK = "ok"
WRONG_SECRET = "wrong-secret"
OLD_GAME = "old-game"
NO_GAME = "no-game"  # no game is open to phones (before the first, after a reset)
NO_SEAT = "no-seat"  # the seat has no link in this game (a bot, or out of range)


@dataclass(frozen=True)
class Link:
    game: str
    seat: int
    secret: str

    def query(self) -> str:
        return urlencode({"g": self.game, "s": self.seat, "k": self.secret})

    def url(self, base: str) -> str:
        """The address to open (and to put in a QR code): `base` is http://host:port."""
        return f"{base.rstrip('/')}/?{self.query()}"


def parse_link(url: str) -> dict[str, str]:
    """The fields of a link (its query, else its fragment: what the page reads), for tests and tools."""
    _base, _q, rest = url.partition("?")
    if not rest:
        _base, _h, rest = url.partition("#")
    return dict(parse_qsl(rest.partition("#")[0]))


class Links:
    """The links of the game open to phones. Owned by the server; its methods
    are called on the server's loop thread (the server hops threads for the app)."""

    def __init__(self) -> None:
        self.game: str | None = None
        self._secrets: dict[int, str] = {}
        self._old_games: set[str] = set()

    def new_game(self, seats: list[int]) -> dict[int, Link]:
        """Links for `seats` (the human seats that may use a phone) in a new game;
        every earlier link stops working."""
        if any(not isinstance(s, int) or not 0 <= s < MAX_SEATS for s in seats):
            raise ValueError(f"seats are 0-{MAX_SEATS - 1}: {seats!r}")
        self.invalidate()
        self.game = secrets.token_urlsafe(GAME_BYTES)
        self._secrets = {s: secrets.token_urlsafe(SECRET_BYTES) for s in sorted(set(seats))}
        return self.links()

    def invalidate(self) -> None:
        if self.game is not None:
            self._old_games.add(self.game)
        self.game = None
        self._secrets = {}

    def links(self) -> dict[int, Link]:
        return {s: Link(self.game, s, k) for s, k in self._secrets.items()} if self.game else {}

    def seats(self) -> list[int]:
        return sorted(self._secrets)

    def check(self, game: str, seat: int, secret: str) -> str:
        """OK, or why not: OLD_GAME, NO_GAME, NO_SEAT, WRONG_SECRET."""
        if self.game is None:
            return OLD_GAME if game in self._old_games else NO_GAME
        if not hmac.compare_digest(game.encode(), self.game.encode()):
            return OLD_GAME if game in self._old_games else WRONG_SECRET
        expected = self._secrets.get(seat)
        if expected is None:
            return NO_SEAT
        return OK if hmac.compare_digest(secret.encode(), expected.encode()) else WRONG_SECRET
