"""The move history in words, as the table tells it: the live table (the app's
Session) and the replay theatre keep it by the same rule.

Each move is one line (the rules' `describe`). A step of a choice made a card at a
time (`GameState.choice_steps`) shares one line ("Ana is choosing cards to play"),
which the seat's next move, the finished choice, replaces: put last, where other
seats moved meanwhile, as in a simultaneous choice. A step of a choice made in secret
(`secret_step`) is told nothing: its line has no text.
"""

from __future__ import annotations

from .state import GameState


def line(state: GameState, seat: int, action, names: list[str]) -> dict:
    """The line of `action`, just applied to `state`: {"seat", "text", "step"}."""
    if state.secret_step(seat, action):
        return {"seat": seat, "text": "", "step": False}
    return {"seat": seat, "text": state.describe(seat, action, names), "step": action["type"] in state.choice_steps}


class History:
    """The lines told so far, one move at a time."""

    def __init__(self) -> None:
        self.lines: list[dict] = []
        self._open: dict[int, dict] = {}  # seat -> its line of a choice still being made

    def tell(self, state: GameState, seat: int, action, names: list[str]) -> None:
        """Tell `action`, just applied to `state`."""
        self.add(line(state, seat, action, names))

    def add(self, told: dict) -> None:
        if not told["text"]:
            return
        stale = self._open.pop(told["seat"], None)
        if stale is not None:
            del self.lines[next(i for i, old in enumerate(self.lines) if old is stale)]
        self.lines.append(told)
        if told["step"]:
            self._open[told["seat"]] = told


def told(lines: list[dict]) -> list[dict]:
    """The history of the moves whose `line`s these are, in order."""
    history = History()
    for each in lines:
        history.add(each)
    return history.lines
