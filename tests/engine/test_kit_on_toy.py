"""The contract and the shared kit, proved on the toy game (and the kit's own
checks proved to fail on games that break the contract)."""

import json

import pytest

from game.engine import SYSTEM, IllegalAction, require
from game.engine.bots import RandomBot
from game.engine.search import IsmctsBot
from game.engine.testkit import KitFailure, check_bot_fair, playout, run_playouts

from .toygame import SnapState


def test_hundreds_of_random_playouts():
    # 200, not 2,000: the kit's and the toy's lines and branches reached are the
    # same from 50 games on (coverage at 50, 200 and 500 games: 673 lines, 1018
    # arcs); the last 1,800 games found nothing new and took 3 minutes of a core.
    stats = run_playouts(SnapState, 200, first_seed=1)
    assert stats.games == 200
    assert stats.hidden_resampled > 0
    assert set(stats.wins) == {0, 1, 2, 3}  # every seat count and seat wins sometimes


def test_illegal_action_names_rule_and_leaves_state():
    s = SnapState(2, None, 5)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "bet", "amount": 2})
    assert err.value.rule == "pick-first"
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "pick", "card": 99})
    assert err.value.rule == "card-in-hand"
    with pytest.raises(IllegalAction) as err:
        s.apply(SYSTEM, {"type": "close"})
    assert err.value.rule == "not-your-turn"
    assert s.to_json() == before


def _to_claims(seed=3):
    s = SnapState(3, None, seed)
    for seat in range(3):
        s.apply(seat, {"type": "pick", "card": s.hands[seat][-1]})
        s.apply(seat, {"type": "bet", "amount": 1})
    return s


def test_simultaneous_choices_stay_hidden_until_all_are_in():
    s = SnapState(3, None, 3)
    card = s.hands[0][0]
    s.apply(0, {"type": "pick", "card": card})
    s.apply(0, {"type": "bet", "amount": 2})
    for seat in (1, 2):
        assert "my_pick" in s.observation(seat)
        assert s.observation(seat)["my_pick"] is None
        assert s.observation(seat)["revealed"] == []
    assert s.actors() == [1, 2]
    s.apply(1, {"type": "pick", "card": s.hands[1][0]})
    s.apply(1, {"type": "bet", "amount": 1})
    s.apply(2, {"type": "pick", "card": s.hands[2][0]})
    s.apply(2, {"type": "bet", "amount": 1})
    assert s.observation(1)["revealed"][0] == {"card": card, "bet": 2}


def test_claims_are_ordered_by_timestamp_not_arrival():
    s = _to_claims()
    top = max(p["card"] for p in s.revealed)
    holders = [seat for seat in range(3) if s.revealed[seat]["card"] == top]
    first = holders[0]
    late, early = (first, 900), [h for h in holders[1:]]
    # The top card holder claims last in arrival order but earliest in time.
    for seat in range(3):
        if seat != first:
            s.apply(seat, {"type": "claim", "t": 5_000 + seat})
    s.apply(first, {"type": "claim", "t": 100})
    points_before = list(s.points)
    s.apply(SYSTEM, {"type": "close"})
    assert s.points[first] == points_before[first] + 1
    assert late and early is not None


def test_undo_within_turn_not_across_reveal():
    s = SnapState(2, None, 9)
    card = s.hands[0][0]
    s.apply(0, {"type": "pick", "card": card})
    # Simultaneous phases seal each action: the other seat may already have seen it was made.
    assert not s.can_undo(0)


def test_undo_replays_to_previous_state():
    s = SnapState(2, None, 9)
    start = s.to_json()
    s.apply(0, {"type": "pick", "card": s.hands[0][0]})
    assert s.undone().to_json() == start


def test_replay_and_json_round_trip():
    end = playout(SnapState, 3, 42)
    again = SnapState.replay(3, end.options, 42, end.log)
    assert again.to_json() == end.to_json()
    assert SnapState.from_json(end.to_json()).to_json() == end.to_json()


def test_bots_do_not_peek():
    assert check_bot_fair(SnapState, RandomBot(), games=10) > 0
    assert check_bot_fair(SnapState, IsmctsBot(iterations=30, seconds=1e9), games=3) > 0


def test_ismcts_beats_random():
    from game.engine.rng import Rng

    wins = 0
    for seed in range(40):
        s = SnapState(2, None, seed)
        bots = {0: IsmctsBot(iterations=60, seconds=1e9), 1: RandomBot()}
        rng = Rng(seed)
        while not s.is_over():
            seat = rng.choice(s.actors())
            if seat == SYSTEM and len(s.actors()) > 1:
                seat = s.actors()[1]  # the window closes only once every seat has claimed or passed
            action = bots[seat].choose(s, seat, rng) if seat != SYSTEM else {"type": "close"}
            s.apply(seat, action)
        wins += 0 in s.winners()
    assert wins >= 24, wins


# ---- the kit must fail on broken games -----------------------------------


class LeakySnap(SnapState):
    game_id = "toy-leaky"

    def observation(self, seat):
        obs = super().observation(seat)
        obs["all_hands"] = self.hands
        return obs


class SloppySnap(SnapState):
    """Changes the state before its checks refuse an action: the engine takes it back."""

    game_id = "toy-sloppy"

    def perform(self, seat, action):
        if seat != SYSTEM and self.phase() == "pick" and self.picks[seat] is None:
            self.points[seat] += 0 if action.get("card") in self.hands[seat] else 1
        super().perform(seat, action)


class UnguardedSnap(SloppySnap):
    """Replaces apply by one that takes no snapshot: SloppySnap's change before refusing stays."""

    game_id = "toy-unguarded"

    def apply(self, seat, action, scratch=False):
        super().apply(seat, action, scratch=True)


class UnconservedSnap(SnapState):
    game_id = "toy-unconserved"

    def _close(self):
        super()._close()
        self.discard.pop()


class TellingSnap(SnapState):
    """Declares its picks secret, yet every seat sees who picked ("picked")."""

    game_id = "toy-telling"

    def secret_step(self, seat, action):
        return self.phase() == "pick" and action.get("type") == "pick"


class SharingSnap(SnapState):
    """Hands the state's own hand to its seat: a caller appending to it cheats."""

    game_id = "toy-sharing"

    def observation(self, seat):
        obs = super().observation(seat)
        if seat is not None:
            obs["hand"] = self.hands[seat]
        return obs


class CrashingSnap(SnapState):
    """Trusts the action's fields: a bet of "2" or [2] crashes instead of being refused."""

    game_id = "toy-crashing"

    def perform(self, seat, action):
        if seat != SYSTEM and self.phase() == "pick" and self.picks[seat] is not None:
            require(action["type"] == "bet", "bet-after-pick")
            require(action["amount"] + 0 in (1, 2), "bet-one-or-two")
        super().perform(seat, action)


class LaxSnap(SnapState):
    """Takes True for a bet of 1: a malformed action accepted."""

    game_id = "toy-lax"

    def perform(self, seat, action):
        if seat != SYSTEM and self.phase() == "pick" and self.picks[seat] is not None:
            require(action["type"] == "bet" and action.get("amount") in (1, 2), "bet-one-or-two")
            self.picks[seat]["bet"] = int(action["amount"])
            if all(p and p["bet"] is not None for p in self.picks):
                self.revealed = [dict(p) for p in self.picks]
                self.seal()
            return
        super().perform(seat, action)


class GenerousSnap(SnapState):
    """Lists bets of 1 and 2 but takes a 3 too: apply accepts what the list leaves out
    (as Yatai did with the second of two identical guests)."""

    game_id = "toy-generous"

    def perform(self, seat, action):
        if seat != SYSTEM and self.phase() == "pick" and self.picks[seat] is not None and action.get("amount") == 3:
            action = {**action, "amount": 2}
        super().perform(seat, action)


class EditingSnap(SnapState):
    """Marks a card it refuses in the action it was given: sent again, an earlier
    action (the very dict its log entry holds) changes the log."""

    game_id = "toy-editing"

    def perform(self, seat, action):
        try:
            super().perform(seat, action)
        except IllegalAction:
            if type(action.get("card")) is int:
                action["card"] += 1000
            raise


class RetypingSnap(EditingSnap):
    """As EditingSnap, but the mark keeps the value and changes only its type (3 to 3.0):
    equal to Python, another text in JSON."""

    game_id = "toy-retyping"

    def perform(self, seat, action):
        try:
            SnapState.perform(self, seat, action)
        except IllegalAction:
            if type(action.get("card")) is int:
                action["card"] = float(action["card"])
            raise


class SortingSnap(SnapState):
    """Writes its JSON with sorted keys (as the engine did): read back, a pick's dict
    ("card" then "bet") comes in another order (Yatai's bottles came back by colour)."""

    game_id = "toy-sorting"

    def to_json(self):
        return json.dumps(self.to_dict(), sort_keys=True)


class SeatKeyedSnap(SnapState):
    """Keeps a dict keyed by seat number: read back from JSON its keys are strings."""

    game_id = "toy-seat-keyed"

    def setup(self):
        super().setup()
        self.seen = {seat: 0 for seat in range(self.num_seats)}

    def observation(self, seat):
        return {**super().observation(seat), "seen": dict(self.seen)}


def test_a_game_changing_its_state_before_refusing_passes_the_kit_as_the_engine_restores_it():
    assert run_playouts(SloppySnap, 30).games == 30


@pytest.mark.parametrize(
    "broken, why",
    [
        (LeakySnap, "leaks"),
        (UnconservedSnap, "not conserved"),
        (SharingSnap, "changing its observation changed the state"),
        (CrashingSnap, "must be IllegalAction"),
        (LaxSnap, "apply accepted .* which legal_actions leaves out"),
        (GenerousSnap, "apply accepted .* which legal_actions leaves out"),
        (EditingSnap, "rejected action changed the log's earlier entries"),
        (UnguardedSnap, r"rejected action .* changed the state"),
        (RetypingSnap, "log's earlier entries"),
        (SortingSnap, "read back from JSON, the view of seat"),
        (SeatKeyedSnap, "read back from JSON, the view of seat"),
    ],
)
def test_kit_catches_broken_games(broken, why):
    with pytest.raises(KitFailure, match=why):
        run_playouts(broken, 30)


def test_kit_catches_a_secret_step_that_others_see():
    with pytest.raises(KitFailure, match=r"secret step .* changed what seats"):
        playout(TellingSnap, 3, seed=1)
    assert playout(SnapState, 3, seed=1).is_over()  # the same game declaring nothing secret passes
