"""Yatai on a phone: the 2×3 grid drawn as tiles with arrows around it and the
free tiles beside it (slide one in: touch a free tile, then an arrow; act on
the line: touch its tile), your stall in words (queue, stove, fridge, crate, menu, sink,
reviews, seated guests, tokens, points), the free tiles and the line that runs,
the guests still to place; every legal action a button worded by the rules'
labels (words.py), grouped by what it is about. Nothing in Yatai is private,
so this is for the player holding the phone, not for secrecy.

Everything here reads the seat's observation only.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.engine.phone import control as drawn_control
from game.engine.phone import item
from game.i18n import _

from . import words
from .data import content
from .grid import ARROWS
from .pictures import BONUS_ICONS
from .rules import BIG, CRATE, QUEUE, ROUNDS, SMALL, line_tiles

LINE_ACTIONS = ("customers", "cook", "drinks", "recycle", "serve")


def group(a: dict, obs: dict, seat: int, names: list[str]) -> str:
    kind = a["type"]
    if kind == "insert":
        return _("Slide {tile} in:").format(tile=words.tile(a["tile"]))
    if kind in LINE_ACTIONS and "slot" in a:  # the line's tile it comes from
        return words.tile(line_tiles(obs["grid"], obs["line"])[a["slot"]]).capitalize()
    if kind in ("guest", "replace"):
        return _("Send {guest} to a queue").format(guest=words.guest(obs["pending"][0]["guests"][a["guest"]]))
    if kind == "board" or (kind == "use" and a["token"] == "doggy_bag"):
        return _("Seat the guest on your board")
    if kind == "use":
        return _("Special tokens")
    if kind in ("end", "stop") and obs["phase"] != "extra":
        return ""
    return words.choice_prompt(obs) or ""


def panels(obs: dict, seat: int, names: list[str]) -> list[dict[str, Any]]:
    chef = obs["chefs"][seat]
    out: list[dict[str, Any]] = []
    if obs["result"]:
        totals = [f"{names[s]}: {r['total']}" for s, r in enumerate(obs["result"])]
        out.append({"title": _("Scores"), "items": totals})
    out += _board(obs, names)
    if obs["pending"] and obs["pending"][0]["kind"] == "board" and obs["turn"] == seat:
        out.append(_reputation(chef, obs["pending"][0]["guest"]))
    influencer = _("influencer {n}/{total}").format(n=chef["influencer"], total=len(content().stars))
    points = _("Your points: {n}").format(n=chef["points"])
    out.append({"title": f"{points} · {influencer}", "kind": "cards", "items": _stall(chef)})
    return out


def _board(obs: dict, names: list[str]) -> list[dict]:
    """The round, the grid with its arrows (this turn's line lit, its done tiles ticked),
    the free tiles, the guests to place and the queues they may go to."""
    if obs["phase"] in ("menu", "bottle"):
        head = _("Setting up")
    elif obs["round"] > ROUNDS:
        head = _("Extra turn")
    else:
        head = _("Round {n} of {total}").format(n=obs["round"], total=ROUNDS)
    free = _("Free tiles")
    line = line_tiles(obs["grid"], obs["line"]) if obs["phase"] == "actions" and obs["line"] is not None else []
    done = {line[i] for i in obs["done"]} if line else set()
    grid: list[dict | None] = [None] + [_arrow(a) for a, (kind, _i) in enumerate(ARROWS) if kind == "col"]
    for r, row in enumerate(obs["grid"]):
        grid += [_arrow(next(a for a, (kind, i) in enumerate(ARROWS) if kind == "row" and i == r))]
        grid += [_tile(f"grid:{t}", t, t in line, t in done) for t in row]
    out: list[dict[str, Any]] = [
        {"title": head, "kind": "grid", "cols": 4, "items": grid},
        {"title": free, "kind": "cards", "items": [_tile(f"free:{t}", t) for t in obs["free"]]},
    ]
    if obs["pending"] and obs["pending"][0]["kind"] == "guest":
        guests = [item(f"guest:{i}", words.guest(g), _guest_pic(g)) for i, g in enumerate(obs["pending"][0]["guests"])]
        out.append({"title": _("Guests to place"), "kind": "cards", "items": guests})
        queues = [_queue(f"queue:{s}", names[s], c["queue"]) for s, c in enumerate(obs["chefs"])]
        out.append({"title": _("Queue"), "kind": "cards", "items": queues})
    return out


def _reputation(chef: dict, guest: str) -> dict:
    """The seat's reputation board as a grid, drawn as the TV draws it (a seated guest,
    else the space's bonus; a red edge); the guest to seat is placed by touching a space."""
    data = content()
    cells = []
    for i, (space, seated) in enumerate(zip(data.spaces, chef["board"])):
        head, effect, red = words.legend(i)
        edge = "#d9534f" if space["red"] else ""
        if seated is not None:
            cells.append(item(f"space:{i}", f"{words.guest(seated)}: {head}", _guest_pic(seated), "", [], edge))
            continue
        pic = BONUS_ICONS.get(space["bonus"], "")  # (a second guest: "×2", as on the TV)
        cells.append(
            item(f"space:{i}", ". ".join(x for x in (head, effect, red) if x), pic, "" if pic else "×2", [], edge)
        )
    title = _("Seat the guest on your board") + f": {words.guest(guest)}"
    return {"title": title, "kind": "grid", "cols": data.cols, "items": cells}


def _guest_pic(kind: str) -> str:
    return "yatai.tourist" if kind == "tourist" else f"yatai.customer.{kind}"


def _queue(key: str, title: str, queue: list[str]) -> dict:
    alt = _filled(title, len(queue), QUEUE, [words.guest(g) for g in queue])
    return item(key, alt, "", title, [f"{len(queue)}/{QUEUE}"], "", [_guest_pic(g) for g in queue])


def _tile(key: str, number: int, in_line: bool = False, done: bool = False) -> dict:
    t = content().tiles[number]
    alt = words.tile(number) + (" ✓" if done else "")
    shown = item(key, alt, words.TILE_ICONS[t["action"]], "", [], "#f2b441" if in_line else "")
    shown["text"] = "✓" if done else str(t.get("count", "")) if t["action"] not in ("recycle",) else ""
    return shown


def _arrow(arrow: int) -> dict:
    kind, index = ARROWS[arrow]
    alt = (
        _("Column {n}, from the top").format(n=index + 1)
        if kind == "col"
        else _("Row {n}, from the left").format(n=index + 1)
    )
    return item(f"arrow:{arrow}", alt, "", "↓" if kind == "col" else "→")


def path(a: dict, obs: dict, seat: int, names: list[str]) -> list[str]:
    kind = a["type"]
    if kind == "insert":
        return [f"free:{a['tile']}", f"arrow:{a['arrow']}"]
    if kind in LINE_ACTIONS and "slot" in a and obs["line"] is not None:
        return [f"grid:{line_tiles(obs['grid'], obs['line'])[a['slot']]}"]
    if kind in ("guest", "replace"):  # the guest, then the queue (a tourist's replace: the tray says whom)
        return [f"guest:{a['guest']}", f"queue:{a['seat']}"]
    if kind == "board" and obs["turn"] == seat:  # a space of the drawn board (`_reputation`)
        return [f"space:{a['space']}"]
    return []


def _stall(chef: dict) -> list:
    """The stall part by part, each a card with what it holds (and how full it is);
    the rest as short lines."""
    stove = BIG if chef["stove_up"] else SMALL
    fridge = BIG if chef["fridge_up"] else SMALL
    seated = Counter(g for g in chef["board"] if g is not None)
    reviews = [f"{_(words.REVIEWS[t]).capitalize()} {f'{v:+d}' if v else '0'}" for t, v in chef["reviews"].items()]
    dishes = [words.dish(c) for c in chef["dishes"]]
    drinks = [words.drinks([c]) for c in chef["fridge"]]
    places = [  # the places, with how full they are
        ("queue", _("Queue"), QUEUE, [words.guest(g) for g in chef["queue"]], [_guest_pic(g) for g in chef["queue"]]),
        ("stove", _("Stove"), stove, dishes, [f"yatai.{content().dishes[c]}" for c in chef["dishes"]]),
        ("fridge", _("Fridge"), fridge, drinks, ["yatai.drink"] * len(chef["fridge"])),
        ("crate", _("Crate"), CRATE, [], ["yatai.bottle"] * len(chef["crate"])),  # its bottles lie face down
    ]
    out: list = []
    for key, head, room, said, pics in places:
        n = len(pics)
        out.append(item(f"stall:{key}", _filled(head, n, room, said), "", head, [f"{n}/{room}"], "", pics))
    menu = [words.dish(c) for c in chef["menu"]]
    if menu:
        pics = [f"yatai.{content().dishes[c]}" for c in chef["menu"]]
        out.append(item("stall:menu", f"{_('Menu')}: {', '.join(menu)}", "", _("Menu"), [], "", pics))
    lists = [  # shown when not empty
        (_("Sink"), [_times(words.dish(c), n) for c, n in chef["sink"].items() if n]),
        (_("Reviews"), reviews),
        (_("Seated guests"), [_times(words.guest(g), n) for g, n in seated.items()]),
        (_("Special tokens"), [_(words.TOKENS[t]) for t in chef["tokens"]]),
    ]
    return out + [f"{head}: {', '.join(items)}" for head, items in lists if items]


def _filled(head: str, n: int, room: int, items: list[str]) -> str:
    line = f"{head} {n}/{room}"
    return f"{line}: {', '.join(items)}" if items else line


def _times(what: str, n: int) -> str:
    return f"{what} ×{n}" if n > 1 else what


def control(a: dict, obs: dict, seat: int, names: list[str], label: str) -> dict:
    """What a choice off the grid is touched as: the picture of what it is about (the
    board space's bonus, the review, the dish, the bottle, the guest), with the rules' words."""
    kind = a["type"]
    pic = {
        "review": "yatai.review",
        "penalty": "yatai.review",
        "menu": f"yatai.{content().dishes[a['dish']]}" if kind == "menu" else "",
        "bottle": "yatai.bottle",
        "offer_drink": "yatai.drink",
        "pick": _guest_pic(a["guest"]) if kind == "pick" else "",
    }.get(kind, "")
    return drawn_control(a, label, pic)
