"""Reading an action's fields: every action is untrusted JSON.

Actions come from keyboards and bots today and from phones' WebSockets soon, so a
game reads each field through these helpers: a missing field, a field of the
wrong type (a bool is not a number, 1.5 is not a seat), a number out of range or
a field the move does not take is an `IllegalAction` naming the rule, never a
`TypeError` or an `IndexError` deep in the rules. The shared kit feeds every
game malformed actions and fails on anything else. A refusal shows the player's
value through `shown` (reprlib): bounded, whatever the value holds. The words of a
refusal are made only when it refuses: every action of every game (and of every bot's
search) goes through these helpers, and formatting `shown` each time was a fifth of
We Will Wok You's apply.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, TypeGuard

from .state import IllegalAction, shown

_MISSING = object()


def is_int(value: Any) -> TypeGuard[int]:
    """A JSON integer: `True` is a bool, not a 1."""
    return isinstance(value, int) and not isinstance(value, bool)


def fields(
    action: dict, required: Collection[str] = (), optional: Collection[str] = (), rule: str = "action-fields"
) -> None:
    """The action has every `required` field and nothing beyond `type`,
    `required` and `optional`."""
    missing = [k for k in required if k not in action]
    if missing:
        raise IllegalAction(rule, f"{shown(action.get('type'))} needs {', '.join(missing)}")
    extra = [k for k in action if k != "type" and k not in required and k not in optional]
    if extra:
        extra.sort(key=str)
        raise IllegalAction(rule, f"{shown(action.get('type'))} takes no {', '.join(map(shown, extra))}")


def int_field(
    action: dict,
    key: str,
    lo: int | None = None,
    hi: int | None = None,
    rule: str | None = None,
    default: Any = _MISSING,
) -> int:
    """The whole number in `action[key]`, from `lo` to `hi` inclusive (either may
    be None: unbounded); `default` if the field may be left out."""
    value = action.get(key, default)
    ok = is_int(value) and (lo is None or value >= lo) and (hi is None or value <= hi)
    if not ok:
        span = f" from {lo}" if lo is not None else ""
        span += f" to {hi}" if hi is not None else ""
        raise IllegalAction(rule or f"{key}-number", f"{key} must be a whole number{span}, not {shown(value)}")
    return value


def str_field(action: dict, key: str, choices: Collection[str] | None = None, rule: str | None = None) -> str:
    """The string in `action[key]`, one of `choices` if given."""
    value: Any = action.get(key)
    ok = isinstance(value, str) and (choices is None or value in choices)
    if not ok:
        raise IllegalAction(rule or f"{key}-choice", f"{key} cannot be {shown(value)}")
    return value


def int_list(
    action: dict, key: str, lo: int | None = None, hi: int | None = None, rule: str | None = None, max_len: int = 64
) -> list[int]:
    """A list of whole numbers, each from `lo` to `hi`, at most `max_len` long."""
    value: Any = action.get(key)
    ok = (
        isinstance(value, list)
        and len(value) <= max_len
        and all(is_int(v) and (lo is None or v >= lo) and (hi is None or v <= hi) for v in value)
    )
    if not ok:
        raise IllegalAction(rule or f"{key}-numbers", f"{key} must be a list of whole numbers, not {shown(value)}")
    return value


def str_list(action: dict, key: str, rule: str | None = None, max_len: int = 64) -> list[str]:
    value: Any = action.get(key)
    ok = isinstance(value, list) and len(value) <= max_len and all(isinstance(v, str) for v in value)
    if not ok:
        raise IllegalAction(rule or f"{key}-names", f"{key} must be a list of names, not {shown(value)}")
    return value
