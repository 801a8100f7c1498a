"""Loading content files (cards, tokens, boards) with a schema check.

Content lives in TOML files under `assets/`. A broken file must say which file,
which entry and what is wrong, so `load_entries` checks every entry against a
small schema: a dict of field name to `Field`. Each schema becomes a msgspec
Struct (game/schema.py: the one schema library of the arcade), which checks the
types, the required and the unknown fields; a `Field`'s own `check` (a range,
one of some values) runs on what passed. TOML keeps the reason for each design
choice next to the data, as comments.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any, Union

import msgspec

from .. import resources, schema

ASSETS = resources.root()  # assets/, as installed (see game/resources.py)


class DataError(ValueError):
    """A content file that cannot be used; the message names file, entry and problem."""


@dataclass(frozen=True)
class Field:
    kind: type | tuple[type, ...]
    required: bool = True
    check: Callable[[Any], bool] | None = None
    rule: str = ""  # what `check` demands, for the message
    default: Any = None

    @property
    def kinds(self) -> tuple[type, ...]:
        return self.kind if isinstance(self.kind, tuple) else (self.kind,)


def one_of(*values) -> Field:
    return Field(str, check=lambda v: v in values, rule=f"one of {', '.join(map(str, values))}")


def int_range(lo: int, hi: int, required: bool = True, default: int | None = None) -> Field:
    return Field(int, required, lambda v: lo <= v <= hi, f"between {lo} and {hi}", default)


def read_toml(path: Traversable) -> dict:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from exc
    try:
        return schema.parse_toml(text, str(path))
    except schema.SchemaError as exc:
        raise DataError(str(exc)) from exc


@functools.cache
def _struct(fields: tuple[tuple[str, tuple[type, ...], bool], ...]) -> type[msgspec.Struct]:
    """The msgspec Struct of a schema's (name, kinds, required), made once; a
    field left out is UNSET (its default is the `Field`'s, filled in after)."""
    spec: list[tuple[str, Any, Any]] = []
    for name, kinds, required in fields:
        kind = Union[kinds] if len(kinds) > 1 else kinds[0]  # noqa: UP007 (a tuple of types)
        spec.append((name, kind, msgspec.NODEFAULT) if required else (name, kind | msgspec.UnsetType, msgspec.UNSET))
    return msgspec.defstruct("Entry", spec, kw_only=True, forbid_unknown_fields=True)


def check_entry(path: Traversable, where: str, entry: Any, schema: dict[str, Field]) -> dict:
    shape = tuple((name, field.kinds, field.required) for name, field in schema.items())
    try:
        checked = msgspec.convert(entry, _struct(shape), strict=True)
    except (msgspec.ValidationError, RecursionError) as exc:
        raise DataError(f"{path}: {where}: {_problem(exc, entry, schema)}") from exc
    out = {}
    for name, field in schema.items():
        value = getattr(checked, name)
        if value is msgspec.UNSET:
            out[name] = field.default
            continue
        if field.check is not None and not field.check(value):
            raise DataError(f"{path}: {where}: field '{name}' must be {field.rule}, found {value!r}")
        out[name] = value
    return out


def _problem(exc: BaseException, entry: Any, fields: dict[str, Field]) -> str:
    """msgspec's error in the words of the content files' messages."""
    if isinstance(exc, RecursionError):
        return "nested too deep to read"
    message = str(exc)
    if not isinstance(entry, dict):
        return f"expected a table, found {type(entry).__name__}"
    if m := re.search(r"missing required field `([^`]*)`", message):
        return f"missing field '{m.group(1)}'"
    if re.search(r"unknown field `", message):
        return f"unknown field(s) {', '.join(sorted(set(entry) - set(fields)))}"
    if (m := re.search(r" - at `\$\.([^.\[`]+)", message)) and m.group(1) in fields:
        name = m.group(1)
        names = " or ".join(k.__name__ for k in fields[name].kinds)
        return f"field '{name}' must be {names}, found {entry[name]!r}"
    return message


def load_entries(path: Traversable, table: str, schema: dict[str, Field], key: str = "id") -> list[dict]:
    """The entries of `[[table]]` in a TOML file, each checked; `key` must be unique."""
    doc = read_toml(path)
    entries = doc.get(table)
    if not isinstance(entries, list) or not entries:
        raise DataError(f"{path}: needs a non-empty list of [[{table}]] entries")
    out, seen = [], set()
    for i, raw in enumerate(entries):
        label = raw.get(key) if isinstance(raw, dict) else None
        where = f"[[{table}]] #{i + 1}" + (f" ({label})" if label is not None else "")
        entry = check_entry(path, where, raw, schema)
        if key in entry and entry[key] is not None:
            if entry[key] in seen:
                raise DataError(f"{path}: {where}: duplicate {key} {entry[key]!r}")
            seen.add(entry[key])
        out.append(entry)
    return out
