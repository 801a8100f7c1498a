"""Relleno's rules, one test per sentence of the rulebook (issue 12's Rules section)."""

import pytest

from game.engine.rng import Rng
from game.engine.testkit import assert_rejected
from game.relleno.data import content
from game.relleno.rules import Phase, RellenoState

from .helpers import NAMES, choose, play, table, turn

RED = ["aiko", "remy", "vicki"]
BLUE = ["bruno", "clara", "dario"]


# ---- setup ---------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_setup_three_chefs_of_one_colour_ten_recipes_a_seat_book_of_seats_plus_one(seats):
    s = RellenoState(seats, None, 7)
    data = content()
    for seat in range(seats):
        assert len(s.hands[seat]) == 3
        assert {data.cards[c].colour for c in s.hands[seat]} == {s.colours[seat]}
    assert len(set(s.colours)) == seats
    assert len(s.book) == seats + 1
    assert len(s.deck) + len(s.book) == 10 * seats
    s.invariants()


def test_advanced_recipes_only_by_option_and_always_at_six_seats():
    def advanced_in_play(state):
        return any(content().cards[c].advanced for c in state.deck + state.book + state.box)

    assert not advanced_in_play(RellenoState(4, None, 1))
    assert advanced_in_play(RellenoState(4, {"advanced": True}, 1))
    six = RellenoState(6, None, 1)
    assert six.advanced and not six.box  # 60 recipes, all in play
    with pytest.raises(ValueError):
        RellenoState(3, {"advanced": "yes"}, 1)


# ---- the secret time card --------------------------------------------------
def test_everyone_chooses_at_once_and_a_choice_stays_secret_until_all_chose():
    s = table(3)
    assert s.phase == Phase.CHOOSE and s.actors() == [0, 1, 2]
    s.apply(1, {"type": "time_card", "card": "dario", "early": []})
    assert s.actors() == [0, 2]
    assert s.describe(1, s.log[-1]["action"], NAMES) == "Bao chose a time card"
    for seat in (0, 2, None):
        obs = s.observation(seat)
        assert "dario" not in str(obs.get("choice")) and obs["fronts"][1] == [] and obs["hand_sizes"][1] == 3
    assert s.observation(1)["choice"] == {"card": "dario", "early": []}
    assert_rejected(s, 1, {"type": "time_card", "card": "clara", "early": []}, "not-your-turn")
    assert not s.can_undo(1)  # a secret choice in a simultaneous phase is final


def test_the_reveal_comes_with_the_last_choice_and_cannot_be_undone():
    s = table(2)
    s.apply(0, {"type": "time_card", "card": "aiko", "early": []})
    s.apply(1, {"type": "time_card", "card": "bruno", "early": []})
    assert s.phase == Phase.TURN and s.order == [1, 0]
    assert s.times == [8 * 60 + 40, 6 * 60 + 3]
    assert s.undo_floor == len(s.log)
    assert "all are revealed: Bao, Ana" in s.describe(1, s.log[-1]["action"], NAMES)


def test_a_time_card_must_come_from_the_hand():
    s = table(2)
    assert_rejected(s, 0, {"type": "time_card", "card": "bruno", "early": []}, "card-in-hand")
    assert_rejected(s, 0, {"type": "time_card", "card": "vicki", "early": ["remy"]}, "early-arrival-cards")


def test_turns_run_from_the_earliest_time_to_the_latest():
    s = table(3)
    choose(s, "aiko", "clara", "gus")  # 8:40, 6:38, 8:31
    assert s.order == [1, 2, 0]
    assert turn(s) == 1


def test_an_early_arrival_takes_an_hour_off_and_ties_go_to_more_early_arrivals():
    ea = ["princess-cake", "sachertorte"]
    s = table(3, {"advanced": True}, hands={0: RED + ea})
    # Aiko 8:40 - 2h = 6:40; Remy would be 6:41; seat 1 Clara 6:38; seat 2 Elena 6:12
    choose(s, "aiko", "clara", "elena", early={0: ea})
    assert s.times[0] == 6 * 60 + 40 and s.order == [2, 1, 0]
    s2 = table(2, {"advanced": True}, hands={0: ["remy", "princess-cake"], 1: ["bruno", "clara"]})
    choose(s2, "remy", "bruno", early={0: ["princess-cake"]})  # 5:41 before 6:03
    assert s2.order == [0, 1]


def test_early_arrivals_are_picked_one_at_a_time_so_the_choices_stay_few():
    """Every subset of five early arrivals with each timed card was 96 choices: the
    early arrivals are picked one at a time (game/engine/picking.py), then the time card."""
    early = sorted(c.id for c in content().cards.values() if c.ability == "early_arrival")
    s = table(2, {"advanced": True}, hands={0: RED + early})
    hand = len(s.hands[0])
    counts = [len(s.legal_actions(0))]
    for card in early[:3]:
        s.apply(0, {"type": "pick", "card": card})
        counts.append(len(s.legal_actions(0)))
    print("choices offered as early arrivals are picked:", counts, "for", hand, "cards")
    assert max(counts) <= hand + 2
    assert {"type": "time_card", "card": "aiko", "early": early[:3]} in s.legal_actions(0)
    assert s.observation(1)["picked"] == [] and s.observation(0)["picked"] == early[:3]  # picks are secret
    assert_rejected(s, 0, {"type": "time_card", "card": "aiko", "early": early[:2]}, "pick-cards-first")
    assert_rejected(s, 0, {"type": "pick", "card": "remy"}, "early-arrival-cards")
    s.apply(0, {"type": "unpick", "card": early[2]})
    choose(s, "aiko", "clara", early={0: early[:2]})  # Aiko 8:40 - 2 h; the picks end with the choice
    assert s.times[0] == 6 * 60 + 40 and s.early_picked == [[], []]


def test_an_early_arrival_tie_goes_to_whoever_played_more_of_them():
    # Seat 0: a 7:xx card minus one hour ties a 6:xx card only if the minutes match: build it.
    cards = content().cards
    timed = sorted((c.time, c.id) for c in cards.values() if c.time is not None and c.requires)
    pair = next(
        (a, b)
        for (ta, a) in timed
        for (tb, b) in timed
        if tb == ta + 60 and not {a, b} & {"princess-cake", "sachertorte", "chocolate-souffle"}
    )
    early, late = pair  # late shows exactly one hour after early
    s = table(2, {"advanced": True}, hands={0: [early, "aiko"], 1: [late, "princess-cake"]})
    choose(s, early, late, early={1: ["princess-cake"]})
    assert s.times[0] == s.times[1]
    assert s.order == [1, 0]


def test_the_time_card_is_discarded_first_and_cannot_help_fill():
    s = table(2, book=["swiss-roll", "vanilla-cannoli", "chocolate-log"])
    choose(s, "aiko", "dario")  # Aiko is red's only vanilla
    assert s.order == [1, 0]
    assert s.discards[1] == ["dario"] and "dario" not in s.hands[1]
    s.apply(1, {"type": "restock"})
    assert s.discards[0] == ["aiko"]
    assert s.covered(s.hands[0]) == ["chocolate-log"]  # nothing needing vanilla
    assert_rejected(s, 0, {"type": "fill", "recipe": "swiss-roll", "cards": ["aiko"]}, "cards-in-hand")


# ---- fill ------------------------------------------------------------------
def test_a_fill_discards_the_cards_played_and_takes_the_recipe_into_the_hand():
    s = table(2, book=["chocolate-tart", "swiss-roll", "boston-cream-pie"])
    choose(s, "aiko", "dario")
    s.apply(1, {"type": "restock"})
    play(s, 0, {"type": "fill", "recipe": "chocolate-tart", "cards": ["remy", "vicki"]})
    assert s.hands[0] == ["chocolate-tart"]
    assert s.discards[0] == ["aiko", "remy", "vicki"]
    assert s.taken[0] == ["chocolate-tart"] and "chocolate-tart" not in s.book
    assert s.describe(0, s.log[-1]["action"], NAMES).startswith("Ana filled Chocolate tart with")


def test_a_fill_must_cover_every_requirement_and_may_play_a_spare_card():
    """Rulebook: "play one or more cards" whose fillings "must cover" a recipe; a
    spare card is not forbidden (issue 26: it was refused as no-spare-card)."""
    s = table(2, book=["chocolate-tart", "swiss-roll", "boston-cream-pie"], hands={0: RED + ["chocolate-log"]})
    choose(s, "chocolate-log", "dario")
    s.apply(1, {"type": "restock"})
    assert_rejected(s, 0, {"type": "fill", "recipe": "chocolate-tart", "cards": ["vicki"]}, "cards-cover-recipe")
    assert_rejected(s, 0, {"type": "fill", "recipe": "pain-au-chocolat", "cards": ["vicki"]}, "recipe-in-book")
    assert_rejected(s, 0, {"type": "fill", "recipe": "swiss-roll", "cards": ["aiko", "aiko"]}, "cards-in-hand")
    assert_rejected(s, 0, {"type": "fill", "recipe": "swiss-roll", "cards": []}, "cards-in-hand")
    play(s, 0, {"type": "fill", "recipe": "swiss-roll", "cards": ["aiko", "vicki"]})
    assert s.taken[0][-1] == "swiss-roll" and sorted(s.discards[0]) == ["aiko", "chocolate-log", "vicki"]


def test_a_fills_cards_are_picked_one_at_a_time_then_a_covered_recipe_is_filled():
    s = table(2, book=["chocolate-tart", "swiss-roll", "boston-cream-pie"])
    choose(s, "aiko", "dario")
    s.apply(1, {"type": "restock"})
    legal = s.legal_actions(0)
    assert not [a for a in legal if a["type"] == "fill"], "no combination is listed"
    assert [a for a in legal if a["type"] == "pick"] == [{"type": "pick", "card": c} for c in ["remy", "vicki"]]
    assert_rejected(s, 0, {"type": "fill", "recipe": "chocolate-tart", "cards": ["remy", "vicki"]}, "pick-cards-first")
    s.apply(0, {"type": "pick", "card": "vicki"})
    assert not [a for a in s.legal_actions(0) if a["type"] == "fill"], "vicki alone covers nothing in the book"
    assert_rejected(s, 0, {"type": "restock"}, "cards-picked")
    assert_rejected(s, 0, {"type": "pick", "card": "vicki"}, "card-in-hand")
    assert_rejected(s, 1, {"type": "pick", "card": "clara"}, "not-your-turn")
    s.apply(0, {"type": "pick", "card": "remy"})
    legal = s.legal_actions(0)
    assert [a for a in legal if a["type"] == "fill"] == [
        {"type": "fill", "recipe": r, "cards": ["remy", "vicki"]} for r in ["chocolate-tart", "boston-cream-pie"]
    ]
    assert {"type": "unpick", "card": "remy"} in legal and {"type": "cancel"} in legal
    assert s.observation(0)["picked"] == ["remy", "vicki"] and s.observation(1)["picked"] == []
    assert "picked" not in s.observation(None)
    assert s.describe(0, {"type": "pick", "card": "remy"}, NAMES) == "Ana is choosing cards to play"
    s.apply(0, {"type": "unpick", "card": "remy"})
    assert s.picked == ["vicki"] and s.can_undo(0)
    s.apply(0, {"type": "cancel"})
    assert s.picked == [] and {"type": "restock"} in s.legal_actions(0)


def test_nothing_to_pick_when_the_hand_covers_no_recipe():
    s = table(2, book=["swiss-roll", "vanilla-cannoli", "profiteroles"])
    choose(s, "aiko", "dario")  # red keeps Remy and Vicki: no vanilla
    s.apply(1, {"type": "restock"})
    assert {a["type"] for a in s.legal_actions(0)} == {"restock"}
    assert_rejected(s, 0, {"type": "pick", "card": "vicki"}, "nothing-to-fill")


def test_the_book_is_not_refilled_during_the_day():
    s = table(2, book=["chocolate-log", "swiss-roll", "boston-cream-pie"])
    choose(s, "remy", "bruno")  # 6:41, 6:03
    play(s, 1, {"type": "fill", "recipe": "swiss-roll", "cards": ["clara"]})
    assert s.book == ["chocolate-log", "boston-cream-pie"]
    assert not any(a.get("recipe") == "swiss-roll" for a in s.legal_actions(0))
    play(s, 0, {"type": "fill", "recipe": "chocolate-log", "cards": ["vicki"]})
    assert len(s.book) == 3 and s.day == 2  # refilled at the end of the day only


# ---- restock -----------------------------------------------------------------
def test_restock_takes_the_whole_discard_pile_back():
    s = table(2, discards={0: ["chocolate-log", "swiss-roll"]})
    choose(s, "vicki", "dario")
    assert s.order == [0, 1]
    s.apply(0, {"type": "restock"})
    assert s.discards[0] == [] and s.hands[0] == sorted(["aiko", "remy", "vicki", "chocolate-log", "swiss-roll"])
    assert s.describe(0, s.log[-1]["action"], NAMES) == "Ana restocked: 3 back in hand"


def test_a_reserved_recipe_goes_on_top_of_the_deck_and_back_first_at_the_refill():
    s = table(2, book=["chocolate-log", "swiss-roll", "boston-cream-pie"])
    choose(s, "vicki", "dario")
    s.apply(0, {"type": "restock", "reserve": "chocolate-log"})
    assert "chocolate-log" not in s.book and s.reserved == ["chocolate-log"]
    assert not any(a.get("recipe") == "chocolate-log" for a in s.legal_actions(1))
    assert_rejected(s, 1, {"type": "fill", "recipe": "chocolate-log", "cards": ["dario"]}, "recipe-in-book")
    assert ", reserved Chocolate log" in s.describe(0, s.log[-1]["action"], NAMES)
    s.apply(1, {"type": "restock"})
    assert s.book[-1] == "chocolate-log" and s.reserved == [] and len(s.book) == 3


def test_restock_reserves_only_a_book_recipe():
    s = table(2, book=["chocolate-log", "swiss-roll", "boston-cream-pie"])
    choose(s, "vicki", "dario")
    assert_rejected(s, 0, {"type": "restock", "reserve": "pain-au-chocolat"}, "recipe-in-book")


# ---- abilities ---------------------------------------------------------------
def test_bonus_fill_fills_another_recipe_with_the_cards_just_played():
    s = table(2, book=["pain-au-chocolat", "blueberry-pie", "swiss-roll"])
    choose(s, "aiko", "dario")
    s.apply(1, {"type": "restock"})
    play(s, 0, {"type": "fill", "recipe": "pain-au-chocolat", "cards": ["vicki"]})
    assert s.phase == Phase.BONUS and s.actors() == [0]
    assert s.legal_actions(0) == [{"type": "bonus_fill", "recipe": "blueberry-pie"}, {"type": "skip_bonus"}]
    assert_rejected(s, 0, {"type": "bonus_fill", "recipe": "swiss-roll"}, "cards-cover-recipe")
    assert_rejected(s, 0, {"type": "bonus_fill", "recipe": "blueberry-pie", "cards": ["remy"]}, "action-fields")
    assert_rejected(s, 0, {"type": "fill", "recipe": "blueberry-pie", "cards": ["remy"]}, "wrong-phase")
    s.apply(0, {"type": "bonus_fill", "recipe": "blueberry-pie"})
    assert s.describe(0, s.log[-1]["action"], NAMES) == "Ana bonus-filled Blueberry pie"
    # Blueberry pie is a bonus fill too: the same cards may fill once more, but
    # they cover nothing left in the book, so no bonus fill is offered: the turn ends.
    assert s.taken[0] == ["pain-au-chocolat", "blueberry-pie"]
    assert s.phase == Phase.CHOOSE and s.day == 2


def test_a_bonus_fill_is_offered_only_when_the_cards_just_played_cover_a_recipe():
    """Issue 26: the bonus fill was offered (only "skip" to choose) when none was possible."""
    s = table(2, book=["pain-au-chocolat", "swiss-roll", "boston-cream-pie"])
    choose(s, "aiko", "dario")
    s.apply(1, {"type": "restock"})
    play(s, 0, {"type": "fill", "recipe": "pain-au-chocolat", "cards": ["vicki"]})
    assert s.phase != Phase.BONUS and s.taken[0] == ["pain-au-chocolat"]


def test_a_spare_card_played_with_a_bonus_fill_recipe_can_fill_the_bonus():
    """Issue 26: the bonus fill may use any filling of the cards just played, so a
    spare card played for it counts (Remy's custard, with Vicki's chocolate)."""
    s = table(2, book=["pain-au-chocolat", "chocolate-tart", "swiss-roll"])
    choose(s, "aiko", "dario")
    s.apply(1, {"type": "restock"})
    play(s, 0, {"type": "fill", "recipe": "pain-au-chocolat", "cards": ["remy", "vicki"]})
    assert s.legal_actions(0) == [{"type": "bonus_fill", "recipe": "chocolate-tart"}, {"type": "skip_bonus"}]
    s.apply(0, {"type": "bonus_fill", "recipe": "chocolate-tart"})
    assert s.taken[0] == ["pain-au-chocolat", "chocolate-tart"] and s.discards[0] == ["aiko", "remy", "vicki"]


def test_extra_restock_takes_the_discard_pile_back_without_a_reservation():
    s = table(2, book=["chocolate-cupcake", "swiss-roll", "boston-cream-pie"], discards={0: ["chocolate-log"]})
    choose(s, "aiko", "dario")
    s.apply(1, {"type": "restock"})
    play(s, 0, {"type": "fill", "recipe": "chocolate-cupcake", "cards": ["vicki"]})
    assert s.discards[0] == [] and sorted(s.hands[0]) == sorted(RED + ["chocolate-log", "chocolate-cupcake"])
    assert s.reserved == [] and s.day == 2
    assert ", then restocked: 3 back in hand" in s.describe(0, s.log[-1]["action"], NAMES)


def test_bad_batch_removes_one_card_from_hand_or_discard_pile():
    s = table(2, {"advanced": True}, book=["croquembouche", "swiss-roll", "chocolate-log"])
    choose(s, "aiko", "dario")
    s.apply(1, {"type": "restock"})
    play(s, 0, {"type": "fill", "recipe": "croquembouche", "cards": ["remy", "vicki"]})
    assert s.phase == Phase.BAD_BATCH
    legal = s.legal_actions(0)
    assert {a["card"] for a in legal} == {"aiko", "remy", "vicki", "croquembouche"}
    assert all(a["type"] == "remove" for a in legal)  # not optional
    assert_rejected(s, 0, {"type": "remove", "card": "dario"}, "your-card")
    assert s.can_undo(0)  # still this seat's turn: the fill can be taken back
    s.apply(0, {"type": "remove", "card": "aiko"})
    assert s.removed[0] == ["aiko"] and "aiko" not in s.owned(0)
    assert s.describe(0, s.log[-1]["action"], NAMES) == "Ana removed Aiko from the game"


def test_undo_takes_back_a_fill_while_its_ability_waits_but_not_a_finished_turn():
    rng = Rng(3)
    s = RellenoState(3, {"advanced": True}, 11)
    waits = finished = 0
    while not s.is_over() and (waits < 3 or finished < 3):
        seat = rng.choice(s.actors())
        before = s.to_json()
        action = rng.choice(s.legal_actions(seat))
        s.apply(seat, action)
        if action["type"] == "fill" and s.phase in (Phase.BONUS, Phase.BAD_BATCH):
            assert s.can_undo(seat)
            assert s.undone().to_json() == before
            waits += 1
        elif action["type"] in ("fill", "restock"):
            assert not s.can_undo(seat)
            finished += 1
    assert waits and finished


def test_early_arrival_does_nothing_when_claimed():
    s = table(2, {"advanced": True}, book=["princess-cake", "swiss-roll", "chocolate-log"])
    choose(s, "remy", "dario")
    play(s, 0, {"type": "fill", "recipe": "princess-cake", "cards": ["aiko", "vicki"]})
    assert s.phase == Phase.TURN and s.current() == 1


def test_a_hand_of_only_early_arrivals_reveals_one_plays_last_and_restocks():
    ea = ["princess-cake", "sachertorte"]
    s = table(2, {"advanced": True}, hands={0: ea}, discards={0: RED})
    legal = s.legal_actions(0)
    assert legal == [{"type": "time_card", "card": c, "early": []} for c in sorted(ea)]
    assert_rejected(
        s, 0, {"type": "time_card", "card": "princess-cake", "early": ["sachertorte"]}, "early-arrival-alone"
    )
    choose(s, "princess-cake", "dario")  # an early arrival alone plays last
    assert s.order == [1, 0] and s.times[0] is None
    s.apply(1, {"type": "restock"})
    assert all(a["type"] == "restock" for a in s.legal_actions(0))
    assert_rejected(s, 0, {"type": "fill", "recipe": s.book[0], "cards": ["vicki"]}, "must-restock")
    s.apply(0, {"type": "restock"})
    assert "princess-cake" in s.hands[0]


def test_an_early_arrival_is_a_time_card_only_when_the_hand_holds_nothing_else():
    s = table(2, {"advanced": True}, hands={0: RED + ["princess-cake"]})
    assert_rejected(s, 0, {"type": "time_card", "card": "princess-cake", "early": []}, "time-card-has-a-time")


def test_an_empty_hand_plays_last_and_restocks():
    s = table(2, hands={0: []}, discards={0: RED})
    assert s.actors() == [1]
    s.apply(1, {"type": "time_card", "card": "dario", "early": []})
    assert s.order == [1, 0] and s.times[0] is None


# ---- end of day, end of game ------------------------------------------------------
def test_two_days_of_everyone_restocking_put_the_book_under_the_deck():
    s = table(2)
    first_book = list(s.book)
    choose(s, "vicki", "bruno")
    s.apply(0, {"type": "restock"})
    s.apply(1, {"type": "restock"})
    assert s.book == first_book and s.all_restock_days == 1
    choose(s, "vicki", "bruno")
    s.apply(0, {"type": "restock"})
    s.apply(1, {"type": "restock"})
    assert s.under == first_book and not set(s.book) & set(first_book)
    assert s.all_restock_days == 0


def test_a_fill_breaks_the_run_of_restocking_days():
    s = table(2, book=["chocolate-log", "swiss-roll", "boston-cream-pie"])
    choose(s, "vicki", "bruno")
    s.apply(0, {"type": "restock"})
    s.apply(1, {"type": "restock"})
    choose(s, "remy", "bruno")
    play(s, 1, {"type": "fill", "recipe": "swiss-roll", "cards": ["clara"]})
    s.apply(0, {"type": "restock"})
    assert s.all_restock_days == 0 and not s.under


def _two_fills_with_a_deck_of(cards: int):
    s = table(2, book=["chocolate-log", "swiss-roll", "boston-cream-pie"])
    s.box += s.deck[:-cards]
    s.deck = s.deck[-cards:]
    choose(s, "remy", "bruno")
    play(s, 1, {"type": "fill", "recipe": "swiss-roll", "cards": ["clara"]})
    play(s, 0, {"type": "fill", "recipe": "chocolate-log", "cards": ["vicki"]})
    return s


def test_the_game_ends_when_the_deck_cannot_refill_the_book():
    s = _two_fills_with_a_deck_of(1)
    assert s.is_over() and s.actors() == [] and s.phase == Phase.OVER
    assert s.winners() == [0, 1]  # one point and four cards each: a shared win


def test_a_deck_that_just_refills_the_book_goes_on():
    s = _two_fills_with_a_deck_of(2)
    assert not s.is_over() and s.deck == [] and len(s.book) == 3


# ---- scoring -------------------------------------------------------------------------
def test_claires_example_nine_symbols_and_two_sets_make_thirteen():
    cards = content().cards
    pile = ["chocolate-tart", "chocolate-mousse-cake", "vanilla-slice", "religieuse"]  # 2+2+2+3 symbols
    s = table(2, hands={0: RED + pile[:2]}, discards={0: pile[2:]})
    kinds = sorted(k for c in pile for k in cards[c].points)
    assert len(kinds) == 9
    sets = min(kinds.count(k) for k in ("star", "coin", "trophy"))
    assert s.breakdown(0) == {"symbols": 9, "sets": sets, "total": 9 + 2 * sets}
    assert sets == 2 and s.breakdown(0)["total"] == 13


def test_ties_go_to_the_most_cards_then_are_shared():
    s = table(2, hands={0: RED + ["swiss-roll"], 1: BLUE + ["boston-cream-pie", "blueberry-pie"]})
    s.phase = Phase.OVER
    assert s.scores() == [1.0, 1.0] and s.winners() == [1]
    s.hands[1].remove("blueberry-pie")
    s.box.append("blueberry-pie")
    assert s.winners() == [0, 1]


# ---- information -----------------------------------------------------------------
def test_discard_piles_and_taken_recipes_are_public_hands_are_not():
    s = table(2, discards={1: ["swiss-roll"]})
    obs = s.observation(0)
    assert obs["discards"][1] == ["swiss-roll"] and obs["taken"][1] == ["swiss-roll"]
    assert obs["hand"] == RED and "hand" not in s.observation(None)
    assert obs["hand_sizes"] == [3, 3]
    assert "deck" not in obs and obs["deck_size"] == len(s.deck)


def test_determinize_resamples_the_deck_and_the_secret_choices_only():
    s = table(3)
    s.apply(1, {"type": "time_card", "card": "dario", "early": []})
    det = s.determinize(0, Rng(5))
    assert det.hands == s.hands and det.discards == s.discards and det.book == s.book
    assert sorted(det.deck + det.box) == sorted(s.deck + s.box)
    assert det.choices[0] is None and det.choices[2] is None and det.choices[1] is not None
    seen = {s.determinize(0, Rng(k)).choices[1]["card"] for k in range(30)}
    assert seen == set(BLUE)  # any of Bao's cards, not the true one
    assert s.determinize(1, Rng(5)).choices[1] == {"card": "dario", "early": []}


def test_actions_out_of_phase_are_refused():
    s = table(2)
    assert_rejected(s, 0, {"type": "restock"}, "wrong-phase")
    assert_rejected(s, 0, {"type": "skip_bonus"}, "wrong-phase")
    assert_rejected(s, 0, {"type": "bake"}, "action-type")


def test_the_hard_bot_plays_a_spare_card_that_pays_for_a_bonus_fill():
    """Issue 26's new play: Pain au chocolat (bonus fill) filled with Vicki and a spare
    Remy, whose custard and Vicki's chocolate then bonus-fill the Chocolate tart: two
    recipes for the cards the tart alone would take."""
    from game.engine.rng import Rng
    from game.relleno import GAME

    s = table(2, book=["pain-au-chocolat", "chocolate-tart", "swiss-roll"])
    choose(s, "aiko", "dario")
    s.apply(1, {"type": "restock"})
    bot = GAME.make_bot("hard")
    while s.current() == 0:
        s.apply(0, bot.choose(s, 0, Rng(5)))
    assert s.taken[0] == ["pain-au-chocolat", "chocolate-tart"], s.log[-4:]


def test_a_game_saved_before_cards_were_picked_one_at_a_time_still_resumes():
    """A save's log from before issue 26: whole fills, bonus fills naming cards, and a
    "no bonus fill" after a bonus that could not be made. It replays to the same game."""
    from game.engine.rng import Rng
    from game.relleno import GAME

    for seed in (3, 8):
        s, bot, old = RellenoState(3, None, seed), GAME.make_bot("easy"), []
        rng = Rng(seed)
        while not s.is_over():
            seat = s.actors()[0]
            action = bot.choose(s, seat, rng)
            played = list(s.just_played)
            s.apply(seat, action)
            if action["type"] == "bonus_fill":
                old.append({"seat": seat, "action": {**action, "cards": played}})
            elif action["type"] not in ("pick", "unpick", "cancel"):
                old.append({"seat": seat, "action": action})
            bonus = action["type"] == "fill" and content().cards[action["recipe"]].ability == "bonus_fill"
            if bonus and s.phase != Phase.BONUS:  # the old rules asked anyway
                old.append({"seat": seat, "action": {"type": "skip_bonus"}})
        assert len(old) != len(s.log)
        resumed = RellenoState.replay(3, {}, seed, old)
        assert resumed.to_json() == s.to_json(), "the same game, its log as today's rules write it"
