"""Loading content files (cards, tokens, boards) with a schema check.

Content lives in TOML files under `assets/`. A broken file must say which file,
which entry and what is wrong, so `load_entries` checks every entry against a
small schema: a dict of field name to `Field`. TOML keeps the reason for each
design choice next to the data, as comments.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any

from .. import resources

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


def one_of(*values) -> Field:
    return Field(str, check=lambda v: v in values, rule=f"one of {', '.join(map(str, values))}")


def int_range(lo: int, hi: int, required: bool = True, default: int | None = None) -> Field:
    return Field(int, required, lambda v: lo <= v <= hi, f"between {lo} and {hi}", default)


def read_toml(path: Traversable) -> dict:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except OSError as exc:
        raise DataError(f"{path}: cannot read ({exc.strerror})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from exc


def check_entry(path: Traversable, where: str, entry: Any, schema: dict[str, Field]) -> dict:
    if not isinstance(entry, dict):
        raise DataError(f"{path}: {where}: expected a table, found {type(entry).__name__}")
    unknown = set(entry) - set(schema)
    if unknown:
        raise DataError(f"{path}: {where}: unknown field(s) {', '.join(sorted(unknown))}")
    out = {}
    for name, field in schema.items():
        if name not in entry:
            if field.required:
                raise DataError(f"{path}: {where}: missing field '{name}'")
            out[name] = field.default
            continue
        value = entry[name]
        kinds = field.kind if isinstance(field.kind, tuple) else (field.kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            names = " or ".join(k.__name__ for k in kinds)
            raise DataError(f"{path}: {where}: field '{name}' must be {names}, found {value!r}")
        if field.check is not None and not field.check(value):
            raise DataError(f"{path}: {where}: field '{name}' must be {field.rule}, found {value!r}")
        out[name] = value
    return out


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
