"""End-of-game scoring: the referee for a placement, and the exact optimizer.

At the end every seat puts its ingredient cards on its red Wok cards and assigns its
Wok-Men. The arcade does this for the players: `best_placement` finds a placement
with the highest score (among those, the one leaving the most cards unused, the first
tie-break) and `score_placement` checks and scores any placement, so the optimizer's
answer can be verified rule by rule.

Why the optimizer is exact without trying every card on every wok:
* Woks scoring per card without a limit (experimental, alternative, free) take any
  card not used elsewhere at its "residual" value: the most such a wok pays for it,
  which depends only on its ingredient, blankness and whether it is still in hand.
* Every other wok only cares about ingredients: group and hard woks take d cards of
  an ingredient, a concert wok takes up to its count of one ingredient at a fixed value.
  Per ingredient, the concert places go to the cards with the lowest residual (pairing
  the best place with the lowest residual is optimal by exchange), and if group or
  hard woks take d cards, the best ones to give are the d lowest residuals (the value
  of the cards kept only grows when a kept card is swapped for a higher one).
* So the search is over how many recipes each group wok makes and how many series of
  each ingredient the hard woks take; everything else is per ingredient and sorted.
* Wok-Men assignments are enumerated in full; for the changing man every ingredient
  the seat does not hold behaves alike (it can never be fed), so one stands for all.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import NoReturn

from .data import content

BIG = 1000  # value = score * BIG + unused cards: score first, then the tie-break
NEG = float("-inf")
LINEAR = ("experimental", "alternative", "free")  # per card, no limit


@dataclass(frozen=True)
class Held:
    """A card as scoring sees it."""

    id: int
    ingredient: str
    blank: bool
    in_hand: bool  # False once laid in front of the seat to take a Wok card


class PlacementError(ValueError):
    def __init__(self, rule: str, detail: str = "") -> None:
        self.rule = rule
        super().__init__(f"{rule}: {detail}" if detail else rule)


def _fail(rule: str, detail: str = "") -> NoReturn:
    raise PlacementError(rule, detail)


def printed_types(wok: dict) -> list[str]:
    """The ingredients a group wok or concert asks for (what a changing man may replace)."""
    if wok["kind"] == "group":
        return list(wok["recipe"])
    if wok["kind"] == "concert":
        return [s["ingredient"] for s in wok["slots"]]
    return []


def man_fits(man: dict, red: dict) -> bool:
    kind = man["kind"]
    if kind == "double_man":
        return red["kind"] == "concert"
    if kind == "changing_man":
        return red["kind"] in ("group", "concert")
    return True  # the all-powerful man takes any red card


def effective(red: dict, men: list[tuple[dict, list | None]]) -> dict:
    """The red card as scored once its Wok-Men are on it: {"kind", ...params}."""
    if any(m["kind"] == "mighty_man" for m, _ in men):
        return {"kind": "independent", "points": next(m["points"] for m, _ in men if m["kind"] == "mighty_man")}
    change = {c[0]: c[1] for m, c in men if m["kind"] == "changing_man" and c is not None}
    if red["kind"] == "group":
        recipe: dict[str, int] = {}
        for ing, n in red["recipe"].items():
            recipe[change.get(ing, ing)] = recipe.get(change.get(ing, ing), 0) + n
        return {"kind": "group", "recipe": recipe, "points": red["points"]}
    if red["kind"] == "concert":
        points = [s["points"] for s in red["slots"]]
        if sum(m["kind"] == "double_man" for m, _ in men) % 2:
            points.reverse()  # the double-wok man swaps the two woks' values
        return {
            "kind": "concert",
            "slots": [
                [change.get(s["ingredient"], s["ingredient"]), s["count"], p] for s, p in zip(red["slots"], points)
            ],
        }
    return {k: red[k] for k in ("kind", "points", "series") if red.get(k) is not None}


def card_value(card: Held, eff: dict) -> int:
    """What one card scores on an unlimited per-card wok (0 where it may not go)."""
    kind = eff["kind"]
    if kind == "experimental":
        return eff["points"]
    if kind == "alternative":
        return eff["points"] if card.in_hand else 0
    if kind == "free":
        return eff["points"] if card.blank else 0
    return 0


def concert_places(eff: dict, ingredient: str) -> list[int]:
    """The values of a concert's places for one ingredient, best first."""
    return sorted((p for ing, n, p in eff["slots"] if ing == ingredient for _ in range(n)), reverse=True)


def _split(woks: list[int]) -> tuple[list[dict], list[dict]]:
    table = content().woks
    reds = [table[w] for w in woks if table[w]["kind"] not in ("double_man", "mighty_man", "changing_man")]
    blues = [table[w] for w in woks if table[w]["kind"] in ("double_man", "mighty_man", "changing_man")]
    return reds, blues


# ---- the referee -----------------------------------------------------------------


def _check_men(reds: list[dict], blues: list[dict], men_plan: list[dict]) -> dict[int, list]:
    """Men per red card index, checked: each man on a fitting red card if there is one."""
    red_ids = {r["index"] for r in reds}
    plans = {m["man"]: m for m in men_plan}
    if set(plans) != {b["index"] for b in blues}:
        _fail("assign-every-man", "the plan must say where each Wok-Man goes")
    on: dict[int, list] = {r: [] for r in red_ids}
    for man in blues:
        plan = plans[man["index"]]
        target, change = plan.get("wok"), plan.get("change")
        if target is None:
            if any(man_fits(man, r) for r in reds):
                _fail("wok-man-must-be-assigned", f"{man['id']} has a red card it fits")
            continue
        if target not in red_ids:
            _fail("wok-man-on-own-red-card", f"{man['id']} on {target}")
        red = content().woks[target]
        if not man_fits(man, red):
            _fail(f"{man['kind'].replace('_', '-')}-fits", f"{man['id']} cannot go on {red['id']}")
        if man["kind"] == "changing_man":
            ingredients = content().ingredients
            if change is None or not (
                isinstance(change, list)
                and len(change) == 2
                and change[0] in printed_types(red)
                and change[1] in ingredients
                and change[1] != change[0]
            ):
                _fail("changing-man-replaces-a-printed-type", f"{change!r} on {red['id']}")
            if any(c and c[0] == change[0] for _, c in on[target]):
                _fail("changing-men-replace-different-types", red["id"])
        elif change is not None:
            _fail("only-changing-man-changes", man["id"])
        on[target].append((man, change))
    return on


def _wok_points(eff: dict, cards: list[Held], name: str) -> int:
    kind = eff["kind"]
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.ingredient] = counts.get(c.ingredient, 0) + 1
    if kind == "independent":
        if cards:
            _fail("lidded-wok-takes-nothing", name)
        return eff["points"]
    if kind == "group":
        recipe = eff["recipe"]
        if not cards:
            return 0
        first = next(iter(recipe))
        k = counts.get(first, 0) // recipe[first]
        if set(counts) - set(recipe) or any(counts.get(i, 0) != k * n for i, n in recipe.items()):
            _fail("group-wok-whole-recipes", name)
        return k * eff["points"]
    if kind == "hard":
        if any(n % eff["series"] for n in counts.values()):
            _fail("hard-wok-whole-series", f"{name}: series of {eff['series']} identical")
        return sum(n // eff["series"] for n in counts.values()) * eff["points"]
    if kind == "concert":
        total = 0
        for ing, n in counts.items():
            places = concert_places(eff, ing)
            if n > len(places):
                _fail("concert-named-ingredients-up-to-its-count", f"{name}: {n} {ing}")
            total += sum(places[:n])  # each card in the better of the two woks with room
        return total
    if kind == "alternative" and not all(c.in_hand for c in cards):
        _fail("alternative-wok-hand-cards-only", name)
    if kind == "free" and not all(c.blank for c in cards):
        _fail("free-wok-blank-cards-only", name)
    return sum(card_value(c, eff) for c in cards)


def score_placement(held: list[Held], woks: list[int], plan: dict) -> dict:
    """Check a placement {"woks": [{"wok", "cards"}], "men": [{"man", "wok", "change"}]}
    and score it: {"score", "points": {wok index: points}, "unused": n}."""
    reds, blues = _split(woks)
    on = _check_men(reds, blues, plan.get("men", []))
    by_id = {c.id: c for c in held}
    cards_on: dict[int, list[Held]] = {r["index"]: [] for r in reds}
    used: set[int] = set()
    for entry in plan.get("woks", []):
        if entry["wok"] not in cards_on:
            _fail("own-red-wok-only", str(entry["wok"]))
        for cid in entry["cards"]:
            if cid not in by_id or cid in used:
                _fail("each-card-on-one-wok-at-most", str(cid))
            used.add(cid)
            cards_on[entry["wok"]].append(by_id[cid])
    points = {r["index"]: _wok_points(effective(r, on[r["index"]]), cards_on[r["index"]], r["id"]) for r in reds}
    return {"score": sum(points.values()), "points": points, "unused": len(held) - len(used)}


# ---- the optimizer ---------------------------------------------------------------


def man_options(man: dict, reds: list[dict], targets: list[str]) -> list[tuple]:
    """Every (red card index, change) a Wok-Man may take; [(None, None)] if none fits."""
    options: list[tuple] = []
    for red in reds:
        if not man_fits(man, red):
            continue
        if man["kind"] == "changing_man":
            options += [(red["index"], (f, t)) for f in printed_types(red) for t in targets if t != f]
        else:
            options.append((red["index"], None))
    return options or [(None, None)]


def _assignments(reds: list[dict], blues: list[dict], held: list[Held]):
    """Every legal assignment of the seat's Wok-Men, as {red index: [(man, change)]}."""
    have = {c.ingredient for c in held}
    targets = [i for i in content().ingredients if i in have]
    targets += [i for i in content().ingredients if i not in have][:1]
    choices = [man_options(m, reds, targets) for m in blues]
    for combo in itertools.product(*choices):
        on: dict[int, list] = {r["index"]: [] for r in reds}
        ok = True
        for man, (target, change) in zip(blues, combo):
            if target is None:
                continue
            if change and any(c and c[0] == change[0] for _, c in on[target]):
                ok = False
                break
            on[target].append((man, list(change) if change else None))
        if ok:
            yield on


def _hard_table(n: int, best: dict[int, int]) -> list[float]:
    """Best hard-wok value (x BIG) using exactly h cards of one ingredient, h = 0..n."""
    table = [0.0] + [NEG] * n
    for h in range(1, n + 1):
        for size, pts in best.items():
            if h >= size and table[h - size] > NEG:
                table[h] = max(table[h], table[h - size] + pts * BIG)
    return table


class _Evaluation:
    """The best value of one seat's cards on one set of effective woks."""

    def __init__(self, held: list[Held], effs: list[tuple[int, dict]]) -> None:
        self.const = sum(e["points"] for _, e in effs if e["kind"] == "independent")
        linear = [(i, e) for i, e in effs if e["kind"] in LINEAR]
        concerts = [(i, e) for i, e in effs if e["kind"] == "concert"]
        self.groups = [(i, e) for i, e in effs if e["kind"] == "group"]
        self.hard: dict[int, tuple[int, int]] = {}  # series size -> (points, wok index)
        for i, e in effs:
            if e["kind"] == "hard" and e["points"] > self.hard.get(e["series"], (-1, -1))[0]:
                self.hard[e["series"]] = (e["points"], i)
        # ing -> [(value, unlimited wok or None, card)], best first
        self.cards: dict[str, list[tuple[int, int | None, Held]]] = {}
        for c in held:
            r, w = max(((card_value(c, e), i) for i, e in linear), default=(0, None))
            v = r * BIG if r > 0 else 1  # an unplaced card is worth 1: the unused tie-break
            self.cards.setdefault(c.ingredient, []).append((v, w if r > 0 else None, c))
        self.places: dict[str, list[tuple[int, int]]] = {}  # ing -> [(value, concert)], best first
        self.best_for: dict[str, list[tuple[float, int]]] = {}
        for ing, cards in self.cards.items():
            cards.sort(key=lambda t: (-t[0], t[2].id))
            self.places[ing] = sorted(
                ((p * BIG, i) for i, e in concerts for p in concert_places(e, ing) if p > 0), reverse=True
            )
            kept = [self._kept_value(ing, k) for k in range(len(cards) + 1)]
            n = len(cards)
            hard = _hard_table(n, {s: p for s, (p, _) in self.hard.items()})
            # best_for[ing][g]: best (value, hard cards) when group woks take g of these cards
            self.best_for[ing] = [
                max((hard[h] + kept[n - g - h], h) for h in range(n - g + 1) if hard[h] > NEG) for g in range(n + 1)
            ]
        self.value, self.recipes = self._search()

    def _pairs(self, ing: str, k: int) -> list[tuple[int, int]]:
        """(card position in the best-first list, concert) for the k best cards kept:
        the best concert places go to the lowest of them while that gains."""
        places, pairs = self.places[ing], []
        for j, pos in enumerate(range(k - 1, -1, -1)):
            if j >= len(places) or places[j][0] <= self.cards[ing][pos][0]:
                break
            pairs.append((pos, places[j][1]))
        return pairs

    def _kept_value(self, ing: str, k: int) -> int:
        cards = self.cards[ing]
        value = sum(v for v, _, _ in cards[:k])
        for j, (pos, _) in enumerate(self._pairs(ing, k)):
            value += self.places[ing][j][0] - cards[pos][0]
        return value

    def _search(self) -> tuple[float, list[int]]:
        counts = {ing: len(c) for ing, c in self.cards.items()}
        base = self.const * BIG
        best: list = [NEG, []]

        def leaf(demand: dict[str, int], points: int, ks: list[int]) -> None:
            total = base + points * BIG
            for ing, table in self.best_for.items():
                total += table[demand.get(ing, 0)][0]
            if total > best[0]:
                best[0], best[1] = total, list(ks)

        def dfs(g: int, demand: dict[str, int], points: int, ks: list[int]) -> None:
            if g == len(self.groups):
                leaf(demand, points, ks)
                return
            recipe = self.groups[g][1]["recipe"]
            room = min((counts.get(i, 0) - demand.get(i, 0)) // n for i, n in recipe.items())
            for k in range(room, -1, -1):
                more = dict(demand)
                for i, n in recipe.items():
                    more[i] = more.get(i, 0) + k * n
                dfs(g + 1, more, points + k * self.groups[g][1]["points"], ks + [k])

        dfs(0, {}, 0, [])
        return best[0], best[1]

    def placement(self) -> tuple[dict[int, list[int]], list[int]]:
        """Cards per red wok index and the unused cards, for the best value found."""
        on: dict[int, list[int]] = {}
        unused: list[int] = []
        need: dict[str, list[tuple[int, int]]] = {}  # ing -> [(wok, cards)] for the groups
        for (i, e), k in zip(self.groups, self.recipes):
            for ing, n in e["recipe"].items():
                need.setdefault(ing, []).append((i, n * k))
        for ing, cards in self.cards.items():
            n = len(cards)
            g = sum(k for _, k in need.get(ing, []))
            h = self.best_for[ing][g][1]
            kept = n - g - h
            concert = dict(self._pairs(ing, kept))
            for pos, (_, wok, c) in enumerate(cards[:kept]):
                wok = concert.get(pos, wok)
                if wok is None:
                    unused.append(c.id)
                else:
                    on.setdefault(wok, []).append(c.id)
            given = [c.id for _, _, c in cards[kept:]]  # the lowest: to group and hard woks
            for wok, k in need.get(ing, []) + [(self.hard[s][1], s) for s in self._series_sizes(h)]:
                on.setdefault(wok, []).extend(given[:k])
                given = given[k:]
        return on, sorted(unused)

    def _series_sizes(self, h: int) -> list[int]:
        """The series (sizes) making the best hard value with h cards."""
        table = _hard_table(h, {s: p for s, (p, _) in self.hard.items()})
        sizes = []
        while h:
            size = next(s for s, (p, _) in self.hard.items() if h >= s and table[h - s] + p * BIG == table[h])
            sizes.append(size)
            h -= size
        return sizes


def _eff_key(effs: list[tuple[int, dict]]) -> str:
    return repr(effs)


def best_placement(held: list[Held], woks: list[int]) -> dict:
    """The highest-scoring placement of `held` on the Wok cards `woks` (indices), with
    the most cards left unused among equals. JSON: {"score", "unused": [ids],
    "woks": [{"wok", "cards", "points"}], "men": [{"man", "wok", "change"}]}."""
    reds, blues = _split(woks)
    best: tuple | None = None
    seen: dict[str, _Evaluation] = {}
    for on in _assignments(reds, blues, held):
        effs = [(r["index"], effective(r, on[r["index"]])) for r in reds]
        key = _eff_key(effs)
        if key not in seen:
            seen[key] = _Evaluation(held, effs)
        ev = seen[key]
        if best is None or ev.value > best[0].value:
            best = (ev, on)
    if best is None:
        raise ValueError("no placement at all")  # _assignments always gives one
    ev, on = best
    cards_on, unused = ev.placement()
    men = [{"man": m["index"], "wok": None, "change": None} for m in blues]
    for red_index, placed in on.items():
        for man, change in placed:
            slot = next(x for x in men if x["man"] == man["index"] and x["wok"] is None)
            slot["wok"], slot["change"] = red_index, change
    plan = {"woks": [{"wok": r["index"], "cards": sorted(cards_on.get(r["index"], []))} for r in reds], "men": men}
    checked = score_placement(held, woks, plan)
    for entry in plan["woks"]:
        entry["points"] = checked["points"][entry["wok"]]
    plan["score"], plan["unused"] = checked["score"], unused
    assert checked["score"] * BIG + len(unused) == ev.value, "optimizer and referee disagree"
    return plan


def best_score(held: list[Held], woks: list[int]) -> int:
    """Just the best score (used by bots), without building the placement."""
    reds, blues = _split(woks)
    best = NEG
    seen: set[str] = set()
    for on in _assignments(reds, blues, held):
        effs = [(r["index"], effective(r, on[r["index"]])) for r in reds]
        key = _eff_key(effs)
        if key not in seen:
            seen.add(key)
            best = max(best, _Evaluation(held, effs).value)
    return int(best // BIG)
