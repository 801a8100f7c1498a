"""A sixth game joins through its GameDef alone: the toy game (toygame.py)
declares its sounds, its colours and a bench the way a real game does, in its
own module, and the shared parts (the sound cues, the colour-vision check, the
pictures' check, the rules kit, the bench, the hall of fame) take it without a line of theirs naming it."""

from game.app.bench import game_benches
from game.engine.gamedef import Cues, GameDef
from game.engine.rng import Rng
from game.engine.testkit import check_malformed, foreign_actions, listed_games, run_playouts, sample_moves, shape
from game.kiosk.kinds import kinds
from game.media import cvd, manifest, palettes
from game.media.cues import cues, game_cues, moment

from .toygame import SnapState


def _scored(before: dict, after: dict, action: dict) -> list[str]:
    """A seat's points went up: it won the round."""
    return ["card_won"] if any(a > b for a, b in zip(before["points"], after["points"])) else []


def _bench():
    state = SnapState(4, None, 1)
    return lambda: state.observation(0)


TOY = GameDef(
    "toy-snap",
    SnapState,
    "tests.app.toy_scene:ToyScene",
    cues=Cues(effects=frozenset({"card_flip", "card_won"}), by_type={"pick": ("card_flip",)}, extra=_scored),
    palettes={"cards": lambda: {"low": (0, 114, 178), "high": (213, 94, 0)}},
    benches={"observation": _bench},
    pictures=lambda: {"common.coin": "Toy Snap: a point"},
)


def test_its_moves_make_its_sounds_and_the_contract_adds_the_end_and_the_turns():
    heard: set[str] = set()
    for seed in (1, 2, 3):
        state, rng, winners = SnapState(3, None, seed), Rng(seed), 0
        while not state.is_over():
            seat = rng.choice(state.actors())
            action = state.sample_action(seat, rng)
            before = moment(state)
            state.apply(seat, action)
            played = cues(TOY, before, moment(state), seat, action, humans={0, 1, 2})
            assert ("card_flip" in played) == (action["type"] == "pick")
            heard |= set(played)
            winners += played.count("winner")
        assert winners == 1
    print("heard:", sorted(heard))
    assert heard == game_cues(TOY) == {"card_flip", "card_won", "winner", "your_turn"}


def test_its_colours_are_checked_with_the_others():
    found = palettes.palettes([TOY])
    assert set(found) == {"seats", "toy-snap-cards"}
    assert not cvd.collisions(found["toy-snap-cards"]())


def test_its_pictures_are_checked_with_the_others():
    need = manifest.required_items([TOY])
    assert list(need) == ["common.coin"] and manifest.load().resolve("common.coin") is not None


def test_the_kit_plays_it():
    stats = run_playouts(TOY.state_cls, 40)
    assert stats.games == 40 and stats.hidden_resampled > 0


def test_its_moves_reach_the_five_and_theirs_reach_it():
    """Listed beside the five (as a sixth game in assets/games.toml would be), its moves
    are sent to each of them, refused there without change; and theirs to it."""
    five = listed_games()
    mine = {shape(a) for a in sample_moves(SnapState)}
    for gdef in five:
        sent = foreign_actions(gdef.state_cls, [*five, TOY])
        assert mine <= {shape(a) for a in sent}, gdef.id
        cls = gdef.state_cls
        check_malformed(cls, cls(cls.min_seats, None, 3), Rng(3), sent)
    theirs = {shape(a) for g in five for a in sample_moves(g.state_cls)}
    print(len(mine), "shapes of its moves;", len(theirs), "of the five's")
    assert theirs <= {shape(a) for a in foreign_actions(SnapState)}


def test_its_bench_is_timed():
    rows = game_benches(TOY, frames=5)
    assert [r["scene"] for r in rows] == ["toy-snap/observation"] and rows[0]["p50_ms"] >= 0


def test_its_hall_of_fame_keeps_its_score():
    assert list(kinds(TOY)) == ["score"]
    assert list(kinds("toy-snap")) == ["score"]  # known only by its id: a plain score
