"""Command line: `python -m game [play|screenshot|bench|simulate|watch]`."""

from __future__ import annotations

import argparse
import os
import sys


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _size(text: str) -> tuple[int, int]:
    w, _x, h = text.lower().partition("x")
    return int(w), int(h)


def cmd_screenshot(args) -> int:
    _headless()
    from .app import shots

    if args.list:
        print("\n".join(shots.names()))
        print("table:<moment> for a game's moments, e.g. table:start, table:midgame, table:end")
        return 0
    if not args.scene or not args.out:
        print("screenshot needs --scene and --out (or --list)", file=sys.stderr)
        return 2
    import pygame

    from .app.app import App

    app = App(size=_size(args.size), window=False)
    if args.lang:
        app.set_language(args.lang)
    try:
        shots.build(app, args.scene, args.game, args.seed)
    except ValueError as exc:  # an unknown scene, moment or game: one line naming the valid ones
        print(f"screenshot: {exc}", file=sys.stderr)
        return 2
    for _i in range(args.frames):
        app.step()
    app.draw()
    pygame.image.save(app.screen, args.out)
    print(f"wrote {args.out} ({app.size[0]}x{app.size[1]})")
    return 0


def cmd_bench(args) -> int:
    _headless()
    from .app.bench import run

    run(as_json=args.json, frames=args.frames, only=args.scene, trace=args.trace)
    return 0


def cmd_simulate(args) -> int:
    from .app import catalogue
    from .engine.simulate import run

    entry = catalogue.find(args.game)
    # A game whose rules and bots exist before its scene (not yet in the chooser)
    # can already be simulated from its package.
    gdef = entry.gdef or catalogue.rules_only(entry)
    if gdef is None:
        print(f"{args.game} cannot be played yet: {entry.problem or 'coming soon'}", file=sys.stderr)
        return 2
    options: dict = {}
    if args.mode:
        try:
            options = gdef.mode_options(args.mode) if gdef.mode_options else {"mode": args.mode}
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
    for item in args.option or []:
        key, _eq, value = item.partition("=")
        options[key] = _parse_value(value)
    levels = args.bots.split(",") if args.bots else [list(gdef.bots)[-1]]
    if gdef.simulate:
        gdef.simulate(args.seats, args.games, args.seed, levels, options or None, sys.stdout)
    else:
        run(gdef, args.seats, args.games, args.seed, levels, options or None, out=sys.stdout)
    return 0


def _parse_value(text: str):
    import json

    try:
        return json.loads(text)
    except ValueError:
        return text


def cmd_watch(args) -> int:
    _headless()
    from .app.watch import watch

    return watch(args.game, args.seats, args.seed, args.out_dir, args.every, _size(args.size), args.max_shots)


def cmd_i18n(args) -> int:
    from .i18n import ASSETS, update_catalogues

    reports = update_catalogues()
    left = 0
    for path, report in reports.items():
        problems = report.problems()
        left += len(problems)
        print(f"{path.relative_to(ASSETS.parent)}: {'complete' if not problems else f'{len(problems)} to do'}")
        for line in problems:
            print(f"    {line}")
    print("every catalogue is complete" if not left else f"{left} strings left to translate or fix")
    return 0


def cmd_buzzers(args) -> int:
    from .hardware import cli

    return cli.run(args)


def cmd_play(args) -> int:
    from .app.app import main_window

    return main_window()


def cmd_kiosk(args) -> int:
    from .app.app import main_window

    return main_window(kiosk=True)


def main(argv: list[str] | None = None) -> int:
    from .i18n import LANGUAGES

    p = argparse.ArgumentParser(prog="wok-arcade", description="Wok Arcade")
    sub = p.add_subparsers(dest="command")
    sub.add_parser("play", help="start the arcade (the default)")
    sub.add_parser("kiosk", help="start fullscreen in kiosk mode (an unattended cabinet; README)")

    s = sub.add_parser("screenshot", help="render a scene to a PNG")
    s.add_argument("--scene")
    s.add_argument("--game")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--size", default="1920x1080")
    s.add_argument("--out")
    s.add_argument("--lang", choices=list(LANGUAGES))
    s.add_argument("--frames", type=int, default=2, help="steps to run before the picture")
    s.add_argument("--list", action="store_true")

    b = sub.add_parser("bench", help="frame times of every scene")
    b.add_argument("--json", action="store_true")
    b.add_argument("--frames", type=int, default=120)
    b.add_argument("--scene", help="only scenes whose name starts with this")
    b.add_argument("--trace", action="store_true", help="the first such scene frame by frame at 1920x1080")

    m = sub.add_parser("simulate", help="bot-only games, with figures")
    m.add_argument("--game", required=True)
    m.add_argument("--seats", type=int, default=2)
    m.add_argument("--games", type=int, default=10)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--bots", help="bot levels per seat, comma separated (cycled)")
    m.add_argument("--mode", help="the game's mode option")
    m.add_argument("--option", action="append", help="KEY=VALUE game option (repeatable)")

    w = sub.add_parser("watch", help="bots play a game through its scene, screenshots on the way")
    w.add_argument("--game", required=True)
    w.add_argument("--seats", type=int, default=3)
    w.add_argument("--seed", type=int, default=1)
    w.add_argument("--out-dir", default="watch")
    w.add_argument("--every", type=int, default=120, help="steps between screenshots")
    w.add_argument("--size", default="1920x1080")
    w.add_argument(
        "--max-shots", type=int, default=40, help="screenshots at most along the way (the end is always saved)"
    )

    sub.add_parser(
        "i18n", help="bring every catalogue of every language in step with the code and list what is left to translate"
    )

    from .hardware.cli import add_parser as add_buzzers_parser

    add_buzzers_parser(sub)

    args = p.parse_args(argv)
    from .engine.data import DataError

    commands = {
        "screenshot": cmd_screenshot,
        "bench": cmd_bench,
        "simulate": cmd_simulate,
        "watch": cmd_watch,
        "i18n": cmd_i18n,
        "buzzers": cmd_buzzers,
        "play": cmd_play,
        "kiosk": cmd_kiosk,
        None: cmd_play,
    }
    try:
        return commands[args.command](args)
    except DataError as exc:  # a broken content file: its message names file, entry and problem
        print(f"{args.command or 'play'}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
