"""`python -m game watch`: bots play a whole game through its scene.

Runs headless at full speed (no thinking delay) and saves a screenshot every
so many steps and at the end, so a person can look at how a game unfolds.
Steps count table time, not waiting: while a bot thinks (in the bot worker)
the loop waits for it instead of spinning empty steps, so a game of searching
bots ends within the step limit. At most `max_shots` pictures are written
along the way (plus the final table), so the output stays bounded, and a picture
the same as the last one written is not written again (a final table held up for
reading, a long think).
"""

from __future__ import annotations

import hashlib
from concurrent.futures import wait
from pathlib import Path

import pygame

from .app import App
from .results import ResultsScene
from .shots import session_for
from .table_making import make_table

MAX_STEPS = 200_000
THINK_WAIT = 60.0  # seconds a bot may think before the watch gives up on it


def watch(
    game: str, seats: int, seed: int, out_dir: str, every: int, size: tuple[int, int], max_shots: int = 40
) -> int:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=size, window=False)
    app.settings.bot_delay = 0.0
    session = session_for(app, game, seed, seats, all_bots=True)
    app.push(make_table(app, session))
    shot = 0
    last = b""  # digest of the last picture written
    for step in range(MAX_STEPS):
        job = session.bots.job if session.bots is not None else None
        if job is not None:
            wait([job[2]], timeout=THINK_WAIT)
        app.step()
        done = isinstance(app.top, ResultsScene)
        if (step % every == 0 and shot < max_shots) or done:
            app.draw()
            digest = hashlib.blake2b(pygame.image.tobytes(app.screen, "RGB")).digest()
            if digest != last:
                pygame.image.save(app.screen, out / f"{game}-{shot:03d}.png")
                shot += 1
                last = digest
        if done:
            state = session.state
            print(
                f"{game} seed {seed}: over after {len(state.log)} actions, {step} steps; "
                f"scores {state.scores()} winners {state.winners()}; {shot} screenshots in {out}"
            )
            app.quit()
            return 0
    print(f"{game} seed {seed}: not over after {MAX_STEPS} steps ({shot} screenshots in {out})", flush=True)
    app.quit()
    return 1
