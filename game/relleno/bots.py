"""Relleno bots. They see only what their seat sees: the heuristics read the
seat's own hand and the public piles; the lookahead plays on a determinization.

* "easy": greedy. Fills the recipe worth most to it now (`gain`), else
  restocks and reserves the recipe it could fill best after restocking; gives
  up as its time card the card its best fill needs least; never plays early
  arrivals.
* "hard": tries every move (time cards with any early arrivals; two cheapest
  covers per recipe; a bonus-fill recipe filled with spare cards that pay for
  the bonus fill of another) on a determinization and plays the rest of the day with
  the easy policy for every seat (rivals' hands are on the public record; a
  rival's secret time card is expected to be the easy bot's choice); keeps the
  move with the best lead in points plus what the cards promise (`worth`).
Tried and dropped (figures in assets/relleno/DESIGN.md): ISMCTS with greedy or
quick rollouts (10-30 % against easy: a second buys too few rollouts in a game
this chaotic), full-game rollouts (15 %), a two-day horizon (63 %).
"""

from __future__ import annotations

from functools import lru_cache

from game.engine import picking
from game.engine.bots import Bot
from game.engine.rng import Rng

from .data import content
from .filling import covers, minimal_covers, points
from .rules import RECIPES_PER_SEAT, Phase, RellenoState

ABILITY_WORTH = {"none": 0.0, "bonus_fill": 0.5, "extra_restock": 1.0, "bad_batch": 0.3, "early_arrival": 0.6}
PROVIDE_WORTH = 0.5  # a filling in the left column: future fills
CARD_COST = 0.15  # each card played sits on the discard pile until a restock
EARLY_WORTH = 0.006  # per hour earlier, in points: only breaks ties
TIME_CARDS_TRIED = 3
RESERVES_TRIED = 3
COMBOS_TRIED = 2  # fills with spare cards for a bonus fill, per bonus-fill recipe
WIN_WORTH = 10.0  # a won game over a lost one, in points of margin
HAND_PROMISE = 0.6  # a filling in hand, at the start of the game, in points
PILE_PROMISE = 0.3  # a filling on the discard pile: a restock away


def _card(card: str):
    return content().cards[card]


@lru_cache(maxsize=1 << 14)
def _total(cards: tuple[str, ...]) -> int:
    """Points of a pile, remembered: a bot weighs every fill against the same pile."""
    return points(cards)["total"]


def gain(state: RellenoState, seat: int, recipe: str, cards: list[str]) -> float:
    """What filling `recipe` with `cards` is worth to `seat` now."""
    owned = tuple(sorted(state.owned(seat)))
    more = _total(tuple(sorted(owned + (recipe,)))) - _total(owned)
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
    the hand. Once cards are picked, only those holding them (the bot's own plan,
    so each further step weighs a few moves, not all); picked by someone else (a
    seat taken over), every cover plus the picked cards, as spare ones."""
    fills = state.fills(seat, state.hands[seat])
    if not state.picked:
        return fills
    picked = set(state.picked)
    return picking.holding(fills, state.picked) or [{**a, "cards": sorted(picked | set(a["cards"]))} for a in fills]


def _picking(state: RellenoState, seat: int, plan: dict) -> tuple[list[str], str]:
    """The cards picked toward the whole move `plan` so far, and its field that
    names them: a time card's early arrivals, a fill's cards."""
    return (state.early_picked[seat], "early") if plan["type"] == "time_card" else (state.picked, "cards")


def toward(state: RellenoState, seat: int, plan: dict) -> dict:
    """The next step toward the whole move `plan` (game/engine/picking.py)."""
    return picking.toward(plan, *_picking(state, seat, plan))


def steps_to(state: RellenoState, seat: int, plan: dict) -> list[dict]:
    """Every step of the whole move `plan`, `plan` last."""
    return picking.steps_to(plan, *_picking(state, seat, plan))


def greedy(state: RellenoState, seat: int):
    """The easy bot's next step (deterministic: ties go to the first legal action):
    a fill is chosen whole (`greedy_move`) and played a card at a time."""
    return toward(state, seat, greedy_move(state, seat))


def greedy_move(state: RellenoState, seat: int):
    """The easy bot's whole move: a fill with all its cards, a restock, a time card..."""
    if state.phase == Phase.CHOOSE:
        plain = [a for a in state.time_choices(seat) if not a["early"]]
        return max(plain, key=lambda a: _spare(state, seat, a["card"]))
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == Phase.BAD_BATCH:
        return min(legal, key=lambda a: _keep_worth(a["card"]))
    if state.phase == Phase.BONUS:
        bonus = [a for a in legal if a["type"] == "bonus_fill"]
        return max(bonus, key=lambda a: gain(state, seat, a["recipe"], [])) if bonus else {"type": "skip_bonus"}
    fills = plans(state, seat) if not state.must_restock(seat) else []
    if fills:
        best = max(fills, key=lambda a: gain(state, seat, a["recipe"], a["cards"]))
        if gain(state, seat, best["recipe"], best["cards"]) > 0:
            return best
    if state.picked:  # picked by someone else (a seat taken over), worth nothing: put back
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
            return toward(state, seat, legal[0])
        # Rivals' hands are on the public record and their pending choices are
        # modelled below, so only the deck order is left, which the day's end
        # does not look at: one determinization is enough.
        world = state.determinize(seat, rng)
        if state.phase == Phase.CHOOSE:
            _expect_easy_choices(world, seat)
        leads = [lead(_rest_of_day(world, seat, action), seat) for action in legal]
        return toward(state, seat, legal[leads.index(max(leads))])


def _expect_easy_choices(world: RellenoState, seat: int) -> None:
    """Rivals who already chose are expected to have chosen as the easy bot would
    (their hands are on the public record), not at random."""
    for rival in range(world.num_seats):
        if rival != seat and world.choices[rival] is not None and world.hands[rival]:
            world.choices[rival] = None
            pick = greedy_move(world, rival)
            world.choices[rival] = {"card": pick["card"], "early": pick["early"]}


def _candidates(state: RellenoState, seat: int) -> list[dict]:
    """The legal moves worth trying, a few so that a turn stays under a second at
    six seats: the time cards the easy bot would spare best (with any early
    arrivals), each recipe's two cheapest covers, plain restock and the
    reservations of the richest recipes."""
    if state.phase == Phase.CHOOSE:  # the early arrivals picked so far, kept to
        every = state.time_choices(seat)
        choices = picking.holding(every, state.early_picked[seat], key="early") or every
        cards = sorted({a["card"] for a in choices}, key=lambda c: -_spare(state, seat, c))[:TIME_CARDS_TRIED]
        most = max(len(a["early"]) for a in choices)
        fewest = min(len(a["early"]) for a in choices)
        return [a for a in choices if a["card"] in cards and len(a["early"]) in (fewest, fewest + 1, most)]
    legal = state.legal_actions(seat)
    if state.phase != Phase.TURN:
        return legal
    kept: dict[str, list[dict]] = {}
    for a in plans(state, seat) if not state.must_restock(seat) else []:
        kept.setdefault(a["recipe"], []).append(a)
    out = []
    for group in kept.values():
        group.sort(key=lambda a: sum(_keep_worth(c) for c in a["cards"]))
        out += group[:2]
    combos = _bonus_combos(state, seat)
    if state.picked:  # it began a fill: it finishes one (its plans hold the picked cards)
        return out + picking.holding(combos, state.picked)
    out += combos
    restocks = [{"type": "restock"}] + [{"type": "restock", "reserve": r} for r in state.book]
    reserves = restocks[1:]
    reserves.sort(key=lambda a: -_keep_worth(a["reserve"]))
    return out + restocks[:1] + reserves[:RESERVES_TRIED]


def _bonus_combos(state: RellenoState, seat: int) -> list[dict]:
    """Fills of a bonus-fill recipe with spare cards that pay for the bonus fill of
    another book recipe (issue 26; the rollout then takes the bonus fill): for each
    bonus-fill recipe, its cheapest cover plus the cheapest cover of another recipe,
    the two cheapest such pairs (a few more moves to weigh, not a combinatorial list)."""
    hand = state.hands[seat]
    by_recipe: dict[str, list[dict]] = {}
    for a in state.fills(seat, hand):
        if _card(a["recipe"]).ability == "bonus_fill":
            by_recipe.setdefault(a["recipe"], []).append(a)
    out = []
    for recipe, group in by_recipe.items():
        first = min(group, key=lambda a: _cost(a["cards"]))["cards"]
        unions: set[tuple[str, ...]] = set()
        for other in state.book:
            if other != recipe and not covers(first, _card(other).requires):
                unions |= {tuple(sorted(set(first) | set(c))) for c in minimal_covers(hand, _card(other).requires)}
        cheapest = sorted(unions, key=lambda cs: (len(cs), _cost(cs), cs))[:COMBOS_TRIED]
        out += [{"type": "fill", "recipe": recipe, "cards": list(cs)} for cs in cheapest]
    return out


def _cost(cards) -> float:
    """What playing `cards` gives up: the worth of keeping them."""
    return sum(_keep_worth(c) for c in cards)


def _rest_of_day(world: RellenoState, seat: int, action) -> RellenoState:
    """The world after `action`, the easy policy playing every seat to the day's end
    (on a copy of its own: no log copied, no snapshot taken for a refusal that would
    end the search)."""
    sim = world.unlogged_clone()
    for step in steps_to(sim, seat, action):
        sim.apply(seat, step, scratch=True)
    while not sim.is_over() and sim.day == world.day:
        actor = sim.actors()[0]
        for step in steps_to(sim, actor, greedy_move(sim, actor)):  # one thought per move
            sim.apply(actor, step, scratch=True)
    return sim


def easy_bot() -> GreedyBot:
    return GreedyBot()


def hard_bot() -> LookaheadBot:
    return LookaheadBot()
