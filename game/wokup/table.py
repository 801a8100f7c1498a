"""The simulated table (pymunk, no pygame): throws fly, flip, land, slide and settle.

Top-down 2D rigid bodies for the sliding and the knocks between tokens; the
third dimension of a throw is modelled here: each flying token has a height z
(ballistic) and a flip angle phi about a horizontal axis (phi = 0: front up).
While a token is in the air it collides with nothing. Each impact on the table
bounces it (vertical speed x `bounce`), brakes it (`keep_horizontal`) and
changes its flip: the spin is damped and an edge-first landing kicks it, so a
token may turn over again on landing. Once a bounce is too weak to leave the
table, the face whose side the token leans to ends up, and it slides with
Coulomb friction, pushing tokens already there. Cards and dividers are flat
sensors: tokens slide over them. A token whose centre leaves the table falls
off it.

Seeded and deterministic: same layout, same throws, same rng -> same result.
The rules never re-run this: a throw's outcome is logged (`outcome`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from game.engine.rng import Rng

from . import data, geometry

_GROUND = pymunk.ShapeFilter(categories=1, mask=1)
_AIR = pymunk.ShapeFilter(categories=2, mask=0)  # above the table: touches nothing
_SENSOR = pymunk.ShapeFilter(categories=4, mask=0)


@dataclass
class Token:
    id: str
    body: pymunk.Body
    shape: pymunk.Circle
    z: float = 0.0  # height above the table, mm
    vz: float = 0.0
    phi: float = 0.0  # flip angle; cos(phi) > 0 means the front is up
    wphi: float = 0.0  # flip rate, rad/s
    airborne: bool = False
    off: bool = False  # fell off the table
    moved: bool = False  # thrown or pushed since load(): part of the outcome

    @property
    def face(self) -> int:
        return 0 if math.cos(self.phi) >= 0 else 1


class Table:
    def __init__(self, spec: data.TableSpec | None = None) -> None:
        self.spec = spec or data.table()
        self.dt = 1.0 / self.spec.physics["step_hz"]
        self.tokens: dict[str, Token] = {}
        self.time = 0.0  # s since the last throw
        self.impacts = 0  # tokens that touched the table, ever
        self.space = pymunk.Space()
        self.space.iterations = 12
        self._add_sensors()

    def _add_sensors(self) -> None:
        wok = geometry.wok()
        for rect in wok.cards + wok.dividers:
            shape = pymunk.Poly(self.space.static_body, rect.corners())
            shape.sensor = True
            shape.filter = _SENSOR
            self.space.add(shape)

    # ---- placing ----------------------------------------------------------
    def _make(self, tid: str, x: float, y: float, angle: float) -> Token:
        r = self.spec.token["radius"]
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, r))
        body.position = (x, y)
        body.angle = angle
        shape = pymunk.Circle(body, r)
        shape.elasticity = self.spec.slide["elasticity"]
        shape.friction = self.spec.slide["token_friction"]
        shape.filter = _GROUND
        self.space.add(body, shape)
        tok = Token(tid, body, shape)
        self.tokens[tid] = tok
        return tok

    def clear(self) -> None:
        for tok in self.tokens.values():
            if not tok.off:
                self.space.remove(tok.body, tok.shape)
        self.tokens = {}

    def load(self, lying: list[dict]) -> None:
        """Put the table as the rules know it: settled tokens {"id","x","y","face","a","off"}."""
        self.clear()
        for t in sorted(lying, key=lambda t: t["id"]):
            tok = self._make(t["id"], t["x"], t["y"], math.radians(t["a"]))
            tok.phi = math.pi * t["face"]
            if t["off"]:
                self._fall_off(tok)
        self.time = 0.0

    def throw(self, throws: list[tuple[int, str]], num_seats: int, rng: Rng) -> None:
        """Each (seat, token) leaves that seat's hand toward the wok at once (the signal)."""
        th, g = self.spec.throw, self.spec.throw["gravity"]
        for seat, tid in throws:
            hx, hy = self.spec.seats[num_seats][seat]
            dist = math.hypot(hx, hy)
            # Aim a little short of the middle along the line of the throw, with a human's spread.
            ax = hx / dist * th["aim_short"] + rng.gauss(0, th["spread"])
            ay = hy / dist * th["aim_short"] + rng.gauss(0, th["spread"])
            flight = rng.uniform(*th["flight_time"])
            tok = self._make(tid, hx, hy, rng.uniform(0, 2 * math.pi))
            tok.body.velocity = ((ax - hx) / flight, (ay - hy) / flight)
            tok.body.angular_velocity = rng.uniform(-th["spin"], th["spin"])
            tok.z = th["release_height"]
            tok.vz = (g * flight * flight / 2 - tok.z) / flight
            tok.phi = math.pi * rng.randrange(2)  # nobody looks at the pile: either face may be on top
            tok.wphi = 2 * math.pi * rng.uniform(*th["flips_per_second"]) * (1 if rng.randrange(2) else -1)
            tok.airborne = tok.moved = True
            tok.shape.filter = _AIR
        self.time = 0.0

    # ---- running ----------------------------------------------------------
    def step(self) -> None:
        """One fixed step of 1/step_hz s."""
        dt, g = self.dt, self.spec.throw["gravity"]
        friction = self.spec.slide["friction"] * g * dt
        spin_keep = math.exp(-self.spec.slide["spin_decay"] * dt)
        rest = self.spec.slide["rest_speed"]
        for tok in self.tokens.values():
            if tok.off:
                continue
            body = tok.body
            if tok.airborne:
                tok.z += tok.vz * dt
                tok.vz -= g * dt
                tok.phi += tok.wphi * dt
                if tok.z <= 0 and tok.vz < 0:
                    self._impact(tok)
                continue
            self._settle_flip(tok, dt)
            vx, vy = body.velocity
            speed = math.hypot(vx, vy)
            if speed > 0:
                tok.moved = True
                keep = 0.0 if speed <= max(friction, rest * 0.5) else 1 - friction / speed
                body.velocity = (vx * keep, vy * keep)
            body.angular_velocity = body.angular_velocity * spin_keep if speed > rest else 0.0
        self.space.step(dt)
        w, h = self.spec.table["width"] / 2, self.spec.table["height"] / 2
        for tok in self.tokens.values():
            x, y = tok.body.position
            if not tok.off and not tok.airborne and (abs(x) > w or abs(y) > h):
                self._fall_off(tok)
        self.time += dt

    def _impact(self, tok: Token) -> None:
        self.impacts += 1  # the scene's "token_land" sound counts these
        land = self.spec.landing
        impact = -tok.vz
        tilt = abs(math.sin(tok.phi))  # 0 flat, 1 edge-on
        spin = math.copysign(1.0, tok.wphi)
        tok.wphi = spin * (abs(tok.wphi) * land["flip_keep"] + land["flip_kick"] * impact * tilt)
        tok.z = 0.0
        tok.vz = land["bounce"] * impact
        vx, vy = tok.body.velocity
        tok.body.velocity = (vx * land["keep_horizontal"], vy * land["keep_horizontal"])
        w, h = self.spec.table["width"] / 2, self.spec.table["height"] / 2
        x, y = tok.body.position
        if abs(x) > w or abs(y) > h:
            self._fall_off(tok)
        elif tok.vz < land["rest_speed"]:
            tok.airborne = False  # too weak to leave the table again: it lies on the side it leans to
            tok.vz = 0.0
            tok.shape.filter = _GROUND

    def _settle_flip(self, tok: Token, dt: float) -> None:
        """A landed token falls flat onto the face it leans to (a quick visual tilt-down)."""
        target = math.pi * round(tok.phi / math.pi)
        diff = target - tok.phi
        tok.wphi = 0.0
        tok.phi = target if abs(diff) < 0.02 else tok.phi + diff * min(1.0, 25 * dt)

    def _fall_off(self, tok: Token) -> None:
        if not tok.off:
            self.space.remove(tok.body, tok.shape)
        tok.off = tok.moved = True
        tok.airborne = False
        tok.z = 0.0
        tok.phi = math.pi * round(tok.phi / math.pi)

    def settled(self) -> bool:
        rest = self.spec.slide["rest_speed"]
        return self.time >= self.spec.physics["max_settle"] or all(
            tok.off
            or (
                not tok.airborne
                and tok.body.velocity.length <= rest
                and abs(tok.phi - math.pi * round(tok.phi / math.pi)) < 1e-9
            )
            for tok in self.tokens.values()
        )

    def run_to_rest(self) -> float:
        """Step until everything lies still; the seconds of game time it took."""
        while not self.settled():
            self.step()
        return self.time

    # ---- reading -----------------------------------------------------------
    def outcome(self) -> list[dict]:
        """The settle action's tokens: every token thrown or moved, rounded to 0.1 mm."""
        out = []
        for tid in sorted(self.tokens):
            tok = self.tokens[tid]
            if tok.moved:
                x, y = tok.body.position
                out.append(
                    {
                        "id": tid,
                        "x": round(x, 1),
                        "y": round(y, 1),
                        "face": tok.face,
                        "a": round(math.degrees(tok.body.angle)) % 360,
                        "off": tok.off,
                    }
                )
        return out

    def snapshot(self) -> list[dict]:
        """Everything a scene draws: position, height, flip and turn of each token."""
        return [
            {
                "id": tok.id,
                "x": tok.body.position.x,
                "y": tok.body.position.y,
                "z": tok.z,
                "phi": tok.phi,
                "angle": tok.body.angle,
                "off": tok.off,
                "airborne": tok.airborne,
            }
            for tok in self.tokens.values()
        ]


def throw_rng(seed: int, log_length: int) -> Rng:
    """The rng of one throw: a function of the game's seed and its place in the game."""
    return Rng(seed * 1_000_003 + log_length * 7919 + 1)


def bench_step():
    """For `python -m game bench`: a callable doing one physics step with all 25 tokens
    moving (15 lying in and round the wok, 10 in the air)."""
    table = Table()
    rng = Rng(25)
    ids = [t.id for t in data.tokens()]
    table.load(
        [{"id": tid, "x": rng.gauss(0, 90), "y": rng.gauss(0, 90), "face": 0, "a": 0, "off": False} for tid in ids[:15]]
    )
    throws = [(i % 6, tid) for i, tid in enumerate(ids[15:])]

    def step():
        if table.settled():
            table.load(
                [
                    {"id": tid, "x": rng.gauss(0, 90), "y": rng.gauss(0, 90), "face": 0, "a": 0, "off": False}
                    for tid in ids[:15]
                ]
            )
            table.throw(throws, 6, rng)
        table.step()

    table.throw(throws, 6, rng)
    step.table = table  # type: ignore[attr-defined]  # what the bench moves, for its test
    return step
