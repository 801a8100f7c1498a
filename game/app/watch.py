"""`python -m game watch`: bots play a whole game through its scene.

Runs headless at full speed (no thinking delay) and saves a screenshot every
so many steps and at the end, so a person can look at how a game unfolds.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from .app import App
from .shots import session_for
from .table import ResultsScene, make_table

MAX_STEPS = 200_000


def watch(game: str, seats: int, seed: int, out_dir: str, every: int, size: tuple[int, int]) -> int:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=size, window=False)
    app.settings.bot_delay = 0.0
    session = session_for(app, game, seed, seats, all_bots=True)
    app.push(make_table(app, session))
    shot = 0
    for step in range(MAX_STEPS):
        app.step()
        done = isinstance(app.top, ResultsScene)
        if step % every == 0 or done:
            app.draw()
            path = out / f"{game}-{shot:03d}.png"
            pygame.image.save(app.screen, path)
            shot += 1
        if done:
            state = session.state
            print(
                f"{game} seed {seed}: over after {len(state.log)} actions, {step} steps; "
                f"scores {state.scores()} winners {state.winners()}; {shot} screenshots in {out}"
            )
            app.quit()
            return 0
    print(f"{game} seed {seed}: not over after {MAX_STEPS} steps", flush=True)
    app.quit()
    return 1
