"""One test per rule sentence: set-up, the three actions, passing, the end, ties,
and what each seat may see."""

import pytest

from game.engine import IllegalAction
from game.wewillwokyou.data import content
from game.wewillwokyou.rules import WokState
from game.wewillwokyou.scoring import best_placement

from .helpers import find, fresh, give, move

# ---- set-up --------------------------------------------------------------------------


@pytest.mark.parametrize("seats,aside,offer", [(2, 24, 12), (3, 12, 15), (4, 0, 18)])
def test_setup_by_player_count(seats, aside, offer):
    s = WokState(seats, None, 7)
    assert len(s.aside) == aside
    assert len(s.offer) == offer
    assert s.coins == [3] * seats
    assert s.box_coins == 22 - 10 - 3 * seats  # unused coins go back in the box
    assert [len(r) for r in s.rows] == [3, 3, 2, 2]
    assert s.lines == [6, 4] and [s.price(r) for r in range(4)] == [6, 6, 4, 4]
    assert len(s.deck) == 63 - aside - 10


def test_set_aside_ingredients_and_woks_on_offer_are_visible_to_all():
    s = WokState(2, None, 3)
    for viewer in (0, 1, None):
        obs = s.observation(viewer)
        assert obs["aside"] == s.aside and obs["offer"] == s.offer and obs["rows"] == s.rows


# ---- A) take a coin ----------------------------------------------------------------------


def test_take_a_coin_makes_both_rows_of_that_line_cheaper():
    s = fresh()
    s.apply(0, {"type": "coin", "line": 1})
    assert s.coins[0] == 4 and s.lines == [6, 3]
    assert [s.price(r) for r in range(4)] == [6, 6, 3, 3]
    assert s.turn == 1  # one action a turn


def test_never_the_last_coin_of_a_line():
    s = fresh()
    s.lines, s.coins[0] = [1, 4], s.coins[0] + 5
    assert {"type": "coin", "line": 0} not in s.legal_actions(0)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "coin", "line": 0})
    assert err.value.rule == "never-the-last-coin" and s.to_json() == before


# ---- B) buy a row --------------------------------------------------------------------------


def test_buy_a_row_pays_onto_its_line_takes_the_row_and_refills_it():
    s = fresh()
    s.apply(0, {"type": "coin", "line": 1})
    s.apply(1, {"type": "coin", "line": 1})  # rows of two now cost 2
    row = list(s.rows[2])
    top = s.deck[:2]
    s.apply(0, {"type": "buy", "row": 2})
    assert s.coins[0] == 4 - 2 and s.lines[1] == 4  # the price doubled, for the next players
    assert s.hands[0] == sorted(row)
    assert s.rows[2] == sorted(top)


def test_buy_needs_the_price_in_coins():
    s = fresh()
    assert {"type": "buy", "row": 0} not in s.legal_actions(0)  # 3 coins, price 6
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "buy", "row": 0})
    assert err.value.rule == "pay-the-price"


def test_refill_is_partial_when_the_deck_runs_short():
    s = fresh()
    while len(s.deck) > 1:
        move(s, s.deck[0], s.aside)
    last = s.deck[0]
    s.coins[0] = 10
    s.apply(0, {"type": "buy", "row": 0})
    assert s.rows[0] == [last] and s.deck == []


def test_an_empty_row_cannot_be_bought():
    s = fresh()
    for c in list(s.rows[3]):
        move(s, c, s.aside)
    s.coins[0] = 10
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "buy", "row": 3})
    assert err.value.rule == "row-has-ingredients"


# ---- C) take a Wok card -----------------------------------------------------------------------


def _hand_for_wok(s, seat=0):
    """Give the seat 2 double-cookie cards' worth via a single, a double and a star."""
    cards = [
        find("broccoli", ("cookie",)),
        find("broccoli", ("cookie", "cookie")),
        find("broccoli", ("star",)),
        find("tuna", ()),
        find("carrot", ("spoon",)),
    ]
    give(s, seat, cards)
    return cards


def test_take_a_wok_with_four_identical_symbols_stars_wild():
    s = fresh()
    single, double, star, blank, spoon = _hand_for_wok(s)
    wok = s.offer[0]
    s.apply(0, {"type": "take_wok"})
    lays = {a["card"] for a in s.legal_actions(0) if a["type"] == "lay"}
    assert blank not in lays  # no symbol: cannot help
    assert {single, double, star} <= lays
    for card in (double, single, star):
        s.apply(0, {"type": "lay", "card": card})
    assert s.turn == 0  # the action is not complete until a Wok card is chosen
    s.apply(0, {"type": "choose", "wok": wok})
    assert s.woks[0] == [wok] and wok not in s.offer
    assert s.front[0] == sorted([single, double, star])  # laid cards stay in front
    assert s.hands[0] == sorted([blank, spoon])
    assert s.turn == 1


def test_laid_cards_show_exactly_four_of_one_symbol():
    s = fresh()
    single, double, star, _blank, spoon = _hand_for_wok(s)
    s.apply(0, {"type": "take_wok"})
    s.apply(0, {"type": "lay", "card": double})
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "lay", "card": spoon})  # a spoon does not match the cookies
    assert err.value.rule == "lay-towards-four-identical-symbols"
    s.apply(0, {"type": "lay", "card": single})
    s.apply(0, {"type": "lay", "card": star})
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "lay", "card": spoon})
    assert err.value.rule == "four-symbols-then-choose"


def test_a_card_showing_more_than_is_missing_cannot_be_laid():
    s = fresh()
    singles = [find("broccoli", ("cookie",)), find("broccoli", ("cookie",), exclude={find("broccoli", ("cookie",))})]
    double = [find("broccoli", ("cookie", "cookie")), find("chicken", ("cookie", "cookie"))]
    give(s, 0, singles + double)
    s.apply(0, {"type": "take_wok"})
    s.apply(0, {"type": "lay", "card": double[0]})
    s.apply(0, {"type": "lay", "card": singles[0]})
    assert [a for a in s.legal_actions(0) if a["type"] == "lay"] == [{"type": "lay", "card": singles[1]}]


def test_identical_copies_are_named_by_the_lowest_number():
    s = fresh()
    first = find("broccoli", ("cookie",))
    second = find("broccoli", ("cookie",), exclude={first})
    give(s, 0, [first, second, find("broccoli", ("cookie", "cookie"))])
    s.apply(0, {"type": "take_wok"})
    with pytest.raises(IllegalAction):
        s.apply(0, {"type": "lay", "card": second})
    s.apply(0, {"type": "lay", "card": first})


def test_cancel_gives_the_laid_cards_back():
    s = fresh()
    cards = _hand_for_wok(s)
    s.apply(0, {"type": "take_wok"})
    s.apply(0, {"type": "lay", "card": cards[1]})
    s.apply(0, {"type": "cancel"})
    assert s.hands[0] == sorted(cards) and s.pending is None and s.turn == 0


def test_laid_cards_cannot_buy_another_wok():
    s = fresh()
    single, double, star, _, _ = _hand_for_wok(s)
    s.apply(0, {"type": "take_wok"})
    for card in (double, single, star):
        s.apply(0, {"type": "lay", "card": card})
    s.apply(0, {"type": "choose", "wok": s.offer[0]})
    s.apply(1, {"type": "coin", "line": 0})
    assert {"type": "take_wok"} not in s.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "take_wok"})
    assert err.value.rule == "four-identical-symbols"


def test_laid_cards_still_score_at_the_end_but_not_on_an_alternative_wok():
    s = fresh()
    single, double, _star, _, _ = _hand_for_wok(s)
    alt = next(w["index"] for w in content().woks if w["kind"] == "alternative")
    exp = next(w["index"] for w in content().woks if w["kind"] == "experimental")
    s.woks[0] = [alt, exp]
    for w in (alt, exp):
        (s.offer if w in s.offer else s.box_woks).remove(w)
    for card in (single, double):
        s.hands[0].remove(card)
        s.front[0].append(card)
    result = best_placement(s.held(0), s.woks[0])
    placed = {w["wok"]: set(w["cards"]) for w in result["woks"]}
    assert {single, double} <= placed[exp] and not {single, double} & placed[alt]


# ---- one action; pass only when nothing is possible ------------------------------------------------


def test_pass_only_when_nothing_is_possible():
    s = fresh()
    assert {"type": "pass"} not in s.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        s.apply(0, {"type": "pass"})
    assert err.value.rule == "pass-only-when-nothing-is-possible"
    s.lines = [1, 1]
    s.box_coins += 8
    s.box_coins += s.coins[0]
    s.coins[0] = 0
    s.invariants()
    assert s.legal_actions(0) == [{"type": "pass"}]
    s.apply(0, {"type": "pass"})
    assert s.turn == 1


def test_only_the_seat_to_play_may_act():
    s = fresh()
    with pytest.raises(IllegalAction) as err:
        s.apply(1, {"type": "coin", "line": 0})
    assert err.value.rule == "not-your-turn"


# ---- the end ------------------------------------------------------------------------------------------


def _nearly_over(seats=3):
    """The deck is empty and line 1 has one row left."""
    s = fresh(seats, seed=11)
    for c in list(s.deck) + list(s.rows[3]):
        move(s, c, s.aside)
    s.lines = [2, 2]
    s.coins = [6] * seats
    s.box_coins = 22 - sum(s.lines) - 6 * seats
    s.invariants()
    return s


def test_buying_the_last_row_of_a_line_gives_everyone_one_last_action():
    s = _nearly_over(3)
    s.turn = 1
    s.apply(1, {"type": "buy", "row": 2})
    assert s.trigger == 1 and s.last_round == [2, 0, 1]
    assert not s.is_over()
    s.apply(2, {"type": "coin", "line": 0})
    s.apply(0, {"type": "buy", "row": 0})
    assert s.turn == 1  # the trigger too has one last action
    s.apply(1, {"type": "buy", "row": 1})  # empties line 0 as well: no new last round
    assert s.is_over() and s.actors() == []
    assert len(s.result) == 3


def test_the_game_goes_on_while_each_line_has_an_ingredient():
    s = _nearly_over(2)
    s.apply(0, {"type": "buy", "row": 0})  # line 0 still has row 1
    assert s.trigger is None and s.rows[0] == []
    s.apply(1, {"type": "buy", "row": 1})
    assert s.trigger == 1


def test_the_arcade_places_every_seats_cards_for_the_most_points():
    s = _nearly_over(2)
    s.apply(0, {"type": "buy", "row": 2})
    s.apply(1, {"type": "buy", "row": 0})
    s.apply(0, {"type": "coin", "line": 0})
    for seat in range(2):
        assert s.result[seat] == best_placement(s.held(seat), s.woks[seat])
    assert s.scores() == [r["score"] for r in s.result]


# ---- ties ----------------------------------------------------------------------------------------------


def _ended(scores, unused, coins):
    s = fresh(3)
    s.result = [{"score": p, "unused": list(range(u)), "woks": [], "men": []} for p, u in zip(scores, unused)]
    s.coins = coins
    return s


def test_ties_most_unused_ingredients_then_most_coins_then_shared():
    assert _ended([30, 30, 10], [1, 2, 9], [5, 0, 0]).winners() == [1]
    assert _ended([30, 30, 10], [2, 2, 9], [4, 5, 9]).winners() == [1]
    assert _ended([30, 30, 10], [2, 2, 9], [5, 5, 9]).winners() == [0, 1]


# ---- what each seat may see ----------------------------------------------------------------------------


def test_own_hand_private_others_only_what_the_table_showed():
    s = fresh()
    s.apply(0, {"type": "coin", "line": 1})
    s.apply(1, {"type": "coin", "line": 1})
    row = list(s.rows[2])
    s.apply(0, {"type": "buy", "row": 2})
    mine, theirs, spectator = s.observation(0), s.observation(1), s.observation(None)
    assert mine["hand"] == sorted(row)
    assert theirs["hand"] == [] and "hand" not in spectator
    assert theirs["seats"][0]["hand_size"] == 2
    assert theirs["seats"][0]["bought"] == sorted(row)  # it was taken face up
    assert theirs["recent"][-1] == {"seat": 0, "type": "buy", "row": 2, "cards": row, "price": 2}
    assert "deck" not in theirs and theirs["deck_size"] == len(s.deck)  # its order is hidden


def test_determinize_only_reshuffles_the_deck():
    from game.engine.rng import Rng

    s = fresh()
    d = s.determinize(1, Rng(5))
    assert sorted(d.deck) == sorted(s.deck) and d.deck != s.deck
    assert d.hands == s.hands and d.rows == s.rows
