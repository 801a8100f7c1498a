"""Yatai content: components, action tiles, reputation board and tracks from assets/yatai/.

Every file is schema-checked by `game.engine.data`; on top of that the cross
checks of this game (the board covers its grid once, red spaces lie on its edge,
review spaces name known reviews, the table covers 2-4 seats) fail with the file,
entry and problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib.resources.abc import Traversable

from game.engine.data import ASSETS, DataError, Field, check_entry, int_range, load_entries, one_of, read_toml

FOLDER = ASSETS / "yatai"
ACTIONS = ("customers", "cook", "drinks", "recycle", "serve")
BONUSES = ("menu", "fridge", "stove", "double", "influencer", "special", "review")
TILES = 10  # chapter 1: "10 tessere azione"
SEATS = (2, 3, 4)


def _str_list(value) -> bool:
    return all(isinstance(v, str) for v in value)


def _int_list(value) -> bool:
    return bool(value) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


COLOUR = {"id": Field(str), "dish": Field(str)}
PLAYERS = {
    "seats": int_range(2, 4),
    "dishes": int_range(1, 10),
    "drinks": int_range(1, 5),
    "customers": int_range(1, 10),
    "tourists": int_range(0, 5),
    "specials": int_range(0, 16),
}
SPECIAL = {
    "id": one_of("taiyaki", "doggy_bag", "garbage", "urgent_call"),
    "copies": int_range(1, 8),
    "back": int_range(0, 9),
}
TILE = {"id": Field(str), "action": one_of(*ACTIONS), "count": int_range(1, 2)}
SPACE = {
    "row": int_range(0, 9),
    "col": int_range(0, 9),
    "bonus": one_of(*BONUSES),
    "reviews": Field(list, required=False, check=_str_list, rule="a list of review ids", default=[]),
    "red": Field(bool, required=False, default=False),
}
BOARD = {"rows": int_range(2, 9), "cols": int_range(2, 9)}
TRACK = {"lowest": int_range(-9, 0), "points": Field(list, check=_int_list, rule="a list of whole numbers")}
INFLUENCER = {"stars": Field(list, check=_int_list, rule="a list of whole numbers")}


@dataclass(frozen=True)
class Content:
    colours: list[str]  # red, blue, green, yellow
    dishes: dict[str, str]  # colour -> dish id
    players: dict[int, dict]  # seats -> the rulebook's table row
    specials: dict[str, dict]  # kind -> {copies, back}
    tiles: list[dict]  # index = tile number
    rows: int
    cols: int
    spaces: list[dict]  # index = row * cols + col; each with "edge" added
    reviews: list[str]
    lowest: int  # the review track's leftmost column
    points: list[int]  # points[i]: the column lowest + i
    stars: list[int]  # the influencer track, after its start

    @property
    def highest(self) -> int:
        return self.lowest + len(self.points) - 1

    def review_points(self, column: int) -> int:
        return self.points[column - self.lowest]

    def neighbours(self, space: int) -> list[int]:
        """The spaces orthogonally next to `space` (above, below, left, right)."""
        return self.adjacent[space]

    @cached_property
    def adjacent(self) -> list[list[int]]:
        """Each space's neighbours, computed once (the bots ask very often)."""
        out = []
        for space in range(self.rows * self.cols):
            r, c = divmod(space, self.cols)
            near = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            out.append([y * self.cols + x for y, x in near if 0 <= y < self.rows and 0 <= x < self.cols])
        return out


def _table(path: Traversable, name: str, schema: dict) -> dict:
    return check_entry(path, f"[{name}]", read_toml(path).get(name), schema)


def _board(path: Traversable, reviews: list[str]) -> tuple[int, int, list[dict]]:
    size = _table(path, "board", BOARD)
    rows, cols = size["rows"], size["cols"]
    grid: list[dict | None] = [None] * (rows * cols)
    for space in load_entries(path, "space", SPACE, key="_none"):
        where = f"{path}: space at row {space['row']} col {space['col']}"
        if space["row"] >= rows or space["col"] >= cols:
            raise DataError(f"{where}: outside the {rows}x{cols} board")
        index = space["row"] * cols + space["col"]
        if grid[index] is not None:
            raise DataError(f"{where}: listed twice")
        edge = space["row"] in (0, rows - 1) or space["col"] in (0, cols - 1)
        if space["red"] and not edge:
            raise DataError(f"{where}: a red space must lie on the edge (it only limits a first guest)")
        wanted = space["bonus"] == "review"
        if wanted != bool(space["reviews"]) or len(space["reviews"]) > 2:
            raise DataError(f"{where}: a review space names one or two reviews, other spaces none")
        unknown = [r for r in space["reviews"] if r not in reviews]
        if unknown:
            raise DataError(f"{where}: unknown review(s) {', '.join(unknown)}")
        grid[index] = {"bonus": space["bonus"], "reviews": space["reviews"], "red": space["red"], "edge": edge}
    missing = [i for i, s in enumerate(grid) if s is None]
    if missing:
        raise DataError(f"{path}: no space listed at row {missing[0] // cols} col {missing[0] % cols}")
    return rows, cols, [s for s in grid if s is not None]


def load(folder: Traversable = FOLDER) -> Content:
    comp = folder / "components.toml"
    colours = load_entries(comp, "colour", COLOUR)
    if len(colours) != 4:
        raise DataError(f"{comp}: needs the four colours, has {len(colours)}")
    players = {p["seats"]: p for p in load_entries(comp, "players", PLAYERS, key="seats")}
    if sorted(players) != list(SEATS):
        raise DataError(f"{comp}: the table needs a row for 2, 3 and 4 players, has {sorted(players)}")
    specials = {s["id"]: s for s in load_entries(comp, "special", SPECIAL)}
    total = sum(s["copies"] for s in specials.values())
    for p in players.values():
        if p["specials"] > total:
            raise DataError(f"{comp}: {p['seats']} players use {p['specials']} special tokens of {total}")
    tiles_path = folder / "tiles.toml"
    tiles = load_entries(tiles_path, "tile", TILE)
    if len(tiles) != TILES:
        raise DataError(f"{tiles_path}: needs {TILES} action tiles, has {len(tiles)}")
    tracks = folder / "tracks.toml"
    reviews = [r["id"] for r in load_entries(tracks, "review", {"id": Field(str)})]
    track = _table(tracks, "track", TRACK)
    if not track["lowest"] <= 0 < track["lowest"] + len(track["points"]):
        raise DataError(f"{tracks}: [track] must contain the start column 0")
    stars = _table(tracks, "influencer", INFLUENCER)["stars"]
    rows, cols, spaces = _board(folder / "board.toml", reviews)
    return Content(
        colours=[c["id"] for c in colours],
        dishes={c["id"]: c["dish"] for c in colours},
        players=players,
        specials=specials,
        tiles=tiles,
        rows=rows,
        cols=cols,
        spaces=spaces,
        reviews=reviews,
        lowest=track["lowest"],
        points=track["points"],
        stars=stars,
    )


@lru_cache(maxsize=1)
def content() -> Content:
    """The game's content, loaded once."""
    return load()
