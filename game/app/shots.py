"""Every scene, built by name: for screenshots, benchmarks and tests.

`table:<moment>` builds a game's scene and plays it to one of the moments its
scene class declares (`TableScene.moments()`).
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from .. import i18n
from ..engine.highlights import Highlight
from ..engine.replay import Player
from ..i18n import _
from . import catalogue
from .buzzers import BuzzerSeatsScene, BuzzerTestScene
from .credits import CreditsScene
from .history import HistoryScene
from .keyboard import NameScene
from .kiosk_screens import initials
from .menus import ChooserScene, ControlsScene, SettingsScene, TitleScene
from .pause import PauseScene
from .replays import replay_of
from .results import ResultsScene
from .resume import ResumeScene
from .rules_screen import RulesScene
from .saves import SaveStore
from .scene import Scene
from .seats import SeatsScene
from .session import Session, default_seats
from .sound_menu import SoundScene
from .table import TableScene
from .table_making import make_table
from .theatre import ReplayScene, ReplaysScene
from .tutorial import make_tutorial

S = TypeVar("S", bound=Scene)  # the scene below, as _stacked's `above` receives it

DEFAULT_GAME = "wokup"


def _playable(game: str | None) -> catalogue.Entry:
    if game:
        entry = catalogue.find(game)
        if not entry.playable:
            raise ValueError(f"{game} cannot be played yet: {entry.problem or 'coming soon'}")
        return entry
    for entry in catalogue.load():
        if entry.playable:
            return entry
    raise ValueError("no game is playable yet")


def session_for(app, game: str | None, seed: int, seats: int | None = None, all_bots: bool = False) -> Session:
    entry = _playable(game)
    n = seats or min(4, entry.players[1])
    gdef = entry.require_gdef()
    configs = default_seats(n, list(gdef.bots))
    for i, cfg in enumerate(configs):
        if all_bots or i > 0:
            cfg.kind = "bot"
        else:
            cfg.kind = "human"
    # Two humans, so that private hands are behind the curtain in screenshots.
    if not all_bots and n > 1:
        configs[1].kind = "human"
    return Session(gdef, configs, None, seed, None)


def table(app, game, seed, moment: str = "start", seats: int | None = None) -> TableScene:
    scene = make_table(app, session_for(app, game, seed, seats))
    moments = type(scene).moments()
    if moment not in moments:
        raise ValueError(f"{scene.session.gdef.id} has no moment {moment!r} (has {', '.join(moments)})")
    moments[moment](scene)
    return scene


def bots_table(app, game, seed, seats: int | None = None) -> TableScene:
    """Every seat a bot of the game's strongest level, playing on their own."""
    return make_table(app, session_for(app, game, seed, seats, all_bots=True))


def phone_seats(app, game, seed) -> SeatsScene:
    """The seats screen with phones on (a server on loopback shown under an example
    LAN address), three humans and a bot, the game's first option changed
    (Cheater Chefs: the Menu mode, with its teams)."""
    phones = app.phones
    phones.host, phones.port, phones.address = "127.0.0.1", 0, "192.168.1.20"
    app.settings.phones = True
    phones.apply_setting()
    scene = SeatsScene(app, _playable(game or "cheaterchefs"))
    scene.count = min(4, scene.entry.players[1])
    for s, cfg in enumerate(scene.seats):
        cfg.kind = "human" if s < 3 else "bot"
    if scene.gdef.options:
        first = scene.gdef.options[0]
        scene.options[first.key] = first.values[1]
    return scene


def _guided(scene):
    """A guided game at its first step's moment (a real-time table plays on until it comes)."""
    scene.play_to_open_step()
    return scene


def _stacked(app, below: S, above: Callable[[S], Scene]) -> Scene:
    app.push(below)
    return above(below)


SCENES: dict[str, Callable[..., Scene]] = {
    "title": lambda app, game, seed: TitleScene(app),
    "chooser": lambda app, game, seed: ChooserScene(app),
    "seats": lambda app, game, seed: SeatsScene(app, _playable(game)),
    "phone-seats": phone_seats,
    "name-entry": lambda app, game, seed: _stacked(
        app,
        SeatsScene(app, _playable(game)),
        lambda seats: NameScene(app, _("Name of seat {n}").format(n=1), "Zoé", lambda name: ""),
    ),
    "rules": lambda app, game, seed: RulesScene(app, game or DEFAULT_GAME),
    "settings": lambda app, game, seed: SettingsScene(app),
    "credits": lambda app, game, seed: CreditsScene(app),
    "sound": lambda app, game, seed: SoundScene(app),
    "controls": lambda app, game, seed: ControlsScene(app),
    "table": table,
    "bots": bots_table,
    "curtain": lambda app, game, seed: _curtained(table(app, game, seed)),
    "pause": lambda app, game, seed: _stacked(app, table(app, game, seed, "midgame"), lambda t: PauseScene(app, t)),
    "results": lambda app, game, seed: ResultsScene(app, table(app, game, seed, "end").session),
    "resume": lambda app, game, seed: _resume_list(app, seed),
    "tutorial": lambda app, game, seed: _guided(make_tutorial(app, catalogue.find(game or "wewillwokyou"))),
    "history": lambda app, game, seed: _stacked(
        app, table(app, game, seed, "midgame"), lambda t: HistoryScene(app, t.session)
    ),
    "replays": lambda app, game, seed: _replay_list(app, seed),
    "replay": lambda app, game, seed: _replaying(app, game, seed, 0.5),
    "replay-end": lambda app, game, seed: _replaying(app, game, seed, 1.0),
    "replay-close-claim": lambda app, game, seed: _close_claim_replay(app, seed),
    "attract-moment": lambda app, game, seed: _attract_moment(app, game, seed),
    "buzzer-seats": lambda app, game, seed: BuzzerSeatsScene(app),
    "buzzer-test": lambda app, game, seed: BuzzerTestScene(app),
}


def _resume_list(app, seed: int) -> Scene:
    """Three unfinished games of different kinds, in a throwaway save folder."""
    app.saves = SaveStore(Path(tempfile.mkdtemp(prefix="wok-shot-")) / "saves")
    playable = [e for e in catalogue.load() if e.playable]
    for k, entry in enumerate(playable[:3]):
        session = session_for(app, entry.id, seed + k, min(3 + k, entry.players[1]))
        session.saves = app.saves
        scene = make_table(app, session)
        scene.advance(12 + 5 * k)
        session.save()
    return ResumeScene(app)


def _finished(app, game: str, seed: int) -> Session:
    """A game played by bots to its end, with the seats' names as players typed them."""
    session = table(app, game, seed, "end").session
    session.save_id = f"shot-{game}-{seed}"
    return session


def _replay_list(app, seed: int) -> Scene:
    """The theatre's list: one finished game of each playable game, an hour apart."""
    rows = []
    ended = datetime.now(UTC).replace(tzinfo=None, minute=42, second=0, microsecond=0)
    for k, entry in enumerate(e for e in catalogue.load() if e.playable):
        session = _finished(app, entry.id, seed + k)
        replay = replay_of(session)
        state = session.state
        rows.append(
            {
                "id": replay.id,
                "game": entry.id,
                "ended_at": ended - timedelta(hours=k),
                "seats": replay.seats,
                "winners": state.winners(),
                "scores": list(state.scores()),
                "highlights": replay.highlights,
            }
        )
    return ReplaysScene(app, rows)


def _replaying(app, game: str | None, seed: int, at: float) -> Scene:
    """A replay of a finished game, `at` of the way through (1.0: the end, scores revealed)."""
    player = Player(_playable(game).require_gdef().state_cls, replay_of(_finished(app, _playable(game).id, seed)))
    player.seek(round(player.length * at))
    return ReplayScene(app, player)


def _close_claim_replay(app, seed: int) -> Scene:
    """The theatre playing a Wok Up game's kept instant replay of a close claim (its table's
    "replay" moment: 12 ms), 3.5 s into its 4 s, both presses reached; a game of one card,
    kept in a throwaway folder."""
    gdef = catalogue.find("wokup").require_gdef()
    saves = SaveStore(Path(tempfile.mkdtemp(prefix="wok-shot-")) / "saves")
    session = Session(gdef, default_seats(2, list(gdef.bots)), {"target": 1, "learning": False}, seed, saves)
    table = make_table(app, session)
    type(table).moments()["replay"](table)
    table.close()
    if not session.clips:
        raise ValueError(f"wokup seed {seed}: the claim was not a close one; try another seed")
    player = Player(gdef.state_cls, replay_of(session))
    theatre = ReplayScene(app, player)
    theatre.seek(player.length - 1)
    theatre.step(1)
    for _i in range(round(3.5 * 60)):
        if theatre.table.clip_playing:
            theatre.update(1 / 60)
    return theatre


def _attract_moment(app, game: str | None, seed: int) -> Scene:
    """Attract mode's show of a real game's best moment, the names as initials."""
    entry = _playable(game)
    replay = replay_of(_finished(app, entry.id, seed))
    if not replay.highlights:
        raise ValueError(f"{entry.id} seed {seed}: no highlight in this game; try another seed")
    h = Highlight.of(replay.highlights[0])
    names = [initials(n) for n in replay.names]
    seats = [{**s, "name": n} for s, n in zip(replay.seats, names, strict=True)]
    player = Player(entry.require_gdef().state_cls, dataclasses.replace(replay, seats=seats))
    player.seek(h.at)
    caption = _("Today at {time}: {moment}").format(time=i18n.clock(15, 42), moment=h.told(names))
    return ReplayScene(app, player, caption, stop_at=h.at)


def _curtained(scene: TableScene) -> TableScene:
    humans = scene.session.humans()
    if scene.state.hidden_information and len(humans) > 1:
        scene.viewer, scene.curtain_for = None, humans[0]
    return scene


def build(app, name: str, game: str | None = None, seed: int = 1) -> Scene:
    base, _sep, moment = name.partition(":")
    if base not in SCENES:
        raise ValueError(f"no scene {name!r}; scenes: {', '.join(names())}")
    scene: Scene
    if moment:
        if base != "table":
            raise ValueError("only the table scene has moments")
        scene = table(app, game, seed, moment)
    else:
        scene = SCENES[base](app, game, seed)
    app.push(scene)
    return scene


def names() -> list[str]:
    return list(SCENES)
