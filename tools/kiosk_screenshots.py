"""Kiosk mode's screens as PNGs in docs/screenshots/kiosk/ (headless, a
throw-away statistics database filled with two weeks of made-up games).

    python tools/kiosk_screenshots.py [--size 1920x1080] [--out docs/screenshots/kiosk] [--lang it]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def fill(stats, hall, rng: random.Random) -> None:
    """Two weeks of games on this cabinet, and a few hall of fame entries."""
    from game.kiosk.stats import Seat

    now = datetime.now()
    for back in range(13, -1, -1):
        for _g in range(rng.randint(3, 14)):
            game = rng.choice(["wokup", "wokup", "cheaterchefs", "wewillwokyou", "relleno"])
            when = now - timedelta(days=back, minutes=rng.randint(0, 600))
            seats = [Seat("Ana"), Seat("Bao"), Seat("Chloé", "bot", "normal")]
            ref = stats.game_started(game, seats, when=when)
            minutes = rng.uniform(4, 30)
            end = when + timedelta(minutes=minutes)
            if rng.random() < 0.8:
                stats.game_finished(ref, [rng.randrange(3)], [rng.randint(1, 5) for _s in seats], when=end)
            else:
                stats.game_abandoned(ref, "nobody played for 140 s", when=end)
    for initials, ms, cards in (("ANA", 412, 5), ("BAO", 455, 6), ("ZOE", 498, 5), ("MAX", 530, 7), ("LEA", 577, 5)):
        hall.record("wokup", "fastest_slap_ms", ms, initials, now - timedelta(days=rng.randint(0, 3)))
        hall.record("wokup", "most_cards", cards, initials, now - timedelta(days=rng.randint(0, 3)))
    stats.flush(30)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1920x1080")
    p.add_argument("--out", default=str(ROOT / "docs/screenshots/kiosk"))
    p.add_argument("--lang", default="en")
    args = p.parse_args()
    tmp = tempfile.mkdtemp(prefix="wok-kiosk-shots-")
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=f"{tmp}/config")
    os.environ["XDG_DATA_HOME"] = f"{tmp}/data"

    import pygame

    from game.app import kiosk_screens
    from game.app.app import App
    from game.app.session import Session, default_seats
    from game.app.table_making import make_table
    from game.input import PlayerEvent
    from game.kiosk.pin import hash_pin

    w, _x, h = args.size.partition("x")
    app = App(size=(int(w), int(h)), window=False, kiosk=True)
    app.settings.language = args.lang  # attract mode puts the operator's language back
    app.set_language(args.lang)
    app.settings.kiosk.operator_pin = hash_pin("246813", n=2**8)
    fill(app.mode.stats, app.mode.hall, random.Random(16))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    def shot(name: str, steps: int = 2) -> None:
        for _i in range(steps):
            app.step()
        app.draw()
        pygame.image.save(app.screen, out / f"{name}.png")
        print(f"wrote {out / name}.png")

    def seconds(s: float) -> int:
        return round(s * 60)

    app.mode.start()
    attract = app.scenes[0]
    attract.board.result(10)
    shot("attract-hall-of-fame", seconds(2))
    shot("attract-demo-wokup", seconds(kiosk_screens.FAME_SECONDS + 14))
    app.settings.kiosk.dim_after = 1
    shot("attract-dimmed", 2)
    app.settings.kiosk.dim_after = 900
    app.step([PlayerEvent("keyboard-1", "confirm", True, 0)])
    shot("chooser")
    app.open("operator-pin")
    app.top.digits = "24"
    shot("operator-pin")
    app.restart_at("operator")
    shot("operator-menu")
    app.open("operator-games")
    shot("operator-games")
    app.pop()
    app.open("operator-times")
    shot("operator-times")
    app.pop()
    stats = app.open("operator-stats")
    stats.per_day.result(10), stats.per_game.result(10), stats.crashes.result(10)
    shot("operator-statistics")
    # A game: a seat whose player walked away, then nobody at all.
    app.restart_at("chooser")
    entry = next(e for e in app.mode.offered() if e.id == "cheaterchefs")
    seats = default_seats(3, ["easy"])
    seats[1].kind = "human"
    app.push(make_table(app, Session(entry.gdef, seats, None, 3, app.saves)))
    app.top.until_human()
    app.settings.kiosk.seat_idle = 1  # the seat to act, untouched: a bot plays it
    app.settings.bot_delay = 30  # ... slowly enough to be seen
    shot("away-seat", seconds(1.2))
    assert app.mode.away
    app.open("still-playing", app.top)
    shot("still-playing", seconds(6))
    app.restart_at("chooser")
    wokup = next(e for e in app.mode.offered() if e.id == "wokup")
    session = Session(wokup.gdef, default_seats(3, ["sharp"]), None, 4, None)
    app.push(make_table(app, session))
    app.top.advance(100_000)
    app.step()
    app.open("initials", [(session, "fastest_slap_ms", 436.0), (session, "most_cards", 6.0)])
    app.top.letters, app.top.at = [9, 20, 13], 2
    shot("initials")
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
