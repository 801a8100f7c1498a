"""Relleno bots. They see only what their seat sees: the heuristics read the
seat's own hand and the public piles; the lookahead plays on a determinization.

* "easy": greedy. Fills the recipe worth most to it now (`gain`), else
  restocks and reserves the recipe it could fill best after restocking; gives
  up as its time card the card its best fill needs least; never plays early
  arrivals.
* "hard": tries every move (time cards with any early arrivals; two cheapest
  covers per recipe) on a determinization and plays the rest of the day with
  the easy policy for every seat (rivals' hands are on the public record; a
  rival's secret time card is expected to be the easy bot's choice); keeps the
  move with the best lead in points plus what the cards promise (`worth`).
Tried and dropped (figures in assets/relleno/DESIGN.md): ISMCTS with greedy or
quick rollouts (10-30 % against easy: a second buys too few rollouts in a game
this chaotic), full-game rollouts (15 %), a two-day horizon (63 %).
"""

from __future__ import annotations

from game.engine import picking
from game.engine.bots import Bot
from game.engine.rng import Rng

from .data import content
from .filling import points
from .rules import RECIPES_PER_SEAT, Phase, RellenoState

ABILITY_WORTH = {"none": 0.0, "bonus_fill": 0.5, "extra_restock": 1.0, "bad_batch": 0.3, "early_arrival": 0.6}
PROVIDE_WORTH = 0.5  # a filling in the left column: future fills
CARD_COST = 0.15  # each card played sits on the discard pile until a restock
EARLY_WORTH = 0.006  # per hour earlier, in points: only breaks ties
TIME_CARDS_TRIED = 3
RESERVES_TRIED = 3
WIN_WORTH = 10.0  # a won game over a lost one, in points of margin
HAND_PROMISE = 0.6  # a filling in hand, at the start of the game, in points
PILE_PROMISE = 0.3  # a filling on the discard pile: a restock away


def _card(card: str):
    return content().cards[card]


def gain(state: RellenoState, seat: int, recipe: str, cards: list[str]) -> float:
    """What filling `recipe` with `cards` is worth to `seat` now."""
    owned = state.owned(seat)
    more = points(owned + [recipe])["total"] - points(owned)["total"]
    c = _card(recipe)
    return more + PROVIDE_WORTH * len(c.provides) + ABILITY_WORTH[c.ability] - CARD_COST * len(cards)


def _best_fill(state: RellenoState, seat: int, hand: list[str]) -> float:
    fills = state.fills(seat, hand)
    return max((gain(state, seat, a["recipe"], a["cards"]) for a in fills), default=-1.0)


def _keep_worth(card: str) -> float:
    c = _card(card)
    return 3.0 * len(c.points) + len(c.provides)


def _spare(state: RellenoState, seat: int, card: str) -> float:
    """How well the seat does without `card` as its time card: its best fill from
    the rest of the hand, earlier breaking ties."""
    rest = [c for c in state.hands[seat] if c != card]
    return _best_fill(state, seat, rest) - EARLY_WORTH * (_card(card).time or 0) / 60


def plans(state: RellenoState, seat: int) -> list[dict]:
    """The fills a bot weighs this turn, whole: each recipe's minimal covers from
    the hand, holding the cards already picked (a seat taken over while picking
    finishes what it began)."""
    fills = state.fills(seat, state.hands[seat])
    if not state.picked:
        return fills
    picked = set(state.picked)
    return [{**a, "cards": sorted(picked | set(a["cards"]))} for a in fills]


def greedy(state: RellenoState, seat: int):
    """The easy bot's move (deterministic: ties go to the first legal action).
    A fill is chosen whole and played a card at a time (`picking.toward`)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == Phase.CHOOSE:
        plain = [a for a in legal if not a["early"]]
        return max(plain, key=lambda a: _spare(state, seat, a["card"]))
    if state.phase == Phase.BAD_BATCH:
        return min(legal, key=lambda a: _keep_worth(a["card"]))
    if state.phase == Phase.BONUS:
        bonus = [a for a in legal if a["type"] == "bonus_fill"]
        return max(bonus, key=lambda a: gain(state, seat, a["recipe"], [])) if bonus else {"type": "skip_bonus"}
    fills = plans(state, seat) if not state.must_restock(seat) else []
    if fills:
        best = max(fills, key=lambda a: gain(state, seat, a["recipe"], a["cards"]))
        if gain(state, seat, best["recipe"], best["cards"]) > 0:
            return picking.toward(best, state.picked)
    if state.picked:
        return {"type": "cancel"}
    everything = state.hands[seat] + state.discards[seat]
    reserves = [a for a in legal if a["type"] == "restock" and "reserve" in a]
    if not reserves:
        return {"type": "restock"}

    def later(a) -> float:
        covers = [f for f in state.fills(seat, everything) if f["recipe"] == a["reserve"]]
        return max((gain(state, seat, f["recipe"], f["cards"]) for f in covers), default=-1.0)

    return max(reserves, key=later)


class GreedyBot(Bot):
    name = "easy"

    def choose(self, state: RellenoState, seat: int, rng: Rng):
        return greedy(state, seat)


def worth(state: RellenoState, seat: int) -> float:
    """Points now, plus what the cards promise while the deck lasts: fillings in
    hand are ready, those on the discard pile need a restock first."""
    left = (len(state.deck) + len(state.reserved) + len(state.under)) / (RECIPES_PER_SEAT * state.num_seats)
    ready = sum(len(_card(c).provides) for c in state.hands[seat] + state.fronts[seat])
    later = sum(len(_card(c).provides) for c in state.discards[seat])
    return points(state.owned(seat))["total"] + left * (HAND_PROMISE * ready + PILE_PROMISE * later)


def lead(state: RellenoState, seat: int) -> float:
    """The seat's worth over its best rival's; the true outcome once the game is over."""
    if state.is_over():
        winners = state.winners()
        won = WIN_WORTH / len(winners) if seat in winners else 0.0
        scores = state.scores()
        return won + scores[seat] - max(v for s, v in enumerate(scores) if s != seat)
    mine = worth(state, seat)
    return mine - max(worth(state, s) for s in range(state.num_seats) if s != seat)


class LookaheadBot(Bot):
    """Each move of a turn played out to the end of the day on a determinization."""

    name = "hard"

    def choose(self, state: RellenoState, seat: int, rng: Rng):
        legal = _candidates(state, seat)
        if not legal:  # picked cards that cover nothing it weighs: the easy way out
            return greedy(state, seat)
        if len(legal) == 1:
            return picking.toward(legal[0], state.picked)
        # Rivals' hands are on the public record and their pending choices are
        # modelled below, so only the deck order is left, which the day's end
        # does not look at: one determinization is enough.
        world = state.determinize(seat, rng)
        if state.phase == Phase.CHOOSE:
            _expect_easy_choices(world, seat)
        leads = [lead(_rest_of_day(world, seat, action), seat) for action in legal]
        return picking.toward(legal[leads.index(max(leads))], state.picked)


def _expect_easy_choices(world: RellenoState, seat: int) -> None:
    """Rivals who already chose are expected to have chosen as the easy bot would
    (their hands are on the public record), not at random."""
    for rival in range(world.num_seats):
        if rival != seat and world.choices[rival] is not None and world.hands[rival]:
            world.choices[rival] = None
            pick = greedy(world, rival)
            world.choices[rival] = {"card": pick["card"], "early": pick["early"]}


def _candidates(state: RellenoState, seat: int) -> list[dict]:
    """The legal moves worth trying, a few so that a turn stays under a second at
    six seats: the time cards the easy bot would spare best (with any early
    arrivals), each recipe's two cheapest covers, plain restock and the
    reservations of the richest recipes."""
    legal = state.legal_actions(seat)
    if state.phase == Phase.CHOOSE:
        cards = sorted({a["card"] for a in legal}, key=lambda c: -_spare(state, seat, c))[:TIME_CARDS_TRIED]
        most = max(len(a["early"]) for a in legal)
        return [a for a in legal if a["card"] in cards and len(a["early"]) in (0, 1, most)]
    if state.phase != Phase.TURN:
        return legal
    kept: dict[str, list[dict]] = {}
    for a in plans(state, seat) if not state.must_restock(seat) else []:
        kept.setdefault(a["recipe"], []).append(a)
    out = []
    for group in kept.values():
        group.sort(key=lambda a: sum(_keep_worth(c) for c in a["cards"]))
        out += group[:2]
    if state.picked:  # it began a fill: it finishes one (plans hold the picked cards)
        return out
    restocks = [{"type": "restock"}] + [{"type": "restock", "reserve": r} for r in state.book]
    reserves = restocks[1:]
    reserves.sort(key=lambda a: -_keep_worth(a["reserve"]))
    return out + restocks[:1] + reserves[:RESERVES_TRIED]


def _rest_of_day(world: RellenoState, seat: int, action) -> RellenoState:
    """The world after `action`, the easy policy playing every seat to the day's end."""
    sim = world.clone()
    for step in picking.steps_to(action, sim.picked):
        sim.apply(seat, step)
    while not sim.is_over() and sim.day == world.day:
        actor = sim.actors()[0]
        sim.apply(actor, greedy(sim, actor))
    return sim


def easy_bot() -> GreedyBot:
    return GreedyBot()


def hard_bot() -> LookaheadBot:
    return LookaheadBot()
