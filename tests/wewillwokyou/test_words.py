"""What a seat did, in words: the history, the last-move line and the phones read these."""

from game.wewillwokyou.rules import WokState

NAMES = ["Ana", "Bao"]


def test_a_purchase_says_row_price_and_cards():
    s = WokState(2, None, 4)
    seat = s.turn
    s.coins[seat] += 7
    s.box_coins -= 7
    row = next(a["row"] for a in s.legal_actions(seat) if a["type"] == "buy")
    price, cards = s.price(row), list(s.rows[row])
    s.apply(seat, {"type": "buy", "row": row})
    text = s.describe(seat, {"type": "buy", "row": row}, NAMES)
    assert text.startswith(NAMES[seat] + " bought row " + "ABCD"[row])
    assert f"for {price}" in text
    counted = [int(part.split()[0]) for part in text.split(": ")[1].split(", ")]  # "2 Tuna, 1 Octopus"
    assert sum(counted) == len(cards)


def test_a_coin_names_its_line():
    s = WokState(2, None, 4)
    seat = s.turn
    s.apply(seat, {"type": "coin", "line": 1})
    assert s.describe(seat, {"type": "coin", "line": 1}, NAMES) == f"{NAMES[seat]} took a coin from line 2"
