"""One test per rule sentence of Wok Up (the issue's list), on hand-placed tables."""

import json

import pytest

from game.engine import SYSTEM
from game.engine.testkit import assert_rejected
from game.wokup.rules import MS, WokUpState

from .helpers import DECK, FAR, LOOK, WINDOW, game, in_wok, place, resolve, shout, show, signal, slap, table

CHILI10 = in_wok(("chili-5", 0), ("broccoli-1", 1))  # 5 + 5 chili pictures
PLENTY = DECK["plenty"]
TWINS = DECK["twins"]
MEDLEY = DECK["medley"]


rejected = assert_rejected


# ---- setup -------------------------------------------------------------------
@pytest.mark.parametrize("seats", range(2, 7))
def test_setup_three_face_up_cards_from_three_decks_and_even_face_down_piles(seats):
    s = game(seats, seed=seats)
    assert sum(s.face_up) == 3
    sizes = [len(p) for p in s.piles]
    assert sum(sizes) == 25 and max(sizes) - min(sizes) <= 1
    obs = s.observation(0)
    assert obs["piles"] == sizes  # sizes only: nobody looks at a pile, not even its owner
    assert not any(f'"{tok}"' in json.dumps(obs) for pile in s.piles for tok in pile)


def test_setup_turns_random_decks():
    shown = {tuple(game(3, seed=k).face_up) for k in range(30)}
    assert len(shown) > 3


# ---- the signal and the throws ---------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_on_the_signal_every_seat_throws_the_top_of_its_pile(seats):
    s = game(seats)
    tops = [p[-1] for p in s.piles]
    rejected(s, SYSTEM, {"type": "signal", "t": LOOK - 1}, "look-first")
    signal(s)
    assert s.phase == "flight" and s.flight == [[seat, tops[seat]] for seat in range(seats)]


def test_claims_wait_for_the_tokens_to_settle():
    s = game(3)
    signal(s)
    rejected(s, 0, {"type": "slap", "deck": s.face_up.index(True), "t": s.now}, "not-your-turn")


def test_the_settle_records_positions_and_faces_of_the_thrown_tokens():
    s = game(2)
    signal(s)
    (_, a), (_, b) = s.flight
    s.apply(
        SYSTEM,
        {
            "type": "settle",
            "t": s.now + 900 * MS,
            "tokens": [
                {"id": a, "x": 1.04, "y": 2, "face": 1, "a": 370},
                {"id": b, "x": 500, "y": 0, "face": 0, "off": True},
            ],
        },
    )
    assert (
        s.table
        == [
            {"id": a, "x": 1.0, "y": 2.0, "face": 1, "a": 10, "off": False},
            {"id": b, "x": 500.0, "y": 0.0, "face": 0, "a": 0, "off": True},
        ][:: 1 if a < b else -1]
    )
    assert s.phase == "look" and s.look_start == s.now


def test_a_settle_must_place_every_thrown_token():
    s = game(2)
    signal(s)
    (_, a), _ = s.flight
    rejected(
        s,
        SYSTEM,
        {"type": "settle", "t": s.now, "tokens": [{"id": a, "x": 0, "y": 0, "face": 0}]},
        "settle-every-thrown-token",
    )
    rejected(
        s,
        SYSTEM,
        {"type": "settle", "t": s.now, "tokens": [{"id": "nope", "x": 0, "y": 0, "face": 0}]},
        "settle-known-tokens",
    )


def test_no_card_claimed_means_throw_again():
    s = game(3)
    signal(s)
    s.apply(
        SYSTEM,
        {"type": "settle", "t": s.now, "tokens": [{"id": t, "x": FAR[0], "y": 0, "face": 0} for t in s.flight_ids()]},
    )
    assert s.phase == "look"
    signal(s)
    assert s.phase == "flight" and s.round == 1 and s.round_throws == 2


def test_throw_again_at_once_when_every_seat_still_in_passed():
    s = game(3)
    for seat in range(3):
        s.apply(seat, {"type": "pass"})
    s.apply(SYSTEM, {"type": "signal", "t": 0})
    assert s.phase == "flight"


def test_six_seats_throw_three_tokens_alternating_halves():
    s = game(6)
    throwers = []
    for _ in range(3):
        signal(s)
        throwers.append([seat for seat, _ in s.flight])
        s.apply(
            SYSTEM,
            {
                "type": "settle",
                "t": s.now,
                "tokens": [{"id": t, "x": FAR[0], "y": 0, "face": 0} for t in s.flight_ids()],
            },
        )
    assert throwers == [[0, 2, 4], [1, 3, 5], [0, 2, 4]]


def test_five_seats_throw_three_then_two():
    s = game(5)
    counts = []
    for _ in range(4):
        signal(s)
        counts.append(len(s.flight))
        s.apply(
            SYSTEM,
            {
                "type": "settle",
                "t": s.now,
                "tokens": [{"id": t, "x": FAR[0], "y": 0, "face": 0} for t in s.flight_ids()],
            },
        )
    assert counts == [3, 2, 3, 2]


def test_five_and_six_seats_all_may_claim_though_half_throw():
    s = game(6)
    assert set(s.actors()) == {SYSTEM, 0, 1, 2, 3, 4, 5}


# ---- winning cards -----------------------------------------------------------
def test_the_first_hand_on_a_complete_card_wins_it_ordered_by_time_not_arrival():
    s = table(3, tokens=[*in_wok(("chili-5", 0))])
    slap(s, 1, PLENTY, 200)  # arrives first, slapped later
    slap(s, 2, PLENTY, 150)
    resolve(s)
    assert s.won == [[], [], ["plenty-chili-5"]]
    assert [c["result"] for c in s.last["claims"]] == ["won", "late"]
    assert not any(s.out)  # the slower hand was right, only late


def test_a_won_card_leaves_its_deck_and_the_winner_turns_another_deck():
    s = table(3, tokens=[*in_wok(("chili-5", 0))])
    slap(s, 0, PLENTY, 100)
    resolve(s)
    assert s.phase == "pick" and s.actors() == [0, SYSTEM]
    choices = [a["deck"] for a in s.legal_actions(0)]
    assert sorted(choices) == [DECK["trio"], DECK["edge"]]  # not the deck just won from
    rejected(s, 0, {"type": "turn", "deck": PLENTY}, "pick-a-listed-deck")
    s.apply(0, {"type": "turn", "deck": DECK["edge"]})
    assert sum(s.face_up) == 3 and s.face_up[DECK["edge"]]


def test_the_table_turns_for_a_winner_who_does_not_pick_in_time():
    s = table(3, tokens=[*in_wok(("chili-5", 0))])
    slap(s, 0, PLENTY, 100)
    resolve(s)
    timeout = s.pick_start + 6000 * MS
    rejected(s, SYSTEM, {"type": "turn", "deck": 0, "t": timeout - 1}, "winner-picks-first")
    s.apply(SYSTEM, {"type": "turn", "deck": 0, "t": timeout})
    assert s.face_up[0] and s.phase == "look"


def test_after_a_win_all_tokens_are_shared_back_evenly_under_the_piles():
    s = table(4, tokens=[*in_wok(("chili-5", 0), ("fish-3", 0), ("meat-2", 1)), ("meat-1", 600, 0, 0)])
    tops = [p[-1] for p in s.piles]
    slap(s, 3, PLENTY, 100)
    resolve(s)
    s.apply(3, {"type": "turn", "deck": 0})
    assert s.table == [] and s.round == 2 and s.phase == "look"
    sizes = [len(p) for p in s.piles]
    assert sum(sizes) == 25 and max(sizes) - min(sizes) <= 1
    assert [p[-1] for p in s.piles] == tops  # shared back under the piles


def test_several_cards_can_be_won_after_one_throw_by_different_players():
    s = table(3, tokens=[*in_wok(("chili-5", 0), ("mushroom-2", 0), ("fish-2", 0))])
    slap(s, 0, TWINS, 300)
    slap(s, 1, PLENTY, 310)
    resolve(s)
    assert s.won[0] == ["twins-mushroom-fish"] and s.won[1] == ["plenty-chili-5"]
    assert [p["seat"] for p in s.picks] == [0, 1]  # each winner turns a card, first winner first
    s.apply(0, {"type": "turn", "deck": 0})
    s.apply(1, {"type": "turn", "deck": 3})
    assert sum(s.face_up) == 3


def test_one_player_may_win_two_complete_cards_at_once():
    s = table(3, tokens=[*in_wok(("chili-5", 0), ("mushroom-2", 0), ("fish-2", 0))])
    slap(s, 2, TWINS, 300)
    slap(s, 2, PLENTY, 301)
    resolve(s)
    assert sorted(s.won[2]) == ["plenty-chili-5", "twins-mushroom-fish"]


def test_a_seat_covers_a_card_only_once_and_only_a_face_up_one():
    s = table(3)
    slap(s, 0, PLENTY, 10)
    rejected(s, 0, {"type": "slap", "deck": PLENTY, "t": 20 * MS}, "already-covered")
    rejected(s, 1, {"type": "slap", "deck": DECK["trio"], "t": 20 * MS}, "cover-a-face-up-card")


# ---- mistakes ------------------------------------------------------------------
def test_a_wrong_slap_puts_the_player_out_for_the_round_and_leaves_tokens_and_cards():
    s = table(3, tokens=[*in_wok(("chili-4", 0))])
    lying, face_up = [dict(t) for t in s.table], list(s.face_up)
    slap(s, 1, PLENTY, 100)
    resolve(s)
    assert s.out == [False, True, False] and s.won == [[], [], []]
    assert s.table == lying and s.face_up == face_up and s.phase == "look"
    assert 1 not in s.actors()
    rejected(s, 1, {"type": "slap", "deck": MEDLEY, "t": s.now}, "not-your-turn")
    signal(s)  # the others go on throwing; the player who is out does not throw
    assert [seat for seat, _ in s.flight] == [0, 2]


def test_out_lasts_only_until_the_round_ends():
    s = table(3, tokens=[*in_wok(("chili-5", 0))])
    slap(s, 1, MEDLEY, 100)
    resolve(s)
    slap(s, 0, PLENTY, s.now // MS + 10)
    resolve(s)
    s.apply(0, {"type": "turn", "deck": 0})
    assert s.out == [False, False, False]


def test_two_players_a_wrong_slap_gives_the_covered_card_to_the_other():
    s = table(2, tokens=[*in_wok(("chili-4", 0))])
    slap(s, 0, MEDLEY, 100)
    resolve(s)
    assert s.won == [[], ["medley-no-chili-a"]] and s.last["claims"][0]["result"] == "wrong-gives"
    assert s.phase == "pick" and s.picks == [{"seat": 1, "kind": "turn"}]


def test_three_players_a_wrong_slap_gives_nothing():
    s = table(3)
    slap(s, 0, MEDLEY, 100)
    resolve(s)
    assert s.won == [[], [], []]


def test_every_player_out_ends_the_round_with_no_card_won():
    s = table(3, tokens=[*in_wok(("chili-4", 0))])
    for seat in range(3):
        slap(s, seat, MEDLEY, 100 + seat)
    resolve(s)
    assert s.round == 2 and s.table == [] and s.out == [False] * 3 and s.won == [[], [], []]


def test_every_pile_empty_and_no_card_won_clears_the_round():
    s = table(2)
    spots = [(tid, 600.0, -300 + 25 * i, 0) for i, tid in enumerate(t for p in s.piles for t in p)]
    place(s, *spots)
    assert s.throwers() == []
    rejected(s, SYSTEM, {"type": "signal", "t": LOOK}, "nobody-can-throw")
    s.apply(SYSTEM, {"type": "clear", "t": LOOK})
    assert s.round == 2 and sorted(len(p) for p in s.piles) == [12, 13] and s.won == [[], []]


# ---- Wok'up! ----------------------------------------------------------------------
def test_wokup_with_ten_of_one_ingredient_wins_any_face_up_card_of_the_shouters_choice():
    s = game(3)
    show(s, "plenty-chili-7", "medley-no-chili-a", "twins-mushroom-fish")
    place(s, *CHILI10)
    shout(s, 2, 100)
    resolve(s)
    assert s.picks[0] == {"seat": 2, "kind": "take"}
    s.apply(2, {"type": "take", "deck": TWINS})
    assert s.won[2] == ["twins-mushroom-fish"] and s.picks == [{"seat": 2, "kind": "turn"}]
    assert sorted(a["deck"] for a in s.legal_actions(2)) == [0, 3]


def test_a_wrong_wokup_puts_the_shouter_out():
    s = game(3)
    show(s, "plenty-chili-7", "medley-no-chili-a", "twins-mushroom-fish")
    place(s, *in_wok(("chili-5", 0), ("chili-4", 0)))  # 9 chilis
    shout(s, 0, 100)
    resolve(s)
    assert s.out == [True, False, False] and s.won == [[], [], []]


def test_the_quickest_of_a_shout_and_a_slap_wins():
    for shout_t, slap_t, winner in ((100, 150, 0), (150, 100, 1)):
        s = table(3, tokens=[*CHILI10])
        shout(s, 0, shout_t)
        slap(s, 1, PLENTY, slap_t)
        resolve(s)
        if winner == 0:
            assert s.picks[0] == {"seat": 0, "kind": "take"} and s.won == [[], [], []]
        else:
            assert s.won[1] == ["plenty-chili-5"] and s.picks == [{"seat": 1, "kind": "turn"}]


def test_a_shout_covers_no_card_so_a_wrong_shout_gives_nothing_with_two_players():
    s = game(2)
    shout(s, 0, 100)
    resolve(s)
    assert s.won == [[], []] and s.out == [True, False]


# ---- the claim window and ties ---------------------------------------------------
def test_the_window_closes_window_ms_after_the_first_claim():
    s = table(3)
    slap(s, 0, PLENTY, 100)
    rejected(s, 1, {"type": "slap", "deck": PLENTY, "t": 100 * MS + WINDOW}, "window-closed")
    rejected(s, SYSTEM, {"type": "resolve", "t": 100 * MS + WINDOW - 1}, "window-open")
    slap(s, 1, PLENTY, 99)  # an earlier claim arriving later moves the window
    assert s.window_end() == 99 * MS + WINDOW


def test_claims_within_their_combined_uncertainty_are_a_tie_decided_by_lots():
    winners = set()
    for seed in range(12):
        s = table(3, seed=seed, tokens=[*in_wok(("chili-5", 0))])
        slap(s, 0, PLENTY, 100, u=3)
        slap(s, 1, PLENTY, 104, u=3)  # 4 ms apart, 6 ms of combined uncertainty
        resolve(s)
        winners.add(0 if s.won[0] else 1)
    assert winners == {0, 1}


def test_claims_farther_apart_than_their_uncertainty_are_not_a_tie():
    for seed in range(6):
        s = table(3, seed=seed, tokens=[*in_wok(("chili-5", 0))])
        slap(s, 0, PLENTY, 100, u=1)
        slap(s, 1, PLENTY, 104, u=1)
        resolve(s)
        assert s.won[0] == ["plenty-chili-5"]


# ---- the end ------------------------------------------------------------------------
def _winning_slap(s, seat, card):
    show(s, card, "medley-no-chili-a", "twins-mushroom-fish")
    place(s, *in_wok(("chili-5", 0)))
    slap(s, seat, PLENTY, s.now // MS + 1)


def test_the_first_to_five_cards_wins():
    s = game(3)
    s.won[1] = [s.decks[0].pop() for _ in range(4)]
    _winning_slap(s, 1, "plenty-chili-5")
    resolve(s)
    assert s.is_over() and s.winners() == [1] and s.scores()[1] == 5


def test_two_players_reaching_five_together_share_the_win():
    s = game(3)
    s.won[0] = [s.decks[0].pop() for _ in range(4)]
    s.won[2] = [s.decks[0].pop() for _ in range(4)]
    show(s, "plenty-chili-5", "medley-no-chili-a", "twins-mushroom-fish")
    place(s, *in_wok(("chili-5", 0), ("mushroom-2", 0), ("fish-2", 0)))
    slap(s, 0, PLENTY, 100)
    slap(s, 2, TWINS, 120)
    resolve(s)
    assert s.is_over() and s.winners() == [0, 2]


def test_quick_game_target():
    s = game(2, target=1)
    _winning_slap(s, 0, "plenty-chili-5")
    resolve(s)
    assert s.winners() == [0]
    with pytest.raises(ValueError):
        game(2, target=9)


# ---- corners: decks running out, pause -------------------------------------------------
def test_a_deck_running_out_lets_the_winner_turn_a_deck_just_won_from():
    s = table(3)
    for d in (DECK["trio"], DECK["edge"]):  # the two face-down decks are used up
        s.decks[MEDLEY][:0] = s.decks[d]  # (kept under another deck: cards are conserved)
        s.decks[d] = []
    place(s, *in_wok(("chili-5", 0)))
    slap(s, 0, PLENTY, 100)
    resolve(s)
    assert [a["deck"] for a in s.legal_actions(0)] == [PLENTY]


def test_pause_holds_everything_until_resume():
    s = game(3)
    s.apply(SYSTEM, {"type": "pause", "t": 5})
    assert s.actors() == [SYSTEM] and s.legal_actions(SYSTEM) == [{"type": "resume", "t": 5}]
    rejected(s, 0, {"type": "slap", "deck": s.face_up.index(True), "t": 10}, "not-your-turn")
    rejected(s, SYSTEM, {"type": "signal", "t": LOOK}, "paused")
    s.apply(SYSTEM, {"type": "resume", "t": 5})
    assert 0 in s.actors()


def test_the_table_clock_never_runs_backwards():
    s = game(3)
    s.apply(SYSTEM, {"type": "pause", "t": 500})
    rejected(s, SYSTEM, {"type": "resume", "t": 499}, "clock-runs-forward")


FAR_AHEAD = [2**62, 10**15, 3600 * 1000 * MS]  # 146 years, 11.6 days, an hour


@pytest.mark.parametrize("ahead", FAR_AHEAD)
def test_a_time_far_beyond_the_table_clock_is_refused(ahead):
    """Issue 22: a claim stamped 2**64 ns was taken, and the table waited for that time
    forever. Whoever stamps a time, claim, pass, pick or the table itself, stamps one
    the table's clock can reach."""
    s = game(3)
    deck = s.face_up.index(True)
    for seat, action in [
        (0, {"type": "slap", "deck": deck, "t": ahead}),
        (0, {"type": "wokup", "t": ahead}),
        (0, {"type": "pass", "t": ahead}),
        (SYSTEM, {"type": "signal", "t": ahead}),
        (SYSTEM, {"type": "pause", "t": ahead}),
    ]:
        rejected(s, seat, action, "time-out-of-reach")
    rejected(s, 0, {"type": "wokup", "t": 2**64}, "action-shape")  # no 64-bit number at all
    s.apply(0, {"type": "slap", "deck": deck, "t": 60 * 1000 * MS - 1})  # a minute late is late, not absurd
    assert s.now == 60 * 1000 * MS - 1


def test_a_pick_far_beyond_the_table_clock_is_refused():
    s = table(2, tokens=in_wok(("chili-3", 0), ("chili-2", 0)))
    slap(s, 0, PLENTY, 100)
    resolve(s)
    assert s.phase == "pick"
    kind = s.picks[0]["kind"]
    rejected(s, 0, {"type": kind, "deck": s.legal_actions(0)[0]["deck"], "t": s.now + 10**15}, "time-out-of-reach")


def test_state_round_trips_and_replays():
    s = game(4)
    signal(s)
    s.apply(
        SYSTEM,
        {
            "type": "settle",
            "t": s.now + 1,
            "tokens": [{"id": t, "x": 10.0 * i, "y": 0, "face": i % 2} for i, t in enumerate(s.flight_ids())],
        },
    )
    slap(s, 0, s.face_up.index(True), s.now // MS + 1)
    resolve(s)
    again = WokUpState.replay(4, s.options, s.seed, s.log)
    assert again.to_json() == s.to_json() == WokUpState.from_json(s.to_json()).to_json()
